"""canals: a move through a canal needs the permission of the power holding its controller.

The tests put a canal between the English Channel and Helgoland Bight (not neighbours
on the standard map) controlled from Holland."""
import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.orders import parse_order

CANAL = {"canals": {"canals": [{"between": ["ENG", "HEL"], "through": "HOL"}]}}


@pytest.fixture
def canal_game(classic_with):
    return classic_with(CANAL)


def move(game, units, orders):
    resp = adjudicate(game, {"phase": "S1901M", "units": units, "orders": orders})
    return {r["order"]: (r["result"], r["reason"]) for r in resp["results"]}, resp


def test_permission_opens_the_canal(canal_game):
    results, resp = move(canal_game, {"FRANCE": ["F ENG"], "GERMANY": ["A HOL"]},
                         {"FRANCE": ["F ENG - HEL"], "GERMANY": ["PERMIT F ENG"]})
    assert results["PERMIT F ENG"][0] == "succeeds"
    assert results["F ENG - HEL"][0] == "succeeds"
    assert resp["after"]["units"]["FRANCE"] == ["F HEL"]


def test_without_permission_the_move_is_illegal_and_says_why(canal_game):
    results, _ = move(canal_game, {"FRANCE": ["F ENG"], "GERMANY": ["A HOL"]}, {"FRANCE": ["F ENG - HEL"]})
    result, reason = results["F ENG - HEL"]
    assert result == "fails" and "GERMANY, whose unit stands in HOL, has not given it permission" in reason


def test_the_controllers_own_fleet_needs_its_permit_too_and_an_empty_controller_closes_it(canal_game):
    # Colonial's rules page: "A fleet can only move directly between the Mediterranean and Red
    # Sea if it gains permission by the player of the unit that occupies Egypt"; the classes let
    # through only the move of the fleet the canal unit's order names, whoever's fleet it is
    results, _ = move(canal_game, {"GERMANY": ["F ENG", "A HOL"]}, {"GERMANY": ["F ENG - HEL"]})
    assert results["F ENG - HEL"][0] == "fails" and "has not given it permission" in results["F ENG - HEL"][1]
    results, _ = move(canal_game, {"GERMANY": ["F ENG", "A HOL"]}, {"GERMANY": ["F ENG - HEL", "PERMIT F ENG"]})
    assert results["F ENG - HEL"][0] == "succeeds"
    results, _ = move(canal_game, {"GERMANY": ["F ENG"]}, {"GERMANY": ["F ENG - HEL"]})
    assert "no unit stands in HOL" in results["F ENG - HEL"][1]


def test_one_fleet_a_turn_permissions_at_both_ends_void_each_other(canal_game):
    # the permission is the one order of the canal's own unit (Suez_userOrderDiplomacy: a
    # support-hold of the Mediterranean or the Red Sea): one fleet a turn
    results, resp = move(canal_game, {"FRANCE": ["F ENG"], "GERMANY": ["A HOL", "F HEL"]},
                         {"FRANCE": ["F ENG - HEL"], "GERMANY": ["PERMIT F ENG", "PERMIT F HEL", "F HEL - ENG"]})
    assert results["F ENG - HEL"][0] == "fails" and "permission at both ends" in results["F ENG - HEL"][1]
    assert results["F HEL - ENG"][0] == "fails"
    assert resp["after"]["units"]["FRANCE"] == ["F ENG"] and sorted(resp["after"]["units"]["GERMANY"]) == \
        ["A HOL", "F HEL"]


def test_the_permission_is_given_where_the_turn_starts(canal_game):
    # rules page: "you do not have to hold Egypt for the whole turn to be able to use the Suez
    # Canal in this implementation": the German army leaving Holland still opens the canal
    results, resp = move(canal_game, {"FRANCE": ["F ENG"], "GERMANY": ["A HOL"]},
                         {"FRANCE": ["F ENG - HEL"], "GERMANY": ["PERMIT F ENG", "A HOL - BEL"]})
    assert results["F ENG - HEL"][0] == "succeeds" and resp["after"]["units"]["GERMANY"] == ["A BEL"]


def test_a_fleet_given_no_permission_holds_and_defends_its_sea(canal_game):
    # SuezCanal_adjudicatorDiplomacy: a move through the canal without permission becomes a hold
    results, resp = move(canal_game, {"FRANCE": ["F ENG"], "ENGLAND": ["F LON", "F WAL"], "GERMANY": ["A HOL"]},
                         {"FRANCE": ["F ENG - HEL"], "ENGLAND": ["F LON - ENG", "F WAL S F LON - ENG"]})
    assert results["F ENG - HEL"][0] == "fails"
    assert resp["after"]["dislodged"]["FRANCE"][0]["unit"] == "F ENG"
    results, resp = move(canal_game, {"FRANCE": ["F ENG"], "ENGLAND": ["F LON"], "GERMANY": ["A HOL"]},
                         {"FRANCE": ["F ENG - HEL"], "ENGLAND": ["F LON - ENG"]})
    assert resp["after"]["units"]["FRANCE"] == ["F ENG"] and resp["after"]["units"]["ENGLAND"] == ["F LON"]


def test_a_canal_move_is_an_ordinary_move_it_can_be_supported_and_dislodge(canal_game):
    results, resp = move(canal_game, {"FRANCE": ["F ENG", "F NTH"], "GERMANY": ["A HOL", "F HEL"]},
                         {"FRANCE": ["F ENG - HEL", "F NTH S F ENG - HEL"],
                          "GERMANY": ["PERMIT F ENG", "F HEL H"]})
    assert results["F NTH S F ENG - HEL"][0] == "succeeds"
    assert results["F ENG - HEL"][0] == "succeeds"
    assert resp["after"]["dislodged"]["GERMANY"][0]["unit"] == "F HEL"
    assert "ENG" not in resp["after"]["dislodged"]["GERMANY"][0]["retreats"]   # no retreat through it


def test_only_the_controller_may_permit(canal_game):
    results, _ = move(canal_game, {"FRANCE": ["F ENG"], "ENGLAND": ["F LON"], "GERMANY": ["A HOL"]},
                      {"ENGLAND": ["PERMIT F ENG"], "FRANCE": ["F ENG - HEL"]})
    assert "ENGLAND has no unit in HOL" in results["PERMIT F ENG"][1]
    assert results["F ENG - HEL"][0] == "fails"


def test_permit_is_understood_everywhere_and_refused_without_the_module(classic):
    order = parse_order("PERMIT F ENG", "GERMANY", classic.map)
    assert (order.kind, order.target, order.canonical()) == ("permit", "ENG", "PERMIT F ENG")
    results, _ = move(classic, {"GERMANY": ["A HOL"], "FRANCE": ["F ENG"]}, {"GERMANY": ["PERMIT F ENG"]})
    assert "not part of this game's rules" in results["PERMIT F ENG"][1]


def test_checks_and_shape(classic_with):
    g = classic_with({"canals": {"canals": [{"between": ["ENG", "NOWHERE"], "through": "SWI"}]}})
    messages = [d.message for d in structural_checks(g)]
    assert any("no province 'NOWHERE'" in m for m in messages)
    assert any("no unit can stand in SWI" in m for m in messages)
    g = classic_with({"canals": {"canals": [{"between": ["ENG"], "through": "HOL"}]}})
    assert any("'canals' must be a list of" in m for _, _, m in g.modules.problems)


def test_the_page_example_is_found_on_the_map_and_plays_as_the_rule_says(canal_game):
    from generator.families.diplomacy.rules import _example
    from generator.families.diplomacy.rules.canals import MODULE, example_of
    found, _, mismatches = _example.play(canal_game, example_of(canal_game))
    assert mismatches == [] and found["orders"]["AUSTRIA"] == ["PERMIT F ENG"]
    page = MODULE.pages(canal_game, canal_game.modules.params("canals"))[0]
    assert "## Example" in page.content and "`F ENG - HEL`" in page.content
