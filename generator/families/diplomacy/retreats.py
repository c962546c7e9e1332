"""Retreat-phase adjudication.

A dislodged unit may retreat to a neighbouring province (by its own unit type,
never by convoy) that is empty after the movement, was not left empty by a
standoff, and is not the province its attacker came from - unless the attacker
came by convoy (DATC 4.A.5, choice b). Two or more units retreating to the same
province are all disbanded; a dislodged unit without a valid retreat order is
disbanded. Only retreat and disband orders exist in this phase.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .model import DiplomacyMap, province_of
from .movement import IllegalOrder, OrderResult, Unit, decided, fleet_destination
from .orders import Order
from .verdicts import DISBANDED, RetreatGivesWay, Retreats, RetreatStandoff


@dataclass
class Dislodged:
    unit: Unit
    attacker_from: str
    via_convoy: bool = False


def retreat_options(m: DiplomacyMap, d: Dislodged, occupied: set[str], contested: set[str]) -> list[str]:
    """Locations the dislodged unit may retreat to."""
    u = d.unit
    options = []
    for loc in m.neighbours(u.location, u.kind):
        p = province_of(loc)
        if p in occupied or p in contested:
            continue
        if p == d.attacker_from and not d.via_convoy:
            continue
        options.append(loc)
    return options


def adjudicate_retreats(m: DiplomacyMap, units: dict[str, Unit], dislodged: dict[str, Dislodged],
                        contested: set[str], submitted: list[tuple[str, Order | None, str, str]],
                        auto_disband: dict[str, str] | None = None,
                        options: dict[str, list[str]] | None = None,
                        gives_way: Callable[[Unit, str], bool] | None = None
                        ) -> tuple[list[OrderResult], dict[str, Unit], list[str], list[Unit]]:
    """Returns (results, units after the phase, trace lines, units disbanded).
    `auto_disband` maps the province of a dislodged unit that may not retreat to the
    reason (a rule module's). `gives_way(unit, destination)` says which retreats give way
    (a rule module's): of several retreats into one province, the only one that does not
    give way goes there, the others are disbanded; without such a one all are."""
    auto_disband = auto_disband or {}
    occupied = set(units)
    if options is None:
        options = {p: retreat_options(m, d, occupied, contested) for p, d in dislodged.items()}
    results: list[OrderResult] = []
    chosen: dict[str, tuple[int, str]] = {}      # dislodged province -> (result index, destination)
    ordered: set[str] = set()
    for power, order, text, error in submitted:
        if order is None:
            results.append(OrderResult(power, text, text, False, "fails", f"not understood: {error}"))
            continue
        try:
            prov = order.province
            d = dislodged.get(prov)
            if order.kind not in ("retreat", "move", "disband"):
                raise IllegalOrder(f"a {order.kind} order is not allowed in a retreat phase")
            if d is None:
                raise IllegalOrder(f"there is no dislodged unit in {m.display(prov)}")
            if d.unit.power != power:
                raise IllegalOrder(f"the dislodged unit in {m.display(prov)} belongs to {d.unit.power}")
            if prov in ordered:
                raise IllegalOrder("the unit already has a retreat order")
            if order.kind == "disband":
                ordered.add(prov)
                results.append(decided(power, text, f"{d.unit} D", DISBANDED, m.display, str(d.unit)))
                continue
            dest = order.dest
            if d.unit.kind == "F":
                dest = fleet_destination(m, d.unit, dest)
            else:
                dest = province_of(dest)
                if dest not in m.army_adj.get(prov, ()):
                    raise IllegalOrder(f"{m.display(dest)} is not next to {m.display(prov)} "
                                       "(retreats never go by convoy)")
            if dest not in options.get(prov, []):
                why = _why_not(m, d, province_of(dest), occupied, contested)
                raise IllegalOrder(f"cannot retreat to {m.display(dest)}: {why}")
            ordered.add(prov)
            chosen[prov] = (len(results), dest)
            results.append(decided(power, text, f"{d.unit} R {dest}", Retreats(dest), m.display, str(d.unit)))
        except IllegalOrder as exc:
            results.append(OrderResult(power, text, text, False, "fails", f"illegal: {exc}"))
    after = dict(units)
    trace: list[str] = []
    targets: dict[str, list[str]] = {}
    for prov, (_, dest) in chosen.items():
        targets.setdefault(province_of(dest), []).append(prov)
    placed: set[str] = set()
    for prov, (i, dest) in sorted(chosen.items()):
        rivals = targets[province_of(dest)]
        firm = rivals if gives_way is None or len(rivals) < 2 else \
            [q for q in rivals if not gives_way(dislodged[q].unit, chosen[q][1])]
        if len(rivals) > 1 and firm != [prov]:
            r = results[i]
            verdict = RetreatGivesWay(province_of(dest), firm[0]) if len(firm) == 1 else \
                RetreatStandoff(len(rivals), province_of(dest))
            results[i] = decided(r.power, r.order, r.canonical, verdict, m.display, r.unit)
        else:
            u = dislodged[prov].unit
            after[province_of(dest)] = Unit(u.power, u.kind, dest)
            placed.add(prov)
    for prov, d in sorted(dislodged.items()):
        if prov in auto_disband:
            trace.append(f"{d.unit} ({d.unit.power}) is disbanded: {auto_disband[prov]}")
        elif prov not in chosen and prov not in ordered:
            trace.append(f"{d.unit} ({d.unit.power}) is disbanded: no valid retreat order")
    return results, after, trace, [d.unit for p, d in sorted(dislodged.items()) if p not in placed]


def _why_not(m: DiplomacyMap, d: Dislodged, p: str, occupied: set[str], contested: set[str]) -> str:
    if p in occupied:
        return "the province is occupied"
    if p in contested:
        return "the province was left empty by a standoff"
    if p == d.attacker_from and not d.via_convoy:
        return "the attacker came from there"
    return "not reachable"
