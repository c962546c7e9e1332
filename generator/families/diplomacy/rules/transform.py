"""transform: an army may become a fleet, or a fleet an army, at a coastal supply
centre during a movement phase.

Notation: `A BRE T F`, `A STP T F/NC` (a fleet on a split coast names its coast),
`F STP/SC T A`. The unit holds for the turn and may be support-held.

What "attacked" means here: the transformation fails when the unit is dislodged,
or when any unit of *another* power is ordered to move into its province with a
legal order - whether or not that move succeeds - unless the move is a convoy
whose route is broken (a disrupted convoy has no effect on its destination, as in
the standard rules). Moves by the same power do not count: a power cannot
"attack" itself (it cannot dislodge or cut support of its own units either), and
its own bounce should not cancel its own plan. Illegal move orders are ignored
like everywhere else. This reading follows the usual meaning of "attack" in
Diplomacy (an ordered move into the province, as for cutting support) and keeps
the outcome decidable from the orders alone.
"""
from __future__ import annotations

from dataclasses import replace

from ..movement import IllegalOrder, Unit
from ..orders import UNIT_WORDS, Order, OrderSyntaxError, end_of_order
from . import OrderKind, Param, RuleModule, WebdipForm


def parse(r, power: str, unit: str | None, location: str, raw: str) -> Order:
    """The rest of `A STP T F/NC`: the new unit type and, for a fleet, its coast."""
    tok = r.peek()
    if tok not in UNIT_WORDS:
        raise OrderSyntaxError("a transform order names the new unit type: A LON T F, F STP/NC T A")
    r.take()
    coast = r.coast()
    end_of_order(r)
    return Order(power, "transform", unit, location, new_unit=UNIT_WORDS[tok], new_coast=coast, text=raw)


def canonical(order: Order, display) -> str:
    u = f"{order.unit} " if order.unit else ""
    coast = f"/{order.new_coast}" if order.new_coast else ""
    return f"{u}{display(order.location)} T {order.new_unit}{coast}"


def validate(game, units: dict, order: Order, params: dict) -> Order:
    """Settle a transform order for the unit it names, or raise IllegalOrder."""
    m = game.map
    unit = units[order.province]
    prov = m.provinces[order.province]
    if order.new_unit == unit.kind:
        raise IllegalOrder(f"the unit is already {'an army' if unit.kind == 'A' else 'a fleet'}")
    if prov.type != "coast" or not prov.supply_center:
        raise IllegalOrder(f"{m.display(prov.id)} is not a coastal supply centre")
    if params.get("where") == "home_centers" and prov.home != unit.power:
        raise IllegalOrder(f"{m.display(prov.id)} is not a home centre of {unit.power}")
    if order.new_unit == "F":
        if prov.coasts and order.new_coast not in prov.coasts:
            raise IllegalOrder(f"name the coast of the new fleet: one of "
                               f"{', '.join(f'{prov.id}/{c}' for c in prov.coasts)}")
        if not prov.coasts and order.new_coast:
            order = replace(order, new_coast="")
        if not prov.locations("F"):
            raise IllegalOrder(f"a fleet cannot stand in {m.display(prov.id)}")
    return replace(order, location=unit.location, unit=unit.kind)


def decide(r, p: str, order: Order) -> tuple[bool, str]:
    """The unit held meanwhile; the change fails when it is dislodged or attacked (a
    move of another power's unit into its province that is not a broken convoy)."""
    by = r.dislodger(p)
    if by:
        return False, f"dislodged by {r.describe(by)}"
    for q in r.into.get(p, ()):
        if r.power[q] != r.power[p] and r.path_ok(q):
            return False, f"attacked by {r.describe(q)}, so the transformation fails (the unit holds)"
    return True, "transforms (the unit held and was not attacked)"


def execute(unit: Unit, order: Order) -> Unit:
    p = order.province
    loc = p if order.new_unit == "A" else (f"{p}/{order.new_coast}" if order.new_coast else p)
    return Unit(unit.power, order.new_unit, loc)


MODULE = RuleModule(
    name="transform",
    title="Transformation",
    summary=("An army may become a fleet or a fleet an army at a coastal supply centre during "
             "a movement phase; the unit holds and the change fails if it is attacked."),
    params={"where": Param("supply_centers", "Which coastal provinces allow it: any coastal "
                           "supply centre, or only the power's home centres.",
                           ("supply_centers", "home_centers"))},
    orders=(OrderKind("transform", ("t", "transform", "transforms"), parse, validate, decide, execute,
                      canonical=canonical),),
    webdip=WebdipForm("armies and fleets may transform into one another", mixins=("Transform",),
                      export="Transform"))
