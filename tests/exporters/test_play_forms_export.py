"""turn_years, one_way_borders and homeland out to webDiplomacy in DutchRevolt's forms and
back through the importer (the same parameters), the exported PHP run under PHP with
stand-ins for webDiplomacy (tests/data/php/run_variant.php): the dates its turnAsDate
gives are the site's, the borders its install.php deletes are the closed ones, and its
updateOwners gives the homeland centres the owners the module gives them."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from generator.exporters.output import write_folder
from generator.exporters.webdiplomacy import export_variant, not_exported, params_not_exported
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import RuleSet
from generator.families.diplomacy.rules.homeland import owners_after
from generator.families.diplomacy.rules.one_way_borders import closed
from generator.importers.php_arrays import read_install_php
from generator.importers.webdiplomacy import ImportOptions, import_variant
from webdip_php import php, run_variant

REPO = Path(__file__).resolve().parents[2]
CLASSIC = REPO / "content" / "classic" / "map.yaml"
DUTCH = REPO / "tests" / "data" / "webdip" / "DutchRevolt"
MODULES = ("turn_years", "one_way_borders", "homeland")


def _game(rules: dict, game_id: str = "classic", meta: dict | None = None, data: dict | None = None):
    return game_from_data(game_id, meta or {"title": "Classic", "rules": rules},
                          data or yaml.safe_load(CLASSIC.read_text(encoding="utf-8")))


def _round_trip(game, tmp_path: Path, name: str = "Classic"):
    """The export, its folder (beside webDiplomacy's BuildAnywhere, as on a site) and its import."""
    result = export_variant(game, f"content/{game.game_id}/game.yaml", name)
    variants = tmp_path / "variants"
    shutil.copytree(REPO / "tests" / "data" / "webdip" / "BuildAnywhere", variants / "BuildAnywhere")
    folder = variants / name
    write_folder(folder, result.files, [REPO / "content"])
    return result, folder, import_variant(folder, ImportOptions())


def _named(result) -> list[str]:
    return [d.message for d in result.diagnostics if d.code == "EXP001" and "rule module" in d.message]


def _terr_ids(folder: Path) -> dict[str, int]:
    """install.php's territory name -> terrID (its row, from 1), as webDiplomacy numbers them."""
    rows, _ = read_install_php((folder / "install.php").read_text(encoding="utf-8"))
    return {row["name"]: i for i, row in enumerate(rows, start=1)}


# -- turn_years ----------------------------------------------------------------------------

@pytest.mark.parametrize("params, php_year", [({"years": 5}, "floor($turn*5) + 1901"),
                                              ({"years": 10, "per": "year"}, "floor($turn/2)*10 + 1901")])
def test_turn_years_goes_out_as_turn_as_date_and_comes_back(tmp_path, params, php_year):
    """DutchRevolt's variant.php: `return (floor($turn*5) + 1555);`, "Each turn is 5 years"
    (its rules page); a Spring/Autumn pair of N years is `floor($turn/2)*N + YEAR`."""
    game = _game({"turn_years": params})
    assert not_exported(game) == [] and params_not_exported(game) == []
    result, folder, back = _round_trip(game, tmp_path)
    assert _named(result) == []
    variant = (folder / "variant.php").read_text(encoding="utf-8")
    assert f'.({php_year});' in variant
    assert f"+(Math.{php_year.replace('$turn', 'turn')});" in variant       # the order screen's dates
    assert back.game["rules"]["turn_years"] == params
    assert RuleSet(back.game["rules"]).params("turn_years") == game.modules.params("turn_years")
    # PHP's dates are the years the site shows for the same phases (turn 0 the first spring)
    run = run_variant(folder.parent, folder.name, tmp_path)
    assert run.warnings == []
    shown = [fn(game, phase, p) for phase in ("S1901M", "F1901M", "S1902M", "F1902M")
             for fn, p in game.modules.hooks("shown_year")]
    assert run.declared["dates"] == ["Pre-game"] + [f"{season}, {year}" for season, year in
                                                    zip(("Spring", "Autumn") * 2, shown)]
    assert shown == ([1901, 1906, 1911, 1916] if "per" not in params else [1901, 1901, 1911, 1911])


def test_turn_years_of_the_standard_calendar_is_named_as_not_coming_back():
    game = _game({"turn_years": {"years": 1, "per": "year"}})
    assert not_exported(game) == ["turn_years"]
    result = export_variant(game, "content/classic/game.yaml")
    assert '.(floor($turn/2) + 1901);' in result.files["variant.php"]
    assert len(_named(result)) == 1 and "webDiplomacy's own calendar" in _named(result)[0]


def test_more_years_a_turn_than_the_importer_reads_are_named():
    game = _game({"turn_years": {"years": 1000}})
    assert [(m, p) for m, p, _ in params_not_exported(game)] == [("turn_years", "years")]
    result = export_variant(game, "content/classic/game.yaml")
    assert '.(floor($turn*1000) + 1901);' in result.files["variant.php"]
    assert any("parameter years" in m and "at most 999" in m for m in _named(result))


# -- one_way_borders -----------------------------------------------------------------------

def test_one_way_borders_go_out_as_deleted_borders_and_come_back(tmp_path):
    """DutchRevolt's install.php, after the map is made: `DELETE FROM wD_Borders WHERE
    mapID=... AND toTerrID=9` and the same from wD_CoastalBorders ("you can only leave
    Spain"); a coast alone (SPA/NC) closes its own rows, which come back as that coast."""
    params = {"no_entry": ["BUR", "SPA/NC"], "closed": [["PIC", "BEL"], ["RUH", "KIE"]]}
    game = _game({"one_way_borders": params})
    assert not_exported(game) == [] and params_not_exported(game) == []
    result, folder, back = _round_trip(game, tmp_path)
    assert _named(result) == []
    assert back.game["rules"]["one_way_borders"] == params
    ids = _terr_ids(folder)
    bur, spa_nc, pic, bel, ruh, kie = (ids[n] for n in ("Burgundy (BUR)", "Spain (SPA) (North Coast)",
                                                          "Picardy (PIC)", "Belgium (BEL)", "Ruhr (RUH)", "Kiel (KIE)"))
    run = run_variant(folder.parent, folder.name, tmp_path)
    assert run.warnings == []
    map_id = run.declared["variant"]["mapID"]
    assert run.declared["sql"] == [f"DELETE FROM {table} WHERE mapID={map_id} AND {cond}" for table, cond in (
        ("wD_Borders", f"toTerrID={bur}"), ("wD_CoastalBorders", f"toTerrID={bur}"),
        ("wD_CoastalBorders", f"toTerrID={spa_nc}"),
        ("wD_Borders", f"toTerrID={bel} AND fromTerrID={pic}"),
        ("wD_CoastalBorders", f"toTerrID={bel} AND fromTerrID={pic}"),
        ("wD_Borders", f"toTerrID={kie} AND fromTerrID={ruh}"),
        ("wD_CoastalBorders", f"toTerrID={kie} AND fromTerrID={ruh}"))]
    # once the map is installed, before the order form's territory cache is written
    install = (folder / "install.php").read_text(encoding="utf-8")
    assert install.index("runSQL(") < install.index("DELETE FROM") < install.rindex("DELETE FROM") \
        < install.index("InstallCache::terrJSON")


def test_a_province_with_coasts_closes_its_coasts_and_comes_back_closing_the_same_borders(tmp_path):
    """A place closed whole closes its coasts' rows of wD_CoastalBorders too (fleets stand on
    the coasts): the import reads the coasts' rows as covered by the province, so the same
    parameters, and the same borders closed, come back."""
    params = {"no_entry": ["STP"], "closed": [["MAR", "SPA"]]}
    game = _game({"one_way_borders": params})
    result, folder, back = _round_trip(game, tmp_path)
    assert _named(result) == []
    again = RuleSet(back.game["rules"]).params("one_way_borders")
    assert back.game["rules"]["one_way_borders"] == params
    m = game.map
    steps = [(a, b) for table in (m.army_adj, m.fleet_adj) for a in table for b in table[a]]
    mine = game.modules.params("one_way_borders")
    assert [s for s in steps if closed(mine, *s)] == [s for s in steps if closed(again, *s)]
    assert ("SPA/SC", "MAR") not in [s for s in steps if closed(again, *s)]      # the way back stays open
    assert {("MAR", "SPA"), ("MAR", "SPA/SC"), ("LVN", "STP"), ("BAR", "STP/NC")} <= \
        {s for s in steps if closed(again, *s)}


# -- homeland ------------------------------------------------------------------------------

HOMELAND_HARNESS = r"""<?php
define('IN_CODE', 1);
error_reporting(E_ALL);
set_error_handler(function ($no, $text, $file, $line) { fwrite(STDERR, "$file:$line: $text\n"); return true; });
// stand-ins: webDiplomacy's processGame (its own change of ownership made already) and the
// database's wD_TerrStatus (terrID => countryID) and supply centres, from the test's JSON
$given = json_decode(file_get_contents($argv[2]), true);
class processGame { public $id = 7; protected function updateOwners() {} }
class Db {
	function sql_row($sql) {
		global $given;
		preg_match('/ts\.gameID = 7 AND ts\.countryID = (\d+) AND t\.mapID=\d+ AND ts\.terrID != (\d+)$/', trim($sql), $m);
		$n = 0;
		foreach ($given['owners'] as $terr => $country)
			if ($country == $m[1] && $terr != $m[2] && in_array($terr, $given['supply'])) $n++;
		return array($n);
	}
	function sql_put($sql) {
		global $given;
		preg_match('/^UPDATE wD_TerrStatus SET countryID = (\d+) WHERE gameID = 7 AND terrID = (\d+)$/', $sql, $m);
		$given['owners'][$m[2]] = (int)$m[1];
	}
}
$DB = new Db();
require $argv[1];
$game = new ClassicVariant_processGame();
(function () { $this->updateOwners(); })->call($game);
echo json_encode((object)$given['owners']), "\n";
"""


def _owners_by_php(process_game: Path, tmp_path: Path, owners: dict[int, int], supply: list[int]) -> dict[int, int]:
    harness, given = tmp_path / "owners.php", tmp_path / "given.json"
    harness.write_text(HOMELAND_HARNESS, encoding="utf-8")
    given.write_text(json.dumps({"owners": owners, "supply": supply}), encoding="utf-8")
    done = subprocess.run([php(), str(harness), str(process_game), str(given)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return {int(t): c for t, c in json.loads(done.stdout).items()}


def test_homeland_goes_out_as_update_owners_and_comes_back(tmp_path):
    """DutchRevolt's processGame::updateOwners: "If the country of Spain has no SCs besides
    Spain, it becomes neutral", and is set back to Spain otherwise."""
    params = {"centres": {"FRANCE": ["PAR"], "TURKEY": ["ANK"]}}
    game = _game({"homeland": params})
    assert not_exported(game) == [] and params_not_exported(game) == []
    result, folder, back = _round_trip(game, tmp_path)
    assert _named(result) == []
    assert back.game["rules"]["homeland"] == params
    assert "$this->variantClasses['processGame'] = 'Classic';" in result.files["variant.php"]
    run = run_variant(folder.parent, folder.name, tmp_path)
    assert run.warnings == [] and "processGame" in run.declared["classes"]
    # the class, run on owners after webDiplomacy's change of ownership, gives what the module gives
    ids = _terr_ids(folder)
    m = game.map
    terr = {pid: ids[f"{p.name} ({pid})"] for pid, p in m.provinces.items() if p.type != "impassable"}
    country = {power: i for i, power in enumerate(m.powers, start=1)}
    supply = sorted(terr[c] for c in m.supply_centers)
    for centres in ({"FRANCE": ["PAR", "BRE"], "TURKEY": ["ANK"]},            # France stands, Turkey does not
                    {"GERMANY": ["PAR"], "FRANCE": ["BRE"], "TURKEY": ["ANK", "SMY"]},   # taken: back to France
                    {"FRANCE": ["PAR"], "RUSSIA": ["ANK", "SEV"]}):          # France has its homeland alone
        engine = owners_after(game, "F1901M", {}, centres, game.modules.params("homeland"))
        owners = {terr[c]: country[p] for p, cs in centres.items() for c in cs}
        played = _owners_by_php(folder / "classes" / "processGame.php", tmp_path, owners, supply)
        assert {t: c for t, c in played.items() if c} == {terr[c]: country[p] for p, cs in engine.items() for c in cs}


def test_a_power_with_several_homeland_centres_is_named_and_the_others_written():
    game = _game({"homeland": {"centres": {"FRANCE": ["PAR", "BRE"], "TURKEY": ["ANK"]}}})
    assert not_exported(game) == []
    assert [(m, p) for m, p, _ in params_not_exported(game)] == [("homeland", "centres")]
    result = export_variant(game, "content/classic/game.yaml")
    assert len(_named(result)) == 1 and "FRANCE has 2 homeland centres" in _named(result)[0]
    owners = result.files["classes/processGame.php"]
    assert owners.count("UPDATE wD_TerrStatus SET countryID = 0") == 1 and "countryID = 7 AND" in owners
    alone = _game({"homeland": {"centres": {"FRANCE": ["PAR", "BRE"]}}})
    assert not_exported(alone) == ["homeland"]
    assert "classes/processGame.php" not in export_variant(alone, "content/classic/game.yaml").files


# -- the three together: DutchRevolt, and hostile values -------------------------------------

def test_dutch_revolt_imported_exported_and_imported_again_keeps_the_modules(tmp_path):
    first = import_variant(DUTCH, ImportOptions())
    game = _game({}, "dutch-revolt", first.game, first.data)
    assert set(MODULES) <= set(game.modules.enabled)
    result, folder, back = _round_trip(game, tmp_path, "DutchRevolt")
    assert not [m for m in _named(result) if any(name in m for name in MODULES)]
    for name in MODULES:
        assert back.game["rules"][name] == first.game["rules"][name], name
    assert back.data["start"]["phase"] == first.data["start"]["phase"] == "W1554A"
    run = run_variant(folder.parent, folder.name, tmp_path)
    assert run.warnings == []
    assert run.declared["dates"][:3] == ["Pre-game", "Spring, 1555", "Autumn, 1560"]
    assert [re.sub(r"mapID=\d+", "mapID=M", s) for s in run.declared["sql"]] == [
        "DELETE FROM wD_Borders WHERE mapID=M AND toTerrID=9",            # Spain, terrID 9 as in DutchRevolt's
        "DELETE FROM wD_CoastalBorders WHERE mapID=M AND toTerrID=9"]


def test_hostile_values_of_the_modules_never_reach_the_php(tmp_path):
    evil = "X'); system('id'); /* ?> <?php"
    game = _game({"one_way_borders": {"no_entry": [evil, "BUR"], "closed": [[evil, "BEL"]]},
                  "homeland": {"centres": {evil: ["PAR"], "FRANCE": [evil]}},
                  "turn_years": {"years": evil}})
    assert game.modules.params("turn_years")["years"] == 1         # not a number: the default, reported
    result, folder, back = _round_trip(game, tmp_path)
    assert not any("system(" in text for text in result.files.values() if isinstance(text, str))
    run = run_variant(folder.parent, folder.name, tmp_path)
    assert run.warnings == [] and len(run.declared["sql"]) == 2        # BUR's, nothing of the rest
    assert back.game["rules"]["one_way_borders"] == {"no_entry": ["BUR"]}
