"""custom_start's opening_sites out to webDiplomacy and back through the importer.

Pirates' classes/userOrderBuilds.php accepts, in the opening (`g.turn=0 OR t.supply = 'Yes'`), a
build on any vacant territory the country holds, and install.php gives each country those
territories: the held form. DutchRevolt's accepts, in turn 0, England's builds only in
`toTerrID == 1 || 4 || 5` (three seas) and no army ("he always gets 2 fleets and he can build them
on Upper North Sea, North English Coast or South English Coast", its rules page): the listed form.
The export writes whichever gives the same opening sites back (exporters/webdip_opening.py), the
PHP runs under the stand-ins with no warning, and sites neither form gives are named (EXP001)."""
from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from generator.exporters.output import write_folder
from generator.exporters.webdiplomacy import export_variant, params_not_exported
from generator.families.diplomacy.loading import game_from_data
from generator.importers.webdiplomacy import ImportOptions, import_variant
from webdip_php import php, run_variant

REPO = Path(__file__).resolve().parents[2]
WEBDIP = REPO / "tests" / "data" / "webdip"
CLASSIC = yaml.safe_load((REPO / "content" / "classic" / "map.yaml").read_text(encoding="utf-8"))


def _classic(sites: dict, builds: dict | None = None, rules: dict | None = None):
    """Classic opening with a build phase: the default builds are the standard start units
    (with `builds` in place of a power's), the opening sites `sites`."""
    data = copy.deepcopy(CLASSIC)
    data["default_builds"] = {**data["start"]["units"], **(builds or {})}
    data["start"] = {**data["start"], "phase": "W1900A", "units": {}}
    meta = {"title": "Classic", "rules": {"custom_start": {"opening_sites": sites}, **(rules or {})}}
    return game_from_data("classic", meta, data)


def _round_trip(game, tmp_path: Path, name: str):
    """The export, its folder (beside webDiplomacy's BuildAnywhere, as on a site) and its import."""
    result = export_variant(game, f"content/{game.game_id}/game.yaml", name)
    variants = tmp_path / "variants"
    shutil.copytree(WEBDIP / "BuildAnywhere", variants / "BuildAnywhere")
    folder = variants / name
    write_folder(folder, result.files, [REPO / "content"])
    return result, folder, import_variant(folder, ImportOptions())


def _opening_gaps(game) -> list[str]:
    return [why for module, param, why in params_not_exported(game) if (module, param) == ("custom_start",
                                                                                           "opening_sites")]


def _homes(power: str) -> list[str]:
    return [p["id"] for p in CLASSIC["provinces"] if p.get("home") == power and p.get("supply_center")]


def _in_map_order(places) -> list[str]:
    """install.php's row order, which the import reads the held territories in."""
    order = [p["id"] for p in CLASSIC["provinces"]]
    return sorted(places, key=order.index)


@pytest.mark.parametrize("variant", ["DutchRevolt", "Pirates"])
def test_the_variants_own_opening_sites_come_back_and_the_import_is_complete(variant, tmp_path):
    first = import_variant(WEBDIP / variant, ImportOptions())
    game = game_from_data(variant.lower(), first.game, first.data)
    assert first.game["rules"]["custom_start"]["opening_sites"] and not _opening_gaps(game)
    result, folder, back = _round_trip(game, tmp_path, variant)
    assert not [d for d in result.diagnostics if "custom_start" in d.message]
    assert back.game["rules"]["custom_start"] == first.game["rules"]["custom_start"]
    assert back.data["default_builds"] == first.data["default_builds"]      # England's fleets at sea too
    assert back.game["status"] == "complete", back.game.get("status_note")
    run = run_variant(folder.parent, folder.name, tmp_path)
    assert run.warnings == [] and "userOrderBuilds" in run.declared["classes"]
    builds = result.files["classes/userOrderBuilds.php"]
    if variant == "Pirates":       # held, on top of build anywhere: every country's territories in install.php
        assert "g.turn=0 OR t.supply='Yes'" in builds and "extends BuildAnywhereVariant_userOrderBuilds" in builds
        assert "build_anywhere" in back.game["rules"]
    else:                          # listed: England (country 1) in its three seas, as DutchRevolt has it
        assert "($this->toTerrID == 1) || ($this->toTerrID == 4) || ($this->toTerrID == 5)" in builds


def test_held_sites_on_a_small_game_come_back_with_their_territories(tmp_path):
    sites = {power: _in_map_order(_homes(power) + extra) for power, extra in
             [("AUSTRIA", ["BOH", "TYR"]), ("ENGLAND", ["YOR", "NTH"]), ("FRANCE", []), ("GERMANY", ["RUH"]),
              ("ITALY", []), ("RUSSIA", ["UKR"]), ("TURKEY", ["ARM", "BLA"])]}
    game = _classic(sites, {"ENGLAND": ["F NTH", "F LON", "A YOR"]})
    assert not _opening_gaps(game)
    result, folder, back = _round_trip(game, tmp_path, "Classic")
    assert back.game["rules"]["custom_start"] == {"opening_sites": sites}
    assert back.data["default_builds"]["ENGLAND"] == ["F NTH", "F LON", "A YOR"]
    # the non-centre territories are the powers' in install.php; without build anywhere, the
    # builds after the opening are on home centres, as webDiplomacy's own check has them
    assert "(g.turn=0 OR (t.supply='Yes' AND t.countryID=\".$this->countryID.\"))" in \
        result.files["classes/userOrderBuilds.php"]
    assert "$this->variantClasses['userOrderBuilds'] = 'Classic';" in result.files["variant.php"]
    assert "build_anywhere" not in back.game["rules"]
    run = run_variant(folder.parent, folder.name, tmp_path)
    assert run.warnings == []
    owners = {row[0]: row[3] for row in run.declared["territories"]}
    assert owners["Yorkshire (YOR)"] == owners["London (LON)"] == 2 and owners["Wales (WAL)"] == 0


CHECK_HARNESS = r"""<?php
define('IN_CODE', 1);
define('VARIANTID', 5);
error_reporting(E_ALL);
set_error_handler(function ($no, $text, $file, $line) { fwrite(STDERR, "$file:$line: $text\n"); return true; });
// stand-ins: webDiplomacy's userOrderBuilds (its own check answers 'parent'), the variant object
// with the exported variant's `$turn` field, and wD_Games (the game's turn, from the test's JSON)
$cases = json_decode(file_get_contents($argv[2]), true);
class userOrderBuilds {
	public $type, $toTerrID, $countryID;
	function __construct($orderID, $gameID, $countryID) { $this->countryID = $countryID; }
	protected function toTerrIDCheck() { return 'parent'; }
}
class Db { public $turn; function sql_row($sql) { return array($this->turn); } }
$DB = new Db();
$GLOBALS['Variants'][VARIANTID] = new class { public $turn; };
require $argv[1];
$out = array();
foreach ($cases as $c) {
	$DB->turn = $c[0];
	$order = new ClassicVariant_userOrderBuilds(1, 7, $c[1]);
	$order->type = $c[2];
	$order->toTerrID = $c[3];
	$out[] = (function () { return $this->toTerrIDCheck(); })->call($order);
}
echo json_encode($out), "\n";
"""


def test_the_listed_check_plays_in_the_opening_only_and_for_that_power_only(tmp_path):
    """DutchRevolt's check read the turn from the variant, which webDiplomacy's has not (null,
    `== 0` in every phase): the export gives it the game's turn, so later phases and the other
    countries get webDiplomacy's own check."""
    game = _classic({"ENGLAND": ["NTH", "ENG"]}, {"ENGLAND": ["F NTH"]})
    result, folder, _ = _round_trip(game, tmp_path, "Classic")
    rows = {row[0]: i for i, row in enumerate(run_variant(folder.parent, folder.name, tmp_path)
                                              .declared["territories"], start=1)}
    nth, eng, lon = rows["North Sea (NTH)"], rows["English Channel (ENG)"], rows["London (LON)"]
    cases = [(0, 2, "Build Fleet", nth), (0, 2, "Build Fleet", lon), (0, 2, "Build Army", nth),
             (0, 2, "Build Fleet", eng), (1, 2, "Build Fleet", lon), (2, 2, "Build Army", nth),
             (0, 3, "Build Army", lon), (0, 2, "Destroy", lon)]
    harness, given = tmp_path / "check.php", tmp_path / "cases.json"
    harness.write_text(CHECK_HARNESS, encoding="utf-8")
    given.write_text(json.dumps(cases), encoding="utf-8")
    done = subprocess.run([php(), str(harness), str(folder / "classes" / "userOrderBuilds.php"), str(given)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert json.loads(done.stdout) == [True, False, False, True, "parent", "parent", "parent", False]
    assert "\tpublic $turn;" in result.files["variant.php"]


def test_listed_seas_of_one_power_on_a_small_game_come_back(tmp_path):
    game = _classic({"ENGLAND": ["NTH", "ENG", "IRI"]}, {"ENGLAND": ["F NTH", "F IRI"]})
    assert not _opening_gaps(game)
    result, folder, back = _round_trip(game, tmp_path, "Classic")
    assert back.game["rules"]["custom_start"] == {"opening_sites": {"ENGLAND": ["NTH", "ENG", "IRI"]}}
    assert back.data["default_builds"]["ENGLAND"] == ["F NTH", "F IRI"]
    assert back.game["status"] == "complete", back.game.get("status_note")
    assert run_variant(folder.parent, folder.name, tmp_path).warnings == []


@pytest.mark.parametrize("sites, why", [
    ({"ENGLAND": ["NTH"], "FRANCE": ["MAO"]}, "two powers listed, the others hold their centres only"),
    ({"ENGLAND": ["YOR", "NTH"]}, "a land territory listed for one power"),
    ({"ENGLAND": ["EDI", "LON", "LVP", "PAR"], "FRANCE": ["BRE", "MAR"], "AUSTRIA": _homes("AUSTRIA"),
      "GERMANY": _homes("GERMANY"), "ITALY": _homes("ITALY"), "RUSSIA": _homes("RUSSIA"),
      "TURKEY": _homes("TURKEY")}, "a centre of another power, and a home centre left out"),
])
def test_sites_neither_form_gives_are_named_and_not_written(sites, why):
    game = _classic(sites)
    assert len(_opening_gaps(game)) == 1, why
    result = export_variant(game, "content/classic/game.yaml")
    assert "classes/userOrderBuilds.php" not in result.files
    assert any("opening_sites" in d.message for d in result.diagnostics if d.code == "EXP001")


def test_hostile_opening_sites_stay_out_of_the_php(tmp_path):
    evil = "X'); system('id'); /* ?> <?php"
    game = _classic({"ENGLAND": ["NTH", evil], evil: ["ENG"]})
    result, folder, back = _round_trip(game, tmp_path, "Classic")
    assert not any("system(" in text for text in result.files.values() if isinstance(text, str))
    assert _opening_gaps(game) and "classes/userOrderBuilds.php" not in result.files
    assert run_variant(folder.parent, folder.name, tmp_path).warnings == []
