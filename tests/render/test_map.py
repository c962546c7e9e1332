"""The map renderer on a tiny synthetic board: ids and data the script relies on,
escaping, border kinds, multi-piece outlines, schematic fallback, determinism."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from generator.render.map import MapOptions, home_owners, render_map

from render_fixtures import tiny_game, tiny_model, units_of, view_of

NS = "{http://www.w3.org/2000/svg}"


def provinces_of(root):
    return {e.get("data-prov"): e for e in root.iter() if e.get("data-prov")}


def test_interactive_map_carries_ids_and_neighbours(tiny):
    view = view_of(tiny)
    root = ET.fromstring(render_map(view, MapOptions(interactive=True)))
    assert root.get("id") == "mw-map"
    provs = provinces_of(root)
    assert set(provs) == set(view.provinces)
    for pid, e in provs.items():
        assert e.get("id") == f"prov-{pid}"
        assert e.get("tabindex") == "-1"   # focusable, but not one Tab stop each (the find box is the way in)
    assert provs["MID"].get("data-army").split() == ["EAS", "WES"]
    # fleets keep the coast they arrive on
    assert provs["NOR"].get("data-fleet").split() == ["ISL", "MID/NC", "SOU", "WES"]
    assert provs["MID"].get("data-fleet").split() == ["NOR", "SOU"]
    assert provs["WES"].get("data-sc") == "1" and provs["WES"].get("data-home") == "RED"


def test_content_text_is_escaped():
    game = tiny_game(name_suffix='<script>alert(1)</script>')
    svg = render_map(view_of(game), MapOptions(interactive=True))
    root = ET.fromstring(svg)
    assert "<script>" not in svg
    assert not root.findall(f".//{NS}script")
    assert provinces_of(root)["NOR"].get("data-name").endswith("<script>alert(1)</script>")


def test_fills_by_kind_and_owner(tiny):
    view = view_of(tiny)
    root = ET.fromstring(render_map(view, MapOptions(owners=home_owners(view))))
    fills = {e.get("class").split()[1]: e.get("fill") for e in root.iter(f"{NS}path")
             if (e.get("class") or "").startswith("mw-prov")}
    assert fills["mw-impassable"] == "url(#mw-impassable)"
    assert fills["mw-sea"] != fills["mw-lake"]
    assert root.find(f".//{NS}pattern[@id='mw-impassable']") is not None


def test_border_kinds_are_drawn(tiny):
    svg = render_map(view_of(tiny))
    root = ET.fromstring(svg)
    river = [e for e in root.iter(f"{NS}path") if e.get("class") == "mw-river"]
    assert river, "the WES-MID river is drawn"
    # the river runs along the shared edge x = 100 between y = 100 and 200
    xs = [int(float(v)) for v in re.findall(r"[ML](-?[\d.]+) ", river[0].get("d"))]
    assert xs and all(v == 100 for v in xs)
    assert [e for e in root.iter(f"{NS}path") if e.get("class") == "mw-bridge"]
    assert [e for e in root.iter(f"{NS}path") if "mw-strait" in (e.get("class") or "")]
    legend = "".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "river" in legend and "bridge" in legend and "strait" in legend


def test_multi_piece_outline_is_one_element_with_two_subpaths(tiny):
    root = ET.fromstring(render_map(view_of(tiny), MapOptions(interactive=True)))
    d = provinces_of(root)["ISL"].get("d")
    assert d.count("M") == 2


def test_coloured_neutral_centre_shows_its_box():
    # (the enabled colored_neutral_centers module's hook colours ISL)
    root = ET.fromstring(render_map(view_of(tiny_model())))
    centres = root.find(f".//{NS}g[@class='mw-centres']")
    assert centres is not None
    rects = centres.findall(f"{NS}rect")
    assert len(rects) == 1        # only ISL, the coloured neutral centre
    circles = centres.findall(f"{NS}circle")
    assert "#cc2222" in {c.get("fill") for c in circles}


def test_units_and_legend(tiny):
    view = view_of(tiny)
    root = ET.fromstring(render_map(view, MapOptions(units=units_of(view.start_units), centers=view.start_centers)))
    units = root.findall(f".//{NS}g[@class='mw-unit']")
    assert sorted(u.get("data-power") for u in units) == ["BLUE", "RED"]
    legend = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    for word in ("army", "fleet", "supply centre", "Red", "Blue", "sea", "land"):
        assert word in legend


def test_schematic_without_outlines_is_captioned(tiny_schematic):
    view = view_of(tiny_schematic)
    assert not view.has_outlines
    svg = render_map(view, MapOptions(interactive=True))
    root = ET.fromstring(svg)
    assert "Schematic" in svg
    provs = provinces_of(root)
    assert set(provs) == set(view.provinces)
    assert all(p.get("d") for p in provs.values())
    assert root.find(f".//{NS}g[@class='mw-schematic-links']") is not None


def test_schematic_from_graph_layout_when_no_labels(tiny_schematic):
    for p in tiny_schematic["map"]["provinces"]:
        p.pop("label")
    view = view_of(tiny_schematic)
    labels = {p.label for p in view.provinces.values()}
    assert len(labels) == len(view.provinces)       # every province got its own point
    ET.fromstring(render_map(view))


def test_rendering_is_deterministic(tiny):
    a = render_map(view_of(tiny), MapOptions(interactive=True))
    b = render_map(view_of(tiny_game()), MapOptions(interactive=True))
    assert a == b


def test_crop_frames_the_named_provinces(tiny):
    root = ET.fromstring(render_map(view_of(tiny), MapOptions(crop=["EAS"])))
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    assert x <= 250 <= x + w


def test_printed_maps_carry_the_whole_power_key_even_with_many_powers():
    from generator.render.mapview import MapView, PowerView, ProvinceView
    provinces = {f"P{i}": ProvinceView(f"P{i}", f"Province {i}", f"P{i}", label=(20 + 30 * i, 20),
                                       home=f"W{i}") for i in range(20)}
    powers = {f"W{i}": PowerView(f"W{i}", f"Power number {i}", "#%02x6040" % (i * 10)) for i in range(20)}
    view = MapView("Many", 640, 60, provinces, [], powers)
    owners = {f"P{i}": f"W{i}" for i in range(20)}
    printed = render_map(view, MapOptions(owners=owners, print_mode=True))
    screen = render_map(view, MapOptions(owners=owners))
    assert all(f"Power number {i}<" in printed for i in range(20))
    assert "Power number 3<" not in screen and "20 powers" in screen   # the site points to the Powers page
