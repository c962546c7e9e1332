"""Momentum order (6.1), hand sizes (5.6, 6.4 and the modules' `hand_bonus`), read from the
enabled modules' `turn_structure` and `seat_order`."""
from __future__ import annotations

from fractions import Fraction
from math import factorial

from .model import Game
from .modules import first, hooks

DEFAULTS = {"hand": 6, "first_turn_hand": 7, "actions_per_turn": 5, "turns": 6}


def structure(game: Game) -> dict:
    """Hand sizes, actions per turn, number of turns and the starting order."""
    out = dict(DEFAULTS)
    out["initial_order"] = list(game.parties)
    out.update(first(game, "turn_structure") or {})
    return out


def initial_order(game: Game, players=None) -> list[str]:
    """Play order before the first poll, as the scenario in force seats it."""
    order = list(structure(game)["initial_order"])
    for fn, params in hooks(game, "seat_order", players):
        order = fn(game, params, order)
    return order


def placed_by(game: Game, players=None) -> dict[str, str]:
    """Who places each party's set-up PCFs (an unplayed party's are placed by a player)."""
    out = {p: p for p in game.parties}
    for fn, params in hooks(game, "placed_by", players):
        out.update(fn(game, params))
    return out


def held_votes(game: Game, held: dict) -> dict[str, int]:
    votes = {p: 0 for p in game.parties}
    for state, party in held.items():
        if party in votes and state in game.states:
            votes[party] += game.states[state].ev
    return votes


def order_by_votes(votes: dict[str, int], parties) -> list[list[str]]:
    """Groups from most to fewest electoral votes; a group of several is ordered by die."""
    groups: dict[int, list[str]] = {}
    for p in parties:
        groups.setdefault(votes.get(p, 0), []).append(p)
    return [sorted(groups[v]) for v in sorted(groups, reverse=True)]


def hand_sizes(game: Game, turn: int, leader: str | None, parties, polls_played: int,
               players=None) -> tuple[dict[str, int], list[str]]:
    """Cards each party holds after drawing for `turn`, and why any party gets more."""
    s = structure(game)
    if turn <= 1:
        return {p: int(s["first_turn_hand"]) for p in parties}, []
    sizes = {p: int(s["hand"]) for p in parties}
    why = []
    for fn, params in hooks(game, "hand_bonus", players):
        for p in parties:
            answer = fn(game, params, p, turn, leader, polls_played)
            if answer:
                sizes[p] += answer[0]
                why.append(f"{p} +{answer[0]}: {answer[1]}")
    return sizes, why


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
    sizes, why = hand_sizes(game, turn, leader, parties, polls_played, players)
    result["hands"] = sizes
    if turn <= 1:
        trace.append(f"Turn 1: everyone is dealt {sizes[parties[0]]} cards, with no extras (5.5, 5.6).")
    else:
        trace.append(f"Draw to {structure(game)['hand']} cards" + (f" ({'; '.join(why)})" if why else "")
                     + ": " + ", ".join(f"{p} {n}" for p, n in sizes.items())
                     + (" — the momentum leader draws an extra card only after the first poll" if polls_played == 0
                        else "") + " (6.4).")
    return {"result": result, "trace": trace}
