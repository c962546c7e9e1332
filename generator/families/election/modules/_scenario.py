"""Shared hooks of the player-count scenarios (12.0): who plays, who opens, who places
the unplayed parties' free PCFs, states that never lock and fallback winners."""
from __future__ import annotations

from ..outcome import StateOutcome


def seat_order(game, p, order):
    keep = [q for q in order if q in p.get("parties", order)]
    if not keep:
        return order
    first = p.get("first", keep[0])
    i = keep.index(first) if first in keep else 0
    return keep[i:] + keep[:i]


def placed_by(game, p):
    return dict(p.get("placed_by") or {})


def never_lock(game, p):
    return set(p.get("never_lock") or [])


def unclaimed(game, p, pos, state, phase, ctl):
    party = (p.get("unclaimed_to") or {}).get(state.id)
    if party:
        return StateOutcome(state.id, winner=party,
                            reason=f"nobody wins {state.name} outright; in this scenario it goes to {party} (12.1)")
    return None


def check(game, p):
    parties = p.get("parties") or []
    if p.get("first") is not None and p["first"] not in parties:
        return [("/first", f"the first player {p['first']!r} is not among the scenario's parties")]
    return []


PARAMS = {"parties": "parties", "placed_by": "party->party", "first": "party",
          "unclaimed_to": "state->party", "never_lock": "states"}
HOOKS = {"seat_order": seat_order, "placed_by": placed_by, "never_lock": never_lock,
         "resolve_unclaimed": unclaimed, "check": check}
