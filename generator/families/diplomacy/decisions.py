"""Each order of a phase paired with the adjudicator's decision on it, by place.

A phase's results come one per order given, powers in sorted order, each power's orders
as given (adjudicate_phase), so the n-th order of a power and the n-th result of that
power are the same order: no text is matched. The decision on a legal order is its typed
`Verdict` (verdicts.py: a move that bounced, a support cut by a unit, a retreat, a
build...), which says whether it succeeds and why; an order that is not legal has none
and fails. The worked examples' check, their outcome table and the order diagram all
read this value.
"""
from __future__ import annotations

from dataclasses import dataclass

from .api import PhaseResult
from .verdicts import Verdict


@dataclass(frozen=True, slots=True)
class Decision:
    """What the adjudicator decided on one order."""
    power: str
    order: str              # as written
    canonical: str          # as the adjudicator read it (the text again when not legal)
    legal: bool
    succeeds: bool
    why: str                # the reason, as the response gives it
    verdict: Verdict | None = None   # a legal order's typed verdict

    @property
    def outcome(self) -> str:
        """"succeeds", "fails" or "illegal"."""
        if not self.legal:
            return "illegal"
        return "succeeds" if self.succeeds else "fails"


def decisions(result: PhaseResult) -> dict[tuple[str, int], Decision]:
    """(power id, index among the orders it gave) -> the decision on that order. Orders
    the rules gave (a neutral power's standing orders) follow a power's own."""
    out: dict[tuple[str, int], Decision] = {}
    seen: dict[str, int] = {}
    for row, verdict in zip(result.results, result.verdicts, strict=True):
        power = row["power"]
        i = seen[power] = seen.get(power, -1) + 1
        succeeds = verdict is not None and bool(verdict)      # (an order that is not legal fails)
        out[(power, i)] = Decision(power, row["order"], row["canonical"], row["legal"], succeeds,
                                   row["reason"], verdict)
    return out

