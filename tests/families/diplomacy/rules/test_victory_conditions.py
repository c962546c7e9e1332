"""victory_conditions: per-power centre targets and victory by holding named provinces."""
from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks

RUSSIA_8 = ["MOS", "STP", "WAR", "SEV", "RUM", "BUL", "SWE", "NWY"]


def fall(game, units, centers):
    return adjudicate(game, {"phase": "F1905M", "units": units, "centers": centers, "orders": {}})


def test_a_power_reaching_its_own_target_wins(classic_with):
    g = classic_with({"victory_conditions": {"targets": {"RUSSIA": 8}}})
    resp = fall(g, {"RUSSIA": ["A MOS"]}, {"RUSSIA": RUSSIA_8, "TURKEY": ["ANK", "CON"]})
    assert resp["after"]["winner"] == "RUSSIA"
    assert "RUSSIA owns 8 supply centres and wins (its target is 8)" in resp["trace"]


def test_standard_rule_needs_eighteen(classic):
    assert fall(classic, {"RUSSIA": ["A MOS"]}, {"RUSSIA": RUSSIA_8})["after"]["winner"] is None


def test_holding_named_provinces_wins_and_a_land_province_counts_when_occupied(classic_with):
    g = classic_with({"victory_conditions": {"provinces": {"ITALY": ["ROM", "TYR"]}}})
    centers = {"ITALY": ["ROM", "VEN", "NAP"]}
    assert fall(g, {"ITALY": ["A VEN"]}, centers)["after"]["winner"] is None      # TYR empty
    resp = fall(g, {"ITALY": ["A TYR"]}, centers)
    assert resp["after"]["winner"] == "ITALY"
    assert "ITALY holds ROM, TYR and wins" in resp["trace"]


def test_two_qualifying_powers_with_equal_centres_make_no_winner(classic_with):
    g = classic_with({"victory_conditions": {"targets": {"RUSSIA": 2, "TURKEY": 2}}})
    assert fall(g, {}, {"RUSSIA": ["MOS", "STP"], "TURKEY": ["ANK", "CON"]})["after"]["winner"] is None
    resp = fall(g, {}, {"RUSSIA": ["MOS", "STP", "WAR"], "TURKEY": ["ANK", "CON"]})
    assert resp["after"]["winner"] == "RUSSIA"


def test_checks_name_the_bad_values(classic_with):
    g = classic_with({"victory_conditions": {"targets": {"RUSSIA": 99, "MARS": 3},
                                             "provinces": {"ITALY": ["ATLANTIS"]}}})
    messages = [d.message for d in structural_checks(g)]
    assert any("RUSSIA's target of 99 centres is more than the map's 34" in m for m in messages)
    assert any("unknown power 'MARS'" in m for m in messages)
    assert any("no province 'ATLANTIS'" in m for m in messages)
    g = classic_with({"victory_conditions": {"targets": {"RUSSIA": "many"}}})
    assert any("positive whole number" in m for _, _, m in g.modules.problems)
