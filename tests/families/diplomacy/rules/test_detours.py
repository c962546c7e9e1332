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
skip them as attackers unless they succeed; userOrderDiplomacy refuses the supports.
(5) "F Mid-Atlantic Ocean can convoy an army from or to Egypt or Hejaz. An army convoyed from Egypt
or Hejaz attacks its destination space at full strength. An army convoyed to Egypt or Hejaz attacks
at half strength." (adjConvoyMove: unless every fleet of $mediterraneanTerritories convoys it too.)
(6) "If two units are retreating to Egypt or Hejaz, or the Mid-Atlantic Ocean, and one of them must
travel around the southern tip of Africa, the unit that does not travel around southern Africa may
retreat while the other unit is disbanded." (adjudicatorRetreats)"""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules.detours import example_checks
from generator.importers.webdip_classes import convoy_reading, detour_reading
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
    # the short way is variant.php's $mediterraneanTerritories (Gibraltar, West Med, Tyrrhenian,
    # Ionian, East Med), which adjConvoyMove counts
    assert result.game["rules"]["detours"] == {
        "detours": [{"between": [["MID"], ["HEJ", "EGY"]], "short_way": ["GIB", "WES", "TYS", "ION", "EAS"]}],
        "loss": 0.5, "convoys": True, "retreats": True}


def test_the_way_round_imports_complete_but_for_its_paradox_rule(baron):
    # adjConvoyMove (5) and adjudicatorRetreats (6) are played: no IMP013 names them
    result, _ = baron
    unplayed = [d.file for d in result.diagnostics if d.code == "IMP013"]
    assert not any(f.endswith(("adjConvoyMove.php", "adjudicatorRetreats.php", "adjudicatorDiplomacy.php"))
                   for f in unplayed)


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


# (5) armies convoyed round Africa: "An army convoyed from Egypt or Hejaz attacks its destination
# space at full strength. An army convoyed to Egypt or Hejaz attacks at half strength." The class
# (adjConvoyMove) spares an army convoyed to Egypt when every fleet of $mediterraneanTerritories
# convoys it too and none is dislodged: its convoy can go through the Mediterranean.

MED = ["F GIB", "F WES", "F TYS", "F ION", "F EAS"]


def test_an_army_convoyed_round_africa_loses_to_a_move_from_next_door(baron):
    _, g = baron
    got, after = play(g, {"BRITAIN": ["A BRE", "F MID"], "TURKEY": ["F PAL"]},
                      {"BRITAIN": ["A BRE - EGY", "F MID C A BRE - EGY"], "TURKEY": ["F PAL - EGY"]})
    assert got["A BRE - EGY"][0] == "fails" and got["F PAL - EGY"][0] == "succeeds"
    assert "F EGY" in after["units"]["TURKEY"]


def test_alone_the_convoyed_army_still_lands(baron):
    _, g = baron
    got, after = play(g, {"BRITAIN": ["A BRE", "F MID"]}, {"BRITAIN": ["A BRE - HEJ", "F MID C A BRE - HEJ"]})
    assert got["A BRE - HEJ"][0] == "succeeds" and "A HEJ" in after["units"]["BRITAIN"]


def test_with_one_support_it_dislodges_a_lone_holder(baron):
    # half strength: 1 + 1 - 1/2 beats a hold of 1
    _, g = baron
    got, _ = play(g, {"BRITAIN": ["A BRE", "F MID", "F PAL"], "TURKEY": ["F EGY"]},
                  {"BRITAIN": ["A BRE - EGY", "F MID C A BRE - EGY", "F PAL S A BRE - EGY"], "TURKEY": ["F EGY H"]})
    assert got["A BRE - EGY"][0] == "succeeds"


def test_the_whole_mediterranean_chain_gives_full_strength(baron):
    # the fleets of the short way may convoy though F MID alone reaches Egypt, and with them the
    # army comes through the Mediterranean: full strength, a standoff with the move from next door
    _, g = baron
    got, _ = play(g, {"BRITAIN": ["A BRE", "F MID"] + MED, "TURKEY": ["F PAL"]},
                  {"BRITAIN": ["A BRE - EGY", "F MID C A BRE - EGY"] + [f"{f} C A BRE - EGY" for f in MED],
                   "TURKEY": ["F PAL - EGY"]})
    assert all(got[f"{f} C A BRE - EGY"] == ("succeeds", True) for f in MED)
    assert got["A BRE - EGY"][0] == "fails" and got["F PAL - EGY"][0] == "fails"


def test_a_chain_with_a_gap_is_the_way_round(baron):
    # without F ION the chain through the Mediterranean is not whole: half strength again
    _, g = baron
    med = [f for f in MED if f != "F ION"]
    got, _ = play(g, {"BRITAIN": ["A BRE", "F MID"] + med, "TURKEY": ["F PAL"]},
                  {"BRITAIN": ["A BRE - EGY", "F MID C A BRE - EGY"] + [f"{f} C A BRE - EGY" for f in med],
                   "TURKEY": ["F PAL - EGY"]})
    assert got["F PAL - EGY"][0] == "succeeds" and got["A BRE - EGY"][0] == "fails"


def test_a_dislodged_fleet_of_the_chain_sends_the_army_round(baron):
    # pathThroughMed: "Check if a Path through Med is available by checking no relevant unit is dislodged"
    _, g = baron
    got, _ = play(g, {"BRITAIN": ["A BRE", "F MID"] + MED, "TURKEY": ["F PAL"], "ITALY": ["F NAP", "F ROM"]},
                  {"BRITAIN": ["A BRE - EGY", "F MID C A BRE - EGY"] + [f"{f} C A BRE - EGY" for f in MED],
                   "TURKEY": ["F PAL - EGY"], "ITALY": ["F NAP - TYS", "F ROM S F NAP - TYS"]})
    assert got["F NAP - TYS"][0] == "succeeds"
    assert got["F MID C A BRE - EGY"][0] == "succeeds"        # the way round still carries it...
    assert got["F PAL - EGY"][0] == "succeeds" and got["A BRE - EGY"][0] == "fails"    # ...at half strength


def test_an_army_convoyed_from_egypt_is_at_full_strength(baron):
    # "An army convoyed from Egypt or Hejaz attacks its destination space at full strength":
    # a standoff with the army from next door (at half strength it would lose)
    _, g = baron
    got, _ = play(g, {"BRITAIN": ["A EGY", "F MID"], "FRANCE": ["A GAS"]},
                  {"BRITAIN": ["A EGY - BRE", "F MID C A EGY - BRE"], "FRANCE": ["A GAS - BRE"]})
    assert got["A EGY - BRE"][0] == "fails" and got["A GAS - BRE"][0] == "fails"


def test_an_army_convoyed_round_still_cuts_support(baron):
    # the no-cut rule (4) is for moves from the Mid-Atlantic, "not to convoys via MAO"
    # (adjParadoxException's note): A BRE - EGY fails, but cuts F EGY's support of F EAS
    _, g = baron
    got, _ = play(g, {"BRITAIN": ["A BRE", "F MID"], "TURKEY": ["F EGY", "F EAS"], "ITALY": ["F ION", "F AEG"]},
                  {"BRITAIN": ["A BRE - EGY", "F MID C A BRE - EGY"], "TURKEY": ["F EGY S F EAS", "F EAS H"],
                   "ITALY": ["F ION - EAS", "F AEG S F ION - EAS"]})
    assert got["A BRE - EGY"][0] == "fails" and got["F EGY S F EAS"][0] == "fails"
    assert got["F ION - EAS"][0] == "succeeds"


def test_without_the_convoy_rule_a_convoy_round_is_standard(classic_with):
    # convoys: false (a variant whose classes leave convoys alone): full strength
    g = classic_with({"detours": {"detours": [{"between": [["MAO"], ["NAF"]]}], "convoys": False}})
    resp = adjudicate(g, {"phase": "S1901M", "units": {"FRANCE": ["A BRE", "F MAO"], "ITALY": ["A TUN"]},
                          "orders": {"FRANCE": ["A BRE - NAF", "F MAO C A BRE - NAF"], "ITALY": ["A TUN - NAF"]}})
    got = {r["order"]: r["result"] for r in resp["results"]}
    assert got["A BRE - NAF"] == "fails" and got["A TUN - NAF"] == "fails"
    g = classic_with({"detours": {"detours": [{"between": [["MAO"], ["NAF"]]}]}})
    resp = adjudicate(g, {"phase": "S1901M", "units": {"FRANCE": ["A BRE", "F MAO"], "ITALY": ["A TUN"]},
                          "orders": {"FRANCE": ["A BRE - NAF", "F MAO C A BRE - NAF"], "ITALY": ["A TUN - NAF"]}})
    got = {r["order"]: r["result"] for r in resp["results"]}
    assert got["A BRE - NAF"] == "fails" and got["A TUN - NAF"] == "succeeds"


# (6) "If two units are retreating to Egypt or Hejaz, or the Mid-Atlantic Ocean, and one of them
# must travel around the southern tip of Africa, the unit that does not travel around southern
# Africa may retreat while the other unit is disbanded." (adjudicatorRetreats)

def retreat(game, units, dislodged, orders):
    resp = adjudicate(game, {"phase": "S1901R", "units": units, "contested": [], "orders": orders,
                             "dislodged": {pw: [{"unit": u, "attacker_from": a, "via_convoy": False} for u, a in us]
                                           for pw, us in dislodged.items()}})
    return {r["order"]: (r["result"], r["reason"]) for r in resp["results"]}, resp["after"]


def test_the_retreat_round_africa_gives_way(baron):
    _, g = baron
    got, after = retreat(g, {"TURKEY": ["F EGY"], "GERMANY": ["A GAS"]},
                         {"BRITAIN": [("F EGY", "CYR")], "FRANCE": [("F GAS", "BUR")]},
                         {"BRITAIN": ["F EGY R MID"], "FRANCE": ["F GAS R MID"]})
    assert got["F GAS R MID"][0] == "succeeds" and got["F EGY R MID"][0] == "fails"
    assert "gives way" in got["F EGY R MID"][1] and "F MID" in after["units"]["FRANCE"]


def test_and_the_other_way_round_too(baron):
    _, g = baron
    got, _ = retreat(g, {"FRANCE": ["F MID"], "ITALY": ["A HEJ"]},
                     {"BRITAIN": [("F MID", "NAT")], "TURKEY": [("F HEJ", "ARA")]},
                     {"BRITAIN": ["F MID R EGY"], "TURKEY": ["F HEJ R EGY"]})
    assert got["F HEJ R EGY"][0] == "succeeds" and got["F MID R EGY"][0] == "fails"


def test_alone_a_retreat_round_africa_succeeds(baron):
    _, g = baron
    got, _ = retreat(g, {"TURKEY": ["F EGY"]}, {"BRITAIN": [("F EGY", "CYR")]}, {"BRITAIN": ["F EGY R MID"]})
    assert got["F EGY R MID"][0] == "succeeds"


def test_two_retreats_round_africa_both_fail(baron):
    # the class fails every retreat round Africa into a province more than one retreat goes to
    _, g = baron
    got, _ = retreat(g, {"TURKEY": ["F EGY", "F HEJ"]}, {"BRITAIN": [("F EGY", "CYR"), ("F HEJ", "EGY")]},
                     {"BRITAIN": ["F EGY R MID", "F HEJ R MID"]})
    assert got["F EGY R MID"][0] == "fails" and got["F HEJ R MID"][0] == "fails"


def test_two_other_retreats_and_one_round_all_fail(baron):
    # two retreats that do not go round stand each other off, as in the standard rules
    _, g = baron
    got, _ = retreat(g, {"TURKEY": ["F EGY"], "GERMANY": ["A GAS", "F ENG"]},
                     {"BRITAIN": [("F EGY", "CYR")], "FRANCE": [("F GAS", "BUR"), ("F ENG", "NTH")]},
                     {"BRITAIN": ["F EGY R MID"], "FRANCE": ["F GAS R MID", "F ENG R MID"]})
    assert {v[0] for v in got.values()} == {"fails"}


# adjParadoxException: "Egypt being attacked by MAO with support from Hejaz and by Gre via EAM with
# support from Cyr. Egypt supports Dam -> EAM". webDiplomacy's adjudicator finds a paradox there;
# the class settles it with every unit holding (F MAO fails and cuts Egypt's support). Not
# played: the resolver finds one consistent outcome (A Gre dislodges F Egy, whose support is then
# cut, so the convoy stands), and the importer names the class's rule precisely.

def test_the_egypt_paradox_rule_is_named_not_played(baron):
    result, g = baron
    said = [d.message for d in result.diagnostics if d.code == "IMP013" and d.file.endswith("adjParadoxException.php")]
    assert len(said) == 1 and "paradox rule is not modelled (movement phase)" in said[0]
    assert "from Mid-Atlantic Ocean the long way round" in said[0]
    got, _ = play(g, {"FRANCE": ["F MID", "F HEJ"], "ITALY": ["A GRE", "F AEG", "F EAS", "F CYR"],
                      "TURKEY": ["F EGY", "F DAM"]},
                  {"FRANCE": ["F MID - EGY", "F HEJ S F MID - EGY"],
                   "ITALY": ["A GRE - EGY", "F AEG C A GRE - EGY", "F EAS C A GRE - EGY", "F CYR S A GRE - EGY"],
                   "TURKEY": ["F EGY S F DAM - EAS", "F DAM - EAS"]})
    assert got["A GRE - EGY"][0] == "succeeds" and got["F MID - EGY"][0] == "fails"
    assert got["F EGY S F DAM - EAS"][0] == "fails"


# the module's data, page and form

def test_the_page_examples_play_as_the_rule_says(baron):
    _, g = baron
    assert example_checks(g, g.modules.params("detours")) == []


def test_a_convoy_no_route_needs_stays_illegal(classic_with):
    # the short way's fleets may convoy only where a route through them lands the army: an inland
    # army, or a fleet off every route, is refused as in the standard rules
    g = classic_with({"detours": {"detours": [{"between": [["MAO"], ["NAF"]], "short_way": ["WES"]}]}})
    resp = adjudicate(g, {"phase": "S1901M", "units": {"GERMANY": ["A MUN"], "FRANCE": ["F WES", "F NTH", "A BRE"]},
                          "orders": {"GERMANY": ["A MUN H"],
                                     "FRANCE": ["F WES C A MUN - NAF", "F NTH C A BRE - NAF", "A BRE H"]}})
    legal = {r["order"]: r["legal"] for r in resp["results"]}
    assert legal["F WES C A MUN - NAF"] is False and legal["F NTH C A BRE - NAF"] is False


def test_bad_data_is_reported(classic_with):
    g = classic_with({"detours": {"detours": [{"between": [["MAO"], ["NOWHERE", "MAO"]]}]}})
    messages = [d.message for d in structural_checks(g)]
    assert any("no province 'NOWHERE'" in m for m in messages)
    assert any("MAO is at both ends" in m for m in messages)
    g = classic_with({"detours": {"detours": [{"between": [["MAO"], ["NAF"]], "short_way": ["NOWHERE"]}]}})
    assert any("no province 'NOWHERE'" in d.message for d in structural_checks(g))
    g = classic_with({"detours": {"detours": [{"between": [["MAO"], ["NAF"]], "short_way": "WES"}],
                                  "convoys": "yes"}})
    assert {k for _, k, _ in g.modules.problems} == {"detours", "convoys"}
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
    # (no convoy or retreat class of the form found: those rules stay the standard ones)
    assert recognised({"Detour": {"sides": [["WES"], ["TUN", "ION"]], "loss": 1.0}}) == {
        "detours": {"detours": [{"between": [["WES"], ["TUN", "ION"]]}], "loss": 1.0, "convoys": False,
                    "retreats": False}}
    assert recognised({"Detour": {"sides": [["WES"], ["TUN"]], "loss": 1.0, "convoys": True, "retreats": True,
                                  "short_way": ["LYO", "TYS"]}}) == {
        "detours": {"detours": [{"between": [["WES"], ["TUN"]], "short_way": ["LYO", "TYS"]}], "loss": 1.0,
                    "convoys": True, "retreats": True}}


CONVOY = """class Sahara_adjConvoyMove extends adjConvoyMove {
  protected function supportStrength($checkCountryID=false) {
    $s = parent::supportStrength($checkCountryID);
    if ($this->id == $Game->Variant->roundTrip && !$this->chainThrough(OtherVariant::$inlandSea)) {
      $s['min'] -= 1; $s['max'] -= 1; }
    return $s; } }"""


def test_the_convoy_form_is_read_whatever_the_names():
    # the short way is the one static array of variant.php the class names, as terrIDs
    assert convoy_reading(CONVOY, 1.0, {"inlandSea": [4, 9], "other": [1]}) == [4, 9]
    assert convoy_reading(CONVOY, 1.0, {}) == []                    # no short way: always round
    assert convoy_reading(CONVOY, 0.5, {"inlandSea": [4, 9]}) is None    # another loss than the moves'
    assert convoy_reading("class X_adjConvoyMove extends adjConvoyMove {}", 1.0, {}) is None


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
