"""Export to webDiplomacy and import the result back (generator/importers/webdiplomacy.py),
for Divided States and A Modern Europe, with no import option: the same provinces,
types, coasts, supply centres and army and fleet adjacency, coast by coast; the same
powers and colours, centre target, start phase, starting units and centres, custom-start
default builds, coloured neutral centres, and rule modules with their parameters
(less exactly those the export reports as not exported). The exported variant sits
beside webDiplomacy's BuildAnywhere variant, as on a webDiplomacy site."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from generator.commands.common import load_game
from generator.exporters.output import MARKER, write_folder
import shutil

from generator.exporters.webdiplomacy import COAST_WORDS, export_variant, not_exported, territory_codes
from generator.families.diplomacy.loading import game_from_data
from generator.importers.php_arrays import read_install_php
from generator.importers.webdiplomacy import ImportOptions, import_variant

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
    powers_only = {p: units for p, units in game.start.units.items() if p in m.powers}
    assert {p: sorted(u) for p, u in data["start"]["units"].items()} == \
        {p: sorted(u) for p, u in powers_only.items() if u}
    assert {p: sorted(c) for p, c in data["start"]["centers"].items()} == \
        {p: sorted(c) for p, c in game.start.centers.items() if c}
    assert {p: sorted(u) for p, u in data.get("default_builds", {}).items()} == \
        {p: sorted(u) for p, u in game.default_builds.items() if u}
    assert {p: sorted(c) for p, c in data.get("colored_neutral_centers", {}).items()} == \
        {p: sorted(c) for p, c in game.colored_neutral_centers.items() if c}
    # every rule module comes back with its parameters, but those the export names as missing
    missing = not_exported(game)
    assert sorted(d.message.split()[2] for d in result.diagnostics
                  if d.code == "EXP001" and d.message.startswith("rule module")) == missing
    wanted = {k: v for k, v in (game.rules or {}).items() if k not in missing}
    assert reimported.game["rules"] == wanted
    assert "custom_start" in wanted and "build_anywhere" in wanted and "colored_neutral_centers" in wanted
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


def test_cli_export_refuses_foreign_folders_and_content(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "generator", "export", *args], capture_output=True,
                              text=True, cwd=REPO)
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("not Mapwright's", encoding="utf-8")
    refused = run("webdiplomacy", "content/classic", "-o", str(foreign))
    assert refused.returncode == 2 and "not empty" in refused.stderr
    assert [p.name for p in foreign.iterdir()] == ["keep.txt"]
    inside = run("webdiplomacy", "content/classic", "-o", "content/classic/export")
    assert inside.returncode == 2 and "content folder" in inside.stderr
    assert not (REPO / "content" / "classic" / "export").exists()
    out = tmp_path / "Classic"
    first = run("webdiplomacy", "content/classic", "-o", str(out))
    assert first.returncode == 0, first.stdout + first.stderr
    assert (out / MARKER).is_file() and (out / "interactiveMap" / "IA_map.png").is_file()
    (out / "resources" / "stale.png").write_bytes(b"")       # not listed: kept
    again = run("webdiplomacy", "content/classic", "-o", str(out))
    assert again.returncode == 0 and (out / "resources" / "stale.png").exists()
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
