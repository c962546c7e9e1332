"""The DPjudge importer against the MILA `diplomacy` package's own reading of the
14 .map files it ships (tests/data/dpjudge/expected/, written by
generate_expected.py with that package): every army and fleet move, every
location type, supply centre, power, home, centre and starting unit."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from generator.diagnostics import errors
from generator.importers.dpjudge import import_map, write_files
from generator.writing import Refused

DATA = Path(__file__).resolve().parents[1] / "data" / "dpjudge"
MAPS = sorted(p.stem for p in (DATA / "maps").glob("*.map"))
REPO = Path(__file__).resolve().parents[2]
TYPES = {"WATER": "sea", "COAST": "coast", "PORT": "coast", "LAND": "land", "SHUT": "impassable"}


def test_all_fourteen_maps_are_vendored_with_their_expectations():
    assert len(MAPS) == 14
    assert sorted(p.stem for p in (DATA / "expected").glob("*.json")) == MAPS


@pytest.fixture(scope="module")
def imported():
    return {name: import_map(DATA / "maps" / f"{name}.map") for name in MAPS}


def _location(data: dict, mila_loc: str) -> str:
    """MILA's location (BUL/EC) as the imported map writes it."""
    base, _, coast = mila_loc.partition("/")
    prov = next(p for p in data["provinces"] if p.get("abbr", p["id"]) == base)
    return f"{prov['id']}/{coast}" if coast and coast in prov.get("coasts", []) else prov["id"]


@pytest.mark.parametrize("name", MAPS)
def test_borders_equal_the_packages_moves_edge_for_edge(imported, name):
    expected = json.loads((DATA / "expected" / f"{name}.json").read_text(encoding="utf-8"))
    result = imported[name]
    assert not errors(result.diagnostics), result.diagnostics
    data = result.data
    for unit, key in (("army", "army_moves"), ("fleet", "fleet_moves")):
        moves = {(_location(data, a), _location(data, b)) for a, b in expected[key]}
        # the package's moves go both ways wherever the file says so; Mapwright's borders
        # are undirected, so a one-way move must have been reported
        one_way = {m for m in moves if (m[1], m[0]) not in moves}
        assert not one_way or any(d.code == "DPJ003" for d in result.diagnostics)
        ours = {frozenset(b["between"]) for b in data["borders"] if unit in b["units"]}
        theirs = {frozenset(m) for m in moves}
        assert ours == theirs, (unit, sorted(map(sorted, ours - theirs))[:5], sorted(map(sorted, theirs - ours))[:5])


@pytest.mark.parametrize("name", MAPS)
def test_provinces_coasts_centres_powers_and_units(imported, name):
    expected = json.loads((DATA / "expected" / f"{name}.json").read_text(encoding="utf-8"))
    data = imported[name].data
    provinces = {p.get("abbr", p["id"]): p for p in data["provinces"]}
    plain = {loc: kind for loc, kind in expected["locations"].items() if "/" not in loc}
    assert {k: p["type"] for k, p in provinces.items()} == {k: TYPES[v] for k, v in plain.items()}
    coasts = {}
    for loc in expected["locations"]:
        if "/" in loc:
            coasts.setdefault(loc.split("/")[0], []).append(loc.split("/")[1])
    assert {k: sorted(p["coasts"]) for k, p in provinces.items() if "coasts" in p} == \
        {k: sorted(v) for k, v in coasts.items() if len(v) >= 2}
    assert sorted(k for k, p in provinces.items() if p.get("supply_center")) == sorted(expected["supply_centers"])
    # the package writes BRITISH-COLUMBIA as BRITISHCOLUMBIA; Mapwright's id is BRITISH_COLUMBIA
    powers = {p["id"].replace("_", ""): p["id"] for p in data["powers"]}
    assert sorted(powers) == sorted(expected["powers"])
    for mila_power, facts in expected["powers"].items():
        pid = powers[mila_power]
        assert sorted(k for k, p in provinces.items() if p.get("home") == pid) == facts["homes"]
        assert sorted(data["start"]["centers"].get(pid, [])) == facts["centers"]
        assert sorted(data["start"]["units"][pid]) == sorted(
            f"{u[0]} {_location(data, u[2:])}" for u in facts["units"])


def test_phase_victory_and_rules(imported):
    assert imported["standard"].data["start"]["phase"] == "S1901M"
    assert imported["modern"].data["start"]["phase"] == "S1994M"
    assert imported["ancmed"].data["start"]["phase"] == "S1M"
    assert imported["standard"].data["victory"]["centers"] == 18
    assert "build_anywhere" in imported["modern"].files["game.yaml"]
    assert "build_anywhere" in imported["standard_age_of_empires"].files["game.yaml"]
    assert "build_anywhere" not in imported["standard"].files["game.yaml"]
    # ancmed's Baleares is a PORT, a coast whose fleet may convoy: the convoy_coasts module
    import yaml
    rules = {name: yaml.safe_load(imported[name].files["game.yaml"]).get("rules") or {} for name in imported}
    assert rules["ancmed"]["convoy_coasts"] == {"provinces": ["BAL"]}
    assert "PORT locations (BAL)" in imported["ancmed"].files["rules/01-map.md"]
    assert "convoy_coasts" not in rules["standard"]
    # a variant built on another map says so on its rules page
    assert "(built on `standard.map`)" in imported["standard_france_austria"].files["rules/01-map.md"]


def test_outlines_from_the_svg_maps(imported):
    for name, count in (("standard", 76), ("modern", 141), ("ancmed", 79), ("pure", 7),
                        ("standard_fleet_rome", 76), ("ancmed_age_of_empires", 79)):
        geometry = imported[name].geometry
        assert len(geometry["outlines"]) == count, name
        assert "geometry.yaml" in imported[name].files
        assert all(len(ring) >= 6 for rings in geometry["outlines"].values() for ring in rings)
    standard = imported["standard"]
    assert standard.geometry["image"] == {"width": 1835, "height": 1360, "source": "standard.svg"}
    assert set(standard.geometry["coast_labels"]) == {"BUL/EC", "BUL/SC", "SPA/NC", "SPA/SC", "STP/NC", "STP/SC"}
    # the translate(-195 -170) of jDip's map layer is applied: outlines lie inside the image
    xs = [v for rings in standard.geometry["outlines"].values() for ring in rings for v in ring[0::2]]
    assert 0 <= min(xs) and max(xs) <= 1835
    # power colours from the SVG's styles (royalblue France)
    assert {p["id"]: p["color"] for p in standard.data["powers"]}["FRANCE"] == "#4169e1"
    assert "geometry.yaml" not in imported["world"].files


def test_the_imported_games_validate_and_build(imported, tmp_path):
    content = tmp_path / "content"
    for name in ("standard", "known_world_901", "standard_france_austria", "modern"):
        write_files(imported[name], content / name.replace("_", "-"))
    run = subprocess.run([sys.executable, "-m", "generator", "validate", str(content)],
                         capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 error(s)" in run.stderr


# -- malformed input: located diagnostics, never a traceback ------------------------

def _one(tmp_path, text: str, name: str = "bad.map"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return import_map(path)


GOOD = """BEGIN SPRING 1901 MOVEMENT
NORTH (NORTHERN) NCA
A NCA
SOUTH (SOUTHERN) SCA
A SCA
North Capital = nca
South Capital = sca
LAND NCA ABUTS SCA
LAND SCA ABUTS NCA
"""


def test_a_location_named_as_an_id_may_be_as_long_as_an_id(tmp_path):
    """Mapwright's own export writes each location by its id (WESTERN_MEDITERRANEAN_SEA,
    25 characters): the import refused every id over 20, an abbreviation's limit, so no
    export of a webDiplomacy variant with long ids came back in."""
    long_id = "WESTERN_MEDITERRANEAN_SEA"
    result = _one(tmp_path, GOOD.replace("SCA", long_id).replace("= sca", "= " + long_id.lower()))
    assert not errors(result.diagnostics), result.diagnostics
    south = next(p for p in result.data["provinces"] if p["id"] == long_id)
    assert "abbr" not in south and south["name"] == "South Capital"


def test_a_power_named_by_dashes_keeps_a_name(tmp_path):
    """A power line `--- (NORTHERN)` (found by fuzzing) became a power with the empty
    name '', which validate refused in the map the import had written."""
    result = _one(tmp_path, GOOD.replace("NORTH (NORTHERN)", "--- (NORTHERN)"))
    assert not errors(result.diagnostics)
    assert [p["name"] for p in result.data["powers"]] == ["---", "South"]


def test_a_minimal_map_imports(tmp_path):
    result = _one(tmp_path, GOOD)
    assert not result.diagnostics
    assert result.data["borders"] == [{"between": ["NCA", "SCA"], "units": ["army"]}]


@pytest.mark.parametrize("text, line, column, code, words", [
    (GOOD.replace("LAND NCA ABUTS SCA", "LAND NCA ABUTS SCA XYZ"), 8, 20, "DPJ002", "unknown location 'XYZ'"),
    (GOOD.replace("LAND SCA ABUTS NCA", "LAND SCA ABUTS"), 8, 16, "DPJ003", "not the other way round"),
    (GOOD.replace("LAND NCA ABUTS", "LAND NCA TOUCHES"), 8, 10, "DPJ001", "ABUTS belongs"),
    (GOOD.replace("A NCA", "A NCA NOW"), 3, 1, "DPJ001", "is not a unit"),
    ("A NCA\n" + GOOD, 1, 1, "DPJ001", "before any power"),
    ("MAP ../secret.map\n" + GOOD, 1, 5, "DPJ001", "not a map file in this folder"),
    ("MAP missing.map\n" + GOOD, 1, 5, "DPJ001", "cannot read missing.map"),
    # '²' is a digit to str.isdigit, not to int(): the phase's int() raised ValueError
    (GOOD.replace("BEGIN SPRING 1901", "BEGIN SPRING \u00b2"), 1, 1, "DPJ001", "is not a season, a year"),
    # what map.yaml cannot hold: the import wrote it, and validate refused the map it wrote
    (GOOD.replace("BEGIN SPRING 1901 MOVEMENT", "VICTORY 0"), 1, 1, "DPJ001", "from 1 to 1000"),
    (GOOD.replace("BEGIN SPRING 1901 MOVEMENT", "VICTORY " + "9" * 40), 1, 1, "DPJ001", "from 1 to 1000"),
    (GOOD + "LAND " + "X-" * 15 + " ABUTS NCA\n", 10, 6, "DPJ001", "has a name of 30 characters (at most 20)"),
    (GOOD + "LAND " + "X" * 41 + " ABUTS NCA\n", 10, 6, "DPJ001", "has a name of 41 characters (at most 40)"),
    (GOOD.replace("South Capital =", "S" * 101 + " ="), 7, 1, "DPJ001", "has 101 characters (at most 100)"),
    (GOOD.replace("NORTH (NORTHERN)", "N" * 41 + " (NORTHERN)"), 2, 1, "DPJ001", "has 41 characters (at most 40)"),
    (GOOD.replace("SOUTH (SOUTHERN)", "NORTH_ (SOUTHERN)").replace("NORTH (NORTHERN)", "NORTH- (NORTHERN)"),
     4, 1, "DPJ001", "gives the id NORTH, as NORTH- does"),
    (GOOD.replace("SOUTH (SOUTHERN) SCA", "SOUTH (SOUTHERN) SCA NCA"), 4, 1, "DPJ001",
     "NCA is a centre of NORTH and of SOUTH"),
    # victory out of reach (validate refused the map the import wrote)
    ("VICTORY 3\n" + GOOD, 1, 1, "DPJ001", "VICTORY 3 is more than the map's 2 supply centres"),
    (GOOD.replace("(NORTHERN) NCA", "(NORTHERN)").replace("(SOUTHERN) SCA", "(SOUTHERN)"), 1, 1, "DPJ001",
     "defines no supply centre"),
    # a NUL byte in the name: Path.resolve raised ValueError (an internal error)
    ("MAP sta\x00ndard.map\n" + GOOD, 1, 5, "DPJ001", "not a map file in this folder"),
    (GOOD.replace("BEGIN SPRING 1901 MOVEMENT", "BEGIN SPRING"), 1, 1, "DPJ001", "season, a year and a phase"),
    (GOOD.replace("NORTH (NORTHERN) NCA", "NORTH (NORTHERN NCA"), 2, 7, "DPJ001", "does not close"),
    (GOOD.replace("South Capital = sca", "South Capital ="), 7, 1, "DPJ001", "names nothing"),
    (GOOD + "COAST XYZ/north ABUTS NCA\nLAND XYZ ABUTS NCA\n", 10, 7, "DPJ001", "is not PROVINCE/CODE"),
    (GOOD.replace("NORTH (NORTHERN) NCA", "NORTH (NORTHERN) NCA QQQ"), 2, 1, "DPJ002", "home centre 'QQQ'"),
    (GOOD + "UNPLAYED EAST\n", 10, 1, "DPJ001", "names no power 'EAST'"),
])
def test_malformed_lines_are_located(tmp_path, text, line, column, code, words):
    result = _one(tmp_path, text)
    hits = [d for d in result.diagnostics if d.code == code and words in d.message]
    assert hits, result.diagnostics
    assert (hits[0].file, hits[0].line, hits[0].column) == ("bad.map", line, column)
    assert hits[0].hint


def test_not_utf8_and_cycles(tmp_path):
    (tmp_path / "a.map").write_bytes(b"BEGIN SPRING 1901 MOVEMENT\n\xff\xfe\n")
    assert [(d.line, d.code) for d in import_map(tmp_path / "a.map").diagnostics] == [(2, "DPJ001")]
    (tmp_path / "b.map").write_text("MAP c.map\n", encoding="utf-8")
    (tmp_path / "c.map").write_text("MAP b.map\n", encoding="utf-8")
    found = import_map(tmp_path / "b.map").diagnostics
    assert any("used twice" in d.message for d in found) and not import_map(tmp_path / "b.map").files


def test_cli_reports_file_line_column_and_refuses_a_non_empty_folder(tmp_path):
    bad = tmp_path / "bad.map"
    bad.write_text(GOOD.replace("LAND NCA ABUTS SCA", "LAND NCA ABUTS SCA XYZ"), encoding="utf-8")
    out = tmp_path / "game"
    run = subprocess.run([sys.executable, "-m", "generator", "import", "dpjudge", str(bad), "-o", str(out)],
                         capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 1 and "bad.map:8:20" in run.stderr and "Traceback" not in run.stderr
    assert not out.exists()
    good = tmp_path / "good.map"
    good.write_text(GOOD, encoding="utf-8")
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    (out / "map.yaml").write_text("hand-written\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "generator", "import", "dpjudge", str(good), "-o", str(out)],
                         capture_output=True, text=True, cwd=REPO)
    assert run.returncode == 2 and "map.yaml:1:1: error[MW603]" in run.stderr and "--force" in run.stderr
    assert sorted(p.name for p in out.iterdir()) == ["map.yaml", "notes.txt"]
    assert (out / "map.yaml").read_text(encoding="utf-8") == "hand-written\n"


_WORDS = st.sampled_from(["WATER", "COAST", "LAND", "SHUT", "ABUTS", "A", "F", "MAP", "UNOWNED", "=",
                          "NCA", "sca", "Xyz", "BUL/EC", "bul", "(ADJ)", "(X:Y", "-NCA", "UNPLAYED", "ALL",
                          "EXCEPT", "BEGIN", "VICTORY", "12", "DUMMY", "HOME", "OWNS", "DROP", "AMEND", "#"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(_WORDS, max_size=6), max_size=12))
def test_any_sequence_of_directives_gives_diagnostics_not_exceptions(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("fuzz") / "f.map"
    path.write_text("\n".join(" ".join(words) for words in lines), encoding="utf-8")
    result = import_map(path)
    for d in result.diagnostics:
        assert d.line >= 1 and d.column >= 1 and d.file


def test_hostile_sizes_cost_linear_time(tmp_path):
    """Long unit, home and removal lists: a few seconds, not hours (a quadratic reader
    would need about 10^10 steps here)."""
    n = 60_000
    lines = ["BEGIN SPRING 1901 MOVEMENT", "NORTH (N) " + " ".join(f"P{i}" for i in range(n))]
    lines += [f"A P{i}" for i in range(n)]
    lines += ["OWNS " + " ".join(f"P{i}" for i in range(n))]
    lines += ["LAND P0 ABUTS " + " ".join(f"P{i}" for i in range(1, n)) + " " + " ".join(f"-P{i}" for i in range(n))]
    lines += [f"LAND P{i} ABUTS P0" for i in range(1, n)]
    path = tmp_path / "big.map"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-c", "import sys; from generator.importers.dpjudge import import_map; "
                             "r = import_map(__import__('pathlib').Path(sys.argv[1])); print(len(r.diagnostics))",
                             str(path)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr
    found = import_map(path).diagnostics
    assert any("more than 1000 DROP or -X removals" in d.message and d.line == n + 4 for d in found)


def test_a_reimport_rewrites_only_the_map_files(tmp_path):
    good = tmp_path / "good.map"
    good.write_text(GOOD, encoding="utf-8")
    out = tmp_path / "game"
    cmd = [sys.executable, "-m", "generator", "import", "dpjudge", str(good), "-o", str(out)]
    assert subprocess.run(cmd, capture_output=True, text=True, cwd=REPO).returncode == 0
    (out / "game.yaml").write_text((out / "game.yaml").read_text(encoding="utf-8") + "status: complete\n",
                                   encoding="utf-8")
    good.write_text(GOOD.replace("North Capital", "Northern Capital"), encoding="utf-8")
    # map.yaml and geometry.yaml say the importer wrote them: no --force needed
    assert subprocess.run(cmd, capture_output=True, text=True, cwd=REPO).returncode == 0
    assert "status: complete" in (out / "game.yaml").read_text(encoding="utf-8")     # the author's edit kept
    assert "Northern Capital" in (out / "map.yaml").read_text(encoding="utf-8")


def test_a_power_with_thousands_of_units_gets_a_rules_page_the_site_accepts(tmp_path):
    """The power's row listed all 3,000 homes and units on one line (18,000 characters: the
    validator refused the page the import wrote without a word)."""
    from generator.markup import check_markdown
    n = 3000
    lines = ["BEGIN SPRING 1901 MOVEMENT", "NORTH (N) " + " ".join(f"P{i}" for i in range(n))]
    lines += [f"A P{i}" for i in range(n)] + [f"LAND P{i} ABUTS P{(i + 1) % n} P{(i - 1) % n}" for i in range(n)]
    result = _one(tmp_path, "\n".join(lines) + "\n")
    page = result.files["rules/01-map.md"]
    assert check_markdown("rules/01-map.md", page) == [] and "and 2800 more" in page
    assert not [d for d in result.diagnostics if d.severity == "error"]


def test_write_files_never_writes_through_a_link(tmp_path):
    """--force rewrote map.yaml through a link to a file outside the game folder, and wrote
    the rules page into a linked rules/ folder."""
    result = _one(tmp_path, GOOD)
    outside = tmp_path / "outside.txt"
    outside.write_text("mine\n", encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    out = tmp_path / "game"
    out.mkdir()
    (out / "map.yaml").symlink_to(outside)
    (out / "rules").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(Refused):       # a link is not a file Mapwright wrote
        write_files(result, out)
    assert {p.name for p in write_files(result, out, force=True)} == {"map.yaml", "game.yaml"}
    assert outside.read_text(encoding="utf-8") == "mine\n" and not (out / "map.yaml").is_symlink()
    assert not list((tmp_path / "elsewhere").iterdir())


def test_a_province_written_alternately_split_and_whole_costs_linear_time(tmp_path):
    """Each upper-case line replacing a split province scanned every location for its coasts:
    10,000 alternating `COAST bul` / `COAST BUL` lines in a map of 20,000 places took a minute."""
    import time
    n = 20_000
    lines = ["BEGIN SPRING 1901 MOVEMENT", "NORTH (N) P0", "A P0"]
    lines += [f"LAND P{i} ABUTS P{(i + 1) % n} P{(i - 1) % n}" for i in range(n)]
    lines += ["COAST BUL/EC ABUTS P0", "COAST BUL/SC ABUTS P0"]
    lines += ["COAST bul ABUTS P0" if k % 2 else "COAST BUL ABUTS P0" for k in range(10_000)]
    start = time.process_time()
    result = _one(tmp_path, "\n".join(lines) + "\n")
    assert time.process_time() - start < 8
    bul = next(p for p in result.data["provinces"] if p["id"] == "BUL")
    assert "coasts" not in bul          # the first upper-case line replaced the split province


def test_a_map_built_on_a_pipe_is_refused_not_waited_for(tmp_path):
    """`MAP other.map` with other.map a named pipe: the import waited for ever for a writer."""
    import os
    os.mkfifo(tmp_path / "other.map")
    (tmp_path / "bad.map").write_text("MAP other.map\n" + GOOD, encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                          "from generator.importers.dpjudge import import_map; "
                          "print([(d.line, d.code, d.message) for d in import_map(Path(sys.argv[1])).diagnostics])",
                          str(tmp_path / "bad.map")], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert "(1, 'DPJ001', 'cannot read other.map: other.map is not a regular file" in run.stdout, run.stderr


def test_import_onto_a_folder_named_map_yaml_is_an_error_not_a_crash(tmp_path, capsys):
    """(Before: `--force` onto a game whose map.yaml is a folder raised out of the command.)"""
    from generator.cli import main
    game = tmp_path / "content" / "g"
    (game / "map.yaml").mkdir(parents=True)
    source = Path(__file__).resolve().parents[1] / "data" / "dpjudge" / "maps" / "ancmed.map"
    assert main(["import", "dpjudge", str(source), "-o", str(game), "--force"]) == 2
    err = capsys.readouterr().err
    assert "map.yaml:1:1: error[MW603]: a folder is where a file is to be written" in err
    assert "internal error" not in err
    assert (game / "map.yaml").is_dir()
