"""canals: a passage two provinces share only with the permission of whoever holds a third.

Colonial Diplomacy's Suez Canal: a fleet may move directly between the Mediterranean
and the Red Sea only when the power whose unit stands in Egypt lets it. Each canal is
data (`between` its two ends, `through` the province that controls it, `units` that
may use it, fleets by default):

    rules:
      canals: {canals: [{between: [MED, RED], through: EGY}]}

The controlling power gives permission with an order of its own, `PERMIT F MED`
("the fleet in MED may use the canal this turn"); it needs a unit in the controlling
province when the turn starts, not for the whole turn (as webDiplomacy's Colonial
reads it, which avoids paradoxes). Its own fleets need the permission too, and it gives
one a turn: in vDiplomacy the permission is the one order of the canal's own unit (a
support-hold of the fleet in the Mediterranean or the Red Sea, Suez_userOrderDiplomacy),
and SuezCanal_adjudicatorDiplomacy lets through only the move of the fleet that order
names; permissions at both ends of a canal void each other here, as two orders to one
unit do. Without a unit in the controlling province, nobody can use the canal.

The canal's own unit is vDiplomacy's way to carry the permission order, and nothing
more: SuezCanal_OrderInterface hands it to the power holding Egypt for the orders, and
Suez_processMembers hands it back to its neutral country before the units and centres
are counted, so it never counts as a unit of that power (no build lost for it). The
import leaves the canal's territory and its unit out, the permission being an order of
the controlling power here, so nothing is left to count: this module plays that class.

A move through the canal is otherwise an ordinary move (it can be supported, it can
dislodge, it can bounce); only the move itself uses the canal: nobody supports or
retreats through it, and no convoy runs through it. A fleet ordered through it without
permission holds (SuezCanal_adjudicatorDiplomacy makes such a move a hold).
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


def _canals_shape(value) -> str | None:
    ok = isinstance(value, list) and all(
        isinstance(c, dict) and set(c) <= {"between", "through", "units"}
        and isinstance(c.get("between"), list) and len(c["between"]) == 2
        and all(isinstance(x, str) for x in c["between"]) and isinstance(c.get("through"), str)
        and all(u in ("army", "fleet") for u in c.get("units", ["fleet"])) for c in value)
    return None if ok else ("must be a list of {between: [A, B], through: C, units: [fleet]} "
                            "entries")


def _ends(canal: dict) -> tuple[str, str]:
    return canal["between"][0], canal["between"][1]


def _controller(units: dict, canal: dict) -> str | None:
    unit = units.get(province_of(canal["through"]))
    return unit.power if unit is not None else None


def _canal_of(params: dict, unit, dest: str) -> tuple[dict, str] | None:
    """The canal (and its far end) a move of `unit` to `dest` would use, if any."""
    letter = {"A": "army", "F": "fleet"}[unit.kind]
    here = province_of(unit.location)
    for canal in params["canals"]:
        a, b = _ends(canal)
        if letter not in canal.get("units", ["fleet"]):
            continue
        for start, end in ((a, b), (b, a)):
            if province_of(start) == here and province_of(end) == province_of(dest):
                return canal, end
    return None


def _permitted(units: dict, orders: list, unit, canal: dict) -> str:
    """Why the unit may not use the canal, or "" when it may."""
    controller = _controller(units, canal)
    through = canal["through"]
    if controller is None:
        return f"no unit stands in {through}, so nobody can open the canal"
    ends = {province_of(x) for x in _ends(canal)}
    given = sorted({province_of(o.target) for o in orders
                    if o.kind == "permit" and o.power == controller and province_of(o.target) in ends})
    if len(given) > 1:
        return (f"{controller} gave permission at both ends ({', '.join(given)}); the canal opens for one "
                "fleet a turn, so neither may use it")
    if given == [province_of(unit.location)]:
        return ""
    return f"{controller}, whose unit stands in {through}, has not given it permission (PERMIT {unit})"


def _ordinary_reach(game, unit, prov: str) -> bool:
    m = game.map
    if unit.kind == "A":
        return prov in m.army_adj.get(province_of(unit.location), ())
    return prov in m.fleet_reach.get(unit.location, ())


def validate(game, units: dict, order: Order, orders: list, params: dict) -> Order | None:
    """Moves through a canal, and supports of such moves; None for every other order."""
    if order.kind == "move":
        unit = units.get(order.province)
        if unit is None or unit.power != order.power or _ordinary_reach(game, unit, province_of(order.dest)):
            return None
        found = _canal_of(params, unit, order.dest)
        if found is None:
            return None
        canal, end = found
        why = _permitted(units, orders, unit, canal)
        if why:
            raise IllegalOrder(f"the canal from {game.map.display(unit.location)} to "
                               f"{game.map.display(end)} is closed to it: {why}")
        dest = end if unit.kind == "F" else province_of(end)
        return replace(order, location=unit.location, unit=unit.kind, dest=dest, via=False)
    if order.kind == "support" and order.dest:
        unit, target = units.get(order.province), units.get(province_of(order.target))
        if unit is None or target is None or unit.power != order.power:
            return None
        dprov = province_of(order.dest)
        found = _canal_of(params, target, dprov)
        if found is None or _ordinary_reach(game, target, dprov) or not _ordinary_reach(game, unit, dprov):
            return None
        if _permitted(units, orders, target, found[0]):
            return None   # the supported move is not possible: the standard check says why
        return replace(order, location=unit.location, unit=unit.kind, target=province_of(target.location),
                       target_unit=target.kind, dest=dprov)
    return None


# --- the PERMIT order -----------------------------------------------------------

def parse(r, power: str, unit, location: str, raw: str) -> Order:
    """`PERMIT F MED`: the unit given permission (its type letter may be left out)."""
    target_unit = r.unit()
    target = r.location("unit given permission")
    end_of_order(r)
    return Order(power, "permit", target_unit=target_unit, target=target, text=raw)


def canonical(order: Order, display) -> str:
    tu = f"{order.target_unit} " if order.target_unit else ""
    return f"PERMIT {tu}{display(order.target)}"


def validate_permit(game, units: dict, order: Order, params: dict) -> Order:
    m = game.map
    target = units.get(province_of(order.target))
    if target is None:
        raise IllegalOrder(f"there is no unit in {m.display(order.target)} to give permission to")
    here = province_of(target.location)
    ends = [c for c in params["canals"] if here in {province_of(x) for x in _ends(c)}]
    if not ends:
        raise IllegalOrder(f"{m.display(here)} is not at the end of a canal")
    if not any(_controller(units, c) == order.power for c in ends):
        raise IllegalOrder(f"{order.power} has no unit in "
                           f"{' or '.join(m.display(c['through']) for c in ends)}, so cannot open the canal")
    return replace(order, target=target.location, target_unit=target.kind)


def decide(r, province: str, order: Order) -> tuple[bool, str]:
    return True, f"{order.target_unit} {r.m.display(order.target)} may use the canal this turn"


def checks(game, params: dict) -> list[Problem]:
    found = []
    m = game.map
    for i, canal in enumerate(params["canals"]):
        base = f"/rules/canals/canals/{i}"
        for j, loc in enumerate(canal["between"]):
            if province_of(loc) not in m.provinces:
                found.append(Problem("game.yaml", f"{base}/between/{j}", f"no province '{loc}'"))
        through = m.provinces.get(province_of(canal["through"]))
        if through is None:
            found.append(Problem("game.yaml", f"{base}/through", f"no province '{canal['through']}'"))
        elif not through.locations("A") and not through.locations("F"):
            found.append(Problem("game.yaml", f"{base}/through",
                                 f"no unit can stand in {canal['through']}, so the canal never opens"))
    return found


def example_of(game) -> dict | None:
    """The first canal used: one power's unit stands in the controlling province and gives the
    permission, another power's fleet at one end passes to the other."""
    m = game.map
    powers = sorted(m.powers)
    for canal in game.modules.params("canals")["canals"]:
        a, b = (province_of(x) for x in _ends(canal))
        through = m.provinces.get(province_of(canal["through"]))
        if len(powers) < 2 or through is None or a not in m.provinces or b not in m.provinces:
            continue
        keeper = next((f"{k} {loc}" for k in ("A", "F") for loc in through.locations(k)), None)
        fleet = next((f"F {loc}" for loc in m.provinces[a].locations("F")), None)
        if keeper is None or fleet is None:
            continue
        passage = f"{fleet} - {b}"
        return {"phase": "S1901M", "units": {powers[0]: [keeper], powers[1]: [fleet]},
                "orders": {powers[0]: [f"PERMIT {fleet}"], powers[1]: [passage]},
                "expect": {"results": {passage: "succeeds"},
                           "units": {powers[0]: [keeper], powers[1]: [f"F {b}"]}}}
    return None


def pages(game, params: dict) -> list[Page]:
    m = game.map

    def name(pid: str) -> str:
        pid = province_of(pid)
        return md_text(m.provinces[pid].name if pid in m.provinces else pid)
    lines = ["# Canals", ""]
    for canal in params["canals"]:
        a, b = _ends(canal)
        lines.append(f"- {name(a)} – {name(b)}, opened by the power whose unit stands in {name(canal['through'])}")
    lines += ["", "A fleet may move through a canal, from one end straight to the other, only with the "
              "permission of the power whose unit stands in the controlling province when the turn starts "
              f"(it need not hold it for the whole turn). That power gives it with an order of its own, "
              f"{code_span('PERMIT F ' + (params['canals'][0]['between'][0] if params['canals'] else 'MED'))}: "
              "its own fleets need it too, and it opens the canal for one fleet a turn (permissions at both "
              "ends void each other). With no unit in the controlling province the canal is closed.", "",
              "The move through the canal is otherwise an ordinary move: it can be supported, it can "
              "dislodge and it can bounce. Nobody supports, retreats or convoys through the canal; a fleet "
              "ordered through it without permission holds.", ""]
    lines += example.section(game, example.play(game, example_of(game)))
    return [Page("canals.md", "\n".join(lines).rstrip() + "\n", "Canals")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    return found or example.problems("canals", example.play(game, example_of(game)))


MODULE = RuleModule(
    name="canals",
    title="Canals with permission",
    summary=("A canal links two provinces for the units of the power that holds its controlling "
             "province, and for those it gives permission with a PERMIT order."),
    params={"canals": Param([], "The canals: [{between: [A, B], through: C, units: [fleet]}].",
                            shape=_canals_shape)},
    orders=(OrderKind("permit", ("permit", "permits"), parse, validate_permit, decide, leads=True,
                      unit_order=False, canonical=canonical),),
    validate=validate, checks=example_checks, pages=pages,
    webdip=WebdipForm("a canal that fleets use with the permission of the power holding its controlling "
                      "province",
                      forms=("Canal",), read=lambda found: {"canals": [found["Canal"]]},
                      not_exported="webDiplomacy needs Colonial's canal classes, written for its map"))
