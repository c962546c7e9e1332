"""homeland: a centre whose owner follows its power's standing, whoever stands there.

Written from The Dutch Revolt's rules page (tests/data/webdip/DutchRevolt/rules.html): "This
special 'homeland' SC can not be entered by any unit and is always under Spanish control. It
is used to build fleets. If this is the only SC left for Spain the country is defeated." and
from its class (classes/processGame.php, DutchRevoltVariant_processGame::updateOwners): after
webDiplomacy's own change of ownership, `SELECT count(*)` of the supply centres country 3 owns
besides terrID 9; none: `UPDATE wD_TerrStatus SET countryID = 0 ... terrID = 9`, else `SET
countryID = 3`. And classes/userOrderBuilds.php: `elseif ($this->type == 'Destroy' &&
$this->toTerrID == 9) return true;` (webDiplomacy checks a Destroy against the territory's
owner). The tests on the standard map make Vienna Austria's homeland; the last ones play the
imported Dutch Revolt."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import _example, recognised
from generator.families.diplomacy.rules.homeland import MODULE, example_of
from generator.importers.webdip_homeland import homeland, unexplained_removals
from generator.importers.webdiplomacy import import_variant

DUTCH = Path(__file__).resolve().parents[3] / "data" / "webdip" / "DutchRevolt"
VIENNA = {"homeland": {"centres": {"AUSTRIA": ["VIE"]}}}


@pytest.fixture
def game(classic_with):
    return classic_with(VIENNA)


def after(game, request):
    return adjudicate(game, request)["after"]


# A: the owner after a fall turn

def test_losing_the_last_other_centre_loses_the_homeland(game):
    # "If this is the only SC left for Spain the country is defeated": Russia takes Budapest,
    # Austria's last centre besides Vienna; Vienna goes to no one, though Austria's army stands there
    state = after(game, {"phase": "F1901M", "units": {"AUSTRIA": ["A VIE"], "RUSSIA": ["A GAL"]},
                         "centers": {"AUSTRIA": ["VIE", "BUD"], "RUSSIA": ["MOS"]},
                         "orders": {"RUSSIA": ["A GAL - BUD"]}})
    assert "AUSTRIA" not in state["centers"] and sorted(state["centers"]["RUSSIA"]) == ["BUD", "MOS"]
    assert state["phase"] == "W1901A" and state["adjustments"]["AUSTRIA"] == -1


def test_without_the_module_the_occupied_centre_stays_its_owners(classic):
    state = after(classic, {"phase": "F1901M", "units": {"AUSTRIA": ["A VIE"], "RUSSIA": ["A GAL"]},
                            "centers": {"AUSTRIA": ["VIE", "BUD"], "RUSSIA": ["MOS"]},
                            "orders": {"RUSSIA": ["A GAL - BUD"]}})
    assert state["centers"]["AUSTRIA"] == ["VIE"] and "AUSTRIA" not in state["adjustments"]


def test_gaining_another_centre_gives_the_homeland_back(game):
    # updateOwners' else branch: "SET countryID = 3" as soon as the count is not 0
    state = after(game, {"phase": "F1901M", "units": {"AUSTRIA": ["A BUD"]}, "centers": {},
                         "orders": {"AUSTRIA": ["A BUD - SER"]}})
    assert sorted(state["centers"]["AUSTRIA"]) == ["SER", "VIE"] and state["adjustments"] == {"AUSTRIA": 1}


def test_whoever_stands_there_the_homeland_is_its_powers(game):
    # "always under Spanish control": the updateOwners sets it to the power whoever stands there
    state = after(game, {"phase": "F1901M", "units": {"ITALY": ["A TYR"], "AUSTRIA": ["A BUD"]},
                         "centers": {"AUSTRIA": ["VIE", "BUD"], "ITALY": ["ROM"]},
                         "orders": {"ITALY": ["A TYR - VIE"], "AUSTRIA": ["A BUD H"]}})
    assert sorted(state["centers"]["AUSTRIA"]) == ["BUD", "VIE"] and state["centers"]["ITALY"] == ["ROM"]


def test_a_spring_turn_changes_no_owner(game):
    state = after(game, {"phase": "S1901M", "units": {"RUSSIA": ["A GAL"]},
                         "centers": {"AUSTRIA": ["VIE", "BUD"]}, "orders": {"RUSSIA": ["A GAL - BUD"]}})
    assert sorted(state["centers"]["AUSTRIA"]) == ["BUD", "VIE"]


# B: the adjustments

def test_the_power_removes_its_unit_in_the_homeland_it_no_longer_owns(game):
    # userOrderBuilds: "elseif ($this->type == 'Destroy' && $this->toTerrID == 9) return true;" -
    # the unit in the homeland may be removed though no one owns the territory
    resp = adjudicate(game, {"phase": "W1901A", "units": {"AUSTRIA": ["A VIE"]}, "centers": {"RUSSIA": ["BUD"]},
                             "orders": {"AUSTRIA": ["REMOVE A VIE"]}})
    assert [(r["order"], r["result"]) for r in resp["results"]] == [("REMOVE A VIE", "succeeds")]
    assert "AUSTRIA" not in resp["after"]["units"]


def test_it_builds_in_its_homeland_while_it_owns_it(game):
    resp = adjudicate(game, {"phase": "W1901A", "units": {}, "centers": {"AUSTRIA": ["VIE", "BUD"]},
                             "orders": {"AUSTRIA": ["BUILD A VIE"]}})
    assert resp["results"][0]["result"] == "succeeds"


# checks, page

def test_checks_name_an_unknown_power_a_province_that_is_no_centre_and_an_unknown_one(classic_with):
    g = classic_with({"homeland": {"centres": {"ATLANTIS": ["VIE"], "AUSTRIA": ["BOH", "NOWHERE"]}}})
    messages = [d.message for d in structural_checks(g)]
    assert any("unknown power 'ATLANTIS'" in m for m in messages)
    assert any("'BOH' is not a supply centre" in m for m in messages)
    assert any("no province 'NOWHERE'" in m for m in messages)
    assert any("lists no centre" in d.message for d in structural_checks(classic_with({"homeland": {}})))
    bad = classic_with({"homeland": {"centres": ["VIE"]}})
    assert any("'centres' must map each power id" in m for _, _, m in bad.modules.problems)


def test_the_page_example_is_found_on_the_map_and_plays_as_the_rule_says(game):
    found = example_of(game)
    _, result, mismatches = _example.play(game, {k: v for k, v in found.items()
                                                 if k not in ("power", "enemy", "lost")})
    assert mismatches == [] and "AUSTRIA" not in result.after.centers
    page = MODULE.pages(game, game.modules.params("homeland"))[0]
    assert "## Example" in page.content and "the homeland of Austria" in page.content
    assert "Austria owns nothing after the fall" in page.content


# import: the class's form, whatever its name and ids

_BLOCK = ("list(${v}) = $DB->sql_row('SELECT count(*) FROM wD_TerrStatus ts INNER JOIN wD_Territories t "
          "ON ( t.id = ts.terrID AND t.supply=\"Yes\" ) WHERE ts.gameID = '.$this->id.' AND ts.countryID = {c} "
          "AND t.mapID=32 AND ts.terrID != {t}'); "
          "if (${v} {test}) $DB->sql_put('UPDATE wD_TerrStatus SET countryID = {a} WHERE gameID = '.$this->id.' "
          "AND terrID = {t}'); else $DB->sql_put('UPDATE wD_TerrStatus SET countryID = {b} WHERE gameID = '"
          ".$this->id.' AND terrID = {t}');")


def _block(c, t, v="n", test="== 0", swapped=False):
    a, b = (c, 0) if swapped else (0, c)
    return _BLOCK.format(v=v, c=c, t=t, test=test, a=a, b=b)


def test_the_form_is_read_with_any_ids_tests_and_several_homelands():
    assert homeland("parent::updateOwners(); global $DB; // who holds Spain\n" + _block(3, 9)) == {3: [9]}
    assert homeland("global $DB; parent::updateOwners(); " + _block(5, 40, v="x2", test="> 0", swapped=True)
                    + " " + _block(1, 7, test="< 1")) == {5: [40], 1: [7]}


def test_other_code_is_not_the_form():
    assert homeland(_block(3, 9)) is None                                       # no parent::updateOwners()
    assert homeland("parent::updateOwners(); " + _block(3, 9, swapped=True)) is None     # branches the wrong way
    assert homeland("parent::updateOwners(); " + _block(3, 9).replace("terrID = 9');", "terrID = 8');", 1)) is None
    assert homeland("parent::updateOwners(); " + _block(3, 9) + " $x = 1;") is None
    assert homeland("parent::updateOwners(); " + _block(3, 9).replace("t.supply=\"Yes\"", "t.supply=\"No\"")) is None


def test_the_form_becomes_the_module():
    assert recognised({"Homeland": {"by_power": {"SPAIN": ["SPAIN"]}}}) == {"homeland": {"centres": {"SPAIN": ["SPAIN"]}}}


def test_a_destroy_accepted_anywhere_but_in_a_homeland_stays_not_modelled():
    entry = ("X/classes/userOrderBuilds.php", 5, "a Destroy in terr#4")
    found = {"by_power": {"SPAIN": ["SPAIN"]}}
    rows = {9: "SPAIN", 4: "CALAIS"}
    assert unexplained_removals([(9, entry)], found, rows) == []
    assert unexplained_removals([(4, entry)], found, rows) == [entry]
    assert unexplained_removals([(9, entry)], None, rows) == [entry]


# The Dutch Revolt itself

@pytest.fixture(scope="module")
def dutch():
    result = import_variant(DUTCH)
    return result, game_from_data("dutch-revolt", result.game, result.data)


def test_dutch_revolt_imports_spain_as_its_homeland(dutch):
    result, _ = dutch
    assert result.game["rules"]["homeland"] == {"centres": {"SPAIN": ["SPAIN"]}}
    assert not [d for d in result.diagnostics if d.code == "IMP013" and "updateOwners" in d.message]
    assert not [d for d in result.diagnostics if d.code == "IMP013" and "Destroy" in d.message]


def test_in_dutch_revolt_spain_left_with_its_homeland_is_defeated(dutch):
    # "If this is the only SC left for Spain the country is defeated": France and Holland take
    # Luxembourg and Trier; Spain owns nothing, and its fleet in Spain is to be removed
    _, g = dutch
    state = after(g, {"phase": "F1555M", "units": {"SPAIN": ["F SPAIN"], "FRANCE": ["A EAST_ARDENNES"],
                                                    "MUNSTER": ["A EIFEL"]},
                      "centers": {"SPAIN": ["SPAIN", "LUXEMBOURG", "TRIER"]},
                      "orders": {"FRANCE": ["A EAST_ARDENNES - LUXEMBOURG"], "MUNSTER": ["A EIFEL - TRIER"]}})
    assert "SPAIN" not in state["centers"] and state["adjustments"]["SPAIN"] == -1
