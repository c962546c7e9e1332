"""Codes and labels a reader meets on a map: every province's code is 2 to 4 letters (a
sealane's suffix apart: "BAR se") and unique on its map, and a province is labelled once,
unless a piece of it is drawn far away (a sealane repeated across the board).

A Modern Europe showed BARCELONA, ISTRIA and TYROL as codes (the published data gives
Barcelona and the Barents Sea, Istria and Istanbul, Tyrol and the Tyrrhenian Sea one code
each), "BAR se" twice (the sea's ring around an island was labelled as a piece of it)
and PCH three times (its two islands off its own coast)."""
from __future__ import annotations

import collections
import re
import xml.etree.ElementTree as ET

import pytest

from generator.families.diplomacy.pages_render import board_view, map_svg
from generator.render.map import extra_spots
from generator.render.mapview import ProvinceView

from render_fixtures import bundled

CODE = re.compile(r"^[A-Z]{2,4}( [a-z]{1,3})?$")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("game_id", ["classic", "modern-europe", "divided-states"])
def test_codes_shown_to_readers_are_short_and_unique(game_id):
    _, game = bundled(game_id)
    view = board_view(game)
    codes = collections.Counter(p.abbr for p in view.provinces.values())
    assert [c for c in codes if not CODE.match(c)] == []
    assert [c for c, n in codes.items() if n > 1] == []


def test_modern_europe_labels_each_province_once():
    _, game = bundled("modern-europe")
    root = ET.fromstring(map_svg(game, interactive=True))
    labels = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "mw-labels")
    shown = collections.Counter(t.text for t in labels.iter(f"{SVG}text"))
    assert [c for c, n in shown.items() if n > 1] == []
    assert {"BARC", "ISTR", "TYRO", "BAR", "IST", "TYR", "PCH", "BAR se"} <= set(shown)


def test_a_hole_is_not_a_piece_to_label():
    sea = [0, 0, 400, 0, 400, 400, 0, 400]
    island = [150, 150, 250, 150, 250, 250, 150, 250]        # a hole in the sea (even-odd)
    far = [1000, 0, 1200, 0, 1200, 200, 1000, 200]           # the sea drawn again, elsewhere
    p = ProvinceView("SEA", "Sea", "SEA", kind="sea", label=(50, 50), pieces=[sea, island, far])
    spots = extra_spots(p, font=10)
    assert len(spots) == 1 and spots[0][0] > 1000
