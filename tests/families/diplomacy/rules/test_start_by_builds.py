"""start_by_builds: the opening builds choose where a power starts (Classic - 1897).

The rule text (variants/Classic1897/rules.html): "The game starts in Autumn 1897 when each
player reveals which of their regular home supply centres will be their initial home
supply centre by building a unit on that center." Its classes: processOrderBuilds orders
one build a power in the first turn; userOrderBuilds lets it stand on any owned vacant
centre; processGame's updateOwners, after that first build phase, gives each territory
with a unit to the unit's owner and no other territory to anyone."""
from pathlib import Path

from generator.families.diplomacy.api import adjudicate

HOMES = {"ENGLAND": ["EDI", "LVP", "LON"], "FRANCE": ["BRE", "PAR", "MAR"], "RUSSIA": ["MOS", "SEV", "WAR", "STP"]}
OPENING = {"start": {"phase": "W1897A", "units": {}, "centers": HOMES},
           "default_builds": {"ENGLAND": ["F LON"], "FRANCE": ["A PAR"], "RUSSIA": ["A MOS"]}}
RULES = {"custom_start": {}, "start_by_builds": {}}
REQUEST = {"phase": "W1897A", "units": {}, "centers": HOMES}


def outcomes(resp):
    return [(r["order"], r["result"]) for r in resp["results"]]


def test_a_power_reveals_its_initial_centre_by_building_on_it(classic_with):
    # "each player reveals which of their regular home supply centres will be their initial home
    # supply centre by building a unit on that center": England builds in Edinburgh, not London.
    g = classic_with(RULES, **OPENING)
    resp = adjudicate(g, dict(REQUEST, orders={"ENGLAND": ["F EDI B"]}))
    assert ("F EDI B", "succeeds") in outcomes(resp)
    assert resp["after"]["units"]["ENGLAND"] == ["F EDI"]
    assert resp["after"]["centers"]["ENGLAND"] == ["EDI"]      # Liverpool and London are neutral now


def test_one_build_in_the_opening_whatever_the_centres(classic_with):
    # Classic1897's first turn orders one build a power (its default builds; custom_start plays
    # that count): Russia owns four home centres and still builds one unit.
    g = classic_with(RULES, **OPENING)
    resp = adjudicate(g, dict(REQUEST, orders={"RUSSIA": ["A WAR B", "A MOS B"]}))
    assert outcomes(resp)[-2:] == [("A WAR B", "succeeds"), ("A MOS B", "fails")]
    assert resp["after"]["centers"]["RUSSIA"] == ["WAR"]


def test_a_silent_power_builds_its_default_build_and_keeps_that_centre(classic_with):
    g = classic_with(RULES, **OPENING)
    resp = adjudicate(g, dict(REQUEST, orders={}))
    assert resp["after"]["centers"] == {"ENGLAND": ["LON"], "FRANCE": ["PAR"], "RUSSIA": ["MOS"]}
    assert resp["after"]["phase"] == "S1898M"


def test_after_the_opening_the_standard_count_and_ownership(classic_with):
    # the next winter is no opening: builds are centres less units, and centres stay owned
    g = classic_with(RULES, **OPENING)
    resp = adjudicate(g, {"phase": "W1898A", "units": {"ENGLAND": ["F LON"]},
                          "centers": {"ENGLAND": ["LON", "LVP", "EDI"]},
                          "orders": {"ENGLAND": ["A LVP B", "F EDI B"]}})
    assert outcomes(resp) == [("A LVP B", "succeeds"), ("F EDI B", "succeeds")]
    assert resp["after"]["centers"]["ENGLAND"] == ["EDI", "LON", "LVP"]


def test_without_the_module_a_power_keeps_the_centres_it_did_not_build_on(classic_with):
    g = classic_with({"custom_start": {}}, **OPENING)
    resp = adjudicate(g, dict(REQUEST, orders={"ENGLAND": ["F EDI B", "A LVP B"]}))
    assert outcomes(resp)[:2] == [("F EDI B", "succeeds"), ("A LVP B", "fails")]     # one default build
    assert resp["after"]["centers"]["ENGLAND"] == ["EDI", "LON", "LVP"]


def test_a_game_that_does_not_open_with_builds_is_reported(classic_with):
    from generator.families.diplomacy.checks_core import structural_checks
    g = classic_with({"start_by_builds": {}})
    messages = [d.message for d in structural_checks(g)]
    assert any("needs a game that opens with a build phase" in m for m in messages)


def test_the_page_example_plays_as_the_rule_says(classic_with):
    from generator.families.diplomacy.rules.start_by_builds import MODULE
    g = classic_with(RULES, **OPENING)
    assert MODULE.checks(g, {}) == []
    page = MODULE.pages(g, {})[0].content
    assert "owns after the opening: Edinburgh." in page and "succeeds" in page


WEBDIP = Path(__file__).resolve().parents[3] / "data" / "webdip"


def test_classic1897s_classes_are_the_modules():
    # Classic1897's processGame (opening builds first; ownership by units after them), its
    # builds classes (any owned centre until turn 4, then the centres of turn 4's archive) and
    # its first turn's one build a power, at the capital
    from generator.importers.webdiplomacy import ImportOptions, import_variant
    result = import_variant(WEBDIP / "Classic1897", ImportOptions())
    assert result.data["default_builds"]["ENGLAND"] == ["F LONDON"] and result.data["start"]["phase"] == "W1897A"
    assert all(len(units) == 1 for units in result.data["default_builds"].values())
    assert result.game["rules"] == {"custom_start": {}, "home_centres_in_play": {"date": "S1900M"},
                                    "start_by_builds": {}}
    assert result.game["status"] == "complete"
    assert not [d for d in result.diagnostics if d.code == "IMP013"]


def test_custom_starts_opening_builds_as_many_units_as_the_default_builds(classic_with):
    # DutchRevolt's rules page: "Everyone starts with only 2 builds, but 3 SC's under their
    # control" (webDiplomacy's CustomStart create() orders exactly the $countryUnits builds);
    # the centres stay owned (no start_by_builds there)
    g = classic_with({"custom_start": {}}, start={"phase": "W1554A", "units": {}, "centers": HOMES},
                     default_builds={"FRANCE": ["A PAR", "A MAR"]})
    resp = adjudicate(g, {"phase": "W1554A", "units": {}, "centers": {"FRANCE": ["BRE", "PAR", "MAR"]},
                          "orders": {"FRANCE": ["F BRE B", "A PAR B", "A MAR B"]}})
    assert outcomes(resp) == [("F BRE B", "succeeds"), ("A PAR B", "succeeds"), ("A MAR B", "fails")]
    assert resp["after"]["centers"]["FRANCE"] == ["BRE", "MAR", "PAR"]
    later = adjudicate(g, {"phase": "W1555A", "units": {}, "centers": {"FRANCE": ["BRE", "PAR", "MAR"]},
                           "orders": {"FRANCE": ["F BRE B", "A PAR B", "A MAR B"]}})
    assert [r["result"] for r in later["results"]] == ["succeeds"] * 3        # only the opening
