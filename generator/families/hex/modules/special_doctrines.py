"""Variant 16.6.1: amphibious and airborne doctrines (marine and airborne moves)."""
from __future__ import annotations

from ..control import combat_units, enemy_occupied
from ..model import HexGame, Position
from ..movement import interdiction_costs, interdiction_zone
from ..special_moves import MODES, SpecialMoveReport, coastal
from ..stacking import stack_problems
from ..zoc import enemy_controlled
from . import RuleModule


def special_move(game: HexGame, params, pos: Position, rep: SpecialMoveReport, *, ap_available: int | None = None,
                 interdiction: list[str] = (), used_this_turn: bool = False) -> SpecialMoveReport:
    """Check and cost the amphibious invasion or airborne move `rep` holds (a known mode, a unit in play)."""
    mode, unit_id, to = rep.mode, rep.unit, rep.end
    unit = pos.units[unit_id]
    capability, cost_id, rule = MODES[mode]
    ut = game.unit_type(unit)
    if capability not in ut.capabilities:
        rep.problems.append(f"{unit_id} ({ut.name}) cannot make an {capability.replace('-', ' ')} ({rule} B)")
    if unit.disrupted:
        rep.problems.append(f"{unit_id} is disrupted and may not move (13.7.3 A)")
    if used_this_turn:
        rep.problems.append(f"{unit_id} has already made its one {mode} move this turn ({rule} B)")
    rep.ap_cost = game.ap_cost(cost_id)
    rep.trace.append(f"{ut.name} {unit_id} in {unit.hex}: an {mode} move costs {rep.ap_cost} APs ({rule} C)")
    city = game.map.city_at(unit.hex)
    grid = game.map.grid
    if not grid.contains(to):
        rep.problems.append(f"{to} is not on the map")
        return rep
    rep.distance = grid.distance(unit.hex, to)
    if to == unit.hex:
        rep.problems.append(f"the landing hex must be another hex ({rule} C)")
    if mode == "amphibious":
        if city is None or not coastal(game, unit.hex):
            rep.problems.append(f"{unit_id} must begin the Movement Phase in a coastal city; {unit.hex} is not one ({rule} C)")
        else:
            rep.trace.append(f"it starts in {city.name}, a coastal city ({rule} C)")
        if not coastal(game, to):
            rep.problems.append(f"{to} is not a coastal land hex: the invasion must end on the coast ({rule} C-D)")
        else:
            rep.trace.append(f"{to} is a coastal hex, {rep.distance} hexes away: any distance is allowed ({rule} C)")
        if to in interdiction_zone(game, list(interdiction)):
            extra = interdiction_costs(game)[1]
            rep.ap_cost += extra
            rep.trace.append(f"{to} lies in an enemy interdiction zone: +{extra} AP (13A.4.3)")
    else:
        reach = int(params.get("airborne_range", 10))
        if city is None:
            rep.problems.append(f"{unit_id} must begin the Movement Phase in a city; {unit.hex} is not one ({rule} C)")
        else:
            rep.trace.append(f"it starts in {city.name} ({rule} C)")
        terrain = game.terrain.get(game.map.terrain.get(to, ""))
        if terrain is None or not terrain.passable:
            rep.problems.append(f"{to} is not a land hex a unit may enter ({rule} C)")
        if rep.distance > reach:
            rep.problems.append(f"{to} is {rep.distance} hexes away; an airborne move reaches {reach} ({rule} C)")
        else:
            rep.trace.append(f"{to} is {rep.distance} hexes away, within {reach} ({rule} C)")
        rep.trace.append(f"airborne moves cannot be intercepted ({rule} E), and interdiction does not touch them (13A.4.3 "
                         "names land, rail and amphibious movement only)")
    if enemy_occupied(game, pos, to, unit.side):
        rep.problems.append(f"{to} holds enemy SPs: the landing hex may not be enemy-occupied ({rule} C)")
    ez, why = enemy_controlled(game, pos, to, unit.side)
    rep.lands_in_ezoc = ez
    if ez:
        rep.trace.append(f"{why}: landing in an EZOC is allowed ({rule} C)")
    here = [u for u in combat_units(game, pos, to, unit.side) if u.id != unit_id]
    stack = stack_problems(game, here + [unit], game.map.terrain.get(to, "clear"), before_formation=True)
    rep.problems += stack
    if ap_available is not None and rep.ap_cost > ap_available:
        rep.problems.append(f"{rep.ap_cost} APs are needed, {ap_available} are left ({rule} C, 13A.4.3)")
    rep.trace.append(f"the move spends all of the unit's MPs for the turn ({'16.6.1.1 E' if mode == 'amphibious' else '16.6.1.2 D'})")
    rep.legal = not rep.problems
    rep.trace.append("the move is legal" if rep.legal else "the move is not legal: " + rep.problems[0])
    return rep


MODULE = RuleModule(
    name="special_doctrines", rule="16.6.1 (variant)",
    summary="Marine units invade by sea from a coastal city; airborne units fly from a city up to a range.",
    defaults={"airborne_range": 10},
    ap_costs=("amphibious-invasion", "airborne-move"), hooks={"special_move": special_move})
