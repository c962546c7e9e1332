"""custom_countries: the powers of a game are chosen when it is made; the others are absent.

Rule text: ClassicVS's rules.html (vDiplomacy, variants/ClassicVS) and its CustomCountries
classes (adjudicatorPreGame.php, processOrderBuilds.php, userOrderBuilds.php), copied in
tests/data/webdip/ClassicVS.
"""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.rules import modules, recognised
from generator.families.diplomacy.rules.custom_countries import choice_problems, draw, start_with

DATA = Path(__file__).resolve().parents[3] / "data" / "webdip"
IRG = ["ITALY", "RUSSIA", "GERMANY"]


@pytest.fixture(scope="module")
def vs():
    import yaml
    from generator.families.diplomacy.loading import game_from_data
    repo = Path(__file__).resolve().parents[4]
    data = yaml.safe_load((repo / "content" / "classic" / "map.yaml").read_text(encoding="utf-8"))
    return game_from_data("classic-vs", {"title": "Classic VS", "rules": {"custom_countries": {"most": 7}}}, data)


def results(game, request):
    return [(r["order"], r["result"]) for r in adjudicate(game, request)["results"]]


def test_the_chosen_powers_start_alone(vs):
    # rules.html: '"Testgame (IRG)" will set up a 3-player game with Italy, Russia and Germany';
    # assignUnits drops the $countryUnits of the countries not in the game
    start = start_with(vs, IRG)
    assert sorted(start["units"]) == sorted(IRG) == sorted(start["centers"])
    assert sorted(start["units"]["ITALY"]) == ["A ROM", "A VEN", "F NAP"]
    assert sorted(start["centers"]["RUSSIA"]) == ["MOS", "SEV", "STP", "WAR"]


def test_an_absent_powers_home_centre_is_empty_and_neutral(vs):
    # assignTerritories gives only the chosen countries their territories: Trieste (Austria's)
    # is an empty neutral centre, entered unopposed and owned after the fall
    out = adjudicate(vs, {"phase": "F1901M", **start_with(vs, IRG), "orders": {"ITALY": ["A VEN - TRI"]}})
    assert [(r["order"], r["result"]) for r in out["results"]] == [("A VEN - TRI", "succeeds")]
    assert sorted(out["after"]["centers"]["ITALY"]) == ["NAP", "ROM", "TRI", "VEN"]
    assert out["after"]["adjustments"] == {"ITALY": 1}


def test_builds_only_on_the_centres_held_at_the_start(vs):
    # processOrderBuilds/userOrderBuilds: "Use the turn-1 SC's": a build needs a vacant centre the
    # player held at the start (its power's home centres), not a captured absent power's home
    start = start_with(vs, IRG)
    winter = {"phase": "W1901A", "units": {**start["units"], "ITALY": ["F NAP", "A TRI"]},
              "centers": {**start["centers"], "ITALY": ["NAP", "ROM", "TRI", "VEN"]}}
    assert results(vs, {**winter, "orders": {"ITALY": ["A VEN B", "A BUD B"]}}) == [
        ("A VEN B", "succeeds"), ("A BUD B", "fails")]
    captured = {**winter, "units": {**winter["units"], "ITALY": ["F NAP", "A VEN", "A ROM"]},
                "centers": {**winter["centers"], "ITALY": ["NAP", "ROM", "VEN", "TRI", "BUD"]}}
    assert results(vs, {**captured, "orders": {"ITALY": ["A TRI B", "A BUD B"]}}) == [
        ("A TRI B", "fails"), ("A BUD B", "fails")]


def test_random_powers_are_drawn_among_those_nobody_picked(vs):
    # rules.html: '"Testgame (?I??)" will open a game with Italy and 3 random countries'
    # (adjudicatorPreGame: each "?" replaced by a letter of a country not in use, drawn once)
    import random
    for seed in range(20):
        powers = draw(vs, [None, "ITALY", None, None], random.Random(seed))
        assert powers[1] == "ITALY" and len(set(powers)) == 4
        assert choice_problems(vs, powers, vs.modules.params("custom_countries")) == []
    assert draw(vs, [None] * 7, random.Random(1)) != draw(vs, [None] * 7, random.Random(2))
    assert sorted(draw(vs, [None] * 7, random.Random(1))) == sorted(vs.map.powers)


def test_which_choices_make_a_game(vs, classic_with):
    # rules.html: "If there is only one country (or none) recognized it will open a standard
    # classic game with 7 players" -- a game takes two powers or more, each once
    assert choice_problems(vs, IRG, vs.modules.params("custom_countries")) == []
    params = vs.modules.params("custom_countries")
    assert choice_problems(vs, ["ITALY"], params) == ["1 powers chosen; a game takes 2 to 7"]
    assert "a power is chosen twice" in choice_problems(vs, ["ITALY", "ITALY"], params)
    assert choice_problems(vs, ["ITALY", "MARS"], params) == ["no power 'MARS'"]
    fixed = classic_with({"custom_countries": {"groupings": [["ENGLAND", "FRANCE"], ["GERMANY", "RUSSIA"]]}})
    fixed_params = fixed.modules.params("custom_countries")
    assert choice_problems(fixed, ["RUSSIA", "GERMANY"], fixed_params) == []
    assert choice_problems(fixed, ["ENGLAND", "RUSSIA"], fixed_params) == [
        "the powers chosen are none of the groupings the variant allows"]


def test_bad_parameters_are_reported(classic_with):
    g = classic_with({"custom_countries": {"most": 9, "groupings": [["ENGLAND", "MARS"]]}})
    messages = [d.message for d in structural_checks(g)]
    assert any("most is 9, but the map has 7 powers" in m for m in messages)
    assert any("grouping 1: no power 'MARS'" in m for m in messages)
    g = classic_with({"custom_countries": {"fewest": "two"}})
    assert any("'fewest' must be a whole number" in m for _, _, m in g.modules.problems)


def test_the_page_example_is_played_by_the_engine(vs):
    page = modules()["custom_countries"].pages(vs, vs.modules.params("custom_countries"))[0]
    # Classic's first powers, Austria and England: Austria rebuilds in Budapest, not in France's Brest
    assert "| Austria | `A BUD B` | ✔ succeeds |" in page.content
    assert "| Austria | `F BRE B` | ✘ illegal | illegal: BRE is not a home centre of AUSTRIA |" in page.content


def test_webdiplomacys_custom_countries_are_the_module():
    # the CustomCountries mixin, the countries named by the pre-game class, variant.php's
    # $countries the players' seats
    assert recognised({"CustomCountries": {}, "PickedCountries": {"most": 7}}) == {
        "custom_countries": {"fewest": 2, "most": 7}}


def test_classicvs_imports_complete_with_the_classic_powers(tmp_path):
    from generator.importers.webdiplomacy import import_variant
    imported = import_variant(DATA / "ClassicVS")
    data = imported.data
    assert [p["id"] for p in data["powers"]] == ["ENGLAND", "FRANCE", "ITALY", "GERMANY", "AUSTRIA", "TURKEY",
                                                 "RUSSIA"]
    assert data["start"]["units"]["ENGLAND"] == ["F LONDON", "F EDINBURGH", "A LIVERPOOL"]
    assert "NEUTRAL" not in data["start"]["units"]
    assert imported.game["rules"] == {"custom_countries": {"fewest": 2, "most": 7}}
    assert imported.game["status"] == "complete"
    assert "IMP013" not in {d.code for d in imported.diagnostics}
