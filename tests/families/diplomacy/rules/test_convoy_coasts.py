"""convoy_coasts: a fleet in a listed coastal province convoys as a fleet at sea does.

Written from the rule (Edwardian's rules page: "a fleet in Gibraltar is allowed to
convoy"; its ConvoyCoasts classes accept a convoy order from a fleet in a listed
province and any chain of fleets along fleet borders as the route). The tests make
Denmark such a coast on the standard map: its fleet reaches Kiel, Sweden, the
Skagerrak, the North Sea, Helgoland Bight and the Baltic."""
import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules import _example
from generator.families.diplomacy.rules.convoy_coasts import MODULE, example_of

DENMARK = {"convoy_coasts": {"provinces": ["DEN"]}}


@pytest.fixture
def den_game(classic_with):
    return classic_with(DENMARK)


def move(game, units, orders):
    resp = adjudicate(game, {"phase": "S1901M", "units": units, "orders": orders})
    return {r["order"]: (r["result"], r["reason"], r["legal"]) for r in resp["results"]}, resp


def test_without_the_module_a_coastal_fleet_cannot_convoy(classic):
    results, resp = move(classic, {"GERMANY": ["A KIE", "F DEN"]},
                         {"GERMANY": ["A KIE - SWE", "F DEN C A KIE - SWE"]})
    assert not results["F DEN C A KIE - SWE"][2]
    assert sorted(resp["after"]["units"]["GERMANY"]) == ["A KIE", "F DEN"]


def test_a_fleet_in_a_convoy_coast_convoys_between_two_coasts_it_reaches(den_game):
    results, resp = move(den_game, {"GERMANY": ["A KIE", "F DEN"]},
                         {"GERMANY": ["A KIE - SWE", "F DEN C A KIE - SWE"]})
    assert results["F DEN C A KIE - SWE"][0] == "succeeds"
    assert results["A KIE - SWE"][0] == "succeeds"
    assert sorted(resp["after"]["units"]["GERMANY"]) == ["A SWE", "F DEN"]


def test_it_is_one_link_of_a_longer_chain_through_the_seas(den_game):
    results, resp = move(den_game, {"GERMANY": ["A KIE", "F DEN", "F NTH"]},
                         {"GERMANY": ["A KIE - LON", "F DEN C A KIE - LON", "F NTH C A KIE - LON"]})
    assert results["A KIE - LON"][0] == "succeeds"
    assert "A LON" in resp["after"]["units"]["GERMANY"]


def test_a_dislodged_convoying_fleet_disrupts_the_convoy(den_game):
    results, resp = move(den_game, {"GERMANY": ["A KIE", "F DEN"], "RUSSIA": ["F BAL", "F SKA"]},
                         {"GERMANY": ["A KIE - SWE", "F DEN C A KIE - SWE"],
                          "RUSSIA": ["F BAL - DEN", "F SKA S F BAL - DEN"]})
    assert results["F BAL - DEN"][0] == "succeeds"
    assert results["A KIE - SWE"][0] == "fails"
    assert "A KIE" in resp["after"]["units"]["GERMANY"]


def test_the_province_stays_a_coast_armies_enter_it(den_game):
    results, _ = move(den_game, {"GERMANY": ["A KIE"]}, {"GERMANY": ["A KIE - DEN"]})
    assert results["A KIE - DEN"][0] == "succeeds"


def test_a_convoyed_army_still_needs_its_convoy_ordered(den_game):
    results, _ = move(den_game, {"GERMANY": ["A KIE", "F DEN"]}, {"GERMANY": ["A KIE - SWE", "F DEN H"]})
    assert results["A KIE - SWE"][0] != "succeeds"


def test_checks_refuse_a_sea_a_land_province_and_an_unknown_one(classic_with):
    g = classic_with({"convoy_coasts": {"provinces": ["NTH", "MUN", "NOWHERE"]}})
    messages = [d.message for d in structural_checks(g)]
    assert any("NTH is a sea province, not a coast" in m for m in messages)
    assert any("MUN is a land province, not a coast" in m for m in messages)
    assert any("no province 'NOWHERE'" in m for m in messages)


def test_the_page_example_is_found_on_the_map_and_plays_as_the_rule_says(den_game):
    found, response, mismatches = _example.play(den_game, example_of(den_game))
    assert mismatches == []
    page = MODULE.pages(den_game, den_game.modules.params("convoy_coasts"))[0]
    assert "Coasts that convoy" in page.content and "succeeds" in page.content


def test_webdiplomacys_array_and_classes_become_the_module():
    assert recognised({"ConvoyCoasts": {}, "convoyCoasts": ["GIB"]}) == {"convoy_coasts": {"provinces": ["GIB"]}}
    assert recognised({"CoastConvoy": {}}) == {"convoy_coasts": {"provinces": []}}
