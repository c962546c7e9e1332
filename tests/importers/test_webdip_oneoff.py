"""DutchRevolt's classes that have no general form: the importer says precisely what is not
modelled (which order, which phase), and plays the rest (custom_start's opening)."""
from pathlib import Path

from generator.importers.webdiplomacy import ImportOptions, import_variant
from generator.importers.webdip_oneoff import describe, named

WEBDIP = Path(__file__).resolve().parents[1] / "data" / "webdip"


def test_dutchrevolts_one_off_rules_are_named_precisely():
    result = import_variant(WEBDIP / "DutchRevolt", ImportOptions())
    messages = [d.message for d in result.diagnostics if d.code == "IMP013"]
    # processGame updateOwners: "If this is the only SC left for Spain the country is defeated"
    assert any("the centre Spain belongs to no one while the power Spain owns no other supply centre" in m
               for m in messages)
    # userOrderBuilds: "he always gets 2 fleets and he can build them on Upper North Sea, North
    # English Coast or South English Coast": the opening sites (custom_start plays them); only the
    # check's Destroy in Spain stays not modelled
    assert any("a Destroy order in Spain skips webDiplomacy's check that a unit of the power stands there" in m
               for m in messages)
    assert not any("on no supply centre it holds" in m or "builds only fleets" in m for m in messages)
    # its create() orders the opening builds, then webDiplomacy's own: custom_start plays it
    assert not any("overrides create" in m for m in messages)
    assert result.game["rules"] == {"custom_start": {"opening_sites": {
        "ENGLAND": ["UPPER_NORTH_SEA", "NORTH_ENGLISH_COAST", "SOUTH_ENGLISH_COAST"]}}}
    assert result.game["status"] == "partial"
    assert result.data["default_builds"]["ENGLAND"] == ["F NORTH_ENGLISH_COAST", "F SOUTH_ENGLISH_COAST"]
    assert result.data["default_builds"]["FRANCE"] == ["A ARRAS", "A VALERY_SUR_SOMME"]


def test_other_code_is_not_described():
    assert describe("processGame", "X", "updateOwners", "parent::updateOwners(); $DB->sql_put('DELETE');") is None
    assert describe("userOrderBuilds", "X", "toTerrIDCheck", "return true;") is None


def test_ids_are_named_or_kept():
    names = {9: "Spain"}
    assert named("terr#9 and terr#10, country#3", names.get, {3: "Spain"}.get) == "Spain and terr 10, Spain"


def test_borders_deleted_by_install_sql_are_named():
    # DutchRevolt's install.php: "Remove the links to Spain... (you can only leave Spain)";
    # its rules page: "This special 'homeland' SC can not be entered by any unit"
    from generator.importers.webdip_oneoff import deleted_borders
    result = import_variant(WEBDIP / "DutchRevolt", ImportOptions())
    said = [(d.file, d.line, d.message) for d in result.diagnostics if d.code == "IMP013"]
    assert any(f.endswith("install.php") and line == 415 and "deletes every border into Spain" in m
               for f, line, m in said)
    text = ("$DB->sql_put('DELETE FROM wD_Borders WHERE mapID='.$this->mapID.' AND toTerrID=9');\n"
            "$DB->sql_put('DELETE FROM wD_CoastalBorders WHERE mapID='.$this->mapID.' AND toTerrID=9');\n")
    assert [line for line, _ in deleted_borders(text)] == [1]
    assert deleted_borders("$DB->sql_put('UPDATE wD_Territories SET supply=\"No\"');") == []
