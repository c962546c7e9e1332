"""The rule modules a game names in game.yaml, read with the engine's defaults.

A module absent from game.yaml is simply not in force (a variant without Douglas's
oratory just leaves `douglas_oratory` out). Player-count scenarios (12.0) are rule
modules too: `scenario(game, players)` returns their parameters or an empty dict.
"""
from __future__ import annotations

from .model import Game

KNOWN_MODULES = {
    "campaign_costs": {"base", "extra_region", "controlled_by_other"},
    "radicalism": {"party"},
    "douglas_oratory": {"party"},
    "republican_options": {"party", "extra_cards"},
    "tie_advantage": {"party", "regions", "excluded_states", "yields_to_other_strongholds"},
    "strongholds": set(),
    "locking": {"multiple"},
    "new_jersey_split": {"state", "remainder_order", "phases"},
    "unclaimed_to_third_party": {"awards"},
    "final_tie_by_region": {"excluded_states"},
    "state_legislature": {"state", "thresholds", "share", "never_lock", "secession"},
    "momentum": {"initial_order", "hand", "first_turn_hand", "leader_bonus", "actions_per_turn", "turns"},
    "personal_appearance": {"doubling", "unlocked_for_republicans_by"},
    "free_state_secession": {"states", "free_when_played_by", "party", "faces_by_rank"},
    "victory": {"house_candidates", "electoral_total", "majority"},
    "two_player": {"parties", "placed_by", "first", "unclaimed_to", "never_lock"},
    "three_player": {"parties", "placed_by", "first"},
}


def param(game: Game, module: str, name: str, default=None):
    values = game.rule(module)
    if values is None:
        return default
    return values.get(name, default)


def active(game: Game, module: str) -> bool:
    return game.rule(module) is not None


def scenario(game: Game, players: int | None) -> dict:
    """Parameters of the 12.0 scenario for this player count ({} for four players)."""
    name = {2: "two_player", 3: "three_player"}.get(players or 4)
    return (game.rule(name) or {}) if name else {}


def costs(game: Game) -> tuple[int, int, int]:
    c = game.rule("campaign_costs") or {}
    return int(c.get("base", 1)), int(c.get("extra_region", 1)), int(c.get("controlled_by_other", 1))


def lock_multiple(game: Game) -> int | None:
    """How many times the PCR a party needs to lock a state; None when locking is off."""
    return int(param(game, "locking", "multiple", 2)) if active(game, "locking") else None


def never_locked(game: Game, players: int | None) -> set[str]:
    states = set(scenario(game, players).get("never_lock") or [])
    if param(game, "state_legislature", "never_lock", False):
        states.add(param(game, "state_legislature", "state"))
    return states
