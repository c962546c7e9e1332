"""Variant 16.7: the Internationals and the Legion join one side each."""
from __future__ import annotations

from ..intervention import InterventionReport, contingents
from ..model import HexGame
from . import RuleModule


def assign(game: HexGame, params, assignment: dict[str, str], scenario_id: str | None = None) -> InterventionReport:
    """16.7.1 A: players use the contingents as they wish, but hostile ones never share a side."""
    rep = InterventionReport(False)
    known = contingents(game)
    sc = next((s for s in game.scenarios if str(s["id"]) == str(scenario_id)), None) if scenario_id else None
    for side in game.side_ids:
        rep.units[side] = {}
        rep.air_markers[side] = int(sc["sides"].get(side, {}).get("air_markers", 0)) if sc else 0
    if sc:
        rep.trace.append(f"scenario {sc['id']} air markers (17.4.3): "
                         + ", ".join(f"{side} {rep.air_markers[side]}" for side in game.side_ids))
    for cid, side in sorted(assignment.items()):
        c = known.get(cid)
        if c is None:
            rep.problems.append(f"no intervention contingent '{cid}' (16.7.1)")
            continue
        if side not in rep.units:
            rep.problems.append(f"'{side}' is not a side of this game ({', '.join(game.side_ids)})")
            continue
        for other, other_side in sorted(assignment.items()):
            if other in c.get("hostile_to", []) and other_side == side and cid < other:
                rep.problems.append(f"the {c['name']} and the {known[other]['name']} are hostile and may never be on the "
                                    f"same side (16.7.1 A)")
        for t, n in sorted(c["units"].items()):
            rep.units[side][t] = rep.units[side].get(t, 0) + int(n)
        rep.air_markers[side] += int(c.get("air_markers", 0))
        rep.trace.append(f"the {c['name']} ({cid}) join the {side}: " + ", ".join(f"{n} {t}" for t, n in sorted(c["units"].items()))
                         + f", {c.get('air_markers', 0)} airstrike marker(s)")
    rep.trace.append("intervention units fight as their side's own, but never build corps and are never replaced (16.7.1 B)")
    rep.legal = not rep.problems
    return rep


MODULE = RuleModule(
    name="intervention_forces", rule="16.7 (variant)",
    summary="Two hostile contingents (scenarios.yaml `variant.intervention_forces`) may join the sides.",
    hooks={"intervention": assign})
