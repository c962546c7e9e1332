"""9.3: a party wins ties in its stronghold, and in Final Polling wins the stronghold
outright with its PCR, unless another party locked it. A stronghold is printed on the
board (states.yaml) or placed as a token (a statehood card, see statehood_strongholds)."""
from __future__ import annotations

from ..outcome import StateOutcome
from .spec import RuleModule


def holder(pos, state):
    """The party whose stronghold a state is: a token on the board, else the printed one."""
    return pos.tokens.get(state.id) or state.stronghold_of


def _tie_break(game, p, pos, state, leaders):
    who = holder(pos, state)
    if who in leaders:
        return who, f"tie at {pos.count(state.id, who)}, won by {who} whose stronghold it is"
    return None


def _final(game, p, pos, state, phase, ctl):
    who = holder(pos, state)
    counts = pos.counts(state.id)
    if phase != "final" or not who or counts.get(who, 0) < state.requirement:
        return None
    others = {q: n for q, n in counts.items() if q != who and n >= counts[who]}
    note = (" even though " + ", ".join(f"{q} {n}" for q, n in sorted(others.items()))) if others else ""
    return StateOutcome(state.id, winner=who,
                        reason=f"{state.name} is {who}'s stronghold and {who} has PCR "
                               f"{state.requirement}: {who} wins it in Final Polling{note} (9.3)")


MODULE = RuleModule(
    "strongholds", "9.3", "Strongholds win their party's ties, and in Final Polling win with PCR alone",
    hooks={"tie_break": _tie_break, "resolve_first": _final}, order=20)
