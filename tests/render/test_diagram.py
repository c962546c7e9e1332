"""Order diagrams: drawing conventions and golden files, from view models built here
(render knows no family: the Diplomacy family's view of an adjudicated phase is tested
in tests/families/diplomacy/test_phase_view.py).

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

from generator.render.diagram import OrderView, PhaseView, order_diagram
from generator.render.map import MapCanvas, MapOptions, UnitView

from render_fixtures import tiny_model, units_of, view_of

NS = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden"

MOVEMENT = PhaseView(
    "Fall 1901, movement", units_of({"RED": ["A WES", "F NOR"], "BLUE": ["A MID", "A EAS"]}),
    (OrderView("BLUE", "A MID H", "H", "A", "MID", succeeds=False, why="dislodged"),
     OrderView("BLUE", "A EAS S A MID", "S", "A", "EAS", "A", "MID", succeeds=False, why="support is cut"),
     OrderView("RED", "A WES - MID", "M", "A", "WES", dest="MID", succeeds=True),
     OrderView("RED", "F NOR S A WES - MID", "S", "F", "NOR", "A", "WES", "MID", succeeds=True)),
    dislodged_after=(UnitView("BLUE", "A", "MID"),), retreats=((UnitView("BLUE", "A", "MID"), ("EAS",)),))
CONVOY = PhaseView(
    "Spring 1902, movement", units_of({"RED": ["A WES", "F NOR", "F SOU"], "BLUE": ["F MID/NC"]}),
    (OrderView("BLUE", "F MID/NC - NOR", "M", "F", "MID/NC", dest="NOR", succeeds=False, why="bounced"),
     OrderView("RED", "A WES - ISL VIA CONVOY", "M", "A", "WES", dest="ISL", via_convoy=True, succeeds=True),
     OrderView("RED", "F NOR C A WES - ISL", "C", "F", "NOR", "A", "WES", "ISL", succeeds=True),
     OrderView("RED", "F SOU S F NOR", "S", "F", "SOU", "F", "NOR", succeeds=True)))
RETREAT = PhaseView(
    "Fall 1901, retreats", units_of({"RED": ["A MID"]}),
    (OrderView("BLUE", "A MID R EAS", "R", "A", "MID", dest="EAS", succeeds=True),),
    dislodged=units_of({"BLUE": ["A MID"]}))
ADJUST = PhaseView(
    "Winter 1901, adjustments", units_of({"RED": ["A MID"], "BLUE": ["A EAS"]}),
    (OrderView("BLUE", "A EAS D", "D", "A", "EAS", succeeds=True),
     OrderView("RED", "F WES B", "B", "F", "WES", succeeds=True)))
CASES = {"movement": MOVEMENT, "convoy": CONVOY, "retreat": RETREAT, "adjustments": ADJUST}


def _view():
    return view_of(tiny_model())


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_diagrams(name, tmp_path):
    svg = order_diagram(_view(), CASES[name])
    ET.fromstring(svg)
    path = GOLDEN / f"diagram-{name}.svg"
    if os.environ.get("MW_UPDATE_GOLDEN"):
        path.write_text(svg, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if svg != expected:
        (tmp_path / path.name).write_text(svg, encoding="utf-8")
    assert svg == expected, f"diagram differs from {path}; actual in {tmp_path / path.name}"


def _tip(group):
    tri = group.findall(f"{NS}path")[-1].get("d")
    x, y = (float(v) for v in re.match(r"M(-?[\d.]+) (-?[\d.]+)", tri).groups())
    return x, y


def _group(root, cls: str):
    """The first <g> with class `cls` among its classes (an arrow is `mw-arrow mw-move`)."""
    return next((g for g in root.iter(f"{NS}g") if cls in (g.get("class") or "").split()), None)


def test_support_to_a_move_ends_a_third_of_the_way_back():
    view = _view()
    root = ET.fromstring(order_diagram(view, MOVEMENT))
    support = _group(root, "mw-support-move")
    assert support is not None
    tx, ty = _tip(support)
    canvas = MapCanvas(view, MapOptions())
    (ax, ay), (bx, by) = canvas.unit_point("WES"), canvas.unit_point("MID")
    # on the move's line, between 1/2 and 5/6 of the way from mover to target
    t = ((tx - ax) * (bx - ax) + (ty - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
    off = abs((tx - ax) * (by - ay) - (ty - ay) * (bx - ax)) / math.hypot(bx - ax, by - ay)
    assert 0.5 < t < 0.84 and off < 1.0


def test_failed_orders_crossed_and_dislodged_marked():
    root = ET.fromstring(order_diagram(_view(), MOVEMENT))
    orders = root.find(f".//{NS}g[@class='mw-orders']")
    crosses = [e for e in orders.iter(f"{NS}path") if e.get("class") == "mw-failed"]
    assert len(crosses) == 2          # A MID H and A EAS S A MID
    assert len([e for e in root.iter(f"{NS}circle") if e.get("class") == "mw-dislodged-marker"]) == 1
    legend = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    for word in ("move", "support to a move", "support to hold", "order fails", "dislodged"):
        assert word in legend
    assert "A MID may retreat to EAS" in legend


def test_convoy_is_dashed_and_retreat_drawn():
    root = ET.fromstring(order_diagram(_view(), CONVOY))
    convoy = _group(root, "mw-convoy")
    assert convoy is not None and any(p.get("stroke-dasharray") for p in convoy.findall(f"{NS}path"))
    root = ET.fromstring(order_diagram(_view(), RETREAT))
    assert _group(root, "mw-retreat") is not None


def test_view_is_cropped_to_the_orders():
    phase = PhaseView("Orders", units_of({"BLUE": ["A EAS"]}), (OrderView("BLUE", "A EAS - MID", "M", "A", "EAS", dest="MID"),))
    root = ET.fromstring(order_diagram(_view(), phase))
    assert root.get("viewBox") != "0 0 300 300"


def test_an_order_not_adjudicated_carries_no_mark_and_a_failed_one_its_reason():
    drawn = PhaseView("Orders", units_of({"BLUE": ["A EAS"]}), (OrderView("BLUE", "A EAS - MID", "M", "A", "EAS", dest="MID"),))
    root = ET.fromstring(order_diagram(_view(), drawn))
    assert not [e for e in root.iter(f"{NS}path") if e.get("class") == "mw-failed"]
    failed = PhaseView("Orders", units_of({"BLUE": ["A EAS"]}), (OrderView("BLUE", "A EAS - MID", "M", "A", "EAS", dest="MID",
                                                                 succeeds=False, why="bounced <here>"),))
    svg = order_diagram(_view(), failed)
    assert [e for e in ET.fromstring(svg).iter(f"{NS}path") if e.get("class") == "mw-failed"]
    assert "A EAS - MID: bounced &lt;here&gt;" in svg      # the reason, escaped, in the caption
