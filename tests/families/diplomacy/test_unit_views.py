"""Render draws the units the family read (board_view.unit_views): typed, never unit text."""
from __future__ import annotations

import pytest

from generator import api
from generator.families.diplomacy.api import AdjudicationError
from generator.families.diplomacy.board_view import unit_views
from generator.families.diplomacy.pages_render import render_position
from generator.render import UnitView


@pytest.fixture(scope="module")
def classic():
    return api.load_game("classic").model


def test_units_are_read_by_the_family_reader(classic):
    got = unit_views(classic, {"FRANCE": ["Army Paris", "F stp/nc"], "ENGLAND": ["F LON"]})
    assert got == (UnitView("FRANCE", "A", "PAR"), UnitView("FRANCE", "F", "STP/NC"),
                   UnitView("ENGLAND", "F", "LON"))


def test_an_unreadable_unit_names_its_place(classic):
    with pytest.raises(AdjudicationError) as caught:
        render_position(classic, {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "X YZ"]}})
    assert caught.value.message.startswith("units.FRANCE[1]:") and caught.value.pointer == "/units/FRANCE/1"


def test_a_position_draws_dislodged_units_written_as_a_response_writes_them(classic):
    svg = render_position(classic, {"phase": "S1901R", "units": {"GERMANY": ["A BUR"]},
                                    "dislodged": {"FRANCE": [{"unit": "A PAR", "attacker_from": "BUR",
                                                              "via_convoy": False}]}})
    assert 'class="mw-dislodged"' in svg and svg.count('data-power="FRANCE"') >= 1
