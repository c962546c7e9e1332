"""8.3 style advantage: one party pays no surcharge for placing in a second region."""
from __future__ import annotations

from .spec import RuleModule


def _waiver(game, p, party):
    if party == p.get("party"):
        return f"no extra for a second region: {party}'s advantage (8.3)"
    return None


MODULE = RuleModule(
    "free_second_region", "8.3", "A party campaigns in several regions at no extra cost",
    params={"party": "party"}, required=frozenset({"party"}),
    hooks={"region_surcharge_waiver": _waiver})
