"""railways: a line of provinces along which one army of a power may travel in a turn.

Colonial Diplomacy's Trans-Siberian Railroad, as vDiplomacy plays it (Colonial's rules
page, version 2.2): only Russia uses it, one unit a turn, from any station to any other;
it never attacks, foreign units block it, Russian units do not. A railway is data: its
stations in order (`route`) and the powers whose armies may use it (`powers`, every
power when empty):

    rules:
      railways: {railways: [{route: [MOS, PER, OMS, KRA, IRK, VLA], powers: [RUSSIA]}]}

The order is `A MOS RAIL VLA`. One unit of a power travels on a railway a turn: with two
such orders, the one of the unit first in province order travels and the other fails.

The journey is settled after the turn's other orders. Going station by station, a
station is blocked by a unit of another power that
  - stands there and does not move (holds, supports, convoys: even if dislodged),
  - stands there and moves along the route (to another station), unless the station is
    the destination: there only whether it gets away counts,
  - moves into it and gets in, or is held out only by the unit there failing to leave
    (it would have got in had that unit left: it beats every other unit moving in; a
    standoff with a third unit leaves the station open, as adjMoveTSRhelper's
    preventerTestSuccess reads it).
A foreign unit that tries to leave the route opens its station to the journey, whether
it gets away or not. The traveller's own units never block it. It stops at the last
station before the first blocked one, and at its destination when it gets there; it
never stops where a unit ends the turn or where a standoff left the province empty
(behind its own units, it waits at the last free station). When no station before the
block is free, it does not move.

Where this module reads the rule its own way (the engine settles module orders after the
standard decisions), against Colonial's classes (adjMoveTSR, adjMoveTSRhelper):
  - the traveller stands at its first station meanwhile, defending it like a unit that
    holds, and dislodged there it does not travel (vDiplomacy: a journey that gets away
    leaves the station with hold strength 0, so a unit moving in gets in and nobody is
    dislodged);
  - it never bounces a unit entering the route (vDiplomacy bounces one the journey
    reaches first, v12.TSR.C5: both ways the traveller stops before that station);
  - a journey cannot be supported (vDiplomacy lets a unit next to the destination
    support it; the support only adds to its strength against other units moving into
    the destination, v12.TSR.C9a). Its unit cannot be supported to hold either, as in
    vDiplomacy, where the journey is a move.
  - two units of its own power do not swap places by rail (vDiplomacy lets them, E2).
"""
from __future__ import annotations

from dataclasses import replace

from ....escape import code_span, md_text
from ...base import Page
from ..model import province_of
from ..movement import IllegalOrder
from ..orders import Order, end_of_order
from . import _example as example
from . import OrderKind, Param, Problem, RuleModule, WebdipForm

def _railways_shape(value) -> str | None:
    ok = isinstance(value, list) and all(
        isinstance(r, dict) and set(r) <= {"route", "powers"}
        and isinstance(r.get("route"), list) and len(r["route"]) >= 2
        and all(isinstance(x, str) for x in r["route"])
        and isinstance(r.get("powers", []), list) and all(isinstance(x, str) for x in r.get("powers", []))
        for r in value)
    return None if ok else "must be a list of {route: [A, B, ...], powers: [POWER]} entries"


def _route(railway: dict) -> list[str]:
    return [province_of(s) for s in railway["route"]]


def _railway_for(params: dict, unit, here: str, there: str) -> tuple[int, dict] | None:
    """(index, railway) of the first railway with both stations that the unit may use."""
    for i, railway in enumerate(params["railways"]):
        route = _route(railway)
        allowed = railway.get("powers") or [unit.power]
        if here in route and there in route and unit.power in allowed:
            return i, railway
    return None


def _path(railway: dict, here: str, there: str) -> list[str]:
    """The stations after `here` up to `there`, in travelling order."""
    route = _route(railway)
    a, b = route.index(here), route.index(there)
    return route[a + 1:b + 1] if a < b else route[b:a][::-1]


# --- the order -------------------------------------------------------------------

def parse(r, power: str, unit, location: str, raw: str) -> Order:
    """The rest of `A MOS RAIL VLA`: the station it travels to."""
    dest = r.location("station the unit travels to")
    end_of_order(r)
    return Order(power, "rail", unit, location, dest=dest, text=raw)


def canonical(order: Order, display) -> str:
    u = f"{order.unit} " if order.unit else ""
    return f"{u}{display(order.location)} RAIL {display(order.dest)}"


def validate(game, units: dict, order: Order, params: dict) -> Order:
    m = game.map
    unit = units[order.province]
    here, there = order.province, order.dest_province
    if unit.kind != "A":
        raise IllegalOrder("only armies travel by rail")
    if there == here:
        raise IllegalOrder("a rail journey ends at another station")
    if there not in m.provinces:
        raise IllegalOrder(f"there is no province {order.dest}")
    if _railway_for(params, unit, here, there) is None:
        lines = [r for r in params["railways"] if here in _route(r) and there in _route(r)]
        if not lines:
            raise IllegalOrder(f"no railway runs between {m.display(here)} and {m.display(there)}")
        raise IllegalOrder(f"only {', '.join(lines[0]['powers'])} may use this railway")
    return replace(order, location=unit.location, unit=unit.kind, dest=there)


def validate_support(game, units: dict, order: Order, orders: list, params: dict) -> Order | None:
    """A support to hold a unit that travels by rail is refused: the unit moves (vDiplomacy
    plays the journey as a move, adjMoveTSR, whose hold strength takes no support). None for
    every other order."""
    if order.kind != "support" or order.dest:
        return None
    target = units.get(order.target_province)
    if target is None or target.kind != "A":
        return None
    for o in orders:
        if o.kind == "rail" and o.province == order.target_province and o.power == target.power \
                and _railway_for(params, target, o.province, o.dest_province) is not None:
            raise IllegalOrder(f"{target} travels by rail ({o.text or 'RAIL'}): a unit that moves cannot be "
                               "supported to hold")
    return None


def _blocks(r, traveller: str, station: str, route: set[str], moved: dict[str, bool], last: bool) -> str:
    """Why `station` (the destination when `last`) is blocked to the traveller's journey, or ""."""
    own = r.power[traveller]
    if station in r.units and r.power[station] != own and station != traveller:
        if r.kind[station] != "move":
            return f"{r.describe(station)} stands there"
        if r.dest[station] in route and not last:
            # at the destination only whether it gets away counts (adjMoveTSR: defenderMoving)
            return f"{r.describe(station)} moves along the railway from there"
    for q in r.into.get(station, ()):
        if r.power[q] == own:
            continue
        if moved[q]:
            return f"{r.describe(q)} moves into it"
        if station in r.units and r.kind[station] == "move" and not moved[station] \
                and all(r.prevent_strength(q) > r.prevent_strength(o) for o in r.into[station] if o != q):
            return f"{r.describe(q)} is held out only by the unit there failing to leave"
    return ""


def _free(r, station: str, moved: dict[str, bool]) -> bool:
    """No unit ends the turn in `station` and no standoff left it empty."""
    if station in r.units and not (r.kind[station] == "move" and moved[station]) and r.dislodger(station) is None:
        return False
    if any(moved[q] for q in r.into.get(station, ())):
        return False
    return not r.into.get(station)


def decide(r, province: str, order: Order, params: dict) -> tuple[bool, str, str]:
    """(travels, why, the province where the unit ends the turn)."""
    unit = r.units[province]
    first = next((p for p in r.order if p in r.orders and r.orders[p].kind == "rail"
                  and r.power[p] == unit.power), province)
    if first != province:
        return False, (f"one unit of a power travels by rail a turn: {r.describe(first)} "
                       "goes first"), province
    by = r.dislodger(province)
    if by:
        return False, f"dislodged by {r.describe(by)} before it could leave", province
    _, railway = _railway_for(params, unit, province, order.dest_province)
    path = _path(railway, province, order.dest_province)
    moved = {q: r.kind[q] == "move" and r.resolve(q) for q in r.units}
    route = set(_route(railway))
    stop, why = province, ""
    for station in path:
        why = _blocks(r, province, station, route, moved, station == path[-1])
        if why:
            why = f"{r.m.display(station)} is blocked ({why})"
            break
        if _free(r, station, moved):
            stop = station
    if stop == province:
        return False, f"{why or 'no station on the way is free'}, so it stays", province
    if stop == path[-1]:
        return True, f"travels by rail to {r.m.display(stop)}", stop
    return True, f"{why or 'its destination is not free'}: it travels as far as {r.m.display(stop)}", stop

def checks(game, params: dict) -> list[Problem]:
    """Every station a province where an army stands, each next to the one before it, each
    power a power of the game."""
    m = game.map
    found = [] if params["railways"] else [Problem(
        "game.yaml", "/rules/railways/railways", "the module is enabled but lists no railway",
        hint="list each railway's stations in order: {route: [A, B, ...], powers: [POWER]}")]
    for i, railway in enumerate(params["railways"]):
        base = f"/rules/railways/railways/{i}"
        route = _route(railway)
        for j, station in enumerate(route):
            prov = m.provinces.get(station)
            if prov is None:
                found.append(Problem("game.yaml", f"{base}/route/{j}", f"no province '{railway['route'][j]}'",
                                     hint="name the stations by province id, in the order the line runs"))
            elif not prov.locations("A"):
                found.append(Problem("game.yaml", f"{base}/route/{j}",
                                     f"{station} is a {prov.type} province: no army stands there",
                                     hint="a railway runs through land and coastal provinces"))
            elif j and route[j - 1] in m.provinces and station not in m.army_adj.get(route[j - 1], ()):
                found.append(Problem("game.yaml", f"{base}/route/{j}",
                                     f"{station} does not border {route[j - 1]}, the station before it",
                                     hint="list the stations in the order the line runs, each next to the last"))
        if len(set(route)) != len(route):
            found.append(Problem("game.yaml", f"{base}/route", "a station is listed twice",
                                 hint="a railway is a line: list each station once"))
        for j, power in enumerate(railway.get("powers", [])):
            if power not in m.powers:
                found.append(Problem("game.yaml", f"{base}/powers/{j}", f"no power '{power}'",
                                     hint=f"one of {', '.join(sorted(m.powers))}"))
    return found


def example_of(game) -> dict | None:
    """A journey the length of the first railway, blocked half-way by a unit of another power
    standing on the line: the traveller stops at the station before it."""
    m = game.map
    for railway in game.modules.params("railways")["railways"]:
        route = _route(railway)
        if len(route) < 4 or any(s not in m.provinces for s in route):
            continue
        powers = railway.get("powers") or sorted(m.powers)
        power = powers[0]
        other = next((p for p in sorted(m.powers) if p != power), None)
        if other is None:
            continue
        start, stop, block, dest = route[0], route[len(route) // 2 - 1], route[len(route) // 2], route[-1]
        journey = f"A {start} RAIL {dest}"
        return {"phase": "S1901M", "units": {power: [f"A {start}"], other: [f"A {block}"]},
                "orders": {power: [journey], other: [f"A {block} H"]},
                "expect": {"results": {journey: "succeeds"},
                           "units": {power: [f"A {stop}"], other: [f"A {block}"]}}}
    return None


def pages(game, params: dict) -> list[Page]:
    m = game.map
    lines = ["# Railways", ""]
    for railway in params["railways"]:
        stations = " – ".join(md_text(m.provinces[s].name if s in m.provinces else s) for s in _route(railway))
        who = ", ".join(md_text(m.powers[p].name if p in m.powers else p)
                        for p in railway.get("powers", [])) or "every power"
        lines += [f"- {stations} (used by {who})"]
    first = _route(params["railways"][0]) if params["railways"] else ["MOS", "VLA"]
    lines += ["", "An army on a railway may travel along it to any other station with the order "
              f"{code_span(f'A {first[0]} RAIL {first[-1]}')}. One army of a power travels on a railway a turn. The journey "
              "never attacks: it cannot dislodge a unit or cut a support, and it cannot be supported (nor its "
              "army supported to hold: it is moving).", "",
              "Units of another power block a station when they stand there and do not move, when they move "
              "from there along the line (at the destination, only when they fail to get away), and when they "
              "move into it and get in (or are held out only by the unit there failing to leave, not by a "
              "standoff with a third unit). A unit that tries to leave the line opens its station to the "
              "journey, whether it gets away or not. The traveller's own units never block it.", "",
              "The army travels station by station and stops at the last station before the first blocked "
              "one, or at its destination. It never stops where a unit ends the turn or where a standoff left "
              "the province empty: it waits at the last free station before. Meanwhile it stands at its first "
              "station, which it defends like a unit that holds; dislodged there, it does not travel.", ""]
    lines += ["## Where vDiplomacy's Colonial plays it otherwise", "",
              "vDiplomacy's Colonial classes settle the journey inside the move adjudication; this engine "
              "settles it after the other orders, and so differs in four cases:", "",
              "- a journey that gets away leaves its first station at once there: a unit moving in gets in, "
              "and the traveller is never dislodged (here it defends the station like a unit that holds);",
              "- a unit of another power moving into a station the journey reaches first is bounced by it "
              "(here it gets in; either way the traveller stops before that station);",
              "- a unit next to the destination may support the journey, which then holds other units out "
              "of the destination (here the journey cannot be supported);",
              "- two armies of the travelling power may swap places, one by rail (here they do not).", ""]
    lines += example.section(game, example.play(game, example_of(game)))
    return [Page("railways.md", "\n".join(lines).rstrip() + "\n", "Railways")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    return found or example.problems("railways", example.play(game, example_of(game)))


def _read(found: dict) -> dict:
    """Colonial's TSR classes with $transSibTerritories: the route, in the array's order, for
    the countries the classes name (Russia)."""
    route = found.get("transSibTerritories", [])
    powers = (found.get("TSR") or {}).get("powers", [])
    return {"railways": [{"route": route, "powers": powers}] if len(route) >= 2 else []}


MODULE = RuleModule(
    name="railways",
    title="Railways",
    summary=("An army of a power allowed on a railway may travel along it to any station in one move; "
             "one army a power a turn, blocked by other powers' units, never attacking."),
    params={"railways": Param([], "The railways: [{route: [A, B, ...], powers: [POWER]}] (no powers: "
                                  "every power).", shape=_railways_shape)},
    orders=(OrderKind("rail", ("rail", "rails"), parse, validate, decide, canonical=canonical, travels=True),),
    validate=validate_support, checks=example_checks, pages=pages,
    webdip=WebdipForm("armies travel along a railway (Colonial's Trans-Siberian Railroad)", mixins=("TSR",),
                      arrays=("transSibTerritories",), read=_read, countries=True,
                      not_exported="webDiplomacy needs Colonial's TSR adjudicator classes, written for its map"))
