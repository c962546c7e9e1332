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


# also_own, written from TenSixtySix's rule: "Victory is achieved by controlling the majority of
# supply centres (at least 10 of the 18) and your capital and one other capital."
CAPITALS = {"also_own": {"RUSSIA": [["MOS"], ["CON", "VIE"]]}, "targets": {"RUSSIA": 8}}


def test_the_target_wins_only_with_the_own_capital_and_one_of_the_other_capitals(classic_with):
    g = classic_with({"victory_conditions": CAPITALS})
    without = [c for c in RUSSIA_8 if c != "MOS"] + ["SMY"]          # 8 centres, not Moscow
    assert fall(g, {"RUSSIA": ["A WAR"]}, {"RUSSIA": without})["after"]["winner"] is None
    assert fall(g, {"RUSSIA": ["A WAR"]}, {"RUSSIA": RUSSIA_8})["after"]["winner"] is None   # no other capital
    resp = fall(g, {"RUSSIA": ["A WAR"]}, {"RUSSIA": RUSSIA_8 + ["VIE"]})
    assert resp["after"]["winner"] == "RUSSIA"
    assert "RUSSIA owns 9 supply centres and owns MOS, CON or VIE and wins (its target is 8)" in resp["trace"]


def test_the_powers_page_says_what_a_power_needs(classic_with):
    from generator.families.diplomacy.pages import powers_page
    page = powers_page(classic_with({"victory_conditions": CAPITALS}))
    assert "- Russia wins with 8 supply centres only when it also owns Moscow, Constantinople or Vienna." \
        in page.content


def test_the_capitals_without_the_target_do_not_win(classic_with):
    g = classic_with({"victory_conditions": CAPITALS})
    assert fall(g, {}, {"RUSSIA": ["MOS", "VIE", "CON"]})["after"]["winner"] is None


def test_also_own_checks_and_shape(classic_with):
    g = classic_with({"victory_conditions": {"also_own": {"RUSSIA": [["MOS"], ["TYR", "NOWHERE"]]}}})
    messages = [d.message for d in structural_checks(g)]
    assert any("'TYR' is not a supply centre" in m for m in messages)
    assert any("'NOWHERE' is not a supply centre" in m for m in messages)
    g = classic_with({"victory_conditions": {"also_own": {"RUSSIA": ["MOS"]}}})
    assert any("'also_own' must map each power id to a list of groups" in m for _, _, m in g.modules.problems)


TEN_SIXTY_SIX = """class OccupieTargetSCs_processMembers extends processMembers
{
    function checkForWinner()
    {
        global $DB, $Game;
        $win=parent::checkForWinner();
        if ($win != false)
        {
            $tabl=$DB->sql_tabl("SELECT terrID, countryID FROM wD_TerrStatus WHERE terrID IN (11,45,54)");
            while(list($terrID, $countryID) = $DB->tabl_row($tabl))
                $status[$terrID]=$countryID;
            if ($win->countryID == 1 AND $status[11] == 1 AND ($status[45] == 1 OR $status[54] == 1)) return $win;
            if ($win->countryID == 2 AND $status[54] == 2 AND ($status[11] == 2 OR $status[45] == 2)) return $win;
        }
        return false;
    }
}"""


def test_a_victory_test_of_owned_territories_is_read_from_the_classes(tmp_path):
    from generator.families.diplomacy.rules import recognised
    from generator.importers.webdip_classes import read_classes
    from generator.importers.webdip_variant import VariantPhp
    (tmp_path / "V" / "classes").mkdir(parents=True)
    (tmp_path / "V" / "classes" / "processMembers.php").write_text("<?php\n" + TEN_SIXTY_SIX, encoding="utf-8")
    facts = read_classes(tmp_path, VariantPhp(folder="V", classes={"processMembers": "V"}))
    assert facts.found == {"TargetCentres": {"by_country": {1: [[11], [45, 54]], 2: [[54], [11, 45]]}}}
    assert facts.unmodelled == []
    assert recognised({"TargetCentres": {"also_own": {"A": [["X"]]}}}) == \
        {"victory_conditions": {"also_own": {"A": [["X"]]}}}
    # a test of something else (a count of units) stays not modelled
    (tmp_path / "V" / "classes" / "processMembers.php").write_text(
        "<?php\n" + TEN_SIXTY_SIX.replace("$status[54] == 2 AND", "count($units) > 3 AND"), encoding="utf-8")
    facts = read_classes(tmp_path, VariantPhp(folder="V", classes={"processMembers": "V"}))
    assert facts.found == {} and len(facts.unmodelled) == 1
