"""9.3: the party that plays a statehood card may place one of its Stronghold tokens in
the state it admits (each party has `tokens` of them); the state is then its
stronghold, with all the stronghold rules."""
from __future__ import annotations

from .spec import RuleModule


def _admission(game, p, pos, ctx):
    party, territory = ctx["party"], ctx["territory"]
    if not party or territory is None or not ctx.get("place_token", True):
        return pos, {}, []
    used = sum(1 for q in pos.tokens.values() if q == party)
    if used >= int(p.get("tokens", 2)):
        return pos, {}, [f"{party} has no Stronghold token left (9.3)."]
    name = game.states[territory].name
    return (pos.with_token(territory, party), {"stronghold_tokens": {territory: party}},
            [f"{party} places a Stronghold token in {name}: it is {party}'s stronghold from now on (9.3)."])


MODULE = RuleModule(
    "statehood_strongholds", "9.3", "A statehood card's player may make the new state its stronghold",
    params={"tokens": "int"}, hooks={"on_admission": _admission}, order=40)
