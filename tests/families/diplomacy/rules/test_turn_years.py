"""turn_years: the years a turn stands for.

Written from The Dutch Revolt's rules page (tests/data/webdip/DutchRevolt/rules.html): "Each
turn is 5 years, with a build phase after every 10th year (the first one after 1560)." and its
variant.php: `turnAsDate($turn) { if ($turn==-1) return "Pre-game"; else return
(floor($turn*5) + 1555); }` - turn 0 (the first spring) 1555, turn 1 (its fall, then the first
build phase) 1560, turn 2 1565. The phase ids keep the engine's years; the site and the API
show the years the rule gives."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.phase_view import phase_title
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules.turn_years import MODULE, shown_year
from generator.importers.webdip_variant import read_variant
from generator.importers.webdiplomacy import import_variant

DUTCH = Path(__file__).resolve().parents[3] / "data" / "webdip" / "DutchRevolt"
START = {"start": {"phase": "S1555M", "units": {}, "centers": {}}}


@pytest.fixture
def five(classic_with):
    return classic_with({"turn_years": {"years": 5}}, **START)


def years(game, phase, centers=None):
    return adjudicate(game, {"phase": phase, "units": {}, "centers": centers or {}, "orders": {}}).get("years")


def test_each_turn_is_five_years(five):
    # "Each turn is 5 years": turn 0 (spring) 1555, turn 1 (fall) 1560, turn 2 (next spring) 1565
    assert years(five, "S1555M") == {"phase": 1555, "after": 1560}
    assert years(five, "F1555M") == {"phase": 1560, "after": 1565}
    assert years(five, "S1556M") == {"phase": 1565, "after": 1570}


def test_the_build_phase_is_its_falls_year(five):
    # "a build phase after every 10th year (the first one after 1560)": the winter stands for 1560
    assert shown_year(five, "W1555A", five.modules.params("turn_years")) == 1560
    assert phase_title("W1555A", five) == "Winter 1560, adjustments"
    assert phase_title("F1556M", five) == "Fall 1570, movement"


def test_an_opening_build_phase_is_the_first_springs_year(classic_with):
    # webDiplomacy plays the opening builds in turn 0, the year of the first spring (1555)
    g = classic_with({"turn_years": {"years": 5}}, start={"phase": "W1554A", "units": {}, "centers": {}})
    assert shown_year(g, "W1554A", g.modules.params("turn_years")) == 1555
    assert phase_title("S1555M", g) == "Spring 1555, movement"


def test_n_years_a_spring_autumn_pair(classic_with):
    # `floor($turn/2)*10 + 1900`: the spring and the fall of a pair stand for the same year
    g = classic_with({"turn_years": {"years": 10, "per": "year"}}, start={"phase": "S1900M", "units": {}, "centers": {}})
    assert years(g, "F1900M") == {"phase": 1900, "after": 1910}
    assert phase_title("S1902M", g) == "Spring 1920, movement"


def test_without_the_module_the_years_are_the_phase_ids(classic):
    assert "years" not in adjudicate(classic, {"phase": "F1901M", "units": {}, "centers": {}, "orders": {}})
    assert phase_title("F1901M", classic) == "Fall 1901, movement"


def test_checks_and_shapes(classic_with):
    bad = classic_with({"turn_years": {"years": 0, "per": "decade"}})
    problems = [m for _, _, m in bad.modules.problems]
    assert any("'years' must be a whole number" in m for m in problems)
    assert any("'per' must be one of turn, year" in m for m in problems)
    assert not [d for d in structural_checks(classic_with({"turn_years": {"years": 5}})) if "turn_years" in d.message]


def test_the_page_shows_the_years_the_engine_gives(five):
    page = MODULE.pages(five, five.modules.params("turn_years"))[0]
    assert "| `F1555M` | Fall 1560 |" in page.content and "| `S1556M` | Spring 1565 |" in page.content
    assert "leads to `S1556M` (Spring 1565)" in page.content


# import: turnAsDate's forms

def _variant(tmp_path, body):
    folder = tmp_path / "V"
    folder.mkdir()
    (folder / "variant.php").write_text("<?php\nclass VVariant extends WDVariant {\n public $countries=array('A');\n"
                                        " public function turnAsDate($turn) {\n  if ($turn==-1) return 'Pre-game';\n"
                                        f"  else return {body};\n }}\n}}\n", encoding="utf-8")
    return read_variant(tmp_path, "V")


@pytest.mark.parametrize("body, calendar, step, year", [
    ("(floor($turn*5) + 1555)", "other", 5, 1555),
    ("($turn*3 + 1700)", "other", 3, 1700),
    ("( $turn % 2 ? 'Autumn, ' : 'Spring, ' ).(floor($turn/2)*10 + 1900)", "stepped", 10, 1900),
    ("( $turn % 2 ? 'Autumn, ' : 'Spring, ' ).(floor($turn/2) + 1901)", "standard", 1, 1901)])
def test_turn_as_date_forms_are_read(tmp_path, body, calendar, step, year):
    v = _variant(tmp_path, body)
    assert (v.calendar, v.year_step, v.start_year) == (calendar, step, year)


def test_the_form_becomes_the_module():
    assert recognised({"TurnYears": {"years": 5}}) == {"turn_years": {"years": 5}}
    assert recognised({"TurnYears": {"years": 10, "per": "year"}}) == {"turn_years": {"years": 10, "per": "year"}}


def test_dutch_revolt_imports_its_five_years_a_turn_with_no_warning():
    result = import_variant(DUTCH)
    assert result.game["rules"]["turn_years"] == {"years": 5}
    assert result.data["start"]["phase"] == "W1554A"
    assert not [d for d in result.diagnostics if "turnAsDate" in d.message]
    g = game_from_data("dutch-revolt", result.game, result.data)
    assert years(g, "W1554A", g.start.centers) == {"phase": 1555, "after": 1555}


def test_the_api_response_with_years_matches_its_schema(five):
    # the response's optional `years` (schemas/adjudication-response.schema.json)
    from generator.schemas import validator
    response = adjudicate(five, {"phase": "F1555M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]},
                                 "orders": {"FRANCE": ["A PAR - BUR"]}})
    assert response["years"] == {"phase": 1560, "after": 1565}
    assert not list(validator("adjudication-response").iter_errors(response))
