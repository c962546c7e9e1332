"""Order diagrams: order reading, outcome matching, drawing conventions, golden files.

Golden files pin the SVG of a few diagrams of the tiny board; after an intended change
regenerate them with `MW_UPDATE_GOLDEN=1 pytest tests/render/test_diagram.py` and look
at the difference before committing.
"""
from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.render.diagram import order_diagram, parse_order, read_orders
from generator.render.map import MapCanvas, MapOptions
from generator.render.mapview import view_of

from render_fixtures import bundled, tiny_game

NS = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden"

MOVEMENT = (
    {"phase": "F1901M",
     "units": {"RED": ["A WES", "F NOR"], "BLUE": ["A MID", "A EAS"]},
     "orders": {"RED": ["A WES - MID", "F NOR S A WES - MID"], "BLUE": ["A MID H", "A EAS S A MID"]}},
    {"results": [
        {"power": "RED", "order": "A WES - MID", "result": "succeeds", "reason": ""},
        {"power": "RED", "order": "F NOR S A WES - MID", "result": "succeeds", "reason": ""},
        {"power": "BLUE", "order": "A MID H", "result": "fails", "reason": "dislodged"},
        {"power": "BLUE", "order": "A EAS S A MID", "result": "fails", "reason": "support is cut"}],
     "after": {"dislodged": {"BLUE": [{"unit": "A MID", "retreats": ["EAS"]}]}}},
)
CONVOY = (
    {"phase": "S1902M",
     "units": {"RED": ["A WES", "F NOR", "F SOU"], "BLUE": ["F MID/NC"]},
     "orders": {"RED": ["A WES - ISL VIA CONVOY", "F NOR C A WES - ISL", "F SOU S F NOR"],
                "BLUE": ["F MID/NC - NOR"]}},
    {"results": [
        {"power": "RED", "order": "A WES - ISL VIA CONVOY", "result": "succeeds"},
        {"power": "RED", "order": "F NOR C A WES - ISL", "result": "succeeds"},
        {"power": "RED", "order": "F SOU S F NOR", "result": "succeeds"},
        {"power": "BLUE", "order": "F MID/NC - NOR", "result": "fails", "reason": "bounced"}]},
)
RETREAT = (
    {"phase": "F1901R",
     "units": {"RED": ["A MID"]},
     "dislodged": {"BLUE": [{"unit": "A MID", "attacker_from": "WES"}]},
     "orders": {"BLUE": ["A MID R EAS"]}},
    {"results": [{"power": "BLUE", "order": "A MID R EAS", "result": "succeeds"}]},
)
ADJUST = (
    {"phase": "W1901A",
     "units": {"RED": ["A MID"], "BLUE": ["A EAS"]},
     "orders": {"RED": ["F WES B"], "BLUE": ["A EAS D"]}},
    {"results": [{"power": "RED", "order": "F WES B", "result": "succeeds"},
                 {"power": "BLUE", "order": "A EAS D", "result": "succeeds"}]},
)
CASES = {"movement": MOVEMENT, "convoy": CONVOY, "retreat": RETREAT, "adjustments": ADJUST}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_diagrams(name, tmp_path):
    request, response = CASES[name]
    svg = order_diagram(tiny_game(), request, response)
    ET.fromstring(svg)
    path = GOLDEN / f"diagram-{name}.svg"
    if os.environ.get("MW_UPDATE_GOLDEN"):
        path.write_text(svg, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if svg != expected:
        (tmp_path / path.name).write_text(svg, encoding="utf-8")
    assert svg == expected, f"diagram differs from {path}; actual in {tmp_path / path.name}"


@pytest.mark.parametrize("text, verb, loc, target, dest", [
    ("A PAR - BUR", "M", "PAR", "", "BUR"),
    ("Army Paris -> Burgundy", "M", "PAR", "", "BUR"),
    ("F stp(nc) - BAR", "M", "STP/NC", "", "BAR"),
    ("A PAR T F", "T", "PAR", "", ""),
    ("F STP/NC - BAR", "M", "STP/NC", "", "BAR"),
    ("A MUN S A BER", "S", "MUN", "BER", ""),
    ("A MUN S A BER H", "S", "MUN", "BER", ""),
    ("F NTH C A LON - NWY", "C", "NTH", "LON", "NWY"),
    ("A SIL S A BOH - MUN", "S", "SIL", "BOH", "MUN"),
    ("F TRI R ALB", "R", "TRI", "", "ALB"),
    ("A PAR D", "D", "PAR", "", ""),
    ("F STP/NC B", "B", "STP/NC", "", ""),
    ("BUILD A PAR", "B", "PAR", "", ""),
    ("A VEN H", "H", "VEN", "", ""),
    ("A LON - NWY VIA CONVOY", "M", "LON", "", "NWY"),
])
def test_parse_order(text, verb, loc, target, dest):
    _, game = bundled("classic")
    o = parse_order("X", text, game.notation)
    assert (o.verb, o.loc, o.target, o.dest) == (verb, loc, target, dest)
    assert o.via_convoy == ("VIA" in text)


def test_parse_order_rejects_nonsense():
    _, game = bundled("classic")
    assert parse_order("X", "hello world", game.notation) is None
    assert parse_order("X", "A", game.notation) is None
    assert parse_order("X", "WAIVE", game.notation) is None      # nothing to draw
    assert parse_order("X", "A PAR - BUR", None) is None    # no notation, no orders


def test_a_move_in_a_retreat_phase_is_a_retreat():
    _, game = bundled("classic")
    assert parse_order("X", "A PAR - BUR", game.notation, retreat_phase=True).verb == "R"


def test_outcomes_are_matched_by_text_and_position():
    request, response = MOVEMENT
    game_map = view_of(tiny_game()).notation
    orders = {o.text: o for o in read_orders(request, response, game_map)}
    assert orders["A WES - MID"].ok is True
    assert orders["A EAS S A MID"].ok is False
    assert orders["A EAS S A MID"].reason == "support is cut"
    # a response that only gives outcomes in order, per power
    bare = {"orders": {"RED": ["succeeds", "fails"]}}
    orders = {o.text: o for o in read_orders(request, bare, game_map)}
    assert orders["A WES - MID"].ok is True and orders["F NOR S A WES - MID"].ok is False


def _tip(group):
    tri = group.findall(f"{NS}path")[-1].get("d")
    x, y = (float(v) for v in re.match(r"M(-?[\d.]+) (-?[\d.]+)", tri).groups())
    return x, y


def _group(root, cls: str):
    """The first <g> with class `cls` among its classes (an arrow is `mw-arrow mw-move`)."""
    return next((g for g in root.iter(f"{NS}g") if cls in (g.get("class") or "").split()), None)


def test_support_to_a_move_ends_a_third_of_the_way_back():
    request, response = MOVEMENT
    game = tiny_game()
    root = ET.fromstring(order_diagram(game, request, response))
    support = _group(root, "mw-support-move")
    assert support is not None
    tx, ty = _tip(support)
    canvas = MapCanvas(view_of(game), MapOptions())
    (ax, ay), (bx, by) = canvas.unit_point("WES"), canvas.unit_point("MID")
    # on the move's line, between 1/2 and 5/6 of the way from mover to target
    t = ((tx - ax) * (bx - ax) + (ty - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
    off = abs((tx - ax) * (by - ay) - (ty - ay) * (bx - ax)) / math.hypot(bx - ax, by - ay)
    assert 0.5 < t < 0.84 and off < 1.0


def test_failed_orders_crossed_and_dislodged_marked():
    request, response = MOVEMENT
    root = ET.fromstring(order_diagram(tiny_game(), request, response))
    orders = root.find(f".//{NS}g[@class='mw-orders']")
    crosses = [e for e in orders.iter(f"{NS}path") if e.get("class") == "mw-failed"]
    assert len(crosses) == 2          # A MID H and A EAS S A MID
    assert len([e for e in root.iter(f"{NS}circle") if e.get("class") == "mw-dislodged-marker"]) == 1
    legend = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    for word in ("move", "support to a move", "support to hold", "order fails", "dislodged"):
        assert word in legend
    assert "A MID may retreat to EAS" in legend


def test_convoy_is_dashed_and_retreat_drawn():
    root = ET.fromstring(order_diagram(tiny_game(), *CONVOY))
    convoy = _group(root, "mw-convoy")
    assert convoy is not None and any(p.get("stroke-dasharray") for p in convoy.findall(f"{NS}path"))
    root = ET.fromstring(order_diagram(tiny_game(), *RETREAT))
    assert _group(root, "mw-retreat") is not None


def test_view_is_cropped_to_the_orders():
    request = {"units": {"BLUE": ["A EAS"]}, "orders": {"BLUE": ["A EAS - MID"]}}
    root = ET.fromstring(order_diagram(tiny_game(), request, None))
    assert root.get("viewBox") != "0 0 300 300"


def test_diagram_from_the_engine_on_classic():
    fam, game = bundled("classic")
    adjudicate = fam.adjudicate
    request = {"phase": "S1901M",
               "units": {"ENGLAND": ["F LON", "F NTH", "A YOR"], "FRANCE": ["F ENG"]},
               "orders": {"ENGLAND": ["F LON - ENG", "F NTH S F LON - ENG", "A YOR H"], "FRANCE": ["F ENG H"]}}
    response = adjudicate(game, request)
    root = ET.fromstring(order_diagram(game, request, response))
    assert _group(root, "mw-move") is not None
    assert [e for e in root.iter(f"{NS}circle") if e.get("class") == "mw-dislodged-marker"]
