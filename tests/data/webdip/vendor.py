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
    classes = [f"classes/{cls}.php" for cls, owner in variant.classes.items() if owner == folder]
    return files + classes + _included(root, folder, classes) + COLOUR_MAPS.get(folder, [])


def _included(root: Path, folder: str, classes: list[str]) -> list[str]:
    """The files of `folder` the class files include, and the files those include."""
    from generator.importers.webdip_classes import includes
    found: list[str] = []
    todo = list(classes)
    while todo:
        path = root / folder / todo.pop()
        if not path.is_file():
            continue
        for _, inc in includes(path.read_text(encoding="utf-8", errors="replace"), folder):
            rel = (inc or "").removeprefix(f"variants/{folder}/")
            if inc and rel != inc and rel not in found and rel not in classes and ".." not in rel:
                found.append(rel)
                todo.append(rel)
    return found


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
