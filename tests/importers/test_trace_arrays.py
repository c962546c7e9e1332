"""The tracer's array steps checked against plain pixel-by-pixel definitions: loops
walked from the borders found in two comparisons, growth by fronts, colour counts."""
import numpy as np
from hypothesis import given, settings, strategies as st

from generator.importers.simplify import ring_area
from generator.importers.trace import contacts_of, grow_labels, label_pixels, trace


def _area(flat):
    return ring_area(list(zip(flat[0::2], flat[1::2])))


def _label_images(max_side=9):
    """Small label images with unlabelled pixels (-1, -2), pieces touching only at a
    corner, holes, and regions at the image's edge."""
    return st.integers(1, max_side).flatmap(lambda h: st.integers(1, max_side).flatmap(
        lambda w: st.lists(st.integers(-2, 3), min_size=h * w, max_size=h * w).map(
            lambda cells: np.array(cells, dtype=np.int32).reshape(h, w))))


@settings(max_examples=60, deadline=None)
@given(_label_images())
def test_unsimplified_rings_enclose_exactly_each_labels_pixels(labels):
    """With no simplification, a label's rings (outer positive, holes negative) hold
    exactly its pixels: every loop walked whole, pinches and the frame included."""
    result = trace(labels, tolerance=0.0, min_area=0.0)
    for label in range(4):
        pixels = int(np.count_nonzero(labels == label))
        assert sum(_area(r) for r in result.rings.get(label, [])) == pixels
        assert result.pixels.get(label, 0) == pixels


def test_checkerboard_every_corner_a_pinch():
    labels = (np.indices((6, 8)).sum(axis=0) % 2).astype(np.int32)
    result = trace(labels, tolerance=0.0, min_area=0.0)
    assert sum(_area(r) for r in result.rings[0]) == 24 and sum(_area(r) for r in result.rings[1]) == 24
    assert result.contacts == {(0, 1): 5 * 8 + 6 * 7}


@settings(max_examples=60, deadline=None)
@given(_label_images())
def test_contacts_are_the_neighbouring_pixel_pairs(labels):
    expected: dict[tuple[int, int], int] = {}
    h, w = labels.shape
    for y in range(h):
        for x in range(w):
            for ny, nx in ((y, x + 1), (y + 1, x)):
                if ny < h and nx < w:
                    a, b = int(labels[y, x]), int(labels[ny, nx])
                    if a != b and a >= 0 and b >= 0:
                        key = (min(a, b), max(a, b))
                        expected[key] = expected.get(key, 0) + 1
    assert contacts_of(labels) == expected
    assert trace(labels).contacts == expected


def _grow_reference(labels, steps):
    """The rule, pixel by pixel: each step, every unlabelled pixel takes the first
    labelled one of its neighbours above, left, below, right (as they were before the
    step); unlabelled pixels read -1."""
    out = [[int(v) for v in row] for row in labels]
    h, w = labels.shape
    for _ in range(steps):
        before = [row[:] for row in out]
        for y in range(h):
            for x in range(w):
                if before[y][x] >= 0:
                    continue
                out[y][x] = -1
                for ny, nx in ((y - 1, x), (y, x - 1), (y + 1, x), (y, x + 1)):
                    if 0 <= ny < h and 0 <= nx < w and before[ny][nx] >= 0:
                        out[y][x] = before[ny][nx]
                        break
    return np.array(out, dtype=np.int32)


@settings(max_examples=60, deadline=None)
@given(_label_images(12), st.integers(0, 4))
def test_grow_labels_follows_the_rule_pixel_by_pixel(labels, steps):
    grown = grow_labels(labels, steps)
    assert grown.dtype == labels.dtype
    assert np.array_equal(grown, _grow_reference(labels, steps))


def test_label_pixels_counts_colours_for_decor_and_numbers_it_in_colour_order():
    rgb = np.zeros((10, 10, 3), dtype=np.uint8)
    rgb[:, :3] = (200, 0, 0)          # territory 0 (and territory 2 names the same colour)
    rgb[:, 3:5] = (0, 0, 200)         # 20 pixels: decor, numbered after (0, 0, 150)
    rgb[:, 5:7] = (0, 0, 150)         # 20 pixels: decor, the smaller code first
    rgb[:, 7] = (0, 200, 0)           # 10 pixels: too few for decor
    rgb[:, 8] = (10, 10, 10)          # 10 pixels: dark, never decor
    rgb[:, 9] = (0, 0, 0)             # black separator; territory 1's point is on it
    labels, decor, seed_colour = label_pixels(rgb, [(0, 0), (9, 0), (1, 1), (50, 50)], decor_min_pixels=15)
    assert decor == {4: "#000096", 5: "#0000c8"}
    assert seed_colour == {0: 0xC80000, 2: 0xC80000}
    assert (labels[:, :3] == 0).all() and (labels[:, 5:7] == 4).all() and (labels[:, 3:5] == 5).all()
    assert (labels[:, 7:] == -1).all() and labels.dtype == np.int32
