"""build_sites in the BuildFlags form: a home centre where its own power may not build.

Written from Baron1900's rules page (tests/data/webdip/Baron1900/rules.html, "The Short
Rules"): "Britain & France start with Egypt & Algeria, respectively, but can't build there."
webDiplomacy plays it with install.php's buildEligibilityFlags column (`$britainFlag = 1 << 2`
on London, Liverpool and Edinburgh, none on Egypt) and the BuildBasedOnFlags builds classes,
whose queries allow an owned vacant centre only when its flags carry the country's bit."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.importers.webdip_classes import build_flags
from generator.importers.webdiplomacy import import_variant

BARON = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Baron1900"


@pytest.fixture(scope="module")
def baron():
    result = import_variant(BARON)
    return result, game_from_data("baron1900", result.game, result.data)


def outcomes(game, power, centres, orders):
    resp = adjudicate(game, {"phase": "W1901A", "units": {power: []}, "centers": {power: centres},
                             "orders": {power: orders}})
    return [(r["order"], r["result"]) for r in resp["results"]]


def test_the_flags_are_the_build_sites_and_only_they(baron):
    result, _ = baron
    sites = result.game["rules"]["build_sites"]
    assert sites["home"] is False
    assert sites["sites"]["BRITAIN"] == ["EDI", "LVP", "LON"] and sites["sites"]["FRANCE"] == ["BRE", "MAR", "PAR"]


def test_egypt_is_a_british_home_centre(baron):
    # "Britain & France start with Egypt & Algeria": they own them at the start
    _, game = baron
    assert "EGY" in game.start.centers["BRITAIN"] and "ALG" in game.start.centers["FRANCE"]


def test_britain_cannot_build_in_egypt(baron):
    # "... but can't build there": a build in vacant, owned Egypt fails, one in London succeeds
    _, game = baron
    assert outcomes(game, "BRITAIN", ["EGY", "LON", "EDI", "LVP"], ["F EGY B", "F LON B"]) == [
        ("F EGY B", "fails"), ("F LON B", "succeeds")]


def test_france_cannot_build_in_algeria(baron):
    _, game = baron
    assert outcomes(game, "FRANCE", ["ALG", "PAR", "BRE", "MAR"], ["A ALG B", "A PAR B"]) == [
        ("A ALG B", "fails"), ("A PAR B", "succeeds")]


def test_a_captured_flagged_centre_is_no_build_site_for_its_captor(baron):
    # the flags name the country: Germany owning London builds there no more than in Egypt
    _, game = baron
    assert outcomes(game, "GERMANY", ["LON", "BER"], ["F LON B", "F BER B"]) == [
        ("F LON B", "fails"), ("F BER B", "succeeds")]


def test_flags_read_as_numbers_or_shifted_variables():
    # the form in any variant: a literal bitmask, or `$name = 1 << n;`, bit n for countryID n
    rows = [{"name": "A"}, {"name": "B", "buildEligibilityFlags": 6},
            {"name": "C", "buildEligibilityFlags": type("V", (), {"name": "xFlag"})()}]
    assert build_flags(rows, "$xFlag = 1 << 3;") == {1: [2], 2: [2], 3: [3]}
    assert build_flags(rows, "") is None        # a variable never set: not read


def test_the_page_lists_the_sites_and_its_example_plays(baron):
    from generator.families.diplomacy.rules.build_sites import build_example, example_checks, pages
    _, game = baron
    params = game.modules.params("build_sites")
    assert build_example(game)["expect"]["results"] == {"A EDI B": "succeeds", "A EGY B": "fails"}
    assert example_checks(game, params) == []
    page = pages(game, params)[0].content
    assert "- Britain: Edinburgh, Liverpool, London." in page and "`A EGY B`" in page
