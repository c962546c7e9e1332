"""railways: one army of a power travels along a railway a turn, blocked by other powers' units.

Written from the rule (Colonial's rules page, version 2.2, "The Trans-Siberian Railroad",
and its v12.TSR cases: B blocking, C no attack, D queueing). The tests lay a railway for
Russia on the standard map: St Petersburg - Moscow - Warsaw - Galicia - Vienna, each
station next to the one before it."""
import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules import _example
from generator.families.diplomacy.rules.railways import MODULE, example_of

LINE = {"railways": {"railways": [{"route": ["STP", "MOS", "WAR", "GAL", "VIE"], "powers": ["RUSSIA"]}]}}


@pytest.fixture
def rail_game(classic_with):
    return classic_with(LINE)


def move(game, units, orders):
    resp = adjudicate(game, {"phase": "S1901M", "units": units, "orders": orders})
    return {r["order"]: (r["result"], r["reason"], r["legal"]) for r in resp["results"]}, resp


def units_of(resp, power):
    return sorted(resp["after"]["units"].get(power, []))


# A: who may travel, and where

def test_without_the_module_the_order_is_refused(classic):
    results, resp = move(classic, {"RUSSIA": ["A STP"]}, {"RUSSIA": ["A STP RAIL VIE"]})
    assert not results["A STP RAIL VIE"][2]
    assert units_of(resp, "RUSSIA") == ["A STP"]


def test_an_army_travels_the_whole_line_on_an_empty_railway(rail_game):
    results, resp = move(rail_game, {"RUSSIA": ["A STP"]}, {"RUSSIA": ["A STP RAIL VIE"]})
    assert results["A STP RAIL VIE"][0] == "succeeds"
    assert units_of(resp, "RUSSIA") == ["A VIE"]
    assert any("travels to A VIE" in line for line in resp["trace"])


def test_it_travels_the_other_way_too(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A VIE"]}, {"RUSSIA": ["A VIE RAIL MOS"]})
    assert units_of(resp, "RUSSIA") == ["A MOS"]


def test_another_power_may_not_use_it(rail_game):
    results, _ = move(rail_game, {"AUSTRIA": ["A VIE"]}, {"AUSTRIA": ["A VIE RAIL STP"]})
    assert not results["A VIE RAIL STP"][2] and "only RUSSIA" in results["A VIE RAIL STP"][1]


def test_a_fleet_may_not_and_a_station_off_the_line_is_refused(rail_game):
    results, _ = move(rail_game, {"RUSSIA": ["F STP/SC", "A MOS"]},
                      {"RUSSIA": ["F STP/SC RAIL MOS", "A MOS RAIL UKR"]})
    assert not results["F STP/SC RAIL MOS"][2] and "only armies" in results["F STP/SC RAIL MOS"][1]
    assert not results["A MOS RAIL UKR"][2] and "no railway" in results["A MOS RAIL UKR"][1]


def test_only_one_army_of_a_power_travels_a_turn(rail_game):
    results, resp = move(rail_game, {"RUSSIA": ["A MOS", "A STP"]},
                         {"RUSSIA": ["A MOS RAIL VIE", "A STP RAIL GAL"]})
    assert results["A MOS RAIL VIE"][0] == "succeeds"
    assert results["A STP RAIL GAL"][0] == "fails" and "one unit of a power" in results["A STP RAIL GAL"][1]
    assert units_of(resp, "RUSSIA") == ["A STP", "A VIE"]


# B: what blocks the line

def test_a_foreign_unit_holding_on_the_line_stops_the_journey_before_it(rail_game):
    results, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A GAL"]},
                         {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A GAL H"]})
    assert results["A STP RAIL VIE"][0] == "succeeds" and "as far as WAR" in results["A STP RAIL VIE"][1]
    assert units_of(resp, "RUSSIA") == ["A WAR"] and units_of(resp, "GERMANY") == ["A GAL"]


def test_a_foreign_unit_that_supports_blocks_even_when_dislodged(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A WAR"], "AUSTRIA": ["A UKR", "A SIL"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A WAR S A SIL - GAL"],
                    "AUSTRIA": ["A UKR - WAR", "A SIL H"]})
    assert units_of(resp, "RUSSIA") == ["A MOS"]


def test_a_foreign_unit_leaving_the_line_opens_its_station(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A WAR"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A WAR - PRU"]})
    assert units_of(resp, "RUSSIA") == ["A VIE"] and units_of(resp, "GERMANY") == ["A PRU"]


def test_it_opens_its_station_even_when_it_fails_to_leave_but_the_army_cannot_stop_there(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A WAR"], "AUSTRIA": ["A SIL"]},
                   {"RUSSIA": ["A STP RAIL WAR"], "GERMANY": ["A WAR - PRU"], "AUSTRIA": ["A SIL - PRU"]})
    assert units_of(resp, "RUSSIA") == ["A MOS"] and units_of(resp, "GERMANY") == ["A WAR"]
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A WAR"], "AUSTRIA": ["A SIL"]},
                   {"RUSSIA": ["A STP RAIL GAL"], "GERMANY": ["A WAR - PRU"], "AUSTRIA": ["A SIL - PRU"]})
    assert units_of(resp, "RUSSIA") == ["A GAL"]


def test_a_foreign_unit_moving_along_the_line_blocks_its_station(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A WAR"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A WAR - GAL"]})
    assert units_of(resp, "RUSSIA") == ["A MOS"]


def test_a_foreign_unit_getting_onto_the_line_blocks_it(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "AUSTRIA": ["A BUD"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "AUSTRIA": ["A BUD - GAL"]})
    assert units_of(resp, "RUSSIA") == ["A WAR"] and units_of(resp, "AUSTRIA") == ["A GAL"]


def test_a_foreign_unit_held_out_by_a_third_does_not_block(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "AUSTRIA": ["A BUD"], "TURKEY": ["A RUM"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "AUSTRIA": ["A BUD - GAL"], "TURKEY": ["A RUM - GAL"]})
    assert units_of(resp, "RUSSIA") == ["A VIE"]


def test_a_foreign_unit_held_out_only_by_a_unit_failing_to_leave_blocks(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A WAR"], "AUSTRIA": ["A SIL", "A BOH"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A WAR - SIL"],
                    "AUSTRIA": ["A SIL - WAR", "A BOH - SIL"]})
    assert units_of(resp, "RUSSIA") == ["A MOS"]


def test_the_travellers_own_units_do_not_block_and_it_queues_behind_them(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP", "A WAR"]}, {"RUSSIA": ["A STP RAIL VIE", "A WAR H"]})
    assert units_of(resp, "RUSSIA") == ["A VIE", "A WAR"]
    _, resp = move(rail_game, {"RUSSIA": ["A STP", "A GAL"], "GERMANY": ["A VIE"]},
                   {"RUSSIA": ["A STP RAIL VIE", "A GAL H"], "GERMANY": ["A VIE H"]})
    assert units_of(resp, "RUSSIA") == ["A GAL", "A WAR"]


def test_a_russian_unit_moving_into_a_station_does_not_block(rail_game):
    # "Russian units along the route do not block the TSR" (adjMoveTSRhelper: preventers of
    # countryID 6 are skipped)
    _, resp = move(rail_game, {"RUSSIA": ["A STP", "A UKR"]}, {"RUSSIA": ["A STP RAIL VIE", "A UKR - WAR"]})
    assert units_of(resp, "RUSSIA") == ["A VIE", "A WAR"]


def test_a_unit_held_out_both_by_the_unit_failing_to_leave_and_by_a_standoff_does_not_block(rail_game):
    # preventerTestSuccess: an entrant blocks when it beats every other entrant; here Austria and
    # Turkey stand each other off in Warsaw, whose German army tries to leave (and fails): the
    # station is open and the journey goes through
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A WAR"], "ITALY": ["A BER"],
                               "AUSTRIA": ["A UKR"], "TURKEY": ["A SIL"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A WAR - PRU"], "ITALY": ["A BER - PRU"],
                    "AUSTRIA": ["A UKR - WAR"], "TURKEY": ["A SIL - WAR"]})
    assert units_of(resp, "RUSSIA") == ["A VIE"] and units_of(resp, "GERMANY") == ["A WAR"]


def test_a_foreign_unit_in_a_head_to_head_with_the_traveller_blocks_half_way(rail_game):
    # v12.TSR.E3: "if the other unit in such a Head-To-Head-Move is non-Russian ... the route
    # is blocked even half way between the territories"; the foreign unit does not get in either
    results, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A MOS"]},
                         {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A MOS - STP"]})
    assert results["A STP RAIL VIE"][0] == "fails" and results["A MOS - STP"][0] == "fails"
    assert units_of(resp, "RUSSIA") == ["A STP"] and units_of(resp, "GERMANY") == ["A MOS"]


def test_a_foreign_unit_leaving_the_destination_along_the_line_lets_it_in(rail_game):
    # adjMoveTSR at the destination asks only whether its unit moves away and succeeds
    # (defenderMoving); the "moves along the route" block is the helpers' (the stations before)
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A GAL"]},
                   {"RUSSIA": ["A STP RAIL GAL"], "GERMANY": ["A GAL - VIE"]})
    assert units_of(resp, "RUSSIA") == ["A GAL"] and units_of(resp, "GERMANY") == ["A VIE"]
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A GAL"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A GAL - VIE"]})
    assert units_of(resp, "RUSSIA") == ["A WAR"] and units_of(resp, "GERMANY") == ["A VIE"]


def test_it_may_travel_to_the_next_station(rail_game):
    # "The TSR can be used for neighboring territories on the route, as well"
    results, resp = move(rail_game, {"RUSSIA": ["A STP"]}, {"RUSSIA": ["A STP RAIL MOS"]})
    assert results["A STP RAIL MOS"][0] == "succeeds" and units_of(resp, "RUSSIA") == ["A MOS"]


# C: the journey never attacks

def test_it_never_cuts_a_support(rail_game):
    # v12.TSR.C2: "impossible to cut supports with the TSR move": the German army in Vienna
    # still gives its support, and the Russian army stops before Vienna
    results, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A VIE", "A BOH"], "ITALY": ["A TYR"]},
                         {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A VIE S A BOH - TYR", "A BOH - TYR"],
                          "ITALY": ["A TYR H"]})
    assert results["A VIE S A BOH - TYR"][0] == "succeeds" and results["A BOH - TYR"][0] == "succeeds"
    assert units_of(resp, "RUSSIA") == ["A GAL"] and resp["after"]["dislodged"]["ITALY"][0]["unit"] == "A TYR"


def test_it_enters_a_destination_whose_unit_leaves_and_stops_before_one_whose_unit_fails_to(rail_game):
    # v12.TSR.C4: "one can still try to enter a territory with unit speculating that it will
    # leave the territory in the same turn" (adjMoveTSR: the defender must move and succeed)
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A VIE"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A VIE - BOH"]})
    assert units_of(resp, "RUSSIA") == ["A VIE"] and units_of(resp, "GERMANY") == ["A BOH"]
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A VIE", "A MUN"]},
                   {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A VIE - BOH", "A MUN - BOH"]})
    assert units_of(resp, "RUSSIA") == ["A GAL"]


def test_an_occupied_destination_is_not_attacked(rail_game):
    results, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A VIE"]},
                         {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A VIE S A VIE"]})
    assert units_of(resp, "GERMANY") == ["A VIE"] and units_of(resp, "RUSSIA") == ["A GAL"]
    assert resp["after"].get("dislodged", {}) in ({}, None) or "VIE" not in resp["after"]["dislodged"]


def test_a_standoff_at_the_destination_stops_it_before(rail_game):
    _, resp = move(rail_game, {"RUSSIA": ["A STP"], "AUSTRIA": ["A BUD"], "TURKEY": ["A RUM"]},
                   {"RUSSIA": ["A STP RAIL GAL"], "AUSTRIA": ["A BUD - GAL"], "TURKEY": ["A RUM - GAL"]})
    assert units_of(resp, "RUSSIA") == ["A WAR"]


def test_dislodged_at_its_first_station_it_does_not_travel(rail_game):
    results, resp = move(rail_game, {"RUSSIA": ["A MOS"], "TURKEY": ["A SEV", "A UKR"]},
                         {"RUSSIA": ["A MOS RAIL VIE"], "TURKEY": ["A SEV - MOS", "A UKR S A SEV - MOS"]})
    assert results["A MOS RAIL VIE"][0] == "fails" and "dislodged" in results["A MOS RAIL VIE"][1]
    assert "A MOS" in units_of(resp, "TURKEY")


def test_a_support_to_hold_the_travelling_army_is_refused(rail_game):
    # the journey is a move (adjMoveTSR): its hold strength takes no support, so a supported
    # attack dislodges a traveller that cannot leave, whatever support-hold it is given
    results, resp = move(rail_game, {"RUSSIA": ["A MOS", "A STP"], "TURKEY": ["A SEV", "A UKR"],
                                     "GERMANY": ["A WAR"]},
                         {"RUSSIA": ["A MOS RAIL VIE", "A STP S A MOS"],
                          "TURKEY": ["A SEV - MOS", "A UKR S A SEV - MOS"], "GERMANY": ["A WAR H"]})
    assert not results["A STP S A MOS"][2] and "cannot be supported to hold" in results["A STP S A MOS"][1]
    assert results["A SEV - MOS"][0] == "succeeds" and resp["after"]["dislodged"]["RUSSIA"][0]["unit"] == "A MOS"
    # a unit whose rail order is refused holds, and may be supported to hold
    results, resp = move(rail_game, {"RUSSIA": ["F STP/SC", "A MOS"], "GERMANY": ["A FIN", "A LVN"]},
                         {"RUSSIA": ["F STP/SC RAIL MOS", "A MOS S F STP/SC"],
                          "GERMANY": ["A FIN - STP", "A LVN S A FIN - STP"]})
    assert not results["F STP/SC RAIL MOS"][2] and results["A MOS S F STP/SC"][0] == "succeeds"
    assert results["A FIN - STP"][0] == "fails" and resp["after"]["dislodged"] == {}


def test_blocked_at_the_first_station_it_stays(rail_game):
    results, resp = move(rail_game, {"RUSSIA": ["A STP"], "GERMANY": ["A MOS"]},
                         {"RUSSIA": ["A STP RAIL VIE"], "GERMANY": ["A MOS H"]})
    assert results["A STP RAIL VIE"][0] == "fails" and "MOS is blocked" in results["A STP RAIL VIE"][1]
    assert units_of(resp, "RUSSIA") == ["A STP"]


def test_the_province_it_leaves_is_free_for_a_retreat_and_centres_follow_the_army(rail_game):
    resp = adjudicate(rail_game, {"phase": "F1901M", "units": {"RUSSIA": ["A STP"], "AUSTRIA": ["A BUD"]},
                                  "centers": {"RUSSIA": ["STP"], "AUSTRIA": ["VIE", "BUD"]},
                                  "orders": {"RUSSIA": ["A STP RAIL VIE"]}})
    assert sorted(resp["after"]["centers"]["RUSSIA"]) == ["STP", "VIE"]
    _, resp = move(rail_game, {"RUSSIA": ["A MOS"], "TURKEY": ["A UKR"], "AUSTRIA": ["A GAL", "A RUM"]},
                   {"RUSSIA": ["A MOS RAIL STP"], "AUSTRIA": ["A GAL - UKR", "A RUM S A GAL - UKR"]})
    [turkish] = resp["after"]["dislodged"]["TURKEY"]
    assert "MOS" in turkish["retreats"] and units_of(resp, "RUSSIA") == ["A STP"]


# checks, page, import

def test_checks_name_a_gap_in_the_line_a_sea_station_and_an_unknown_power(classic_with):
    g = classic_with({"railways": {"railways": [{"route": ["STP", "WAR", "BAL"], "powers": ["ATLANTIS"]}]}})
    messages = [d.message for d in structural_checks(g)]
    assert any("WAR does not border STP" in m for m in messages)
    assert any("BAL is a sea province" in m for m in messages)
    assert any("no power 'ATLANTIS'" in m for m in messages)


def test_checks_say_when_no_railway_is_listed(classic_with):
    messages = [d.message for d in structural_checks(classic_with({"railways": {}}))]
    assert any("lists no railway" in m for m in messages)


def test_the_page_example_is_found_on_the_map_and_plays_as_the_rule_says(rail_game):
    found, response, mismatches = _example.play(rail_game, example_of(rail_game))
    assert mismatches == []
    page = MODULE.pages(rail_game, rail_game.modules.params("railways"))[0]
    assert "A STP RAIL VIE" in page.content and "## Example" in page.content


def test_colonials_tsr_classes_and_array_are_the_module():
    params = recognised({"TSR": {"powers": ["RUSSIA"]}, "transSibTerritories": ["MOS", "PER", "OMS"]})
    assert params["railways"] == {"railways": [{"route": ["MOS", "PER", "OMS"], "powers": ["RUSSIA"]}]}
