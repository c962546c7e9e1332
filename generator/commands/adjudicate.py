"""mapwright adjudicate GAME [FILE] — adjudicate one Diplomacy phase given as JSON."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from .common import fail, load_game, report


def register(sub) -> None:
    p = sub.add_parser("adjudicate", help="adjudicate one Diplomacy phase (JSON in, JSON out)",
                       description="Read an adjudication request (JSON: phase, units, centers, "
                                   "dislodged, orders) from FILE or stdin and print the outcome as "
                                   "JSON: each order's result and reason, and the position after.")
    p.add_argument("game", help="game id (folder under content/) or path to a game folder")
    p.add_argument("file", nargs="?", type=Path, help="JSON request (default: stdin)")
    p.set_defaults(func=run)


def run(args) -> int:
    family, game = load_game(args.game)
    if family is None:
        return report(game, "text", sys.stderr) or 1
    if family.adjudicate is None:
        return fail(f"'{args.game}' is a {family.name} game, and the {family.name} family does not "
                    "adjudicate orders")
    try:
        text = args.file.read_text(encoding="utf-8") if args.file else sys.stdin.read()
    except OSError as exc:
        return fail(f"cannot read {args.file}: {exc.strerror}")
    try:
        request = json.loads(text)
    except json.JSONDecodeError as exc:
        return fail(f"the request is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}")
    try:
        response = family.adjudicate(game, request)
    except ValueError as exc:   # the family's AdjudicationError: the request is malformed
        return fail(str(exc))
    print(json.dumps(response, indent=2, ensure_ascii=False, sort_keys=True))
    return 0
