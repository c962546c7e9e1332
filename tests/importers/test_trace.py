import numpy as np
from hypothesis import given, settings, strategies as st

from generator.importers.simplify import douglas_peucker, ring_area
from generator.importers.trace import contacts_of, grow_labels, label_pixels, trace


def _rings_area(rings):
    return sum(ring_area(list(zip(r[0::2], r[1::2]))) for r in rings)


def test_two_squares_share_one_border_and_exact_areas():
    labels = np.full((10, 20), -1, dtype=np.int32)
    labels[2:8, 2:10] = 0
    labels[2:8, 10:18] = 1
    result = trace(labels, tolerance=0.5)
    assert _rings_area(result.rings[0]) == 48 and _rings_area(result.rings[1]) == 48
    assert result.contacts == {(0, 1): 6}


def test_hole_and_island_pieces():
    labels = np.zeros((12, 12), dtype=np.int32)
    labels[4:8, 4:8] = 1          # a lake-like island of label 1 inside 0
    labels[0:2, 10:12] = 2
    result = trace(labels, tolerance=0.5, min_area=1)
    areas = sorted(ring_area(list(zip(r[0::2], r[1::2]))) for r in result.rings[0])
    assert areas == [-16.0, 140.0]   # the outer ring minus the corner square, and the hole
    assert _rings_area(result.rings[0]) + _rings_area(result.rings[1]) + _rings_area(result.rings[2]) == 144


def test_label_pixels_uses_the_colour_at_each_seed_and_grow_closes_black_lines():
    rgb = np.zeros((5, 9, 3), dtype=np.uint8)
    rgb[:, :4] = (200, 10, 10)
    rgb[:, 5:] = (10, 200, 10)      # column 4 is a black separator
    labels, decor, _ = label_pixels(rgb, [(1, 1), (7, 3)])
    assert (labels[:, 4] == -1).all() and decor == {}
    grown = grow_labels(labels, 1)
    assert (grown >= 0).all()
    assert set(contacts_of(grown)) == {(0, 1)}


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=36, max_size=36))
def test_shared_borders_are_identical_so_areas_tile_the_image(cells):
    """Whatever the regions, simplified rings of all labels tile the image exactly."""
    labels = np.array(cells, dtype=np.int32).reshape(6, 6).repeat(3, axis=0).repeat(3, axis=1)
    result = trace(labels, tolerance=1.0, min_area=0)
    total = sum(_rings_area(r) for r in result.rings.values())
    assert total == 18 * 18


def test_douglas_peucker_keeps_ends_and_far_points():
    line = [(0, 0), (1, 0), (2, 0), (3, 5), (4, 0), (5, 0)]
    assert douglas_peucker(line, 1.0) == [(0, 0), (2, 0), (3, 5), (5, 0)]
    assert douglas_peucker([(0, 0), (1, 0), (2, 0)], 0.5) == [(0, 0), (2, 0)]
