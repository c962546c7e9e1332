import math
from pathlib import Path

import pytest
import yaml

from generator.families.hex.check import border_distance
from generator.families.hex.grid import Grid
from generator.families.hex.mapgen import MapBuilder, PlacementError, generate, placement_problems

from .helpers import REPO, dixie


@pytest.mark.parametrize("offset", ["even-columns-down", "odd-columns-down"])
def test_neighbours_are_exactly_the_hexes_one_hex_height_away(offset):
    g = Grid(8, 7, offset)
    for h in g.all_hexes():
        geo = sorted(o for o in g.all_hexes() if o != h
                     and abs(math.dist(g.center(h), g.center(o)) - 1) < 1e-9)
        assert sorted(g.neighbours(h)) == geo
        assert g.from_cube(g.to_cube(h)) == h


def test_spi_layout_even_columns_sit_lower():
    g = Grid(4, 4, "even-columns-down")
    assert g.center("0201")[1] == pytest.approx(0.5)
    assert g.center("0101")[1] == 0
    assert set(g.neighbours("0101")) == {"0102", "0201"}
    g2 = Grid(4, 4, "odd-columns-down")
    assert set(g2.neighbours("0101")) == {"0102", "0201", "0202"}


def test_distance_is_hex_steps():
    g = Grid(10, 10)
    assert g.distance("0101", "0104") == 3
    assert g.distance("0505", "0505") == 0
    assert all(g.distance("0505", n) == 1 for n in g.neighbours("0505"))


def test_rule_17_3_example_hex_0116_is_three_hexes_from_the_border():
    assert border_distance(dixie(), "0116") == 3


def test_map_script_reproduces_the_committed_map_byte_for_byte():
    text = generate(REPO / "tools" / "dixie_map" / "geography.yaml")
    assert text == (REPO / "content" / "dixie" / "map.yaml").read_text(encoding="utf-8")


def test_the_map_reasoning_names_the_hex_size_not_a_template():
    # the reasoning is shown on the map page: a missing f-prefix printed "{g['hex_km']} km hexes"
    text = generate(REPO / "tools" / "dixie_map" / "geography.yaml")
    assert "{g[" not in text and "70 km hexes" in text


def test_scenario_cities_exist_on_the_right_side():
    m = dixie().map
    for cid in ("washington", "new-york", "detroit", "chicago", "omaha"):
        assert m.cities[cid].country == "USA"
    for cid in ("richmond", "shreveport", "montgomery", "atlanta", "new-orleans", "memphis"):
        assert m.cities[cid].country == "CSA"
    assert m.cities["washington"].capital and m.cities["richmond"].capital
    west = m.regions["west-of-mississippi"]
    assert m.cities["new-orleans"].hex not in west and m.cities["memphis"].hex not in west
    assert m.cities["shreveport"].hex in west
    assert sum(1 for r in m.resource_centres.values() if r.country == "CSA") >= 5


def test_great_rivers_have_bridges_and_the_border_is_continuous_enough():
    m = dixie().map
    bridges = [k for k, f in m.hexsides.items() if "bridge" in f]
    assert all("great-river" in m.hexsides[k] for k in bridges)
    assert len(bridges) >= 10
    border = [k for k, f in m.hexsides.items() if "border" in f]
    assert len(border) > 40
    for a, b in border:
        assert {m.country[a], m.country[b]} == {"USA", "CSA"}


def _geography():
    return yaml.safe_load((REPO / "tools" / "dixie_map" / "geography.yaml").read_text(encoding="utf-8"))


def test_every_city_and_resource_centre_is_on_its_real_bank_and_in_its_real_country():
    """17 / 3.1: a place's hex is reached from its real coordinates without crossing a river or the
    border, and belongs to the side its coordinates lie in."""
    committed = yaml.safe_load((REPO / "content" / "dixie" / "map.yaml").read_text(encoding="utf-8"))
    assert placement_problems(_geography(), committed) == []
    m = dixie().map
    assert m.cities["louisville"].country == "CSA"                 # south bank of the Ohio, Kentucky
    assert m.cities["cincinnati"].country == "USA"                 # north bank
    for city in ("memphis", "new-orleans"):                        # east bank of the Mississippi
        assert m.cities[city].hex not in m.regions["west-of-mississippi"]
    assert m.resource_centres["baton-rouge-refinery"].hex not in m.regions["west-of-mississippi"]


def test_the_placement_check_catches_a_city_on_the_wrong_bank():
    geo = _geography()
    committed = yaml.safe_load((REPO / "content" / "dixie" / "map.yaml").read_text(encoding="utf-8"))
    memphis = next(c for c in committed["cities"] if c["id"] == "memphis")
    memphis["hex"] = "1616"                                        # the old, west-bank hex
    problems = placement_problems(geo, committed)
    assert problems and all("Memphis" in p for p in problems)
    assert any("across Mississippi" in p for p in problems)


def test_the_generator_refuses_a_city_with_no_hex_on_its_bank():
    """A city hemmed in by a river loop on every side within reach: no hex qualifies, so the
    script fails instead of writing a wrong map."""
    geo = _geography()
    lat, lon = 35.15, -90.05
    ring = [[lat + 0.03, lon - 0.03], [lat + 0.03, lon + 0.03], [lat - 0.03, lon + 0.03], [lat - 0.03, lon - 0.03],
            [lat + 0.03, lon - 0.03]]
    geo["rivers"].append({"id": "moat", "name": "Moat", "kind": "river", "points": ring})
    with pytest.raises(PlacementError, match="Memphis"):
        MapBuilder(geo).build()
