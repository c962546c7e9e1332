"""`adjudicate(game, request) -> response`: one phase, JSON in and JSON out.

Inside, the request is read into a `PhaseRequest` (its shape checked by its schema,
request_schema.py) and the phase answered as a `PhaseResult` (`adjudicate_phase`);
`to_json` makes the response only here, at the edge.

Request (powers and provinces as the game names them; case-insensitive; JSON Schema:
schemas/adjudication-request.schema.json):

    {"phase": "F1901M",                      # S/F/W, year, then M (movement), R (retreat), A (adjustment)
     "units":   {"ENGLAND": ["F LON", "A LVP"]},
     "centers": {"ENGLAND": ["LON", "LVP", "EDI"]},     # required in fall and winter phases
     "orders":  {"ENGLAND": ["F LON - NTH"]}}

The year has one to four ASCII digits; F9999… and W9999A are refused (the phase after
them could be in year 10000, which no request may name), so a game ends by S9999R.

A retreat request (…R) carries the facts the movement left behind, either as the
movement request itself, `"movement": {...}` (units, dislodged units and standoffs are
then derived from adjudicating it), or stated in full, as a movement response's `after`
gives them:

     "dislodged": {"ENGLAND": [{"unit": "F NTH", "attacker_from": "HOL", "via_convoy": false}]},
     "contested": ["BUR"],                   # provinces left empty by a standoff ([] for none)

Nothing is defaulted: a retreat request without `contested`, or a dislodged unit without
`attacker_from` or `via_convoy`, is refused, since leaving them out changes where a unit
may go (DATC 6.H.6).

Response (JSON Schema: schemas/adjudication-response.schema.json):

    {"phase": "F1901M",
     "results": [{"power", "order", "canonical", "unit", "legal", "result", "reason"}, ...],
     "trace": ["...why, one sentence a step"],
     "disbanded": {"ENGLAND": ["F NTH"]},      # units removed by this phase's rules
     "after": {"phase": "W1901A", "units": {...}, "centers": {...},
               "dislodged": {"ENGLAND": [{"unit", "attacker_from", "via_convoy", "retreats"}]},
               "contested": [...], "adjustments": {"ENGLAND": 1}, "winner": null}}

A game whose home centres are set in play (the home_centres_in_play module: the centres
each power holds at a date) carries them in the position once the date is reached:
`after` gives `"home_centers": {"ENGLAND": ["LON", "NWY"]}`, and a request past the date
must state them so (before it, every owned centre is a home centre and they are left out).

`after` is itself the next phase's request, orders aside: `dict(after, orders=...)`
plays the next phase, so a whole game is a chain of requests. `adjustments` and
`winner` may be given in a request; they are checked against the position.

`result` is "succeeds" or "fails"; an order that is not understood or not legal
has `legal: false`, fails, and its unit holds (movement) or is disbanded
(retreat). A dislodged unit with nowhere to retreat is disbanded in the movement
result. Bad requests raise `AdjudicationError` naming the JSON pointer of the fault.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from operator import attrgetter

from .adjustments import adjudicate_adjustments
from .model import Game, province_of
from .movement import Unit, adjudicate_movement
from .orders import Order, OrderSyntaxError, _Reader, clipped, parse_order, read_location
# (the codes re-exported: the commands and tests name them from here)
from .request_errors import (BAD_REQUEST, INCOMPLETE_REQUEST, UNIT_HINT, UNREADABLE_REQUEST,  # noqa: F401
                             AdjudicationError, incomplete, json_pointer, place_of, quoted)
from .request_schema import Readers, check as check_by_schema
from .retreats import Dislodged, adjudicate_retreats
from .rules import enabled
from .rules._engine import (MovementRules, builds_due, default_orders, home_centres, neutral_builds,
                            no_retreat, owners_after, placements, relocated, retreat_gives_way, retreat_options,
                            shown_year, standing_orders, winner)
from .verdicts import Verdict

_LOCATION, _NAME = attrgetter("location"), attrgetter("name")

PHASE = re.compile(r"([SFW])([0-9]{1,4})([MRA])")     # matched whole (fullmatch): no "S1901M\n"
LAST_YEAR = 9999      # a phase names its year in at most four digits, so a game ends by S9999R
# What a request may hold, by what its map can: a unit is written in at most UNIT_TEXT
# characters (an order in 500: the request schema's maxLength, as UNIT_TEXT is for a
# request's units), a power gives one unit at most ORDERS_PER_UNIT orders (two already
# void each other), and a request holds at most ORDERS_PER_UNIT orders for each province
# (units <= provinces). Past these, orders would cost the reader, the adjudicator and
# the response without end.
UNIT_TEXT, ORDERS_PER_UNIT = 200, 4


def _powers_hint(game: Game, name=None) -> str:
    """What to write instead of an unknown power: the closest name, and the powers (the
    first few of a many-player game)."""
    ids = sorted(game.map.powers)
    listed = ", ".join(ids) if len(ids) <= 12 else ", ".join(ids[:8]) + f", ... ({len(ids)} in all)"
    close = []
    if isinstance(name, str) and len(name) <= 60:
        import difflib
        close = difflib.get_close_matches(name.strip().lower(), list(_powers(game)), n=1, cutoff=0.6)
    mean = f"did you mean {_powers(game)[close[0]]}? " if close else ""
    return f"{mean}write a power's id or name, in any case: {listed}"


# --- request parsing ------------------------------------------------------------------

class _Index:
    """What every request to one game looks up, made once per loaded game: power names,
    and the units, centres and orders requests write (each text read once, then found
    by a dict lookup: games repeat them phase after phase)."""

    LIMIT = 200_000      # entries per table (the per-power tables of units and orders together),
    TEXT = 500           # none longer than an order: hostile input cannot grow them without end

    def __init__(self, game: Game):
        rules = enabled(game)
        self.neutrals = frozenset(rules.neutrals)
        names = {}
        for p in game.map.powers.values():
            names[p.id.lower()] = p.id
            names[p.name.lower()] = p.id
        for neutral in rules.neutrals:
            names[neutral.lower()] = neutral
        self.power_names = names                      # lower-case id or name -> id
        self.powers: dict[str, str] = {}              # name as written -> id
        self.units: dict[str, dict] = {}              # power -> {text: (province, Unit)}
        self.unit_texts: dict[str, tuple] = {}        # text -> (kind, location)
        self.centers: dict[str, str] = {}             # text -> supply-centre id
        self.phases: dict[str, tuple] = {}            # phase name -> (season, year, step)
        self.orders: dict[str, dict] = {}             # power -> {text: _parse_all's entry}
        self.kept = 0                                 # entries in the per-power tables
        self.standing = bool(rules.hooks("standing_orders"))
        self.homes_change = bool(rules.hooks("home_centres"))    # set in play (a module)
        self.due_changes = bool(rules.hooks("adjustment_due"))
        self.supply_centers = frozenset(p.id for p in game.map.provinces.values() if p.supply_center)
        # the movement view of the modules, kept when no module reads the phase's orders
        static = MovementRules(game, ())
        self.movement_rules = None if static.validates else static


def _index(game: Game) -> _Index:
    found = game.__dict__.get("_adjudication_index")
    if found is None:
        found = game.__dict__["_adjudication_index"] = _Index(game)
    return found


def _powers(game: Game) -> dict[str, str]:
    """Lower-case power id or name -> id (the neutral power included when enabled)."""
    return _index(game).power_names


def _power(game: Game, name, where) -> str:
    known = _index(game).powers
    pid = known.get(name) if isinstance(name, str) else None
    if pid is not None:
        return pid
    pid = _powers(game).get(name.lower()) if isinstance(name, str) else None
    if pid is None:
        text, pointer = place_of(where)
        if not isinstance(name, str):
            raise AdjudicationError(f"{text}: power names are strings, got {quoted(name)}", pointer,
                                    hint=_powers_hint(game))
        raise AdjudicationError(f"{text}: unknown power {quoted(name)}", pointer, hint=_powers_hint(game, name))
    if len(known) < _Index.LIMIT:
        known[name] = pid
    return pid


def parse_unit(game: Game, text, power: str, where, pointer: str = "") -> Unit:
    """'A PAR', 'F STP/NC', 'Fleet St Petersburg (nc)' -> Unit (cached per game: the
    reading depends only on the text and the map)."""
    cache = _index(game).unit_texts
    key = text if isinstance(text, str) else None
    hit = cache.get(key) if key is not None else None
    if hit is None:
        try:
            hit = _read_unit(game, text)
        except AdjudicationError as exc:
            shown, at = place_of(where)
            raise AdjudicationError(f"{shown}: {exc.message}", pointer or at, exc.code, exc.hint) from None
        if key is not None and len(cache) < _Index.LIMIT and len(key) <= _Index.TEXT:
            cache[key] = hit
    return Unit(power, hit[0], hit[1])


def _read_unit(game: Game, text) -> tuple[str, str]:
    m = game.map
    if isinstance(text, str) and len(text) > UNIT_TEXT:
        raise AdjudicationError(f"a unit is written in at most {UNIT_TEXT} characters, got {len(text):,}",
                                code=UNREADABLE_REQUEST, hint=UNIT_HINT)
    if not isinstance(text, str) or len(text.split()) < 2:
        raise AdjudicationError(f"a unit is written 'A PAR' or 'F STP/NC', got {quoted(text)}", hint=UNIT_HINT)
    letter, rest = text.split(None, 1)
    kind = {"a": "A", "army": "A", "f": "F", "fleet": "F"}.get(letter.lower())
    if kind is None:
        raise AdjudicationError(f"unit type must be A or F in {quoted(text)}", hint=UNIT_HINT)
    try:
        r = _Reader(rest, m, strict_coasts=True)
        loc = r.location("unit location")
        if not r.done():
            raise OrderSyntaxError(f"unexpected '{clipped(' '.join(r.tokens[r.i:r.i + 12]))}'")
    except OrderSyntaxError as exc:
        raise AdjudicationError(f"{exc} in {quoted(text)}", hint=UNIT_HINT) from None
    prov = m.provinces[province_of(loc)]
    allowed = prov.locations(kind)
    if kind == "A":
        if not allowed:
            raise AdjudicationError(f"an army cannot stand in {prov.id} ({prov.type})",
                                    hint="an army stands on land or a coast; a fleet at sea: write F")
        loc = prov.id
    else:
        if not allowed:
            raise AdjudicationError(f"a fleet cannot stand in {prov.id} ({prov.type})",
                                    hint="a fleet stands at sea or on a coast; an army inland: write A")
        if loc not in allowed:
            if "/" not in loc and prov.coasts:
                raise AdjudicationError(f"name the coast of the fleet in {prov.id}: "
                                        + " or ".join(allowed), hint=f"write F {allowed[0]}")
            if prov.coasts:
                raise AdjudicationError(f"{prov.id} has no coast {loc}",
                                        hint="its coasts are " + ", ".join(allowed))
            loc = prov.id
    return kind, loc


def _province(game: Game, name) -> str | None:
    """The province a request names, or None (a text too long to be a name is none, and
    is not kept in the map's table of names looked up)."""
    return game.map.lookup(name) if isinstance(name, str) and len(name) <= _Index.TEXT else None


def _known_centers(index: _Index, raw: dict) -> dict[str, list[str]] | None:
    """The centres when every one is a name read before and none is listed twice (see
    _known_units); None: read them one by one."""
    centers: dict[str, list[str]] = {}
    owned: set[str] = set()
    powers, known = index.powers, index.centers
    try:
        for pname, lst in raw.items():
            power = powers.get(pname)
            if power is None or power in centers or type(lst) is not list:
                return None
            pids = []
            for name in lst:
                pid = known.get(name)
                if pid is None or pid in owned:
                    return None
                owned.add(pid)
                pids.append(pid)
            if pids:
                centers[power] = pids
    except TypeError:               # an unhashable value where a name belongs
        return None
    return centers


def _read_centers(game: Game, index: _Index, raw: dict, key: str = "centers") -> dict[str, list[str]]:
    """{power: [centre id]}: each a supply centre, none owned twice; errors located (`key`:
    the request's key, "centers" or "home_centers")."""
    centers: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    known = index.centers
    for pname in sorted(raw, key=str):     # power names may be any JSON key
        lst = raw[pname]
        power = index.powers.get(pname) or _power(game, pname, (key, pname))
        pids = []
        for i, name in enumerate(lst):
            pid = known.get(name)
            if pid is None:
                pid = _province(game, name)
                if pid is None or not game.map.provinces[pid].supply_center:
                    text, pointer = place_of((key, pname, i))
                    raise AdjudicationError(f"{text}: {quoted(name)} is not a supply centre", pointer,
                                            hint="name a supply centre of the map (its id, abbreviation or name)")
                if len(known) < _Index.LIMIT:
                    known[name] = pid
            if pid in owner:
                text, pointer = place_of((key, pname, i))
                said = "owned by" if key == "centers" else "a home centre of"
                raise AdjudicationError(f"{text}: {pid} is already {said} {owner[pid]}", pointer,
                                        hint="list each supply centre once, under its owner")
            owner[pid] = power
            pids.append(pid)
            centers.setdefault(power, []).append(pid)
    return centers


def _phase(index: _Index, phase) -> tuple[str, int, str]:
    """(season, year, step) of a phase name; each name read once per game."""
    known = index.phases.get(phase) if isinstance(phase, str) else None
    if known is not None:
        return known
    match = PHASE.fullmatch(phase) if isinstance(phase, str) else None
    if not match:
        raise AdjudicationError(f"'phase' must look like S1901M, F1901R or W1901A, got {quoted(phase)}", "/phase",
                                hint="write S, F or W, the year (up to four digits), then M, R or A")
    season, year, step = match.group(1), int(match.group(2)), match.group(3)
    if (season == "W") != (step == "A"):
        raise AdjudicationError(f"phase {phase}: adjustments (A) happen in winter (W), "
                                "movement and retreats in spring (S) or fall (F)", "/phase",
                                hint=f"write W{match.group(2)}A for the adjustments, or S/F with M or R")
    if year == LAST_YEAR and season != "S":
        # its next phase could be S10000M, which no request may name
        raise AdjudicationError(f"phase {phase}: a game cannot go on past year {LAST_YEAR} (the phase "
                                f"after it could be in year {LAST_YEAR + 1})", "/phase",
                                hint=f"number the years from an earlier start: S{LAST_YEAR}R is the last phase")
    if len(index.phases) < _Index.LIMIT:
        index.phases[phase] = (season, year, step)
    return season, year, step


@dataclass(frozen=True, slots=True)
class PhaseRequest:
    """A request as read: every name resolved to the game's ids, every unit placed."""

    phase: str
    season: str                     # S, F or W
    year: int
    step: str                       # M, R or A
    units: dict[str, Unit]          # province -> the unit there
    centers: dict[str, list[str]]   # power -> its supply centres
    dislodged: dict[str, Dislodged]     # province -> the unit dislodged from it (retreat phase)
    contested: set[str]             # provinces left empty by a standoff (retreat phase)
    orders: dict[str, list[str]]    # power -> its orders as written
    options: dict[str, tuple[list[str], str]]   # province -> (the retreats given, their pointer)
    movement: dict | None           # the movement request a retreat request gave, and its result
    readings: list                  # _parse_all's reading of each order
    homes: dict[str, list[str]] | None = None   # power -> its home centres in play, as stated


def parse_request(game: Game, request) -> PhaseRequest:
    """The request read: its shape checked by its schema (request_schema), then each
    value by what the game knows (powers, provinces, units that can stand there). A
    request like the ones before is read by `_plain_request` without the schema check
    (it accepts only what the schema accepted before)."""
    index = _index(game)
    plain = _plain_request(game, index, request)
    if plain is not None:
        return plain
    check_by_schema(request, lambda: Readers(phase=lambda value: _phase(index, value),
                                             unit=lambda text, where, at: parse_unit(game, text, "", where, at),
                                             power=lambda name, where: _power(game, name, where)))
    phase = request["phase"]
    season, year, step = _phase(index, phase)
    movement = None
    if "movement" in request:
        movement = _movement_before(game, request["movement"], season, year)
        request = dict(request, units=movement["after"]["units"],
                       dislodged=movement["after"]["dislodged"], contested=movement["after"]["contested"],
                       centers=request.get("centers", movement["request"].get("centers")))
    given = request["units"]
    units = _known_units(index, given)
    if units is None:
        units = _read_units(game, index, given)
    raw_centers = request.get("centers") or {}      # (null: left out)
    centers = _known_centers(index, raw_centers)
    if centers is None:
        centers = _read_centers(game, index, raw_centers)
    raw_dislodged = request.get("dislodged") or {}
    if step == "R" or raw_dislodged:
        dislodged, given_options = _parse_dislodged(game, raw_dislodged, step, units)
    else:
        dislodged, given_options = {}, {}
    contested = set()
    for i, name in enumerate(request.get("contested") or ()):
        pid = _province(game, name)
        if pid is None:
            raise AdjudicationError(f"contested[{i}]: unknown province {quoted(name)}", json_pointer("contested", i),
                                    hint="name a province of the map (its id, abbreviation or name)")
        contested.add(pid)
    given = request.get("orders") or {}
    _count_orders(game, given)
    orders = _known_orders(index, given)
    if orders is None:
        orders = _read_orders(game, index, given)
    readings = _parse_all(game, orders)
    _orders_per_unit(game, index, given, readings)
    raw_homes = request.get("home_centers")
    homes = None if raw_homes is None else _read_centers(game, index, raw_homes, "home_centers")
    return PhaseRequest(phase, season, year, step, units, centers, dislodged, contested, orders,
                        given_options, movement, readings, homes)


# The keys a request like the ones before has (a response's `after` and its orders; a
# retreat phase or a `movement` go the whole way).
_PLAIN_KEYS = frozenset({"phase", "units", "centers", "orders", "dislodged", "contested", "adjustments", "winner"})
_NO_VALUE = (None, {}, [])


def _plain_request(game: Game, index: _Index, request) -> PhaseRequest | None:
    """The request read by plain lookups when it is like the ones before: a known phase
    that is not a retreat, and every power, unit and centre a text read before (so each
    passed the schema and its reader then: what the schema says of one such value does
    not depend on the rest of the request), orders short texts; None: anything else, for
    parse_request's whole reading. The checks of the orders' number stay as they are."""
    if type(request) is not dict or not _PLAIN_KEYS.issuperset(request):
        return None
    phase_name = request.get("phase")
    phase = index.phases.get(phase_name) if type(phase_name) is str else None
    if phase is None or phase[2] == "R":
        return None
    raw_centers, given, orders = request.get("centers"), request.get("units"), request.get("orders")
    if (type(given) is not dict or request.get("dislodged", None) not in _NO_VALUE
            or request.get("contested", None) not in _NO_VALUE
            or (type(raw_centers) is not dict and (raw_centers is not None or phase[0] != "S"))
            or (orders is not None and type(orders) is not dict) or not _plain_stated(request)):
        return None
    units = _known_units(index, given)
    centers = _known_centers(index, raw_centers or {})
    if units is None or centers is None:
        return None
    given = orders or {}
    for lst in given.values():
        if type(lst) is not list or not all(map(_short_text, lst)):
            return None
    _count_orders(game, given)
    orders = _known_orders(index, given)
    if orders is None:
        return None
    readings = _parse_all(game, orders)
    _orders_per_unit(game, index, given, readings)
    return PhaseRequest(phase_name, *phase, units, centers, {}, set(), orders, {}, None, readings)


def _plain_stated(request: dict) -> bool:
    """`adjustments` and `winner` absent or of the schema's types (_check_stated reads
    their values later on either path)."""
    adjustments, winner = request.get("adjustments", {}), request.get("winner")
    return (type(adjustments) is dict and all(type(n) is int for n in adjustments.values())
            and (winner is None or (type(winner) is str and len(winner) <= 200)))


def _short_text(value) -> bool:
    """An order as the schema allows one: a text of at most 500 characters."""
    return type(value) is str and len(value) <= _Index.TEXT


# Each part of a request is read twice over at most: first by the loop for a request like
# the ones before (every name and text found in the game's tables, nothing wrong: a plain
# loop of dict lookups, which is what a stream of phases almost always is), and when
# that loop meets anything else, by the reading that checks each value in turn and
# names the first fault (powers in sorted order, so the report does not depend on the
# order of the request's keys).

def _known_units(index: _Index, given: dict) -> dict[str, Unit] | None:
    units: dict[str, Unit] = {}
    powers, known = index.powers, index.units
    try:
        for pname, lst in given.items():
            power = powers.get(pname)
            if power is None or type(lst) is not list:
                return None
            mine = known.get(power)
            if mine is None:
                return None
            for text in lst:
                hit = mine.get(text)
                if hit is None or hit[0] in units:
                    return None
                units[hit[0]] = hit[1]
    except TypeError:               # an unhashable value where a name belongs
        return None
    return units


def _read_units(game: Game, index: _Index, given: dict) -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    for pname in sorted(given, key=str):     # power names may be any JSON key
        lst = given[pname]
        power = index.powers.get(pname) or _power(game, pname, ("units", pname))
        known = index.units.setdefault(power, {})
        for i, text in enumerate(lst):
            hit = known.get(text)
            if hit is None:     # read once; the Unit is shared (units are never changed)
                u = parse_unit(game, text, power, ("units", pname, i))
                hit = (province_of(u.location), u)
                if index.kept < _Index.LIMIT and len(text) <= _Index.TEXT:
                    known[text] = hit
                    index.kept += 1
            p, u = hit
            if p in units:
                raise AdjudicationError(f"units.{pname}[{i}]: {p} already holds {units[p]} "
                                        f"({units[p].power})", json_pointer("units", pname, i),
                                        hint="one unit stands in a province: list each unit once")
            units[p] = u
    return units


def _known_orders(index: _Index, given: dict) -> dict[str, list[str]] | None:
    orders: dict[str, list[str]] = {}
    powers = index.powers
    for pname, lst in given.items():
        power = powers.get(pname)
        if power is None or power in orders or type(lst) is not list:
            return None
        orders[power] = lst
    return orders


def _read_orders(game: Game, index: _Index, given: dict) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for pname in sorted(given, key=str):     # power names may be any JSON key
        lst = given[pname]
        power = index.powers.get(pname) or _power(game, pname, ("orders", pname))
        orders.setdefault(power, []).extend([lst] if isinstance(lst, str) else lst)
    return orders


def _counts(given: dict):
    """How many orders each power gives (a lone order may be written as a string)."""
    return (1 if isinstance(lst, str) else len(lst) for lst in given.values())


def _count_orders(game: Game, given: dict) -> None:
    """At most ORDERS_PER_UNIT orders for each province of the map; past that, the
    request is refused at the first order too many (powers in sorted order)."""
    most = ORDERS_PER_UNIT * len(game.map.provinces)
    if sum(_counts(given)) <= most:
        return
    for pname in sorted(given, key=str):
        lst = given[pname]
        if type(lst) is list and len(lst) > most:
            raise AdjudicationError(f"the request holds more than {most:,} orders, {ORDERS_PER_UNIT} for "
                                    "each province of the map", json_pointer("orders", pname, most),
                                    UNREADABLE_REQUEST, "give each unit one order")
        most -= len(lst) if type(lst) is list else 1


def _orders_per_unit(game: Game, index: _Index, given: dict, readings: list) -> None:
    """At most ORDERS_PER_UNIT orders of one power for one unit (its province); the
    first one past that is refused. Each order is read as _parse_all found it
    (`readings`); a province named that often is rare, and only then are the orders
    walked in the request's order to name the first one too many."""
    provinces = [o.province for _, o, _, _ in readings if o is not None and o.province]
    if len(provinces) - len(set(provinces)) < ORDERS_PER_UNIT:
        return      # (five orders for one province would be four repeats)
    seen: dict[tuple[str, str], int] = {}
    for pname in sorted(given, key=str):
        lst = [given[pname]] if isinstance(given[pname], str) else given[pname]
        power = index.powers.get(pname) or _power(game, pname, ("orders", pname))
        for i, text in enumerate(lst):
            order = _reading(game, index, power, text)[1]
            if order is None or not order.province:
                continue
            key = (power, order.province)
            seen[key] = n = seen.get(key, 0) + 1
            if n > ORDERS_PER_UNIT:
                raise AdjudicationError(f"orders.{pname}[{i}]: more than {ORDERS_PER_UNIT} orders for the unit "
                                        f"in {game.map.display(order.province)}", json_pointer("orders", pname, i),
                                        UNREADABLE_REQUEST, "give each unit one order (two void each other)")


def _movement_before(game: Game, movement, season: str, year: int) -> dict:
    """Adjudicate the movement a retreat request names; errors point inside it."""
    if movement.get("phase") != f"{season}{year}M":
        raise AdjudicationError(f"'movement' must be the {season}{year}M request this retreat phase "
                                f"follows, got phase {quoted(movement.get('phase'))}",
                                "/movement/phase" if "phase" in movement else "/movement",
                                hint=f'give the movement request with "phase": "{season}{year}M"')
    try:
        return {"request": movement, "after": adjudicate_phase(game, movement).after.to_json()}
    except AdjudicationError as exc:
        raise AdjudicationError(f"movement: {exc.message}", "/movement" + exc.pointer, exc.code, exc.hint) from None


def _parse_dislodged(game: Game, raw: dict, step: str, units: dict[str, Unit]):
    """The dislodged units a retreat request states, each one a dislodgement the movement
    could have made (outside a retreat phase the schema allows only empty lists)."""
    dislodged: dict[str, Dislodged] = {}
    given_options: dict[str, tuple[list[str], str]] = {}     # province -> (retreats given, pointer)
    for pname in sorted(raw, key=str):     # power names may be any JSON key
        power = _power(game, pname, ("dislodged", pname))
        for i, item in enumerate(raw[pname] if step == "R" else ()):
            where, ptr = place_of(("dislodged", pname, i))
            u = parse_unit(game, item["unit"], power, where, ptr + "/unit")
            p = province_of(u.location)
            if p in dislodged:
                raise AdjudicationError(f"{where}: two dislodged units in {p}", ptr + "/unit",
                                        hint="list each dislodged unit once")
            att = item["attacker_from"]
            att_id = _province(game, att)
            if att_id is None:
                raise AdjudicationError(f"{where}: unknown province {quoted(att)} in attacker_from",
                                        ptr + "/attacker_from",
                                        hint="name the province the dislodging unit moved from")
            _check_attack(game, units, u, att_id, item["via_convoy"], where, ptr)
            dislodged[p] = Dislodged(u, att_id, item["via_convoy"])
            if "retreats" in item:
                given_options[p] = (_given_retreats(game, item["retreats"], ("dislodged", pname, i, "retreats")),
                                    ptr + "/retreats")
    return dislodged, given_options


def _check_attack(game: Game, units: dict[str, Unit], u: Unit, att: str, via_convoy: bool, where: str,
                  ptr: str) -> None:
    """A stated dislodgement must be one a movement could have made: the dislodging unit
    (of another power) stands where the dislodged one stood, and came from a neighbour
    or, an army, by convoy. Else the retreats worked out from it would be answers to a
    position that cannot arise (attacker_from decides where the unit may not go)."""
    p = province_of(u.location)
    attacker = units.get(p)
    hint = "copy the dislodged units from the movement's result ('after'), or give \"movement\""
    if attacker is None or attacker.power == u.power:
        raise AdjudicationError(f"{where}: no unit of another power stands in {game.map.display(p)}, "
                                f"where the unit was dislodged", ptr + "/unit", hint=hint)
    m = game.map
    if via_convoy:
        ok = attacker.kind == "A" and att != p
    elif attacker.kind == "A":
        ok = p in m.army_adj.get(att, ())
    else:
        prov = m.provinces[att]
        ok = any(attacker.location in m.fleet_adj.get(loc, ())
                 for loc in (att, *(f"{att}/{c}" for c in prov.coasts)))
    if not ok:
        how = "by convoy" if via_convoy else "from there"
        raise AdjudicationError(f"{where}: the {attacker} in {m.display(p)} cannot have come {how} "
                                f"(attacker_from {m.display(att)}, via_convoy {str(via_convoy).lower()})",
                                ptr + "/attacker_from", hint=hint)


def _given_retreats(game: Game, given, where) -> list[str]:
    """The locations a request restricts a dislodged unit's retreats to, each read as an
    order's would be ("PIC", "Picardy", "stp/nc"); checked against the position later."""
    text, pointer = place_of(where)
    out = []
    for i, x in enumerate(given):
        try:
            if len(x) > _Index.TEXT:
                raise OrderSyntaxError("not a location")
            out.append(read_location(x, game.map))
        except OrderSyntaxError:
            raise AdjudicationError(f"{text}[{i}]: {quoted(x)} is not a location of the map", pointer + f"/{i}",
                                    hint="name where the unit may retreat: a province id or name, "
                                         "with its coast for a fleet (STP/NC)") from None
    return out


def _restricted(game: Game, options: list[str], given: list[str], pointer: str, d: Dislodged) -> list[str]:
    """A dislodged unit's retreats restricted to the ones the request gives; a given one
    the unit cannot take is a fact stated wrong, refused (a province for a coast the unit
    can reach there is that coast)."""
    chosen = set()
    for i, loc in enumerate(given):
        if loc not in options:
            same = [o for o in options if province_of(o) == province_of(loc)]
            if len(same) != 1:
                raise AdjudicationError(f"{d.unit} cannot retreat to {game.map.display(loc)}, which its "
                                        "'retreats' give", f"{pointer}/{i}",
                                        hint="leave 'retreats' out, or list only where the unit may go: "
                                             + (", ".join(options) or "nowhere (it is disbanded)"))
            loc = same[0]
        chosen.add(loc)
    return [o for o in options if o in chosen]


def _reading(game: Game, index: _Index, power: str, text: str) -> tuple[str, Order | None, str, str]:
    """(power, order or None, text as written, syntax error) of one order text, read once
    per game: the reading depends only on the text, its power and the map."""
    cache = index.orders.get(power)
    if cache is None:
        cache = index.orders[power] = {}
    hit = cache.get(text)
    if hit is None:
        try:
            order = parse_order(text, power, game.map)
            # (the order's text is the one written, spaces evened, unless the reader
            # dropped a closing full stop)
            hit = (power, order, text if order.text == text else " ".join(text.split()), "")
        except OrderSyntaxError as exc:
            hit = (power, None, " ".join(text.split()), str(exc))
        if index.kept < _Index.LIMIT and len(text) <= _Index.TEXT:
            cache[text] = hit
            index.kept += 1
    return hit


def _parse_all(game: Game, orders: dict[str, list[str]]) -> list[tuple[str, Order | None, str, str]]:
    """(power, order or None, text as written, syntax error) of each order, powers in
    order: games repeat the same orders phase after phase, so known texts are found by
    builtins and only the others read (_reading)."""
    index = _index(game)
    known = index.orders
    out = []
    for power in sorted(orders):
        texts = orders[power]
        cache = known.get(power)
        hits = list(map(cache.get, texts)) if cache is not None else [None] * len(texts)
        if None in hits:
            for i, text in enumerate(texts):
                if hits[i] is None:
                    hits[i] = _reading(game, index, power, text)
        out += hits
    return out


# --- phases ---------------------------------------------------------------------------

def _update_centers(game: Game, units: dict[str, Unit], centers: dict[str, list[str]]) -> dict[str, list[str]]:
    """After a fall turn, each occupied supply centre belongs to the occupying power (a power no
    player moves takes none); the modules' change is owners_after's."""
    index = _index(game)
    neutrals, supply_centers = index.neutrals, index.supply_centers
    owner = {c: p for p, cs in centers.items() for c in cs}
    for prov, u in units.items():
        if prov in supply_centers and u.power not in neutrals:
            owner[prov] = u.power
    out: dict[str, list[str]] = {}
    for c, p in owner.items():
        out.setdefault(p, []).append(c)
    return out


def _needs_adjustment(game: Game, units: dict[str, Unit], centers: dict[str, list[str]],
                      phase: str = "") -> dict[str, int]:
    """Power -> its builds (+) or removals (-) due in the adjustment `phase`, none listed at 0."""
    counts: dict[str, int] = {}
    for u in units.values():
        counts[u.power] = counts.get(u.power, 0) + 1
    neutrals = _index(game).neutrals
    for neutral in neutrals:
        counts.pop(neutral, None)
    due = {}
    changes = _index(game).due_changes
    # a module may give builds to a power with no unit and no centre (custom start's opening sites)
    listed = counts.keys() | centers.keys() | (set(game.map.powers) - neutrals if changes else set())
    for p in sorted(listed):
        n = builds_due(game, phase, p, centers.get(p, ()), counts.get(p, 0))
        if n:
            due[p] = n
    built = neutral_builds(game, units, centers)      # the rules build for a power no player moves
    if built:
        due = dict(sorted({**due, **{p: due.get(p, 0) + len(v) for p, v in built.items()}}.items()))
    placed = placements(game, phase, units)     # a power the rules place anew (a roving hazard)
    if placed:
        due = dict(sorted({**due, **{p: most for p, (_, most, _) in placed.items()}}.items()))
    return due


def _units_out(game: Game, units: dict[str, Unit]) -> dict[str, list[str]]:
    """{power: ["A PAR", ...]}, powers in order, each one's units by location (one
    location holds one unit; grouped first, so each sort compares strings, not pairs)."""
    by_power: dict[str, list[Unit]] = {}
    for u in units.values():
        mine = by_power.get(u.power)
        if mine is None:
            by_power[u.power] = [u]
        else:
            mine.append(u)
    out: dict[str, list[str]] = {}
    for power in sorted(by_power):
        mine = by_power[power]
        mine.sort(key=_LOCATION)
        out[power] = list(map(_NAME, mine))
    return out


def _centers_out(centers: dict[str, list[str]]) -> dict[str, list[str]]:
    return {p: sorted(v) for p, v in sorted(centers.items()) if v}


@dataclass(frozen=True, slots=True)
class PositionAfter:
    """The position a phase leaves: itself the next phase's request, orders aside."""

    phase: str
    units: dict[str, list[str]]         # power -> its units ("A PAR"), by location
    dislodged: dict[str, list[dict]]    # power -> {unit, attacker_from, via_convoy, retreats}
    centers: dict[str, list[str]]
    contested: list[str]
    adjustments: dict[str, int]
    winner: str | None
    home_centers: dict[str, list[str]] | None = None    # the home centres in play, once set in play

    def to_json(self) -> dict:
        out = {"phase": self.phase, "units": self.units, "dislodged": self.dislodged, "centers": self.centers,
               "contested": self.contested, "adjustments": self.adjustments, "winner": self.winner}
        if self.home_centers is not None:
            out["home_centers"] = self.home_centers
        return out


@dataclass(frozen=True, slots=True)
class PhaseResult:
    """One phase adjudicated: each order's row, why (one sentence a step), the units its
    rules removed, and the position after. `verdicts` holds each row's typed Verdict
    (None for an order that was not legal); JSON carries its reason.

    `trace` is the response's list: the phase's notes, then one line per row (in row
    order), then the notes after them. `rows_at` is where the rows' lines begin, so
    readers take `row_lines` and `notes` apart by index, never by matching text."""

    phase: str
    results: list[dict]
    trace: list[str]
    disbanded: dict[str, list[str]]
    after: PositionAfter
    verdicts: tuple[Verdict | None, ...] = ()
    rows_at: int = 0
    years: dict[str, int] | None = None     # the years the phase and the next stand for (turn_years)

    @property
    def row_lines(self) -> list[str]:
        """One line per row of `results`, in the same order."""
        return self.trace[self.rows_at:self.rows_at + len(self.results)]

    @property
    def notes(self) -> list[str]:
        """The trace lines that belong to no single order (dislodgements, disbands, a win)."""
        return self.trace[:self.rows_at] + self.trace[self.rows_at + len(self.results):]

    def to_json(self) -> dict:
        """The response (schemas/adjudication-response.schema.json)."""
        out = {"phase": self.phase, "results": self.results, "trace": self.trace,
               "disbanded": self.disbanded, "after": self.after.to_json()}
        if self.years is not None:
            out["years"] = self.years
        return out


def adjudicate(game: Game, request: dict) -> dict:
    """Adjudicate one phase; see the module docstring for the JSON shapes."""
    return adjudicate_phase(game, request).to_json()


def adjudicate_phase(game: Game, request: dict) -> PhaseResult:
    """Adjudicate one phase: the request read (parse_request), the result typed."""
    req = parse_request(game, request)
    season, year, step = req.season, req.year, req.step
    units: dict[str, Unit] = req.units
    centers = req.centers
    if "adjustments" in request or "winner" in request:
        _check_stated(game, request, req)
    homes = _homes_in_play(game, req)
    trace: list[str] = []
    after_dislodged: dict[str, Dislodged] = {}
    disbanded: list[Unit] = []
    contested: set[str] = set()
    retreats: dict[str, list[str]] = {}     # dislodged unit's province -> where it may go
    neutrals = _index(game).neutrals
    if step == "M":
        index = _index(game)
        submitted = list(req.readings)
        if index.standing:      # a module orders for a power no player moves
            moves = {o.province: province_of(o.dest) for _, o, _, _ in submitted
                     if o is not None and o.kind == "move"}
            submitted += _parse_all(game, standing_orders(game, units, moves))
        out = adjudicate_movement(game.map, units, submitted,
                                  rules=index.movement_rules
                                  or MovementRules(game, (o for _, o, _, _ in submitted)))
        results = None
        new_units, journeys = relocated(out.units, out.transformed)
        contested = out.contested
        occupied = set(new_units)
        for prov, (u, by, via) in sorted(out.dislodged.items()):
            why = no_retreat(game, u)
            d = Dislodged(u, by, via)
            if not why:
                found = retreats[prov] = retreat_options(game, d, occupied, contested)
                if not found:
                    why = "it has nowhere to retreat"
            if why:
                trace.append(f"{u} ({u.power}) is dislodged and disbanded: {why}")
                disbanded.append(u)
                continue
            after_dislodged[prov] = d
        gone = dict(journeys)
        for prov, u in sorted(out.transformed.items()):
            trace.append(f"{u.power}'s unit in {game.map.display(prov)} "
                         f"{'travels to' if prov in gone else 'becomes'} {u}")
    elif step == "R":
        dislodged = req.dislodged
        auto = {p: why for p, d in dislodged.items() if (why := no_retreat(game, d.unit))}
        options = {p: retreat_options(game, d, set(units), req.contested) for p, d in dislodged.items()
                   if p not in auto}
        for p, (given, pointer) in req.options.items():
            if p in options:
                options[p] = _restricted(game, options[p], given, "/movement" if req.movement else pointer,
                                         dislodged[p])
        results, new_units, more, disbanded = adjudicate_retreats(
            game.map, units, dislodged, req.contested, req.readings, auto, options, retreat_gives_way(game))
        trace += more
    else:
        powers = sorted(set(game.map.powers) | {u.power for u in units.values() if u.power not in neutrals}
                        | set(centers))
        orders = dict(req.orders)
        due = _needs_adjustment(game, units, centers, req.phase)
        for power in powers:
            if due.get(power, 0) <= 0 or orders.get(power):
                continue   # no builds due (e.g. owns no centre in this request), or orders given
            use = default_orders(game, req.phase, power)
            if use:
                orders[power] = use
                trace.append(f"{power} gave no orders in the opening build phase and gets its "
                             f"default builds: {', '.join(use)}")
        results, new_units, more, _ = adjudicate_adjustments(game, units, centers,
                                                             _parse_all(game, orders), powers, homes,
                                                             req.phase)
        trace += more
        disbanded = [u for p, u in sorted(units.items()) if p not in new_units]
    verdicts: tuple[Verdict | None, ...] = ()
    rows_at = len(trace)                # the rows' lines follow the notes made so far
    if results is None:                 # movement: rows and lines made by the adjudicator
        shown = out.results
        verdicts = tuple(out.verdicts)
        if trace:
            trace += out.trace
        else:
            trace = out.trace
    else:
        shown = []
        for r in results:
            trace.append(f"{r.canonical if r.legal else r.order}: {r.result}, {r.reason}")
            shown.append(r.to_dict())
        verdicts = tuple(r.verdict for r in results)
    # next phase and centre ownership (the lists are copied by _centers_out)
    new_centers = centers
    won = None
    due = None
    if step == "M" and after_dislodged:
        next_phase = f"{season}{year}R"
    elif step in ("M", "R") and season == "F":
        new_centers = owners_after(game, req.phase, new_units, _update_centers(game, new_units, centers))
        won = winner(game, new_centers, new_units)
        due = _needs_adjustment(game, new_units, new_centers, f"W{year}A")
        next_phase = f"W{year}A" if due else f"S{year + 1}M"
    elif step in ("M", "R"):
        next_phase = f"F{year}M"
    else:
        next_phase = f"S{year + 1}M"
        new_centers = owners_after(game, req.phase, new_units, centers)
        won = winner(game, new_centers, new_units)
    occupied = set(new_units) if after_dislodged else set()
    dis_out: dict[str, list[dict]] = {}
    for prov, d in sorted(after_dislodged.items()):
        dis_out.setdefault(d.unit.power, []).append({
            "unit": f"{d.unit.kind} {d.unit.location}", "attacker_from": d.attacker_from,
            "via_convoy": d.via_convoy,
            "retreats": retreats[prov] if prov in retreats else retreat_options(game, d, occupied, contested)})
    carried = home_centres(game, next_phase, new_centers, req.homes) if homes is not None else None
    after = PositionAfter(next_phase, _units_out(game, new_units), dis_out, _centers_out(new_centers),
                          sorted(contested), (due or {}) if next_phase.endswith("A") else {},
                          won[0] if won else None,
                          _centers_out(carried[0]) if carried and carried[1] and carried[0] is not None else None)
    if won:
        trace.append(won[1])
    gone: dict[str, list[str]] = {}
    for u in disbanded:
        gone.setdefault(u.power, []).append(f"{u.kind} {u.location}")
    shown_now = shown_year(game, req.phase)
    return PhaseResult(req.phase, shown, trace,
                       {p: sorted(v) for p, v in sorted(gone.items())} if gone else {}, after, verdicts,
                       rows_at, None if shown_now is None else {"phase": shown_now,
                                                                "after": shown_year(game, next_phase)})


def _homes_in_play(game: Game, req: PhaseRequest) -> dict[str, list[str]] | None:
    """Each power's home centres in play at the request's phase when a rule module changes
    them in play (home_centres_in_play), None when they are the map's. A request past the
    date they were set must state them (`home_centers`, as the `after` before it gives
    them); one that states them where they are not a fact of the position is refused."""
    in_play = home_centres(game, req.phase, req.centers, req.homes) if _index(game).homes_change else None
    if req.homes is not None and (in_play is None or not in_play[1]):
        why = ("this game's home centres are those of its map" if in_play is None else
               "until the date they are set in play every owned centre is a home centre")
        raise AdjudicationError(f"'home_centers' is not a fact of this position: {why}", "/home_centers",
                                hint="leave 'home_centers' out")
    if in_play is None:
        return None
    homes, _ = in_play
    if homes is None:
        raise incomplete("'home_centers' is missing: this game's home centres were set in play by the "
                         "centres each power held at a date now past, and a request states them", "",
                         "copy \"home_centers\" from the 'after' of the phase before")
    return homes


def _check_stated(game: Game, request: dict, req: PhaseRequest) -> None:
    """`adjustments` and `winner`, when a request states them (a chained `after` does),
    must be what the position says (a power stated with 0 is one with none due)."""
    if "adjustments" in request:
        stated = request["adjustments"]
        due = _needs_adjustment(game, req.units, req.centers, req.phase) if req.step == "A" else {}
        got: dict[str, int] = {}
        written: dict[str, str] = {}
        for pname in sorted(stated, key=str):
            n = stated[pname]
            power = _power(game, pname, ("adjustments", pname))
            if power in got:
                raise AdjudicationError(f"adjustments.{pname}: {power} is stated twice (as "
                                        f"{quoted(written[power])} too)", json_pointer("adjustments", pname),
                                        hint="state each power once")
            got[power] = n
            written[power] = pname
        for power in sorted(got.keys() | due.keys()):
            says, gives = got.get(power, 0), due.get(power, 0)
            if says != gives:
                told = f"says {quoted(says)} for {power}" if power in got else f"leaves out {power}"
                raise AdjudicationError(f"'adjustments' {told} but the units and centres give {gives}",
                                        "/adjustments",
                                        hint="leave 'adjustments' out, or state what the position gives")
    if "winner" in request:
        stated = request["winner"]
        if stated is not None:
            stated = _power(game, stated, ("winner",))
        won = winner(game, req.centers, req.units)
        if stated != (won[0] if won else None):
            raise AdjudicationError(f"'winner' says {stated} but the centres give "
                                    f"{won[0] if won else None}", "/winner",
                                    hint="leave 'winner' out, or state what the centres give")
