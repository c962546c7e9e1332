"""`mapwright new GAME --family F`: every family's scaffold validates with no errors or
warnings, its worked example is really checked by the engine, and the docs tree builds
from it; `new` refuses bad ids and existing folders."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
import yaml

from generator.build import BuildOptions, Generator
from generator.cli import main
from generator.families import family
from generator.validate import validate_report

FAMILIES = ["diplomacy", "hex", "election"]

# One edit per family that makes its worked example's `expect` wrong.
WRONG_EXPECT = {
    "diplomacy": ('"A NCA - MID": fails', '"A NCA - MID": succeeds'),
    "hex": ('result: "0/2"', 'result: "0/3"'),
    "election": ("spent: 4", "spent: 3"),
}


def _scaffold(name: str):
    return importlib.import_module(f"generator.families.{name}.scaffold")


@pytest.fixture
def wired(monkeypatch):
    """Each family, which must offer its scaffold (`Family.scaffold`)."""
    def wire(name: str):
        fam = family(name)
        assert fam.scaffold is not None and fam.scaffold.files is _scaffold(name).files
        return fam
    return wire


def _new(tmp_path: Path, name: str, game: str = "my-game") -> Path:
    code = main(["new", game, "--family", name, "--content", str(tmp_path / "content")])
    assert code == 0
    return tmp_path / "content" / game


@pytest.mark.parametrize("name", FAMILIES)
def test_scaffold_validates_and_generates(name, tmp_path, wired, capsys):
    wired(name)
    game = _new(tmp_path, name)
    assert main(["validate", str(game)]) == 0
    report = validate_report([game], jobs=1)
    assert report.diagnostics == [], [str(d) for d in report.diagnostics]
    tree = Generator().tree(BuildOptions(content=tmp_path / "content", project=tmp_path, pdf=False))
    assert not tree.report.has_errors
    page = tree.files["my-game/rules/01-introduction.md"]
    assert "verified by the engine" in page
    assert '{#rule-1-1}' in page


@pytest.mark.parametrize("name", FAMILIES)
def test_scaffold_files_follow_the_conventions(name):
    mod = _scaffold(name)
    files = mod.files()
    assert files == mod.files(), "the scaffold must be deterministic"
    assert isinstance(mod.PLAYERS, int) and mod.PLAYERS >= 1
    fam = family(name)
    required = {f for f, spec in fam.files.items() if spec.required}
    assert required <= set(files), f"missing required files: {required - set(files)}"
    for rel, text in files.items():
        if rel.endswith(".yaml"):
            first = text.splitlines()[0]
            kind = fam.files[rel].schema
            assert first == f"# yaml-language-server: $schema=../../schemas/{kind}.schema.json", rel
            assert isinstance(yaml.safe_load(text), dict)
    page = files["rules/01-introduction.md"]
    assert re.search(r"^## 1\.1 ", page, re.M)
    assert page.count("```example") == 1


@pytest.mark.parametrize("name", FAMILIES)
def test_the_worked_example_is_really_checked(name, tmp_path, wired, capsys):
    wired(name)
    game = _new(tmp_path, name)
    page = game / "rules" / "01-introduction.md"
    old, new = WRONG_EXPECT[name]
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new), encoding="utf-8")
    assert main(["validate", str(game)]) == 1


def test_hex_crt_is_marked_estimated():
    crt = yaml.safe_load(_scaffold("hex").files()["crt.yaml"])
    assert crt["source"] == "estimated"
    assert "placeholder for your own table" in crt["reasoning"]


def test_election_rule_modules_are_written_and_checked(tmp_path, wired, capsys):
    """`new` writes the scaffold's rule modules into game.yaml; the checks then hold the
    electoral total and majority to them, so a wrong majority fails validation."""
    wired("election")
    rules = _scaffold("election").RULES
    game = _new(tmp_path, "election")
    meta = game / "game.yaml"
    assert yaml.safe_load(meta.read_text(encoding="utf-8"))["rules"] == rules
    assert main(["validate", str(game)]) == 0
    data = yaml.safe_load(meta.read_text(encoding="utf-8"))
    data["rules"]["victory"]["majority"] += 1
    meta.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["validate", str(game)]) == 1


def test_new_refuses_an_existing_folder(tmp_path, wired, capsys):
    wired("hex")
    game = _new(tmp_path, "hex")
    before = {p: p.read_bytes() for p in game.rglob("*") if p.is_file()}
    assert main(["new", "my-game", "--family", "hex", "--content", str(tmp_path / "content")]) == 2
    assert "game.yaml:1:1: error[MW603]" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in game.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize("bad", ["My-Game", "my_game", "-game", "../escape", "", "a" * 65, "search"])
def test_new_refuses_a_bad_id(bad, tmp_path, wired, capsys):
    wired("diplomacy")
    try:   # argparse itself refuses an id that looks like an option, with SystemExit(2)
        code = main(["new", bad, "--family", "diplomacy", "--content", str(tmp_path / "content")])
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    assert not (tmp_path / "content").exists()
