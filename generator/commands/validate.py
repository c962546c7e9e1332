"""mapwright validate [PATH ...] — schema checks, family checks and worked examples."""
from __future__ import annotations

from pathlib import Path

from .common import add_format, report


def register(sub) -> None:
    p = sub.add_parser("validate", help="check content without building (for CI)",
                       description="Check every game under the given paths (default: content/). "
                                   "Exit 0 when there are no errors, 1 when there are.")
    p.add_argument("paths", nargs="*", type=Path, default=[Path("content")],
                   help="game folders or folders of games (default: content)")
    add_format(p)
    p.set_defaults(func=run)


def run(args) -> int:
    from ..validate import validate_paths
    _, rep = validate_paths(args.paths)
    return report(rep.diagnostics, args.format)
