"""one_way_borders: borders units may cross one way only.

Written from The Dutch Revolt's rules page (tests/data/webdip/DutchRevolt/rules.html): "This
special 'homeland' SC can not be entered by any unit" and from its install.php: "Remove the
links to Spain... (you can only leave Spain)", `DELETE FROM wD_Borders WHERE mapID=... AND
toTerrID=9` and the same from wD_CoastalBorders, after the map is made. webDiplomacy checks a
move, a support (hold: the supporter's border to the supported unit; move: to where it goes)
and a retreat against the borders it keeps. The tests on the standard map close Vienna, or one
border into it; the last ones play the imported Dutch Revolt."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import _example, recognised
from generator.families.diplomacy.rules.one_way_borders import MODULE, examples_of
from generator.importers.webdip_deleted_borders import closed, deleted_borders
from generator.importers.webdiplomacy import import_variant

DUTCH = Path(__file__).resolve().parents[3] / "data" / "webdip" / "DutchRevolt"


def results(game, units, orders, phase="S1901M"):
    resp = adjudicate(game, {"phase": phase, "units": units, "orders": orders})
    return {r["order"]: r["result"] if r["legal"] else "illegal" for r in resp["results"]}, resp["after"]


@pytest.fixture
def vienna(classic_with):
    return classic_with({"one_way_borders": {"no_entry": ["VIE"]}})


# A: no entry

def test_no_unit_moves_into_the_place(vienna):
    # "can not be entered by any unit"
    got, after = results(vienna, {"AUSTRIA": ["A BUD"]}, {"AUSTRIA": ["A BUD - VIE"]})
    assert got["A BUD - VIE"] == "illegal" and after["units"]["AUSTRIA"] == ["A BUD"]


def test_units_leave_it(vienna):
    # "you can only leave Spain": the borders out of it are kept
    got, after = results(vienna, {"AUSTRIA": ["A VIE"]}, {"AUSTRIA": ["A VIE - BOH"]})
    assert got["A VIE - BOH"] == "succeeds" and after["units"]["AUSTRIA"] == ["A BOH"]


def test_without_the_module_the_move_in_succeeds(classic):
    got, _ = results(classic, {"AUSTRIA": ["A BUD"]}, {"AUSTRIA": ["A BUD - VIE"]})
    assert got["A BUD - VIE"] == "succeeds"


def test_no_support_into_the_place_nor_of_a_unit_standing_there(vienna):
    # a support needs the border from the supporter to the place (webDiplomacy's support checks)
    got, _ = results(vienna, {"AUSTRIA": ["A VIE", "A BUD", "A TRI"], "ITALY": ["A TYR", "A VEN"]},
                     {"AUSTRIA": ["A BUD S A VIE", "A TRI S A VIE"], "ITALY": ["A TYR - VIE", "A VEN S A TYR - VIE"]})
    assert got["A BUD S A VIE"] == "illegal" and got["A TRI S A VIE"] == "illegal"
    assert got["A VEN S A TYR - VIE"] == "illegal" and got["A TYR - VIE"] == "illegal"


def test_a_support_out_of_the_place_stands(vienna):
    got, after = results(vienna, {"AUSTRIA": ["A VIE", "A BUD"], "RUSSIA": ["A GAL"]},
                         {"AUSTRIA": ["A VIE S A BUD - GAL", "A BUD - GAL"], "RUSSIA": ["A GAL H"]})
    assert got["A VIE S A BUD - GAL"] == "succeeds" and got["A BUD - GAL"] == "succeeds"


def test_no_retreat_into_the_place(vienna):
    # a retreat is a move over the same borders (oneway.js leaves Spain out of the retreats)
    _, after = results(vienna, {"AUSTRIA": ["A BOH"], "GERMANY": ["A MUN", "A SIL"], "ITALY": ["A TYR"]},
                       {"GERMANY": ["A MUN - BOH", "A SIL S A MUN - BOH"], "ITALY": ["A TYR H"]})
    [dislodged] = after["dislodged"]["AUSTRIA"]
    assert "VIE" not in dislodged["retreats"] and dislodged["retreats"] == ["GAL"]


def test_no_army_convoyed_into_it(classic_with):
    g = classic_with({"one_way_borders": {"no_entry": ["BRE"]}})
    got, _ = results(g, {"ENGLAND": ["A LON", "F ENG"]}, {"ENGLAND": ["A LON - BRE", "F ENG C A LON - BRE"]})
    assert got["A LON - BRE"] == "illegal"


def test_a_listed_coast_closes_that_coast_only(classic_with):
    g = classic_with({"one_way_borders": {"no_entry": ["SPA/sc"]}})
    got, _ = results(g, {"FRANCE": ["F WES", "F MAO"]}, {"FRANCE": ["F WES - SPA/sc", "F MAO - SPA/nc"]})
    assert got["F WES - SPA/sc"] == "illegal" and got["F MAO - SPA/nc"] == "succeeds"


# B: one border closed one way

def test_a_closed_pair_closes_that_border_that_way_only(classic_with):
    # `DELETE ... AND toTerrID=N AND fromTerrID=M`: the one border from M into N
    g = classic_with({"one_way_borders": {"closed": [["BUD", "VIE"]]}})
    got, _ = results(g, {"AUSTRIA": ["A BUD"]}, {"AUSTRIA": ["A BUD - VIE"]})
    assert got["A BUD - VIE"] == "illegal"
    got, _ = results(g, {"AUSTRIA": ["A GAL"]}, {"AUSTRIA": ["A GAL - VIE"]})
    assert got["A GAL - VIE"] == "succeeds"
    got, _ = results(g, {"AUSTRIA": ["A VIE"]}, {"AUSTRIA": ["A VIE - BUD"]})
    assert got["A VIE - BUD"] == "succeeds"


# checks, page

def test_checks_name_unknown_places_and_pairs_that_share_no_border(classic_with):
    g = classic_with({"one_way_borders": {"no_entry": ["NOWHERE", "STP/sc"], "closed": [["VIE", "PAR"]]}})
    messages = [d.message for d in structural_checks(g)]
    assert any("no location 'NOWHERE'" in m for m in messages)
    assert not any("STP/sc" in m for m in messages)
    assert any("VIE and PAR share no border" in m for m in messages)
    assert any("closes no border" in d.message for d in structural_checks(classic_with({"one_way_borders": {}})))
    bad = classic_with({"one_way_borders": {"closed": ["VIE"]}})
    assert any("'closed' must be a list of [FROM, TO] pairs" in m for _, _, m in bad.modules.problems)


def test_the_page_examples_are_found_on_the_map_and_play_as_the_rule_says(vienna):
    into, out = examples_of(vienna)
    for ex in (into, out):
        assert _example.play(vienna, ex)[2] == []
    assert list(into["expect"]["results"].values()) == ["illegal"]
    page = MODULE.pages(vienna, vienna.modules.params("one_way_borders"))[0]
    assert "## Into the place" in page.content and "## Out of it" in page.content


# import: install.php's DELETE statements, in any form of the rule

def test_deletes_into_a_territory_and_of_one_border_are_read():
    text = ("<?php\n// you can only leave Spain\n"
            "$DB->sql_put('DELETE FROM wD_Borders        WHERE mapID='.$this->mapID.' AND toTerrID=9');\n"
            "$DB->sql_put(\"DELETE FROM wD_CoastalBorders WHERE toTerrID = '9' AND mapID=\".$this->mapID.\"\");\n"
            "$DB->sql_put('DELETE FROM wD_Borders WHERE mapID='.$this->mapID.' AND fromTerrID=4 AND toTerrID=5');\n")
    entries, line, unread = deleted_borders(text)
    assert entries == [(None, 9), (4, 5)] and line == 3 and unread == []
    rows = {9: "SPAIN", 4: "CALAIS", 5: "ARRAS"}
    by_id = dict.fromkeys(["SPAIN", "CALAIS", "ARRAS"], {})
    assert closed(entries, rows, by_id) == ({"no_entry": ["SPAIN"], "closed": [["CALAIS", "ARRAS"]]}, [])
    assert closed([(None, 99)], rows, by_id) == ({}, [99])


def test_several_borders_into_one_territory_each_from_one_territory():
    # another variant of the archive closes three borders into one sea, both tables each
    text = "".join(f"$DB->sql_put('DELETE FROM wD_{table} WHERE mapID='.$this->mapID.' AND fromTerrID={f} "
                   f"AND toTerrID=30');\n" for f in (27, 28, 29) for table in ("Borders", "CoastalBorders"))
    entries, line, unread = deleted_borders(text)
    assert entries == [(27, 30), (28, 30), (29, 30)] and line == 1 and unread == []
    rows = {27: "A", 28: "B", 29: "C", 30: "SEA"}
    assert closed(entries, rows, dict.fromkeys(rows.values(), {}))[0] == {
        "closed": [["A", "SEA"], ["B", "SEA"], ["C", "SEA"]]}


def test_a_delete_in_another_form_is_said_at_its_line():
    text = ("<?php\n$x = 1;\n$DB->sql_put('DELETE FROM wD_Borders WHERE mapID='.$this->mapID.' AND toTerrID > 9');\n"
            "$DB->sql_put('DELETE FROM wD_Borders WHERE mapID='.$this->mapID.' AND toTerrID='.$spain);\n")
    entries, _, unread = deleted_borders(text)
    assert entries == [] and [line for line, _ in unread] == [3, 4]
    assert all("does not read" in m for _, m in unread)
    assert deleted_borders("$DB->sql_put('UPDATE wD_Territories SET supply=\"No\"');") == ([], 0, [])


def test_deletes_in_and_out_of_the_form_interleaved_are_each_said_once():
    # a statement read, then a stray DELETE (in no statement), then statements again: only the
    # stray one is said, at its line, and a statement repeated closes its border once
    good = "$DB->sql_put('DELETE FROM wD_Borders WHERE mapID='.$this->mapID.' AND toTerrID={}');\n"
    text = good.format(9) + "// DELETE FROM wD_Borders is read in code only\n$sql = 'DELETE FROM wD_Borders';\n" \
        + good.format(9) + good.format(7) + "DELETE FROM wD_CoastalBorders\n"
    entries, line, unread = deleted_borders(text)
    assert entries == [(None, 9), (None, 7)] and line == 1
    assert [at for at, _ in unread] == [3, 6]


def test_the_form_becomes_the_module():
    assert recognised({"DeletedBorders": {"no_entry": ["SPAIN"]}}) == {"one_way_borders": {"no_entry": ["SPAIN"]}}


# The Dutch Revolt itself

@pytest.fixture(scope="module")
def dutch():
    result = import_variant(DUTCH)
    return result, game_from_data("dutch-revolt", result.game, result.data)


def test_dutch_revolt_imports_spain_closed_to_entry_and_complete(dutch):
    result, _ = dutch
    assert result.game["rules"]["one_way_borders"] == {"no_entry": ["SPAIN"]}
    assert not [d for d in result.diagnostics if d.code == "IMP013" and "install.php" in d.file]


def test_in_dutch_revolt_the_armada_sails_out_and_never_back(dutch):
    # "It is used to build fleets": a fleet built in Spain leaves for the Channel, and may not return
    _, g = dutch
    got, after = results(g, {"SPAIN": ["F SPAIN"]}, {"SPAIN": ["F SPAIN - CHANNEL"]}, phase="S1555M")
    assert got["F SPAIN - CHANNEL"] == "succeeds"
    got, _ = results(g, {"SPAIN": ["F CHANNEL"]}, {"SPAIN": ["F CHANNEL - SPAIN"]}, phase="S1555M")
    assert got["F CHANNEL - SPAIN"] == "illegal"
