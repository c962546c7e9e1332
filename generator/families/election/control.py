"""State control outside polling (7.1, 7.5): PCR plus plurality, stronghold ties.

This is the control that campaign costs look at. Polling adds the special cases
(polling.py); this module stays the plain definition both build on.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Game
from .modules import first
from .position import Position


@dataclass(frozen=True)
class Control:
    party: str | None
    reason: str
    leaders: tuple[str, ...] = ()   # parties sharing the top count
    top: int = 0
    meets_pcr: bool = False

    @property
    def tied(self) -> bool:
        """A tie for control: two or more parties share the top count at or above PCR."""
        return self.meets_pcr and len(self.leaders) > 1


def standings(counts: dict[str, int]) -> tuple[int, tuple[str, ...]]:
    top = max(counts.values(), default=0)
    return top, tuple(sorted(p for p, n in counts.items() if n == top and n > 0))


def describe(counts: dict[str, int]) -> str:
    return ", ".join(f"{p} {n}" for p, n in sorted(counts.items())) or "no PCFs"


def control(game: Game, pos: Position, state_id: str) -> Control:
    """Who controls a state right now, and why (7.1 definition)."""
    state = game.states[state_id]
    if state_id in pos.locked:
        party = pos.locked[state_id]
        return Control(party, f"{state.name} is locked by {party}", (party,), 0, True)
    counts = pos.counts(state_id)
    top, leaders = standings(counts)
    pcr = state.requirement
    if top < pcr:
        return Control(None, f"{state.name}: no party reaches PCR {pcr} ({describe(counts)})",
                       leaders, top, False)
    if len(leaders) == 1:
        return Control(leaders[0], f"{state.name}: {leaders[0]} has PCR {pcr} and a plurality "
                       f"({describe(counts)})", leaders, top, True)
    broken = first(game, "tie_break", pos, state, leaders)
    if broken is not None:
        party, why = broken
        return Control(party, f"{state.name}: {why}", leaders, top, True)
    return Control(None, f"{state.name}: tie at {top} between {' and '.join(leaders)}; nobody controls it",
                   leaders, top, True)
