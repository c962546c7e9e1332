"""`mapwright import dpjudge FILE.map -o content/<game>`: a DPjudge/MILA map file in as a game.

Registered by import_.py as one more source of `mapwright import` (this module has
no top-level `register`, so it adds no command of its own).
"""
from __future__ import annotations

from pathlib import Path

from ..game import game_name_hint
from ..progress import step
from .common import add_force, add_format, examples, fail, report, write_refused
from .console import say


def register_source(kinds) -> None:
    p = kinds.add_parser("dpjudge", help="a DPjudge/MILA .map file",
                         description="Read a DPjudge .map file (and the maps it builds on with MAP/USE) and, "
                                     "where found, the jDip SVG map of the same name; write map.yaml and "
                                     "geometry.yaml into the output folder, and game.yaml and a rules page "
                                     "when it has none yet (they are yours to edit afterwards). An existing "
                                     "map.yaml or geometry.yaml that the importer did not write is kept unless "
                                     "--force.",
                         epilog=examples("mapwright import dpjudge maps/my-variant.map -o content/my-variant",
                                         "mapwright import dpjudge maps/standard.map --svg svg/standard.svg "
                                         "-o content/standard"))
    p.add_argument("map_file", type=Path, help="the .map file")
    p.add_argument("-o", "--output", type=Path, required=True, help="game folder to write, e.g. content/<game>")
    p.add_argument("--svg", type=Path, help="jDip SVG map to read outlines from (default: <root map>.svg "
                                            "beside the .map file, in svg/ beside it, or in ../svg/)")
    add_force(p)
    add_format(p)
    p.set_defaults(func=run, progress=True)


def run(args) -> int:
    from ..diagnostics import errors
    from ..importers.dpjudge import import_map, write_files
    from ..writing import Refused
    if not args.map_file.is_file():
        return fail(f"'{args.map_file}' is not a file", 2)
    if args.svg is not None and not args.svg.is_file():
        return fail(f"--svg '{args.svg}' is not a file", 2)
    out = args.output
    if out.exists() and not out.is_dir():
        return fail(f"'{out}' exists and is not a folder", 2)
    if hint := game_name_hint(out.resolve().name):
        return fail(f"-o {out}: the game folder's name becomes part of the site's address; {hint}", 2)
    step("reading %s", args.map_file.name)
    imported = import_map(args.map_file, args.svg, game_id=out.resolve().name)
    status = report(imported.diagnostics, args.format)
    if errors(imported.diagnostics) or not imported.files:
        return 1
    try:
        written = write_files(imported, out, force=args.force)
    except (Refused, OSError) as exc:     # a hand-written map.yaml, a link, an unwritable folder
        return write_refused(exc, out, fmt=args.format)
    for path in written:
        say(f"wrote {path}")
    return status
