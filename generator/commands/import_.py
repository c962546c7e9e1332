"""mapwright import webdiplomacy VARIANT_DIR -o content/<game> — import variant data.

The importer reads a webDiplomacy/vDiplomacy variant folder as data (install.php
is parsed as text, never run) and writes the game's map.yaml and geometry.yaml.
Re-running it with the same options reproduces the files byte for byte.
"""
from __future__ import annotations

from pathlib import Path

from .common import add_format, fail, report


def register(sub) -> None:
    p = sub.add_parser("import", help="import a map from another tool's variant data",
                       description="Import a variant from another tool's data files.")
    kinds = p.add_subparsers(dest="source", metavar="SOURCE")
    w = kinds.add_parser("webdiplomacy", help="a webDiplomacy/vDiplomacy variant folder",
                         description="Read install.php (as text), map.json (variant PHP facts: country names, "
                                     "start units, coloured neutral centres) and the interactive-map PNG; "
                                     "write map.yaml and geometry.yaml into the output folder.")
    w.add_argument("variant_dir", type=Path, help="the variant folder (holds install.php)")
    w.add_argument("-o", "--output", type=Path, required=True, help="game folder to write, e.g. content/<game>")
    w.add_argument("--custom-start", action="store_true",
                   help="the powers' start units are custom-start default builds (the game opens with builds)")
    w.add_argument("--colours", metavar="IMAGE",
                   help="coloured map image inside the variant folder to read power colours from")
    w.add_argument("--image", metavar="IMAGE", help="interactive map image (default: interactiveMap/IA_map.png)")
    w.add_argument("--tolerance", type=float, default=1.5, help="outline simplification tolerance in pixels")
    w.add_argument("--grow", type=int, default=4, help="pixels to grow territories into separator lines")
    w.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if the files in the output folder differ from a fresh import")
    add_format(w)
    w.set_defaults(func=run_webdiplomacy)
    p.set_defaults(func=lambda args: fail("name a source, e.g. `mapwright import webdiplomacy DIR -o OUT`", 2))


def run_webdiplomacy(args) -> int:
    from ..diagnostics import errors
    from ..importers.webdiplomacy import ImportOptions, import_variant, write_files
    if not args.variant_dir.is_dir():
        return fail(f"'{args.variant_dir}' is not a folder", 2)
    options = ImportOptions(custom_start=args.custom_start, colours=args.colours, image=args.image,
                            tolerance=args.tolerance, grow=args.grow)
    imported = import_variant(args.variant_dir, options)
    status = report(imported.diagnostics, args.format)
    if errors(imported.diagnostics):
        return 1
    if args.check:
        stale = [name for name, text in sorted(imported.files.items())
                 if not (args.output / name).is_file()
                 or (args.output / name).read_text(encoding="utf-8") != text]
        for name in stale:
            print(f"{args.output / name}: differs from a fresh import")
        return 1 if stale else status
    for path in write_files(imported, args.output):
        print(f"wrote {path}")
    return status
