"""9.2: in Final Polling a tied state goes to the tied party holding most other states of
its region (decided afterwards, once the region is polled); strongholds and the listed
states are left out."""
from __future__ import annotations

from ..outcome import StateOutcome
from .spec import RuleModule
from .strongholds import holder


def _tie(game, p, pos, state, phase, ctl):
    if phase != "final" or state.id in (p.get("excluded_states") or []) or holder(pos, state):
        return None
    return StateOutcome(state.id, pending_tie=ctl.leaders,
                        reason=ctl.reason.replace("; nobody controls it", "") +
                        "; to be broken by the states each holds in the region (9.2)")


MODULE = RuleModule(
    "final_tie_by_region", "9.2", "Final Polling ties go to the party holding most of the region",
    params={"excluded_states": "states"}, hooks={"resolve_tie": _tie}, order=30)
