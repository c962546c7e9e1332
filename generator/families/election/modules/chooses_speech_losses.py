"""8.2 style advantage: when this party speaks against another, it picks where the losses fall."""
from __future__ import annotations

from .spec import RuleModule


def _chooser(game, p, speaker, target, direction):
    if direction == "against" and speaker == p.get("party") and target != speaker:
        return speaker, f"{speaker} spoke against another party, so {speaker} chooses the losses (8.2)"
    return None


MODULE = RuleModule(
    "chooses_speech_losses", "8.2", "A party chooses where its negative speeches take PCFs",
    params={"party": "party"}, required=frozenset({"party"}), hooks={"loss_chooser": _chooser})
