"""mapwright validate [PATH ...] — schema checks, family checks and worked examples."""
from __future__ import annotations

import argparse
from pathlib import Path

from .common import add_format, report


def register(sub) -> None:
    p = sub.add_parser("validate", help="check content without building (for CI)",
                       description="Check every game under the given paths (default: content/). "
                                   "Exit 0 when there are no errors, 1 when there are.")
    p.add_argument("paths", nargs="*", type=Path, default=[Path("content")],
                   help="game folders or folders of games (default: content)")
    p.add_argument("-j", "--jobs", type=_jobs, default=None, metavar="N",
                   help="games checked at once, each in its own process (default: one per CPU; 1: one after another)")
    add_format(p)
    p.set_defaults(func=run)


def _jobs(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a number of processes, 1 or more, got {text!r}")
    return int(text)


def run(args) -> int:
    from ..validate import validate_report
    return report(validate_report(args.paths, args.jobs).diagnostics, args.format)
