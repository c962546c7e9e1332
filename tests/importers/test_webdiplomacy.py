"""The importer over the twenty-one vendored vDiplomacy variant folders
(tests/data/webdip: only the files the importer reads, no map.json), and the
reproducibility of the committed content (re-running the importer must give the
committed map.yaml and geometry.yaml)."""
import re
import shutil
from pathlib import Path

import pytest
import yaml

from generator.api import validate
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.model import province_of
from generator.importers.webdiplomacy import ImportOptions, clean_name, import_variant, split_name, write_files
from generator.writing import Refused
from webdip_php import run_variant

DATA = Path(__file__).resolve().parents[1] / "data" / "webdip"
CONTENT = Path(__file__).resolve().parents[2] / "content"
FOLDERS = sorted(p.name for p in DATA.iterdir() if (p / "variant.php").is_file())
BUNDLED = {"A_Modern_Europe", "Classic", "Divided_States"}

COMMANDS = {
    "divided-states": ("Divided_States", ImportOptions(rule_options=("custom-start",),
                                                       colours="resources/uslargecolormapbetaB.png")),
    "modern-europe": ("A_Modern_Europe", ImportOptions(rule_options=("custom-start",), colours="resources/map.png")),
}

# every folder vendored so far: a clone that lost one fails here, not by running fewer tests
VENDORED = {"A_Modern_Europe", "Africa", "AncMed", "Baron1900", "BuildAnywhere", "Classic", "Classic1897",
            "ClassicLayered", "ClassicVS", "Colonial", "Divided_States", "DutchRevolt", "EastIndies",
            "Europa_Renovatio", "GreekDip", "Hundred", "Imperial2", "Imperium", "KnownWorld_901", "Migraine",
            "Pirates", "Pure", "Viking", "WWIVsealanes", "World", "WorldAtWar1937"}


def test_the_vendored_corpus_is_whole():
    assert set(FOLDERS) == VENDORED and BUNDLED <= VENDORED
    assert not list(DATA.rglob("map.json")) and not list(DATA.rglob("cache"))


@pytest.fixture(scope="module")
def imported():
    return {name: import_variant(DATA / name) for name in FOLDERS}


@pytest.fixture(scope="module")
def games(imported, tmp_path_factory):
    """Every import written as a game folder, and validate's report on each."""
    root = tmp_path_factory.mktemp("content")
    reports = {}
    for name, result in imported.items():
        out = root / name.lower().replace("_", "-")
        write_files(result, out)
        reports[name] = validate([str(out)])
    return root, reports


def _errors(report):
    return [d for d in report if d["severity"] == "error"]


@pytest.mark.parametrize("name", FOLDERS)
def test_every_folder_imports_to_a_game_that_validates(imported, games, name):
    result = imported[name]
    assert not [d for d in result.diagnostics if d.severity == "error"], name
    assert {"map.yaml", "geometry.yaml"} <= set(result.files)
    assert {"game.yaml", "rules/01-rules.md"} <= set(result.starters)
    assert _errors(games[1][name]) == [], name


def test_at_least_ninety_percent_of_the_unbundled_folders_validate(games):
    clean = [n for n in FOLDERS if n not in BUNDLED and not _errors(games[1][n])]
    assert len(clean) / 18 >= 0.9


_ROW = r"array\(\s*'((?:[^'\\]|\\.)*)'\s*,\s*'"
_COAST_CHILD = re.compile(r"\(([A-Za-z][A-Za-z /-]*) Coast\)$")


def _install_rows(text: str) -> list[tuple[str, str, str, str]]:
    """An independent reading of install.php's border rows: a plain regex over the text."""
    body = text[text.index("$bordersRawData"):]
    row = re.compile(_ROW + r"((?:[^'\\]|\\.)*)'\s*,\s*'(Yes|No)'\s*,\s*'(Yes|No)'\s*\)")
    return [tuple(m.groups()) for m in row.finditer(body)]


def _row_locations(text: str, provinces: list[dict], left_out: frozenset = frozenset()) -> dict[str, str]:
    """install.php territory name -> imported location, by row order: parent rows are the
    provinces in order, a "(... Coast)" row is the next coast of the province before it."""
    names = [m.group(1) for m in re.finditer(_ROW + r"(?:Land|Coast|Sea|Strait)'",
                                             text[:text.index("$bordersRawData")])]
    parents = iter(provinces)
    located, last, used = {}, {}, {}
    for name in names:
        child = _COAST_CHILD.search(name)
        if child:
            parent = name[:child.start()].strip()
            prov = last[parent]
            k = used.get(prov["id"], 0)
            used[prov["id"]] = k + 1
            located[name] = f"{prov['id']}/{prov['coasts'][k]}" if prov.get("coasts") else prov["id"]
        elif name in left_out:
            continue
        else:
            prov = next(parents)
            located[name] = prov["id"]
            last[name] = prov
    return located


@pytest.mark.parametrize("name", FOLDERS)
def test_borders_equal_the_install_rows_coast_by_coast(imported, name):
    """Every border row of install.php, read independently, is the imported border
    between the same two locations (coast by coast) with the same unit flags: rows listed
    in both directions count once, and flags for a unit that cannot stand on a side are
    the ones the importer reports dropping (IMP017)."""
    result = imported[name]
    folder = "Classic" if name == "BuildAnywhere" else name
    text = (DATA / folder / "install.php").read_text(encoding="utf-8", errors="replace")
    text = re.sub(r"(?m)^\s*//.*$", "", text)      # rows commented out (Pirates' New Grenada) are no rows
    # the canal's own territory, which the canals module replaces, is left out with its borders,
    # and so are a bidding start's token territories (GreekDip's coin stacks)
    left_out = frozenset(m.group(1) for d in result.diagnostics if d.code == "IMP018"
                         for m in [re.match(r"'(.*)' \(\w+\) (?:is the canal's own territory|holds bidding tokens)",
                                            d.message)] if m)
    located = _row_locations(text, result.data["provinces"], left_out)
    expected: dict[frozenset, set] = {}
    for a, b, fleets, armies in _install_rows(text):
        if a in left_out or b in left_out:
            continue
        units = {u for u, flag in (("army", armies), ("fleet", fleets)) if flag == "Yes"}
        if units and located[a] != located[b]:
            expected.setdefault(frozenset((located[a], located[b])), set()).update(units)
    got = {frozenset(b["between"]): set(b["units"]) for b in result.data["borders"]}
    assert len(got) == len(result.data["borders"])                # one entry per pair
    dropped = {m.group(1) for d in result.diagnostics if d.code == "IMP017"
               for m in [re.match(r"border (\S+):", d.message)] if m}
    for pair, units in expected.items():
        shown = "-".join(sorted(pair))
        if pair not in got:
            assert any(set(x.split("-")) == set(pair) for x in dropped), shown
        elif got[pair] != units:
            assert units > got[pair] and any(set(x.split("-")) == set(pair) for x in dropped), (shown, units)
    assert set(got) <= set(expected)


# the variants whose install.php changes the database itself after the territories are made
# (Imperium marks fake home centres, then sets them back with an UPDATE): their supply
# centres are what the rows say, not what the objects hold before that statement
SQL_AFTERWARDS = {"Imperium", "GreekDip", "Pirates"}     # (Pirates: the same, for its pirates)
# (DutchRevolt deletes the borders into Spain, its homeland no unit may enter: the import keeps
# them in the map, both ways, and closes them one way with the one_way_borders module)
SQL_BORDERS = {"DutchRevolt"}


@pytest.mark.parametrize("name", FOLDERS)
def test_what_php_itself_declares_is_what_the_import_reads(imported, name, tmp_path):
    """The variant's PHP run by PHP (stand-ins for webDiplomacy's classes; tests/webdip_php.py)
    against the import, which reads the PHP as text: the same powers, start year,
    territory types and supply centres, army and fleet borders (coast by coast) and
    starting units, except where the import says why (IMP017: a flag for a unit that
    cannot stand on a side; IMP018: a territory with no borders, or a canal's own
    territory, which the canals module replaces with its unit)."""
    declared = run_variant(DATA, name, tmp_path).declared
    result = imported[name]
    locations = result.locations
    variant = declared["variant"]
    countries = [clean_name(c) for c in variant["countries"]]
    units = (declared["classes"].get("adjudicatorPreGame") or {}).get("countryUnits")
    if "custom_countries" in result.game["rules"]:
        # $countries are the players' seats (ClassicVS's Player_1...): the powers are the
        # countries the pre-game class places units for, in the order of install.php's countryIDs
        countries = [clean_name(c) for c in units]
    # power names: webDiplomacy writes 'New-Hampshire' for a name of two words
    assert [p["name"] for p in result.data["powers"]] == [c.replace("-", " ") for c in countries]
    number = re.search(r"-?\d+", str(declared["dates"][1]))      # (DutchRevolt gives a number)
    if number is None:      # GreekDip's "Initial Builds": the importer says it cannot tell the year
        assert "phase" not in result.data["start"] and any(d.code == "IMP012" for d in result.diagnostics)
    else:
        phase = result.data["start"]["phase"]
        assert int(phase[1:-1]) + (phase[0] == "W") == int(number.group()), (declared["dates"], phase)

    said = {d.code: [] for d in result.diagnostics}
    for d in result.diagnostics:
        said[d.code].append(d.message)
    provinces = {p["id"]: p for p in result.data["provinces"]}
    left_out = {loc for loc in locations.values() if province_of(loc) not in provinces}
    for tname, kind, supply, *_ in declared["territories"]:
        loc = locations[clean_name(tname)]
        if "/" in loc or loc in left_out:
            continue
        prov = provinces[loc]
        if prov["type"] == "impassable":
            assert any(f"({loc}) has no borders" in m for m in said.get("IMP018", [])), loc
        elif kind.lower() in ("land", "coast", "sea"):
            assert prov["type"] == kind.lower(), (tname, kind, prov["type"])
        else:
            assert any(f"'{clean_name(tname)}' has type '{kind}', read as {prov['type']}" in d.message
                       for d in result.diagnostics), (tname, kind)
        if name not in SQL_AFTERWARDS:
            assert bool(prov.get("supply_center")) == (supply == "Yes"), (tname, supply)
    assert bool(declared["sql"]) == (name in SQL_AFTERWARDS | SQL_BORDERS)

    game_map = game_from_data(name, {"rules": {}}, result.data).map
    army, fleet = set(), set()
    for a, b, fleets, armies in declared["borders"]:
        la, lb = locations[clean_name(a)], locations[clean_name(b)]
        if la in left_out or lb in left_out:
            continue
        if armies == "Yes":
            army.add(frozenset((province_of(la), province_of(lb))))
        if fleets == "Yes":
            fleet.add(frozenset((la, lb)))
    ours_army = {frozenset((p, q)) for p, qs in game_map.army_adj.items() for q in qs}
    ours_fleet = {frozenset((p, q)) for p, qs in game_map.fleet_adj.items() for q in qs}
    dropped = {frozenset(m.group(1).split("-")) for m in
               (re.match(r"border (\S+):", x) for x in said.get("IMP017", [])) if m}
    assert ours_army <= army and ours_fleet <= fleet
    assert {frozenset(map(province_of, pair)) for pair in (army - ours_army) | (fleet - ours_fleet)} <= \
        {frozenset(map(province_of, pair)) for pair in dropped}

    if units:     # (a custom start has none: its powers build)
        power = {c: p["id"] for c, p in zip(countries, result.data["powers"])}
        want = {(power.get(clean_name(c), "NEUTRAL"), "A" if kind == "Army" else "F", locations[clean_name(t)])
                for c, placed in units.items() for t, kind in dict(placed or {}).items()}   # ([]: none)
        got = {(p, u.split()[0], u.split()[1]) for p, us in result.data["start"]["units"].items() for u in us}
        assert got == {u for u in want if u[2] not in left_out}


def test_divided_states_coasts_names_and_sealanes(imported):
    data = imported["Divided_States"].data
    provinces = {p["id"]: p for p in data["provinces"]}
    assert provinces["KKV"]["coasts"] == ["SC", "EC"]
    assert provinces["MVN"]["name"] == "Martha's Vineyard"
    assert provinces["MSB_N"]["abbr"] == "MSB n" and provinces["MSB_N"]["region"] == "MSB"
    msb = next(r for r in data["sea_regions"] if r["id"] == "MSB")
    assert sorted(msb["sealanes"]) == ["MSB_E", "MSB_N", "MSB_S", "MSB_W"]
    assert "A FRU" in data["start"]["units"]["NEUTRAL"]
    assert data["default_builds"]["MAINE"] == ["A BNG", "A AUM", "F PTM"]
    assert data["victory"] == {"centers": 140} and data["start"]["phase"] == "W2020A"
    game = imported["Divided_States"].game
    assert set(game["rules"]) >= {"build_anywhere", "custom_start", "transform", "neutral_armies",
                                  "colored_neutral_centers", "sealanes"}
    assert game["rules"]["neutral_armies"]["support_hold"] == ["DUR", "FRU", "MAZ", "SGU"]


def test_game_yaml_from_variant_php(imported):
    game = imported["A_Modern_Europe"].game
    assert game["title"] == "A Modern Europe" and game["players"] == 20
    assert {"name": "Jared Kish (Kurt)", "role": "variant author"} in game["credits"]
    assert {"name": "Oliver Auth", "role": "webDiplomacy adapter"} in game["credits"]
    assert game["licence"]["name"] == "AGPL-3.0-or-later"
    assert "Copyright (C) 2020 Jared Kish" in game["licence"]["notice"]
    assert "Changelog" not in game["licence"]["notice"]
    classic = imported["Classic"].data
    assert classic["start"]["phase"] == "S1901M"
    assert "F ST_PETERSBURG/SC" in classic["start"]["units"]["RUSSIA"]
    assert [p["color"] for p in classic["powers"]][:2] == ["#efc4e4", "#79afc6"]   # drawMap countryColors


def test_modern_europe_names_are_decoded(imported):
    provinces = {p["id"]: p for p in imported["A_Modern_Europe"].data["provinces"]}
    assert provinces["SML"]["name"] == "Småland" and provinces["LDZ"]["name"] == "Łódź"


def test_forms_found_in_the_wild(imported):
    # an install.php that only require_once's Classic's, a variant extending ClassicVariant
    build_anywhere = imported["BuildAnywhere"]
    assert len(build_anywhere.data["provinces"]) == len(imported["Classic"].data["provinces"])
    assert "build_anywhere" in build_anywhere.game["rules"]
    assert build_anywhere.game["title"] == "Classic - Build anywhere"
    # a second territory block, curly codes and the Strait type (read as a coast)
    baron = {p["id"]: p for p in imported["Baron1900"].data["provinces"]}
    assert baron["STP"]["coasts"] == ["NC", "SC"] and baron["GIB"]["type"] == "coast"
    assert baron["WAR"]["home"] == "RUSSIA"
    # coasts not named by compass points
    migraine = {p["id"]: p for p in imported["Migraine"].data["provinces"]}
    assert migraine["DOGARU"]["coasts"] == ["A", "B"]
    # HTML entities in names and in class data
    africa = imported["Africa"].data
    assert any(p["name"] == "Équateur" for p in africa["provinces"])
    assert any(u.startswith("A ") for u in africa["start"]["units"]["DRC"])
    # legend territories without borders become impassable
    viking = {p["id"]: p for p in imported["Viking"].data["provinces"]}
    assert viking["NORGE"]["type"] == "impassable"
    assert any(d.code == "IMP014" and "checksum" in d.message for d in imported["Viking"].diagnostics)
    # colliding ids get numbered ids, with a note
    known = imported["KnownWorld_901"]
    assert "AXUM_2" in {p["id"] for p in known.data["provinces"]}
    collided = next(d for d in known.diagnostics if d.code == "IMP015" and "AXUM_2" in d.message)
    assert collided.file == "KnownWorld_901/install.php" and collided.line > 1
    # WWIVsealanes' "Gulf of Alaska - east sea lane" style: lanes grouped under their overseer
    wwiv = {r["id"]: r for r in imported["WWIVsealanes"].data["sea_regions"]}
    assert sorted(wwiv["GOA"]["sealanes"]) == ["EST_GOA", "STH_GOA", "WST_GOA"]
    # the interactive map drawn at the small-map scale whatever it is called
    waw = imported["WorldAtWar1937"]
    assert not [d for d in waw.diagnostics if d.code == "IMP005"]


def test_rules_the_import_does_not_model_are_warned_about(tmp_path):
    # Colonial's Hong Kong class with one statement more is no longer the form a module reads
    shutil.copytree(DATA / "Colonial", tmp_path / "Colonial")
    members = tmp_path / "Colonial" / "classes" / "processMembers.php"
    members.write_text(members.read_text(encoding="utf-8").replace(
        "if ($owner_hk == 2)", "$this->x = 1; if ($owner_hk == 2)"),
        encoding="utf-8")
    colonial = import_variant(tmp_path / "Colonial")
    warned = [d for d in colonial.diagnostics if d.code == "IMP013"]
    assert warned and all(d.file.startswith("Colonial/classes/") and d.line > 1 for d in warned)
    assert colonial.game["status"] == "partial" and "HongKong" in colonial.game["status_note"]
    page = colonial.starters["rules/01-rules.md"]
    assert "## Not modelled" in page and "Imported from `variants/Colonial/rules.php`" in page


def _warned(result, classes: str) -> list:
    return [d for d in result.diagnostics if d.code == "IMP013" and d.file.endswith(classes)]


def test_builds_classes_that_a_rule_module_reproduces_become_that_module(imported):
    # Hundred, Pure and Imperium copy BuildAnywhere's classes under their own names
    for name in ("Hundred", "Pure", "Imperium"):
        result = imported[name]
        assert "build_anywhere" in result.game["rules"], name
        assert not _warned(result, "OrderBuilds.php"), name
    assert imported["Pure"].game["status"] == "complete"
    # Imperial2's BuildAnyHome: any owned centre that is some power's home (`t.countryID != 0`)
    imperial = imported["Imperial2"]
    sites = imperial.game["rules"]["build_sites"]
    homes = {p["id"]: p["home"] for p in imperial.data["provinces"] if p.get("home")}
    assert sites["home"] is True and set(sites["sites"]) == {p["id"] for p in imperial.data["powers"]}
    for power, listed in sites["sites"].items():
        assert set(listed) == {c for c, home in homes.items() if home != power}, power
    assert not _warned(imperial, "OrderBuilds.php") and "build_anywhere" not in imperial.game["rules"]
    # Baron1900 builds by per-territory flags: build_sites with only the flagged centres; Russia's
    # EMR, which its own classes add on top of the flag classes, is the emergency_measures module
    baron = imported["Baron1900"]
    assert baron.game["rules"]["build_sites"]["home"] is False and "build_anywhere" not in baron.game["rules"]
    assert "emergency_measures" in baron.game["rules"] and not _warned(baron, "OrderBuilds.php")


def test_the_suez_canal_classes_are_the_canals_module(imported):
    # userOrderDiplomacy lets fleets move Red Sea <-> Mediterranean (terrIDs 99, 101); OrderInterface
    # gives the canal territory's unit (126) to whoever holds Egypt (66): the canals module
    colonial = imported["Colonial"]
    assert colonial.game["rules"]["canals"] == {"canals": [{"between": ["RED_SEA", "MEDITERRANEAN_SEA"],
                                                            "through": "EGYPT"}]}
    assert "SUEZ_CANAL" not in {p["id"] for p in colonial.data["provinces"]}
    assert "SUEZ_CANAL" not in colonial.geometry["outlines"]
    assert not [u for units in colonial.data["start"]["units"].values() for u in units if "SUEZ" in u]
    assert not [d for d in colonial.diagnostics if d.code == "IMP013" and "Suez" in d.message]


def test_the_trans_siberian_classes_are_the_railways_module(imported):
    # TSR_adjudicatorDiplomacy (with the adjMoveTSR classes it includes from resources/), the
    # TransSib order checks and the toMoves that read $transSibTerritories: the railways module,
    # its route the array's order and its power the countryID the classes name (6: Russia)
    colonial = imported["Colonial"]
    assert colonial.game["rules"]["railways"] == {"railways": [{
        "route": ["MOSCOW", "PERM", "OMSK", "KRASNOYARSK", "IRKUTSK", "VLADIVOSTOK"], "powers": ["RUSSIA"]}]}
    assert [d.file for d in colonial.diagnostics if d.code == "IMP013"] == []     # Hong Kong: uncounted_centres


def test_neutral_unit_phase_code_is_the_neutral_armies_module(imported):
    # Viking's and Africa's processGame only re-run the retreats of the neutral units and
    # order their support-holds: neutral_armies does that (neutrals never retreat)
    for name in ("Viking", "Africa"):
        assert "neutral_armies" in imported[name].game["rules"], name
        assert not _warned(imported[name], "processGame.php"), name
    # their coast convoys (Coast_Convoy, CoastConvoy classes, $convoyCoasts terrIDs) are convoy_coasts
    for name in ("Viking", "Africa"):
        assert len(imported[name].game["rules"]["convoy_coasts"]["provinces"]) == 8, name
        assert not _warned(imported[name], "userOrderDiplomacy.php"), name
    # KnownWorld_901's processGame also rebuilds neutral units: neutral_armies' `rebuild`, in
    # the 49 centres install.php gives the neutral pseudo-country (countryID 16 of 15 countries)
    known = imported["KnownWorld_901"]
    assert not _warned(known, "processGame.php")
    rebuild = known.game["rules"]["neutral_armies"]["rebuild"]
    assert len(rebuild) == 49 and {"DUBLIN", "ROME", "SOCOTRA"} <= set(rebuild)
    neutral = {u.split()[1] for u in known.data["start"]["units"]["NEUTRAL"]}
    assert set(rebuild) == neutral
    for name in ("Viking", "Africa", "Divided_States"):
        assert "rebuild" not in imported[name].game["rules"].get("neutral_armies", {}), name


REBUILD_MIXIN = """<?php
class NeutralUnits_processGame extends processGame
{
	protected function changePhase()
	{
		global $DB;
		$next = parent::changePhase();
		if ( $next == true)
		{
			list($empty) = $DB->sql_row("SELECT COUNT(*) FROM wD_Terrstatus WHERE countryID = ".(count($this->Variant->countries) + 1)." AND occupyingUnitID IS NULL AND gameID = ".$this->id);
			if ($empty > 0)
			{
				$this->turn--;
				$DB->sql_put("UPDATE wD_Games SET turn = turn - 1 WHERE id=".$this->id);
				$this->setPhase('Builds');
				$next=false;
			}
		}
		return $next;
	}
	function process()
	{
		global $DB;
		parent::process();
		if ($this->phase == 'Diplomacy')
		{
			$tabl=$DB->sql_tabl('SELECT id, terrID FROM wD_Units WHERE countryID='.(count($this->Variant->countries) + 1).' AND gameID='.$this->id);
			$units=array();
			while ( list($unitID, $terrID) = $DB->tabl_row($tabl))
				$units[$unitID] = $terrID;
			foreach ($units as $unitID=>$terrID)
				if (array_key_exists($terrID, $this->Variant->neutralHold))
					if ( in_array($this->Variant->neutralHold[$terrID],$units) )
						$DB->sql_put("UPDATE wD_Orders SET type='Support Hold', toTerrID='".$this->Variant->neutralHold[$terrID]."' WHERE unitID=".$unitID);
		}
		if ($this->phase == 'Builds')
		{
			$tabl = $DB->sql_tabl("SELECT terrID FROM wD_Terrstatus WHERE occupyingUnitID IS NULL AND gameID = ".$this->id." AND countryID = ".(count($this->Variant->countries) + 1));
			while(list($terrID) = $DB->tabl_row($tabl))
				$DB->sql_put("INSERT INTO wD_Orders SET gameID = ".$this->id.", countryID = ".(count($this->Variant->countries) + 1).", toTerrID = ".$terrID.", type = 'Build Army'");
		}
	}
}
class KnownWorld_901Variant_processGame extends NeutralUnits_processGame {}
"""


def test_the_rebuild_form_is_read_in_a_mixin_and_in_another_spelling(tmp_path):
    # the same rule as an older KnownWorld_901 writes it: a NeutralUnits_processGame mixin, its
    # queries' conditions in another order, `wD_Terrstatus`, another variable name; with Viking's
    # $neutralHold support-holds beside it (the module's support_hold)
    shutil.copytree(DATA / "KnownWorld_901", tmp_path / "KnownWorld_901")
    (tmp_path / "KnownWorld_901" / "classes" / "processGame.php").write_text(REBUILD_MIXIN, encoding="utf-8")
    result = import_variant(tmp_path / "KnownWorld_901")
    assert len(result.game["rules"]["neutral_armies"]["rebuild"]) == 49
    assert not _warned(result, "processGame.php")


def test_a_neutral_build_of_another_kind_is_not_the_rebuild(tmp_path):
    # the same code building fleets, in every territory (no `occupyingUnitID IS NULL`), or removing
    # units when it turns to the Builds phase: another rule
    shutil.copytree(DATA / "KnownWorld_901", tmp_path / "KnownWorld_901")
    own = tmp_path / "KnownWorld_901" / "classes" / "processGame.php"
    text = (DATA / "KnownWorld_901" / "classes" / "processGame.php").read_text(encoding="utf-8")
    for changed in (text.replace("type = 'Build Army'", "type = 'Build Fleet'"),
                    text.replace("WHERE occupyingUnitID IS NULL\n\t\t\t\t\t\t\tAND gameID", "WHERE gameID"),
                    text.replace("$this->setPhase('Builds');", "$this->setPhase('Builds'); $DB->sql_put(\"DELETE "
                                                               "FROM wD_Units WHERE gameID = \".$this->id);")):
        assert changed != text
        own.write_text(changed, encoding="utf-8")
        result = import_variant(tmp_path / "KnownWorld_901")
        assert "rebuild" not in result.game["rules"]["neutral_armies"]
        assert _warned(result, "processGame.php")


def test_neutral_hold_keys_are_the_units_that_support_hold(imported, tmp_path):
    # Viking: $neutralHold = array('31'=>'106','106'=>'31','9'=>'150','150'=>'9'), Buda <=> Pest and
    # Alexandria <=> Jorsal; a key's unit support-holds the value's, so one-way pairs give the keys only
    names = {p["id"]: p["name"] for p in imported["Viking"].data["provinces"]}
    both = imported["Viking"].game["rules"]["neutral_armies"]["support_hold"]
    assert sorted(names[p] for p in both) == ["Alexandria", "Buda", "Jorsal", "Pest"]
    shutil.copytree(DATA / "Viking", tmp_path / "Viking")
    variant = tmp_path / "Viking" / "variant.php"
    text = variant.read_text(encoding="utf-8")
    symmetric = "array('31'=>'106','106'=>'31','9'=>'150','150'=>'9')"
    assert symmetric in text
    variant.write_text(text.replace(symmetric, "array('31'=>'106','9'=>'150')"), encoding="utf-8")
    one_way = import_variant(tmp_path / "Viking").game["rules"]["neutral_armies"]["support_hold"]
    assert sorted(names[p] for p in one_way) == ["Alexandria", "Buda"]


def test_rules_pages_pass_the_markup_checks(imported):
    from generator.markup import check_markdown
    for name, result in imported.items():
        page = result.starters["rules/01-rules.md"]
        assert check_markdown(f"{name}/rules/01-rules.md", page) == [], name
        assert page.startswith("# ")


def test_reimport_reproduces_committed_files():
    for game, (folder, options) in COMMANDS.items():
        result = import_variant(DATA / folder, options)
        for name, text in result.files.items():
            assert (CONTENT / game / name).read_text(encoding="utf-8") == text, f"{game}/{name} differs"


def test_an_imported_game_builds(imported, tmp_path, monkeypatch):
    from generator.api import build
    content = tmp_path / "content"
    write_files(imported["Pure"], content / "pure")
    monkeypatch.chdir(tmp_path)
    report = build(content=str(content), site_dir=str(tmp_path / "site"),
                   config=str(CONTENT.parent / "mkdocs.yml"), work=str(tmp_path / "build"), pdf=False)
    assert report["built"], [d for d in report["diagnostics"] if d["severity"] == "error"]
    assert (tmp_path / "site" / "pure" / "index.html").is_file()


def test_missing_install_php_is_a_diagnostic(tmp_path):
    result = import_variant(tmp_path)
    assert [d.code for d in result.diagnostics] == ["IMP007"] and not result.files


def test_hostile_php_is_refused_not_run(tmp_path):
    (tmp_path / "install.php").write_text("<?php $territoryRawData=array(array(system('rm -rf /')));",
                                          encoding="utf-8")
    result = import_variant(tmp_path)
    assert [d.code for d in result.diagnostics] == ["IMP001"]


def test_write_files_keeps_the_authors_game_yaml_and_pages(imported, tmp_path):
    out = tmp_path / "pure"
    (out / "rules").mkdir(parents=True)
    (out / "game.yaml").write_text("mine\n", encoding="utf-8")
    (out / "rules" / "01-mine.md").write_text("# Mine\n", encoding="utf-8")
    written = {p.name for p in write_files(imported["Pure"], out)}
    assert written == {"map.yaml", "geometry.yaml"}
    assert (out / "game.yaml").read_text(encoding="utf-8") == "mine\n"
    assert yaml.safe_load((out / "map.yaml").read_text(encoding="utf-8"))["powers"]


# -- hostile sizes: linear cost ------------------------------------------------------

def _install(tmp_path, territories: list[str], borders: list[str]) -> Path:
    """A variant folder holding only an install.php with these rows (8 columns, 4 columns)."""
    folder = tmp_path / "Big"
    folder.mkdir()
    (folder / "install.php").write_text(
        "<?php\n$territoryRawData=array(\n" + ",\n".join(territories) + "\n);\n"
        "foreach($territoryRawData as $territoryRawRow)\n"
        "{ list($name, $type, $supply, $countryID, $x, $y, $sx, $sy)=$territoryRawRow; }\n"
        "$bordersRawData=array(\n" + ",\n".join(borders) + "\n);\n"
        "foreach($bordersRawData as $borderRawRow)\n{ list($from, $to, $fleets, $armies)=$borderRawRow; }\n",
        encoding="utf-8")
    return folder


def test_many_unknown_names_cost_a_bounded_number_of_spelling_lookups(tmp_path, monkeypatch):
    """Each unknown name's did-you-mean compared it with every territory: 20,000 borders to
    unknown places in a 1,000-territory install.php took minutes."""
    import difflib
    calls = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    territories = [f"array('Land {i}', 'Land', 'No', 0, 1, 1, 1, 1)" for i in range(50)]
    borders = [f"array('Land {i % 50}', 'Land {i}x', 'No', 'Yes')" for i in range(500)]
    result = import_variant(_install(tmp_path, territories, borders))
    unknown = [d for d in result.diagnostics if d.code == "IMP002"]
    assert len(unknown) == 500 and len(calls) <= 64
    assert "did you mean 'Land 0'" in unknown[0].hint and "did you mean" not in unknown[-1].hint
    assert "exactly as install.php" in unknown[-1].hint


def _rows(tmp_path, monkeypatch, territories: list[dict], borders: list[dict]) -> Path:
    """A variant folder whose install.php reads as these rows (the PHP reader stepped
    around, so that what is timed is the import's own work on them)."""
    import generator.importers.webdiplomacy as webdip
    folder = tmp_path / "Rows"
    folder.mkdir()
    (folder / "install.php").write_text("<?php $territoryRawData=array(); $bordersRawData=array();", encoding="utf-8")
    number = lambda rows: [dict(row, _line=i + 2) for i, row in enumerate(rows)]  # noqa: E731
    monkeypatch.setattr(webdip, "read_install_php", lambda text: (number(territories), number(borders)))
    return folder


def _land(name: str, kind: str = "Land") -> dict:
    return {"name": name, "type": kind, "supply": "No", "countryID": 0, "x": 1, "y": 1, "sx": 1, "sy": 1}


def _timed_import(folder: Path):
    import time
    start = time.process_time()
    result = import_variant(folder)
    return result, time.process_time() - start


def test_many_namesakes_are_numbered_in_linear_time(tmp_path, monkeypatch):
    """Each namesake counted up from LONDON_2 through every earlier one: 20,000 territories
    called London took minutes (k^2/2 lookups)."""
    folder = _rows(tmp_path, monkeypatch, [_land("London") for _ in range(20_000)],
                   [{"from": "London", "to": "London", "fleets": "No", "armies": "Yes"}])
    result, seconds = _timed_import(folder)
    ids = [p["id"] for p in result.data["provinces"]]
    assert ids[:3] == ["LONDON", "LONDON_2", "LONDON_3"] and ids[-1] == "LONDON_20000"
    assert seconds < 10, seconds


def test_many_single_coasts_and_shared_codes_cost_linear_time(tmp_path, monkeypatch):
    """A province with one named coast looked through every name and row to undo the coast,
    and a shared bracketed code through every row: 10,000 of each took minutes."""
    rows = []
    for i in range(10_000):
        rows += [_land(f"Port {i} (P{i % 5000})", "Coast"), _land(f"Port {i} (P{i % 5000}) (North Coast)", "Coast")]
    borders = [{"from": f"Port {i} (P{i % 5000})", "to": f"Port {i + 1} (P{(i + 1) % 5000})", "fleets": "Yes",
                "armies": "Yes"} for i in range(9_999)]
    result, seconds = _timed_import(_rows(tmp_path, monkeypatch, rows, borders))
    single = [d for d in result.diagnostics if "has one named coast" in d.message]
    shared = [d for d in result.diagnostics if d.code == "IMP008"]
    assert len(single) == 10_000 and single[0].line == 3 and len(shared) == 5_000
    assert "coasts" not in result.data["provinces"][0]
    assert seconds < 10, seconds


# -- links: nothing outside the variants folder is read, nothing outside the game written --

SECRET = "PRIVATEKEYMARKER"     # no punctuation: Markdown escaping would hide it from the search


@pytest.mark.parametrize("name, code", [("install.php", "IMP001"), ("variant.php", "IMP012"),
                                        ("classes/adjudicatorPreGame.php", "IMP012"), ("rules.html", "IMP016"),
                                        ("interactiveMap/IA_smallmap.png", "IMP014")])
def test_a_file_linked_to_a_place_outside_the_variants_folder_is_not_read(tmp_path, name, code):
    """rules.html linked to a private file was converted into the rules page (to be published)."""
    (tmp_path / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    folder = tmp_path / "variants" / "Pure"
    shutil.copytree(DATA / "Pure", folder)
    (folder / name).unlink()
    (folder / name).symlink_to(tmp_path / "secret.txt")
    result = import_variant(folder)
    found = [d for d in result.diagnostics if d.code == code and "outside the variants folder" in d.message]
    assert found and found[0].file == f"Pure/{name}"
    assert not any(SECRET in text for text in [*result.files.values(), *result.starters.values()])


def test_links_in_the_game_folder_are_replaced_or_left_alone_never_written_through(imported, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("mine\n", encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    out = tmp_path / "pure"
    out.mkdir()
    (out / "map.yaml").symlink_to(outside)
    (out / "rules").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(Refused):       # a link is not a file Mapwright wrote
        write_files(imported["Pure"], out)
    written = {p.name for p in write_files(imported["Pure"], out, force=True)}
    assert written == {"map.yaml", "geometry.yaml", "game.yaml"}       # the linked rules/ is the author's
    assert outside.read_text(encoding="utf-8") == "mine\n" and not (out / "map.yaml").is_symlink()
    assert not list((tmp_path / "elsewhere").iterdir())


# -- what map.yaml cannot hold: said where it is written, not left for validate to refuse --

def _pure(tmp_path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "Pure"
    shutil.copytree(DATA / "Pure", folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_a_label_point_beyond_any_map_is_read_as_zero_and_said(tmp_path):
    """99999999 went into map.yaml's labels (validate: beyond the schema's 1,000,000; an
    18-digit one: beyond the integers JSON keeps)."""
    result = import_variant(_pure(tmp_path, "install.php", "720, 300, 365, 145", "720, 300, 999999999999999999, 145"))
    far = [d for d in result.diagnostics if d.code == "IMP021"]
    assert [(d.file, d.line) for d in far] == [("Pure/install.php", 8)] and "sx = 999999999999999999" in far[0].message
    london = next(p for p in result.data["provinces"] if p["name"] == "London")
    assert london["label"] == [0, 145]


def test_a_centre_target_out_of_range_is_left_out_and_said(tmp_path):
    folder = _pure(tmp_path, "variant.php", "parent::__construct();", "parent::__construct(); $this->supplyCenterTarget = 999999;")
    result = import_variant(folder)
    assert "victory" not in result.data
    assert any(d.code == "IMP012" and "supplyCenterTarget 999999" in d.message for d in result.diagnostics)


def test_a_centre_target_beyond_the_maps_centres_is_left_out_and_said(tmp_path):
    folder = _pure(tmp_path, "variant.php", "parent::__construct();", "parent::__construct(); $this->supplyCenterTarget = 8;")
    result = import_variant(folder)
    assert "victory" not in result.data
    assert any(d.code == "IMP012" and "more than the map's 7 supply centres" in d.message for d in result.diagnostics)


def test_countries_that_give_one_id_or_a_name_too_long_are_told_apart(tmp_path):
    """Two countries called England made two powers ENGLAND (validate refused the map)."""
    long = "L" * 150
    result = import_variant(_pure(tmp_path, "variant.php", "'Austria','England','France'", f"'England','England','{long}'"))
    assert [p["id"] for p in result.data["powers"]][:3] == ["ENGLAND", "ENGLAND_2", "L" * 40]
    assert [p["name"] for p in result.data["powers"]][1:3] == ["England 2", "L" * 100]
    assert sum(d.code == "IMP015" and "country" in d.message for d in result.diagnostics) == 2


def test_without_variant_php_the_powers_are_numbered_or_the_import_stops(tmp_path):
    """AncMed without its variant.php imported with no powers (a warning), and validate
    refused the map it wrote (a game needs a power)."""
    folder = tmp_path / "AncMed"
    shutil.copytree(DATA / "AncMed", folder)
    (folder / "variant.php").unlink()
    result = import_variant(folder)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    assert [p["name"] for p in result.data["powers"]] == [f"Country {i}" for i in range(1, 6)]
    bare = import_variant(_install(tmp_path, ["array('Land', 'Land', 'No', 0, 1, 1, 1, 1)"], []))
    assert [(d.code, d.severity) for d in bare.diagnostics if "would have no powers" in d.message] == [("IMP007", "error")]


def test_every_error_says_what_to_do(tmp_path):
    """An install.php without territories was an error with no hint."""
    result = import_variant(_install(tmp_path, [], []))
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["IMP001"] and all(d.hint for d in errors)


@pytest.mark.parametrize("full, expected", [
    ("Central African Republic (CENTRAL_AFRICAN_REPUBLIC)", ("Central African Republic", None, "CENTRAL_AFRICAN_REPUBLIC")),
    ("Gulf of Alaska - North (GAK n)", ("Gulf of Alaska - North", None, "GAK n")),
    # a bracket of over 20 characters that is no id stays part of the name
    ("Kingdom (of the two rivers and more)", ("Kingdom (of the two rivers and more)", None, None)),
    ("Sea (" + "A" * 41 + ")", ("Sea (" + "A" * 41 + ")", None, None)),
])
def test_a_territory_code_may_be_an_id_of_up_to_40_characters(full, expected):
    """Mapwright's export names a territory `Name (ID)` where its abbreviation would give
    another id; an id over 20 characters (CENTRAL_AFRICAN_REPUBLIC) was not read as the
    code, so the re-import's province was named 'Central African Republic
    (CENTRAL_AFRICAN_REPUBLIC)' and every border to it changed name."""
    assert split_name(full) == expected


def test_the_rebuild_form_reads_hostile_spacing_in_linear_time(tmp_path):
    # a query of 200,000 spaces between its words once took minutes (a regex backtracking
    # over every run of blanks); whitespace is evened first
    import time
    shutil.copytree(DATA / "KnownWorld_901", tmp_path / "KnownWorld_901")
    own = tmp_path / "KnownWorld_901" / "classes" / "processGame.php"
    text = (DATA / "KnownWorld_901" / "classes" / "processGame.php").read_text(encoding="utf-8")
    own.write_text(text.replace('AND gameID = ".$this->id."', 'AND gameID = ".$this->id' + " " * 200_000 + '."'),
                   encoding="utf-8")
    start = time.perf_counter()
    result = import_variant(tmp_path / "KnownWorld_901")
    assert time.perf_counter() - start < 20
    assert len(result.game["rules"]["neutral_armies"]["rebuild"]) == 49      # the same query, spaced out


def test_the_rebuild_form_with_the_countryid_written_as_a_number(tmp_path):
    # `countryID = 16` where KnownWorld_901 writes `count($this->Variant->countries) + 1`: the
    # same rule while 16 is one past its 15 countries; 15 (India) is another rule, not modelled
    shutil.copytree(DATA / "KnownWorld_901", tmp_path / "KnownWorld_901")
    own = tmp_path / "KnownWorld_901" / "classes" / "processGame.php"
    text = (DATA / "KnownWorld_901" / "classes" / "processGame.php").read_text(encoding="utf-8")
    spliced = '".(count($this->Variant->countries) + 1)'
    assert text.count(spliced) == 3
    for number, rebuilt in (("16", True), ("15", False)):
        own.write_text(text.replace(spliced, number + '"'), encoding="utf-8")
        result = import_variant(tmp_path / "KnownWorld_901")
        assert ("rebuild" in result.game["rules"]["neutral_armies"]) == rebuilt, number
        warned = [d.message for d in _warned(result, "processGame.php")]
        assert warned == ([] if rebuilt else [warned[0]]), number
        assert rebuilt or "countryID 15" in warned[0]
