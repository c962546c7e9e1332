"""Sides are data: the engine names no game, a renamed scaffold works end to end, and a side the
map does not declare is a located diagnostic (HEX008), never a crash."""
from __future__ import annotations

import re

from generator.build import BuildOptions, Generator
from generator.cli import main
from generator.families.hex import scaffold
from generator.validate import validate_report

from .helpers import REPO

ENGINE = REPO / "generator" / "families" / "hex"
SEED_NAMES = re.compile(r"\b(USA|CSA|Dixie|Mississippi|Memphis|Confedera\w*|Union)\b")


def test_no_engine_module_names_a_seed_game_or_its_sides():
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SEED_NAMES.search(line) and "tools/dixie_map" not in line:
                offenders.append(f"{path.name}:{n}: {line.strip()}")
    assert offenders == []


def _renamed(tmp_path, old_new):
    assert main(["new", "war", "--family", "hex", "--content", str(tmp_path / "content")]) == 0
    game = tmp_path / "content" / "war"
    for path in game.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            for old, new in old_new:
                text = text.replace(old, new)
            path.write_text(text, encoding="utf-8")
    return game


def test_a_scaffold_with_renamed_sides_validates_runs_its_example_and_builds(tmp_path, capsys):
    game = _renamed(tmp_path, [("BLUE", "NORTH"), ("RED", "SOUTH"), ("blue-", "north-"), ("red-", "south-")])
    assert "NORTH" in (game / "map.yaml").read_text() and "BLUE" not in (game / "scenarios.yaml").read_text()
    report = validate_report([game])
    assert report.diagnostics == [], [str(d) for d in report.diagnostics]
    tree = Generator().tree(BuildOptions(content=tmp_path / "content", project=tmp_path, pdf=False))
    assert not tree.report.has_errors
    assert "verified by the engine" in tree.files["war/rules/01-introduction.md"]
    assert "verified by the engine" in tree.files["war/rules/02-sequence-of-play.md"]
    assert "NORTH" in tree.files["war/map.md"]


def test_an_undeclared_side_is_a_located_diagnostic(tmp_path, capsys):
    game = _renamed(tmp_path, [])
    sc = game / "scenarios.yaml"
    sc.write_text(sc.read_text().replace("country: RED, including", "country: GREEN, including"))
    report = validate_report([game])
    bad = [d for d in report.diagnostics if d.code == "HEX008"]
    assert bad and bad[0].file.endswith("scenarios.yaml") and bad[0].line > 1
    assert "GREEN" in bad[0].message


def test_the_scaffold_uses_no_seed_side_names():
    for text in scaffold.files().values():
        assert not re.search(r"\b(USA|CSA)\b", text)
