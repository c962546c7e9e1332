"""Rule modules: discovered from their files, asked for by hook, checked by name and parameter."""
from __future__ import annotations

import ast
from dataclasses import replace

import pytest

from generator.families.hex import modules
from generator.families.hex.air import Placement, interceptors_per_kill, place_airstrikes
from generator.families.hex.modules import HOOKS, enable, first, registry
from generator.families.hex.movement import evaluate_move, interdiction_zone

from .helpers import REPO, dixie, position
from .test_hex_checks_and_pages import codes

PACKAGE = REPO / "generator" / "families" / "hex"
FIXTURES = REPO / "tests" / "data" / "rule_modules" / "hex"


def test_every_module_file_is_registered_under_its_own_name():
    files = sorted(p.stem for p in (PACKAGE / "modules").glob("*.py") if p.stem != "__init__")
    assert sorted(registry()) == files
    assert {m.name for m in registry().values()} == set(files)


def test_every_module_answers_a_hook_and_every_hook_asked_is_documented():
    assert all(m.hooks for m in registry().values())
    asked = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("first", "answers", "refusal"):
                hook = node.args[0 if node.func.id == "refusal" else 1]   # first(game, hook, ...), refusal(hook, message)
                assert isinstance(hook, ast.Constant), f"{path.name}:{node.lineno}: a hook is asked by its literal name"
                asked.add(hook.value)
    answered = {h for m in registry().values() for h in m.hooks}
    assert asked and asked <= HOOKS and answered <= HOOKS
    assert asked | {"check"} == answered            # no hook answered that nothing asks
    doc = modules.__doc__
    assert all(f"    {h}(" in doc for h in HOOKS)  # each hook is documented in the package's docstring


def test_an_unknown_hook_is_refused_when_the_module_is_declared():
    with pytest.raises(ValueError, match="unknown hooks"):
        modules.RuleModule(name="x", rule="", summary="", hooks={"teleport": print})


def test_parameters_default_and_the_game_overrides_them():
    on = enable({"airpower": {"interceptors_per_kill": 3}, "no-such-module": {}})
    assert [e.module.name for e in on] == ["airpower"]
    assert on[0].params["interceptors_per_kill"] == 3 and on[0].params["tactical_support_drm"] == 2
    game = replace(dixie(), modules=on)
    assert interceptors_per_kill(game) == 3 and first(game, "interdiction") == (1, 1)
    assert first(game, "exploitation") is None


def test_a_variant_rule_off_is_refused_by_the_engine():
    game = dixie()
    off = replace(game, modules=enable({k: v for k, v in game.rules.items() if k != "airpower"}))
    rep = place_airstrikes(off, position(), "USA", "city-bombing", [Placement("city-bombing", "3512", 1)])
    assert not rep.legal and rep.problems == ["airstrikes need a rule module providing them (airpower, 13A)"]
    assert place_airstrikes(game, position(), "USA", "city-bombing", [Placement("city-bombing", "3512", 1)]).legal


@pytest.fixture
def with_fixture_modules(monkeypatch):
    """The family's modules/ package with tests/data/rule_modules/hex/ as one more folder of it."""
    monkeypatch.setattr(modules, "__path__", [*modules.__path__, str(FIXTURES)])
    registry.cache_clear()
    yield
    monkeypatch.undo()
    registry.cache_clear()


def test_a_new_module_is_one_file_the_registry_finds_and_the_engine_asks(with_fixture_modules):
    assert "heavy_interdiction" in registry()
    standard = replace(dixie(), modules=enable({}))
    heavy = replace(dixie(), modules=enable({"heavy_interdiction": {}}))
    units = position(("csa-arm", "CSA", "armoured-brigade", "1817"))
    path = ["1818", "1819"]
    entered = sum(h in interdiction_zone(standard, ["1919"]) for h in path)
    base = evaluate_move(standard, units, "csa-arm", path, interdiction=["1919"])
    slow = evaluate_move(heavy, units, "csa-arm", path, interdiction=["1919"])
    assert entered > 0 and base.legal and slow.legal
    assert slow.mp_spent - base.mp_spent == (3 - 1) * entered


def test_the_fixture_module_is_unknown_without_its_file():
    assert "heavy_interdiction" not in registry()
    assert enable({"heavy_interdiction": {}}) == ()


def test_unknown_modules_and_parameters_are_located_diagnostics(game_copy):
    target = game_copy("dixie")
    meta = target / "game.yaml"
    meta.write_text(meta.read_text().replace("  intervention_forces: {}", "  intervention_forces: {}\n  teleport: {}")
                    .replace("special_doctrines: {airborne_range: 10}", "special_doctrines: {airborne_range: 10, jet_range: 3}"))
    found = {d.code: d for d in codes(target)}
    assert found["HEX030"].file.endswith("game.yaml") and "teleport" in found["HEX030"].message
    assert found["HEX031"].severity == "warning" and "jet_range" in found["HEX031"].message
    assert found["HEX030"].line > 1 and found["HEX031"].line > 1
