"""rivers: an army crossing a river is one force weaker, cuts no support, and neither
supports nor retreats across it.

Written from the rule: Imperium's rules page ("While an ordinary move is counted with
one plus supports, an army crossing a river is counted with one force less. Support
crossing a river can't be given if the target zone is on the other side, and crossing
a river doesn't cut a support. Retreats orders can't be done over a river. These
borders are ordinary borders for fleets.") and its classes (adjMove.php: attack and
prevent strength one less, a 0 made 0.5, "fails against everything else, but not
against empty territories"; adjSupportHold/adjSupportMove.php: an attacker across the
river is skipped when the support's cut is decided; userOrderDiplomacy.php,
userOrderRetreats.php). The tests put a river on the standard map between Burgundy,
Belgium, Holland on one bank and Ruhr, Munich, Kiel on the other."""
import shutil
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.rules import _example, recognised
from generator.families.diplomacy.rules._engine import MovementRules
from generator.families.diplomacy.rules.rivers import bounce_example, support_example
from generator.importers.webdiplomacy import import_variant

RHINE = {"rivers": {"rivers": [{"banks": [["BUR", "BEL", "HOL"], ["RUH", "MUN", "KIE"]]}]}}
IMPERIUM = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Imperium"


@pytest.fixture
def rhine(classic_with):
    return classic_with(RHINE)


def move(game, units, orders, phase="S1901M", **extra):
    resp = adjudicate(game, {"phase": phase, "units": units, "orders": orders, **extra})
    return {r["order"]: (r["result"], r["reason"], r["legal"]) for r in resp["results"]}, resp["after"]


def test_an_unsupported_army_crosses_into_an_empty_province(rhine):
    # adjMove.php 2.1.2: strength 1, one less, is set to 0.5: "fails against everything
    # else, but not against empty territories"
    results, after = move(rhine, {"FRANCE": ["A BUR"]}, {"FRANCE": ["A BUR - RUH"]})
    assert results["A BUR - RUH"][0] == "succeeds"
    assert after["units"]["FRANCE"] == ["A RUH"]


def test_one_support_across_the_river_does_not_dislodge_a_holding_unit(rhine, classic):
    # "an army crossing a river is counted with one force less": 1 + 1 - 1 = 1 against hold 1
    units = {"FRANCE": ["A BUR", "A KIE"], "GERMANY": ["A RUH"]}
    orders = {"FRANCE": ["A BUR - RUH", "A KIE S A BUR - RUH"], "GERMANY": ["A RUH H"]}
    results, after = move(rhine, units, orders)
    assert results["A BUR - RUH"][:2] == ("fails", "attack strength 1 against hold strength 1 in RUH")
    assert after["units"]["GERMANY"] == ["A RUH"]
    plain, _ = move(classic, units, orders)     # no river: the same attack dislodges
    assert plain["A BUR - RUH"][0] == "succeeds"


def test_two_supports_across_the_river_dislodge(rhine):
    # 1 + 2 - 1 = 2 against hold 1
    results, after = move(rhine, {"FRANCE": ["A BUR", "A KIE", "A MUN"], "GERMANY": ["A RUH"]},
                          {"FRANCE": ["A BUR - RUH", "A KIE S A BUR - RUH", "A MUN S A BUR - RUH"],
                           "GERMANY": ["A RUH H"]})
    assert results["A BUR - RUH"][0] == "succeeds"
    # (dislodged, it has nowhere to go: Kiel and Munich are held, the rest is across the river)
    assert "A RUH" in after["units"]["FRANCE"] and not after["units"].get("GERMANY")


def test_a_move_that_does_not_cross_beats_a_crossing_move_into_the_same_empty_province(rhine):
    # prevent strength one less too: 1 against 0.5
    results, after = move(rhine, {"FRANCE": ["A BUR"], "GERMANY": ["A MUN"]},
                          {"FRANCE": ["A BUR - RUH"], "GERMANY": ["A MUN - RUH"]})
    assert results["A MUN - RUH"][0] == "succeeds" and results["A BUR - RUH"][0] == "fails"
    assert "A RUH" in after["units"]["GERMANY"]


def test_two_crossing_moves_into_one_empty_province_stand_off(rhine):
    # 0.5 against 0.5: Burgundy and Belgium both cross into Ruhr
    results, after = move(rhine, {"FRANCE": ["A BUR"], "ENGLAND": ["A BEL"]},
                          {"FRANCE": ["A BUR - RUH"], "ENGLAND": ["A BEL - RUH"]})
    assert results["A BUR - RUH"][0] == "fails" and results["A BEL - RUH"][0] == "fails"
    assert "RUH" in after["contested"]


def test_defend_strength_is_not_lowered_head_to_head(rhine):
    # only attack and prevent strength are lowered (adjMove.php): France attacks with
    # 1 + 1 - 1 = 1 against Germany's defend 1; Germany attacks with 0.5 against 2
    results, after = move(rhine, {"FRANCE": ["A BUR", "A KIE"], "GERMANY": ["A RUH"]},
                          {"FRANCE": ["A BUR - RUH", "A KIE S A BUR - RUH"], "GERMANY": ["A RUH - BUR"]})
    assert results["A BUR - RUH"][0] == "fails" and results["A RUH - BUR"][0] == "fails"
    assert after["units"]["GERMANY"] == ["A RUH"] and sorted(after["units"]["FRANCE"]) == ["A BUR", "A KIE"]


def test_an_attack_across_the_river_does_not_cut_support(rhine, classic):
    # "crossing a river doesn't cut a support": Ruhr's support of Kiel stands, so Kiel holds
    units = {"GERMANY": ["A KIE", "A RUH"], "ENGLAND": ["A BEL", "A BER", "A DEN"]}
    orders = {"GERMANY": ["A KIE H", "A RUH S A KIE"],
              "ENGLAND": ["A BEL - RUH", "A BER - KIE", "A DEN S A BER - KIE"]}
    results, after = move(rhine, units, orders)
    assert results["A RUH S A KIE"][:2] == ("succeeds", "support given")
    assert results["A BER - KIE"][0] == "fails" and not after["dislodged"]
    plain, _ = move(classic, units, orders)     # no river: cut, and Kiel is dislodged
    assert plain["A RUH S A KIE"][0] == "fails" and plain["A BER - KIE"][0] == "succeeds"


def test_a_supporter_dislodged_from_across_the_river_gives_no_support(rhine):
    # the attack still dislodges (1 + 2 - 1 = 2 against hold 1); a dislodged unit supports nothing
    results, after = move(rhine, {"FRANCE": ["A BUR", "A TYR", "A BOH"], "GERMANY": ["A MUN", "A SIL"],
                                  "RUSSIA": ["A WAR"]},
                          {"FRANCE": ["A BUR - MUN", "A TYR S A BUR - MUN", "A BOH S A BUR - MUN"],
                           "GERMANY": ["A MUN S A SIL", "A SIL H"],
                           "RUSSIA": ["A WAR - SIL"]})
    assert results["A BUR - MUN"][0] == "succeeds"
    assert results["A MUN S A SIL"][0] == "fails"
    assert after["dislodged"]["GERMANY"][0]["unit"] == "A MUN"


def test_an_army_cannot_support_across_the_river(rhine):
    # "Support crossing a river can't be given if the target zone is on the other side"
    results, _ = move(rhine, {"FRANCE": ["A BEL", "A BUR", "A PIC"], "GERMANY": ["A RUH"]},
                      {"FRANCE": ["A BEL S A BUR - RUH", "A BUR - RUH", "A PIC H"], "GERMANY": ["A RUH S A MUN"]})
    assert not results["A BEL S A BUR - RUH"][2]
    assert "a river lies between them" in results["A BEL S A BUR - RUH"][1]
    held, _ = move(rhine, {"FRANCE": ["A BEL"], "GERMANY": ["A RUH"]}, {"FRANCE": ["A BEL S A RUH"]})
    assert not held["A BEL S A RUH"][2]


def test_an_army_supports_a_crossing_move_from_the_destination_bank(rhine):
    # Kiel and Ruhr are on the same bank: the support does not cross
    results, _ = move(rhine, {"FRANCE": ["A BUR", "A KIE"]}, {"FRANCE": ["A BUR - RUH", "A KIE S A BUR - RUH"]})
    assert results["A KIE S A BUR - RUH"][2]


def test_a_fleet_supports_a_hold_across_but_not_a_move(rhine):
    # userOrderDiplomacy.php: supportHoldToTerrCheck refuses only armies across,
    # supportMoveToTerrCheck every unit
    results, _ = move(rhine, {"ENGLAND": ["F HOL", "A RUH"], "GERMANY": ["F KIE"]},
                      {"ENGLAND": ["F HOL S A RUH - KIE", "A RUH - KIE"], "GERMANY": ["F KIE H"]})
    assert not results["F HOL S A RUH - KIE"][2]
    held, _ = move(rhine, {"ENGLAND": ["F HOL"], "GERMANY": ["F KIE"]}, {"ENGLAND": ["F HOL S F KIE"]})
    assert held["F HOL S F KIE"][2]


def test_a_fleet_moves_across_at_full_strength(rhine):
    # "These borders are ordinary borders for fleets": 1 + 1 against hold 1
    results, _ = move(rhine, {"ENGLAND": ["F HOL", "F HEL"], "GERMANY": ["A KIE"]},
                      {"ENGLAND": ["F HOL - KIE", "F HEL S F HOL - KIE"], "GERMANY": ["A KIE H"]})
    assert results["F HOL - KIE"][0] == "succeeds"


def test_a_convoyed_army_crosses_too(rhine):
    # webDiplomacy marks every army move from one bank to the other (adjudicatorDiplomacy.php)
    results, _ = move(rhine, {"ENGLAND": ["A BEL", "F NTH", "F HEL", "F BAL"], "GERMANY": ["A KIE"]},
                      {"ENGLAND": ["A BEL - KIE", "F NTH C A BEL - KIE", "F HEL C A BEL - KIE",
                                   "F BAL S A BEL - KIE"], "GERMANY": ["A KIE H"]})
    assert results["A BEL - KIE"][:2] == ("fails", "attack strength 1 against hold strength 1 in KIE")


def test_a_dislodged_army_does_not_retreat_across_but_a_fleet_does(rhine, classic):
    # "Retreats orders can't be done over a river" (userOrderRetreats.php: armies): Holland's
    # army, dislodged from Belgium, could go only to Kiel or Ruhr, both across: it is disbanded
    units = {"ENGLAND": ["A BEL", "F NTH"], "GERMANY": ["A HOL"]}
    orders = {"ENGLAND": ["A BEL - HOL", "F NTH S A BEL - HOL"], "GERMANY": ["A HOL H"]}
    _, after = move(rhine, units, orders)
    assert not after["dislodged"].get("GERMANY") and not after["units"].get("GERMANY")
    _, plain = move(classic, units, orders)
    assert plain["dislodged"]["GERMANY"][0]["retreats"] == ["KIE", "RUH"]
    _, after = move(rhine, {"ENGLAND": ["F NTH", "F HEL"], "GERMANY": ["F HOL"]},
                    {"ENGLAND": ["F NTH - HOL", "F HEL S F NTH - HOL"], "GERMANY": ["F HOL H"]})
    [fleet] = after["dislodged"]["GERMANY"]
    assert "KIE" in fleet["retreats"]
    results, _ = move(rhine, {"ENGLAND": ["A HOL"]}, {"GERMANY": ["A HOL R KIE"]}, phase="S1901R",
                      dislodged={"GERMANY": [{"unit": "A HOL", "attacker_from": "BEL", "via_convoy": False}]},
                      contested=[])
    assert not results["A HOL R KIE"][2]


def test_a_game_without_the_hooks_plays_the_standard_resolver(classic, rhine):
    # the resolver's cost is nil when no module changes strengths: the standard class, untouched
    assert not MovementRules(classic, ()).reweighs
    assert MovementRules(rhine, ()).reweighs


def test_checks_refuse_an_unknown_province_and_one_on_both_banks(classic_with):
    g = classic_with({"rivers": {"rivers": [{"banks": [["BUR", "NOWHERE"], ["RUH", "BUR"]]}]}})
    messages = [d.message for d in structural_checks(g)]
    assert any("no province 'NOWHERE'" in m for m in messages)
    assert any("BUR is on both banks" in m for m in messages)


def test_the_shape_of_the_rivers_is_checked(classic_with):
    g = classic_with({"rivers": {"rivers": [{"banks": [["BUR"]]}]}})
    assert any("banks" in d.message for d in structural_checks(g))


def test_the_page_examples_play_as_the_rule_says(rhine):
    for make in (bounce_example, support_example):
        found, _, mismatches = _example.play(rhine, make(rhine))
        assert mismatches == [], make.__name__


def test_webdiplomacy_river_arrays_are_the_module():
    assert recognised({"river_left": ["A", "B"], "river_right": ["C"]})["rivers"] == {
        "rivers": [{"banks": [["A", "B"], ["C"]]}]}
    assert "rivers" not in recognised({"river_left": ["A"]})


def test_imperium_imports_complete_with_its_river():
    # Imperium's variant.php: $river_left, $river_right; its classes read them (directly,
    # or through river_move()), so they are the module's code, not unmodelled rules
    result = import_variant(IMPERIUM)
    banks = result.game["rules"]["rivers"]["rivers"][0]["banks"]
    assert "COLONIA_AGRIPPA" in banks[1] and "FRANCI" in banks[0] and len(banks[0]) == 12 and len(banks[1]) == 9
    assert result.game["status"] == "complete"
    assert not [d for d in result.diagnostics if d.code == "IMP013"]


def test_a_class_that_reads_no_river_array_stays_not_modelled(tmp_path):
    # only the classes whose code reads $river_left/$river_right (or calls a variant.php
    # function that does) are the module's: another retreat rule is still said
    root = tmp_path / "variants"
    shutil.copytree(IMPERIUM, root / "Imperium")
    retreats = root / "Imperium" / "classes" / "userOrderRetreats.php"
    retreats.write_text(retreats.read_text(encoding="utf-8").replace(
        "river_move($this->Unit->terrID,$this->toTerrID)", "other_rule($this->toTerrID)"), encoding="utf-8")
    result = import_variant(root / "Imperium")
    assert [d.file for d in result.diagnostics if d.code == "IMP013"] == ["Imperium/classes/userOrderRetreats.php"]
    assert result.game["status"] == "partial" and "rivers" in result.game["rules"]


def test_the_map_draws_the_crossings_as_a_river(rhine, classic):
    from generator.families.diplomacy.board_view import view_of
    kinds = {frozenset((k.a.split("/")[0], k.b.split("/")[0])): k.kind for k in view_of(rhine).links}
    assert kinds[frozenset(("BUR", "RUH"))] == kinds[frozenset(("HOL", "KIE"))] == "river"
    assert kinds[frozenset(("BUR", "PAR"))] == "" and kinds[frozenset(("RUH", "KIE"))] == ""
    assert not any(k.kind == "river" for k in view_of(classic).links)
