"""The importer as a new author would meet it: small variant folders it was not developed
against, written here (names in curly codes and HTML entities, hyphenated countries,
coasts named after a river and the sea, a 'Strait', an install.php that includes one
that includes another, a missing or mis-sized image, a title box in a sea's colour).
Each imports to a game that validates with no errors, or ends in diagnostics that name
the file and line and say what to write; never in a traceback."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from generator.api import validate
from generator.importers.webdiplomacy import ImportOptions, import_variant, write_files

INSTALL = """<?php
// Lakeland: five territories, written by hand
defined('IN_CODE') or die('This script can not be run by itself.');
require_once("variants/install.php");

InstallTerritory::$Territories=array();
$countries=$this->countries;
$territoryRawData=array(
	array('Northmark {NMK}', 'coast', 'Yes', 1, 30, 30, 30, 30),
	array('Southmark {SMK}', 'Coast', 'Yes', 2, 30, 90, 30, 90),
	array('Riverholm {RVH}', 'Coast', 'Yes', 0, 100, 60, 100, 60),
	array('Gr&eacute;y Sea {GSE}', 'Sea', 'No', 0, 170, 30, 170, 30),
	array('The Narrows {NRW}', 'Strait', 'No', 0, 170, 90, 170, 90),
	array('Riverholm {RVH} (River Coast)', 'Coast', 'No', 0, 120, 30, 120, 30),
	array('Riverholm {RVH} (Sea Coast)', 'Coast', 'No', 0, 120, 90, 120, 90)
);
foreach($territoryRawData as $territoryRawRow)
{
	list($name, $type, $supply, $countryID, $x, $y, $sx, $sy)=$territoryRawRow;
	new InstallTerritory($name, $type, $supply, $countryID, $x, $y, $sx, $sy);
}
unset($territoryRawData);

$bordersRawData=array(
	array('Northmark {NMK}', 'Southmark {SMK}', 'Yes', 'Yes'),
	array('Northmark {NMK}', 'Riverholm {RVH}', 'No', 'Yes'),
	array('Southmark {SMK}', 'Riverholm {RVH}', 'No', 'Yes'),
	array('Riverholm {RVH} (River Coast)', 'Gr&eacute;y Sea {GSE}', 'Yes', 'No'),
	array('Riverholm {RVH} (Sea Coast)', 'The Narrows {NRW}', 'Yes', 'No'),
	array('Riverholm {RVH}', 'The Narrows {NRW}', 'No', 'Yes'),
	array('Gr&eacute;y Sea {GSE}', 'The Narrows {NRW}', 'Yes', 'No')
);
foreach($bordersRawData as $borderRawRow)
{
	list($from, $to, $fleets, $armies)=$borderRawRow;
	InstallTerritory::$Territories[$to]->addBorder(InstallTerritory::$Territories[$from],$fleets,$armies);
}
unset($bordersRawData);
InstallTerritory::runSQL($this->mapID);
?>
"""
VARIANT = """<?php
/*
	Copyright (C) 2026 A. Newcomer

	This file is part of the Lakeland variant. It is free software: you can redistribute it
	and/or modify it under the terms of the GNU Affero General Public License as published
	by the Free Software Foundation, either version 3 of the License, or (at your option)
	any later version.
*/
defined('IN_CODE') or die('This script can not be run by itself.');

class LakelandVariant extends WDVariant {
	public $id         = 4242;
	public $mapID      = 4242;
	public $name       = 'Lakeland';
	public $fullName   = 'Lakeland';
	public $description= 'Two marches and a river island';
	public $author     = 'A. Newcomer';
	public $countries  = array('North-Land', 'South-Land');

	public function __construct() {
		parent::__construct();
		$this->variantClasses['drawMap']            = 'Lakeland';
		$this->variantClasses['adjudicatorPreGame'] = 'Lakeland';
	}
	public function initialize() {
		parent::initialize();
		$this->supplyCenterTarget = 2;
	}
	public function turnAsDate($turn) {
		if ( $turn==-1 ) return "Pre-game";
		else return ( $turn % 2 ? "Autumn, " : "Spring, " ).(floor($turn/2) + 1850);
	}
}
?>
"""
PREGAME = """<?php
class LakelandVariant_adjudicatorPreGame extends adjudicatorPreGame {
	protected $countryUnits = array(
		'North-Land' => array('Northmark {NMK}' => 'Army'),
		'South-Land' => array('Southmark {SMK}' => 'Fleet')
	);
}
?>
"""
DRAWMAP = """<?php
class LakelandVariant_drawMap extends drawMap {
	protected $countryColors = array(0 => array(226, 198, 158), 1 => array(200, 40, 40), 2 => array(40, 40, 200));
	protected function resources() {
		return array('map' => 'variants/Lakeland/resources/map.png', 'names' => false);
	}
}
?>
"""
COLOURS = {"NMK": (200, 0, 0), "SMK": (0, 0, 200), "RVH": (0, 160, 0), "GSE": (90, 150, 220), "NRW": (60, 120, 200)}


def _ia_map(title_box: bool = True) -> np.ndarray:
    """The interactive map: the five territories in flat colours, black lines between them,
    and under the map a black band holding a title box in the Grey Sea's colour."""
    rgb = np.zeros((140, 200, 3), dtype=np.uint8)
    rgb[0:59, 0:60] = COLOURS["NMK"]
    rgb[60:120, 0:60] = COLOURS["SMK"]
    rgb[0:120, 61:139] = COLOURS["RVH"]
    rgb[0:59, 140:200] = COLOURS["GSE"]
    rgb[60:120, 140:200] = COLOURS["NRW"]
    if title_box:
        rgb[125:135, 10:80] = COLOURS["GSE"]
    return rgb


def _write(folder: Path, files: dict[str, str | bytes | np.ndarray]) -> Path:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, np.ndarray):
            Image.fromarray(content).save(path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def _lakeland(root: Path, name: str = "Lakeland", **changes) -> Path:
    files = {"install.php": INSTALL, "variant.php": VARIANT, "classes/adjudicatorPreGame.php": PREGAME,
             "classes/drawMap.php": DRAWMAP, "interactiveMap/IA_map.png": _ia_map()}
    files.update(changes)
    return _write(root / name, {k: v for k, v in files.items() if v is not None})


def _validates(result, tmp_path: Path, game: str) -> list[dict]:
    out = tmp_path / "content" / game
    write_files(result, out)
    return [d for d in validate([str(out)]) if d["severity"] == "error"]


def _located(result) -> None:
    """Every diagnostic names a file of the variant and a line; every error and warning
    says what to do, in its hint or in its code's explanation."""
    from generator.diagnostics import CODES
    for d in result.diagnostics:
        assert d.file and d.line >= 1, d
        assert d.severity == "info" or d.hint or CODES[d.code].explanation, d


def test_a_variant_in_other_naming_styles_imports_and_validates(tmp_path):
    result = import_variant(_lakeland(tmp_path / "variants"))
    _located(result)
    assert _validates(result, tmp_path, "lakeland") == []
    provinces = {p["id"]: p for p in result.data["provinces"]}
    assert provinces["GSE"]["name"] == "Gréy Sea" and provinces["NRW"]["type"] == "coast"
    assert provinces["RVH"]["coasts"] == ["R", "S"]        # the initials of the coasts' names
    assert [p["name"] for p in result.data["powers"]] == ["North Land", "South Land"]
    assert result.data["start"] == {"phase": "S1850M", "units": {"NORTH_LAND": ["A NMK"], "SOUTH_LAND": ["F SMK"]},
                                    "centers": {"NORTH_LAND": ["NMK"], "SOUTH_LAND": ["SMK"]}}
    borders = {frozenset(b["between"]): b["units"] for b in result.data["borders"]}
    assert borders[frozenset(("RVH/R", "GSE"))] == ["fleet"] and borders[frozenset(("RVH", "NRW"))] == ["army"]
    assert result.data["powers"][0]["color"] == "#c82828"
    # the 'Strait' and the river coast are noted where they are written
    noted = {d.line: d.message for d in result.diagnostics if d.code == "IMP015"}
    assert "Strait" in noted[13] and "River Coast" in noted[14]
    # the title box in the Grey Sea's colour is not part of the sea
    stray = [d for d in result.diagnostics if d.code == "IMP019"]
    assert len(stray) == 1 and stray[0].message.startswith("GSE: 700 pixel(s)")
    ys = [y for ring in result.geometry["outlines"]["GSE"] for y in ring[1::2]]
    assert max(ys) <= 120


def test_an_install_php_that_includes_one_that_includes_another_is_followed(tmp_path):
    root = tmp_path / "variants"
    _lakeland(root)
    include = "<?php\n// the map of Lakeland\nrequire_once('variants/{}/install.php');\n?>\n"
    child = VARIANT.replace("LakelandVariant extends WDVariant", "LakelandTooVariant extends LakelandVariant") \
        .replace("'Lakeland';\n\tpublic $fullName   = 'Lakeland'", "'LakelandToo';\n\tpublic $fullName   = 'Lakeland Too'")
    _write(root / "Middle", {"install.php": include.format("Lakeland")})
    _write(root / "LakelandToo", {"install.php": include.format("Middle"), "variant.php": child})
    result = import_variant(root / "LakelandToo")
    _located(result)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    assert len(result.data["provinces"]) == 5 and result.game["title"] == "Lakeland Too"
    assert result.geometry["image"]["source"].endswith("Lakeland/interactiveMap/IA_map.png")
    assert _validates(result, tmp_path, "lakeland-too") == []
    # a chain that comes back round is refused at the line of the include
    _write(root / "LoopA", {"install.php": include.format("LoopB"), "variant.php": VARIANT})
    _write(root / "LoopB", {"install.php": include.format("LoopA")})
    looped = import_variant(root / "LoopA")
    assert [(d.code, d.file, d.line) for d in looped.diagnostics] == [("IMP001", "LoopB/install.php", 3)]
    assert "LoopA -> LoopB -> LoopA" in looped.diagnostics[0].message


@pytest.mark.parametrize("options, image, said", [
    (ImportOptions(), None, "no interactive-map image"),
    (ImportOptions(image="interactiveMap/missing.png"), _ia_map(), "is not a file inside the variant folder"),
    (ImportOptions(colours="resources/map.png"), _ia_map(), "pixels but the interactive map is"),
])
def test_a_missing_or_mis_sized_image_is_said_and_the_game_still_validates(tmp_path, options, image, said):
    folder = _lakeland(tmp_path / "variants", **{"interactiveMap/IA_map.png": image,
                                                 "resources/map.png": np.zeros((70, 100, 3), dtype=np.uint8)})
    result = import_variant(folder, options)
    _located(result)
    problems = [d for d in result.diagnostics if d.code == "IMP014"]
    assert len(problems) == 1 and said in problems[0].message, result.diagnostics
    assert problems[0].file.startswith("Lakeland/")
    assert _validates(result, tmp_path, "lakeland") == []


def test_mistakes_a_newcomer_makes_are_located_with_what_to_write(tmp_path):
    install = INSTALL.replace("'The Narrows {NRW}', 'Strait'", "'The Narrows {NMK}', 'Strait'") \
        .replace("'The Narrows {NRW}'", "'The Narrows {NMK}'") \
        .replace("array('Gr&eacute;y Sea {GSE}', 'The Narrows {NMK}', 'Yes', 'No')",
                 "array('Grey Sea {GSE}', 'The Narrows {NMK}', 'Yes', 'No')")
    pregame = PREGAME.replace("'Southmark {SMK}' => 'Fleet'", "'South Mark {SMK}' => 'Fleet'")
    variant = VARIANT.replace("\tpublic $countries  = array('North-Land', 'South-Land');\n", "")
    result = import_variant(_lakeland(tmp_path / "variants", **{"install.php": install,
                                                                "classes/adjudicatorPreGame.php": pregame,
                                                                "variant.php": variant}))
    _located(result)
    found = {(d.code, d.file, d.line) for d in result.diagnostics}
    assert ("IMP008", "Lakeland/install.php", 13) in found           # the second {NMK}
    assert ("IMP002", "Lakeland/install.php", 31) in found           # the border naming 'Grey Sea'
    assert ("IMP002", "Lakeland/classes/adjudicatorPreGame.php", 3) in found
    unit = next(d for d in result.diagnostics if "South Mark" in d.message)
    assert unit.hint.startswith("did you mean 'Southmark {SMK}'")
    missing = next(d for d in result.diagnostics if "no $countries" in d.message)
    assert (missing.file, missing.line) == ("Lakeland/variant.php", 15)
    # without $countries the powers are install.php's countryIDs, which have no names: numbered
    assert [p["name"] for p in result.data["powers"]] == ["Country 1", "Country 2"]
    assert "public $countries=array(" in missing.hint
    assert sorted(d.code for d in result.diagnostics if d.severity == "error") == ["IMP002", "IMP002"]


def test_a_canal_whose_territories_are_not_in_install_php_stays_not_modelled(tmp_path):
    import shutil
    folder = tmp_path / "variants" / "Colonial"
    shutil.copytree(Path(__file__).resolve().parents[1] / "data" / "webdip" / "Colonial", folder)
    orders = folder / "classes" / "userOrderDiplomacy.php"
    orders.write_text(orders.read_text(encoding="utf-8").replace("'99'", "'999'"), encoding="utf-8")
    result = import_variant(folder)
    _located(result)
    assert "canals" not in result.game["rules"]
    assert any(d.code == "IMP013" and "999" in d.message for d in result.diagnostics)
    assert any(d.code == "IMP013" and d.file == "Colonial/classes/userOrderDiplomacy.php" and "Suez" in d.message
               for d in result.diagnostics)
    assert "Suez" in result.game["status_note"]


def test_the_command_line_reports_and_never_shows_a_traceback(tmp_path):
    import subprocess
    import sys
    root = tmp_path / "variants"
    _lakeland(root)
    include = "<?php\nrequire_once('variants/{}/install.php');\n"
    _write(root / "LoopA", {"install.php": include.format("LoopB"), "variant.php": VARIANT})
    _write(root / "LoopB", {"install.php": include.format("LoopA")})
    repo = Path(__file__).resolve().parents[2]

    def run(*args):
        return subprocess.run([sys.executable, "-m", "generator", "import", "webdiplomacy", *args],
                              capture_output=True, text=True, cwd=repo)
    ok = run(str(root / "Lakeland"), "-o", str(tmp_path / "content" / "lakeland"))
    assert ok.returncode == 0 and "Traceback" not in ok.stderr, ok.stderr
    assert "Lakeland/install.php:13:1: info[IMP015]" in ok.stdout + ok.stderr
    assert (tmp_path / "content" / "lakeland" / "game.yaml").is_file()
    looped = run(str(root / "LoopA"), "-o", str(tmp_path / "content" / "loop"))
    assert looped.returncode != 0 and "Traceback" not in looped.stderr
    assert "LoopB/install.php:2:1: error[IMP001]" in looped.stdout + looped.stderr


def test_units_of_a_name_that_is_no_country_are_neutral_and_a_misspelling_is_said(tmp_path):
    pregame = PREGAME.replace("'South-Land' => array('Southmark {SMK}' => 'Fleet')",
                              "'Suoth-Land' => array('Southmark {SMK}' => 'Fleet'),\n"
                              "\t\t'Neutral units' => array('Riverholm {RVH}' => 'Army')")
    result = import_variant(_lakeland(tmp_path / "variants", **{"classes/adjudicatorPreGame.php": pregame}))
    _located(result)
    said = [d for d in result.diagnostics if d.code == "IMP020"]
    assert [(d.file, d.severity) for d in said] == [("Lakeland/classes/adjudicatorPreGame.php", "warning")]
    assert "'Suoth-Land'" in said[0].message and said[0].hint.startswith("did you mean 'South-Land'")
    assert result.data["start"]["units"]["NEUTRAL"] == ["F SMK", "A RVH"]
