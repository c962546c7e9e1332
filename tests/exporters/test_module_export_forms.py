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
    game = _game({"fog_of_war": {}, "build_anywhere": {}})
    webdip = [d.message for d in export_variant(game, "content/c/game.yaml").diagnostics if "rule module" in d.message]
    assert webdip == ["rule module fog_of_war is not exported: webDiplomacy needs the Fog classes (its map "
                      "drawing and order screens)"]
    dpjudge = export_map(game, "content/c/game.yaml", "mapwright export dpjudge")
    assert [d.message for d in dpjudge.diagnostics if "rule module" in d.message] == [
        "rule module fog_of_war has no DPjudge keyword and is not exported"]


def test_the_dpjudge_keyword_comes_from_the_module():
    text = "\n".join(str(v) for v in export_map(_game({"build_anywhere": {}}), "c", "x").files.values())
    assert "RULE BUILD_ANY" in text
    text = "\n".join(str(v) for v in export_map(_game({}), "c", "x").files.values())
    assert "RULE BUILD_ANY" not in text


def test_convoying_coasts_go_out_as_dpjudge_ports_and_come_back_as_the_module(tmp_path):
    """DPjudge's PORT is a coastal location whose fleet may convoy (its rule list: COASTAL_CONVOY
    "causes all COAST spaces to be treated as if they were PORT spaces"): the exported map
    writes the listed coasts as PORT, and the import of that map enables convoy_coasts with
    them, so the game plays the same convoys."""
    from generator.importers.dpjudge import import_map
    game = _game({"convoy_coasts": {"provinces": ["DEN", "KIE"]}})
    out = export_map(game, "content/c/game.yaml", "mapwright export dpjudge")
    assert not [d for d in out.diagnostics if "convoy_coasts" in d.message]
    text = out.files["map"]
    assert "PORT DEN ABUTS" in text and "PORT KIE ABUTS" in text and "PORT HOL" not in text
    path = tmp_path / "c.map"
    path.write_text(text, encoding="utf-8")
    back = import_map(path)
    meta = yaml.safe_load(back.files["game.yaml"])
    assert meta["rules"] == {"convoy_coasts": {"provinces": ["DEN", "KIE"]}}
    again = game_from_data("c", meta, back.data)
    assert again.map.convoy_coasts == game.map.convoy_coasts == frozenset({"DEN", "KIE"})
    assert again.map.fleet_adj == game.map.fleet_adj
    assert "PORT locations (DEN, KIE)" in back.files["rules/01-map.md"]
    # without the module the same coasts are plain COAST, and no module comes back
    plain = export_map(_game({}), "content/c/game.yaml", "mapwright export dpjudge").files["map"]
    assert "PORT " not in plain and "COAST DEN ABUTS" in plain
