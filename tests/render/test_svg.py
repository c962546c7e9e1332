"""SVG helpers: escaping, stable numbers, compact paths that decode to the input."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from hypothesis import given, settings, strategies as st

from generator.render.svg import attrs, colour, document, el, esc, ink_on, num, path_from_pieces, wrap


def decode_path(d: str) -> list[list[int]]:
    """Absolute integer points of each subpath of `M x y l dx dy ... z` data."""
    pieces = []
    for sub in re.findall(r"M[^M]*", d):
        head, _, rel = sub.rstrip("z").partition("l")
        x, y = (int(v) for v in head[1:].split())
        pts = [x, y]
        nums = [int(v) for v in re.findall(r"-?\d+", rel)]
        for dx, dy in zip(nums[0::2], nums[1::2]):
            x, y = x + dx, y + dy
            pts += [x, y]
        pieces.append(pts)
    return pieces


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-5000, 5000), min_size=4, max_size=40).filter(lambda v: len(v) % 2 == 0),
                min_size=1, max_size=4))
def test_path_round_trips_integer_outlines(pieces):
    decoded = decode_path(path_from_pieces(pieces))
    # consecutive duplicate points are dropped; everything else survives exactly
    def dedupe(flat):
        pts = list(zip(flat[0::2], flat[1::2]))
        out = [pts[0]] + [b for a, b in zip(pts, pts[1:]) if a != b]
        return [c for p in out for c in p]
    assert decoded == [dedupe(p) for p in pieces]


def test_numbers_are_short_and_stable():
    assert num(12.0) == "12"
    assert num(12.25, 1) in ("12.2", "12.3")
    assert num(-0.01) == "0"
    assert num(3.14159, 2) == "3.14"


def test_escaping_keeps_markup_out():
    hostile = '<script>alert("x")</script>&'
    svg = document(el("text", esc(hostile)), width=10, height=10, title=hostile,
                   root_attrs={"data-name": hostile})
    root = ET.fromstring(svg)
    assert not root.findall(".//{http://www.w3.org/2000/svg}script")
    assert root.get("data-name") == hostile
    assert "\x00" not in esc("a\x00b")


def test_attribute_names_and_none():
    assert attrs(class_="a", data_prov="X", skip=None) == ' class="a" data-prov="X"'


def test_colours_from_content_are_sanitised():
    assert colour("#ABC") == "#aabbcc"
    assert colour("red") == "#cc0000"
    assert colour('red" onload="x') == "#999999"
    assert colour("url(javascript:1)", "#123456") == "#123456"
    assert ink_on("#000000") == "#ffffff" and ink_on("#ffffff") == "#000000"


def test_wrap_respects_width():
    lines = wrap("one two three four five six seven eight nine ten", 10, 100)
    assert len(lines) > 1
    assert all(len(line) <= max(8, int(100 / 6)) for line in lines)
