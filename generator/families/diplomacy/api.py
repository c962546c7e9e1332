"""`adjudicate(game, request) -> response`: one phase, JSON in and JSON out.

Request (powers and provinces as the game names them; case-insensitive):

    {"phase": "F1901M",                      # S/F/W, year, then M (movement), R (retreat), A (adjustment)
     "units":   {"ENGLAND": ["F LON", "A LVP"]},
     "centers": {"ENGLAND": ["LON", "LVP", "EDI"]},
     "dislodged": {"ENGLAND": [{"unit": "F NTH", "attacker_from": "HOL"}]},   # retreat phases only;
                                              # optional "via_convoy": true, "retreats": [...]
     "contested": ["BUR"],                    # retreat phases only, optional: standoff provinces
     "orders":  {"ENGLAND": ["F LON - NTH"]}}

Response:

    {"phase": "F1901M",
     "results": [{"power", "order", "canonical", "unit", "legal", "result", "reason"}, ...],
     "trace": ["...why, one sentence a step"],
     "after": {"phase": "W1901A", "units": {...}, "centers": {...},
               "dislodged": {"ENGLAND": [{"unit", "attacker_from", "via_convoy", "retreats"}]},
               "contested": [...], "adjustments": {"ENGLAND": 1}, "winner": null}}

`result` is "succeeds" or "fails"; an order that is not understood or not legal
has `legal: false`, fails, and its unit holds (movement) or is disbanded
(retreat). Bad requests raise `AdjudicationError` with a clear message.
"""
from __future__ import annotations

import re

from .adjustments import adjudicate_adjustments
from .model import Game, province_of
from .movement import IllegalOrder, OrderResult, Unit, adjudicate_movement
from .orders import Order, OrderSyntaxError, _Reader, parse_order
from .retreats import Dislodged, adjudicate_retreats, retreat_options
from .rules import enabled
from .rules._engine import MovementRules, default_orders, no_retreat, standing_orders, winner

PHASE = re.compile(r"^([SFW])(\d{1,4})([MRA])$")
REQUEST_KEYS = {"phase", "units", "centers", "dislodged", "contested", "orders"}


class AdjudicationError(ValueError):
    """The request is malformed: the message says what and where."""


# --- request parsing ------------------------------------------------------------------

def _powers(game: Game) -> dict[str, str]:
    """Lower-case power id or name -> id (the neutral power included when enabled)."""
    cached = getattr(game, "_power_names", None)
    if cached is not None:
        return cached
    names = {}
    for p in game.map.powers.values():
        names[p.id.lower()] = p.id
        names[p.name.lower()] = p.id
    n = _neutral(game)
    if n:
        names[n.lower()] = n
    game._power_names = names
    return names


def _neutral(game: Game) -> str | None:
    return enabled(game).neutral


def _power(game: Game, name, where: str) -> str:
    if not isinstance(name, str):
        raise AdjudicationError(f"{where}: power names are strings, got {name!r}")
    pid = _powers(game).get(name.lower())
    if pid is None:
        raise AdjudicationError(f"{where}: unknown power '{name}' (powers: "
                                f"{', '.join(sorted(game.map.powers))})")
    return pid


def parse_unit(game: Game, text, power: str, where: str) -> Unit:
    m = game.map
    if not isinstance(text, str) or len(text.split()) < 2:
        raise AdjudicationError(f"{where}: a unit is written 'A PAR' or 'F STP/NC', got {text!r}")
    letter, rest = text.split(None, 1)
    kind = {"a": "A", "army": "A", "f": "F", "fleet": "F"}.get(letter.lower())
    if kind is None:
        raise AdjudicationError(f"{where}: unit type must be A or F in {text!r}")
    try:
        r = _Reader(rest, m)
        loc = r.location("unit location")
        if not r.done():
            raise OrderSyntaxError(f"unexpected '{' '.join(r.tokens[r.i:])}'")
    except OrderSyntaxError as exc:
        raise AdjudicationError(f"{where}: {exc} in {text!r}") from None
    prov = m.provinces[province_of(loc)]
    allowed = prov.locations(kind)
    if kind == "A":
        if not allowed:
            raise AdjudicationError(f"{where}: an army cannot stand in {prov.id} ({prov.type})")
        loc = prov.id
    else:
        if not allowed:
            raise AdjudicationError(f"{where}: a fleet cannot stand in {prov.id} ({prov.type})")
        if loc not in allowed:
            if "/" not in loc and prov.coasts:
                raise AdjudicationError(f"{where}: name the coast of the fleet in {prov.id}: "
                                        + " or ".join(allowed))
            if prov.coasts:
                raise AdjudicationError(f"{where}: {prov.id} has no coast {loc}")
            loc = prov.id
    return Unit(power, kind, loc)


def _mapping(request: dict, key: str) -> dict:
    value = request.get(key) or {}
    if not isinstance(value, dict):
        raise AdjudicationError(f"'{key}' must map power names to lists")
    return value


def parse_request(game: Game, request) -> dict:
    if not isinstance(request, dict):
        raise AdjudicationError("the request must be a JSON object")
    extra = set(request) - REQUEST_KEYS
    if extra:
        raise AdjudicationError(f"unknown request key(s): {', '.join(sorted(extra))} "
                                f"(expected {', '.join(sorted(REQUEST_KEYS))})")
    phase = request.get("phase")
    match = PHASE.match(phase) if isinstance(phase, str) else None
    if not match:
        raise AdjudicationError(f"'phase' must look like S1901M, F1901R or W1901A, got {phase!r}")
    season, year, step = match.group(1), int(match.group(2)), match.group(3)
    if (season == "W") != (step == "A"):
        raise AdjudicationError(f"phase {phase}: adjustments (A) happen in winter (W), "
                                "movement and retreats in spring (S) or fall (F)")
    units: dict[str, Unit] = {}
    for pname, lst in sorted(_mapping(request, "units").items()):
        power = _power(game, pname, f"units.{pname}")
        if not isinstance(lst, list):
            raise AdjudicationError(f"units.{pname} must be a list")
        for i, text in enumerate(lst):
            u = parse_unit(game, text, power, f"units.{pname}[{i}]")
            p = province_of(u.location)
            if p in units:
                raise AdjudicationError(f"units.{pname}[{i}]: {p} already holds {units[p]} "
                                        f"({units[p].power})")
            units[p] = u
    centers: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    for pname, lst in sorted(_mapping(request, "centers").items()):
        power = _power(game, pname, f"centers.{pname}")
        if not isinstance(lst, list):
            raise AdjudicationError(f"centers.{pname} must be a list")
        for i, name in enumerate(lst):
            pid = game.map.lookup(str(name))
            if pid is None or not game.map.provinces[pid].supply_center:
                raise AdjudicationError(f"centers.{pname}[{i}]: '{name}' is not a supply centre")
            if pid in owner:
                raise AdjudicationError(f"centers.{pname}[{i}]: {pid} is already owned by {owner[pid]}")
            owner[pid] = power
            centers.setdefault(power, []).append(pid)
    dislodged: dict[str, Dislodged] = {}
    given_options: dict[str, list[str]] = {}
    raw_dislodged = _mapping(request, "dislodged")
    if raw_dislodged and step != "R":
        raise AdjudicationError("'dislodged' units belong only in a retreat phase (…R)")
    for pname, lst in sorted(raw_dislodged.items()):
        power = _power(game, pname, f"dislodged.{pname}")
        for i, item in enumerate(lst if isinstance(lst, list) else []):
            where = f"dislodged.{pname}[{i}]"
            if not isinstance(item, dict) or "unit" not in item:
                raise AdjudicationError(f"{where}: expected {{\"unit\": \"F NTH\", \"attacker_from\": \"HOL\"}}")
            u = parse_unit(game, item["unit"], power, where)
            p = province_of(u.location)
            if p in dislodged:
                raise AdjudicationError(f"{where}: two dislodged units in {p}")
            att = item.get("attacker_from")
            att_id = game.map.lookup(str(att)) if att else ""
            if att and att_id is None:
                raise AdjudicationError(f"{where}: unknown province '{att}' in attacker_from")
            dislodged[p] = Dislodged(u, att_id or "", bool(item.get("via_convoy", False)))
            if "retreats" in item:
                given_options[p] = [str(x).upper() for x in item["retreats"] or []]
    contested = set()
    for name in request.get("contested") or []:
        pid = game.map.lookup(str(name))
        if pid is None:
            raise AdjudicationError(f"contested: unknown province '{name}'")
        contested.add(pid)
    orders: dict[str, list[str]] = {}
    for pname, lst in sorted(_mapping(request, "orders").items()):
        power = _power(game, pname, f"orders.{pname}")
        if isinstance(lst, str):
            lst = [lst]
        if not isinstance(lst, list) or not all(isinstance(x, str) for x in lst):
            raise AdjudicationError(f"orders.{pname} must be a list of order strings")
        orders.setdefault(power, []).extend(lst)
    return {"phase": phase, "season": season, "year": year, "step": step, "units": units,
            "centers": centers, "dislodged": dislodged, "contested": contested, "orders": orders,
            "options": given_options}


def _parse_all(game: Game, orders: dict[str, list[str]]) -> list[tuple[str, Order | None, str, str]]:
    out = []
    for power in sorted(orders):
        for text in orders[power]:
            shown = " ".join(text.split())
            try:
                out.append((power, parse_order(text, power, game.map), shown, ""))
            except OrderSyntaxError as exc:
                out.append((power, None, shown, str(exc)))
    return out


# --- phases ---------------------------------------------------------------------------

def _update_centers(game: Game, units: dict[str, Unit], centers: dict[str, list[str]]) -> dict[str, list[str]]:
    """After a fall turn, each occupied supply centre belongs to the occupying power."""
    neutral = _neutral(game)
    owner = {c: p for p, cs in centers.items() for c in cs}
    for prov, u in units.items():
        if game.map.provinces[prov].supply_center and u.power != neutral:
            owner[prov] = u.power
    out: dict[str, list[str]] = {}
    for c, p in owner.items():
        out.setdefault(p, []).append(c)
    return out


def _needs_adjustment(game: Game, units: dict[str, Unit], centers: dict[str, list[str]]) -> dict[str, int]:
    neutral = _neutral(game)
    counts: dict[str, int] = {}
    for u in units.values():
        if u.power != neutral:
            counts[u.power] = counts.get(u.power, 0) + 1
    powers = set(counts) | set(centers)
    return {p: len(centers.get(p, [])) - counts.get(p, 0) for p in sorted(powers)
            if len(centers.get(p, [])) != counts.get(p, 0)}


def _units_out(game: Game, units: dict[str, Unit]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in units.values():
        out.setdefault(u.power, []).append(f"{u.kind} {u.location}")
    return {p: sorted(v, key=lambda s: (s[2:], s)) for p, v in sorted(out.items())}


def _centers_out(centers: dict[str, list[str]]) -> dict[str, list[str]]:
    return {p: sorted(v) for p, v in sorted(centers.items()) if v}


def adjudicate(game: Game, request: dict) -> dict:
    """Adjudicate one phase; see the module docstring for the JSON shapes."""
    req = parse_request(game, request)
    season, year, step = req["season"], req["year"], req["step"]
    units: dict[str, Unit] = req["units"]
    centers = req["centers"]
    trace: list[str] = []
    after_dislodged: dict[str, Dislodged] = {}
    contested: set[str] = set()
    neutral = _neutral(game)
    if step == "M":
        submitted = _parse_all(game, req["orders"])
        moves = {o.province: province_of(o.dest) for _, o, _, _ in submitted
                 if o is not None and o.kind == "move"}
        submitted += _parse_all(game, standing_orders(game, units, moves))
        out = adjudicate_movement(game.map, units, submitted,
                                  rules=MovementRules(game, [o for _, o, _, _ in submitted]))
        results = out.results
        new_units = out.units
        contested = out.contested
        for prov, (u, by, via) in sorted(out.dislodged.items()):
            why = no_retreat(game, u)
            if why:
                trace.append(f"{u} ({u.power}) is dislodged and disbanded: {why}")
                continue
            after_dislodged[prov] = Dislodged(u, by, via)
        for prov, u in sorted(out.transformed.items()):
            trace.append(f"{u.power}'s unit in {game.map.display(prov)} becomes {u}")
    elif step == "R":
        dislodged = req["dislodged"]
        auto = {p: why for p, d in dislodged.items() if (why := no_retreat(game, d.unit))}
        options = {p: retreat_options(game.map, d, set(units), req["contested"]) for p, d in dislodged.items()
                   if p not in auto}
        for p, given in req["options"].items():
            if p in options:
                options[p] = [x for x in options[p] if x in given]
        results, new_units, more = adjudicate_retreats(game.map, units, dislodged, req["contested"],
                                                       _parse_all(game, req["orders"]), auto, options)
        trace += more
    else:
        powers = sorted(set(game.map.powers) | {u.power for u in units.values() if u.power != neutral}
                        | set(centers))
        orders = dict(req["orders"])
        due = _needs_adjustment(game, units, centers)
        for power in powers:
            if due.get(power, 0) <= 0 or orders.get(power):
                continue   # no builds due (e.g. owns no centre in this request), or orders given
            use = default_orders(game, req["phase"], power)
            if use:
                orders[power] = use
                trace.append(f"{power} gave no orders in the opening build phase and gets its "
                             f"default builds: {', '.join(use)}")
        results, new_units, more, _ = adjudicate_adjustments(game, units, centers,
                                                             _parse_all(game, orders), powers)
        trace += more
    for r in results:
        trace.append(f"{r.canonical if r.legal else r.order}: {r.result}, {r.reason}")
    # next phase and centre ownership
    new_centers = {p: list(v) for p, v in centers.items()}
    won = None
    if step == "M" and after_dislodged:
        next_phase = f"{season}{year}R"
    elif step in ("M", "R") and season == "F":
        new_centers = _update_centers(game, new_units, centers)
        won = winner(game, new_centers, new_units)
        next_phase = f"W{year}A" if _needs_adjustment(game, new_units, new_centers) else f"S{year + 1}M"
    elif step in ("M", "R"):
        next_phase = f"F{year}M"
    else:
        next_phase = f"S{year + 1}M"
    occupied = set(new_units)
    dis_out: dict[str, list[dict]] = {}
    for prov, d in sorted(after_dislodged.items()):
        dis_out.setdefault(d.unit.power, []).append({
            "unit": f"{d.unit.kind} {d.unit.location}", "attacker_from": d.attacker_from,
            "via_convoy": d.via_convoy,
            "retreats": retreat_options(game.map, d, occupied, contested)})
    after = {"phase": next_phase, "units": _units_out(game, new_units), "dislodged": dis_out,
             "centers": _centers_out(new_centers), "contested": sorted(contested),
             "adjustments": _needs_adjustment(game, new_units, new_centers) if next_phase.endswith("A") else {},
             "winner": won[0] if won else None}
    if won:
        trace.append(won[1])
    return {"phase": req["phase"], "results": [r.to_dict() for r in results], "trace": trace, "after": after}
