"""geometry.PointGrid answers nearest-point questions exactly as a full scan does."""
import math

from hypothesis import given, settings, strategies as st

from generator.render import geometry as geo

coord = st.one_of(st.floats(0, 3000, allow_nan=False), st.integers(0, 6).map(float))
points = st.lists(st.tuples(coord, coord), min_size=64, max_size=300)


def scan_nearest(pts, i, k):
    px, py = pts[i]
    return sorted((j for j in range(len(pts)) if j != i),
                  key=lambda j: (pts[j][0] - px) ** 2 + (pts[j][1] - py) ** 2)[:k]


def scan_distance(pts, i):
    px, py = pts[i]
    return min((math.hypot(qx - px, qy - py) for j, (qx, qy) in enumerate(pts) if j != i), default=50.0)


@settings(max_examples=40, deadline=None)
@given(points, st.data())
def test_grid_matches_a_full_scan(pts, data):
    grid = geo.PointGrid.of(pts)
    assert grid is not None
    for i in data.draw(st.lists(st.integers(0, len(pts) - 1), min_size=1, max_size=8)):
        for k in (1, 7, 40):
            assert grid.nearest(i, k) == scan_nearest(pts, i, k)
        assert grid.nearest_distance(i, 50.0) == scan_distance(pts, i)


def test_voronoi_cells_are_the_same_with_and_without_the_grid(monkeypatch):
    import random
    rng = random.Random(7)
    sites = {f"P{i:03d}": (round(rng.uniform(0, 800), 1), round(rng.uniform(0, 500), 1)) for i in range(300)}
    fast = geo.voronoi_cells(sites, (0, 0, 800, 500), max_radius=60)
    monkeypatch.setattr(geo.PointGrid, "of", classmethod(lambda cls, pts: None))
    assert fast == geo.voronoi_cells(sites, (0, 0, 800, 500), max_radius=60)


def test_small_or_odd_point_sets_get_no_grid():
    assert geo.PointGrid.of([(0.0, 0.0)] * 10) is None
    assert geo.PointGrid.of([(float("inf"), 0.0)] + [(1.0, 1.0)] * 100) is None
