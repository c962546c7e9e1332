"""mapwright validate [PATH ...] — schema checks, family checks and worked examples."""
from __future__ import annotations

from pathlib import Path

from .common import UsageError, add_format, add_jobs, examples, report


def register(sub) -> None:
    p = sub.add_parser("validate", help="check content without building (for CI)",
                       description="Check every game under the given paths (default: content/). "
                                   "Exit 0 when there are no errors, 1 when there are, 2 when a path is "
                                   "not there.",
                       epilog=examples("mapwright validate", "mapwright validate content/my-game -j 1",
                                       "mapwright validate --format github    # annotations in GitHub Actions"))
    p.add_argument("paths", nargs="*", type=Path, default=[Path("content")],
                   help="game folders or folders of games (default: content)")
    add_jobs(p, "games checked")
    add_format(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..validate import validate_report
    missing = [path for path in args.paths if not path.exists()]
    if missing:
        raise UsageError(f"no file or folder '{missing[0]}' (name game folders or folders of games)")
    return report(validate_report(args.paths, args.jobs).diagnostics, args.format)
