"""8.1 style advantage: one party draws extra cards every turn after the first."""
from __future__ import annotations

from .spec import RuleModule


def _bonus(game, p, party, turn, leader, polls):
    n = int(p.get("extra_cards", 1))
    if turn > 1 and party == p.get("party") and n:
        return n, f"{party}'s advantage (8.1)"
    return None


MODULE = RuleModule(
    "extra_cards", "8.1", "A party draws extra cards every turn after the first",
    params={"party": "party", "extra_cards": "int"}, required=frozenset({"party"}),
    hooks={"hand_bonus": _bonus})
