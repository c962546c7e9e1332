"""home_centres_in_play: the home centres are the centres each power holds at a set date;
before it, builds on any owned centre (Classic - 1897).

The rule text (Classic1897's rules page, variants/Classic1897/rules.html): "all centres owned
after the 1899 build phase become home supply centres for the duration of the game";
"Regular home supply centres that are not captured before Winter 1899 are *not* home
centres in this variant"; "If you hold another player's initial home supply centre at the
end of Winter 1899 it becomes a home supply centre for you and is not a home supply
centre for the original owner". Its userOrderBuilds: "Build anywhere till turn 4", then
only on the centres owned in the territory archive of turn 4 (Spring 1900, the year
counted from 1898 by its turnAsDate)."""
import pytest

from generator.families.diplomacy.api import AdjudicationError, adjudicate

RULE = {"home_centres_in_play": {"date": "S1900M"}}


def outcomes(resp):
    return [(r["order"], r["result"]) for r in resp["results"]]


def test_before_the_date_a_power_builds_on_any_owned_centre(classic_with):
    # "Build anywhere till turn 4": Winter 1898 is turn 1. England owns Norway (no one's home
    # centre) and builds there; it does not own Edinburgh, its home centre on the map.
    g = classic_with(RULE)
    resp = adjudicate(g, {"phase": "W1898A", "units": {"ENGLAND": ["F LON"]},
                          "centers": {"ENGLAND": ["LON", "NWY", "HOL"]},
                          "orders": {"ENGLAND": ["A NWY B", "F EDI B"]}})
    assert outcomes(resp) == [("A NWY B", "succeeds"), ("F EDI B", "fails")]
    assert "home_centers" not in resp["after"]      # S1899M: not yet the date


def test_the_centres_owned_when_the_date_begins_become_the_home_centres(classic_with):
    # "all centres owned after the 1899 build phase become home supply centres": the
    # response whose next phase is the date gives them, and every later position carries them.
    g = classic_with(RULE)
    resp = adjudicate(g, {"phase": "W1899A", "units": {"ENGLAND": ["F LON"]},
                          "centers": {"ENGLAND": ["LON", "NWY"], "FRANCE": ["PAR", "EDI"]},
                          "orders": {"ENGLAND": ["A NWY B"]}})
    after = resp["after"]
    assert after["phase"] == "S1900M"
    assert after["home_centers"] == {"ENGLAND": ["LON", "NWY"], "FRANCE": ["EDI", "PAR"]}
    spring = adjudicate(g, dict(after, orders={}))
    assert spring["after"]["home_centers"] == after["home_centers"]


def test_after_the_date_builds_only_on_the_centres_held_at_the_date(classic_with):
    # Winter 1900: England held London and Norway at the date. It has since taken Edinburgh
    # back (a map home centre it did not hold then: "not home centres in this variant") and
    # Belgium (taken after the date): it builds in Norway and London only.
    g = classic_with(RULE)
    resp = adjudicate(g, {"phase": "W1900A", "units": {},
                          "centers": {"ENGLAND": ["LON", "NWY", "EDI", "BEL"]},
                          "home_centers": {"ENGLAND": ["LON", "NWY"]},
                          "orders": {"ENGLAND": ["F EDI B", "A BEL B", "A NWY B", "F LON B"]}})
    assert outcomes(resp) == [("F EDI B", "fails"), ("A BEL B", "fails"), ("A NWY B", "succeeds"),
                              ("F LON B", "succeeds")]
    assert resp["after"]["home_centers"] == {"ENGLAND": ["LON", "NWY"]}


def test_another_powers_centre_held_at_the_date_is_the_holders_home_centre(classic_with):
    # "If you hold another player's initial home supply centre at the end of Winter 1899 it
    # becomes a home supply centre for you and is not a home supply centre for the original
    # owner": Germany held Warsaw at the date; Russia owns it again and may not build there.
    g = classic_with(RULE)
    homes = {"GERMANY": ["BER", "WAR"], "RUSSIA": ["MOS"]}
    resp = adjudicate(g, {"phase": "W1901A", "units": {},
                          "centers": {"RUSSIA": ["MOS", "WAR"], "GERMANY": ["BER"]},
                          "home_centers": homes,
                          "orders": {"RUSSIA": ["A WAR B", "A MOS B"], "GERMANY": ["A BER B"]}})
    assert outcomes(resp) == [("A BER B", "succeeds"), ("A WAR B", "fails"), ("A MOS B", "succeeds")]


def test_a_centre_held_at_the_date_must_still_be_owned_and_vacant(classic_with):
    # a home centre lost since the date is no build site (builds need an owned centre)
    g = classic_with(RULE)
    resp = adjudicate(g, {"phase": "W1900A", "units": {"ENGLAND": ["F LON"]},
                          "centers": {"ENGLAND": ["LON", "EDI"], "GERMANY": ["NWY"]},
                          "home_centers": {"ENGLAND": ["LON", "NWY", "EDI"]},
                          "orders": {"ENGLAND": ["A NWY B", "F LON B", "F EDI B"]}})
    assert outcomes(resp) == [("A NWY B", "fails"), ("F LON B", "fails"), ("F EDI B", "succeeds")]


def test_past_the_date_a_request_must_state_the_home_centres(classic_with):
    g = classic_with(RULE)
    with pytest.raises(AdjudicationError) as err:
        adjudicate(g, {"phase": "W1900A", "units": {}, "centers": {"ENGLAND": ["LON"]},
                       "orders": {"ENGLAND": ["F LON B"]}})
    assert "'home_centers' is missing" in err.value.message and "after" in err.value.hint


def test_home_centres_stated_where_they_are_no_fact_are_refused(classic, classic_with):
    request = {"phase": "W1899A", "units": {}, "centers": {"ENGLAND": ["LON"]},
               "home_centers": {"ENGLAND": ["LON"]}, "orders": {}}
    for g in (classic, classic_with(RULE)):      # a map's home centres; before the date
        with pytest.raises(AdjudicationError) as err:
            adjudicate(g, request)
        assert err.value.pointer == "/home_centers"


def test_a_stated_home_centre_is_read_as_centres_are(classic_with):
    g = classic_with(RULE)
    for homes, pointer in (({"ENGLAND": ["NTH"]}, "/home_centers/ENGLAND/0"),
                           ({"ENGLAND": ["LON"], "FRANCE": ["LON"]}, "/home_centers/FRANCE/0"),
                           ({"MARS": ["LON"]}, "/home_centers/MARS"), ({"ENGLAND": "LON"}, "/home_centers/ENGLAND")):
        with pytest.raises(AdjudicationError) as err:
            adjudicate(g, {"phase": "W1900A", "units": {}, "centers": {"ENGLAND": ["LON"]},
                           "home_centers": homes, "orders": {}})
        assert err.value.pointer == pointer, (homes, err.value.pointer, err.value.message)


def test_without_the_module_the_maps_home_centres(classic):
    resp = adjudicate(classic, {"phase": "W1899A", "units": {}, "centers": {"ENGLAND": ["LON", "NWY"]},
                                "orders": {"ENGLAND": ["A NWY B", "F LON B"]}})
    assert outcomes(resp) == [("A NWY B", "fails"), ("F LON B", "succeeds")]
    assert "home_centers" not in resp["after"]


def test_a_date_that_is_no_movement_phase_is_reported_not_used(classic_with):
    g = classic_with({"home_centres_in_play": {"date": "W1899A"}})
    assert any("'date' must be a spring or fall movement phase" in m for _, _, m in g.modules.problems)


def test_the_page_example_plays_as_the_rule_says(classic_with):
    from generator.families.diplomacy.rules.home_centres_in_play import MODULE
    g = classic_with(RULE)
    assert MODULE.checks(g, g.modules.params("home_centres_in_play")) == []
    page = MODULE.pages(g, g.modules.params("home_centres_in_play"))[0]
    assert "## Before the date" in page.content and "## After the date" in page.content
    assert "succeeds" in page.content and "is not a home centre of" in page.content


# --- how the importer recognises the rule -----------------------------------------------

ARCHIVE = """
            return $this->sqlCheck("SELECT ts.terrID FROM wD_TerrStatus ts INNER JOIN (
                SELECT tsa.terrID FROM wD_TerrStatusArchive tsa INNER JOIN wD_Territories t ON (tsa.terrID=t.id)
                WHERE tsa.gameID=".$this->gameID." AND t.mapID=".MAPID." AND tsa.countryID=".$this->countryID."
                AND t.supply='Yes' AND NOT t.type='Sea' AND tsa.turn=TURN) AS t ON (t.terrID=ts.terrID)
                WHERE ts.gameID=".$this->gameID." AND t.terrID=".$this->toTerrID."
                AND ts.countryID=".$this->countryID." AND ts.occupyingUnitID IS NULL;");"""
ANYWHERE = """
            return $this->sqlCheck("SELECT t.id FROM wD_TerrStatus ts
                INNER JOIN wD_Territories t ON ( t.id = ts.terrID )
                WHERE ts.gameID = ".$this->gameID." AND t.mapID=".MAPID." AND ts.countryID = ".$this->countryID."
                AND ts.occupyingUnitID IS NULL AND t.id=".$this->toTerrID." AND t.supply = 'Yes'
                AND NOT t.type='Sea' AND NOT t.coast = 'Child'");"""


def _check(before: str, archive_turn: str, alone: bool = False) -> str:
    archive = ARCHIVE.replace("TURN", archive_turn)
    if alone:
        return ("if( $this->type != 'Build Army' && $this->type != 'Build Fleet' ) return parent::toTerrIDCheck();"
                f"if( $this->type == 'Build Army' ) {{ {archive} }} elseif( $this->type == 'Build Fleet' ) {{ }}")
    return (f"$set_sc_after_turn = 4; if ($turn < {before}) {{ if( $this->type == 'Build Army' ) {{ {ANYWHERE} }}"
            f" elseif( $this->type == 'Build Fleet' ) {{ }} }} else {{ if( $this->type == 'Build Army' ) "
            f"{{ {archive} }} elseif( $this->type == 'Build Fleet' ) {{ }} }}")


def test_the_builds_classes_forms_the_importer_reads():
    # Classic1897's userOrderBuilds (any owned centre before `$set_sc_after_turn`, then turn 4's
    # archive), written with the variable or the number; CustomCountries / BiddingStart's archive
    # of turn 0 or 1 alone (no build phase comes before it)
    from generator.importers.webdip_classes import _body_end, _sql_reading
    from generator.importers.webdip_homes import check_reading
    read = lambda code: check_reading(code, _sql_reading, _body_end)      # noqa: E731
    assert read(_check("$set_sc_after_turn", '".$set_sc_after_turn."')) == "homes_at_turn:4"
    assert read(_check("4", "4")) == "homes_at_turn:4"
    assert read(_check("", "0", alone=True)) == "homes_at_turn:0"
    assert read(_check("", "1", alone=True)) == "homes_at_turn:1"
    # not the rule: a later archive alone (builds before it would find none), turns that disagree
    assert read(_check("", "3", alone=True)) is None
    assert read(_check("$set_sc_after_turn", "5")) is None
    assert read(_check("$set_sc_after_turn", '".$set_sc_after_turn."').replace("ts.occupyingUnitID IS NULL", "1")) \
        is None


def test_classic1897s_turn_4_is_spring_1900(tmp_path):
    # turnAsDate counts from 1898 (turn 0 = Spring 1898), so turn 4 begins Spring 1900: "all
    # centres owned after the 1899 build phase become home supply centres"
    from pathlib import Path
    from generator.importers.webdiplomacy import ImportOptions, import_variant
    data = Path(__file__).resolve().parents[3] / "data" / "webdip" / "Classic1897"
    result = import_variant(data, ImportOptions())
    assert result.game["rules"]["home_centres_in_play"] == {"date": "S1900M"}


def test_a_request_stating_home_centres_is_read_the_whole_way(classic_with):
    # the plain lookups read only the keys requests had before; one with home_centers falls back
    from generator.families.diplomacy import api as diplomacy_api
    g = classic_with(RULE)
    request = {"phase": "W1900A", "units": {}, "centers": {"ENGLAND": ["LON"]},
               "home_centers": {"ENGLAND": ["LON"]}, "orders": {"ENGLAND": ["F LON B"]}}
    adjudicate(g, request)          # every name now read once
    assert diplomacy_api._plain_request(g, diplomacy_api._index(g), request) is None
    assert diplomacy_api.parse_request(g, request).homes == {"ENGLAND": ["LON"]}


def test_classic1897_played_across_the_date():
    # the imported Classic1897: Winter 1899 (builds anywhere), the home centres set when Spring
    # 1900 begins, carried by every position after, and Winter 1900 building only on them
    from pathlib import Path
    from generator.families.diplomacy.loading import game_from_data
    from generator.importers.webdiplomacy import ImportOptions, import_variant
    result = import_variant(Path(__file__).resolve().parents[3] / "data" / "webdip" / "Classic1897", ImportOptions())
    g = game_from_data("classic1897", result.game, result.data)
    winter = adjudicate(g, {"phase": "W1899A", "units": {"ENGLAND": ["F NORTH_SEA"]},
                            "centers": {"ENGLAND": ["LONDON", "NORWAY", "HOLLAND"]},
                            "orders": {"ENGLAND": ["A HOLLAND B", "A NORWAY B"]}})
    assert [r["result"] for r in winter["results"]] == ["succeeds", "succeeds"]
    homes = {"ENGLAND": ["HOLLAND", "LONDON", "NORWAY"]}
    assert winter["after"]["home_centers"] == homes
    spring = adjudicate(g, dict(winter["after"], orders={"ENGLAND": ["A HOLLAND - BELGIUM"]}))
    fall = adjudicate(g, dict(spring["after"], orders={"ENGLAND": ["A NORWAY - SWEDEN"]}))
    assert spring["after"]["home_centers"] == fall["after"]["home_centers"] == homes
    after = fall["after"]
    assert after["phase"] == "W1900A" and after["centers"]["ENGLAND"] == ["BELGIUM", "HOLLAND", "LONDON", "NORWAY",
                                                                         "SWEDEN"]
    builds = adjudicate(g, dict(after, orders={"ENGLAND": ["A SWEDEN B", "A NORWAY B", "A HOLLAND B"]}))
    assert [r["result"] for r in builds["results"]] == ["fails", "succeeds", "succeeds"]


def test_an_archived_turn_is_the_phase_its_ownership_holds_from():
    # webDiplomacy archives the ownership at the end of each phase of a turn: a spring turn's
    # (even) is the ownership that spring begins with; an autumn turn's (odd) the ownership after
    # its fall moves, which the next spring begins with (its own winter builds on owned centres)
    from types import SimpleNamespace
    from generator.importers.webdip_classes import ClassFacts
    from generator.importers.webdiplomacy import _homes_date
    variant = SimpleNamespace(start_year=1901, folder="V", lines={})
    for turn, date in ((0, "S1901M"), (1, "S1902M"), (4, "S1903M"), (5, "S1904M")):
        found = {"HomesAtTurn": {"turn": turn}}
        _homes_date(found, variant, ClassFacts())
        assert found == {"HomesAtTurn": {"date": date}}, turn
    facts, found = ClassFacts(), {"HomesAtTurn": {"turn": 4}}
    _homes_date(found, SimpleNamespace(start_year=None, folder="V", lines={}), facts)
    assert found == {} and "turnAsDate does not say which phase" in facts.unmodelled[0][2]
