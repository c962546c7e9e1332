"""unit_strength: every move of a kind of unit counts extra strength.

Written from Pirates' rules page (tests/data/webdip/Pirates/rules.html): "Frigates can only
move one place, but have an extra 50% strength ... a single frigate attacking a clipper will
succeed ... their attacking bonus only applies when they are the moving unit ie Player 1's
frigate (strength 1.5) attacking Player 2's frigate (strength 1 because defending not
attacking) will result in Player 1 winning. But if they attack each other at the same time
this would be a stand-off (1.5 vs 1.5.) Likewise two clippers (strength of 2) will defeat a
single frigate (strength of only 1 when defending.) Also remember a frigate supporting a moving
clipper does not give any bonus to the attack." and from its classes (classes/adjMove.php,
adjHeadToHeadMove.php: supportStrength and _holdStrength add 0.5 for the moves of armies, the
list classes/adjudicatorDiplomacy.php fills). Frigates are armies, clippers fleets; on the
standard map armies and fleets stand for them."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules.unit_strength import MODULE
from generator.importers.webdip_classes import _move_bonuses
from generator.importers.webdiplomacy import import_variant

PIRATES = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Pirates"
FRIGATES = {"unit_strength": {"kind": "A", "bonus": 0.5}}


@pytest.fixture
def game(classic_with):
    return classic_with(FRIGATES)


def play(game, units, orders, phase="S1901M"):
    resp = adjudicate(game, {"phase": phase, "units": units, "orders": orders})
    return {r["order"]: r["result"] for r in resp["results"]}


def test_a_single_frigate_dislodges_a_holding_unit(game):
    # "a single frigate attacking a clipper will succeed" (and "Player 1's frigate (strength 1.5)
    # attacking Player 2's frigate (strength 1 because defending not attacking)")
    assert play(game, {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]},
                {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN H"]}) == {"A BUR - MUN": "succeeds",
                                                                         "A MUN H": "fails"}


def test_without_the_module_the_same_attack_bounces(classic):
    assert play(classic, {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]},
                {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN H"]})["A BUR - MUN"] == "fails"


def test_two_frigates_attacking_each_other_stand_off(game):
    # "if they attack each other at the same time this would be a stand-off (1.5 vs 1.5.)"
    assert play(game, {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]},
                {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A MUN - BUR"]}) == {"A BUR - MUN": "fails",
                                                                             "A MUN - BUR": "fails"}


def test_two_frigates_into_one_province_stand_off(game):
    assert play(game, {"FRANCE": ["A BUR"], "GERMANY": ["A RUH"]},
                {"FRANCE": ["A BUR - MUN"], "GERMANY": ["A RUH - MUN"]}) == {"A BUR - MUN": "fails",
                                                                             "A RUH - MUN": "fails"}


def test_a_supported_clipper_beats_a_holding_frigate(game):
    # "two clippers (strength of 2) will defeat a single frigate (strength of only 1 when defending.)"
    assert play(game, {"ENGLAND": ["F NTH", "F NWG"], "FRANCE": ["A NWY"]},
                {"ENGLAND": ["F NTH - NWY", "F NWG S F NTH - NWY"], "FRANCE": ["A NWY H"]})["F NTH - NWY"] \
        == "succeeds"


def test_a_frigate_support_gives_no_bonus(game):
    # "a frigate supporting a moving clipper does not give any bonus to the attack": 2 against a
    # supported hold of 2 fails
    assert play(game, {"ENGLAND": ["F NTH", "A YOR"], "FRANCE": ["F EDI", "F NWG"]},
                {"ENGLAND": ["F NTH - EDI", "A YOR S F NTH - EDI"],
                 "FRANCE": ["F EDI H", "F NWG S F EDI"]})["F NTH - EDI"] == "fails"


def test_a_frigate_cannot_dislodge_its_own_power(game):
    assert play(game, {"GERMANY": ["A BUR", "A MUN"]},
                {"GERMANY": ["A BUR - MUN", "A MUN H"]})["A BUR - MUN"] == "fails"


def test_a_failed_move_holds_with_the_bonus(classic_with):
    # adjMove::_holdStrength: the unit whose move failed holds with the bonus (a bonus of 1 shows it:
    # a fleet attack of 2 bounces off the army whose move to Berlin was stood off)
    game = classic_with({"unit_strength": {"kind": "A", "bonus": 1}})
    results = play(game, {"GERMANY": ["A KIE"], "RUSSIA": ["A PRU"], "ENGLAND": ["F HEL", "F DEN"]},
                   {"GERMANY": ["A KIE - BER"], "RUSSIA": ["A PRU - BER"],
                    "ENGLAND": ["F HEL - KIE", "F DEN S F HEL - KIE"]})
    assert results["A KIE - BER"] == "fails" and results["F HEL - KIE"] == "fails"


def test_the_page_example_plays_as_the_rule_says(game):
    params = game.modules.params("unit_strength")
    assert MODULE.checks(game, params) == []
    [page] = MODULE.pages(game, params)
    assert "## Example" in page.content


def test_a_bonus_must_be_a_positive_number(classic_with):
    game = classic_with({"unit_strength": {"kind": "A", "bonus": -1}})
    assert any("bonus" in msg for _, _, msg in game.modules.problems)


# the webDiplomacy form

ADJ_MOVE = """
    protected function supportStrength($checkCountryID=false)
    {
        global $Game;
        $min = 1; $max = 1;
        %s
        foreach($this->supporters as $supporter) { if( $supporter->success() ) { $min++; $max++; } }
        return array('min'=>$min,'max'=>$max);
    }"""


def test_the_form_is_read_with_any_list_and_bonus():
    code = ADJ_MOVE % "if ( in_array($this->id, $Game->Variant->heavy) ) { $min += 1; $max += 1; }"
    assert _move_bonuses("adjMove", code, ["supportStrength"]) == ({"heavy": 1.0}, {})
    code = ADJ_MOVE % ("if ( $this->countryID == 9 ) { $min += 3; $max += 3; } "
                       "elseif ( in_array($this->id, $Game->Variant->fregatte) ) { $min += 0.5; $max += 0.5; }")
    assert _move_bonuses("adjHeadToHeadMove", code, ["supportStrength"]) == ({"fregatte": 0.5}, {9: 3.0})


def test_other_strength_code_is_not_the_form():
    code = ADJ_MOVE % "if ( in_array($this->id, $Game->Variant->x) ) { $min += 1; $max += 1; } $min -= 0.5;"
    assert _move_bonuses("adjMove", code, ["supportStrength"]) is None
    assert _move_bonuses("adjMove", ADJ_MOVE % "", ["supportStrength", "_attackStrength"]) is None


def test_pirates_frigates_are_its_armies():
    result = import_variant(PIRATES)
    assert result.game["rules"]["unit_strength"] == {"kind": "A", "bonus": 0.5}
    # the classes' other bonus, 3 for every move of country 14, is the hurricane's (roving_hazard):
    # no part of adjMove stays not modelled
    warned = [d.message for d in result.diagnostics if d.code == "IMP013" and "adjMove" in d.message]
    assert not warned and result.game["rules"]["roving_hazard"]["bonus"] == 3
    game = game_from_data("pirates", result.game, result.data)
    # a frigate alone dislodges a clipper at Spanish Town
    results = play(game, {"HENRY_MORGAN": ["A JAMAICA"], "SPAIN": ["F SPANISH_TOWN"]},
                   {"HENRY_MORGAN": ["A JAMAICA - SPANISH_TOWN"], "SPAIN": ["F SPANISH_TOWN H"]}, phase="S1667M")
    assert results["A JAMAICA - SPANISH_TOWN"] == "succeeds"
