"""A board position: PCFs per state and party, locked states, admitted territories and
Stronghold tokens placed during play (9.3).

Positions are values: every change returns a new Position, so engines stay pure
and an example's "before" is still there to draw next to its "after".
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Position:
    pcfs: dict = field(default_factory=dict)        # state -> {party: n}, only n > 0 kept
    locked: dict = field(default_factory=dict)      # state -> party
    admitted: frozenset = frozenset()               # territories that became states
    tokens: dict = field(default_factory=dict)      # state -> party whose Stronghold token is there

    @classmethod
    def from_example(cls, data: dict) -> "Position":
        pcfs = {}
        for state, by_party in sorted((data.get("position") or {}).items()):
            kept = {p: int(n) for p, n in sorted((by_party or {}).items()) if int(n) > 0}
            if kept:
                pcfs[state] = kept
        return cls(pcfs, dict(sorted((data.get("locked") or {}).items())),
                   frozenset(data.get("admitted") or ()),
                   dict(sorted((data.get("stronghold_tokens") or {}).items())))

    def count(self, state: str, party: str) -> int:
        return self.pcfs.get(state, {}).get(party, 0)

    def counts(self, state: str) -> dict[str, int]:
        return dict(self.pcfs.get(state, {}))

    def total(self, state: str) -> int:
        return sum(self.pcfs.get(state, {}).values())

    def add(self, state: str, party: str, n: int) -> "Position":
        """PCFs added (n > 0) or removed (n < 0); counts never go below zero."""
        pcfs = {s: dict(c) for s, c in self.pcfs.items()}
        row = pcfs.setdefault(state, {})
        row[party] = max(0, row.get(party, 0) + n)
        if not row[party]:
            del row[party]
        if not row:
            del pcfs[state]
        return Position(pcfs, dict(self.locked), self.admitted, dict(self.tokens))

    def lock(self, state: str, party: str) -> "Position":
        """7.6: a locked state loses all its PCFs and keeps the locker's token."""
        pcfs = {s: dict(c) for s, c in self.pcfs.items() if s != state}
        locked = dict(self.locked)
        locked[state] = party
        return Position(pcfs, dict(sorted(locked.items())), self.admitted, dict(self.tokens))

    def admit(self, state: str) -> "Position":
        return Position({s: dict(c) for s, c in self.pcfs.items()}, dict(self.locked),
                        self.admitted | {state}, dict(self.tokens))

    def with_token(self, state: str, party: str) -> "Position":
        tokens = dict(self.tokens)
        tokens[state] = party
        return Position({s: dict(c) for s, c in self.pcfs.items()}, dict(self.locked), self.admitted,
                        dict(sorted(tokens.items())))

    def to_dict(self) -> dict:
        out = {"position": {s: dict(sorted(c.items())) for s, c in sorted(self.pcfs.items())}}
        if self.locked:
            out["locked"] = dict(sorted(self.locked.items()))
        if self.admitted:
            out["admitted"] = sorted(self.admitted)
        if self.tokens:
            out["stronghold_tokens"] = dict(sorted(self.tokens.items()))
        return out
