"""A new Diplomacy rule module is one file: the registry finds it and the adjudicator asks its hook.

The module is tests/data/rule_modules/diplomacy/armies_never_retreat.py; the test makes its folder one
more folder of the rules/ package, as a file added to generator/families/diplomacy/rules/ would be.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.families.diplomacy import rules
from generator.families.diplomacy.api import adjudicate

FIXTURES = Path(__file__).resolve().parents[2] / "data" / "rule_modules" / "diplomacy"
ATTACK = {"phase": "S1901M",
          "units": {"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR"]},
          "orders": {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"], "GERMANY": ["A BUR H"]}}
FLEET_ATTACK = {"phase": "S1901M",
                "units": {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["F ENG"]},
                "orders": {"ENGLAND": ["F LON - ENG", "F WAL S F LON - ENG"], "FRANCE": ["F ENG H"]}}


def _forget():
    for cached in (rules.modules, rules.order_kinds, rules._kinds_by_name):
        cached.cache_clear()
    sys.modules.pop(f"{rules.__name__}.armies_never_retreat", None)


@pytest.fixture
def with_fixture_module(monkeypatch):
    monkeypatch.setattr(rules, "__path__", [*rules.__path__, str(FIXTURES)])
    _forget()
    yield
    monkeypatch.undo()
    _forget()


def test_the_file_is_a_module_once_it_is_in_the_folder(with_fixture_module):
    assert rules.modules()["armies_never_retreat"].hooks == ["no_retreat"]


def test_the_adjudicator_asks_the_new_modules_hook(with_fixture_module, classic_with):
    resp = adjudicate(classic_with({"armies_never_retreat": {}}), ATTACK)
    assert resp["after"]["dislodged"] == {} and resp["after"]["phase"] == "F1901M"
    assert any("A BUR (GERMANY) is dislodged and disbanded: a dislodged army is disbanded" in t for t in resp["trace"])
    fleets = adjudicate(classic_with({"armies_never_retreat": {}}), FLEET_ATTACK)
    assert fleets["after"]["dislodged"]["FRANCE"][0]["unit"] == "F ENG"    # the hook says nothing of fleets


def test_without_the_file_the_module_is_unknown_and_the_army_retreats(classic_with):
    assert "armies_never_retreat" not in rules.modules()
    assert rules.RuleSet({"armies_never_retreat": {}}).problems == [
        ("armies_never_retreat", "", "unknown rule module 'armies_never_retreat'")]
    resp = adjudicate(classic_with({}), ATTACK)
    assert resp["after"]["dislodged"]["GERMANY"][0]["unit"] == "A BUR"
