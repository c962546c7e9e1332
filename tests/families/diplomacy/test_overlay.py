"""overlay.yaml adds, patches and removes powers, provinces and borders, and every
check sees the merged map: what the overlay removed is not reported, what it
added is checked and reported at its overlay.yaml line."""
import pytest

from generator.api import validate
from generator.commands.new import GAME_YAML
from generator.families.diplomacy import scaffold
from generator.families.diplomacy.overlay import merge_with_origins

BAD_BORDER = "  - {between: [WSE, MID], units: [army]}\n"


def _game(tmp_path, overlay: str, extra_map: str = "") -> str:
    game = tmp_path / "content" / "overlaid"
    (game / "rules").mkdir(parents=True)
    files = scaffold.files()
    files["map.yaml"] = files["map.yaml"].replace("\n# The opening position", extra_map + "\n# The opening position")
    files["game.yaml"] = GAME_YAML.format(title="Overlaid", family="diplomacy", rules="rules: {}", players=2)
    files["overlay.yaml"] = "# yaml-language-server: $schema=../../schemas/diplomacy-overlay.schema.json\n" + overlay
    for rel, text in files.items():
        (game / rel).parent.mkdir(parents=True, exist_ok=True)
        (game / rel).write_text(text, encoding="utf-8")
    return str(game)


def _codes(report, code):
    return [d for d in report if d["code"] == code]


def test_a_border_the_overlay_removes_is_not_reported(tmp_path):
    without = validate([_game(tmp_path / "a", "{}\n", BAD_BORDER)])
    assert _codes(without, "DIP004")
    removed = validate([_game(tmp_path / "b", "borders:\n  - {between: [MID, WSE], remove: true}\n", BAD_BORDER)])
    assert not _codes(removed, "DIP004")
    assert not [d for d in removed if d["severity"] == "error"]


def test_a_bad_border_the_overlay_adds_is_reported_in_the_overlay(tmp_path):
    report = validate([_game(tmp_path, "borders:\n  - {between: [WSE, EMR], units: [fleet]}\n")])
    found = _codes(report, "DIP004")
    assert found and all(d["file"].endswith("overlay.yaml") and d["line"] == 3 for d in found)


def test_provinces_and_powers_added_and_removed(tmp_path):
    overlay = """\
powers:
  - {id: EAST, name: Eastland, color: "#228822"}
  - {id: SOUTH, name: Southern Realm}
provinces:
  - {id: ISL, name: Isle, type: coast, supply_center: true, home: EAST}
  - {id: EMR, remove: true}
borders:
  - {between: [ISL, WSE], units: [fleet]}
start:
  units: {NORTH: ["A NCA", "F NPT"], SOUTH: ["A SCA", "F SPT"], EAST: ["F ISL"]}
  centers: {NORTH: [NPT, NCA], SOUTH: [SPT, SCA], EAST: [ISL]}
"""
    report = validate([_game(tmp_path, overlay)])
    assert not [d for d in report if d["severity"] == "error"], report


def test_removing_a_power_removes_what_names_it():
    data = {"powers": [{"id": "A", "name": "A"}, {"id": "B", "name": "B"}],
            "provinces": [{"id": "X", "name": "X", "type": "land", "supply_center": True, "home": "B"},
                          {"id": "Y", "name": "Y", "type": "land"}],
            "borders": [{"between": ["X", "Y"]}],
            "start": {"units": {"B": ["A X"]}, "centers": {"B": ["X"]}}}
    merged, problems = merge_with_origins(data, {"powers": [{"id": "B", "remove": True}],
                                                 "provinces": [{"id": "Y", "remove": True}]})
    assert problems == []
    assert [p["id"] for p in merged.data["powers"]] == ["A"]
    assert "home" not in merged.data["provinces"][0] and merged.data["start"]["units"] == {}
    assert merged.data["borders"] == [] and [p["id"] for p in merged.data["provinces"]] == ["X"]
    assert data["powers"][1]["id"] == "B"          # map.yaml's data is never changed


@pytest.mark.parametrize("overlay, message", [
    ({"provinces": [{"id": "NOPE", "remove": True}]}, "cannot remove province NOPE"),
    ({"powers": [{"id": "NEW"}]}, "needs name"),
    ({"borders": [{"between": ["X", "Z"], "remove": True}]}, "cannot remove border X-Z"),
])
def test_what_cannot_be_applied_is_a_problem(overlay, message):
    data = {"powers": [], "provinces": [{"id": "X", "name": "X", "type": "land"}], "borders": []}
    _, problems = merge_with_origins(data, overlay)
    assert len(problems) == 1 and message in problems[0][1]


def test_locate_points_into_the_file_a_value_came_from():
    data = {"provinces": [{"id": "A", "name": "A", "type": "land"}, {"id": "B", "name": "B", "type": "land"},
                          {"id": "C", "name": "C", "type": "land"}], "borders": []}
    merged, _ = merge_with_origins(data, {"provinces": [{"id": "A", "remove": True},
                                                        {"id": "C", "name": "See"},
                                                        {"id": "D", "name": "D", "type": "sea"}]})
    assert merged.locate("/provinces/0/type") == ("map.yaml", "/provinces/1/type")      # B shifted up
    assert merged.locate("/provinces/1/name") == ("overlay.yaml", "/provinces/1/name")  # C's patched name
    assert merged.locate("/provinces/2") == ("overlay.yaml", "/provinces/2")            # D added
