"""The exporters write a module back as its form says, and name one without a form with the
reason the module declares (EXP001)."""
from pathlib import Path

import yaml

from generator.exporters.dpjudge import export_map
from generator.exporters.webdiplomacy import export_variant
from generator.families.diplomacy.loading import game_from_data

CLASSIC = Path(__file__).resolve().parents[2] / "content" / "classic" / "map.yaml"


def _game(rules: dict):
    return game_from_data("c", {"title": "C", "rules": rules}, yaml.safe_load(CLASSIC.read_text(encoding="utf-8")))


def test_a_module_without_an_export_form_is_named_with_its_reason():
    game = _game({"convoy_coasts": {"provinces": ["DEN"]}, "build_anywhere": {}})
    webdip = [d.message for d in export_variant(game, "content/c/game.yaml").diagnostics if "rule module" in d.message]
    assert webdip == ["rule module convoy_coasts is not exported: webDiplomacy needs the ConvoyCoasts classes "
                      "and their order form"]
    dpjudge = export_map(game, "content/c/game.yaml", "mapwright export dpjudge")
    assert [d.message for d in dpjudge.diagnostics if "rule module" in d.message] == [
        "rule module convoy_coasts has no DPjudge keyword and is not exported"]


def test_the_dpjudge_keyword_comes_from_the_module():
    text = "\n".join(str(v) for v in export_map(_game({"build_anywhere": {}}), "c", "x").files.values())
    assert "RULE BUILD_ANY" in text
    text = "\n".join(str(v) for v in export_map(_game({}), "c", "x").files.values())
    assert "RULE BUILD_ANY" not in text
