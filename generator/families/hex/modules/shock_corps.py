"""Variant 3.3.4 A: a tank brigade and two infantry divisions form a shock corps."""
from . import RuleModule

MODULE = RuleModule(
    name="shock_corps", rule="3.3.4 A (variant)",
    summary="A tank brigade and two infantry divisions in one hex form a shock corps in the Formation Phase.",
    ap_costs=("form-shock-corps",), provides=("shock-corps",))
