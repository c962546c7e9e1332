"""detours: moves the long way round are at half strength, cut no support, and carry no support.

Written from Baron1900's Suez Canal rules (tests/data/webdip/Baron1900/variant.php, the
"Suez_Canal_Rule" comment, and rules.html "The Suez Canal Rules"), numbered as there:
(2) "Movement between Egypt or Hejaz and the Mid-Atlantic Ocean is allowed ... A unit that
moves in this manner does so at half strength. This means that a unit adjacent Egypt or Hejaz
succeeds in moving there if opposed only by a fleet moving from the Mid-Atlantic Ocean and a
fleet adjacent to the Mid-Atlantic Ocean succeeds in moving there if opposed only by a fleet
moving from Egypt or Hejaz." (3) "A fleet in Egypt or Hejaz cannot support a unit holding in or
moving to the Mid-Atlantic Ocean ... Likewise, a fleet in the Mid-Atlantic Ocean cannot support a
unit holding in or moving to Egypt or Hejaz." (4) "A fleet moving from Egypt or Hejaz to the
Mid-Atlantic Ocean does not cut support being provided by a fleet already in the Mid-Atlantic
Ocean unless the attack results in F Mid-Atlantic Ocean being dislodged." The classes:
adjMove/adjHeadToHeadMove take 0.5 off the support count of those moves; adjSupportHold/Move
skip them as attackers unless they succeed; userOrderDiplomacy refuses the supports."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules.detours import example_checks
from generator.importers.webdip_classes import detour_reading
from generator.importers.webdiplomacy import import_variant

BARON = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Baron1900"


@pytest.fixture(scope="module")
def baron():
    result = import_variant(BARON)
    return result, game_from_data("baron1900", result.game, result.data)


def play(game, units, orders):
    resp = adjudicate(game, {"phase": "S1901M", "units": units, "orders": orders})
    return {r["order"]: (r["result"], r["legal"]) for r in resp["results"]}, resp["after"]


def test_the_import_reads_the_way_round_africa(baron):
    result, _ = baron
    assert result.game["rules"]["detours"] == {"detours": [{"between": [["MID"], ["HEJ", "EGY"]]}], "loss": 0.5}


# (2) half strength

def test_a_fleet_from_next_door_beats_one_coming_round_africa(baron):
    # "a unit adjacent Egypt or Hejaz succeeds in moving there if opposed only by a fleet moving
    # from the Mid-Atlantic Ocean"
    _, g = baron
    got, _ = play(g, {"BRITAIN": ["F MID"], "TURKEY": ["F EAS"]},
                  {"BRITAIN": ["F MID - EGY"], "TURKEY": ["F EAS - EGY"]})
    assert got["F MID - EGY"][0] == "fails" and got["F EAS - EGY"][0] == "succeeds"


def test_and_the_other_way_round(baron):
    # "a fleet adjacent to the Mid-Atlantic Ocean succeeds in moving there if opposed only by a
    # fleet moving from Egypt or Hejaz"
    _, g = baron
    got, _ = play(g, {"TURKEY": ["F HEJ"], "FRANCE": ["F BRE"]},
                  {"TURKEY": ["F HEJ - MID"], "FRANCE": ["F BRE - MID"]})
    assert got["F HEJ - MID"][0] == "fails" and got["F BRE - MID"][0] == "succeeds"


def test_alone_it_still_arrives(baron):
    # movement around the Cape "is allowed": unopposed, half strength is enough
    _, g = baron
    got, after = play(g, {"BRITAIN": ["F MID"]}, {"BRITAIN": ["F MID - HEJ"]})
    assert got["F MID - HEJ"][0] == "succeeds" and "F HEJ" in after["units"]["BRITAIN"]


def test_half_strength_with_one_support_dislodges_a_lone_holder(baron):
    # half strength: 1 + 1 support - 1/2 = 1.5 beats a hold of 1 (it is not one force less)
    _, g = baron
    got, _ = play(g, {"BRITAIN": ["F MID", "F EAS"], "TURKEY": ["F EGY"]},
                  {"BRITAIN": ["F MID - EGY", "F EAS S F MID - EGY"], "TURKEY": ["F EGY H"]})
    assert got["F MID - EGY"][0] == "succeeds"


def test_it_bounces_off_an_unsupported_holder(baron):
    _, g = baron
    got, _ = play(g, {"BRITAIN": ["F MID"], "TURKEY": ["F EGY"]},
                  {"BRITAIN": ["F MID - EGY"], "TURKEY": ["F EGY H"]})
    assert got["F MID - EGY"][0] == "fails"


# (3) no support around Africa

@pytest.mark.parametrize("units, order", [
    ({"TURKEY": ["F EGY", "F HEJ"]}, "F EGY S F HEJ - MID"),       # a move to the Mid-Atlantic
    ({"BRITAIN": ["F MID", "F BRE"]}, "F MID S F EAS - EGY"),      # a move to Egypt
    ({"BRITAIN": ["F MID", "F EGY"]}, "F MID S F EGY"),            # a unit holding in Egypt
    ({"TURKEY": ["F HEJ", "F MID"]}, "F HEJ S F MID"),             # a unit holding in the Mid-Atlantic
])
def test_no_support_goes_round_africa(baron, units, order):
    _, g = baron
    power = next(iter(units))
    got, _ = play(g, units, {power: [order]})
    assert got[order][1] is False


def test_support_next_door_stays_legal(baron):
    _, g = baron
    got, _ = play(g, {"TURKEY": ["F EGY", "F EAS"]}, {"TURKEY": ["F EGY S F EAS"]})
    assert got["F EGY S F EAS"] == ("succeeds", True)


# (4) no support cut unless dislodged

def test_an_attack_round_africa_cuts_no_support(baron):
    # "does not cut support being provided by a fleet already in the Mid-Atlantic Ocean"
    _, g = baron
    got, _ = play(g, {"FRANCE": ["F MID", "F BRE"], "BRITAIN": ["F ENG", "F PIC"], "TURKEY": ["F EGY"]},
                  {"FRANCE": ["F MID S F BRE", "F BRE H"], "BRITAIN": ["F ENG - BRE", "F PIC S F ENG - BRE"],
                   "TURKEY": ["F EGY - MID"]})
    assert got["F MID S F BRE"][0] == "succeeds" and got["F ENG - BRE"][0] == "fails"


def test_unless_the_attack_dislodges_the_supporter(baron):
    # "... unless the attack results in F Mid-Atlantic Ocean being dislodged"
    _, g = baron
    got, after = play(g, {"FRANCE": ["F MID", "F BRE"], "BRITAIN": ["F ENG", "F PIC"],
                          "TURKEY": ["F EGY", "F POR"]},
                      {"FRANCE": ["F MID S F BRE", "F BRE H"], "BRITAIN": ["F ENG - BRE", "F PIC S F ENG - BRE"],
                       "TURKEY": ["F EGY - MID", "F POR S F EGY - MID"]})
    assert got["F EGY - MID"][0] == "succeeds" and got["F ENG - BRE"][0] == "succeeds"


# the module's data, page and form

def test_the_page_examples_play_as_the_rule_says(baron):
    _, g = baron
    assert example_checks(g, g.modules.params("detours")) == []


def test_bad_data_is_reported(classic_with):
    g = classic_with({"detours": {"detours": [{"between": [["MAO"], ["NOWHERE", "MAO"]]}]}})
    messages = [d.message for d in structural_checks(g)]
    assert any("no province 'NOWHERE'" in m for m in messages)
    assert any("MAO is at both ends" in m for m in messages)
    g = classic_with({"detours": {"detours": [["MAO", "NAF"]], "loss": 2}})
    assert {k for _, k, _ in g.modules.problems} == {"detours", "loss"}


ORDER = """class Sahara_userOrderDiplomacy extends userOrderDiplomacy {
  protected function roundAbout() {
    $far = array(OtherVariant::$tunisID, 7);
    return ($this->Unit->terrID == OtherVariant::$westID && in_array($this->toTerrID, $far))
        || (in_array($this->Unit->terrID, $far) && $this->toTerrID == OtherVariant::$westID);
  }
  protected function supportHoldToTerrCheck() { $r = parent::supportHoldToTerrCheck();
    if ($this->roundAbout()) return false; else return $r; }
  protected function supportMoveToTerrCheck() { $r = parent::supportMoveToTerrCheck();
    if ($this->roundAbout()) return false; else return $r; }
}"""
MOVE = 'class X_adjMove extends adjMove { function supportStrength($c=false) { $s = parent::supportStrength($c); ' \
       'if (in_array($this->id, $Game->Variant->far)) { $s["min"] -= 1; $s["max"] -= 1; } return $s; } }'


def test_the_form_is_read_whatever_the_names_and_ids():
    # another variant's class, properties and territories: the same rule
    found = detour_reading(ORDER, MOVE, {"tunisID": 12, "westID": 3})
    assert found == {"terr_id_sides": [[3], [12, 7]], "loss": 1.0}
    assert recognised({"Detour": {"sides": [["WES"], ["TUN", "ION"]], "loss": 1.0}}) == {
        "detours": {"detours": [{"between": [["WES"], ["TUN", "ION"]]}], "loss": 1.0}}


def test_a_support_check_that_refuses_one_way_only_is_not_the_form():
    one_way = ORDER.replace("|| (in_array($this->Unit->terrID, $far) && $this->toTerrID == OtherVariant::$westID)", "")
    assert detour_reading(one_way, MOVE, {"tunisID": 12, "westID": 3}) is None
    assert detour_reading(ORDER, "class X_adjMove extends adjMove {}", {"tunisID": 12, "westID": 3}) is None
    assert detour_reading(ORDER, MOVE, {"westID": 3}) is None     # a property variant.php does not set



def test_a_support_class_doing_more_is_not_the_form():
    # other code of its own in the class: the class stays not modelled, said by the importer
    more = ORDER.replace("  protected function supportHoldToTerrCheck()",
                         "  protected function moveToTerrCheck() { return false; }\n"
                         "  protected function supportHoldToTerrCheck()")
    assert detour_reading(more, MOVE, {"tunisID": 12, "westID": 3}) is None
