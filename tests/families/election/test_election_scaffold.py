"""The election scaffold knows no published game: renamed throughout, it still validates,
verifies its worked examples (a campaign and a whole turn) and builds."""
from __future__ import annotations

import re

from generator.build import BuildOptions, Generator
from generator.cli import main
from generator.validate import validate_report

RENAME = {"FED": "Ash", "WHG": "Birch", "LIB": "Cedar", "POP": "Dogwood", "north": "uplands", "south": "lowlands"}


def _new(tmp_path):
    assert main(["new", "my-game", "--family", "election", "--content", str(tmp_path / "content")]) == 0
    return tmp_path / "content" / "my-game"


def _rename(game):
    pattern = re.compile(r"\b(" + "|".join(RENAME) + r")\b")
    for path in game.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            path.write_text(pattern.sub(lambda m: RENAME[m.group(1)], text), encoding="utf-8")


def test_the_scaffold_uses_no_seed_party_or_region(tmp_path, capsys):
    game = _new(tmp_path)
    text = "\n".join(p.read_text(encoding="utf-8") for p in game.rglob("*.yaml"))
    for seed_id in ("CU", "ND", "SD", "PW", "MW", "NE", "MA", "US", "LS"):
        assert not re.search(rf"\b{seed_id}\b", text), seed_id
    assert not re.search(r"\bR\b", text)


def test_a_renamed_scaffold_validates_verifies_and_builds(tmp_path, capsys):
    game = _new(tmp_path)
    _rename(game)
    assert "Cedar" in (game / "parties.yaml").read_text(encoding="utf-8")
    report = validate_report([game])
    assert report.diagnostics == [], [str(d) for d in report.diagnostics]
    tree = Generator().tree(BuildOptions(content=tmp_path / "content", project=tmp_path, pdf=False))
    assert not tree.report.has_errors
    turn = tree.files["my-game/rules/02-turn.md"]
    assert "verified by the engine" in turn and "Birch" in turn


def test_a_broken_turn_in_the_renamed_scaffold_fails(tmp_path, capsys):
    game = _new(tmp_path)
    _rename(game)
    page = game / "rules" / "02-turn.md"
    text = page.read_text(encoding="utf-8")
    # A third action for Ash: the scaffold's turns have two actions each.
    text = text.replace("expect:\n  complete: true",
                        "  - {party: Ash, card: 2, campaign: [{state: northmark, pcfs: 1}]}\nexpect:\n  complete: true")
    page.write_text(text, encoding="utf-8")
    assert main(["validate", str(game)]) == 1
    assert "ELE015" in capsys.readouterr().err


def test_example_command_says_why_an_example_did_not_verify(tmp_path, capsys):
    game = _new(tmp_path)
    block = tmp_path / "bad.yaml"
    block.write_text("kind: campaign\nparty: FED\ncard: 9\nplace: [{state: harbour}]\nexpect: {spent: 1}\n",
                     encoding="utf-8")
    assert main(["example", str(game), str(block)]) == 1
    out = capsys.readouterr().out
    assert "NOT verified" in out and "ELE014" in out and "1 to 4, not 9" in out
    assert "spent: expected 1, the engine gives 0" in out
