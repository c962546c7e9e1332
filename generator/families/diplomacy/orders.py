"""Order notation: text -> `Order`, and `Order` -> canonical text.

Grammar (case-insensitive; a province is its id, abbreviation, full name or alias,
optionally followed by a coast written `/NC`, `(nc)` or `nc`):

    WAIVE                                  give up one build
    [A|F] PROV H | HOLD                    hold
    [A|F] PROV - PROV [VIA [CONVOY]]       move (also `->`, `TO`); VIA asks for a convoy
    [A|F] PROV S [A|F] PROV                support to hold
    [A|F] PROV S [A|F] PROV - PROV         support to move
    [A|F] PROV C [A] PROV - PROV           convoy
    [A|F] PROV R PROV | [A|F] PROV - PROV  retreat (in a retreat phase a move means retreat)
    [A|F] PROV D | DISBAND                 disband (retreat or adjustment phase)
    A|F PROV B | BUILD A|F PROV            build

Rule modules add order kinds of their own (rules.OrderKind): `A STP T F/NC` with
`transform`, `PERMIT F MED` with `canals`. Every module's kinds are read in every game;
the adjudicator refuses those the game does not enable.

The unit letter may be omitted, and a wrong one is ignored (DATC 4.C.1, 4.C.2).
Parsing only checks the notation and the names; whether an order is legal in the
position is decided by the phase adjudicators, which say why.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .model import DiplomacyMap, province_of
from .rules import kind_named, order_kinds


class OrderSyntaxError(ValueError):
    """The text is not an order in the notation above."""


@dataclass(frozen=True)
class Order:
    power: str
    kind: str                   # hold move support convoy retreat disband build waive transform
    unit: str | None = None     # "A" / "F" as written (None when omitted)
    location: str = ""          # the ordered unit's location as written (may carry a coast)
    target_unit: str | None = None
    target: str = ""            # support/convoy: the supported unit's location
    dest: str = ""              # move/retreat destination; support/convoy: where the target goes
    via: bool = False
    new_unit: str | None = None  # transform: resulting unit type
    new_coast: str = ""          # transform: coast for the resulting fleet
    text: str = ""               # as the player wrote it

    @property
    def province(self) -> str:
        return province_of(self.location)

    def canonical(self, game_map: DiplomacyMap | None = None) -> str:
        def d(loc: str) -> str:
            return game_map.display(loc) if game_map else loc
        u = f"{self.unit} " if self.unit else ""
        if self.kind == "waive":
            return "WAIVE"
        if self.kind == "hold":
            return f"{u}{d(self.location)} H"
        if self.kind == "move":
            return f"{u}{d(self.location)} - {d(self.dest)}" + (" VIA" if self.via else "")
        if self.kind == "retreat":
            return f"{u}{d(self.location)} R {d(self.dest)}"
        if self.kind in ("support", "convoy"):
            tu = f"{self.target_unit} " if self.target_unit else ""
            letter = "S" if self.kind == "support" else "C"
            tail = f" - {d(self.dest)}" if self.dest else ""
            return f"{u}{d(self.location)} {letter} {tu}{d(self.target)}{tail}"
        if self.kind == "disband":
            return f"{u}{d(self.location)} D"
        if self.kind == "build":
            return f"{u}{d(self.location)} B"
        extra = kind_named(self.kind)
        if extra is not None and extra.canonical is not None:
            return extra.canonical(self, d)
        return self.text


_TOKEN = re.compile(r"->|[-–—]|\(|\)|/|[^\s\-–—()/]+")
_COASTS = {"nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC", "north coast": "NC", "south coast": "SC",
           "east coast": "EC", "west coast": "WC"}
_COAST_STARTS = {"/", "(", "north", "south", "east", "west"}
_VERBS = {"h": "hold", "hold": "hold", "holds": "hold",
          "-": "move", "->": "move", "to": "move", "m": "move", "move": "move", "moves": "move",
          "s": "support", "support": "support", "supports": "support",
          "c": "convoy", "convoy": "convoy", "convoys": "convoy",
          "r": "retreat", "retreat": "retreat", "retreats": "retreat",
          "d": "disband", "disband": "disband", "disbands": "disband", "remove": "disband",
          "b": "build", "build": "build", "builds": "build"}
_UNITS = {"a": "A", "army": "A", "f": "F", "fleet": "F"}


class _Reader:
    def __init__(self, text: str, game_map: DiplomacyMap):
        self.tokens = _TOKEN.findall(text)
        self.low = [t.lower() for t in self.tokens]
        self.i = 0
        self.map = game_map
        self.text = text

    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.low[j] if j < len(self.low) else None

    def take(self) -> str:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def done(self) -> bool:
        return self.i >= len(self.tokens)

    def unit(self) -> str | None:
        tok = self.peek()
        if tok in _UNITS and (self.map.lookup(self.tokens[self.i]) is None or not self._is_province_start()):
            self.i += 1
            return _UNITS[tok]
        return None

    def _is_province_start(self) -> bool:
        """`A` might be a unit letter or the start of a province name ("A PAR" vs an
        abbreviation "A"); it is a unit letter when a province follows it."""
        save = self.i
        self.i += 1
        try:
            return self._match_province() is None
        finally:
            self.i = save

    def _match_province(self) -> str | None:
        # Longest run of tokens that names a province (names may hold spaces).
        best, best_len = None, 0
        tokens, i = self.tokens, self.i
        first = tokens[i].lower() if i < len(tokens) else ""
        if first not in self.map.name_starts and first not in ("-", "->", "/", "(", ")"):
            pid = self.map.lookup(tokens[i])     # fast path: a one-word name (or nothing)
            if pid is not None:
                self.i += 1
            return pid
        for n in range(min(self.map.max_name_words * 2 - 1, len(tokens) - i), 0, -1):
            words = tokens[i:i + n]
            # a hyphen may sit inside a name ("Mid-Atlantic Ocean") but never at its ends
            if any(w in ("->", "/", "(", ")") for w in words) or words[0] == "-" or words[-1] == "-":
                continue
            pid = self.map.lookup(" ".join(w for w in words if w != "-"))
            if pid:
                best, best_len = pid, n
                break
        if best is None:
            return None
        self.i += best_len
        return best

    def location(self, what: str) -> str:
        if self.done():
            raise OrderSyntaxError(f"{what} is missing")
        pid = self._match_province()
        if pid is None:
            from .model import _norm
            shared = self.map.ambiguous_names.get(_norm(self.tokens[self.i]))
            if shared:
                raise OrderSyntaxError(f"'{self.tokens[self.i]}' is ambiguous ({' or '.join(sorted(shared))}); "
                                       "use the province id")
            raise OrderSyntaxError(f"unknown province '{self.tokens[self.i]}' ({what})")
        coast = self._coast()
        return f"{pid}/{coast}" if coast else pid

    def _coast(self) -> str:
        if self.peek() not in _COAST_STARTS:
            return ""
        if self.peek() == "/" and self.peek(1):
            code = self.peek(1)
            if code in _COASTS:
                self.i += 2
                return _COASTS[code]
            raise OrderSyntaxError(f"unknown coast '/{self.tokens[self.i + 1]}'")
        if self.peek() == "(" and self.peek(1) and self.peek(2) == ")":
            code = self.peek(1)
            if code in _COASTS:
                self.i += 3
                return _COASTS[code]
            raise OrderSyntaxError(f"unknown coast '({self.tokens[self.i + 1]})'")
        if self.peek() and self.peek(1) and f"{self.peek()} {self.peek(1)}" in _COASTS:
            code = _COASTS[f"{self.peek()} {self.peek(1)}"]
            self.i += 2
            return code
        return ""


def parse_order(text: str, power: str, game_map: DiplomacyMap) -> Order:
    """Parse one order written by `power`; raises OrderSyntaxError with the reason."""
    raw = " ".join(str(text).split())
    if not raw:
        raise OrderSyntaxError("empty order")
    r = _Reader(raw, game_map)
    if r.peek() in ("waive", "waives") and len(r.tokens) == 1:
        return Order(power, "waive", text=raw)
    lead = order_kinds().get(r.peek())
    if lead is not None and lead.leads:      # a rule module's order that names no unit first
        r.take()
        return lead.parse(r, power, None, "", raw)
    # "BUILD A PAR" form
    if r.peek() in ("build", "builds", "b") and len(r.tokens) >= 2 and r.peek(1) in _UNITS:
        r.take()
        unit = _UNITS[r.take().lower()]
        loc = r.location("build location")
        _end(r)
        return Order(power, "build", unit, loc, text=raw)
    if r.peek() in ("disband", "remove") and len(r.tokens) >= 2:
        r.take()
        unit = r.unit()
        loc = r.location("unit to disband")
        _end(r)
        return Order(power, "disband", unit, loc, text=raw)
    unit = r.unit()
    loc = r.location("ordered unit")
    verb_tok = r.peek()
    if verb_tok is None:
        raise OrderSyntaxError("the order says what unit but not what it does (H, -, S, C, R, D, B or T)")
    kind = _VERBS.get(verb_tok)
    extra = order_kinds().get(verb_tok) if kind is None else None
    if extra is not None and not extra.leads:   # a rule module's order kind
        r.take()
        return extra.parse(r, power, unit, loc, raw)
    if kind is None:
        raise OrderSyntaxError(f"unknown order word '{r.tokens[r.i]}'")
    r.take()
    if kind in ("hold", "disband", "build"):
        _end(r)
        return Order(power, kind, unit, loc, text=raw)
    if kind in ("move", "retreat"):
        dest = r.location("destination")
        via = False
        if r.peek() in ("via", "by"):
            r.take()
            if r.peek() in ("convoy", "c"):
                r.take()
            via = True
        _end(r)
        return Order(power, kind, unit, loc, dest=dest, via=via, text=raw)
    if kind in ("support", "convoy"):
        tunit = r.unit()
        target = r.location("supported unit" if kind == "support" else "convoyed army")
        dest = ""
        if not r.done():
            if _VERBS.get(r.peek()) == "move":
                r.take()
                dest = r.location("destination of the supported move" if kind == "support"
                                  else "destination of the convoy")
            elif _VERBS.get(r.peek()) == "hold":
                r.take()
        _end(r)
        if kind == "convoy" and not dest:
            raise OrderSyntaxError("a convoy order needs the army's destination: F NTH C A LON - BEL")
        return Order(power, kind, unit, loc, target_unit=tunit, target=target, dest=dest, text=raw)
    raise OrderSyntaxError(f"cannot read '{raw}'")  # pragma: no cover - every verb handled above


def read_location(text: str, game_map: DiplomacyMap) -> str:
    """A location as players write it (id, abbreviation, name or alias, optionally with a
    coast: "STP/NC", "stp(nc)", "MSB n", "GME_E") -> its id form ("STP/NC",
    "MSB_N"), read exactly as in an order. Raises OrderSyntaxError when the whole text is
    not one location."""
    raw = " ".join(str(text).split())
    if not raw:
        raise OrderSyntaxError("empty location")
    r = _Reader(raw, game_map)
    loc = r.location("location")
    _end(r)
    return loc


def _end(r: _Reader) -> None:
    if not r.done():
        raise OrderSyntaxError(f"unexpected '{' '.join(r.tokens[r.i:])}' at the end")


# for rule modules that read their own order kinds (rules.OrderKind.parse)
UNIT_WORDS = _UNITS
end_of_order = _end
_Reader.coast = _Reader._coast


@dataclass(frozen=True)
class Notation:
    """The order notation on one map, as the family hands it to render/ (which imports
    no family): drawings read orders and locations exactly as the engine does. Both
    raise OrderSyntaxError (a ValueError) on text that is no order or no location."""

    map: DiplomacyMap

    def order(self, text: str, power: str) -> Order:
        return parse_order(text, power, self.map)

    def location(self, text: str) -> str:
        return read_location(text, self.map)
