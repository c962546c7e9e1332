"""Each order of a phase paired with the adjudicator's decision on it, by place.

A phase's results come one per order given, powers in sorted order, each power's orders
as given (adjudicate_phase), so the n-th order of a power and the n-th result of that
power are the same order: no text is matched. In a movement phase the decision is the
order's typed `Verdict` (verdicts.py), which says whether it succeeds and why; the
retreat and adjustment adjudicators give a row (legal, succeeds or fails, why). The
worked examples' check, their outcome table and the order diagram all read this value.
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
    verdict: Verdict | None = None   # a legal movement order's typed verdict

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
    verdicts = result.verdicts
    for n, row in enumerate(result.results):
        power = row["power"]
        i = seen[power] = seen.get(power, -1) + 1
        verdict = verdicts[n] if verdicts else None
        succeeds = bool(verdict) if verdict is not None else _row_succeeds(row)
        out[(power, i)] = Decision(power, row["order"], row["canonical"], row["legal"], succeeds,
                                   row["reason"], verdict)
    return out


def _row_succeeds(row: dict) -> bool:
    """A retreat or adjustment row (movement.OrderResult), or an order that is not legal."""
    return row["legal"] and row["result"] == "succeeds"
