"""Builds classes of a variant's own read for what they do: an opening build phase whose
other turns build anywhere (ClassicChaos: the CustomStart code and the BuildAnywhere code
in one create(), and BuildAnywhere's apply()) is custom_start with build_anywhere."""
import time

import pytest

from generator.families.diplomacy.rules import recognised
from generator.importers.webdip_classes import read_classes
from generator.importers.webdip_variant import VariantPhp

OPENING = """if ($Game->turn == 0) {
            $UnitINSERTs = array();
            foreach($this->countryUnits as $countryName => $params) {
                foreach($params as $terrName=>$unitType) {
                    $unitType = "Build " . $unitType;
                    $UnitINSERTs[] = "(".$Game->id.", '".$unitType."')";
                }
            }
            $DB->sql_put("INSERT INTO wD_Orders ( gameID, countryID, toTerrID, type ) VALUES "
                         .implode(', ', $UnitINSERTs));
        }"""
ANYWHERE = """else {
            $newOrders = array();
            foreach($Game->Members->ByID as $Member ) {
                if ( $Member->unitNo > $Member->supplyCenterNo ) { $type = 'Destroy'; }
                elseif ( $Member->unitNo < $Member->supplyCenterNo ) { $type = 'Build Army'; }
            }
        }"""
APPLY = """public function apply() {
        global $Game, $DB;
        $tabl = $DB->sql_tabl("SELECT o.id, o.countryID FROM wD_Orders o
            WHERE o.type = 'Destroy' AND m.success = 'No' AND o.gameID = ".$Game->id);
        list($unitID, $terrID) = $DB->sql_row("SELECT u.id FROM wD_Units u WHERE t.supply = 'No'
            ORDER BY RAND() LIMIT 1");
        $DB->sql_put("INSERT INTO wD_Units ( gameID, countryID, type, terrID ) SELECT o.gameID");
    }"""
USER = """class VVariant_userOrderBuilds extends userOrderBuilds {
    protected function toTerrIDCheck() {
        if( $this->type == 'Build Army' ) {
            return $this->sqlCheck("SELECT t.id FROM wD_TerrStatus ts
                INNER JOIN wD_Territories t ON ( t.id = ts.terrID )
                WHERE ts.gameID = ".$this->gameID." AND ts.countryID = ".$this->countryID."
                AND ts.occupyingUnitID IS NULL AND t.id=".$this->toTerrID." AND t.supply = 'Yes'
                AND NOT t.type='Sea'");
        }
        elseif( $this->type == 'Build Fleet' ) { return false; }
    }
}"""


def _facts(tmp_path, create_else: str, apply: str = APPLY):
    classes = tmp_path / "V" / "classes"
    classes.mkdir(parents=True)
    process = ("class VVariant_processOrderBuilds extends processOrderBuilds {\n"
               "    protected $countryUnits = array('A' => array('X' => 'Army'));\n"
               "    public function create() {\n        global $DB, $Game;\n        " + OPENING + "\n        "
               + create_else + "\n    }\n    " + apply + "\n}")
    (classes / "processOrderBuilds.php").write_text("<?php\n" + process, encoding="utf-8")
    (classes / "userOrderBuilds.php").write_text("<?php\n" + USER, encoding="utf-8")
    return read_classes(tmp_path, VariantPhp(folder="V", countries=["A"],
                                             classes={"processOrderBuilds": "V", "userOrderBuilds": "V"}))


def test_an_opening_then_build_anywhere_is_build_anywhere_with_default_builds(tmp_path):
    facts = _facts(tmp_path, ANYWHERE)
    assert facts.unmodelled == []
    assert "build_anywhere" in recognised(facts.found)
    assert facts.default_builds == {"A": {"X": "Army"}}


def test_another_apply_or_another_other_turn_stays_not_modelled(tmp_path):
    facts = _facts(tmp_path / "apply", ANYWHERE, APPLY.replace("ORDER BY RAND()", "ORDER BY u.id"))
    assert "build_anywhere" not in recognised(facts.found) and facts.unmodelled
    facts = _facts(tmp_path / "else", ANYWHERE.replace("'Destroy'", "'Retreat'"))
    assert "build_anywhere" not in recognised(facts.found) and facts.unmodelled


@pytest.mark.parametrize("cls, text", [
    # a victory test with unclosed conditions: each scanned to its end would be quadratic
    ("processMembers", "class V_processMembers extends processMembers {\nfunction checkForWinner() {\n"
     "parent::checkForWinner(); wD_TerrStatus;\n" + "if (\n" * 30_000 + "return false; }}"),
    # fog code looked for in 30,000 functions of one name
    ("userOrderDiplomacy", "class VVariant_userOrderDiplomacy extends userOrderDiplomacy {\n"
     + "function checkConvoyPath() { return true; }\n" * 30_000 + "}"),
], ids=["conditions", "fog-functions"])
def test_hostile_code_costs_linear_time(tmp_path, cls, text):
    (tmp_path / "V" / "classes").mkdir(parents=True)
    (tmp_path / "V" / "classes" / f"{cls}.php").write_text("<?php\n" + text, encoding="utf-8")
    start = time.process_time()
    read_classes(tmp_path, VariantPhp(folder="V", classes={cls: "V"}))
    assert time.process_time() - start < 3
