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
import re
import sys
from pathlib import Path

from ..diagnostics import Diagnostic
from ..loader import Document, undecodable_at
from .common import examples, fail, input_name, report

MAX_REQUEST_BYTES = 16 * 1024 * 1024


def register(sub) -> None:
    p = sub.add_parser("adjudicate", help="adjudicate Diplomacy phases (JSON in, JSON out)",
                       description="Read an adjudication request (JSON: phase, units, centers, "
                                   "dislodged, contested, orders) from FILE or stdin and print the "
                                   "outcome as JSON: each order's result and reason, and the position "
                                   "after, which is the next phase's request. With --jsonl: one "
                                   "request per line in, one response per line out.",
                       epilog=examples("mapwright adjudicate classic request.json",
                                       "mapwright adjudicate classic --jsonl < game.jsonl > results.jsonl"))
    p.add_argument("game", help="game id (folder under content/, or a game Mapwright ships) "
                                "or path to a game folder")
    p.add_argument("file", nargs="?", type=Path, help="JSON request (default or `-`: stdin)")
    p.add_argument("--jsonl", action="store_true",
                   help="one request per line in, one compact response per line out")
    p.set_defaults(func=run)


# --- reading a request's JSON text ---------------------------------------------------------
#
# A request is I-JSON (RFC 7493): besides being JSON, no object names a key twice (JSON
# readers differ on which value they keep, so a filter in front of the judge could read
# another request than the judge does), no string holds half of a UTF-16 surrogate pair
# (no character: it cannot be written back as UTF-8), and no number is NaN or infinite.
# Positions are found in the JSON text itself (what a YAML reader makes of JSON text is
# not always the same), and only when there is something to report.

class _Refused(Exception):
    """json.loads met a key given twice or a number that is not finite."""


def _unique(pairs: list) -> dict:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _Refused
    return found


def _not_finite(name: str):
    raise _Refused


_WS = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[{}\[\],:]|-?Infinity|NaN', re.DOTALL)
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)", re.DOTALL)
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _end_of_value(text: str, i: int) -> int:
    """Where the JSON value starting at `i` ends (the text is known to be JSON)."""
    c = text[i]
    if c == '"':
        return _STRING.match(text, i).end()
    if c not in "[{":
        j = i
        while j < len(text) and text[j] not in ",]} \t\n\r":
            j += 1
        return j
    depth = 0
    for m in _TOKENS.finditer(text, i):
        t = m.group()
        if t in ("[", "{"):
            depth += 1
        elif t in ("]", "}"):
            depth -= 1
            if not depth:
                return m.end()
    return len(text)


def json_offset(text: str, pointer: str) -> int:
    """Offset in JSON text of what `pointer` names (a member: its key, as the YAML
    locator gives it; an item: its value), or of its nearest ancestor that is there.
    Linear in the text before it (a request names no key twice: `decode` refuses that),
    so a fault early in a long request is found without reading the rest."""
    i = _WS.match(text).end()
    found = i
    for token in (t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]):
        if i >= len(text):
            return found
        if text[i] == "{":
            j, hit = _WS.match(text, i + 1).end(), None
            while j < len(text) and text[j] == '"':
                end = _STRING.match(text, j).end()
                value = _WS.match(text, _WS.match(text, end).end() + 1).end()
                if json.loads(text[j:end]) == token:
                    hit = (j, value)
                    break
                j = _WS.match(text, _end_of_value(text, value)).end()
                if j < len(text) and text[j] == ",":
                    j = _WS.match(text, j + 1).end()
            if hit is None:
                return found
            found, i = hit
        elif text[i] == "[" and token.isascii() and token.isdigit():
            j, n = _WS.match(text, i + 1).end(), int(token)
            while n and j < len(text) and text[j] != "]":
                j = _WS.match(text, _end_of_value(text, j)).end()
                if j < len(text) and text[j] == ",":
                    j = _WS.match(text, j + 1).end()
                n -= 1
            if j >= len(text) or text[j] == "]":
                return found
            found = i = j
        else:
            return found
    return found


def line_column(text: str, offset: int) -> tuple[int, int]:
    """(line, column), from 1, of a character of the text; columns count characters."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


class JsonDocument(Document):
    """A request's JSON text and data: positions read from the JSON text."""

    def _locate(self, pointer: str) -> tuple[int, int] | None:
        return line_column(self.text, json_offset(self.text, pointer)) if self.text is not None else None


def _first_fault(text: str) -> tuple[int, str, str]:
    """(offset, message, hint) of the first key given twice in one object or number that
    is not finite (the text is JSON, and json.loads found one of them)."""
    stack: list[set | None] = []        # per open container: the keys seen (None: a list)
    key_next = False
    for m in _TOKENS.finditer(text):
        t = m.group()
        if t == "{":
            stack.append(set())
            key_next = True
        elif t == "[":
            stack.append(None)
            key_next = False
        elif t in ("}", "]"):
            stack.pop()
            key_next = False
        elif t == ",":
            key_next = bool(stack) and stack[-1] is not None
        elif t == ":":
            key_next = False
        elif t[0] == '"':
            if key_next:
                key = json.loads(t)
                if key in stack[-1]:
                    return (m.start(), f"the key {_quoted(key)} is given twice in one object",
                            "give each key once (JSON readers differ on which value they keep)")
                stack[-1].add(key)
                key_next = False
        else:
            return (m.start(), f"{t} is not a number a request may hold",
                    "send finite numbers (JSON has no NaN or infinity)")
    return 0, "the request cannot be read", "send one JSON object"


def _lone_surrogate(text: str) -> int | None:
    """Offset of the first escape that is half of a UTF-16 surrogate pair, or None."""
    high = None         # (offset, end) of a high surrogate escape waiting for its low half
    for m in _ESCAPE.finditer(text):
        code = int(m.group(1), 16) if m.group(1) else None
        if high is not None:
            if code is not None and 0xDC00 <= code <= 0xDFFF and m.start() == high[1]:
                high = None
                continue
            return high[0]
        if code is not None and 0xD800 <= code <= 0xDBFF:
            high = (m.start(), m.end())
        elif code is not None and 0xDC00 <= code <= 0xDFFF:
            return m.start()
    return high[0] if high else None


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def decode(raw: bytes, shown: str, line: int = 1):
    """(request data, its Document) or (None, [diagnostics]) for bytes holding one JSON value."""
    from ..families.diplomacy.api import UNREADABLE_REQUEST

    def refused(message: str, hint: str, row: int = 1, col: int = 1):
        return None, [Diagnostic(shown, line + row - 1, col, UNREADABLE_REQUEST, message, hint=hint)]

    if len(raw) > MAX_REQUEST_BYTES:
        return refused(f"the request is larger than {MAX_REQUEST_BYTES // (1024 * 1024)} MB",
                       "send one phase per request")
    raw = raw.removeprefix(b"\xef\xbb\xbf")     # a byte-order mark is no text
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        row, col = undecodable_at(raw, exc.start)
        return refused(f"the request is not UTF-8 (byte 0x{raw[exc.start]:02x})", "send the request as UTF-8 JSON",
                       row, col)
    try:
        data = json.loads(text, object_pairs_hook=_unique, parse_constant=_not_finite)
    except json.JSONDecodeError as exc:
        return refused(f"the request is not JSON: {exc.msg}", "send one JSON object" + (" per line" if line > 1 else ""),
                       exc.lineno, exc.colno)
    except _Refused:
        offset, message, hint = _first_fault(text)
        return refused(message, hint, *line_column(text, offset))
    except RecursionError:
        return refused("the request is nested too deeply to read",
                       "a request is a flat object of power -> list mappings")
    except ValueError as exc:      # e.g. a number too long to convert
        return refused(f"the request cannot be read: {exc}", "send plain JSON strings, lists and objects")
    if "\\u" in text and _SURROGATE.search(text):
        offset = _lone_surrogate(text)
        if offset is not None:
            return refused(f"the request holds the escape {text[offset:offset + 6]}, half of a UTF-16 "
                           "surrogate pair, which is no character", "escape a character beyond U+FFFF as a pair "
                           "(\\ud83c\\udff0), or send it as UTF-8", *line_column(text, offset))
    return data, JsonDocument(shown, data, text=text, line_offset=line - 1)


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
        return None, [Diagnostic(shown, line, 1, UNREADABLE_REQUEST, "the request is nested too deeply to read",
                                 hint="a request is a flat object of power -> list mappings")]


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
        for number, raw in enumerate(_lines(stream), 1):
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


def _lines(stream):
    """The stream's lines, each read up to just past MAX_REQUEST_BYTES (a longer line is
    cut there, the rest of it skipped: it is refused as too large, in bounded memory)."""
    while True:
        raw = stream.readline(MAX_REQUEST_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_REQUEST_BYTES and not raw.endswith(b"\n"):
            while True:
                rest = stream.readline(1024 * 1024)
                if not rest or rest.endswith(b"\n"):
                    break
        yield raw
