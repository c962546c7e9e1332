"""Order diagrams on boards that draw a province in several places, and locations that
read as one name (sealanes) rather than a province plus a coast.

A synthetic strip board pins the rule (each order uses the pieces nearest each other,
and the view is cropped to them); the bundled variant maps check the reported cases.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from generator.families.diplomacy.api import adjudicate_phase
from generator.families.diplomacy.phase_view import phase_diagram
from generator.render import geometry as geo

from render_fixtures import bundled, model_of, view_of

NS = "{http://www.w3.org/2000/svg}"


def strip_game() -> dict:
    """A 1000 x 200 strip: land WES | sea SEA (drawn twice: at x 100-200 and 800-900,
    as a canal drawn at both ends) | land EAS. Between them, open sea MID (200-800)."""
    provinces = [
        dict(id="WES", name="Westland", type="coast", label=[50, 100]),
        dict(id="CAN", name="Canal", type="sea", label=[150, 100]),
        dict(id="CAN_N", name="Canal - North", abbr="CAN n", type="sea", label=[150, 40]),
        dict(id="MID", name="Middle Sea", type="sea", label=[500, 100]),
        dict(id="EAS", name="Eastland", type="coast", label=[950, 100]),
    ]
    borders = [dict(between=a, units=["fleet"]) for a in
               (["WES", "CAN"], ["CAN", "EAS"], ["CAN", "MID"], ["MID", "WES"], ["MID", "EAS"],
                ["CAN_N", "CAN"], ["CAN_N", "EAS"], ["CAN_N", "WES"])]
    board = {"provinces": provinces, "borders": borders,
             "powers": [dict(id="RED", name="Red", color="#cc2222"), dict(id="BLUE", name="Blue", color="#2244cc")]}
    return {
        "title": "Strip",
        "map": board,
        "geometry": {
            "image": {"width": 1000, "height": 200},
            "outlines": {
                "WES": [[0, 0, 100, 0, 100, 200, 0, 200]],
                "CAN": [[100, 70, 200, 70, 200, 200, 100, 200], [800, 70, 900, 70, 900, 200, 800, 200]],
                "CAN_N": [[100, 0, 200, 0, 200, 70, 100, 70], [800, 0, 900, 0, 900, 70, 800, 70]],
                "MID": [[200, 0, 800, 0, 800, 200, 200, 200]],
                "EAS": [[900, 0, 1000, 0, 1000, 200, 900, 200]],
            },
        },
    }


def _arrow_ends(root, cls="mw-move"):
    """(start, tip) of each arrow of a class: the shaft's first point, the head's tip."""
    out = []
    for g in root.iter(f"{NS}g"):
        if cls not in (g.get("class") or "").split():
            continue
        paths = [p.get("d") for p in g.findall(f"{NS}path")]
        start = tuple(float(v) for v in re.match(r"M(-?[\d.]+) (-?[\d.]+)", paths[-2]).groups())
        tip = tuple(float(v) for v in re.match(r"M(-?[\d.]+) (-?[\d.]+)", paths[-1]).groups())
        out.append((start, tip))
    return out


def _view_box(root):
    return [float(v) for v in root.get("viewBox").split()]


def _units(root):
    """(letter, x, y) of every unit marker: its letter sits at the marker's centre."""
    out = []
    for g in root.iter(f"{NS}g"):
        if g.get("class") == "mw-unit":
            t = g.find(f"{NS}text")
            out.append((t.text, float(t.get("x")), float(t.get("y"))))
    return out


def _inside(pt, box, slack=0.0):
    return box[0] - slack <= pt[0] <= box[2] + slack and box[1] - slack <= pt[1] <= box[3] + slack


def test_a_whole_sealane_name_is_not_a_province_plus_a_coast():
    view = view_of(strip_game())
    assert view.resolve("CAN_N") == ("CAN_N", None)
    assert view.resolve("CAN n") == ("CAN_N", None)
    assert view.resolve("can N") == ("CAN_N", None)
    assert view.resolve("Canal - North") == ("CAN_N", None)
    assert view.resolve("CAN") == ("CAN", None)
    assert view.resolve("NOWHERE") is None


def test_a_move_uses_the_nearest_piece_and_the_view_is_cropped_to_it():
    game = strip_game()
    request = {"phase": "S1901M", "units": {"RED": ["F EAS"]}, "orders": {"RED": ["F EAS - CAN"]}}
    root = ET.fromstring(phase_diagram(model_of(game), request, None))
    (start, tip), = _arrow_ends(root)
    assert 800 <= tip[0] <= 900 and start[0] > 900      # into the east piece of CAN, from EAS
    x, _, w, _ = _view_box(root)
    assert x >= 500 and w <= 500                          # the west end of the strip is not framed
    # and from the west the same province is entered at its west piece
    request = {"phase": "S1901M", "units": {"RED": ["F WES"]}, "orders": {"RED": ["F WES - CAN"]}}
    root = ET.fromstring(phase_diagram(model_of(game), request, None))
    (start, tip), = _arrow_ends(root)
    assert 100 <= tip[0] <= 200 and start[0] < 100
    x, _, w, _ = _view_box(root)
    assert x + w <= 500


def test_a_unit_in_a_repeated_province_sits_in_the_piece_its_order_leaves_from():
    request = {"phase": "S1901M", "units": {"RED": ["F CAN n"]}, "orders": {"RED": ["F CAN n - EAS"]}}
    root = ET.fromstring(phase_diagram(model_of(strip_game()), request, None))
    (letter, x, y), = _units(root)
    assert letter == "F" and 800 <= x <= 900 and y <= 70    # the east piece of CAN n, not its label
    (start, tip), = _arrow_ends(root)
    assert 800 <= start[0] <= 900 and tip[0] > 900


def test_support_ends_on_the_supported_move_as_drawn():
    request = {"phase": "S1901M", "units": {"RED": ["F EAS", "F CAN n"]},
               "orders": {"RED": ["F EAS - CAN", "F CAN n S F EAS - CAN"]}}
    root = ET.fromstring(phase_diagram(model_of(strip_game()), request, None))
    (move_start, move_tip), = _arrow_ends(root)
    (sup_start, sup_tip), = _arrow_ends(root, "mw-support-move")
    # everything on the east end of the strip
    for pt in (move_start, move_tip, sup_start, sup_tip):
        assert pt[0] > 750
    # the support's tip lies on the move's line
    (ax, ay), (bx, by) = move_start, move_tip
    cross = (sup_tip[0] - ax) * (by - ay) - (sup_tip[1] - ay) * (bx - ax)
    assert abs(cross) / (((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5) < 30


# ---------------------------------------------------------------- the variant maps

def _divided_states():
    fam, game = bundled("divided-states")
    return fam, game


def _diagram(fam, game, request):
    response = fam.adjudicate(game, request)
    return ET.fromstring(phase_diagram(game, request, adjudicate_phase(game, request))), response


def test_sealane_fleet_is_drawn_in_its_sealane():
    fam, game = _divided_states()
    view = view_of(game)
    assert view.resolve("GME_E") == ("GME_E", None)
    assert view.resolve("MSB n") == ("MSB_N", None)
    request = {"phase": "S2021M", "units": {"MAINE": ["F MSB n"]}, "orders": {"MAINE": ["F MSB n - GME"]}}
    root, response = _diagram(fam, game, request)
    assert response["results"][0]["result"] == "succeeds"
    (letter, x, y), = _units(root)
    box = geo.bbox(view.provinces["MSB_N"].pieces)
    assert _inside((x, y), box)
    assert math.dist((x, y), view.provinces["MSB"].label) > 40     # not at the overseer zone
    (start, tip), = _arrow_ends(root)
    assert _inside(tip, geo.bbox(view.provinces["GME"].pieces), slack=view_of(game).width * 0.01)


def test_panama_canal_transit_is_drawn_small_and_with_its_arrow():
    fam, game = _divided_states()
    view = view_of(game)
    request = {"phase": "S2021M", "units": {"TEXAS": ["F GMX s"]}, "orders": {"TEXAS": ["F GMX s - PNC n"]}}
    root, _ = _diagram(fam, game, request)
    arrows = _arrow_ends(root)
    assert len(arrows) == 1
    (start, tip), = arrows
    gulf_piece = max(view.provinces["PNC_N"].pieces, key=lambda p: p[0])   # the Gulf of Mexico one
    assert _inside(tip, geo.bbox([gulf_piece]), slack=20)
    assert _inside(start, geo.bbox(view.provinces["GMX_S"].pieces), slack=20)
    x, y, w, h = _view_box(root)
    assert w < view.width * 0.2


def test_panama_canal_exit_to_the_pacific_uses_the_pacific_piece():
    fam, game = _divided_states()
    view = view_of(game)
    request = {"phase": "S2021M", "units": {"TEXAS": ["F PNC s"]}, "orders": {"TEXAS": ["F PNC s - SPO sw"]}}
    root, _ = _diagram(fam, game, request)
    (letter, x, _), = _units(root)
    pacific = geo.bbox([min(view.provinces["PNC_S"].pieces, key=lambda p: p[0])])
    assert pacific[0] <= x <= pacific[2]
    _, _, w, _ = _view_box(root)
    assert w < view.width * 0.2


def test_northwest_passage_ends_are_drawn_near_their_neighbours():
    fam, game = _divided_states()
    view = view_of(game)
    for request in (
            {"phase": "S2021M", "units": {"ALASKA": ["F BAR"]}, "orders": {"ALASKA": ["F BAR - NWP s"]}},
            {"phase": "S2021M", "units": {"ALASKA": ["F NWP n"]}, "orders": {"ALASKA": ["F NWP n - LBS"]}}):
        root, _ = _diagram(fam, game, request)
        assert len(_arrow_ends(root)) == 1
        _, _, w, _ = _view_box(root)
        assert w < view.width * 0.2, request["orders"]


def test_modern_europe_sealane_moves_have_arrows():
    fam, game = bundled("modern-europe")
    request = {"phase": "S1901M", "units": {"UNITED_KINGDOM": ["F ENG ne"]},
               "orders": {"UNITED_KINGDOM": ["F ENG ne - NTH"]}}
    root, response = _diagram(fam, game, request)
    view = view_of(game)
    assert view.resolve("ENG ne")[0] != "ENG"
    (letter, x, y), = _units(root)
    pid = view.resolve("ENG ne")[0]
    assert _inside((x, y), geo.bbox(view.provinces[pid].pieces))
    assert len(_arrow_ends(root)) == 1


def test_clusters_chain_near_points_only():
    from generator.render.diagram import clusters
    pts = [(0, 0), (50, 0), (95, 0), (1000, 0), (1040, 30)]
    assert clusters(pts, 60) == [[(0, 0), (50, 0), (95, 0)], [(1000, 0), (1040, 30)]]
    assert clusters(pts, 2000) == [pts]
    assert clusters([], 10) == []


def test_segment_exit():
    assert geo.segment_exit((5, 5), (20, 5), (0, 0, 10, 10)) == (10, 5)
    assert geo.segment_exit((5, 5), (5, -10), (0, 0, 10, 10)) == (5, 0)
    assert geo.segment_exit((5, 5), (8, 8), (0, 0, 10, 10)) is None


def test_inset_neighbours_are_drawn_in_two_panels():
    """YUK (in the Alaska inset) borders SSK (on the main map): two small views with
    the move leaving one ("to SSK") and entering the other ("from YUK"), not one view
    of the whole continent."""
    fam, game = _divided_states()
    view = view_of(game)
    request = {"phase": "S2021M", "units": {"ALASKA": ["A YUK", "A FBK"]},
               "orders": {"ALASKA": ["A YUK - SSK", "A FBK - YUK"]}}
    root, _ = _diagram(fam, game, request)
    assert "mw-panels" in root.get("class")
    panels = [e for e in root if e.tag == f"{NS}svg"]
    assert len(panels) == 2
    frames = []
    for p in panels:
        x, y, w, h = (float(v) for v in p.get("viewBox").split())
        assert w < view.width * 0.2
        frames.append((x, y, x + w, y + h))
    ssk, yuk = view.provinces["SSK"].label, view.provinces["YUK"].label
    assert _inside(yuk, frames[0]) and not _inside(ssk, frames[0])
    assert _inside(ssk, frames[1]) and not _inside(yuk, frames[1])
    tags = ["".join(t.itertext()) for t in root.iter(f"{NS}g") if t.get("class") == "mw-edge-tag"]
    assert "to SSK" in " ".join(tags) and "from YUK" in " ".join(tags)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    # the clip path each panel uses is its own
    clips = {e.get("clip-path") for p in panels for e in p.iter() if e.get("clip-path")}
    assert len(clips) == 2
