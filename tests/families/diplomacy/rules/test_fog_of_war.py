"""fog_of_war: what each power sees (ClassicFog's rules page: units and supply centres see
their own territory and every territory bordering it); adjudication is unchanged."""
from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.rules import recognised
from generator.families.diplomacy.rules.fog_of_war import MODULE, visible
from generator.importers.webdip_classes import read_classes
from generator.importers.webdip_variant import VariantPhp


def test_a_power_sees_its_units_and_centres_and_what_borders_them(classic_with):
    g = classic_with({"fog_of_war": {}})
    seen = visible(g, "ENGLAND", {"ENGLAND": ["F LON", "A YOR"]}, {"ENGLAND": ["LVP"]})
    assert {"LON", "YOR", "LVP", "WAL", "ENG", "NTH", "EDI", "CLY", "IRI", "NAO"} <= seen
    assert "BRE" not in seen and "PAR" not in seen     # two borders away
    assert visible(g, "FRANCE", {}, {}) == set()


def test_a_unit_on_a_split_coast_sees_what_borders_the_whole_province(classic_with):
    g = classic_with({"fog_of_war": {}})
    seen = visible(g, "RUSSIA", {"RUSSIA": ["F STP/SC"]}, {})
    # the territory bordering it, by any border: BAR touches only the north coast
    assert {"BAR", "BOT", "FIN", "LVN", "MOS", "NWY"} <= seen


def test_orders_resolve_as_without_the_module(classic, classic_with):
    g = classic_with({"fog_of_war": {}})
    request = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
               "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}}
    assert adjudicate(g, request)["results"] == adjudicate(classic, request)["results"]


def test_the_page_says_what_each_power_sees_at_the_start(classic_with):
    g = classic_with({"fog_of_war": {}})
    page = MODULE.pages(g, {})[0]
    assert "| England |" in page.content and f"of {len(g.map.provinces)}" in page.content


def _read(tmp_path, cls: str, text: str):
    (tmp_path / "V" / "classes").mkdir(parents=True, exist_ok=True)
    (tmp_path / "V" / "classes" / f"{cls}.php").write_text("<?php\n" + text, encoding="utf-8")
    return read_classes(tmp_path, VariantPhp(folder="V", classes={cls: "V"}))


FOG_ORDERS = """class VVariant_userOrderDiplomacy extends userOrderDiplomacy {
    protected function supportMoveFromTerrCheck() { return true; }
    protected function checkConvoyPath($a, $b, $c=false, $d=false) { return true; }
}"""
FOG_ADJUDICATOR = """class VVariant_adjudicatorDiplomacy extends adjudicatorDiplomacy {
    function adjudicate() {
        global $DB;
        $fromids=array();
        $tabl = $DB->sql_tabl("SELECT terrID FROM wD_Moves WHERE gameID=".$GLOBALS['GAMEID']);
        while(list($terrID) = $DB->tabl_row($tabl)) $fromids[] = $terrID;
        if (!(empty($fromids)))
            $DB->sql_put("UPDATE wD_Moves SET moveType = 'Hold' WHERE moveType = 'Support move'
                AND gameID=".$GLOBALS['GAMEID']." AND fromTerrID NOT IN (".implode(",", $fromids).")");
        return parent::adjudicate();
    }
}"""


def test_classicfogs_own_classes_are_read_as_fog_and_other_code_is_not(tmp_path):
    for cls, text in (("userOrderDiplomacy", FOG_ORDERS), ("adjudicatorDiplomacy", FOG_ADJUDICATOR)):
        facts = _read(tmp_path / cls, cls, text)
        assert "Fog" in facts.found and facts.unmodelled == [], cls
        assert recognised(facts.found) == {"fog_of_war": {}}
    other = FOG_ORDERS.replace("{ return true; }\n    protected function checkConvoyPath",
                               "{ return $this->Unit->type == 'Army'; }\n    protected function checkConvoyPath")
    facts = _read(tmp_path / "other", "userOrderDiplomacy", other)
    assert [m for _, _, m in facts.unmodelled] == [
        "VVariant_userOrderDiplomacy overrides supportMoveFromTerrCheck of userOrderDiplomacy (which movement "
        "orders are legal) with the variant's own code"]
