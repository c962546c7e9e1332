"""9.4: a state that divides its votes among tied parties; the remainder by a priority list.

The rule text gives the remainder to the first party in the order that has PCFs in the
state; its worked example gives it to the next party in the order even without any. The
module does both: first with PCFs, else the first outside the tie."""
from __future__ import annotations

from ..outcome import StateOutcome
from .spec import RuleModule


def _split(game, p, pos, state, phase, ctl):
    if p.get("state") != state.id or phase not in (p.get("phases") or []):
        return None
    leaders = ctl.leaders
    share, rest = divmod(state.ev, len(leaders))
    split = {q: share for q in leaders}
    order = list(p.get("remainder_order") or [])
    reason = f"{state.name}: tie between {' and '.join(leaders)}, {share} votes each (9.4)"
    if rest:
        outside = [q for q in order if q not in leaders]
        with_pcfs = [q for q in outside if pos.count(state.id, q) > 0]
        to = with_pcfs[0] if with_pcfs else (outside[0] if outside else
                                             next((q for q in order if q in leaders), None))
        if to:
            split[to] = split.get(to, 0) + rest
            reason += f"; the remaining {rest} to {to}, next in the order {', '.join(order)}"
    return StateOutcome(state.id, split=dict(sorted(split.items())), reason=reason)


MODULE = RuleModule(
    "split_ties", "9.4", "A tied state divides its electoral votes; the remainder goes by priority",
    params={"state": "state", "remainder_order": "parties", "phases": "phases"},
    required=frozenset({"state"}), hooks={"resolve_tie": _split}, order=10)
