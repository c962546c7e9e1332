"""What the importer used to lose or refuse on real vDiplomacy variants (issue 29, items
5, 6 and the start-only classes), on small folders written for these tests
(tests/data/webdip/gaps): nothing skipped in silence, every form read or said where."""
from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from generator.api import validate
from generator.importers.webdiplomacy import ImportOptions, import_variant, write_files

GAPS = Path(__file__).resolve().parents[1] / "data" / "webdip" / "gaps"


def _alone(tmp_path: Path, name: str) -> Path:
    """The folder copied into a variants folder of its own (nothing beside it)."""
    return Path(shutil.copytree(GAPS / name, tmp_path / name))


def _codes(result, code: str) -> list:
    return [d for d in result.diagnostics if d.code == code]


# -- a class that includes another variant's class -------------------------------------

def test_an_included_class_beside_the_variant_is_read():
    result = import_variant(GAPS / "Isle_V2")
    assert result.data["start"]["units"] == {"NORLAND": ["F NOR"], "SUDLAND": ["A SOU"]}
    assert not _codes(result, "IMP022") and result.game["status"] == "complete"


def test_an_include_that_cannot_be_followed_is_said_and_the_game_is_partial(tmp_path):
    """The include was skipped without a word and the variant imported as complete."""
    result = import_variant(_alone(tmp_path, "Isle_V2"))
    unread = _codes(result, "IMP022")
    assert [(d.file, d.line) for d in unread] == [("Isle_V2/classes/adjudicatorPreGame.php", 5)]
    assert "variants/Isle/classes/adjudicatorPreGame.php" in unread[0].message
    assert "beside this one" in unread[0].hint
    assert result.game["status"] == "partial"
    assert "variants/Isle/classes/adjudicatorPreGame.php" in result.game["status_note"]
    assert "## Not read" in result.starters["rules/01-rules.md"]


def test_an_include_named_by_code_cannot_be_followed(tmp_path):
    folder = _alone(tmp_path, "Isle_V2")
    cls = folder / "classes" / "adjudicatorPreGame.php"
    cls.write_text(cls.read_text().replace('include_once("variants/Isle/classes/adjudicatorPreGame.php");',
                                           "include_once('variants/'.$parent.'/classes/x.php');"))
    result = import_variant(folder)
    assert [d.line for d in _codes(result, "IMP022")] == [5] and result.game["status"] == "partial"


def test_webdiplomacys_own_files_are_not_the_variants(tmp_path):
    folder = _alone(tmp_path, "Isle")
    cls = folder / "classes" / "adjudicatorPreGame.php"
    cls.write_text(cls.read_text().replace("defined('IN_CODE')", "require_once('lib/html.php'); defined('IN_CODE')"))
    result = import_variant(folder)
    assert not _codes(result, "IMP022") and result.game["status"] == "complete"


def test_a_missing_parent_variant_or_class_folder_makes_the_game_partial(tmp_path):
    folder = _alone(tmp_path, "Isle_V2")
    variant = folder / "variant.php"
    variant.write_text(variant.read_text().replace("extends WDVariant", "extends IsleVariant")
                       .replace("$this->variantClasses['adjudicatorPreGame'] = 'Isle_V2';",
                                "$this->variantClasses['adjudicatorPreGame'] = 'Isle_V2';\n"
                                "\t\t$this->variantClasses['processGame'] = 'Isle';"))
    result = import_variant(folder)
    lines = sorted((d.file, d.line) for d in _codes(result, "IMP022"))
    assert lines == [("Isle_V2/classes/adjudicatorPreGame.php", 5), ("Isle_V2/variant.php", 12),
                     ("Isle_V2/variant.php", 24)]
    assert result.game["status"] == "partial"


# -- territory rows with a ninth value ------------------------------------------------

def test_values_past_the_named_columns_are_ignored_as_php_does_and_said_once():
    """The import was refused: 'row does not have the 8 columns'."""
    result = import_variant(GAPS / "Ninth")
    assert not [d for d in result.diagnostics if d.severity == "error"]
    assert [p["id"] for p in result.data["provinces"]] == ["NOR", "SOU", "MID", "CHA"]
    extra = _codes(result, "IMP023")
    assert [(d.file, d.line) for d in extra] == [("Ninth/install.php", 9)]
    assert "3 more" in extra[0].message and "line 17" in extra[0].message and "list(...) on line 17" in extra[0].hint
    assert result.game["status"] == "complete"


def test_a_row_short_of_the_named_columns_says_which_to_write(tmp_path):
    folder = _alone(tmp_path, "Isle")
    install = folder / "install.php"
    install.write_text(install.read_text().replace("30, 30, 30, 30)", "30, 30, 30)"))
    result = import_variant(folder)
    [error] = [d for d in result.diagnostics if d.severity == "error"]
    assert (error.file, error.line, error.code) == ("Isle/install.php", 11, "IMP001")
    assert "write the missing $sy" in error.message and not result.files


# -- validation of imported maps ---------------------------------------------------------

def _dip505(report) -> list:
    return [d for d in report if d["code"] == "DIP505"]


def test_a_centre_published_out_of_reach_is_a_warning_with_its_note_not_an_error(tmp_path):
    """Fubar's joke province: validate refused the imported game (DIP505, an error)."""
    result = import_variant(GAPS / "Decor")
    folly = next(p for p in result.data["provinces"] if p["id"] == "FOL")
    assert folly["source"]["id"] == "webdip-variant" and "no unit" in folly["source"]["reasoning"]
    assert [(d.file, d.line) for d in _codes(result, "IMP024")] == [("Decor/install.php", 13)]
    game = tmp_path / "decor"
    write_files(result, game)
    [warning] = _dip505(validate([str(game)]))
    assert warning["severity"] == "warning" and "as published (webdip-variant: the variant publishes" in \
        warning["message"]
    # a hand-written map (the same data without the source's note) stays strict
    data = yaml.safe_load((game / "map.yaml").read_text(encoding="utf-8"))
    next(p for p in data["provinces"] if p["id"] == "FOL").pop("source")
    (game / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert [d["severity"] for d in _dip505(validate([str(game)]))] == ["error"]


def test_reachable_centres_get_no_note():
    result = import_variant(GAPS / "Isle")
    assert not any("source" in p for p in result.data["provinces"]) and not _codes(result, "IMP024")


def test_opening_builds_where_the_power_holds_no_centre_are_left_out_and_said(tmp_path):
    """DutchRevolt's England builds in two seas, Pirates' captains on the seas install.php gives
    them: written as default builds, validate refused them (DIP010, not a centre of the power)."""
    folder = _alone(tmp_path, "Isle")
    pregame = folder / "classes" / "adjudicatorPreGame.php"
    pregame.write_text(pregame.read_text().replace("array('Northport (NOR)' => 'Fleet')",
                                                   "array('Northport (NOR)' => 'Fleet', 'Channel (CHA)' => 'Fleet')"))
    result = import_variant(folder, ImportOptions(rule_options=("custom-start",)))
    assert result.data["default_builds"] == {"NORLAND": ["F NOR"], "SUDLAND": ["A SOU"]}
    [said] = [d for d in _codes(result, "IMP013") if "opening builds" in d.message]
    assert (said.file, said.line) == ("Isle/classes/adjudicatorPreGame.php", 6) and "NORLAND (F CHA)" in said.message
    assert result.game["status"] == "partial" and "NORLAND (F CHA)" in result.game["status_note"]
    game = tmp_path / "isle"
    write_files(result, game)
    assert not [d for d in validate([str(game)]) if d["severity"] == "error"]


# -- classes that only set the start ------------------------------------------------------

def test_classes_that_only_open_with_builds_are_read_to_data_and_the_game_is_complete(tmp_path):
    """No units at the start, a build phase first, and the opening builds ordered by the
    variant's own create() (the CustomStart code under its own name): that create() was a
    rule not modelled, and the game partial."""
    result = import_variant(GAPS / "Muster")
    assert result.data["start"]["units"] == {} and result.data["start"]["phase"] == "W1900A"
    assert result.data["default_builds"] == {"NORLAND": ["F NOR"], "SUDLAND": ["A SOU"]}
    assert "custom_start" in result.game["rules"] and not _codes(result, "IMP013")
    assert result.game["status"] == "complete"
    game = tmp_path / "muster"
    write_files(result, game)
    assert not [d for d in validate([str(game)]) if d["severity"] == "error"]


def test_an_opening_create_that_also_does_more_stays_not_modelled(tmp_path):
    folder = _alone(tmp_path, "Muster")
    builds = folder / "classes" / "processOrderBuilds.php"
    builds.write_text(builds.read_text().replace("parent::create();", "parent::create(); $this->hurricane();"))
    result = import_variant(folder)
    assert [d.file for d in _codes(result, "IMP013")] == ["Muster/classes/processOrderBuilds.php"]
    assert result.game["status"] == "partial"


def test_an_include_of_the_variants_own_file_by_its_name_is_followed(tmp_path):
    """Colonial's `require_once(l_r('variants/'.$Game->Variant->name.'/resources/...php'))`: the
    game's own folder, named by code; followed there, its classes read as part of the class."""
    folder = _alone(tmp_path, "Isle")
    variant = folder / "variant.php"
    variant.write_text(variant.read_text().replace(
        "$this->supplyCenterTarget = 2;", "$this->supplyCenterTarget = 2; $this->variantClasses['processGame'] = 'Isle';"))
    (folder / "classes" / "processGame.php").write_text(
        "<?php\nrequire_once(l_r('variants/'.$Game->Variant->name.'/resources/rail.php'));\n"
        "class IsleVariant_processGame extends processGame {}\n")
    (folder / "resources").mkdir()
    (folder / "resources" / "rail.php").write_text(
        "<?php\nclass RailMove extends adjMove {\n  function _success() { return true; }\n}\n")
    result = import_variant(folder)
    assert not _codes(result, "IMP022")
    [rail] = _codes(result, "IMP013")
    assert (rail.file, rail.line) == ("Isle/resources/rail.php", 2) and "RailMove overrides _success" in rail.message
    (folder / "resources" / "rail.php").unlink()
    assert [d.line for d in _codes(import_variant(folder), "IMP022")] == [2]


def test_the_vendoring_script_copies_the_files_a_class_includes():
    """Colonial's TSR_adjudicatorDiplomacy includes resources/adjudicatorTSR/*.php by the
    variant's name: vendor.py lists them with the class files (so the tests have them)."""
    import importlib.util
    data = Path(__file__).resolve().parents[1] / "data" / "webdip"
    spec = importlib.util.spec_from_file_location("vendor", data / "vendor.py")
    vendor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(vendor)
    files = vendor.needed(data, "Colonial")
    assert {f"resources/adjudicatorTSR/{n}.php" for n in ("TSRmove", "adjMoveTSR", "adjMoveTSRhelper")} <= set(files)
    assert all((data / "Colonial" / f).is_file() for f in files if f.startswith("resources/adjudicatorTSR/"))


WINNER_HOLDS_MIDLAND = """<?php
class HoldMid_processMembers extends processMembers
{
	function checkForWinner()
	{
		global $DB, $Game;
		$win=parent::checkForWinner();
		if ($win == false) return false;
		list($mid)=$DB->sql_row("SELECT countryID FROM wD_TerrStatus WHERE terrID=3 AND GameID=".$Game->id);
		if ($mid == $win->countryID)
			return $win;
		else
			return false;
	}
}
class IsleVariant_processMembers extends HoldMid_processMembers {}
"""


def _with_members(tmp_path, code: str) -> Path:
    folder = _alone(tmp_path, "Isle")
    variant = folder / "variant.php"
    variant.write_text(variant.read_text().replace(
        "$this->supplyCenterTarget = 2;", "$this->supplyCenterTarget = 2; $this->variantClasses['processMembers'] = 'Isle';"))
    (folder / "classes" / "processMembers.php").write_text(code)
    return folder


def test_a_winner_who_must_also_hold_a_territory_whoever_it_is_is_victory_conditions(tmp_path):
    """Rinascimento's CustomWinCondition ("Winner need to occupie ROME"): webDiplomacy's winner
    keeps the game only when wD_TerrStatus gives it terrID 77; here Midland (terrID 3)."""
    result = import_variant(_with_members(tmp_path, WINNER_HOLDS_MIDLAND))
    assert result.game["rules"]["victory_conditions"] == {"also_own": {"NORLAND": [["MID"]], "SUDLAND": [["MID"]]}}
    assert not _codes(result, "IMP013")


def test_a_winner_test_of_another_shape_stays_not_modelled(tmp_path):
    other = WINNER_HOLDS_MIDLAND.replace("if ($mid == $win->countryID)", "if ($mid != $win->countryID)")
    result = import_variant(_with_members(tmp_path, other))
    assert "victory_conditions" not in result.game.get("rules", {})
    assert [d.file for d in _codes(result, "IMP013")] == ["Isle/classes/processMembers.php"]


def test_custom_points_and_their_start_percentages_are_points_by_share(tmp_path):
    """Rinascimento's CustomPoints classes share the pot by `$i_percent`, each country's share
    at the start indexed by countryID (index 0 is no country)."""
    code = ("<?php\nclass CustomPoints_processMembers extends processMembers\n{\n"
            "\tfunction my_potShareRatios(Member $Winner)\n\t{\n"
            "\t\t$i_percent = array (1 , 0.625, 0.375);\n\t\treturn array();\n\t}\n}\n"
            "class IsleVariant_processMembers extends CustomPoints_processMembers {}\n")
    result = import_variant(_with_members(tmp_path, code))
    assert result.game["rules"]["points_by_share"] == {"start_shares": {"NORLAND": 0.625, "SUDLAND": 0.375}}
    assert not _codes(result, "IMP013")


def test_files_a_recognised_mixin_includes_are_its_code_and_others_are_not(tmp_path):
    """Colonial's TSR_adjudicatorDiplomacy includes its adjMoveTSR classes inside adjudicate():
    they are the railways module's code. A file the class file includes outside the mixin stays
    not modelled."""
    folder = _alone(tmp_path, "Isle")
    variant = folder / "variant.php"
    variant.write_text(variant.read_text().replace(
        "$this->supplyCenterTarget = 2;",
        "$this->supplyCenterTarget = 2; $this->variantClasses['adjudicatorDiplomacy'] = 'Isle';"))
    (folder / "resources").mkdir()
    for name in ("helper", "other"):
        (folder / "resources" / f"{name}.php").write_text(
            f"<?php\nclass {name}Move extends adjMove {{\n  function _success() {{ return true; }}\n}}\n")
    (folder / "classes" / "adjudicatorDiplomacy.php").write_text(
        "<?php\nrequire_once(l_r('variants/'.$Game->Variant->name.'/resources/other.php'));\n"
        "class TSR_adjudicatorDiplomacy extends adjudicatorDiplomacy {\n  function adjudicate() {\n"
        "    require_once(l_r('variants/'.$Game->Variant->name.'/resources/helper.php'));\n"
        "    return parent::adjudicate();\n  }\n}\n"
        "class IsleVariant_adjudicatorDiplomacy extends TSR_adjudicatorDiplomacy {}\n")
    result = import_variant(folder)
    assert "railways" in result.game["rules"]
    assert [d.file for d in _codes(result, "IMP013")] == ["Isle/resources/other.php"]


def test_two_starting_units_in_one_territory_keep_the_first_and_say_so(tmp_path):
    """Found by the import fuzzer: a unit of Sudland written into Norland's territory imported
    without a word, and validate refused the game (DIP006, the territory holds a unit already)."""
    folder = _alone(tmp_path, "Isle")
    pregame = folder / "classes" / "adjudicatorPreGame.php"
    pregame.write_text(pregame.read_text().replace("'Southport (SOU)' => 'Army'", "'Northport (NOR)' => 'Army'"))
    result = import_variant(folder)
    assert result.data["start"]["units"] == {"NORLAND": ["F NOR"]}
    [said] = _codes(result, "IMP025")
    assert (said.file, said.line) == ("Isle/classes/adjudicatorPreGame.php", 6)
    assert "Sudland in NOR" in said.message and "Norland" in said.message and said.hint
    game = tmp_path / "isle"
    write_files(result, game)
    assert not [d for d in validate([str(game)]) if d["severity"] == "error"]


def test_a_variant_that_only_changes_how_moves_are_decided_is_not_complete(tmp_path):
    """A variant whose only own class was an adjudicator decision (variantClasses['adjMove'])
    imported as complete without a word: adjMove was not among the classes read as rules."""
    folder = _alone(tmp_path, "Isle")
    variant = folder / "variant.php"
    variant.write_text(variant.read_text().replace(
        "$this->supplyCenterTarget = 2;", "$this->supplyCenterTarget = 2; $this->variantClasses['adjMove'] = 'Isle';"))
    (folder / "classes" / "adjMove.php").write_text(
        "<?php\nclass IsleVariant_adjMove extends adjMove {\n"
        "  protected function _attackStrength() { $a = parent::_attackStrength(); $a['max']++; return $a; }\n}\n")
    result = import_variant(folder)
    [weaker] = _codes(result, "IMP013")
    assert (weaker.file, weaker.line) == ("Isle/classes/adjMove.php", 2)
    assert "overrides _attackStrength of adjMove" in weaker.message and result.game["status"] == "partial"
