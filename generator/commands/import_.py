"""mapwright import webdiplomacy VARIANT_DIR -o content/<game> — import variant data.

The importer reads a webDiplomacy/vDiplomacy variant folder as data (install.php,
variant.php and classes/*.php are read as text, never run) and writes the game's
map.yaml and geometry.yaml (replacing only an earlier import's, unless --force:
generator/writing.py), plus game.yaml and a rules page when the folder has none yet; with --geometry-only --ids-from MAP it writes only geometry.yaml, keyed
by the ids of an existing map.yaml (territories matched by name).
Re-running it with the same options reproduces map.yaml and geometry.yaml byte for byte.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..families.diplomacy.rules import import_options
from ..game import game_name_hint
from ..progress import step
from .common import add_force, add_format, examples, fail, report, write_refused
from .console import clear_status, say


def register(sub) -> None:
    p = sub.add_parser("import", help="import a map from another tool's variant data",
                       description="Import a variant from another tool's data files.",
                       epilog=examples("mapwright import webdiplomacy path/to/variants/MyVariant -o content/my-variant",
                                       "mapwright import dpjudge path/to/my-variant.map -o content/my-variant"))
    kinds = p.add_subparsers(dest="source", metavar="SOURCE")
    w = kinds.add_parser("webdiplomacy", help="a webDiplomacy/vDiplomacy variant folder",
                         description="Read install.php, variant.php and classes/*.php (as text, never run), the "
                                     "rules page and the interactive-map PNG; write map.yaml and geometry.yaml "
                                     "into the output folder, and game.yaml and rules/01-rules.md when it has "
                                     "none yet (they are yours to edit afterwards). An existing map.yaml or "
                                     "geometry.yaml that the importer did not write is kept unless --force.",
                         epilog=examples("mapwright import webdiplomacy variants/MyVariant -o content/my-variant",
                                         "mapwright import webdiplomacy variants/Classic --geometry-only "
                                         "--ids-from content/classic/map.yaml -o content/classic"))
    w.add_argument("variant_dir", type=Path, help="the variant folder (holds install.php)")
    w.add_argument("-o", "--output", type=Path, required=True, help="game folder to write, e.g. content/<game>")
    for flag, (_, help_text) in sorted(import_options().items()):    # the rule modules' own flags
        w.add_argument(f"--{flag}", action="store_true", dest=_dest(flag), help=help_text)
    w.add_argument("--colours", metavar="IMAGE",
                   help="coloured map image inside the variant folder to read power colours from")
    w.add_argument("--image", metavar="IMAGE", help="interactive map image (default: interactiveMap/IA_map.png)")
    w.add_argument("--tolerance", type=float, default=1.5, help="outline simplification tolerance in pixels")
    w.add_argument("--grow", type=int, default=4, help="pixels to grow territories into separator lines")
    w.add_argument("--geometry-only", action="store_true",
                   help="write geometry.yaml only (outlines for a map.yaml that already exists)")
    w.add_argument("--ids-from", metavar="MAP_YAML",
                   help="key the geometry by this map.yaml's province ids, matching territories by name, "
                        "alias or id (needs --geometry-only); recorded in the file header as given")
    w.add_argument("--seed", action="append", default=[], metavar="ID=X,Y",
                   help="trace a province the variant does not define (e.g. an impassable area) at this "
                        "pixel of the image; repeatable (needs --ids-from)")
    w.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if map.yaml or geometry.yaml in the output folder differ from "
                        "a fresh import")
    add_force(w)
    add_format(w)
    w.set_defaults(func=run_webdiplomacy, progress=True)
    from .import_dpjudge import register_source
    register_source(kinds)
    p.set_defaults(func=lambda args: fail("name a source, e.g. `mapwright import webdiplomacy DIR -o OUT`", 2))


def _dest(flag: str) -> str:
    """Where argparse keeps a rule module's flag (apart from the command's own options)."""
    return "rule_" + flag.replace("-", "_")


def run_webdiplomacy(args) -> int:
    import yaml

    from ..diagnostics import errors
    from ..importers.id_map import load_id_map
    from ..importers.webdiplomacy import ImportOptions, import_variant, parse_seed, write_files
    from ..writing import Refused
    if not args.variant_dir.is_dir():
        return fail(f"'{args.variant_dir}' is not a folder", 2)
    args.variant_dir = args.variant_dir.resolve()
    if args.output.exists() and not args.output.is_dir():
        return fail(f"-o {args.output} is a file; name the game folder to write", 2)
    if hint := game_name_hint(args.output.resolve().name):
        return fail(f"-o {args.output}: the game folder's name becomes part of the site's address; {hint}", 2)
    if args.ids_from and not args.geometry_only:
        return fail("--ids-from only works with --geometry-only (map.yaml keeps its own ids)", 2)
    if args.seed and not args.ids_from:
        return fail("--seed needs --ids-from (the seeded id must be a province of that map)", 2)
    if args.ids_from and not Path(args.ids_from).is_file():
        return fail(f"'{args.ids_from}' is not a file", 2)
    bad = [seed for seed in args.seed if parse_seed(seed) is None]
    if bad:
        return fail(f"--seed {bad[0]}: write ID=X,Y with pixel coordinates, e.g. SWI=228,255", 2)
    flags = tuple(flag for flag in sorted(import_options()) if getattr(args, _dest(flag), False))
    options = ImportOptions(rule_options=flags, colours=args.colours, image=args.image,
                            tolerance=args.tolerance, grow=args.grow, geometry_only=args.geometry_only,
                            ids_from=_shown_path(Path(args.ids_from)) if args.ids_from else None,
                            seeds=tuple(args.seed))
    id_map = None
    if args.ids_from:
        try:
            id_map = load_id_map(Path(args.ids_from))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            return fail(f"cannot read --ids-from {args.ids_from} as a map.yaml: {exc}", 2)
    step("reading %s", args.variant_dir.name)
    imported = import_variant(args.variant_dir, options, id_map)
    status = report(imported.diagnostics, args.format)
    if errors(imported.diagnostics):
        return 1
    if args.check:
        stale = [name for name, text in sorted(imported.files.items())
                 if not (args.output / name).is_file()
                 or (args.output / name).read_text(encoding="utf-8") != text]
        if stale:
            clear_status()
        for name in stale:
            print(f"{args.output / name}: differs from a fresh import", file=sys.stderr)
        return 1 if stale else status
    try:
        written = write_files(imported, args.output, force=args.force)
    except (Refused, OSError) as exc:
        return write_refused(exc, args.output, fmt=args.format)
    for path in written:
        say(f"wrote {path}")
    for line in summary(imported.game):
        say(line)
    return status


def summary(game: dict) -> list[str]:
    """What the import made of the variant's rules: the modules that play them, and whether
    the game is complete (the warnings above say what is not modelled, and where)."""
    if not game:
        return []
    modules = sorted(game.get("rules") or {})
    lines = [f"rules played by modules: {', '.join(modules)}" if modules
             else "rules played by modules: none (the standard rules)"]
    if game.get("status") == "partial":
        lines.append("status: partial (the IMP013/IMP022 warnings above name what is not modelled or not read)")
    else:
        lines.append("status: complete")
    return lines


def _shown_path(path: Path) -> str:
    """The --ids-from path as the file header records it: relative to the working
    directory when inside it (so the header is the same on every machine), else
    just the file name."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.name
