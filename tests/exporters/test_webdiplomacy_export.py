"""Export to webDiplomacy and import the result back (generator/importers/webdiplomacy.py),
for Divided States and A Modern Europe, with no import option: the same provinces,
types, coasts, supply centres and army and fleet adjacency, coast by coast; the same
powers and colours, centre target, start phase, starting units (the neutral ones too)
and centres, custom-start default builds, coloured neutral centres, and every rule
module with its parameters (transform and neutral_armies included: the only
differences allowed are parameters the export names in EXP001 as having no
webDiplomacy form, and DS and ME have none). The exported variant sits beside
webDiplomacy's BuildAnywhere variant, as on a webDiplomacy site."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from generator.commands.common import load_game
from generator.exporters.output import write_folder
from generator.writing import MANIFEST
import shutil

from generator.exporters.webdiplomacy import (COAST_WORDS, export_variant, not_exported, params_not_exported,
                                              territory_codes)
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.rules import RuleSet
from generator.importers.php_arrays import read_install_php
from generator.importers.webdiplomacy import ImportOptions, import_variant
from webdip_php import run_variant

REPO = Path(__file__).resolve().parents[2]
ROUND_TRIP = ("divided-states", "modern-europe")


def _game(game_id: str):
    fam, game = load_game(str(REPO / "content" / game_id))
    assert fam is not None, game
    return game


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = {}
    for game_id in ROUND_TRIP:
        game = _game(game_id)
        result = export_variant(game, f"content/{game_id}/game.yaml")
        variants = tmp_path_factory.mktemp("variants")
        shutil.copytree(REPO / "tests" / "data" / "webdip" / "BuildAnywhere", variants / "BuildAnywhere")
        folder = variants / result.files["variant.php"].split("public $name = '")[1].split("'")[0]
        write_folder(folder, result.files, [REPO / "content"])
        reimported = import_variant(folder, ImportOptions())
        out[game_id] = (game, result, folder, reimported)
    return out


@pytest.mark.parametrize("game_id", ROUND_TRIP)
def test_import_of_the_export_gives_the_same_map(exported, game_id):
    game, result, folder, reimported = exported[game_id]
    assert not [d for d in reimported.diagnostics if d.severity == "error"], reimported.diagnostics
    again = game_from_data(game_id, {"rules": {}}, reimported.data).map
    m = game.map
    assert list(again.provinces) == [p for p in m.provinces if m.provinces[p].type in ("land", "coast", "sea")]
    for pid, prov in again.provinces.items():
        mine = m.provinces[pid]
        assert (prov.name, prov.type, prov.coasts, prov.supply_center) == \
            (mine.name, mine.type, mine.coasts, mine.supply_center), pid
    assert again.army_adj == m.army_adj          # every army move
    assert again.fleet_adj == m.fleet_adj        # every fleet move, coast by coast
    assert {r.id: (r.overseer, sorted(r.sealanes)) for r in again.sea_regions.values()} == \
        {r.id: (r.overseer, sorted(r.sealanes)) for r in m.sea_regions.values()}     # the sealanes' regions
    # the interactive map traces back to one outline per territory
    assert set(reimported.geometry["outlines"]) == set(again.provinces)


@pytest.mark.parametrize("game_id", ROUND_TRIP)
def test_import_of_the_export_gives_the_same_game(exported, game_id):
    game, result, folder, reimported = exported[game_id]
    data = reimported.data
    m = game.map
    assert [(p["id"], p["name"], p["color"]) for p in data["powers"]] == \
        [(p.id, p.name, p.color) for p in m.powers.values()]
    assert data["victory"] == {"centers": m.victory_centers}
    assert data["start"]["phase"] == game.start.phase
    assert {p: sorted(u) for p, u in data["start"]["units"].items()} == \
        {p: sorted(u) for p, u in game.start.units.items() if u}          # neutral units too
    assert {p: sorted(c) for p, c in data["start"]["centers"].items()} == \
        {p: sorted(c) for p, c in game.start.centers.items() if c}
    assert {p: sorted(u) for p, u in data.get("default_builds", {}).items()} == \
        {p: sorted(u) for p, u in game.default_builds.items() if u}
    assert {p: sorted(c) for p, c in data.get("colored_neutral_centers", {}).items()} == \
        {p: sorted(c) for p, c in game.colored_neutral_centers.items() if c}
    # every rule module comes back with its parameters (filled with defaults on both sides),
    # but for what the export names in EXP001: a module, or a parameter with no webDiplomacy form
    missing, gaps = not_exported(game), params_not_exported(game)
    named = [d.message for d in result.diagnostics if d.code == "EXP001" and d.message.startswith("rule module")]
    assert sorted(m.split()[2].rstrip(",") for m in named if " is not exported" in m) == missing
    assert sorted(m.split(":")[0] for m in named if ", parameter " in m) == \
        sorted(f"rule module {mod}, parameter {param}" for mod, param, _ in gaps)
    assert missing == []
    back = RuleSet(reimported.game["rules"])
    assert not back.problems, back.problems

    def without_gaps(enabled):
        return {mod: {k: v for k, v in params.items() if (mod, k) not in {(g[0], g[1]) for g in gaps}}
                for mod, params in enabled.items()}
    assert without_gaps(back.enabled) == without_gaps(game.modules.enabled)
    assert {"custom_start", "build_anywhere", "colored_neutral_centers", "transform"} <= set(back.enabled)
    assert ("neutral_armies" in back.enabled) == (game_id == "divided-states")
    assert not [d for d in reimported.diagnostics if d.code in ("IMP013", "IMP012", "IMP002")]


@pytest.mark.parametrize("game_id", ROUND_TRIP)
def test_the_php_states_powers_homes_units_and_the_calendar(exported, game_id):
    game, result, folder, _ = exported[game_id]
    variant = (folder / "variant.php").read_text(encoding="utf-8")
    countries = re.search(r"\$countries = array\((.*)\);", variant).group(1)
    names = re.findall(r"'((?:[^'\\]|\\.)*)'", countries)
    assert names == [p.name for p in game.map.powers.values()]
    assert f"$this->supplyCenterTarget = {game.map.victory_centers};" in variant
    first_spring = int(game.start.phase[1:-1]) + (1 if game.start.phase[0] == "W" else 0)
    assert f"(floor($turn/2) + {first_spring})" in variant
    codes = territory_codes(game, "x", [])

    def full(loc: str) -> str:
        prov = game.map.provinces[loc.split("/")[0]]
        name = f"{prov.name} ({codes[prov.id]})"
        return name + (f" ({COAST_WORDS[loc.split('/')[1]]} Coast)" if "/" in loc else "")

    territories, _ = read_install_php((folder / "install.php").read_text(encoding="utf-8"))
    by_name = {row["name"]: row for row in territories}
    for prov in game.map.provinces.values():
        if prov.home:
            assert names[by_name[full(prov.id)]["countryID"] - 1] == game.map.powers[prov.home].name
    # custom start: the default builds, as processOrderBuilds' $countryUnits
    builds = (folder / "classes" / "processOrderBuilds.php").read_text(encoding="utf-8")
    stated = set()
    for line in builds.splitlines():
        country = re.match(r"\t\t'((?:[^'\\]|\\.)*)' => array\(", line)
        if country:
            for terr, kind in re.findall(r"'((?:[^'\\]|\\.)*)'=>'(Army|Fleet)'", line):
                stated.add((country.group(1), terr.replace("\\'", "'"), kind))
    expected = {(game.map.powers[p].name, full(u[2:]), "Fleet" if u[0] == "F" else "Army")
                for p, units in game.default_builds.items() for u in units}
    assert stated == expected and expected
    colours = (folder / "classes" / "drawMap.php").read_text(encoding="utf-8")
    first = next(iter(game.map.powers.values())).color.lstrip("#")
    assert f"1 => array({int(first[0:2], 16)}, {int(first[2:4], 16)}, {int(first[4:6], 16)})" in colours


@pytest.mark.parametrize("game_id", ROUND_TRIP)
def test_the_export_runs_under_php_and_declares_the_game(exported, game_id, tmp_path):
    """The exported folder run by PHP itself (stand-ins for webDiplomacy's classes,
    tests/webdip_php.py), beside BuildAnywhere as on a site: no warning or notice, and
    the variant object, the territories and borders install.php makes and the default
    builds are the game's (the import test checks that reading the files as text gives
    what PHP gives)."""
    game, result, folder, _ = exported[game_id]
    run = run_variant(folder.parent, folder.name, tmp_path)
    assert run.warnings == []
    declared = run.declared
    variant = declared["variant"]
    assert variant["fullName"] == game.meta["title"]
    assert variant["countries"] == [p.name for p in game.map.powers.values()]
    assert variant["supplyCenterTarget"] == game.map.victory_centers
    first_spring = int(game.start.phase[1:-1]) + (1 if game.start.phase[0] == "W" else 0)
    assert declared["dates"][1:3] == [f"Spring, {first_spring}", f"Autumn, {first_spring}"]
    territories, borders = read_install_php((folder / "install.php").read_text(encoding="utf-8"))
    columns = ("name", "type", "supply", "countryID", "x", "y", "sx", "sy")
    assert declared["territories"] == [[row[c] for c in columns] for row in territories]
    assert sorted(map(tuple, declared["borders"])) == \
        sorted((row["to"], row["from"], row["fleets"], row["armies"]) for row in borders)
    codes = territory_codes(game, "x", [])
    builds = declared["classes"]["processOrderBuilds"]["countryUnits"]
    stated = {(country, terr, kind) for country, placed in builds.items() for terr, kind in placed.items()}

    def full(loc: str) -> str:
        prov = game.map.provinces[loc.split("/")[0]]
        name = f"{prov.name} ({codes[prov.id]})"
        return name + (f" ({COAST_WORDS[loc.split('/')[1]]} Coast)" if "/" in loc else "")
    assert stated == {(game.map.powers[p].name, full(u[2:]), "Fleet" if u[0] == "F" else "Army")
                      for p, units in game.default_builds.items() for u in units}


def test_images_one_colour_per_territory_with_points_inside(exported):
    game, result, folder, _ = exported["modern-europe"]
    territories, _ = read_install_php((folder / "install.php").read_text(encoding="utf-8"))
    ia = np.array(Image.open(folder / "interactiveMap" / "IA_map.png").convert("RGB"))
    big = np.array(Image.open(folder / "resources" / "map.png").convert("RGB"))
    small = np.array(Image.open(folder / "resources" / "smallmap.png").convert("RGB"))
    assert ia.shape == big.shape == (game.geometry["image"]["height"], game.geometry["image"]["width"], 3)
    assert small.shape[1] == 1000
    parents = [r for r in territories if "Coast)" not in r["name"]]
    colours = [tuple(ia[r["y"], r["x"]]) for r in parents]
    assert (0, 0, 0) not in colours and len(set(colours)) == len(parents)
    # the map image is flood-filled from (x, y) and (sx, sy): never a black line there
    assert all(tuple(big[r["y"], r["x"]]) != (0, 0, 0) for r in parents)
    assert all(tuple(small[r["sy"], r["sx"]]) != (0, 0, 0) for r in parents)


def test_hostile_names_stay_inside_php_strings_and_comments(game_copy, tmp_path):
    game_dir = game_copy("classic")
    text = (game_dir / "map.yaml").read_text(encoding="utf-8")
    (game_dir / "map.yaml").write_text(text.replace('name: "Edinburgh"', 'name: "Edin\'burgh \\\\ */ ?> <?php"'),
                                       encoding="utf-8")
    meta = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(meta.replace("title: Diplomacy (the standard map)",
                                                     "title: \"Evil */ ?> <?php system('x'); ' title\""),
                                        encoding="utf-8")
    fam, game = load_game(str(game_dir))
    assert fam is not None, game
    result = export_variant(game, "classic/game.yaml")
    territories, borders = read_install_php(result.files["install.php"])
    assert any(r["name"] == "Edin'burgh \\ */ ?> <?php (EDI)" for r in territories)
    for name in ("install.php", "variant.php", "classes/drawMap.php"):
        body = result.files[name]
        comment = body[body.index("/*"):body.index("*/") + 2]
        assert comment.count("*/") == 1 and "?>" not in comment
    assert "public $fullName = 'Evil */ ?> <?php system(\\'x\\'); \\' title';" in result.files["variant.php"]
    # and PHP itself reads them as those strings, and runs nothing else
    variants, name = tmp_path / "variants", result.files["variant.php"].split("public $name = '")[1].split("'")[0]
    write_folder(variants / name, result.files, [])
    run = run_variant(variants, name, tmp_path)
    assert run.warnings == []
    assert run.declared["variant"]["fullName"] == "Evil */ ?> <?php system('x'); ' title"
    assert "Edin'burgh \\ */ ?> <?php (EDI)" in [row[0] for row in run.declared["territories"]]


def test_cli_export_refuses_foreign_folders_and_content(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "generator", "export", *args], capture_output=True,
                              text=True, cwd=REPO)
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("not Mapwright's", encoding="utf-8")
    refused = run("webdiplomacy", "content/classic", "-o", str(foreign))
    assert refused.returncode == 2 and "MW603" in refused.stderr and "no .mapwright-files" in refused.stderr
    assert [p.name for p in foreign.iterdir()] == ["keep.txt"]
    inside = run("webdiplomacy", "content/classic", "-o", "content/classic/export")
    assert inside.returncode == 2 and "content folder" in inside.stderr
    assert not (REPO / "content" / "classic" / "export").exists()
    out = tmp_path / "Classic"
    first = run("webdiplomacy", "content/classic", "-o", str(out))
    assert first.returncode == 0, first.stdout + first.stderr
    assert (out / MANIFEST).is_file() and (out / "interactiveMap" / "IA_map.png").is_file()
    (out / "resources" / "stale.png").write_bytes(b"")       # not listed: kept
    again = run("webdiplomacy", "content/classic", "-o", str(out))
    assert again.returncode == 0 and (out / "resources" / "stale.png").exists()
    # a link planted in the folder (before: written through, into content/classic/map.yaml)
    victim = tmp_path / "map.yaml"
    victim.write_text("the author's map\n", encoding="utf-8")
    (out / "install.php").unlink()
    (out / "install.php").symlink_to(victim)
    planted = run("webdiplomacy", "content/classic", "-o", str(out))
    assert planted.returncode == 2 and "install.php:1:1: error[MW603]" in planted.stderr and "--force" in planted.stderr
    forced = run("webdiplomacy", "content/classic", "-o", str(out), "--force")
    assert forced.returncode == 0 and not (out / "install.php").is_symlink()      # the link replaced, ...
    assert victim.read_text(encoding="utf-8") == "the author's map\n"            # ... never written through
    shutil.rmtree(out / "classes")
    (out / "classes").symlink_to(tmp_path)
    linked = run("webdiplomacy", "content/classic", "-o", str(out), "--force")
    assert linked.returncode == 2 and "classes:1:1: error[MW604]" in linked.stderr
    assert not list(tmp_path.glob("*.php"))
    not_diplomacy = run("webdiplomacy", "content/dixie", "-o", str(tmp_path / "dixie"))
    assert not_diplomacy.returncode == 2 and "Diplomacy-family" in not_diplomacy.stderr


def test_without_webdiplomacys_buildanywhere_folder_the_import_says_where(exported, tmp_path):
    game, result, folder, _ = exported["modern-europe"]
    alone = tmp_path / folder.name
    shutil.copytree(folder, alone)
    again = import_variant(alone, ImportOptions())
    missing = [d for d in again.diagnostics if "BuildAnywhere/classes/userOrderBuilds.php" in d.message]
    text = (alone / "variant.php").read_text(encoding="utf-8").splitlines()
    assert len(missing) == 1 and "userOrderBuilds'] = 'BuildAnywhere'" in text[missing[0].line - 1]
    assert "build_anywhere" not in again.game["rules"] and "custom_start" in again.game["rules"]


def _classes(text: str) -> dict[str, str]:
    return dict(re.findall(r"\bclass\s+(\w+)\s+extends\s+(\w+)", text))


def test_transform_and_neutral_units_in_the_real_variants_forms(exported):
    game, result, folder, _ = exported["divided-states"]
    variant = (folder / "variant.php").read_text(encoding="utf-8")
    registered = dict(re.findall(r"variantClasses\['(\w+)'\] = '(\w+)';", variant))
    files = {cls: (folder / "classes" / f"{cls}.php").read_text(encoding="utf-8")
             for cls, where in registered.items() if where == folder.name}
    # every mixin in its registered file, chained up to the variant's own class
    for cls, mixins in {"userOrderDiplomacy": ["Transform"], "processOrderDiplomacy": ["Transform"],
                        "OrderInterface": ["Transform"], "drawMap": ["Transform", "NeutralScBox"],
                        "OrderArchiv": ["NeutralUnits", "Transform"], "processMembers": ["NeutralUnits"],
                        "processGame": ["CustomStart", "NeutralUnits"]}.items():
        chain = _classes(files[cls])
        names = [f"{m}_{cls}" for m in mixins] + [f"{folder.name}Variant_{cls}"]
        assert all(n in chain for n in names), (cls, chain)
        assert [chain[n] for n in names[1:]] == names[:-1], (cls, chain)
    # Transform's OrderInterface extends BuildAnywhere's, which is then no longer registered itself
    assert registered["OrderInterface"] == folder.name and registered["userOrderBuilds"] == "BuildAnywhere"
    assert _classes(files["OrderInterface"])["Transform_OrderInterface"] == "BuildAnywhereVariant_OrderInterface"
    assert "require_once('variants/BuildAnywhere/classes/OrderInterface.php');" in files["OrderInterface"]
    assert f"variants/{folder.name}/resources/transform.js" in files["OrderInterface"]
    assert "function loadTransform()" in (folder / "resources" / "transform.js").read_text(encoding="utf-8")
    # the neutral units: under a name that is no country, with the countryID after the last one
    neutral = re.search(r"if\( \$countryName == '([^']+)' \) return count\(\$this->countries\) \+ 1;", variant)
    assert neutral and neutral.group(1) not in [p.name for p in game.map.powers.values()]
    pregame = (folder / "classes" / "adjudicatorPreGame.php").read_text(encoding="utf-8")
    assert f"'{neutral.group(1)}' => array(" in pregame and "function assignUnits" not in pregame
    assert f"$this->countryIDToName[] = '{neutral.group(1)}';" in files["OrderArchiv"]
    # $neutralHold: terrID => terrID of two adjacent neutral armies, one key per support_hold province
    territories, _ = read_install_php((folder / "install.php").read_text(encoding="utf-8"))
    codes = territory_codes(game, "x", [])
    province = {f"{p.name} ({codes[p.id]})": p.id for p in game.map.provinces.values()}
    code = {i: province.get(row["name"]) for i, row in enumerate(territories, start=1)}
    hold = re.search(r"\$neutralHold = array\(([^)]*)\);", variant).group(1)
    pairs = [(code[int(a)], code[int(b)]) for a, b in re.findall(r"(\d+) => (\d+)", hold)]
    neutral_at = {u.split()[1] for u in game.start.units["NEUTRAL"]}
    assert sorted(a for a, _ in pairs) == game.modules.params("neutral_armies")["support_hold"]
    assert all(a in neutral_at and b in neutral_at and b in game.map.army_adj[a] for a, b in pairs)
    assert not [d for d in result.diagnostics if d.code == "EXP001"]


def test_a_parameter_with_no_webdiplomacy_form_is_named_and_only_that(game_copy, tmp_path):
    game_dir = game_copy("classic")
    meta = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(meta.replace(
        "  datc_page: {}", "  datc_page: {}\n  transform: {where: home_centers}\n"
                           "  neutral_armies: {power: NEUTRAL, support_hold: [BEL, NAF]}"), encoding="utf-8")
    text = (game_dir / "map.yaml").read_text(encoding="utf-8")
    (game_dir / "map.yaml").write_text(text.replace('    AUSTRIA: ["A BUD", "F TRI", "A VIE"]',
                                                    '    AUSTRIA: ["A BUD", "F TRI", "A VIE"]\n'
                                                    '    NEUTRAL: ["A BEL", "A HOL", "A PIC", "A NAF"]'),
                                       encoding="utf-8")
    fam, game = load_game(str(game_dir))
    assert fam is not None, game
    assert game.modules.has("transform") and game.start.units["NEUTRAL"]
    result = export_variant(game, "classic/game.yaml")
    gaps = {(d.message.split(":")[0], d.message.split()[5]) for d in result.diagnostics
            if d.code == "EXP001" and ", parameter " in d.message}
    assert {m for m, _ in gaps} == {"rule module transform, parameter where",
                                    "rule module neutral_armies, parameter support_hold"}
    messages = [d.message for d in result.diagnostics if d.code == "EXP001"]
    assert any("BEL borders 2 neutral units (HOL, PIC)" in m for m in messages)     # written with HOL
    assert any("NAF has no neutral unit with an adjacent neutral unit" in m for m in messages)
    assert not any(" is not exported" in m for m in messages)
    assert "$neutralHold = array(" in result.files["variant.php"]
    assert "transform.where, neutral_armies.support_hold." in result.files["variant.php"]
    # without a custom start the neutral units stand in the variant's own adjudicatorPreGame;
    # the import gives back both modules, with exactly the named parameters changed
    folder = tmp_path / "variants" / "Classic"
    write_folder(folder, result.files, [game_dir.parent])
    back = import_variant(folder, ImportOptions())
    assert sorted(back.data["start"]["units"]["NEUTRAL"]) == sorted(game.start.units["NEUTRAL"])
    assert back.game["rules"]["neutral_armies"] == {"power": "NEUTRAL", "support_hold": ["BEL"]}
    assert RuleSet(back.game["rules"]).params("transform") == {"where": "supply_centers"}


def test_transform_is_not_written_where_terrids_reach_its_offset(game_copy, monkeypatch):
    # a transform is a support hold to terrID + 1000: on a map with more territories than
    # that a plain support hold would read as a transform, so the module is left out and named
    from generator.exporters import webdip_modules
    game_dir = game_copy("classic")
    meta = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(meta.replace("  datc_page: {}", "  datc_page: {}\n  transform: {}"),
                                        encoding="utf-8")
    fam, game = load_game(str(game_dir))
    assert fam is not None, game
    assert "transform" not in not_exported(game)
    assert "classes/processOrderDiplomacy.php" in export_variant(game, "classic/game.yaml").files
    monkeypatch.setattr(webdip_modules, "TRANSFORM_OFFSET", 50)      # Classic has 81 territory rows
    assert not_exported(game) == ["transform"]
    result = export_variant(game, "classic/game.yaml")
    assert "classes/processOrderDiplomacy.php" not in result.files
    assert "Transform" not in result.files["variant.php"].split("// Rules of the Mapwright game")[0]
    assert any(d.code == "EXP001" and "rule module transform is not exported" in d.message and "it has 81" in d.message
               for d in result.diagnostics)


def test_neutral_armies_without_neutral_units_is_named_not_written(game_copy):
    game_dir = game_copy("classic")
    meta = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(meta.replace("  datc_page: {}", "  datc_page: {}\n  neutral_armies: {}"),
                                        encoding="utf-8")
    fam, game = load_game(str(game_dir))
    assert fam is not None, game
    assert not_exported(game) == ["neutral_armies"]
    result = export_variant(game, "classic/game.yaml")
    assert "classes/processMembers.php" not in result.files and "$neutralHold" not in result.files["variant.php"]
    assert [d.hint for d in result.diagnostics if d.code == "EXP001" and d.message.startswith("rule module")] == \
        ["list the neutral units in start.units under the module's power"]


def test_an_output_folder_webdiplomacy_cannot_find_the_variant_in_is_refused(tmp_path):
    """`-o export/wd-classic` wrote a folder whose classes name variants/Classic/...: it
    could not work on webDiplomacy as written, and the export said nothing."""
    out = tmp_path / "wd-classic"
    run = subprocess.run([sys.executable, "-m", "generator", "export", "webdiplomacy", "content/classic",
                          "-o", str(out)], capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 2 and "variants/<its name>/" in run.stderr and "Wd_Classic" in run.stderr
    assert not out.exists()
    named = subprocess.run([sys.executable, "-m", "generator", "export", "webdiplomacy", "content/classic",
                            "-o", str(out), "--name", "Classic"], capture_output=True, text=True, cwd=REPO)
    assert named.returncode == 0, named.stderr


def test_neutral_rebuilds_are_named_as_not_exported(game_copy):
    # the NeutralUnits classes the export writes hold and support-hold; rebuilding the neutral
    # armies (neutral_armies.rebuild) has no form there, so the export says so (EXP001)
    game_dir = game_copy("classic")
    meta = (game_dir / "game.yaml").read_text(encoding="utf-8")
    (game_dir / "game.yaml").write_text(meta.replace(
        "  datc_page: {}", "  datc_page: {}\n  neutral_armies: {power: NEUTRAL, rebuild: [BEL, HOL]}"),
        encoding="utf-8")
    text = (game_dir / "map.yaml").read_text(encoding="utf-8")
    (game_dir / "map.yaml").write_text(text.replace('    AUSTRIA: ["A BUD", "F TRI", "A VIE"]',
                                                    '    AUSTRIA: ["A BUD", "F TRI", "A VIE"]\n'
                                                    '    NEUTRAL: ["A BEL", "A HOL"]'), encoding="utf-8")
    fam, game = load_game(str(game_dir))
    assert fam is not None, game
    result = export_variant(game, "classic/game.yaml")
    gaps = [d.message for d in result.diagnostics if d.code == "EXP001" and ", parameter " in d.message]
    assert [m.split(":")[0] for m in gaps] == ["rule module neutral_armies, parameter rebuild"]
