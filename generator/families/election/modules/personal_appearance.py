"""10.0: a Personal Appearance multiplies a Campaign Action's card value.

How many appearances a party has is data (parties.yaml); a party with none may still
appear while a card named in `granted_by` is in force."""
from __future__ import annotations

from .spec import RuleModule


def _appearance(game, p, party, events):
    multiplier = int(p.get("doubling", 2))
    has = game.parties[party].personal_appearances > 0 if party in game.parties else False
    granted = [c for c in p.get("granted_by", []) if c in events]
    if has:
        return multiplier, ""
    if granted:
        title = game.cards[granted[0]].title if granted[0] in game.cards else granted[0]
        return multiplier, f" ({title} grants it)"
    needed = ", ".join(game.cards[c].title if c in game.cards else c for c in p.get("granted_by", []))
    return None, f"{party} may not make a Personal Appearance" + (f" without {needed}" if needed else "") + " (10.0)"


MODULE = RuleModule(
    "personal_appearance", "10.0", "A Personal Appearance doubles a Campaign Action's card",
    params={"doubling": "int", "granted_by": "cards"},
    hooks={"appearance": _appearance})
