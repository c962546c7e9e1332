"""What a rule module is: a name, the parameters it takes, and the hooks it answers.

The engines never ask whether a module is in force; they ask the registry for every
enabled module that answers a hook (`registry.hooks`) and combine the answers. A new
rule is one file in this folder defining `MODULE = RuleModule(...)`, and its test.

Hooks (each called as fn(game, params, ...); None means "nothing to say"):

    placement_cost(game, p, ctx) -> [(points, why)]        campaign price of one PCF (7.1)
    region_surcharge_waiver(game, p, party) -> why          no extra for a second region
    ballot_waiver(game, p, party, events) -> why            act where not on the ballot
    appearance(game, p, party, events) -> (multiplier|None, why)   a Personal Appearance
    tie_break(game, p, pos, state, leaders) -> (party, why) control of a tied state
    resolve_first / resolve_tie / resolve_unclaimed(game, p, pos, state, phase, ctl)
                                 -> StateOutcome            polling, in three stages
    lock_threshold(game, p) -> multiple of the PCR          locking (7.6)
    never_lock(game, p) -> {state ids}
    turn_structure(game, p) -> dict                         hands, actions, turns, order
    seat_order(game, p, order) -> order                     who plays first (scenarios)
    placed_by(game, p) -> {party: party}                    who places unplayed parties
    hand_bonus(game, p, party, turn, leader, polls) -> (cards, why)
    loss_chooser(game, p, speaker, target, direction) -> (party, why)
    victory_settings(game, p) -> dict                       majority, House candidates
    on_admission(game, p, pos, ctx) -> (pos, result, trace) a territory becomes a state
    check(game, p) -> [(pointer under /rules/<name>, message)]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

HOOKS = frozenset({
    "placement_cost", "region_surcharge_waiver", "ballot_waiver", "appearance", "tie_break",
    "resolve_first", "resolve_tie", "resolve_unclaimed", "lock_threshold", "never_lock",
    "turn_structure", "seat_order", "placed_by", "hand_bonus", "loss_chooser",
    "victory_settings", "on_admission", "check"})

# Parameter kinds the checker knows: what the value must be and which ids it may name.
KINDS = frozenset({"int", "bool", "party", "parties", "state", "states", "region", "regions",
                   "card", "cards", "party->int", "party->party", "party->ratio", "state->party",
                   "state->parties", "ints", "phases", "any"})


@dataclass(frozen=True)
class RuleModule:
    name: str
    rule: str                                   # the rulebook section it implements
    summary: str                                # one line for the site's rule-module table
    params: dict[str, str] = field(default_factory=dict)     # parameter -> kind (KINDS)
    required: frozenset = frozenset()           # parameters that must be given
    hooks: dict[str, Callable] = field(default_factory=dict)
    players: int | None = None                  # scenario modules: only at this player count
    order: int = 50                             # rank among modules answering the same hook

    def __post_init__(self):
        unknown = set(self.hooks) - HOOKS
        if unknown:
            raise ValueError(f"rule module {self.name}: unknown hooks {sorted(unknown)}")
        bad = {k for k, v in self.params.items() if v not in KINDS}
        if bad:
            raise ValueError(f"rule module {self.name}: unknown parameter kinds {sorted(bad)}")
