"""Provenance of a value: where a fact comes from, or why it had to be estimated.

Content writes a provenanced value either bare (`pcr: 4`) or as a mapping
(`pcr: {value: 4, source: estimated, reasoning: "..."}`); every family reads it
into a `Fact`, so every page that shows the value can mark an estimate.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Fact:
    value: Any
    source: str = ""       # a source id from game.yaml, "estimated" or "unknown"
    rule: str = ""
    reasoning: str = ""
    note: str = ""

    @property
    def estimated(self) -> bool:
        return self.source == "estimated"

    @property
    def known(self) -> bool:
        return self.source != "unknown"

    @classmethod
    def read(cls, data, default=None) -> "Fact":
        """A Fact from content: a bare value, or a mapping with `value` and its provenance."""
        if isinstance(data, dict) and ("value" in data or "source" in data):
            return cls(data.get("value"), str(data.get("source", "")), str(data.get("rule", "")),
                       str(data.get("reasoning", "")), str(data.get("note", "")))
        value = default if data is None else data
        return cls(value, "unknown" if value is None else "")

    def cite(self) -> str:
        """Provenance in a few words, as pages show it."""
        if self.estimated:
            return f"estimated: {self.reasoning}"
        if not self.known:
            return f"unknown: {self.note}"
        return f"{self.source} {self.rule}".strip()
