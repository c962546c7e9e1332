"""mapwright build [-o DIR] — validate and build the site (MkDocs with the mapwright plugin)."""
from __future__ import annotations

import sys
from pathlib import Path

from ..diagnostics import errors
from .common import add_format, fail, report


def add_build_options(p) -> None:
    """The options `build` and `serve` share (they become the plugin's BuildOptions)."""
    p.add_argument("--content", type=Path, default=Path("content"), help="content folder (default: content)")
    p.add_argument("--config", type=Path, default=None, help="mkdocs.yml (default: ./mkdocs.yml, else a site titled 'Variant rules' "
                        "that carries only the games)")
    p.add_argument("--work", type=Path, default=None,
                   help="build folder for caches (default: build; must be build/ or inside it)")
    p.add_argument("--cache-dir", type=Path, default=None,
                   help="where rendered PDFs and game pages are kept between builds (default: build/cache)")
    p.add_argument("--no-pdf", dest="pdf", action="store_false", help="leave out the printable PDFs")
    p.add_argument("--jobs", type=int, default=0, help="processes rendering PDFs (default: one per CPU but one)")


def register(sub) -> None:
    p = sub.add_parser("build", help="validate and build the site",
                       description="Validate every game under content/ and build the site with "
                                   "MkDocs (strict) and the mapwright plugin.")
    p.add_argument("-o", "--output", type=Path, default=Path("site"), help="site folder (default: site)")
    add_build_options(p)
    add_format(p)
    p.set_defaults(func=run)


def config_path(given: Path | None) -> Path:
    from ..paths import AUTHOR_MKDOCS
    if given:
        return given
    return Path("mkdocs.yml") if Path("mkdocs.yml").is_file() else AUTHOR_MKDOCS


def build_options(args) -> dict:
    return {"work": args.work, "cache_dir": args.cache_dir, "pdf": args.pdf, "jobs": args.jobs}


def preflight(args) -> tuple[Path | None, int]:
    config = config_path(args.config)
    if not config.is_file():
        return None, fail(f"no MkDocs configuration at {config}", 2)
    if not args.content.is_dir():
        return None, fail(f"no content folder at {args.content}", 2)
    return config, 0


def run(args) -> int:
    from ..mkdocs_plugin.run import NotBuilt, build_site
    config, code = preflight(args)
    if config is None:
        return code
    try:
        outcome = build_site(config, args.content, args.output, **build_options(args))
    except NotBuilt as exc:
        if exc.diagnostics:
            report(exc.diagnostics, args.format, sys.stderr)
        if errors(exc.diagnostics):     # they say why; warnings alone do not (an unwritable -o)
            return 1
        return fail(f"MkDocs could not build the site: {exc}")
    code = report(outcome.diagnostics, args.format, sys.stderr) if outcome.diagnostics else 0
    print(f"built {outcome.games} game(s) into {args.output}/ "
          + " ".join(f"{k}={v:.2f}s" for k, v in outcome.timings.items()), file=sys.stderr)
    return code
