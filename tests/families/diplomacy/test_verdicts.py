"""The verdict types: immutable, slotted, true exactly when the order succeeds, and each
renders the one-line reason the adjudication response carries."""
from __future__ import annotations

import dataclasses

import pytest

from generator.families.diplomacy import verdicts as v

UNITS = {"MAO": "F MAO - SPA/NC", "GAS": "A GAS - SPA", "BRE": "F BRE"}


def unit(p: str) -> str:
    return UNITS[p]


def place(p: str) -> str:
    return {"SPA": "Spain", "BRE": "Brest"}[p]


CASES = [
    (v.Open("SPA"), True, "Spain is open"),
    (v.Beats(2, "SPA", 1, False, ((1, "GAS"),)), True,
     "attack strength 2 beats hold strength 1 in Spain and prevent strength 1 of A GAS - SPA"),
    (v.Beats(2, "BRE", 1, True), True, "attack strength 2 beats defend strength 1 of F BRE"),
    (v.Beats(2, "SPA", 0, False, ((1, "GAS"), (0, "MAO"))), True,
     "attack strength 2 and prevent strength 1 of A GAS - SPA, 0 of F MAO - SPA/NC"),
    (v.Circular(), True, "succeeds as part of a circular movement"),
    (v.Bounced(1, "SPA", 1, False), False, "attack strength 1 against hold strength 1 in Spain"),
    (v.Bounced(1, "BRE", 2, True), False, "attack strength 1 against defend strength 2 of F BRE (head to head)"),
    (v.OwnUnit("BRE", True), False, "cannot dislodge F BRE of its own power"),
    (v.OwnUnit("BRE", False), False, "cannot dislodge a unit of its own power in Brest"),
    (v.Standoff(1, 1, "GAS"), False, "standoff: attack strength 1 against prevent strength 1 of A GAS - SPA"),
    (v.Paradox(fleet=False), False,
     "the convoy is part of a paradox; by the Szykman rule the convoying fleets hold and the army stays"),
    (v.Paradox(fleet=True), False, "the convoy is part of a paradox (Szykman rule): the fleet holds"),
    (v.NoConvoyRoute(), False, "no fleets are ordered to convoy it along a complete route"),
    (v.ConvoyBroken(fleet=False), False, "the convoy route is broken: a convoying fleet was dislodged"),
    (v.ConvoyBroken(fleet=True), False, "the convoy route is broken"),
    (v.NoArmyMoving(), False, "no army is moving as the convoy says"),
    (v.LandRoute(), False, "the army takes the land route"),
    (v.ConvoyIntact(), True, "convoy route intact"),
    (v.SupportGiven(), True, "support given"),
    (v.Cut("GAS"), False, "cut by A GAS - SPA"),
    (v.CutByDislodgement("MAO"), False, "cut: the supporting unit is dislodged by F MAO - SPA/NC"),
    (v.SupportMismatch("GAS", True), False, "does not match: the supported unit does something else (A GAS - SPA)"),
    (v.SupportMismatch("SPA", False), False, "does not match: the supported unit does something else (Spain)"),
    (v.Holds(), True, "holds"),
    (v.Dislodged("GAS", False), False, "dislodged by A GAS - SPA"),
    (v.Dislodged("MAO", True, convoying=True), False, "the convoying fleet is dislodged by F MAO - SPA/NC"),
    (v.ByRule(True, "transforms"), True, "transforms"),
    (v.ByRule(False, "attacked"), False, "attacked"),
    (v.Retreats("SPA"), True, "retreats"),
    (v.RetreatStandoff(2, "SPA"), False, "standoff: 2 units retreat to Spain, so all are disbanded"),
    (v.RetreatGivesWay("SPA", "BRE"), False, "gives way to the retreat from Brest to Spain, so it is disbanded"),
    (v.Disbanded(), True, "disbanded"),
    (v.Built("F BRE"), True, "built"),
    (v.Waived(), True, "build waived"),
    (v.Removed("F BRE"), True, "removed"),
]


@pytest.mark.parametrize("verdict, ok, reason", CASES, ids=[type(c[0]).__name__ for c in CASES])
def test_each_verdict_knows_its_outcome_and_reason(verdict, ok, reason):
    assert bool(verdict) is ok and verdict.ok is ok
    assert verdict.reason(unit, place) == reason


def test_every_verdict_type_is_covered():
    types = {c for c in vars(v).values() if isinstance(c, type) and issubclass(c, v.Verdict) and c is not v.Verdict}
    assert types == {type(c[0]) for c in CASES}


@pytest.mark.parametrize("verdict", [c[0] for c in CASES], ids=[type(c[0]).__name__ for c in CASES])
def test_verdicts_are_slotted_and_hashable(verdict):
    """Slotted, not frozen (a frozen dataclass pays a setattr per field: see verdicts.py),
    and hashed by value like the orders."""
    assert not hasattr(verdict, "__dict__")
    assert hash(verdict) == hash(dataclasses.replace(verdict))


def test_verdicts_compare_by_type_and_value():
    assert v.Cut("GAS") == v.Cut("GAS") and v.Cut("GAS") != v.CutByDislodgement("GAS")
    assert v.Holds() == v.Holds() and hash(v.Paradox(True)) == hash(v.Paradox(True))
