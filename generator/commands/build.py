"""mapwright build [-o DIR] — validate and build the site (MkDocs with the mapwright plugin)."""
from __future__ import annotations

import os
from pathlib import Path

from ..diagnostics import errors
from .common import add_format, add_jobs, examples, fail, report
from .console import detail, say


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
    add_jobs(p, "PDFs rendered", "one per CPU but one, which makes the pages")


def register(sub) -> None:
    p = sub.add_parser("build", help="validate and build the site",
                       description="Validate every game under content/ and build the site with "
                                   "MkDocs (strict) and the mapwright plugin.",
                       epilog=examples("mapwright build", "mapwright build -o public --no-pdf",
                                       "mapwright build --format github -j 2    # in CI"))
    p.add_argument("-o", "--output", type=Path, default=Path("site"), help="site folder (default: site)")
    add_build_options(p)
    add_format(p)
    p.set_defaults(func=run, progress=True)


def config_path(given: Path | None) -> Path:
    from ..paths import AUTHOR_MKDOCS
    if given:
        return given
    return Path("mkdocs.yml") if Path("mkdocs.yml").is_file() else AUTHOR_MKDOCS


# MkDocs dates the sitemap by SOURCE_DATE_EPOCH, else by the day of the build: fixed (unless
# the caller fixed it), two builds give the same bytes.
REPRODUCIBLE_EPOCH = "315532800"  # 1980-01-01


def build_options(args) -> dict:
    """The plugin's options from the command line, and the command's collector policy
    while MkDocs renders the pages (heap.py)."""
    from ..heap import GeneratedSetAside
    return {"work": args.work, "cache_dir": args.cache_dir, "pdf": args.pdf, "jobs": args.jobs or 0,
            "heap": GeneratedSetAside()}


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
    os.environ.setdefault("SOURCE_DATE_EPOCH", REPRODUCIBLE_EPOCH)   # (this process is the command's)
    try:
        outcome = build_site(config, args.content, args.output, **build_options(args))
    except NotBuilt as exc:
        if exc.diagnostics:
            report(exc.diagnostics, args.format)
        found = errors(exc.diagnostics)
        if found:     # they say why; warnings alone do not (an unwritable -o)
            from ..build import OUTPUT_REFUSED, WORK_REFUSED
            # output paths refused: a usage error, as for every command that writes
            return 2 if all(d.code in (OUTPUT_REFUSED, WORK_REFUSED) for d in found) else 1
        return fail(f"MkDocs could not build the site: {exc}")
    code = report(outcome.diagnostics, args.format) if outcome.diagnostics else 0
    drawn = f", PDFs drawn by {outcome.renderer}" if outcome.renderer else ""
    say(f"built {outcome.games} game(s) into {args.output}/ in {outcome.timings.get('total', 0):.1f} s{drawn}")
    detail("timings: " + " ".join(f"{k}={v:.2f}s" for k, v in outcome.timings.items()))
    return code
