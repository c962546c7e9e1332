"""DutchRevolt's classes that have no general form: the importer says precisely what is not
modelled (which order, which phase), and plays the rest (custom_start's opening)."""
from pathlib import Path

from generator.importers.webdiplomacy import ImportOptions, import_variant
from generator.importers.webdip_oneoff import describe, named, removal_anywhere, removal_message

WEBDIP = Path(__file__).resolve().parents[1] / "data" / "webdip"


def test_dutchrevolts_classes_are_played_by_modules():
    result = import_variant(WEBDIP / "DutchRevolt", ImportOptions())
    messages = [d.message for d in result.diagnostics if d.code == "IMP013"]
    # processGame updateOwners: "If this is the only SC left for Spain the country is defeated"
    # (the homeland module); userOrderBuilds: "he always gets 2 fleets and he can build them on
    # Upper North Sea, North English Coast or South English Coast": the opening sites (custom_start
    # plays them), and the check's Destroy in Spain, the homeland (the engine removes a power's own
    # unit whoever owns the centre); install.php's DELETE of the borders into Spain (one_way_borders)
    assert not any("updateOwners" in m or "Destroy" in m or "deletes" in m for m in messages)
    assert not any("on no supply centre it holds" in m or "builds only fleets" in m for m in messages)
    # its create() orders the opening builds, then webDiplomacy's own: custom_start plays it
    assert not any("overrides create" in m for m in messages)
    assert result.game["rules"] == {
        "custom_start": {"opening_sites": {"ENGLAND": ["UPPER_NORTH_SEA", "NORTH_ENGLISH_COAST", "SOUTH_ENGLISH_COAST"]}},
        "homeland": {"centres": {"SPAIN": ["SPAIN"]}}, "one_way_borders": {"no_entry": ["SPAIN"]},
        "turn_years": {"years": 5}}
    assert result.game["status"] == "complete" and not messages
    assert result.data["default_builds"]["ENGLAND"] == ["F NORTH_ENGLISH_COAST", "F SOUTH_ENGLISH_COAST"]
    assert result.data["default_builds"]["FRANCE"] == ["A ARRAS", "A VALERY_SUR_SOMME"]


def test_the_one_off_forms_are_still_described_where_no_module_plays_them():
    # the homeland's count and branches as DutchRevolt writes them, and the Destroy clause
    update = ("parent::updateOwners(); global $DB; list($n) = $DB->sql_row('SELECT count(*) FROM wD_TerrStatus ts "
              "INNER JOIN wD_Territories t ON ( t.id = ts.terrID AND t.supply=\"Yes\" ) WHERE ts.gameID = '.$this->id.' "
              "AND ts.countryID = 3 AND t.mapID=32 AND ts.terrID != 9'); if ($n == 0) $DB->sql_put('UPDATE "
              "wD_TerrStatus SET countryID = 0 WHERE gameID = '.$this->id.' AND terrID = 9'); else $DB->sql_put('UPDATE "
              "wD_TerrStatus SET countryID = 3 WHERE gameID = '.$this->id.' AND terrID = 9');")
    assert "terr#9 belongs to no one" in describe("processGame", "X", "updateOwners", update)
    assert removal_anywhere("userOrderBuilds", "toTerrIDCheck", "if ($this->type == 'Destroy' && $this->toTerrID == 4) "
                            "return true; else return parent::toTerrIDCheck();") == 4
    assert removal_anywhere("userOrderBuilds", "toTerrIDCheck", "return true;") is None
    assert "terr#4" in removal_message("X", 4)


def test_other_code_is_not_described():
    assert describe("processGame", "X", "updateOwners", "parent::updateOwners(); $DB->sql_put('DELETE');") is None
    assert describe("userOrderBuilds", "X", "toTerrIDCheck", "return true;") is None


def test_ids_are_named_or_kept():
    names = {9: "Spain"}
    assert named("terr#9 and terr#10, country#3", names.get, {3: "Spain"}.get) == "Spain and terr 10, Spain"
