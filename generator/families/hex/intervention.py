"""Intervention forces (variant 16.7): which contingent joins which side, and what it brings."""
from __future__ import annotations

from dataclasses import dataclass, field

from .model import HexGame


@dataclass
class InterventionReport:
    legal: bool
    units: dict = field(default_factory=dict)
    air_markers: dict = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "units": self.units, "air_markers": self.air_markers, "problems": self.problems}


def contingents(game: HexGame) -> dict[str, dict]:
    return {c["id"]: c for c in game.scenario_variant.get("intervention_forces", [])}


def assign(game: HexGame, assignment: dict[str, str], scenario_id: str | None = None) -> InterventionReport:
    """16.7.1 A: players use the contingents as they wish, but hostile ones never share a side."""
    rep = InterventionReport(False)
    if game.capability("intervention") is None:
        rep.problems.append("intervention forces need a rule module providing them (intervention_forces, 16.7)")
        return rep
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
