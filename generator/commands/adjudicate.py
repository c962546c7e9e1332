"""mapwright adjudicate GAME [FILE] [--jsonl] — adjudicate Diplomacy phases given as JSON.

One request (FILE or stdin) in, one response out; with --jsonl, one request per line
in and one response per line out, in order, so a judge, a bot or a research script can
play a whole game by feeding each response's `after` (plus the next orders) back in.
A request that cannot be read or adjudicated yields a located diagnostic (file, line,
column in the request text, stable code) instead of a response — on stderr, and with
--jsonl as that line's output too (`{"line": N, "diagnostics": [...]}`), so output
lines stay aligned with input lines.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ..diagnostics import Diagnostic
from ..loader import Document, undecodable_at
from .common import fail, input_name, report

MAX_REQUEST_BYTES = 16 * 1024 * 1024


def register(sub) -> None:
    p = sub.add_parser("adjudicate", help="adjudicate Diplomacy phases (JSON in, JSON out)",
                       description="Read an adjudication request (JSON: phase, units, centers, "
                                   "dislodged, contested, orders) from FILE or stdin and print the "
                                   "outcome as JSON: each order's result and reason, and the position "
                                   "after, which is the next phase's request. With --jsonl: one "
                                   "request per line in, one response per line out.")
    p.add_argument("game", help="game id (folder under content/, or a game Mapwright ships) "
                                "or path to a game folder")
    p.add_argument("file", nargs="?", type=Path, help="JSON request (default or `-`: stdin)")
    p.add_argument("--jsonl", action="store_true",
                   help="one request per line in, one compact response per line out")
    p.set_defaults(func=run)


def decode(raw: bytes, shown: str, line: int = 1):
    """(request data, its Document) or (None, [diagnostics]) for bytes holding one JSON value."""
    from ..families.diplomacy.api import UNREADABLE_REQUEST
    if len(raw) > MAX_REQUEST_BYTES:
        return None, [Diagnostic(shown, line, 1, UNREADABLE_REQUEST,
                                 f"the request is larger than {MAX_REQUEST_BYTES // (1024 * 1024)} MB",
                                 hint="send one phase per request")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        row, col = undecodable_at(raw, exc.start)
        return None, [Diagnostic(shown, line + row - 1, col, UNREADABLE_REQUEST,
                                 f"the request is not UTF-8 (byte 0x{raw[exc.start]:02x})",
                                 hint="send the request as UTF-8 JSON")]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, [Diagnostic(shown, line + exc.lineno - 1, exc.colno, UNREADABLE_REQUEST,
                                 f"the request is not JSON: {exc.msg}",
                                 hint="send one JSON object" + (" per line" if line > 1 else ""))]
    except RecursionError:
        return None, [Diagnostic(shown, line, 1, UNREADABLE_REQUEST, "the request is nested too deeply to read",
                                 hint="a request is a flat object of power -> list mappings")]
    except ValueError as exc:      # e.g. a number too long to convert
        return None, [Diagnostic(shown, line, 1, UNREADABLE_REQUEST, f"the request cannot be read: {exc}",
                                 hint="send plain JSON strings, lists and objects")]
    return data, Document(shown, data, text=text, line_offset=line - 1)


def _one(game, raw: bytes, shown: str, line: int = 1):
    """(response, []) or (None, diagnostics)."""
    from ..families.diplomacy.api import AdjudicationError
    data, doc = decode(raw, shown, line)
    if data is None:
        return None, doc
    try:
        return game.adjudicate(data), []
    except AdjudicationError as exc:
        return None, [exc.diagnostic(doc)]
    except RecursionError:
        from ..families.diplomacy.api import UNREADABLE_REQUEST
        return None, [Diagnostic(shown, line, 1, UNREADABLE_REQUEST, "the request is nested too deeply to read")]


def run(args) -> int:
    from ..api import ExampleError, load_game
    try:
        game = load_game(args.game, content="content", strict=False)
    except ExampleError as exc:
        return report(exc.diagnostics, "text", sys.stderr) or 1
    if game.family.adjudicate is None:
        return fail(f"'{args.game}' is a {game.family.name} game, and the {game.family.name} family does not "
                    "adjudicate orders")
    shown = input_name(args.file)
    try:
        stream = sys.stdin.buffer if shown == "<stdin>" else args.file.open("rb")
    except OSError as exc:
        return fail(f"cannot read {args.file}: {exc.strerror}")
    with stream:
        if not args.jsonl:
            response, diags = _one(game, stream.read(MAX_REQUEST_BYTES + 1), shown)
            if response is None:
                return report(diags, "text", sys.stderr) or 1
            print(json.dumps(response, indent=2, ensure_ascii=False, sort_keys=True))
            return 0
        failed = False
        out = sys.stdout
        for number, raw in enumerate(stream, 1):
            if not raw.strip():
                continue
            response, diags = _one(game, raw.rstrip(b"\r\n"), shown, number)
            if response is None:
                failed = True
                report(diags, "text", sys.stderr)
                response = {"line": number, "diagnostics": [d.to_dict() for d in diags]}
            out.write(json.dumps(response, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")
            out.flush()
        return 1 if failed else 0
