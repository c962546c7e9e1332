"""path_from_pieces reuses a ring's path data only while the same list holds the same numbers."""
import random

from generator.render import svg


def test_cached_paths_equal_fresh_ones_and_follow_in_place_edits():
    rng = random.Random(4)
    rings = [[rng.uniform(-50, 900) for _ in range(rng.randrange(4, 30, 2))] for _ in range(50)]
    for scale, closed in ((1.0, True), (0.5, True), (1.0, False)):
        first = svg.path_from_pieces(rings, scale, closed)
        assert first == "".join(svg._ring_path(r, scale, closed) for r in rings)
        assert svg.path_from_pieces(rings, scale, closed) == first   # from the cache
    rings[7][2] += 25.0           # edited in place: the old path must not be served
    assert svg.path_from_pieces(rings[7:8]) == svg._ring_path(rings[7], 1.0, True)
    copy = list(rings[8])          # an equal ring in another list
    assert svg.path_from_pieces([copy]) == svg.path_from_pieces(rings[8:9])


def test_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(svg, "_RING_PATHS_MAX", 10)
    for i in range(25):
        svg.path_from_pieces([[0, 0, i + 1, 0, 0, i + 1]])
    assert len(svg._RING_PATHS) <= 10
