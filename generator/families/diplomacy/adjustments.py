"""Adjustment-phase adjudication: builds, disbands, waives and civil disorder.

A power with more supply centres than units may build that many units, each in a
vacant home centre it owns (rule modules may change where: `build_anywhere`, or add a
place that is no centre: `emergency_measures`); a
power with fewer must disband the difference. Orders are taken one by one from
the top and the first legal ones are used; extra ones fail (DATC 4.D.4-4.D.6).
`WAIVE` gives up one build. Missing disbands are made by the civil-disorder rule
of the 2023 rulebook (DATC 4.D.8): remove the unit farthest from any supply centre
the power owns, counting moves through land and sea alike for both unit types;
ties go to fleets before armies, then to the province name in alphabetical order.
"""
from __future__ import annotations

from collections import deque

from .model import DiplomacyMap, province_of
from .movement import IllegalOrder, OrderResult, Unit, decided
from .orders import Order
from .rules._engine import build_sites, builds_due, neutral_builds, opening_sites, placements
from .verdicts import WAIVED, Built, Removed


def distances_to(m: DiplomacyMap, sources: set[str]) -> dict[str, int]:
    """Province -> moves to the nearest source, over every border of either unit type."""
    graph = _any_graph(m)
    dist = {s: 0 for s in sources}
    queue = deque(sorted(sources))
    while queue:
        p = queue.popleft()
        for q in sorted(graph.get(p, ())):
            if q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


def _any_graph(m: DiplomacyMap) -> dict[str, set[str]]:
    cached = getattr(m, "_any_graph_cache", None)
    if cached is None:
        cached = {}
        for a, ns in m.army_adj.items():
            cached.setdefault(a, set()).update(ns)
        for a, ns in m.fleet_adj.items():
            cached.setdefault(province_of(a), set()).update(province_of(n) for n in ns)
        m._any_graph_cache = cached
    return cached


def civil_disorder_order(m: DiplomacyMap, units: list[Unit], owned: list[str]) -> list[Unit]:
    """Units in the order civil disorder removes them."""
    dist = distances_to(m, set(owned))
    far = 10 ** 6

    def key(u: Unit):
        p = province_of(u.location)
        return (-dist.get(p, far), 0 if u.kind == "F" else 1, m.provinces[p].name.lower(), p)
    return sorted(units, key=key)


def adjudicate_adjustments(game, units: dict[str, Unit], centers: dict[str, list[str]],
                           submitted: list[tuple[str, Order | None, str, str]], powers: list[str],
                           homes: dict[str, list[str]] | None = None, phase: str = ""
                           ) -> tuple[list[OrderResult], dict[str, Unit], list[str], dict[str, int]]:
    """Returns (results, units after, trace, adjustment per power). `homes`: each power's
    home centres in play when a rule module changes them in play (None: the map's); `phase`:
    the adjustment phase, for the modules that change what a power has due in it."""
    m: DiplomacyMap = game.map
    results: list[OrderResult] = []
    trace: list[str] = []
    after = dict(units)
    delta = {}
    for power in powers:
        own_units = [u for u in units.values() if u.power == power]
        delta[power] = builds_due(game, phase, power, centers.get(power, []), len(own_units))
    used = {p: 0 for p in powers}
    removed: set[str] = set()
    built: set[str] = set()
    placed = placements(game, phase, units)     # powers the rules place anew (a roving hazard)
    for power, order, text, error in submitted:
        if order is None:
            results.append(OrderResult(power, text, text, False, "fails", f"not understood: {error}"))
            continue
        try:
            if power in placed:
                kind, loc = _placement(game, power, order, placed[power], units, built, used)
                built.add(province_of(loc))
                after[province_of(loc)] = Unit(power, kind, loc)
                results.append(decided(power, text, f"{kind} {loc} B", Built(f"{kind} {loc}"), m.display,
                                       f"{kind} {loc}"))
                continue
            need = delta.get(power, 0)
            if order.kind in ("build", "waive"):
                if need <= 0:
                    raise IllegalOrder(f"{power} has no builds this turn")
                if used[power] >= need:
                    raise IllegalOrder(f"{power} may build only {need} unit(s); this one is one too many")
                if order.kind == "waive":
                    used[power] += 1
                    results.append(decided(power, text, "WAIVE", WAIVED, m.display))
                    continue
                kind, loc = _build_location(game, power, order, centers.get(power, []), units, built, homes, phase)
                used[power] += 1
                built.add(province_of(loc))
                after[province_of(loc)] = Unit(power, kind, loc)
                results.append(decided(power, text, f"{kind} {loc} B", Built(f"{kind} {loc}"), m.display,
                                       f"{kind} {loc}"))
            elif order.kind == "disband":
                if need >= 0:
                    raise IllegalOrder(f"{power} has no units to remove this turn")
                prov = order.province
                u = units.get(prov)
                if u is None or u.power != power:
                    raise IllegalOrder(f"{power} has no unit in {m.display(prov)}")
                if prov in removed:
                    raise IllegalOrder("the unit is already removed")
                if used[power] >= -need:
                    raise IllegalOrder(f"{power} must remove only {-need} unit(s); this one is one too many")
                used[power] += 1
                removed.add(prov)
                del after[prov]
                results.append(decided(power, text, f"{u} D", Removed(str(u)), m.display, str(u)))
            else:
                raise IllegalOrder(f"a {order.kind} order is not allowed in an adjustment phase")
        except IllegalOrder as exc:
            results.append(OrderResult(power, text, text, False, "fails", f"illegal: {exc}"))
    for prov, u in sorted(units.items()):
        if u.power in placed:   # the rules take it off in every adjustment phase (a hazard's last)
            del after[prov]
            results.append(decided(u.power, f"{u} D", f"{u} D", Removed(str(u)), m.display, str(u)))
    for power, texts in sorted(neutral_builds(game, units, centers).items()):
        # units the rules build for a power no player moves (neutral_armies' rebuilds)
        for text in texts:
            kind, loc = text.split()
            order = f"{kind} {loc} B"
            if province_of(loc) in after:
                results.append(OrderResult(power, order, order, False, "fails",
                                           f"{m.display(province_of(loc))} is occupied"))
                continue
            after[province_of(loc)] = Unit(power, kind, loc)
            results.append(decided(power, order, order, Built(text), m.display, text))
    for power in powers:
        need = delta[power]
        if need < 0 and used[power] < -need:
            left = [u for p, u in after.items() if u.power == power]
            for u in civil_disorder_order(m, left, centers.get(power, []))[: -need - used[power]]:
                del after[province_of(u.location)]
                trace.append(f"{u} ({power}) is removed by the civil disorder rule: farthest from "
                             "the power's supply centres")
        elif need > 0 and used[power] < need:
            trace.append(f"{power} leaves {need - used[power]} build(s) unused")
    return results, after, trace, delta


def _placement(game, power: str, order: Order, rule: tuple[set[str], int, str], units: dict[str, Unit],
               built: set[str], used: dict[str, int]) -> tuple[str, str]:
    """(unit type, location) of a legal placement of a unit the rules place anew (the request
    carries where: the server's dice), or IllegalOrder saying why not. The place must be one of
    the rule's sites and vacant before the phase (the unit taken off this phase still stands)."""
    m = game.map
    sites, most, kind = rule
    if order.kind != "build":
        raise IllegalOrder(f"{power} is placed by the rules: its only order in an adjustment phase is a "
                           f"build that places it")
    if order.unit not in (None, kind):
        raise IllegalOrder(f"{power} is placed as {'an army' if kind == 'A' else 'a fleet'} only")
    if used.get(power, 0) >= most:
        raise IllegalOrder(f"{power} is placed at most {most} time(s) in an adjustment phase; this one is "
                           f"one too many")
    prov_id = order.province
    if prov_id not in sites:
        raise IllegalOrder(f"{power} may not be placed in {m.display(prov_id)}: the rules place it only in "
                           f"a province that is no supply centre and that its unit can stand in and leave")
    if prov_id in units or prov_id in built:
        raise IllegalOrder(f"{m.display(prov_id)} is occupied")
    locs = m.provinces[prov_id].locations(kind)
    loc = order.location if order.location in locs else locs[0] if len(locs) == 1 else None
    if loc is None:
        raise IllegalOrder(f"name the coast for {power} in {m.display(prov_id)}: " + ", ".join(locs))
    used[power] = used.get(power, 0) + 1
    return kind, loc


def _build_location(game, power: str, order: Order, owned: list[str], units: dict[str, Unit],
                    built: set[str], homes: dict[str, list[str]] | None = None, phase: str = ""
                    ) -> tuple[str, str]:
    """(unit type, location) of a legal build, or IllegalOrder saying why not."""
    m = game.map
    prov_id = order.province
    prov = m.provinces[prov_id]
    places = opening_sites(game, phase, power)
    if places is not None:      # the places the power holds at the start, in place of its centres
        if prov_id not in places:
            raise IllegalOrder(f"{m.display(prov_id)} is not a place {power} may build in this phase")
    elif prov_id not in build_sites(game, power, owned, homes):    # a module's site need not be owned
        if prov_id not in owned:
            raise IllegalOrder(f"{power} does not own {m.display(prov_id)}")
        raise IllegalOrder(f"{m.display(prov_id)} is not a home centre of {power}")
    if prov_id in units or prov_id in built:
        raise IllegalOrder(f"{m.display(prov_id)} is occupied")
    unit = order.unit
    if unit is None:       # DATC 4.C.3: an army inland, a fleet where a coast is named
        if prov.type == "land":
            unit = "A"
        elif "/" in order.location and order.location in prov.locations("F"):
            unit = "F"
        else:
            raise IllegalOrder(f"say which unit to build in {m.display(prov_id)}: A or F")
    if unit == "A":
        if not prov.locations("A"):
            raise IllegalOrder(f"an army cannot stand in {m.display(prov_id)}")
        return "A", prov_id
    locs = prov.locations("F")
    if not locs:
        raise IllegalOrder(f"a fleet cannot be built in {m.display(prov_id)}, which has no coast")
    if prov.coasts:
        if order.location not in locs:
            raise IllegalOrder(f"name the coast for a fleet in {m.display(prov_id)}: "
                               + ", ".join(locs))
        return "F", order.location
    return "F", locs[0]
