"""points_by_share: the points at the end shared by each power's units and centres against
its starting share (Rinascimento's CustomPoints: my_potShareRatios). The numbers below are
worked by hand from that code for three powers starting with half, a quarter and a quarter."""
import pytest

from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules.points_by_share import MODULE, example, shares

START = {"A": 0.5, "B": 0.25, "C": 0.25}


def test_powers_that_kept_their_share_get_an_even_part():
    assert shares(START, {"A": 4, "B": 2, "C": 2}) == pytest.approx({"A": 1 / 3, "B": 1 / 3, "C": 1 / 3})


def test_a_loser_loses_in_proportion_and_the_gainer_takes_it():
    # A 5/8 (+0.125), B 1/8: lost half its share, so half of its third (1/6) goes to A
    assert shares(START, {"A": 5, "B": 1, "C": 2}) == pytest.approx({"A": 0.5, "B": 1 / 6, "C": 1 / 3})


def test_an_eliminated_power_gets_nothing_and_its_part_goes_to_the_gainers():
    assert shares(START, {"A": 6, "B": 0, "C": 2}) == pytest.approx({"A": 2 / 3, "B": 0.0, "C": 1 / 3})


def test_a_share_within_the_rounding_of_the_start_is_the_start():
    # C's 0.2502 rounds to 0.250 (webDiplomacy rounds to three decimals): its part is even
    parts = shares(START, {"A": 4997, "B": 2501, "C": 2502})
    assert parts["C"] == pytest.approx(1 / 3)


def test_no_units_or_centres_left_gives_nobody_anything():
    assert shares(START, {}) == {"A": 0.0, "B": 0.0, "C": 0.0}


def test_checks_name_an_unknown_power_a_missing_one_and_shares_not_adding_up(classic_with):
    g = classic_with({"points_by_share": {"start_shares": {"ENGLAND": 0.5, "ATLANTIS": 0.2}}})
    messages = [d.message for d in structural_checks(g)]
    assert any("no power 'ATLANTIS'" in m for m in messages)
    assert any("no starting share for AUSTRIA" in m for m in messages)
    assert any("add up to 0.700, not 1" in m for m in messages)


def test_the_page_example_is_computed_from_the_start(classic_with):
    even = {p: 1 / 7 for p in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")}
    g = classic_with({"points_by_share": {"start_shares": even}})
    held, parts = example(g, g.modules.params("points_by_share"))
    assert held["AUSTRIA"] == 7 and held["ENGLAND"] == 5      # Austria took one of England's centres
    assert parts["AUSTRIA"] > 1 / 7 > parts["ENGLAND"] and sum(parts.values()) == pytest.approx(1)
    page = MODULE.pages(g, g.modules.params("points_by_share"))[0]
    assert "## Example" in page.content and "| AUSTRIA | 7 |" in page.content


def test_rinascimentos_custom_points_and_its_start_percentages_are_the_module():
    params = recognised({"CustomPoints": {"i_percent": {"VENEZIA": 0.148, "PISA": 0.037}}})
    assert params["points_by_share"] == {"start_shares": {"VENEZIA": 0.148, "PISA": 0.037}}
