"""The legibility rule shared by every family's example diagrams (render/legible.py), and
the order diagrams' short moves and fail crosses that follow from it."""
from __future__ import annotations

import math

from generator import render
from generator.render import legible
from generator.render.shapes import Group
from generator.render.diagram import _beside, _bent
from generator.render.geometry import point_along, polyline_length


def test_smallest_text_reads_at_seven_px_in_a_phone_column():
    for width in (120.0, 480.0, 2000.0):
        shown = legible.smallest_text(width) * legible.PHONE_FIGURE_PX / width
        assert shown >= legible.PHONE_TEXT_PX
        assert legible.shortest_arrow(width) * legible.PHONE_FIGURE_PX / width >= legible.ARROW_PX


def test_frame_grows_by_the_margin_and_stays_on_the_board():
    assert legible.frame([(50, 50), (70, 60)], 10, (0, 0, 100, 100)) == (40, 40, 80, 70)
    assert legible.frame([(5, 95)], 10, (0, 0, 100, 100)) == (0, 85, 15, 100)
    x0, _, x1, _ = legible.frame([(50, 50)], 1, (0, 0, 100, 100), min_width=30)
    assert x1 - x0 == 30
    assert legible.frame([], 10, (0, 0, 100, 100)) == (0, 0, 100, 100)


def test_bands_cut_left_to_right_no_wider_than_the_span():
    pts = [(0, 0), (300, 5), (10, 40), (290, 0), (150, 9)]
    bands = legible.bands(pts, 100)
    assert bands == [[(0, 0), (10, 40)], [(150, 9)], [(290, 0), (300, 5)]]
    for band in bands:
        assert max(p[0] for p in band) - min(p[0] for p in band) <= 100


def test_stack_shows_each_frame_one_under_another():
    bands, width, height = legible.stack([(0, 0, 100, 50), (200, 10, 260, 40)], [Group(())], 5)
    assert (width, height) == (100, 85)
    markup = "".join(render.markup(band) for band in bands)
    assert markup.count("<svg") == 2 and markup.count("<g></g>") == 2 and 'viewBox="200.0 10.0 60.0 30.0"' in markup
    assert 'y="55.0"' in markup


def test_a_short_move_bends_to_the_shortest_arrow_and_a_long_one_stays_straight():
    a, b = (0.0, 0.0), (20.0, 0.0)
    bent = _bent(a, b, 5, 5, 30)
    assert len(bent) == 3 and polyline_length(bent) >= 30 - 1e-6
    assert math.dist(bent[0], a) == 5 and math.dist(bent[-1], b) == 5   # clear of both tokens
    assert _bent(a, (100.0, 0.0), 5, 5, 30) == [(5.0, 0.0), (95.0, 0.0)]
    # tokens on top of each other still give an arrow
    assert polyline_length(_bent(a, a, 5, 5, 30)) >= 30 - 1e-6


def test_the_fail_cross_sits_beside_the_arrow_never_on_it():
    size = 2.0
    for pts in ([(0.0, 0.0), (40.0, 0.0)], _bent((0.0, 0.0), (6.0, 0.0), 3, 3, 30)):
        cross = _beside(pts, size)
        # no point of the arrow's line within the cross's reach
        steps = [point_along(pts, t / 50) for t in range(51)]
        assert min(math.dist(cross, p) for p in steps) > size * 1.4

