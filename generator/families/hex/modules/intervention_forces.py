"""Variant 16.7: the Internationals and the Legion join one side each."""
from . import RuleModule

MODULE = RuleModule(
    name="intervention_forces", rule="16.7 (variant)",
    summary="Two hostile contingents (scenarios.yaml `variant.intervention_forces`) may join the sides.",
    provides=("intervention",))
