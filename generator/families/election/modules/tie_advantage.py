"""8.4: in the listed regions, a tied state goes to the party with the advantage if it has a
PCF there: it gains just enough PCFs to stand alone at the top."""
from __future__ import annotations

from ..outcome import StateOutcome
from .spec import RuleModule
from .strongholds import holder


def _tie(game, p, pos, state, phase, ctl):
    party = p.get("party")
    if state.region_id not in (p.get("regions") or []) or state.id in (p.get("excluded_states") or []):
        return None
    who = holder(pos, state)
    if p.get("yields_to_other_strongholds") and who and who != party:
        return None
    have = pos.count(state.id, party)
    if have < 1:
        return None
    gain = ctl.top + 1 - have
    return StateOutcome(state.id, winner=party, gained={party: gain},
                        reason=f"{state.name}: tie at {ctl.top} between {' and '.join(ctl.leaders)}; {party} "
                               f"has {have} PCF{'s' if have != 1 else ''} in this {state.region_id} state and "
                               f"gains {gain} to take it (8.4)")


MODULE = RuleModule(
    "tie_advantage", "8.4", "A party wins ties in some regions where it has a PCF",
    params={"party": "party", "regions": "regions", "excluded_states": "states",
            "yields_to_other_strongholds": "bool"}, required=frozenset({"party", "regions"}),
    hooks={"resolve_tie": _tie}, order=20)
