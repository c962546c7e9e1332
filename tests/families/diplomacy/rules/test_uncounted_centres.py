"""uncounted_centres: a supply centre that does not count for a given power.

Written from Colonial's rules page (tests/data/webdip/Colonial/rules.php): "Hong Kong is a
British home supply center. It counts as a supply center for any country except China. If
China is in possession of Hong Kong, it counts as a non-supply neutral territory." and from
its class (classes/processMembers.php, HongKong_processMembers::countUnitsSCs): after the
standard count, China's supplyCenterNo is one less while China owns Hong Kong; builds and
the victory test read that number. The tests on the standard map make Serbia such a centre
for Austria; the last ones play the imported Colonial itself."""
import shutil
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.request_errors import AdjudicationError
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import _example, recognised
from generator.families.diplomacy.rules.uncounted_centres import MODULE, example_of
from generator.importers.webdip_classes import _uncounted_centres
from generator.importers.webdiplomacy import import_variant

COLONIAL = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Colonial"
SERBIA = {"uncounted_centres": {"centres": {"AUSTRIA": ["SER"]}}}
AUSTRIA = ["A VIE", "A BUD", "F TRI"]
HOMES = ["VIE", "BUD", "TRI"]


@pytest.fixture
def game(classic_with):
    return classic_with(SERBIA)


def after(game, request):
    return adjudicate(game, request)["after"]


# A: the count for builds

def test_taking_the_centre_gives_no_build_but_the_power_owns_it(game):
    # the rule: "If China is in possession of Hong Kong, it counts as a non-supply neutral territory"
    state = after(game, {"phase": "F1901M", "units": {"AUSTRIA": AUSTRIA}, "centers": {"AUSTRIA": HOMES},
                         "orders": {"AUSTRIA": ["A BUD - SER"]}})
    assert sorted(state["centers"]["AUSTRIA"]) == ["BUD", "SER", "TRI", "VIE"]
    assert state["adjustments"] == {} and state["phase"] == "S1902M"


def test_it_counts_for_any_other_power(game):
    # "It counts as a supply center for any country except China"
    state = after(game, {"phase": "F1901M", "units": {"TURKEY": ["A BUL"]}, "centers": {"TURKEY": ["CON"]},
                         "orders": {"TURKEY": ["A BUL - SER"]}})
    assert state["adjustments"] == {"TURKEY": 1} and state["phase"] == "W1901A"


def test_without_the_module_it_counts_as_any_centre(classic):
    state = after(classic, {"phase": "F1901M", "units": {"AUSTRIA": AUSTRIA}, "centers": {"AUSTRIA": HOMES},
                            "orders": {"AUSTRIA": ["A BUD - SER"]}})
    assert state["adjustments"] == {"AUSTRIA": 1}


def test_in_the_adjustments_it_gives_one_build_less(game):
    # four centres owned, Serbia among them, two units: two builds would be standard; one is due
    resp = adjudicate(game, {"phase": "W1901A", "units": {"AUSTRIA": ["A SER", "F TRI"]},
                             "centers": {"AUSTRIA": ["VIE", "BUD", "TRI", "SER"]},
                             "orders": {"AUSTRIA": ["BUILD A VIE", "BUILD A BUD"]}})
    results = {r["order"]: r["result"] for r in resp["results"]}
    assert results["BUILD A VIE"] == "succeeds" and results["BUILD A BUD"] == "fails"
    assert sorted(resp["after"]["units"]["AUSTRIA"]) == ["A SER", "A VIE", "F TRI"]


def test_and_it_does_not_save_a_unit_from_disbanding(game):
    # two centres owned (Vienna, Serbia), two units: the count is one, so one unit is removed
    resp = adjudicate(game, {"phase": "W1901A", "units": {"AUSTRIA": ["A SER", "A VIE"]},
                             "centers": {"AUSTRIA": ["VIE", "SER"]}, "orders": {"AUSTRIA": ["REMOVE A SER"]}})
    assert [r["result"] for r in resp["results"]] == ["succeeds"]
    assert resp["after"]["units"]["AUSTRIA"] == ["A VIE"]


def test_a_stated_adjustment_is_checked_against_the_same_count(game):
    request = {"phase": "W1901A", "units": {"AUSTRIA": ["A SER", "F TRI"]},
               "centers": {"AUSTRIA": ["VIE", "BUD", "TRI", "SER"]}, "orders": {}, "adjustments": {"AUSTRIA": 1}}
    assert adjudicate(game, request)["after"]["phase"] == "S1902M"     # the stated count is the rule's
    with pytest.raises(AdjudicationError, match="'adjustments' .* the units and centres give"):
        adjudicate(game, {**request, "adjustments": {"AUSTRIA": 2}})


# B: the count for victory

def _eighteen(game, power, *, with_serbia):
    centres = [c for c in game.map.supply_centers if c != "SER"][:17] + (["SER"] if with_serbia else [])
    return {"phase": "W1901A", "units": {}, "centers": {power: centres}, "orders": {}}


def test_the_centre_does_not_count_towards_victory(game):
    # webDiplomacy's victory test reads the same supplyCenterNo the class lowered
    assert after(game, _eighteen(game, "AUSTRIA", with_serbia=True))["winner"] is None
    assert after(game, _eighteen(game, "RUSSIA", with_serbia=True))["winner"] == "RUSSIA"


# checks, page

def test_checks_name_an_unknown_power_a_province_that_is_no_centre_and_an_unknown_one(classic_with):
    g = classic_with({"uncounted_centres": {"centres": {"ATLANTIS": ["SER"], "AUSTRIA": ["BOH", "NOWHERE"]}}})
    messages = [d.message for d in structural_checks(g)]
    assert any("unknown power 'ATLANTIS'" in m for m in messages)
    assert any("'BOH' is not a supply centre" in m for m in messages)
    assert any("no province 'NOWHERE'" in m for m in messages)
    assert any("lists no centre" in d.message for d in structural_checks(classic_with({"uncounted_centres": {}})))
    bad = classic_with({"uncounted_centres": {"centres": ["SER"]}})
    assert any("'centres' must map each power id" in m for _, _, m in bad.modules.problems)


def test_the_page_example_is_found_on_the_map_and_plays_as_the_rule_says(game):
    found, _, mismatches = _example.play(game, example_of(game))
    assert mismatches == [] and found["expect"]["phase"] == "S1902M"
    page = MODULE.pages(game, game.modules.params("uncounted_centres"))[0]
    assert "## Example" in page.content and "not counted for Austria" in page.content


# import: the class's form, whatever its name and ids

_ROW = ('list($owner_x)=$DB->sql_row("SELECT countryID FROM wD_TerrStatus WHERE (gameID=".$this->Game->id." '
        'AND terrID={t})"); if ($owner_x == {c}) {{ $this->ByCountryID[{c}]->supplyCenterNo--; '
        '$DB->sql_put("UPDATE wD_Members SET supplyCenterNo = ". $this->ByCountryID[{c}]->supplyCenterNo ." '
        'WHERE (gameID = ".$this->Game->id." AND countryID = {c})"); }};')


def _class(*pairs, before="parent::countUnitsSCs(); global $DB;", after=""):
    rows = " ".join(_ROW.format(t=t, c=c) for t, c in pairs)
    return "function countUnitsSCs() { " + before + " " + rows + " " + after + " }"


def test_the_form_is_read_with_any_ids_and_several_centres():
    assert _uncounted_centres("processMembers", _class((9, 2)), ["countUnitsSCs"]) == {2: [9]}
    assert _uncounted_centres("processMembers", _class((40, 3), (41, 3), (7, 1)), ["countUnitsSCs"]) == \
        {3: [40, 41], 1: [7]}


def test_other_code_is_not_the_form():
    assert _uncounted_centres("processMembers", _class((9, 2), before="global $DB;"), ["countUnitsSCs"]) is None
    assert _uncounted_centres("processMembers", _class((9, 2), after="$x = 1;"), ["countUnitsSCs"]) is None
    assert _uncounted_centres("processMembers", _class((9, 2)).replace("ByCountryID[2]", "ByCountryID[3]", 1),
                              ["countUnitsSCs"]) is None
    assert _uncounted_centres("processGame", _class((9, 2)), ["countUnitsSCs"]) is None


def test_the_form_becomes_the_module():
    assert recognised({"UncountedCentres": {"by_power": {"CHINA": ["HONG_KONG"]}}}) == \
        {"uncounted_centres": {"centres": {"CHINA": ["HONG_KONG"]}}}


def _variant_with_own_class(tmp_path, body_of_class):
    root = tmp_path / "variants"
    shutil.copytree(COLONIAL, root / "Colonial")
    path = root / "Colonial" / "classes" / "processMembers.php"
    path.write_text("<?php\nclass ColonialVariant_processMembers extends processMembers {\n" + body_of_class
                    + "\n}\n?>\n", encoding="utf-8")
    return import_variant(root / "Colonial")


def test_the_variants_own_class_of_that_code_is_read_too(tmp_path):
    # an older Colonial writes the rule in ColonialVariant_processMembers itself
    result = _variant_with_own_class(tmp_path, _class((9, 2)))
    assert result.game["rules"]["uncounted_centres"] == {"centres": {"CHINA": ["HONG_KONG"]}}


def test_ids_that_are_no_country_or_no_centre_leave_the_rule_not_modelled(tmp_path):
    result = _variant_with_own_class(tmp_path, _class((9, 12)))
    assert "uncounted_centres" not in result.game["rules"] and result.game["status"] == "partial"
    assert "countryID 12" in result.game["status_note"]
    [warned] = [d for d in result.diagnostics if d.code == "IMP013"]
    assert (warned.file, warned.line) == ("Colonial/classes/processMembers.php", 2)


# Colonial itself

@pytest.fixture(scope="module")
def colonial():
    result = import_variant(COLONIAL)
    return result, game_from_data("colonial", result.game, result.data)


def test_colonial_imports_complete_with_hong_kong_not_counted_for_china(colonial):
    result, _ = colonial
    assert result.game["rules"]["uncounted_centres"] == {"centres": {"CHINA": ["HONG_KONG"]}}
    assert result.game["status"] == "complete"
    assert not [d for d in result.diagnostics if d.code == "IMP013"]


def test_in_colonial_china_taking_hong_kong_builds_nothing_and_britain_retaking_it_does(colonial):
    _, g = colonial
    china = {"phase": "F1870M", "units": {"CHINA": ["A CANTON"]}, "centers": {"CHINA": ["CANTON"]},
             "orders": {"CHINA": ["A CANTON - HONG_KONG"]}}
    state = after(g, china)
    assert sorted(state["centers"]["CHINA"]) == ["CANTON", "HONG_KONG"] and state["adjustments"] == {}
    britain = {"phase": "F1870M", "units": {"BRITAIN": ["F SOUTH_CHINA_SEA"]},
               "centers": {"CHINA": ["HONG_KONG"], "BRITAIN": ["MADRAS"]},
               "orders": {"BRITAIN": ["F SOUTH_CHINA_SEA - HONG_KONG"]}}
    assert after(g, britain)["adjustments"] == {"BRITAIN": 1}
