"""Copy, from a vDiplomacy `variants/` folder, only the files the importer reads.

    python tests/data/webdip/vendor.py /path/to/vDiplomacy/variants

For each variant folder already here (or named on the command line after the
source): install.php, variant.php, the classes/*.php that variant.php's
variantClasses name, rules.html / rules.php, the interactive-map PNGs, and the
coloured maps the re-import tests pass with --colours. map.json (not a
webDiplomacy file) and cache/ are never copied. Run by hand; tests never fetch.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLOUR_MAPS = {"A_Modern_Europe": ["resources/map.png"],
               "Divided_States": ["resources/uslargecolormapbetaB.png"]}


def needed(root: Path, folder: str) -> list[str]:
    sys.path.insert(0, str(HERE.parents[2]))
    from generator.importers.webdip_variant import read_variant
    variant = read_variant(root, folder)
    files = ["install.php", "variant.php", "rules.html", "rules.php",
             "interactiveMap/IA_map.png", "interactiveMap/IA_smallmap.png"]
    files += [f"classes/{cls}.php" for cls, owner in variant.classes.items() if owner == folder]
    return files + COLOUR_MAPS.get(folder, [])


def main(argv: list[str]) -> int:
    root = Path(argv[0])
    folders = argv[1:] or sorted(p.name for p in HERE.iterdir() if p.is_dir())
    for folder in folders:
        for rel in needed(root, folder):
            src = root / folder / rel
            if src.is_file():
                dst = HERE / folder / rel
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
