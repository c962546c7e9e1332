"""What an adjudication request is refused with: the three codes, the error that names
the place of the fault (a JSON pointer) and says what to do, and the words for a place
and a value that keep a message one short line whatever was sent."""
from __future__ import annotations

import re

from ...diagnostics import Diagnostic, register

BAD_REQUEST = register("DIP030", "Adjudication request malformed",
                       "An adjudication request (`mapwright adjudicate`, `Game.adjudicate`) has a "
                       "value of the wrong type or one the game does not know: an unknown power, "
                       "province or key, a unit where it cannot stand, a malformed phase. The "
                       "message names the value; see the adjudication-request schema.")
INCOMPLETE_REQUEST = register("DIP031", "Adjudication request incomplete",
                              "An adjudication request leaves out a fact the phase depends on (the "
                              "units, the supply centres of a fall or winter phase, a retreat phase's "
                              "standoffs or how each dislodged unit was attacked). Nothing is "
                              "assumed: state it, or give a retreat request the movement it follows.")
UNREADABLE_REQUEST = register("DIP032", "Adjudication request cannot be read",
                              "The request is not UTF-8 JSON, or not I-JSON (RFC 7493: a key given "
                              "twice in one object, half of a UTF-16 surrogate pair, NaN or infinity), "
                              "or is nested too deeply or too large to read: over 16 MB, an order over "
                              "500 characters or a unit over 200, more than 4 orders for one unit or "
                              "more orders in all than 4 for each province of the map. Send one JSON "
                              "object (one per line with --jsonl).")

UNIT_HINT = "write the unit type and where it stands: A PAR, F STP/NC, Fleet St Petersburg (nc)"
ORDERS_HINT = 'write "orders": {"POWER": ["A PAR - BUR", ...]}'



class AdjudicationError(ValueError):
    """The request is malformed or incomplete: the message says what, `pointer` where."""

    def __init__(self, message: str, pointer: str = "", code: str = BAD_REQUEST, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.pointer = pointer
        self.code = code
        self.hint = hint or "see the adjudication-request schema"

    def diagnostic(self, doc) -> Diagnostic:
        """Located in the request's text (a loader `Document`)."""
        return doc.diagnostic(self.pointer, self.code, self.message, hint=self.hint)


def json_pointer(*parts) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_ '-]{0,39}", re.ASCII)


def place_of(where) -> tuple[str, str]:
    """(readable place, JSON pointer) of a place given as parts ("units", "FRANCE", 0);
    built only when there is something to report. A key that is not a plain name (a
    power name as sent: any text) is shown quoted and cut short, so that the place
    stays one short line."""
    if isinstance(where, str):
        return where, ""
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" if _PLAIN_KEY.fullmatch(str(p)) else f"[{quoted(p)}]"
                   for p in where).lstrip(".")
    return text, json_pointer(*where)


def quoted(value) -> str:
    """A request value quoted in a message: short and on one line, whatever was sent."""
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit integer"       # (its digits would be too many to show)
    if isinstance(value, (bool, int, float)) or value is None:
        return repr(value)[:60]
    return f"a JSON {'list' if isinstance(value, list) else 'object'}"




def incomplete(message: str, pointer: str, hint: str = "") -> AdjudicationError:
    return AdjudicationError(message, pointer, INCOMPLETE_REQUEST, hint)


