"""Rule modules are files with hooks: discovered, iterated by the engines, never named by them."""
from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

import pytest

from election_helpers import REPO, pos

from generator.families.election import modules
from generator.families.election.costs import campaign
from generator.families.election.modules import registry
from generator.families.election.modules.spec import HOOKS, RuleModule

PACKAGE = REPO / "generator" / "families" / "election"


def test_every_module_file_is_discovered_and_answers_known_hooks():
    files = {p.stem for p in (PACKAGE / "modules").glob("*.py") if not p.stem.startswith("_") and p.stem != "spec"}
    assert set(registry()) == files
    for module in registry().values():
        assert set(module.hooks) <= HOOKS and module.rule and module.summary


def test_engines_never_ask_for_a_module():
    """Outside modules/, no engine file looks a module up (no `has("x")` seams): they ask
    the registry for hooks. Only the checker and the parties page read game.yaml's list."""
    lookups = re.compile(r"\.rule\(|\bactive\(|\bparam\(|rules\.get\(|rules\[|\bhas\(")
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not lookups.search(text), path.name
        if "game.rules" in text:
            assert path.name in ("check.py", "model.py", "pages.py"), path.name
        assert not re.search(r"from \.modules\.(?!_params\b|spec\b)\w+ import|modules\.(?!spec)\w+\.MODULE", text), path.name


def test_engines_name_no_party_or_region():
    for path in PACKAGE.rglob("*.py"):
        if path.name == "scaffold.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"[\"'](CU|ND|R|SD|PW|MW|NE|MA|US|LS)[\"']", text), path.name
        assert "republican" not in text.lower().replace("republicans", ""), path.name


def test_a_new_rule_module_is_one_file(tmp_path, monkeypatch, game):
    """Drop one file into the modules folder's search path: the registry finds it and the
    campaign engine applies its hook, with no other file touched."""
    extra = tmp_path / "mods"
    extra.mkdir()
    (extra / "tax_on_capitals.py").write_text('''
from generator.families.election.modules.spec import RuleModule

def cost(game, p, ctx):
    return [(int(p.get("tax", 1)), "capital tax")] if ctx.state in p.get("states", []) else []

MODULE = RuleModule("tax_on_capitals", "99.1", "An extra point in the listed states",
                    params={"tax": "int", "states": "states"}, hooks={"placement_cost": cost})
''', encoding="utf-8")
    monkeypatch.setattr(modules, "__path__", list(modules.__path__) + [str(extra)])
    monkeypatch.setitem(sys.modules, "generator.families.election.modules.tax_on_capitals", None)
    del sys.modules["generator.families.election.modules.tax_on_capitals"]
    registry.cache_clear()
    try:
        assert "tax_on_capitals" in registry()
        taxed = dataclasses.replace(game, rules={**game.rules, "tax_on_capitals": {"tax": 2, "states": ["ohio"]}})
        assert campaign(taxed, pos(), "R", 4, [{"state": "ohio", "pcfs": 2}]).costs == [3]
        assert campaign(game, pos(), "R", 4, [{"state": "ohio", "pcfs": 2}]).costs == [1, 1]
        from generator.families.election.check import check
        assert not [d for d in check(taxed) if d.code == "ELE010"]
    finally:
        monkeypatch.undo()
        registry.cache_clear()
        sys.modules.pop("generator.families.election.modules.tax_on_capitals", None)


def test_a_module_with_an_unknown_hook_is_refused():
    with pytest.raises(ValueError):
        RuleModule("x", "1", "x", hooks={"no_such_hook": lambda *a: None})


def test_scenario_modules_apply_only_at_their_player_count(game):
    from generator.families.election.polling import regional_poll
    board = pos({"missouri": {"R": 2, "SD": 2}})
    two = regional_poll(game, board, "US", players=2)
    four = regional_poll(game, board, "US", players=4)
    assert {o.state: o.winner for o in two.outcomes}["missouri"] == "ND"
    assert {o.state: o.winner for o in four.outcomes}["missouri"] is None


def test_estimated_parameters_are_read_as_values_and_listed(game):
    from generator.families.election.momentum import initial_order
    from generator.families.election.pages import parties_page
    assert initial_order(game) == ["CU", "ND", "R", "SD"]
    page = parties_page(game)
    assert "Estimated rule parameters" in page and "clockwise" in page


def test_module_parameters_naming_unknown_ids_are_diagnostics(game):
    from generator.families.election.check import check
    bad = dataclasses.replace(game, rules={**game.rules, "free_second_region": {"party": "XX"},
                                           "tie_advantage": {**game.rules["tie_advantage"], "regions": ["ZZ"]},
                                           "ballot_waiver": {"cards": ["no-such-card"]},
                                           "victory": {"majority": "many"}})
    messages = [d.message for d in check(bad) if d.code == "ELE010"]
    assert any("unknown party 'XX'" in m for m in messages)
    assert any("unknown region 'ZZ'" in m for m in messages)
    assert any("unknown card 'no-such-card'" in m for m in messages)
    assert any("whole number" in m for m in messages)


def test_missing_required_parameter_is_a_diagnostic(game):
    from generator.families.election.check import check
    bad = dataclasses.replace(game, rules={**game.rules, "free_second_region": {}})
    assert any("needs the parameter 'party'" in d.message for d in check(bad))
