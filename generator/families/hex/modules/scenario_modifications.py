"""Variant 17.4: scenario AP bonus, doctrine units at no cost, air markers per scenario."""
from . import RuleModule

MODULE = RuleModule(
    name="scenario_modifications", rule="17.4 (variant)",
    summary="Scenario levels and markers of the variant (scenarios.yaml `variant`): +AP, air markers.",
    provides=("scenario-variant",))
