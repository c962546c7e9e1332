"""mapwright build [-o DIR] — validate, write the docs tree, build the site with MkDocs."""
from __future__ import annotations

import sys
from pathlib import Path

from .common import add_format, fail, report


def register(sub) -> None:
    p = sub.add_parser("build", help="validate and build the site",
                       description="Validate every game under content/, write the docs tree "
                                   "to build/docs and build the site with MkDocs (strict).")
    p.add_argument("-o", "--output", type=Path, default=Path("site"), help="site folder (default: site)")
    p.add_argument("--content", type=Path, default=Path("content"), help="content folder (default: content)")
    p.add_argument("--config", type=Path, default=None, help="mkdocs.yml (default: ./mkdocs.yml, else the bundled one)")
    p.add_argument("--work", type=Path, default=Path("build"), help="where the docs tree is written (default: build)")
    add_format(p)
    p.set_defaults(func=run)


def config_path(given: Path | None) -> Path:
    from ..paths import DEFAULT_MKDOCS
    if given:
        return given
    return Path("mkdocs.yml") if Path("mkdocs.yml").is_file() else DEFAULT_MKDOCS


def run(args) -> int:
    from ..build import MkDocsFailed, build
    config = config_path(args.config)
    if not config.is_file():
        return fail(f"no MkDocs configuration at {config}", 2)
    if not args.content.is_dir():
        return fail(f"no content folder at {args.content}", 2)
    try:
        result = build(args.content, args.output, config, args.work)
    except MkDocsFailed as exc:
        return fail(f"MkDocs could not build the site: {exc}")
    code = report(result.report.diagnostics, args.format, sys.stderr) if result.report.diagnostics else 0
    if not result.built:
        return 1
    games = len([g for g in result.games if g.ok])
    print(f"built {games} game(s) into {args.output}/ "
          + " ".join(f"{k}={v:.2f}s" for k, v in result.timings.items()), file=sys.stderr)
    return code
