"""Synthetic Diplomacy maps: valid, coherent and deterministic at any size."""
from __future__ import annotations

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

pytest.importorskip("scipy", reason="generator.synth needs scipy for the Voronoi diagram")

from generator import synth  # noqa: E402
from generator.diagnostics import errors  # noqa: E402
from generator.validate import validate_game  # noqa: E402


def _load(folder, name):
    return yaml.safe_load((folder / name).read_text(encoding="utf-8"))


def test_a_100_province_map_validates_without_errors(tmp_path):
    game = synth.write_game(tmp_path / "content" / "synth", 100, seed=3)
    result = validate_game(game)
    assert errors(result.diagnostics) == [], result.diagnostics
    assert result.game is not None and len(result.game.map.provinces) == 100
    assert not [d for d in result.diagnostics if d.code == "MW901"]


def test_same_seed_same_bytes_other_seed_other_map(tmp_path):
    a = synth.write_game(tmp_path / "a", 60, seed=5)
    b = synth.write_game(tmp_path / "b", 60, seed=5)
    c = synth.write_game(tmp_path / "c", 60, seed=6)
    for name in ("game.yaml", "map.yaml", "geometry.yaml"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    assert (a / "map.yaml").read_bytes() != (c / "map.yaml").read_bytes()


def test_map_is_coherent(tmp_path):
    game = synth.write_game(tmp_path / "g", 300, seed=2)
    data = _load(game, "map.yaml")
    provinces = {p["id"]: p for p in data["provinces"]}
    assert len(provinces) == 300
    assert len({p["name"] for p in data["provinces"]}) == 300, "names must be unique"
    kinds = {p["id"]: p["type"] for p in data["provinces"]}
    pairs = set()
    for border in data["borders"]:
        a, b = border["between"]
        assert a != b and (b, a) not in pairs and (a, b) not in pairs
        pairs.add((a, b))
        types = {kinds[a], kinds[b]}
        assert types != {"land", "sea"}, f"inland {a}/{b} touches the sea"
        if "sea" in types:
            assert border["units"] == ["fleet"]
        if "land" in types:
            assert border["units"] == ["army"]
    touching_sea = {x for a, b in pairs for x, y in ((a, b), (b, a)) if kinds[y] == "sea"}
    for pid, kind in kinds.items():
        assert (kind == "coast") == (pid in touching_sea and kind != "sea"), pid
    land = [p for p in data["provinces"] if p["type"] != "sea"]
    centres = [p for p in land if p.get("supply_center")]
    assert 0.25 <= len(centres) / len(land) <= 0.4
    assert not [p for p in data["provinces"] if p["type"] == "sea" and p.get("supply_center")]
    for power in data["powers"]:
        homes = data["start"]["centers"][power["id"]]
        assert len(homes) == 3
        assert all(provinces[h]["home"] == power["id"] and provinces[h]["supply_center"] for h in homes)
        for unit in data["start"]["units"][power["id"]]:
            kind, where = unit.split()
            assert where in homes
            assert kind == "A" or kinds[where] == "coast"
    assert data["victory"]["centers"] == len(centres) // 2 + 1


def test_geometry_outlines_every_province_inside_the_image(tmp_path):
    game = synth.write_game(tmp_path / "g", 150, seed=4)
    geometry = _load(game, "geometry.yaml")
    width, height = geometry["image"]["width"], geometry["image"]["height"]
    ids = {p["id"] for p in _load(game, "map.yaml")["provinces"]}
    assert set(geometry["outlines"]) == ids
    for rings in geometry["outlines"].values():
        (ring,) = rings
        assert len(ring) >= 6 and len(ring) % 2 == 0
        assert all(0 <= x <= width for x in ring[0::2]) and all(0 <= y <= height for y in ring[1::2])
    # the cells tile the box: their areas add up to the image's
    from generator.render.geometry import area, pairs
    total = sum(abs(area(pairs(rings[0]))) for rings in geometry["outlines"].values())
    assert total == pytest.approx(width * height, rel=0.02)


def test_without_geometry(tmp_path):
    game = synth.write_game(tmp_path / "g", 40, seed=1, geometry=False)
    assert not (game / "geometry.yaml").exists()
    assert errors(validate_game(game).diagnostics) == []


def test_too_small_is_refused():
    with pytest.raises(ValueError):
        synth.generate(5)


@settings(max_examples=12, deadline=None)
@given(provinces=st.integers(24, 120), seed=st.integers(0, 10_000),
       land=st.floats(0.45, 0.75))
@example(provinces=88, seed=197, land=0.5)   # a neutral centre on a landmass no home unit reaches
def test_any_size_and_seed_validates(tmp_path_factory, provinces, seed, land):
    folder = tmp_path_factory.mktemp("synth") / "content" / "g"
    game = synth.write_game(folder, provinces, seed=seed, land_share=land, geometry=False)
    found = validate_game(game).diagnostics
    assert errors(found) == [], found


def test_command_line(tmp_path, capsys):
    assert synth.main([str(tmp_path / "g"), "--provinces", "30", "--seed", "2", "--no-geometry"]) == 0
    assert (tmp_path / "g" / "map.yaml").is_file()
    assert "30 provinces" in capsys.readouterr().out
