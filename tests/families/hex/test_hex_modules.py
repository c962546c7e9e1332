"""Rule modules: discovered from their files, asked for by capability, checked by name and parameter."""
from __future__ import annotations

import re
from dataclasses import replace

from generator.families.hex import modules
from generator.families.hex.air import Placement, place_airstrikes
from generator.families.hex.modules import REGISTRY, enable

from .helpers import REPO, dixie, position
from .test_hex_checks_and_pages import codes

PACKAGE = REPO / "generator" / "families" / "hex"


def test_every_module_file_is_registered_under_its_own_name():
    files = sorted(p.stem for p in (PACKAGE / "modules").glob("*.py") if p.stem != "__init__")
    assert sorted(REGISTRY) == files
    assert {m.name for m in REGISTRY.values()} == set(files)


def test_engines_ask_for_capabilities_that_some_module_provides_and_never_for_a_module():
    provided = {c for m in REGISTRY.values() for c in m.provides}
    asked = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r'capability\("([a-z-]+)"\)', text))
        assert ".module(" not in text and "rules.get(" not in text, path.name
    assert asked and asked <= provided


def test_parameters_default_and_the_game_overrides_them():
    on = enable({"airpower": {"interceptors_per_kill": 3}, "no-such-module": {}})
    assert [e.module.name for e in on] == ["airpower"]
    assert on[0].params["interceptors_per_kill"] == 3 and on[0].params["tactical_support_drm"] == 2
    assert modules.capability(on, "interdiction")["interdiction_extra_mp"] == 1
    assert modules.capability(on, "exploitation") is None


def test_a_capability_off_is_refused_by_the_engine():
    game = dixie()
    off = replace(game, modules=enable({k: v for k, v in game.rules.items() if k != "airpower"}))
    rep = place_airstrikes(off, position(), "USA", "city-bombing", [Placement("city-bombing", "3512", 1)])
    assert not rep.legal and "airpower" in rep.problems[0]
    assert place_airstrikes(game, position(), "USA", "city-bombing", [Placement("city-bombing", "3512", 1)]).legal


def test_unknown_modules_and_parameters_are_located_diagnostics(game_copy):
    target = game_copy("dixie")
    meta = target / "game.yaml"
    meta.write_text(meta.read_text().replace("  intervention_forces: {}", "  intervention_forces: {}\n  teleport: {}")
                    .replace("special_doctrines: {airborne_range: 10}", "special_doctrines: {airborne_range: 10, jet_range: 3}"))
    found = {d.code: d for d in codes(target)}
    assert found["HEX030"].file.endswith("game.yaml") and "teleport" in found["HEX030"].message
    assert found["HEX031"].severity == "warning" and "jet_range" in found["HEX031"].message
    assert found["HEX030"].line > 1 and found["HEX031"].line > 1
