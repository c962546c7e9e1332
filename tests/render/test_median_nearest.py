"""The grid search in render.map._median_nearest gives the brute-force answer exactly."""
import math
import statistics

from hypothesis import given, settings, strategies as st

from generator.render import map as mapmod


def brute(pts) -> float:
    if len(pts) < 2:
        return 0.0
    step = max(1, len(pts) // 200)
    d = []
    for i in range(0, len(pts), step):
        px, py = pts[i]
        best = min(((qx - px) ** 2 + (qy - py) ** 2 for j, (qx, qy) in enumerate(pts)
                    if j != i and (qx, qy) != (px, py)), default=0.0)
        d.append(math.sqrt(best))
    return statistics.median(d)


coord = st.one_of(st.floats(0, 5000, allow_nan=False), st.integers(0, 8).map(float))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coord, coord), min_size=0, max_size=450))
def test_grid_search_matches_brute_force(pts):
    mapmod._NEAREST_CACHE.clear()
    assert mapmod._median_nearest(pts) == brute(pts)


def test_answer_is_cached_per_point_set():
    pts = [(float(i % 37) * 3.5, float(i // 37) * 2.25) for i in range(900)]
    mapmod._NEAREST_CACHE.clear()
    first = mapmod._median_nearest(pts)
    assert first == brute(pts) and len(mapmod._NEAREST_CACHE) == 1
    assert mapmod._median_nearest(list(pts)) == first and len(mapmod._NEAREST_CACHE) == 1
