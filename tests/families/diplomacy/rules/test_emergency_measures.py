"""emergency_measures: a power holding some but not all of its home centres keeps an extra unit
and may build in a place that is no centre.

Written from Baron1900's rules page (tests/data/webdip/Baron1900/rules.html, "The Russian
Emergency Measures Rule"): "Whenever Russia possesses at least one, BUT NOT ALL FOUR, of its
original home supply centers, it is entitled to maintain one extra unit on the map (i.e., one
more than the number of supply centers it currently controls). Additionally, while Russia is in
this condition, the Russian player may use Siberia as a build site during the adjustment phase,
if Siberia is unoccupied. Should Russia fail to possess at least one home supply center OR should
it regain possession of all four of its home supply centers, the ability to maintain an extra
unit is lost and any excess units must be disbanded during the subsequent adjustment phase.
Further, Siberia reverts too its normal status (i.e., it is no longer a build site)", and "The
Short Rules": "Siberia isn't an SC. It doesn't matter if Siberia changes color." And from its
classes: processMembers checkForUnitSCDifference (an adjustment phase is due when Russia's units
!= centres + 1 under the rule), processOrderBuilds diffForRussianEMR (builds and removals counted
against supplyCenterNo + 1), userOrderBuilds (`Build Army` in terrID 54, Siberia, vacant), each
asking `terrID IN(86,91,92,97) AND countryID=6` for more than 0 and fewer than 4.

Most tests play the imported Baron1900; the last ones the module on the standard map."""
from pathlib import Path

import pytest

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules._engine import pages, problems
from generator.families.diplomacy.rules.emergency_measures import examples
from generator.importers.webdip_classes import _emergency, ClassFacts
from generator.importers.webdiplomacy import import_variant

BARON = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Baron1900"
HOMES = ["MOS", "SEV", "STP", "WAR"]


@pytest.fixture(scope="module")
def baron():
    result = import_variant(BARON)
    return result, game_from_data("baron1900", result.game, result.data)


def play(game, phase, units, centres, orders=None):
    return adjudicate(game, {"phase": phase, "units": {"RUSSIA": units}, "centers": {"RUSSIA": centres},
                             "orders": {"RUSSIA": orders or []}})


def results(resp):
    return {r["order"]: r["result"] for r in resp["results"]}


# A: what the import reads

def test_the_classes_are_the_module_with_their_own_ids(baron):
    # `terrID IN(86,91,92,97) AND countryID=6`, `supplyCenterNo + 1`, `toTerrID != 54` with
    # `$this->type != 'Build Army'`: Russia, its four home centres, one extra unit, an army in Siberia
    result, _ = baron
    assert result.game["rules"]["emergency_measures"] == {"power": "RUSSIA", "centres": HOMES, "sites": ["SIB"],
                                                          "extra": 1, "unit": "A"}
    assert not [d for d in result.diagnostics if d.code == "IMP013" and "emergency" in d.message]


def test_siberia_is_no_centre(baron):
    # "Siberia isn't an SC."
    _, g = baron
    assert not g.map.provinces["SIB"].supply_center and g.map.provinces["SIB"].type == "land"
    assert problems(g) == []


# B: the extra unit

def test_two_of_four_homes_and_one_unit_more_than_centres_removes_nothing(baron):
    # "it is entitled to maintain one extra unit on the map": two centres, three units, no disband
    _, g = baron
    units = ["A MOS", "A SIB", "F SEV"]
    resp = play(g, "W1901A", units, ["MOS", "SEV"], ["A SIB D"])
    assert results(resp) == {"A SIB D": "fails"}
    assert sorted(resp["after"]["units"]["RUSSIA"]) == sorted(units)


def test_and_after_the_fall_no_adjustment_phase_is_due(baron):
    # checkForUnitSCDifference: the builds phase is due when Russia's units != centres + 1
    _, g = baron
    resp = play(g, "F1901M", ["A MOS", "A SIB", "F SEV"], ["MOS", "SEV"], ["A MOS H", "A SIB H", "F SEV H"])
    assert resp["after"]["phase"] == "S1902M" and resp["after"]["adjustments"] == {}


def test_units_equal_to_centres_build_one_and_siberia_may_take_it(baron):
    # "the Russian player may use Siberia as a build site during the adjustment phase, if
    # Siberia is unoccupied": two centres, two units, one build, in Siberia
    _, g = baron
    resp = play(g, "W1901A", ["A MOS", "F SEV"], ["MOS", "SEV"], ["A SIB B", "A WAR B"])
    assert results(resp) == {"A SIB B": "succeeds", "A WAR B": "fails"}
    assert sorted(resp["after"]["units"]["RUSSIA"]) == ["A MOS", "A SIB", "F SEV"]


def test_the_announced_position_says_the_same_count(baron):
    # the fall that leaves Russia two centres and two units announces one build (api and adjudicator agree)
    _, g = baron
    resp = play(g, "F1901M", ["A MOS", "F SEV"], ["MOS", "SEV"], ["A MOS H", "F SEV H"])
    assert resp["after"]["phase"] == "W1901A" and resp["after"]["adjustments"] == {"RUSSIA": 1}


def test_siberia_needs_no_owner_but_must_be_vacant(baron):
    # "It doesn't matter if Siberia changes color": another power's unit standing there blocks the build
    _, g = baron
    resp = adjudicate(g, {"phase": "W1901A", "units": {"RUSSIA": ["A MOS"], "GERMANY": ["A SIB"]},
                          "centers": {"RUSSIA": ["MOS", "SEV"]}, "orders": {"RUSSIA": ["A SIB B"]}})
    assert results(resp) == {"A SIB B": "fails"}
    assert "occupied" in resp["results"][0]["reason"]


def test_a_fleet_cannot_be_built_in_siberia(baron):
    # userOrderBuilds lets only 'Build Army' into Siberia; Siberia is inland
    _, g = baron
    resp = play(g, "W1901A", ["A MOS"], ["MOS", "SEV"], ["F SIB B"])
    assert results(resp) == {"F SIB B": "fails"}


# C: when the rule is not in effect

@pytest.mark.parametrize("owned", [HOMES, ["RUM", "SWE"]], ids=["all four", "none"])
def test_all_or_no_home_centres_give_no_extra_unit(baron, owned):
    # "Should Russia fail to possess at least one home supply center OR should it regain possession
    # of all four ... any excess units must be disbanded"
    _, g = baron
    units = [f"A {c}" for c in owned] + ["A SIB"]
    resp = play(g, "W1901A", units, owned, ["A SIB D"])
    assert results(resp) == {"A SIB D": "succeeds"}
    assert len(resp["after"]["units"]["RUSSIA"]) == len(owned)


def test_siberia_is_refused_when_not_in_effect(baron):
    # "Further, Siberia reverts too its normal status (i.e., it is no longer a build site)"
    _, g = baron
    resp = play(g, "W1901A", ["A MOS", "F SEV"], HOMES, ["A SIB B", "A WAR B"])
    assert results(resp) == {"A SIB B": "fails", "A WAR B": "succeeds"}


def test_another_power_has_no_emergency(baron):
    # the rule is Russia's: Germany holding two of its three home centres keeps no extra unit
    _, g = baron
    resp = adjudicate(g, {"phase": "W1901A", "units": {"GERMANY": ["A BER", "A KIE", "A SIB"]},
                          "centers": {"GERMANY": ["BER", "KIE"]}, "orders": {"GERMANY": ["A SIB D"]}})
    assert results(resp) == {"A SIB D": "succeeds"}


# D: the page and the recognition

def test_the_page_examples_are_played_by_the_engine(baron):
    _, g = baron
    params = g.modules.params("emergency_measures")
    assert len(examples(g, params)) == 3
    [page] = [p for p in pages(g) if p.path == "emergency-measures.md"]
    assert "Siberia (an army only)" in page.content and page.content.count("## Example") == 3
    assert "✔ succeeds" in page.content and "✘" in page.content


def test_the_form_is_read_with_other_ids():
    # the same classes for another country and territories: read from the text, not Baron1900's ids
    codes = {cls: (f"X/classes/{cls}.php", (BARON / "classes" / f"{cls}.php").read_text(encoding="utf-8")
                   .replace("86,91,92,97", "3, 4, 5").replace("countryID=6", "countryID=2")
                   .replace("< 4", "< 3").replace("!= 54", "!= 7"))
             for cls in ("userOrderBuilds", "processOrderBuilds", "processMembers")}
    facts = ClassFacts(code=codes)
    _emergency(facts)
    assert facts.found["EmergencyMeasures"] == {"country_terr_ids": {2: [3, 4, 5]}, "extra": 1,
                                                "terr_id_sides": [[7]], "unit": "A"}
    assert recognised({"EmergencyMeasures": {"by_power": {"P": ["A", "B"]}, "sides": [["S"]], "extra": 2,
                                             "unit": "A"}})["emergency_measures"] == {
        "power": "P", "centres": ["A", "B"], "sites": ["S"], "extra": 2, "unit": "A"}


ANOTHER_RULE = "function more() { return 2; }\n function checkForUnitSCDifference"


@pytest.mark.parametrize("old, new", [("< 4", "< 3"), ("function checkForUnitSCDifference", ANOTHER_RULE)],
                         ids=["not some but not all", "a function of another rule"])
def test_other_code_is_left_not_modelled(old, new):
    # `< 3` of four territories is another rule, and so is a function that is not the rule's: nothing
    # found, the classes stay not modelled
    codes = {cls: (f"X/classes/{cls}.php", (BARON / "classes" / f"{cls}.php").read_text(encoding="utf-8")
                   .replace(old, new)) for cls in ("userOrderBuilds", "processOrderBuilds", "processMembers")}
    facts = ClassFacts(code=codes, unmodelled=[("X/classes/processMembers.php", 5, "P overrides f of processMembers")])
    _emergency(facts)
    assert "EmergencyMeasures" not in facts.found
    assert "emergency measures are not modelled (adjustment phase)" in facts.unmodelled[0][2]


# E: the module on the standard map

def test_default_centres_are_the_home_centres_and_extra_counts(classic_with):
    # two extra units while Austria holds one or two of Vienna, Budapest, Trieste
    g = classic_with({"emergency_measures": {"power": "AUSTRIA", "extra": 2, "sites": ["BOH", "GAL"]}})
    assert problems(g) == []
    resp = adjudicate(g, {"phase": "W1901A", "units": {"AUSTRIA": []}, "centers": {"AUSTRIA": ["VIE"]},
                          "orders": {"AUSTRIA": ["A BOH B", "A GAL B", "A VIE B", "A TYR B"]}})
    assert results(resp) == {"A BOH B": "succeeds", "A GAL B": "succeeds", "A VIE B": "succeeds",
                             "A TYR B": "fails"}


def test_the_checks_name_what_does_not_fit(classic_with):
    g = classic_with({"emergency_measures": {"power": "AUSTRIA", "centres": ["VIE", "BOH"], "sites": ["ALB", "NOPE"],
                                             "unit": "A"}})
    said = {p.pointer: p.message for p in problems(g)}
    assert "'BOH' is not a supply centre" in said["/rules/emergency_measures/centres/1"]
    assert "both units can stand in 'ALB'" in said["/rules/emergency_measures/sites/0"]
    assert "no province 'NOPE'" in said["/rules/emergency_measures/sites/1"]
    g = classic_with({"emergency_measures": {"power": "MARS"}})
    assert [p.pointer for p in problems(g)] == ["/rules/emergency_measures/power"]
    g = classic_with({"emergency_measures": {"power": "AUSTRIA", "extra": 0}})
    assert g.modules.problems == [("emergency_measures", "extra", "'extra' must be a positive whole number")]


def test_without_sites_the_page_still_plays_the_kept_unit(classic_with):
    # the extra unit alone (no build site): the fall leaves Austria one centre and two units, no winter
    g = classic_with({"emergency_measures": {"power": "AUSTRIA"}})
    assert problems(g) == []        # the checks play the page's examples: they agree with the rule
    [(shown, example)] = examples(g, g.modules.params("emergency_measures"))
    assert example["expect"]["phase"] == "S1902M" and len(example["units"]["AUSTRIA"]) == 2
    [page] = pages(g)
    assert page.content.count("## Example") == 1 and "no winter of adjustments" in page.content
