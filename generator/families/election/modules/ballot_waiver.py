"""2.4: a card in force lets a party act in states where it is not on the ballot.

Which parties are off the ballot where is data (states.yaml `off_ballot`); this module
only names the cards that lift the restriction."""
from __future__ import annotations

from .spec import RuleModule


def _waiver(game, p, party, events):
    cards = [c for c in p.get("cards", []) if c in events]
    if cards and (not p.get("parties") or party in p["parties"]):
        title = game.cards[cards[0]].title if cards[0] in game.cards else cards[0]
        return f"{title} lets {party} act here (2.4)"
    return None


MODULE = RuleModule(
    "ballot_waiver", "2.4", "Cards that let a party act where it is not on the ballot",
    params={"cards": "cards", "parties": "parties"}, required=frozenset({"cards"}),
    hooks={"ballot_waiver": _waiver})
