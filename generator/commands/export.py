"""mapwright export webdiplomacy|dpjudge content/<game> -o TARGET — a game out for another engine.

The game is loaded and validated as for a build (overlay.yaml merged, rule
modules' borders derived); errors stop the export. The target must be outside the
content folder, and only what an earlier export wrote is replaced, unless --force
(generator/exporters/output.py, generator/writing.py).
"""
from __future__ import annotations

from pathlib import Path

from ..writing import Refused
from .common import add_force, add_format, examples, fail, game_path, report, write_refused
from .console import say


def register(sub) -> None:
    p = sub.add_parser("export", help="export a game for another engine (webDiplomacy, DPjudge)",
                       description="Export a Diplomacy-family game in another tool's format.",
                       epilog=examples("mapwright export webdiplomacy content/my-variant -o export/My_Variant",
                                       "mapwright export dpjudge content/my-variant -o export/my-variant.map"))
    kinds = p.add_subparsers(dest="target", metavar="FORMAT")
    w = kinds.add_parser("webdiplomacy", help="a webDiplomacy/vDiplomacy variant folder",
                         description="Write install.php, variant.php, classes/ and the map images "
                                     "(drawn from geometry.yaml) into a new or earlier-exported folder.",
                         epilog=examples("mapwright export webdiplomacy content/my-variant -o export/My_Variant",
                                         "mapwright export webdiplomacy content/my-variant -o export/x --name My_Variant"))
    w.add_argument("game", help="game folder or id, e.g. content/modern-europe")
    w.add_argument("-o", "--output", type=Path, required=True, help="variant folder to write (outside content/)")
    w.add_argument("--name", help="the variant's class name, which webDiplomacy expects to be its folder's "
                                  "name (default: the output folder's name, else one made from the game id)")
    add_force(w)
    add_format(w)
    w.set_defaults(func=run_webdiplomacy)
    d = kinds.add_parser("dpjudge", help="a DPjudge/MILA .map file",
                         description="Write the game's map, powers and start as one DPjudge .map file.",
                         epilog=examples("mapwright export dpjudge content/classic -o export/classic.map"))
    d.add_argument("game", help="game folder or id, e.g. content/classic")
    d.add_argument("-o", "--output", type=Path, required=True, help=".map file to write (outside content/)")
    add_force(d)
    add_format(d)
    d.set_defaults(func=run_dpjudge)
    p.set_defaults(func=lambda args: fail("name a format, e.g. `mapwright export webdiplomacy GAME -o DIR`", 2))


def _load(args):
    from .common import load_game
    fam, game = load_game(args.game)
    if fam is None:
        report(game, args.format)
        return None, None, 1
    if fam.name != "diplomacy":
        return None, None, fail(f"only Diplomacy-family games can be exported; {args.game} is {fam.name}", 2)
    return game, game_path(args.game), 0


def _content_dirs(game_dir: Path) -> list[Path]:
    return [Path("content"), game_dir.resolve().parent]


def run_webdiplomacy(args) -> int:
    import re

    from ..exporters.output import write_folder
    from ..exporters.webdiplomacy import export_variant, variant_name as export_variant_name
    class_name = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,60}")     # a PHP class name, as webDiplomacy wants
    if args.name is not None and not class_name.fullmatch(args.name):
        return fail("--name must be letters, digits and _ (a PHP class name), starting with a letter", 2)
    game, game_dir, status = _load(args)
    if game is None:
        return status
    # webDiplomacy finds a variant's classes under variants/<name>/: the folder is the name
    folder = args.output.resolve().name
    if args.name is None and not class_name.fullmatch(folder):
        suggested = export_variant_name(folder)
        return fail(f"-o {args.output}: webDiplomacy finds a variant in variants/<its name>/, and "
                    f"'{folder[:60]}' cannot be a variant's name (a PHP class name: letters, digits and _); "
                    f"name the folder e.g. {args.output.parent / suggested}, or pass --name and rename the "
                    "folder to it before installing", 2)
    name = args.name or folder
    exported = export_variant(game, f"{game_dir.as_posix()}/game.yaml", name)
    try:
        written = write_folder(args.output, exported.files, _content_dirs(game_dir), force=args.force)
    except (Refused, OSError) as exc:
        return write_refused(exc, args.output, exported.diagnostics, args.format)
    status = report(exported.diagnostics, args.format)
    say(f"wrote {len(written)} files into {args.output}")
    return status


def run_dpjudge(args) -> int:
    from ..exporters.dpjudge import export_map
    from ..exporters.output import write_file
    game, game_dir, status = _load(args)
    if game is None:
        return status
    exported = export_map(game, f"{game_dir.as_posix()}/game.yaml",
                          f"mapwright export dpjudge {game_dir.as_posix()}")
    try:
        path = write_file(args.output, exported.files["map"], _content_dirs(game_dir), force=args.force)
    except (Refused, OSError) as exc:
        return write_refused(exc, args.output, exported.diagnostics, args.format)
    status = report(exported.diagnostics, args.format)
    say(f"wrote {path}")
    return status
