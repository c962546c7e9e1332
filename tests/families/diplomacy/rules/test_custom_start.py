"""custom_start's opening sites: in the opening build phase a power may build on the places it
holds at the start, supply centres or not, in place of its centres.

Pirates (variants/Pirates): its rules page says "There is an initial build phase before the game
begins so players can choose their unit types" and "Pirates start with four units and all are on
the high seas (... their lack of starting SCs means they need to capture centres quickly ...)";
its classes/userOrderBuilds.php (BuildAnywhere_userOrderBuilds) accepts a build on a vacant
territory the country owns `AND (g.turn=0 OR t.supply = 'Yes')`, and install.php gives each
pirate its seas (the territories' countryID, which webDiplomacy's assignTerritories hands out).

DutchRevolt (variants/DutchRevolt): its rules page says "There is a special build for England the
first turn: he always gets 2 fleets and he can build them on Upper North Sea, North English Coast
or South English Coast"; its classes/userOrderBuilds.php returns true in turn 0 for country 1
only for `toTerrID == 1 || 4 || 5`, and parent::toTerrIDCheck() for the other countries."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.importers.webdiplomacy import ImportOptions, import_variant

WEBDIP = Path(__file__).resolve().parents[3] / "data" / "webdip"


@pytest.fixture(scope="module")
def pirates():
    result = import_variant(WEBDIP / "Pirates", ImportOptions())
    return game_from_data("pirates", result.game, result.data), result


@pytest.fixture(scope="module")
def dutch_revolt():
    result = import_variant(WEBDIP / "DutchRevolt", ImportOptions())
    return game_from_data("dutchrevolt", result.game, result.data), result


def opening(game, orders, units=None, phase=None):
    return adjudicate(game, {"phase": phase or game.start.phase, "units": units or {},
                             "centers": {p: list(c) for p, c in game.start.centers.items()}, "orders": orders})


def outcomes(resp, power):
    return [(r["order"], r["result"]) for r in resp["results"] if r["power"] == power]


def test_pirates_imports_every_opening_build(pirates):
    _, result = pirates
    assert result.data["default_builds"]["ISAAC_ROCHUSSEN"] == ["F MONA_PASSAGE", "A MID_ATLANTIC",
                                                                "F SOUTHEAST_CARIBBEAN_SEA"]
    assert not [d for d in result.diagnostics if d.code == "IMP013" and "opening builds" in d.message]
    sites = result.game["rules"]["custom_start"]["opening_sites"]
    assert sites["ISAAC_ROCHUSSEN"] == ["MID_ATLANTIC", "MONA_PASSAGE", "SOUTHEAST_CARIBBEAN_SEA"]
    assert "JAMAICA" in sites["ENGLAND"]        # a territory England holds, no centre: `g.turn=0 OR`


def test_a_silent_pirate_with_no_centre_builds_its_four_ships_on_the_high_seas(pirates):
    # "Pirates start with four units and all are on the high seas": no centre, four builds
    game, _ = pirates
    resp = opening(game, {})
    assert resp["after"]["units"]["THE_INFAMOUS_EL_GUAPO"] == [
        "F ISLA_DE_LOS_PINOS", "F NORTHERN_GULF_OF_MEXICO", "A WESTERN_GULF_OF_MEXICO", "A YUCHATAN_CHANNEL"]
    assert resp["after"]["units"]["ISAAC_ROCHUSSEN"] == ["A MID_ATLANTIC", "F MONA_PASSAGE",
                                                         "F SOUTHEAST_CARIBBEAN_SEA"]


def test_a_pirate_chooses_its_unit_types_on_its_own_seas_only(pirates):
    # "players can choose their unit types": Isaac builds a fleet where the default is an army;
    # a sea another pirate holds is no territory Isaac owns (`ts.countryID = this->countryID`)
    game, _ = pirates
    resp = opening(game, {"ISAAC_ROCHUSSEN": ["F MID_ATLANTIC B", "A BERMUDA_TRIANGLE B", "A MONA_PASSAGE B",
                                              "F SOUTHEAST_CARIBBEAN_SEA B"]})
    assert outcomes(resp, "ISAAC_ROCHUSSEN") == [("F MID_ATLANTIC B", "succeeds"), ("A BERMUDA_TRIANGLE B", "fails"),
                                                 ("A MONA_PASSAGE B", "succeeds"),
                                                 ("F SOUTHEAST_CARIBBEAN_SEA B", "succeeds")]


def test_a_european_power_may_build_on_a_territory_it_holds_that_is_no_centre(pirates):
    # `g.turn=0 OR t.supply = 'Yes'`: England holds Jamaica (no centre) at the start
    game, _ = pirates
    resp = opening(game, {"ENGLAND": ["F JAMAICA B", "A ST_KITTS B", "F BARBADOS B"]})
    assert outcomes(resp, "ENGLAND") == [("F JAMAICA B", "succeeds"), ("A ST_KITTS B", "succeeds"),
                                         ("F BARBADOS B", "succeeds")]


def test_after_the_opening_builds_stand_on_owned_centres_again(pirates):
    # the next build phase is no turn 0: `t.supply = 'Yes'` again (build anywhere on owned centres)
    game, _ = pirates
    resp = adjudicate(game, {"phase": "W1666A", "units": {}, "centers": {"ISAAC_ROCHUSSEN": ["HAVANA"]},
                             "orders": {"ISAAC_ROCHUSSEN": ["F MONA_PASSAGE B", "F HAVANA B"]}})
    assert outcomes(resp, "ISAAC_ROCHUSSEN") == [("F MONA_PASSAGE B", "fails"), ("F HAVANA B", "succeeds")]


def test_england_builds_two_fleets_in_its_three_seas_not_on_its_centres(dutch_revolt):
    # "he always gets 2 fleets and he can build them on Upper North Sea, North English Coast or
    # South English Coast": Norwich, an English centre, is not among them; a third build is one too many
    game, result = dutch_revolt
    assert result.data["default_builds"]["ENGLAND"] == ["F NORTH_ENGLISH_COAST", "F SOUTH_ENGLISH_COAST"]
    resp = opening(game, {"ENGLAND": ["A NORWICH B", "F UPPER_NORTH_SEA B", "F SOUTH_ENGLISH_COAST B",
                                      "F NORTH_ENGLISH_COAST B"]})
    assert outcomes(resp, "ENGLAND") == [("A NORWICH B", "fails"), ("F UPPER_NORTH_SEA B", "succeeds"),
                                         ("F SOUTH_ENGLISH_COAST B", "succeeds"), ("F NORTH_ENGLISH_COAST B", "fails")]


def test_the_other_powers_build_on_their_home_centres_as_usual(dutch_revolt):
    # parent::toTerrIDCheck() for every other country: "Everyone starts with only 2 builds, but 3
    # SC's under their control"
    game, _ = dutch_revolt
    resp = opening(game, {"FRANCE": ["A THIERACHE B", "F NORTH_ENGLISH_COAST B", "A ARRAS B"]})
    assert outcomes(resp, "FRANCE") == [("A THIERACHE B", "succeeds"), ("F NORTH_ENGLISH_COAST B", "fails"),
                                        ("A ARRAS B", "succeeds")]
    assert resp["after"]["units"]["ENGLAND"] == ["F NORTH_ENGLISH_COAST", "F SOUTH_ENGLISH_COAST"]   # silent


def test_without_opening_sites_a_build_off_the_centres_fails(classic_with):
    # the standard custom start: builds on owned home centres only
    g = classic_with({"custom_start": {}}, default_builds={"ENGLAND": ["F LON"]},
                     start={"phase": "W1900A", "units": {}, "centers": {"ENGLAND": ["LON", "EDI", "LVP"]}})
    resp = adjudicate(g, {"phase": "W1900A", "units": {}, "centers": {"ENGLAND": ["LON", "EDI", "LVP"]},
                          "orders": {"ENGLAND": ["F NTH B"]}})
    assert outcomes(resp, "ENGLAND") == [("F NTH B", "fails")]


def test_opening_sites_of_an_unknown_power_or_province_and_builds_off_them_are_reported(game_copy):
    import yaml

    from generator.validate import validate_game
    game = game_copy("classic")
    doc = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    doc.setdefault("rules", {})["custom_start"] = {"opening_sites": {"ENGLAND": ["NTH", "XYZ"], "PRUSSIA": ["BER"]}}
    (game / "game.yaml").write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    data = yaml.safe_load((game / "map.yaml").read_text(encoding="utf-8"))
    data["default_builds"] = {"ENGLAND": ["F NTH", "F LON"]}
    data["start"] = {**data["start"], "phase": "W1900A", "units": {}}       # the game opens with builds
    (game / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    messages = [d.message for d in validate_game(game).diagnostics]
    assert any("opening site 'XYZ' is no province" in m for m in messages)
    assert any("unknown power 'PRUSSIA'" in m for m in messages)
    assert any("LON is not one of ENGLAND's opening sites" in m for m in messages)      # DIP010
    assert not any("NTH" in m for m in messages)


def test_the_powers_page_names_the_opening_sites(dutch_revolt):
    from generator.families.diplomacy.rules.custom_start import MODULE
    game, _ = dutch_revolt
    lines = MODULE.start(game, game.modules.params("custom_start"))
    assert lines[-1].endswith("England: Upper North Sea, North English Coast, South English Coast.")


def test_opening_sites_are_written_for_the_webdiplomacy_export(dutch_revolt):
    """The export writes England's turn-0 places in DutchRevolt's own userOrderBuilds form, so a
    re-import keeps England's opening fleets (tests/exporters/test_opening_export.py)."""
    from generator.exporters.webdiplomacy import params_not_exported
    game, _ = dutch_revolt
    assert ("custom_start", "opening_sites") not in [(m, p) for m, p, _ in params_not_exported(game)]
