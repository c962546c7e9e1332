"""Intervention forces (variant 16.7): the report of which contingent joins which side, and what it brings;
the rule is the hook of the module that provides it."""
from __future__ import annotations

from dataclasses import dataclass, field

from .model import HexGame
from .modules import first, refusal


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
    rep = first(game, "intervention", assignment, scenario_id)
    if rep is None:
        rep = InterventionReport(False)
        rep.problems.append(refusal("intervention", "intervention forces need a rule module providing them ({module}, 16.7)"))
    return rep
