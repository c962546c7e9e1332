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
    [A|F] PROV B | BUILD [A|F] PROV        build

Rule modules add order kinds of their own (rules.OrderKind): `A STP T F/NC` with
`transform`, `PERMIT F MED` with `canals`. Every module's kinds are read in every game;
the adjudicator refuses those the game does not enable.

The unit letter may be omitted, and a wrong one is ignored (DATC 4.C.1, 4.C.2); so
is the nationality of a supported or convoyed unit (`A BUR S German A MUN - BEL`,
4.C.5, 4.C.6) and a coast the province does not have (`Spain west coast`, 4.B.6). A
build may leave out the unit type (`Build WAR`: an army inland; a fleet where a coast
is named; 4.C.3). Orders as people type them are read too: `A Moscow moves to
Ukraine`, `F Mid-Atlantic - Spain (nc)` (a name's first words, when only one
province's name starts so), `A Par - Bur.` (a closing full stop).
Parsing only checks the notation and the names; whether an order is legal in the
position is decided by the phase adjudicators, which say why.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .model import DiplomacyMap, province_of
from .rules import kind_named, order_kinds


class OrderSyntaxError(ValueError):
    """The text is not an order in the notation above."""


def clipped(text: str, most: int = 40) -> str:
    """Words of an order quoted in a message, cut short: a message stays short whatever
    was sent (an order may be any text)."""
    return text if len(text) <= most else text[:most - 3] + "..."


@dataclass(slots=True, unsafe_hash=True)
class Order:
    """One order as read. Never changed once made (the adjudicators keep readings per
    text and share them; a changed copy is made by `dataclasses.replace` or
    movement._settled), but not frozen: a frozen dataclass sets each field through
    object.__setattr__, three times the cost of making the order, and new orders are
    made in every phase. Equal orders hash alike (the fields after `text` are left out)."""
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
    # worked out from the fields above (slots, read at once)
    province: str = field(init=False, repr=False, compare=False)
    target_province: str = field(init=False, repr=False, compare=False)
    dest_province: str = field(init=False, repr=False, compare=False)
    _shown: tuple | None = field(init=False, default=None, repr=False, compare=False)
    # (map, {unit or (unit, supported unit): checked entry}): the movement adjudicator's
    # reading of this order for the units it met (movement.adjudicate_movement)
    checked: tuple | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.province = province_of(self.location)
        self.target_province = province_of(self.target)
        self.dest_province = province_of(self.dest)

    def canonical(self, game_map: DiplomacyMap | None = None) -> str:
        # memoised on the instance (a field that equality and hashing ignore)
        memo = self._shown
        if memo is not None and memo[0] is game_map:
            return memo[1]
        text = self._canonical(game_map)
        self._shown = (game_map, text)
        return text

    def _canonical(self, game_map: DiplomacyMap | None) -> str:
        d = game_map.display if game_map else str     # (str: a location shown as written)
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


LONGEST_NAME = 200      # characters: no province name or alias is longer
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
    def __init__(self, text: str, game_map: DiplomacyMap, strict_coasts: bool = False):
        self.strict_coasts = strict_coasts     # positions (not orders) refuse unknown coasts
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

    def nationality(self) -> None:
        """Skip a power named before a supported or convoyed unit ("German A MUN",
        "England's F LON", "New York A ALB", "Austria-Hungary's A VIE"): it is ignored
        (DATC 4.C.5, 4.C.6). The longest run of words that names a power is skipped when
        a unit letter follows it, or when its first word names no province."""
        words: list[str] = []
        found = 0
        for j in range(self.i, min(self.i + 2 * self.map.max_power_words, len(self.tokens) - 1)):
            tok = self.low[j]
            if tok == "-":
                if not words:
                    break
                continue
            if not tok.replace("'", "").replace("_", "").isalnum():
                break
            words.append((tok[:-2] if tok.endswith("'s") else tok).replace("_", " "))
            if " ".join(words) in self.map.nationalities:
                found = j + 1
            if tok.endswith("'s"):
                break
        if found and (self.map.lookup(self.tokens[self.i]) is None or self.peek(found - self.i) in _UNITS):
            self.i = found

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
            # fast path: a one-word name (or nothing; a word longer than any name is none,
            # and is not kept in the map's table of names looked up)
            pid = self.map.lookup(tokens[i]) if len(tokens[i]) <= LONGEST_NAME else None
            if pid is not None:
                self.i += 1
            return pid
        runs = []
        for n in range(min(self.map.max_name_words * 2 - 1, len(tokens) - i), 0, -1):
            words = tokens[i:i + n]
            # a hyphen may sit inside a name ("Mid-Atlantic Ocean") but never at its ends
            if any(w in ("->", "/", "(", ")") for w in words) or words[0] == "-" or words[-1] == "-":
                continue
            runs.append((n, " ".join(w for w in words if w != "-")))
        for n, text in runs:        # the longest run that is a name, or several words of one
            if len(text) > LONGEST_NAME:
                continue
            pid = self.map.lookup(text) or (self.map.lookup_prefix(text) if " " in text else None)
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
            raise OrderSyntaxError(f"unknown province '{clipped(self.tokens[self.i])}' ({what})")
        coast = self._coast()
        return f"{pid}/{coast}" if coast else pid

    def _coast(self) -> str:
        if self.peek() not in _COAST_STARTS:
            return ""
        # An unknown coast is garbage and ignored (DATC 4.B.6); a known code the province
        # lacks is dropped where the order is checked against the map.
        if self.peek() == "/" and self.peek(1):
            code = self.peek(1)
            if code not in _COASTS and self.strict_coasts:
                raise OrderSyntaxError(f"unknown coast '/{clipped(self.tokens[self.i + 1])}'")
            self.i += 2
            return _COASTS.get(code, "")
        if self.peek() == "(" and self.peek(1) and self.peek(2) == ")":
            code = self.peek(1)
            if code not in _COASTS and self.strict_coasts:
                raise OrderSyntaxError(f"unknown coast '({clipped(self.tokens[self.i + 1])})'")
            self.i += 3
            return _COASTS.get(code, "")
        if self.peek() and self.peek(1) and f"{self.peek()} {self.peek(1)}" in _COASTS:
            code = _COASTS[f"{self.peek()} {self.peek(1)}"]
            self.i += 2
            return code
        return ""


def parse_order(text: str, power: str, game_map: DiplomacyMap) -> Order:
    """Parse one order written by `power`; raises OrderSyntaxError with the reason."""
    try:
        return _parse_order(text, power, game_map)
    except OrderSyntaxError:
        raw = " ".join(str(text).split())
        if raw.endswith(".") and raw.rstrip(".").strip():     # "A Par - Bur."
            return _parse_order(raw.rstrip("."), power, game_map)
        raise


_FAST_VERBS = {"h": "hold", "-": "move", "s": "support", "c": "convoy", "r": "retreat", "d": "disband",
               "b": "build"}


def _fast_location(tok: str, m: DiplomacyMap, words: list[str], j: int) -> str | None:
    """A token that is one province's id or one-word name, with an optional `/XX`
    coast, read as the general reader would (`words[j:]` follow it); None when the
    general reader must look."""
    low = tok.lower()
    prov, slash, coast = low.partition("/")
    if not prov or "-" in prov or "." in prov or "_" in prov:
        return None
    if not slash and prov in m.name_starts and not _alone(m, prov, words, j):
        return None
    pid = m.names.get(prov)
    if pid is None:
        return None
    if not slash:
        return pid
    code = _COASTS.get(coast)
    return f"{pid}/{code}" if code else None


def _alone(m: DiplomacyMap, first: str, words: list[str], j: int) -> bool:
    """Does the word `first`, which also starts longer names ("eng" of "Eng Ch"), name
    a province alone here? The general reader tries runs of it and the next tokens
    (hyphens left out, none through `/`, `(`, `)` or `->`); such a run can match only
    if the next token is a second word of a name or prefix starting with `first`."""
    follows = m.name_follows.get(first)
    if not follows:
        return True
    for word in words[j:]:
        for tok in _TOKEN.findall(word):
            if tok == "-":
                continue
            low = tok.lower()
            if low in ("->", "/", "(", ")"):
                return True
            return low.isalnum() and low not in follows     # anything else: let the reader look
    return True


def _fast(words: list[str], power: str, m: DiplomacyMap, raw: str) -> Order | None:
    """The standard notation written with ids ("A PAR - BUR", "F NTH C A LON - BEL"):
    the same Order as the general reader gives, without its search; None otherwise."""
    n = len(words)
    if n < 3 or words[0] not in ("A", "F", "a", "f") or m.names.get(words[0].lower()) is not None:
        return None
    kind = _FAST_VERBS.get(words[2].lower())
    loc = _fast_location(words[1], m, words, 2)
    if kind is None or loc is None:
        return None
    unit = words[0].upper()
    if kind in ("hold", "disband", "build"):
        return Order(power=power, kind=kind, unit=unit, location=loc, text=raw) if n == 3 else None
    if kind in ("move", "retreat"):
        via = n == 5 and words[4].lower() == "via"
        if n != 4 and not via:
            return None
        dest = _fast_location(words[3], m, words, 4)
        return Order(power=power, kind=kind, unit=unit, location=loc, dest=dest, via=via,
                          text=raw) if dest else None
    if n not in (5, 7) or words[3] not in ("A", "F", "a", "f") or m.names.get(words[3].lower()) is not None:
        return None
    target = _fast_location(words[4], m, words, 5)
    if target is None:
        return None
    dest = ""
    if n == 7:
        if words[5] != "-":
            return None
        dest = _fast_location(words[6], m, words, 7)
        if dest is None:
            return None
    elif kind == "convoy":
        return None
    return Order(power=power, kind=kind, unit=unit, location=loc, target_unit=words[3].upper(),
                      target=target, dest=dest, text=raw)


def _parse_order(text: str, power: str, game_map: DiplomacyMap) -> Order:
    words = str(text).split()
    raw = " ".join(words)
    fast = _fast(words, power, game_map, raw)
    if fast is not None:
        return fast
    if not raw:
        raise OrderSyntaxError("empty order")
    r = _Reader(raw, game_map)
    if r.peek() in ("waive", "waives") and len(r.tokens) == 1:
        return Order(power, "waive", text=raw)
    lead = order_kinds().get(r.peek())
    if lead is not None and lead.leads:      # a rule module's order that names no unit first
        r.take()
        return lead.parse(r, power, None, "", raw)
    # "BUILD A PAR" form; "BUILD PAR" leaves the unit type to the province (DATC 4.C.3)
    if r.peek() in ("build", "builds", "b") and len(r.tokens) >= 2 and r.peek(1) in _UNITS:
        r.take()
        unit = _UNITS[r.take().lower()]
        loc = r.location("build location")
        _end(r)
        return Order(power, "build", unit, loc, text=raw)
    if len(r.tokens) >= 2 and (r.peek() in ("build", "builds")
                               or (r.peek() == "b" and game_map.lookup(r.tokens[0]) is None)):
        r.take()
        loc = r.location("build location")
        _end(r)
        return Order(power, "build", None, loc, text=raw)
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
        raise OrderSyntaxError(f"unknown order word '{clipped(r.tokens[r.i])}'")
    r.take()
    if kind in ("hold", "disband", "build"):
        _end(r)
        return Order(power, kind, unit, loc, text=raw)
    if kind in ("move", "retreat"):
        if r.peek() == "to" and len(r.tokens) > r.i + 1:      # "moves to", "retreats to"
            r.take()
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
        r.nationality()
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
    raise OrderSyntaxError(f"cannot read '{clipped(raw)}'")  # pragma: no cover - every verb handled above


def read_location(text: str, game_map: DiplomacyMap) -> str:
    """A location as players write it (id, abbreviation, name or alias, optionally with a
    coast: "STP/NC", "stp(nc)", "MSB n", "GME_E") -> its id form ("STP/NC",
    "MSB_N"), read exactly as in an order. Raises OrderSyntaxError when the whole text is
    not one location."""
    raw = " ".join(str(text).split())
    if not raw:
        raise OrderSyntaxError("empty location")
    r = _Reader(raw, game_map, strict_coasts=True)
    loc = r.location("location")
    _end(r)
    return loc


def _end(r: _Reader) -> None:
    if not r.done():
        raise OrderSyntaxError(f"unexpected '{clipped(' '.join(r.tokens[r.i:r.i + 12]))}' at the end")


# for rule modules that read their own order kinds (rules.OrderKind.parse)
UNIT_WORDS = _UNITS
end_of_order = _end
_Reader.coast = _Reader._coast
