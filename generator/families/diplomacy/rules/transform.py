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

from ..movement import IllegalOrder
from . import Param, RuleModule

MODULE = RuleModule(
    name="transform",
    title="Transformation",
    summary=("An army may become a fleet or a fleet an army at a coastal supply centre during "
             "a movement phase; the unit holds and the change fails if it is attacked."),
    params={"where": Param("supply_centers", "Which coastal provinces allow it: any coastal "
                           "supply centre, or only the power's home centres.",
                           ("supply_centers", "home_centers"))})


def check(game, unit, order, params: dict):
    """Validate a transform order for `unit`; returns the order or raises IllegalOrder."""
    m = game.map
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
            from dataclasses import replace
            order = replace(order, new_coast="")
        if not prov.locations("F"):
            raise IllegalOrder(f"a fleet cannot stand in {m.display(prov.id)}")
    return order
