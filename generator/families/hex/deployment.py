"""Setting up (16.2-16.3, 10.4, 17.3.2, variant 17.4.2 B): where each side's forts and units may
stand at the start, and whether the deployment fits the scenario's initial forces."""
from __future__ import annotations

from dataclasses import dataclass, field

from .check import border_distance
from .model import HexGame, Position, Unit
from .scenarios import used_table
from .stacking import stack_problems


@dataclass
class DeploymentReport:
    legal: bool
    counts: dict = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "counts": self.counts, "problems": self.problems}


def check_deployment(game: HexGame, pos: Position, side: str, scenario_id: str | None = None) -> DeploymentReport:
    rep = DeploymentReport(False)
    sc = next((s for s in game.scenarios if str(s["id"]) == str(scenario_id)), None) if scenario_id else None
    if scenario_id and sc is None:
        rep.problems.append(f"no scenario '{scenario_id}'")
    side_data = sc["sides"].get(side, {}) if sc else {}
    if sc and not side_data:
        rep.problems.append(f"scenario {sc['id']} lists no forces for '{side}'")
    max_border = (side_data.get("fort_deployment") or {}).get("max_hexes_from_border")
    units = sorted((u for u in pos.units.values() if u.side == side), key=lambda u: u.id)
    counts = {"forts": 0, "infantry": 0, "armor": 0}
    fort_hexes: set[str] = set()
    for u in units:
        t = game.unit_type(u)
        terrain = game.terrain.get(game.map.terrain.get(u.hex, ""))
        if game.map.country.get(u.hex) != side or terrain is None or not terrain.passable:
            rep.problems.append(f"{u.id} in {u.hex}: units deploy only in their own homeland (16.3 A)")
            continue
        if t.arm == "fort":
            counts["forts"] += 1
            if not terrain.forts_allowed:
                rep.problems.append(f"{u.id}: forts stand only on clear homeland hexes, not {terrain.name.lower()} (16.2 B, 10.4 C)")
            if game.map.city_at(u.hex):
                rep.problems.append(f"{u.id}: no fort in a city hex ({u.hex}) (16.2 B, 10.4 B)")
            if u.hex in fort_hexes:
                rep.problems.append(f"{u.id}: a second fort in {u.hex} (16.2 B)")
            fort_hexes.add(u.hex)
            if max_border is not None:
                d = border_distance(game, u.hex)
                if d is None or d > max_border:
                    rep.problems.append(f"{u.id} in {u.hex} is {d} hexes from the border; {sc['id']} allows {max_border} (17.3.2)")
                else:
                    rep.trace.append(f"{u.id} in {u.hex} is {d} hex(es) from the border (17.3.2 allows {max_border})")
            continue
        if t.size == "corps":
            rep.problems.append(f"{u.id}: no {t.name.lower()} may be deployed at the start (16.3 B"
                                + (", 17.4.2 B)" if t.arm == "mixed" else ")"))
        if t.arm == "infantry" and t.size == "division" and not t.variant:
            counts["infantry"] += 1
        elif t.arm == "armour" and not t.variant:
            counts["armor"] += 1
    for h in sorted({u.hex for u in units}):
        here = [u for u in units if u.hex == h and game.unit_type(u).arm != "fort"]
        divs = [u for u in here if game.unit_type(u).arm == "infantry" and game.unit_type(u).size == "division"]
        if len(divs) > 1:
            rep.problems.append(f"{h}: two infantry divisions may not start in one hex (16.3 B)")
        elif here:
            rep.problems += [f"{h}: {p}" for p in stack_problems(game, here, game.map.terrain.get(h, "clear"))]
    rep.counts = counts
    if sc and side_data:
        initial = used_table(side_data)["initial"]
        for key in ("forts", "infantry", "armor"):
            if counts[key] > int(initial[key]):
                rep.problems.append(f"{counts[key]} {key} deployed; scenario {sc['id']} gives {side} {initial[key]} initially (16.1 B)")
        rep.trace.append(f"deployed: {counts['forts']} forts, {counts['infantry']} infantry divisions, {counts['armor']} "
                         f"armoured brigades of {initial['forts']}, {initial['infantry']}, {initial['armor']} (16.3)")
    rep.legal = not rep.problems
    rep.trace.append("the deployment is legal" if rep.legal else "the deployment is not legal: " + rep.problems[0])
    return rep


def fort_sequence(game: HexGame, scenario_id: str, placements: list[dict]) -> DeploymentReport:
    """16.2 A: forts are placed one at a time, the side scenarios.yaml `setup.forts_first` names
    first, then alternately, until one side has placed all its forts; the other places the rest.
    Each placement must also be legal where it stands (16.2 B, 10.4, and the scenario's limits)."""
    rep = DeploymentReport(False)
    sc = next((s for s in game.scenarios if str(s["id"]) == str(scenario_id)), None)
    first = ((game.scenario_setup or {}).get("forts_first") or {}).get("value")
    if sc is None or first not in game.side_ids:
        rep.problems.append(f"no scenario '{scenario_id}'" if sc is None else
                            "scenarios.yaml names no side that places the first fort (`setup.forts_first`)")
        return rep
    order = [first, game.enemy(first)]
    owed = {side: int(used_table(sc["sides"][side])["initial"]["forts"]) for side in order if side in sc["sides"]}
    placed: dict[str, list[Unit]] = {side: [] for side in order}
    turn = 0
    for i, p in enumerate(placements, 1):
        due = next((order[(turn + k) % 2] for k in (0, 1) if len(placed[order[(turn + k) % 2]]) < owed.get(order[(turn + k) % 2], 0)), None)
        if due is None:
            rep.problems.append(f"placement {i}: both sides have placed all their forts (16.2 A)")
            break
        if p["side"] != due:
            rep.problems.append(f"placement {i}: it is {due}'s turn to place a fort, not {p['side']}'s (16.2 A)")
            break
        fort_type = next(t.id for t in game.unit_types.values() if t.arm == "fort")
        unit = Unit(f"{p['side'].lower()}-fort-{len(placed[due]) + 1}", due, fort_type, str(p["hex"]))
        trial = Position({u.id: u for side in order for u in placed[side]} | {unit.id: unit})
        check = check_deployment(game, Position({u.id: u for u in trial.units.values() if u.side == due}), due, scenario_id)
        own = [q for q in check.problems if q.startswith(unit.id)]
        if own:
            rep.problems += [f"placement {i}: {q}" for q in own]
            break
        placed[due].append(unit)
        rep.trace.append(f"placement {i}: {due} places a fort in {p['hex']} (16.2 A, B)")
        turn = (order.index(due) + 1) % 2
    rep.counts = {side: len(placed[side]) for side in order}
    if not rep.problems:
        short = [f"{side} has placed {len(placed[side])} of its {owed.get(side, 0)} forts" for side in order
                 if len(placed[side]) < owed.get(side, 0)]
        units_first = ((game.scenario_setup or {}).get("units_first") or {}).get("value")
        rep.trace += short or [f"every fort is placed; {units_first or 'each side'} deploys its units next (16.3 A)"]
    rep.legal = not rep.problems
    rep.trace.append("the fort placement is legal" if rep.legal else "the fort placement is not legal: " + rep.problems[0])
    return rep
