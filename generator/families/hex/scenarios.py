"""Scenario arithmetic: corps equivalents, Corps Box, counter limits, variant AP levels."""
from __future__ import annotations

from dataclasses import dataclass

BOXES = ("initial", "reinforcement", "replacement")


@dataclass(frozen=True)
class ForceFigures:
    divisions: int
    armour: int
    forts: int
    corps_equivalent: float

    @property
    def corps_in_box(self) -> int:
        return self.divisions // 2


def figures(table: dict) -> ForceFigures:
    divisions = sum(int(table[b]["infantry"]) for b in BOXES)
    armour = sum(int(table[b]["armor"]) for b in BOXES)
    forts = sum(int(table[b]["forts"]) for b in BOXES)
    return ForceFigures(divisions, armour, forts, divisions / 2)


def used_table(side_data: dict) -> dict:
    return side_data.get("reading") or side_data["printed"]


def side_summary(side_data: dict) -> dict:
    printed = figures(side_data["printed"])
    used = figures(used_table(side_data))
    return {"printed_ce": printed.corps_equivalent, "used_ce": used.corps_equivalent,
            "stated_ce": side_data["corps_equivalent"], "divisions": used.divisions, "armour": used.armour,
            "forts": used.forts, "corps_box": used.corps_in_box,
            "printed_agrees": printed.corps_equivalent == side_data["corps_equivalent"],
            "reading_agrees": used.corps_equivalent == side_data["corps_equivalent"]}
