"""Rendering a hex position (the family's render capability behind `mapwright render`)."""
from __future__ import annotations

import pytest

from generator.families.hex import FAMILY
from generator.families.hex.position import PositionError

from .helpers import dixie


def test_a_position_draws_every_hex_and_its_counters():
    game = dixie()
    request = {"units": [{"id": "u1", "side": "USA", "type": "infantry-corps", "hex": "1715"},
                         {"id": "c1", "side": "CSA", "type": "armoured-brigade", "hex": "1716", "disrupted": True}]}
    svg = FAMILY.render(game, request, "Turn 3")
    assert svg.startswith("<svg") and 'width="' in svg and "mm" in svg
    hexes = game.map.grid.columns * game.map.grid.rows
    assert svg.count("<polygon") >= hexes                       # every hex drawn
    assert svg.count("<g><rect") == 2 and "DISR" in svg         # two counters, one disrupted
    assert "Turn 3" in svg


def test_units_may_be_given_per_side_as_in_a_diplomacy_position():
    svg = FAMILY.render(dixie(), {"units": {"USA": [{"id": "u1", "type": "infantry-corps", "hex": "1715"}],
                                                     "CSA": [{"id": "c1", "type": "infantry-corps", "hex": "1716"}]}})
    assert svg.count("<g><rect") == 2


def test_a_focused_position_draws_only_the_hexes_around_it():
    game = dixie()
    svg = FAMILY.render(game, {"units": [{"id": "u1", "side": "USA", "type": "infantry-corps", "hex": "1715"}],
                                        "focus": ["1715"]})
    assert 'width="' in svg and "px" in svg and svg.count("<g><rect") == 1
    assert svg.count("<polygon") < 40


@pytest.mark.parametrize("request_, why", [
    ({"units": "x"}, "must be a list"),
    ({"units": {"USA": "x"}}, "must be a list"),
    ({"units": [{"id": "u", "side": "USA", "type": "infantry-corps"}]}, "needs string values"),
    ({"units": [{"id": "u", "side": "GREEN", "type": "infantry-corps", "hex": "1715"}]}, "not a side"),
    ({"units": [{"id": "u", "side": "USA", "type": "tank", "hex": "1715"}]}, "unknown unit type"),
    ({"units": [{"id": "u", "side": "USA", "type": "infantry-corps", "hex": "9999"}]}, "outside the grid"),
    ({"units": [], "focus": ["9999"]}, "outside the grid"),
    ([], "mapping"),
])
def test_a_malformed_position_is_refused_with_its_reason(request_, why):
    with pytest.raises(PositionError, match=why):
        FAMILY.render(dixie(), request_)
