"""15.4 C with effect: after an amphibious assault the attackers may advance across that hexside,
a reading of 15.4 over 15.2.1 kept as data (terrain.yaml) with the other reading beside it."""
from dataclasses import replace

from generator.families.hex.advance import advance_after_combat
from generator.families.hex.pages import charts_page

from .helpers import dixie, position


def _advance(game, unit_hex, defender, **kw):
    pos = position(("c", "USA", "infantry-corps", unit_hex))
    return advance_after_combat(game, pos, ["c"], defender, [{"unit": "c", "path": [defender]}], occupied=False, **kw)


def _literal(game):
    river = game.hexside_types["great-river"]
    reading = replace(river.advance_after_amphibious_assault, value=False)
    return replace(game, hexside_types={**game.hexside_types,
                                        "great-river": replace(river, advance_after_amphibious_assault=reading)})


def test_after_an_amphibious_assault_on_an_empty_hex_the_attacker_advances_across_the_river():
    rep = _advance(dixie(), "1614", "1715")        # 1614-1715: the unbridged Mississippi
    assert rep.legal, rep.problems
    assert any("15.4 C read over 15.2.1 (estimated reading)" in line for line in rep.trace)


def test_the_same_after_an_amphibious_assault_on_an_empty_city():
    rep = _advance(dixie(), "1615", "1716", defender_lp=1)
    assert rep.legal and rep.city_captured == "memphis"


def test_the_literal_reading_in_the_data_refuses_the_advance():
    rep = _advance(_literal(dixie()), "1614", "1715")
    assert not rep.legal
    assert rep.problems[0].startswith("the great river 1614-1715 is crossed in an advance only at a bridge USA holds (15.2.1)")


def test_an_enemy_held_bridge_is_no_amphibious_assault_and_stops_the_advance():
    pos = position(("c", "CSA", "infantry-corps", "2012"))
    rep = advance_after_combat(dixie(), pos, ["c"], "2011", [{"unit": "c", "path": ["2011"]}], occupied=False, defender_lp=1)
    assert rep.problems == ["the great river 2012-2011 is crossed in an advance only at a bridge CSA holds (15.2.1)"]


def test_the_charts_page_states_both_readings():
    page = charts_page(dixie())
    assert "Great river, advance after an amphibious assault: allowed" in page
    assert "Other reading: 15\\.2\\.1 read literally" in page
