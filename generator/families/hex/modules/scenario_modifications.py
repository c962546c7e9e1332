"""Variant 17.4: scenario AP bonus, doctrine units at no cost, air markers per scenario."""
from __future__ import annotations

from ..model import HexGame
from . import RuleModule


def scenario_variant(game: HexGame, params, scenario: dict, side: str, doctrines: int) -> tuple[int, int, list[str]]:
    """(AP level change, airstrike markers, trace) for `side` in `scenario` under the variant: the 17.4.1
    bonus less what the doctrines chosen cost (16.6.1), and the markers of the scenario's table (17.4.3)."""
    bonus = int(game.scenario_variant.get("ap_bonus", {}).get("value", 0))
    cost = int(game.scenario_variant.get("doctrine_ap_cost", {}).get("value", 0))
    why = f"variant: +{bonus} (17.4.1)" + (f", -{cost} x {doctrines} doctrine(s) (16.6.1, estimated)" if doctrines else "")
    markers = int(scenario["sides"][side].get("air_markers", 0))
    return bonus - cost * doctrines, markers, [why]


MODULE = RuleModule(
    name="scenario_modifications", rule="17.4 (variant)",
    summary="Scenario levels and markers of the variant (scenarios.yaml `variant`): +AP, air markers.",
    hooks={"scenario_variant": scenario_variant})
