"""11.4: once all the listed territories are admitted as free states, a die decides whether
a state secedes; the chance depends on one party's place on the Momentum Table.

A territory is free when admitted by a party listed for it in `free_when_played_by`.
`faces_by_rank` gives the failing faces for first, second, ... and last place. With
fewer players the table is shorter (unplayed parties have no marker, 5.5), so the
leader takes the first entry, the party at the bottom ("dead last") the last entry,
and any other place the entry of its rank."""
from __future__ import annotations

from fractions import Fraction

from .spec import RuleModule


def rank_entry(faces: list, rank: int, size: int) -> int:
    """The faces_by_rank entry for a 0-based rank on a table of `size` markers."""
    if rank == 0 or size <= 1:
        return faces[0]
    if rank == size - 1:
        return faces[-1]
    return faces[min(rank, len(faces) - 1)]


def _admission(game, p, pos, ctx):
    needed = list(p.get("states", []))
    free_by = p.get("free_when_played_by") or {}
    admitted_by = ctx["admitted_by"]
    free = sorted(t for t, q in admitted_by.items() if q in free_by.get(t, []))
    trace = [f"{game.states[t].name} admitted by {q}: {'free' if t in free else 'slave'} state (11.4)."
             for t, q in sorted(admitted_by.items()) if t in game.states]
    result = {"free_states": free, "roll": False, "secession_chance": "0"}
    order, party = list(ctx.get("order") or []), p.get("party")
    rolls = bool(needed) and all(t in free for t in needed)
    if party not in order and (order or rolls):
        result["problems"] = [f"the momentum order must include {party}, whose place sets the chance"]
        return pos, result, trace
    if rolls:
        rank = order.index(party)
        faces = rank_entry(list(p.get("faces_by_rank", [4, 3, 2, 1])), rank, len(order))
        chance = Fraction(faces, 6)
        place = "last" if rank == len(order) - 1 and rank else f"number {rank + 1}"
        result.update({"roll": True, "secession_chance": str(chance), "rank": rank + 1})
        trace.append(f"All of {', '.join(needed)} are free states and {party} is {place} of {len(order)} in "
                     f"momentum: secession on 1-{faces}, chance {chance}; then everyone loses (11.4).")
    else:
        trace.append("Not all of " + ", ".join(needed) + " admitted as free states: no secession roll (11.4).")
    return pos, result, trace


def _check(game, p):
    found = []
    faces = p.get("faces_by_rank", [])
    if not isinstance(faces, list) or not faces or any(not isinstance(f, int) or not 0 <= f <= 6 for f in faces):
        found.append(("/faces_by_rank", "faces_by_rank lists how many die faces fail, 0-6, leader first"))
    for t in p.get("states", []):
        if t in game.states and not game.states[t].territory:
            found.append(("/states", f"{t} is not a territory: only territories are admitted"))
    return found


MODULE = RuleModule(
    "free_state_secession", "11.4", "Admitting the listed territories as free states risks secession",
    params={"states": "states", "free_when_played_by": "state->parties", "party": "party",
            "faces_by_rank": "ints"}, required=frozenset({"states", "party"}),
    hooks={"on_admission": _admission, "check": _check}, order=60)
