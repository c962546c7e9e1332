"""victory_conditions' also_own out to webDiplomacy in TenSixtySix's form (a processMembers
checkForWinner that keeps webDiplomacy's winner only when it owns one centre of each group
listed for its country) and back through the importer; the class run under PHP with
stand-ins for webDiplomacy's processMembers and database decides as the module does."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from generator.commands.common import load_game
from generator.exporters.output import write_folder
from generator.exporters.webdiplomacy import export_variant, not_exported, params_not_exported
from generator.families.diplomacy.rules import RuleSet
from generator.importers.webdiplomacy import ImportOptions, import_variant
from webdip_php import php

ALSO_OWN = {"ENGLAND": [["LON"], ["PAR", "BER"]], "TURKEY": [["ROM"]]}


def _game(game_copy, rules: str):
    game_dir = game_copy("classic")
    meta = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(meta.replace("  datc_page: {}", "  datc_page: {}\n" + rules),
                                        encoding="utf-8")
    fam, game = load_game(str(game_dir))
    assert fam is not None, game
    return game_dir, game


def test_also_own_goes_out_as_target_centres_and_comes_back(game_copy, tmp_path):
    game_dir, game = _game(game_copy, f"  victory_conditions: {{also_own: {json.dumps(ALSO_OWN)}, "
                                      "targets: {RUSSIA: 20}}")
    assert not_exported(game) == []
    assert [(m, p) for m, p, _ in params_not_exported(game)] == [("victory_conditions", "targets")]
    result = export_variant(game, "classic/game.yaml")
    members = result.files["classes/processMembers.php"]
    assert "class TargetCentres_processMembers extends processMembers" in members
    assert "class ClassicVariant_processMembers extends TargetCentres_processMembers {}" in members
    assert "$this->variantClasses['processMembers'] = 'Classic';" in result.files["variant.php"]
    named = [d.message for d in result.diagnostics if d.code == "EXP001" and "victory_conditions" in d.message]
    assert len(named) == 1 and "parameter targets" in named[0]
    folder = tmp_path / "variants" / "Classic"
    write_folder(folder, result.files, [game_dir.parent])
    back = import_variant(folder, ImportOptions())
    assert back.game["rules"]["victory_conditions"] == {"also_own": ALSO_OWN}
    assert RuleSet(back.game["rules"]).params("victory_conditions")["targets"] == {}
    assert not [d for d in back.diagnostics if d.code == "IMP013"]


def test_without_also_own_the_module_is_named_not_written(game_copy):
    _, game = _game(game_copy, "  victory_conditions: {targets: {RUSSIA: 20}}")
    assert not_exported(game) == ["victory_conditions"]
    result = export_variant(game, "classic/game.yaml")
    assert "classes/processMembers.php" not in result.files
    assert any(d.code == "EXP001" and "victory_conditions is not exported" in d.message and "also_own" in d.message
               for d in result.diagnostics)


HARNESS = r"""<?php
define('IN_CODE', 1);
// stand-ins: webDiplomacy's winner and the centres' owners, from the test's JSON
$given = json_decode(file_get_contents($argv[2]), true);
class Member { public $countryID; function __construct($id) { $this->countryID = $id; } }
class processMembers {
	function checkForWinner() {
		global $given;
		return $given['winner'] ? new Member($given['winner']) : false;
	}
}
class Db {
	private $rows;
	function sql_tabl($sql) {
		global $given;
		preg_match('/terrID IN \(([0-9,]+)\)/', $sql, $m);
		$asked = explode(',', $m[1]);
		$this->rows = array();
		foreach ($given['owners'] as $terr => $country)
			if (in_array((string)$terr, $asked, true)) $this->rows[] = array((int)$terr, $country);
		return 1;
	}
	function tabl_row($tabl) { return array_shift($this->rows); }
}
$DB = new Db();
$Game = new stdClass(); $Game->id = 7;
require $argv[1];
$members = new ClassicVariant_processMembers();
$win = $members->checkForWinner();
echo json_encode($win ? $win->countryID : false);
"""


def test_the_exported_class_decides_as_the_module_does(game_copy, tmp_path):
    """The same positions through the module's victory hook and through the PHP class: England
    (country 1) reaches the target; it wins only with London and Paris or Berlin."""
    game_dir, game = _game(game_copy, f"  victory_conditions: {{also_own: {json.dumps(ALSO_OWN)}}}")
    result = export_variant(game, "classic/game.yaml")
    members = tmp_path / "processMembers.php"
    members.write_text(result.files["classes/processMembers.php"], encoding="utf-8")
    harness = tmp_path / "run.php"
    harness.write_text(HARNESS, encoding="utf-8")
    rows = {}
    for i, line in enumerate(result.files["install.php"].split("$territoryRawData=array(")[1].split(");")[0]
                             .strip().splitlines(), start=1):
        rows[line.split("'")[1].rsplit("(", 1)[1].rstrip(")")] = i     # 'London (LON)' -> terrID
    powers = list(game.map.powers)
    from generator.families.diplomacy.rules._engine import winner
    base = {p: list(c) for p, c in game.start.centers.items()}
    pool = sorted(c for c in game.map.supply_centers if c not in ("LON", "PAR", "BER"))[:17]
    for owned, php_says in ((pool + ["PAR"], False), (pool[:-1] + ["LON", "PAR"], "ENGLAND"),
                            (pool + ["LON"], False), (pool[:-1] + ["LON", "BER"], "ENGLAND")):
        centers = {p: [c for c in cs if c not in owned] for p, cs in base.items()}
        centers["ENGLAND"] = owned
        module = winner(game, centers, {})
        given = {"winner": powers.index("ENGLAND") + 1,
                 "owners": {rows[c]: powers.index(p) + 1 for p, cs in centers.items() for c in cs}}
        (tmp_path / "given.json").write_text(json.dumps(given), encoding="utf-8")
        run = subprocess.run([php(), str(harness), str(members), str(tmp_path / "given.json")],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0 and not run.stderr.strip(), run.stderr
        decided = json.loads(run.stdout)
        assert (powers[decided - 1] if decided else False) == php_says == (module[0] if module else False), owned
