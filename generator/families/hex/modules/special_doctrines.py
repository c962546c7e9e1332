"""Variant 16.6.1: amphibious and airborne doctrines (marine and airborne moves)."""
from . import RuleModule

MODULE = RuleModule(
    name="special_doctrines", rule="16.6.1 (variant)",
    summary="Marine units invade by sea from a coastal city; airborne units fly from a city up to a range.",
    defaults={"airborne_range": 10},
    ap_costs=("amphibious-invasion", "airborne-move"), provides=("special-moves",))
