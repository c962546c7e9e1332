"""roving_hazard: a unit no player holds, placed and moved where the request says (Pirates' hurricane).

Written from Pirates' rules page (tests/data/webdip/Pirates/rules.html): "In the build phase
of 1667 and on, a hurricane forms randomly on any unoccupied territory. The hurricane will then
randomly move to an adjacent territory in spring and again in autumn. ... If the hurricane hits
an SC in autumn (whether occupied or not) its devastating power destroys all value of that SC to
the player who controls it, with the SC becoming neutral in the build phase. ... After the
autumn phase (ie entering the next build phase) the hurricane has lost its strength and
disappears." and from its classes (tests/data/webdip/Pirates/classes): processOrderBuilds.php
(Hurricane_processOrderBuilds::create: the old one destroyed, a new 'Build Army' on a random
territory with no unit and `t.supply='No'`), processOrderDiplomacy.php (a Move to a random
border), adjMove.php / adjHeadToHeadMove.php (`if ( $this->countryID == 14 ) { $min += 3; $max
+= 3; } elseif ( in_array($this->id, $Game->Variant->fregatte) )`: 3 more, in place of the
frigates' half), processMembers.php (the country counted for no player). The dice are the
server's: the positions below give their outcome as the hurricane's orders. On the standard
map, as the unit_strength tests do.
"""
import re
import shutil
from pathlib import Path

import pytest

from generator.families.diplomacy.api import AdjudicationError, adjudicate
from generator.families.diplomacy.rules import RuleSet
from generator.families.diplomacy.rules.roving_hazard import MODULE
from generator.importers.webdiplomacy import import_variant

PIRATES = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Pirates"
HURRICANE = {"roving_hazard": {"power": "HURRICANE", "name": "hurricane", "bonus": 3}}
LINGERING = {"roving_hazard": {**HURRICANE["roving_hazard"], "lingers": True}}


@pytest.fixture
def game(classic_with):
    return classic_with(HURRICANE)


def play(game, request):
    return adjudicate(game, request)


def results(resp):
    return {r["order"]: (r["result"], r["reason"]) for r in resp["results"]}


def test_its_move_dislodges_a_supported_unit_and_the_unit_retreats(game):
    # adjMove: its attack counts 1 + 3 = 4 against a hold of 2; the dislodged unit retreats as
    # any other ("blowing away any units": no class takes it off)
    resp = play(game, {"phase": "S1901M", "units": {"HURRICANE": ["A BUR"], "GERMANY": ["A MUN", "A KIE"]},
                       "orders": {"HURRICANE": ["A BUR - MUN"], "GERMANY": ["A MUN H", "A KIE S A MUN"]}})
    got = results(resp)
    assert got["A BUR - MUN"][0] == "succeeds" and "attack strength 4" in got["A BUR - MUN"][1]
    assert got["A MUN H"][0] == "fails"
    assert resp["after"]["phase"] == "S1901R" and resp["after"]["units"]["HURRICANE"] == ["A MUN"]
    assert [d["unit"] for d in resp["after"]["dislodged"]["GERMANY"]] == ["A MUN"]


def test_a_hold_with_three_supports_bounces_it(game):
    # 4 against 4: a stand-off, as any attack that does not beat the hold
    resp = play(game, {"phase": "S1901M",
                       "units": {"HURRICANE": ["A BUR"], "GERMANY": ["A MUN", "A KIE", "A BER", "A RUH"]},
                       "orders": {"HURRICANE": ["A BUR - MUN"],
                                  "GERMANY": ["A MUN H", "A KIE S A MUN", "A BER S A MUN", "A RUH S A MUN"]}})
    assert results(resp)["A BUR - MUN"][0] == "fails"
    assert resp["after"]["units"]["GERMANY"] == ["A BER", "A KIE", "A MUN", "A RUH"]


def test_its_failed_move_holds_with_the_bonus_and_a_mere_hold_does_not(game):
    # _holdStrength adds 3 to a move that fails: an attack of 4 does not dislodge it ...
    units = {"HURRICANE": ["A BUR"], "GERMANY": ["A MUN", "A KIE", "A BER", "A RUH"],
             "FRANCE": ["A PAR", "A PIC", "A GAS", "A MAR"]}
    german = ["A MUN H", "A KIE S A MUN", "A BER S A MUN", "A RUH S A MUN"]
    french = ["A PAR - BUR", "A PIC S A PAR - BUR", "A GAS S A PAR - BUR", "A MAR S A PAR - BUR"]
    resp = play(game, {"phase": "S1901M", "units": units,
                       "orders": {"HURRICANE": ["A BUR - MUN"], "GERMANY": german, "FRANCE": french}})
    assert results(resp)["A PAR - BUR"][0] == "fails" and "HURRICANE" in resp["after"]["units"]
    # ... but a hurricane given no order holds with 1 (the class adds nothing to a hold), and,
    # dislodged, is disbanded: no player orders its retreat
    resp = play(game, {"phase": "S1901M", "units": {"HURRICANE": ["A BUR"], "FRANCE": ["A PAR", "A PIC"]},
                       "orders": {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"]}})
    assert results(resp)["A PAR - BUR"][0] == "succeeds"
    assert resp["disbanded"] == {"HURRICANE": ["A BUR"]} and resp["after"]["dislodged"] == {}


def test_its_bonus_takes_the_place_of_the_frigates_half(classic_with):
    # `if ( $this->countryID == 14 ) ... elseif ( in_array($this->id, ...->fregatte) )`: the
    # hurricane, an army, counts 4, not 4.5, so a hold of 4 still bounces it
    game = classic_with({**HURRICANE, "unit_strength": {"kind": "A", "bonus": 0.5}})
    resp = play(game, {"phase": "S1901M",
                       "units": {"HURRICANE": ["A BUR"], "GERMANY": ["A MUN", "A KIE", "A BER", "A RUH"]},
                       "orders": {"HURRICANE": ["A BUR - MUN"],
                                  "GERMANY": ["A MUN H", "A KIE S A MUN", "A BER S A MUN", "A RUH S A MUN"]}})
    assert results(resp)["A BUR - MUN"][0] == "fails"


def test_in_autumn_the_centre_it_ends_in_becomes_neutral(game):
    # "If the hurricane hits an SC in autumn (whether occupied or not) ... the SC becoming
    # neutral in the build phase": Germany loses Munich and has a unit to remove
    resp = play(game, {"phase": "F1901M", "units": {"HURRICANE": ["A BUR"], "GERMANY": ["A KIE", "A BER", "A RUH"]},
                       "centers": {"GERMANY": ["BER", "KIE", "MUN"]}, "orders": {"HURRICANE": ["A BUR - MUN"]}})
    assert resp["after"]["centers"] == {"GERMANY": ["BER", "KIE"]}
    assert resp["after"]["phase"] == "W1901A" and resp["after"]["adjustments"] == {"GERMANY": -1, "HURRICANE": 1}


def test_in_spring_it_strikes_no_centre(game):
    # "The hurricane's strength in spring is still relatively weak": owners change after a fall only
    resp = play(game, {"phase": "S1901M", "units": {"HURRICANE": ["A BUR"]},
                       "centers": {"GERMANY": ["BER", "KIE", "MUN"]}, "orders": {"HURRICANE": ["A BUR - MUN"]}})
    assert resp["after"]["centers"] == {"GERMANY": ["BER", "KIE", "MUN"]}
    # a fall that it ends elsewhere leaves the centre to its owner
    resp = play(game, {"phase": "F1901M", "units": {"HURRICANE": ["A MUN"]},
                       "centers": {"GERMANY": ["BER", "KIE", "MUN"]}, "orders": {"HURRICANE": ["A MUN - BOH"]}})
    assert resp["after"]["centers"] == {"GERMANY": ["BER", "KIE", "MUN"]}


def test_each_adjustment_phase_takes_it_off_and_places_it_anew(game):
    # Hurricane_processOrderBuilds::create: a Destroy for the old one, a 'Build Army' on a
    # territory with no unit and no supply centre; the phase is held for it alone
    resp = play(game, {"phase": "W1901A", "units": {"HURRICANE": ["A MUN"]}, "centers": {},
                       "orders": {"HURRICANE": ["A PAR B", "A MUN B", "F NTH B", "A BUR B", "A RUH B"]}})
    got = results(resp)
    assert got["A BUR B"][0] == "succeeds" and got["A MUN D"][0] == "succeeds"
    assert "no supply centre" in got["A PAR B"][1] and "no supply centre" in got["A MUN B"][1]
    assert "as an army only" in got["F NTH B"][1] and "at most 1" in got["A RUH B"][1]
    assert resp["after"]["units"] == {"HURRICANE": ["A BUR"]} and resp["after"]["phase"] == "S1902M"


def test_a_placement_on_an_occupied_province_or_none_at_all(game):
    resp = play(game, {"phase": "W1901A", "units": {"HURRICANE": ["A BUR"], "FRANCE": ["A PIC"]},
                       "centers": {"FRANCE": ["PAR"]}, "orders": {"HURRICANE": ["A PIC B"]}})
    assert results(resp)["A PIC B"][0] == "fails" and "is occupied" in results(resp)["A PIC B"][1]
    # no placement given: the old one is gone all the same, none until the next winter
    resp = play(game, {"phase": "W1901A", "units": {"HURRICANE": ["A BUR"]}, "centers": {}, "orders": {}})
    assert resp["after"]["units"] == {} and resp["disbanded"] == {"HURRICANE": ["A BUR"]}


def test_its_orders_are_a_move_or_a_hold_and_absent_ones_hold(game):
    # processOrderDiplomacy gives it a Move (viaConvoy='No') or, with nothing rolled, leaves it
    # the parent's default Hold
    units = {"HURRICANE": ["A BUR"]}
    for order, why in (("A BUR S A PAR", "only moves or holds"), ("A BUR - LON VIA", "never by convoy")):
        got = results(play(game, {"phase": "S1901M", "units": units, "orders": {"HURRICANE": [order]}}))
        assert got[order][0] == "fails" and why in got[order][1]
    got = results(play(game, {"phase": "S1901M", "units": units, "orders": {"HURRICANE": ["A BUR - LVP"]}}))
    assert got["A BUR - LVP"][0] == "fails"         # not next to it: the standard rules refuse it
    resp = play(game, {"phase": "S1901M", "units": units, "orders": {}})
    assert resp["after"]["units"] == {"HURRICANE": ["A BUR"]}
    with pytest.raises(AdjudicationError):          # a power no game knows is refused with a reason
        play(game, {"phase": "S1901M", "units": {"TYPHOON": ["A BUR"]}, "orders": {}})


def test_a_player_cannot_order_it(game):
    got = results(play(game, {"phase": "S1901M", "units": {"HURRICANE": ["A BUR"]},
                              "orders": {"FRANCE": ["A BUR - MUN"]}}))
    assert got["A BUR - MUN"][0] == "fails"


def test_the_pirates_import_plays_the_hurricane():
    # the classes read as the form (the bonus from adjMove's `$min += 3`, the kind from
    # 'Build Army', the name from OrderArchiv's countryIDToName), and the game is complete
    result = import_variant(PIRATES)
    assert result.game["rules"]["roving_hazard"] == {"power": "HURRICANE", "name": "hurricane", "kind": "A",
                                                     "bonus": 3, "lingers": True}
    assert result.game["status"] == "complete"


def test_the_opening_build_phase_places_no_hurricane():
    # CustomStart_processOrderBuilds::create at turn 0 does not call the hurricane's create
    from generator.families.diplomacy.loading import game_from_data
    result = import_variant(PIRATES)
    game = game_from_data("pirates", result.game, result.data)
    opening = game.start.phase
    assert opening.endswith("A")
    resp = play(game, {"phase": opening, "units": {}, "centers": {}, "orders": {"HURRICANE": ["A BERMUDA_TRIANGLE B"]}})
    assert results(resp)["A BERMUDA_TRIANGLE B"][0] == "fails"


def test_its_data_is_checked(classic_with):
    # a power of the map is no hazard's; a parameter of the wrong shape is reported
    game = classic_with({"roving_hazard": {"power": "FRANCE"}})
    assert [p.pointer for p in MODULE.checks(game, game.modules.params("roving_hazard"))] == [
        "/rules/roving_hazard/power"]
    assert RuleSet({"roving_hazard": {"bonus": "three"}}).problems == [
        ("roving_hazard", "bonus", "'bonus' must be a number, 0 or more")]
    # the same power as the neutral armies' is refused: each power no player moves is one module's
    game = classic_with({"roving_hazard": {"power": "NEUTRAL"}, "neutral_armies": {}})
    assert any("another module" in p.message for p in MODULE.checks(game, game.modules.params("roving_hazard")))
    # and the page's examples play as the rule says on the game's own map
    game = classic_with(HURRICANE)
    assert MODULE.checks(game, game.modules.params("roving_hazard")) == []
    [page] = MODULE.pages(game, game.modules.params("roving_hazard"))
    assert "## Spring" in page.content and "## Autumn" in page.content and "placed anew" in page.content


def _copy(tmp_path) -> Path:
    folder = tmp_path / "Pirates"
    shutil.copytree(PIRATES, folder)
    return folder


def test_the_form_is_read_from_the_code_not_the_class_names(tmp_path):
    # another variant's hurricane under other mixin names, with no name for its country: the
    # same code is the same rule (the bonus read for the country after the last of $countries)
    folder = _copy(tmp_path)
    for path in (folder / "classes").glob("*.php"):
        path.write_text(path.read_text(encoding="latin-1").replace("Hurricane_", "Storm_")
                        .replace("$this->countryIDToName[]='Hurricane';", ""), encoding="latin-1")
    result = import_variant(folder)
    assert result.game["rules"]["roving_hazard"] == {"power": "HAZARD", "name": "hazard", "kind": "A", "bonus": 3,
                                                     "lingers": True}
    assert result.game["status"] == "complete"


def test_a_hazard_that_is_never_moved_stays_a_warning(tmp_path):
    # the placement without the movement phase's move is not the rule: each part stays a
    # precise IMP013 warning and the game partial
    folder = _copy(tmp_path)
    diplomacy = folder / "classes" / "processOrderDiplomacy.php"
    diplomacy.write_text(diplomacy.read_text(encoding="utf-8").replace("ORDER BY RAND()", "ORDER BY id"),
                         encoding="utf-8")
    result = import_variant(folder)
    assert "roving_hazard" not in result.game["rules"] and result.game["status"] == "partial"
    warned = [d.message for d in result.diagnostics if d.code == "IMP013"]
    assert any("in every build phase" in m for m in warned) and any("country 14 gains 3" in m for m in warned)


# --- the province it has just left (vDiplomacy's Pirates: adjMove.php / adjHeadToHeadMove.php) ---
# _holdStrength sets the hold of a move that succeeds to 0 and of one that fails to 1 inside its
# try / if-else, then adds the hurricane's 3 after it (`if ( $this->countryID == 14 ) { $min += 3;
# $max += 3; }`): the province it has left still holds with 3 in that turn (`lingers: true`).

FOLLOW = {"units": {"HURRICANE": ["A BUR"], "FRANCE": ["A PAR", "A PIC", "A GAS", "A MAR"]}}
ALONE = ["A PAR - BUR"]                                                  # attack 1
SUPPORTED = ["A PAR - BUR", "A PIC S A PAR - BUR", "A GAS S A PAR - BUR", "A MAR S A PAR - BUR"]   # 4


def _follow(game, french):
    return results(play(game, {"phase": "S1901M", **FOLLOW,
                               "orders": {"HURRICANE": ["A BUR - MUN"], "FRANCE": french}}))


def test_a_unit_following_it_in_needs_an_attack_over_its_bonus_when_it_lingers(classic_with):
    game = classic_with(LINGERING)
    got = _follow(game, ALONE)
    assert got["A BUR - MUN"][0] == "succeeds"
    assert got["A PAR - BUR"][0] == "fails" and "3" in got["A PAR - BUR"][1]      # 1 against 3
    got = _follow(game, SUPPORTED)
    assert got["A BUR - MUN"][0] == "succeeds" and got["A PAR - BUR"][0] == "succeeds"   # 4 against 3


def test_without_lingers_the_province_it_leaves_holds_with_nothing(game):
    # the standard reading (a class that adds the bonus in the failure branch only): 0 once it leaves
    for french in (ALONE, SUPPORTED):
        got = _follow(game, french)
        assert got["A BUR - MUN"][0] == "succeeds" and got["A PAR - BUR"][0] == "succeeds"


def test_a_failed_move_of_it_holds_with_one_and_its_bonus_either_way(classic_with):
    # bounced (MUN held with 3 supports: 4 against 4), it holds with 1 + 3: 4 does not dislodge it
    units = {"HURRICANE": ["A BUR"], "GERMANY": ["A MUN", "A KIE", "A BER", "A RUH"],
             "FRANCE": ["A PAR", "A PIC", "A GAS", "A MAR"]}
    german = ["A MUN H", "A KIE S A MUN", "A BER S A MUN", "A RUH S A MUN"]
    for rules in (HURRICANE, LINGERING):
        got = results(play(classic_with(rules), {"phase": "S1901M", "units": units,
                                                 "orders": {"HURRICANE": ["A BUR - MUN"], "GERMANY": german,
                                                            "FRANCE": SUPPORTED}}))
        assert got["A BUR - MUN"][0] == "fails" and got["A PAR - BUR"][0] == "fails"


def test_a_head_to_head_battle_is_unaffected(classic_with):
    # adjHeadToHeadMove weighs the hurricane's defence (1 + 3), not its hold: Munich's move with
    # two supports (3) fails, the hurricane's 4 beats Munich's defence of 1, lingering or not
    units = {"HURRICANE": ["A BUR"], "GERMANY": ["A MUN", "A RUH", "A BEL"]}
    orders = {"HURRICANE": ["A BUR - MUN"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR", "A BEL S A MUN - BUR"]}
    outcomes = []
    for rules in (HURRICANE, LINGERING):
        resp = play(classic_with(rules), {"phase": "S1901M", "units": units, "orders": orders})
        got = results(resp)
        assert got["A BUR - MUN"][0] == "succeeds" and got["A MUN - BUR"][0] == "fails"
        outcomes.append((got, resp["after"]))
    assert outcomes[0] == outcomes[1]


def test_a_frigates_half_needs_no_lingering(classic_with):
    # the class adds the frigates' 0.5 the same way, but any attack beats it (1 > 0.5, and an attack
    # of 0 is only against a unit of one's own power that stays): the standard 0 plays the same
    game = classic_with({**LINGERING, "unit_strength": {"kind": "A", "bonus": 0.5}})
    got = results(play(game, {"phase": "S1901M", "units": {"GERMANY": ["A MUN"], "FRANCE": ["A BUR"]},
                              "orders": {"GERMANY": ["A MUN - BOH"], "FRANCE": ["A BUR - MUN"]}}))
    assert got["A MUN - BOH"][0] == "succeeds" and got["A BUR - MUN"][0] == "succeeds"


def test_the_page_says_it_and_plays_it(classic_with):
    game = classic_with(LINGERING)
    params = game.modules.params("roving_hazard")
    assert MODULE.checks(game, params) == []        # the example plays as it says on the game's map
    [page] = MODULE.pages(game, params)
    assert "the province it has just left still holds with 3" in page.content
    assert "## Spring: the province the hurricane leaves still holds with its bonus" in page.content
    game = classic_with(HURRICANE)
    [page] = MODULE.pages(game, game.modules.params("roving_hazard"))
    assert "just left" not in page.content and "leaves still holds" not in page.content
    # the example's lone attack counts the other modules' bonuses (Pirates' armies: 1.5 against 3);
    # where it would beat the hazard's bonus (1.5 against 1) the page shows no such example
    for bonus, shown in ((3, True), (1, False)):
        game = classic_with({"roving_hazard": {**LINGERING["roving_hazard"], "bonus": bonus},
                             "unit_strength": {"kind": "A", "bonus": 0.5}})
        params = game.modules.params("roving_hazard")
        assert MODULE.checks(game, params) == []
        [page] = MODULE.pages(game, params)
        assert ("leaves still holds" in page.content) is shown


def _bonus_in_the_failure_branch(path: Path) -> None:
    """_holdStrength with the hurricane's 3 added in the failure branch, the frigates' after the test."""
    text = path.read_text(encoding="latin-1")
    start = text.index("function _holdStrength")
    end = text.index("return $holdStrength;", start)
    hold = re.sub(r"(\$min = 1;\s*\$max = 1;)", r"\1 if ( $this->countryID == 14 ) { $min += 3; $max += 3; }",
                  text[start:end], count=1)
    hold = re.sub(r"if \( \$this->countryID == 14 \) \{\s*\$min \+= 3;\s*\$max \+= 3;\s*\} elseif", "if", hold)
    path.write_text(text[:start] + hold + text[end:], encoding="latin-1")


def test_the_bonus_in_the_failure_branch_is_read_as_the_standard_rule(tmp_path):
    # the form, not Pirates' ids: the same classes with the bonus inside the else branch of the
    # success test give the standard reading; still the whole hazard, still complete
    folder = _copy(tmp_path)
    for name in ("adjMove.php", "adjHeadToHeadMove.php"):
        _bonus_in_the_failure_branch(folder / "classes" / name)
    result = import_variant(folder)
    assert result.game["rules"]["roving_hazard"]["lingers"] is False
    assert result.game["status"] == "complete"
    # one class after the test, the other in the branch: they disagree, the standard reading stays
    folder = _copy(tmp_path / "one")
    _bonus_in_the_failure_branch(folder / "classes" / "adjMove.php")
    assert import_variant(folder).game["rules"]["roving_hazard"]["lingers"] is False
