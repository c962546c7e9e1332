"""5.5, 5.6, 6.0-6.4: the turn structure (hands, actions, turns, starting order) and the
extra card of the momentum leader once a poll has been played."""
from __future__ import annotations

from .spec import RuleModule


def _structure(game, p):
    return {k: p[k] for k in ("initial_order", "hand", "first_turn_hand", "actions_per_turn", "turns") if k in p}


def _leader_bonus(game, p, party, turn, leader, polls):
    n = int(p.get("leader_bonus", 1))
    if turn > 1 and polls > 0 and party == leader and n:
        return n, f"{party} leads momentum (6.4)"
    return None


# Counts the turn engine loops over or deals out: a game has at least one turn of one action.
LEAST = {"hand": 0, "first_turn_hand": 0, "leader_bonus": 0, "actions_per_turn": 1, "turns": 1}


def _check(game, p):
    """The starting order seats every party once (the turn engine plays it, 6.1); counts in range."""
    found = []
    order = p.get("initial_order")
    if order is not None and sorted(order) != sorted(game.parties):
        found.append(("/initial_order", "the starting order lists each party of parties.yaml once: "
                      + ", ".join(game.parties)))
    for key, least in LEAST.items():
        if key in p and p[key] < least:
            found.append((f"/{key}", f"{key} is at least {least}, not {p[key]}"))
    return found


MODULE = RuleModule(
    "momentum", "6.1", "Turn order, hand sizes, actions per turn; the leader's extra card",
    params={"initial_order": "parties", "hand": "int", "first_turn_hand": "int", "leader_bonus": "int",
            "actions_per_turn": "int", "turns": "int"},
    hooks={"turn_structure": _structure, "hand_bonus": _leader_bonus, "check": _check})
