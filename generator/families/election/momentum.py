"""Momentum order (6.1), hand sizes (5.6, 6.4, 8.1) and the free-state secession roll (11.4)."""
from __future__ import annotations

from fractions import Fraction
from math import factorial

from .model import Game
from .ruleset import param, scenario


def initial_order(game: Game, players=None) -> list[str]:
    """Play order before the first poll: the momentum module's order, or the scenario's."""
    order = list(param(game, "momentum", "initial_order", list(game.parties)))
    sc = scenario(game, players)
    if sc:
        keep = [p for p in order if p in sc.get("parties", order)]
        first = sc.get("first", keep[0])
        i = keep.index(first)
        order = keep[i:] + keep[:i]
    return order


def held_votes(game: Game, held: dict) -> dict[str, int]:
    votes = {p: 0 for p in game.parties}
    for state, party in held.items():
        if party:
            votes[party] += game.states[state].ev
    return votes


def order_by_votes(votes: dict[str, int], parties) -> list[list[str]]:
    """Groups from most to fewest electoral votes; a group of several is ordered by die."""
    groups: dict[int, list[str]] = {}
    for p in parties:
        groups.setdefault(votes.get(p, 0), []).append(p)
    return [sorted(groups[v]) for v in sorted(groups, reverse=True)]


def hand_sizes(game: Game, turn: int, leader: str | None, parties, polls_played: int) -> dict[str, int]:
    """Cards each party holds after drawing for `turn`."""
    if turn <= 1:
        return {p: int(param(game, "momentum", "first_turn_hand", 7)) for p in parties}
    base = int(param(game, "momentum", "hand", 6))
    sizes = {p: base for p in parties}
    options = game.rule("republican_options")
    if options and options.get("party") in sizes:
        sizes[options["party"]] += int(options.get("extra_cards", 1))
    if leader and polls_played > 0:
        sizes[leader] += int(param(game, "momentum", "leader_bonus", 1))
    return sizes


def momentum(game: Game, *, turn: int, polls_played: int, held: dict, previous=None, players=None) -> dict:
    parties = initial_order(game, players)
    trace = []
    if polls_played == 0:
        order_groups = [[p] for p in (previous or parties)]
        trace.append("No regional poll yet: the starting order stands (5.5, 6.1).")
    else:
        votes = held_votes(game, held)
        order_groups = order_by_votes({p: votes[p] for p in parties}, parties)
        trace.append("After a poll, order by electoral votes held: "
                     + ", ".join(f"{p} {votes[p]}" for p in parties) + " (6.1).")
    ties = [g for g in order_groups if len(g) > 1]
    for g in ties:
        trace.append(f"{' and '.join(g)} are level: a die orders them, each order with chance "
                     f"{Fraction(1, factorial(len(g)))} (6.1).")
    leader = order_groups[0][0] if len(order_groups[0]) == 1 else None
    result = {"order": [g[0] if len(g) == 1 else g for g in order_groups], "ties": ties, "leader": leader}
    if leader is None:
        result["leader_chances"] = {p: str(Fraction(1, len(order_groups[0]))) for p in order_groups[0]}
    sizes = hand_sizes(game, turn, leader, parties, polls_played)
    result["hands"] = sizes
    if turn <= 1:
        trace.append(f"Turn 1: everyone is dealt {sizes[parties[0]]} cards, with no extras (5.5, 5.6).")
    else:
        trace.append("Draw to " + str(param(game, "momentum", "hand", 6)) + " cards; "
                     + ", ".join(f"{p} {n}" for p, n in sizes.items())
                     + (" (the momentum leader draws one extra only after the first poll, 6.4)"
                        if polls_played == 0 else "") + " (6.4, 8.1).")
    return {"result": result, "trace": trace}


def free_state_secession(game: Game, admitted_by: dict, momentum_order: list[str]) -> dict:
    module = game.rule("free_state_secession") or {}
    needed = list(module.get("states", []))
    free_by = module.get("free_when_played_by", {}) or {}
    free = sorted(t for t, p in admitted_by.items() if p in free_by.get(t, []))
    trace = [f"{game.states[t].name} admitted by {p}: "
             f"{'free' if t in free else 'slave'} state (11.4)." for t, p in sorted(admitted_by.items())]
    result = {"free_states": free, "roll": False, "secession_chance": "0"}
    if needed and all(t in free for t in needed):
        party = module.get("party", "R")
        rank = momentum_order.index(party)
        faces = list(module.get("faces_by_rank", [4, 3, 2, 1]))[rank]
        chance = Fraction(faces, 6)
        result.update({"roll": True, "secession_chance": str(chance), "republican_rank": rank + 1})
        trace.append(f"Both are free states and {party} is number {rank + 1} in momentum: South "
                     f"Carolina secedes on 1-{faces}, chance {chance}; then everyone loses (11.4).")
    else:
        trace.append("Not both admitted as free states: no secession roll (11.4).")
    return {"result": result, "trace": trace}
