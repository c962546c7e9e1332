"""The outcome of polling one state: who wins it (or shares it), and by which rule."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass
class StateOutcome:
    state: str
    winner: str | None = None        # a party id
    third_party: str = ""            # someone outside the game (a candidate no player runs)
    split: dict = field(default_factory=dict)
    locked_now: bool = False
    gained: dict = field(default_factory=dict)
    secession: Fraction | None = None
    pending_tie: tuple = ()          # final polling: tied parties awaiting the region tie-break
    reason: str = ""

    @property
    def shown_winner(self):
        return self.winner or self.third_party or None
