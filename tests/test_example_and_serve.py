"""`mapwright example` runs a rules-page block by itself; `mapwright serve` regenerates
the site when content changes."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from serving import free_port, serving, wait_for

from generator import api
from generator.cli import main

REPO = Path(__file__).resolve().parents[1]

BOUNCE = """\
title: Two armies bounce
phase: S1901M
units: {FRANCE: [A PAR], GERMANY: [A MUN]}
orders: {FRANCE: [A PAR - BUR], GERMANY: [A MUN - BUR]}
expect:
  results: {"A PAR - BUR": fails, "A MUN - BUR": fails}
"""


def test_example_command_text_and_json(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    block = tmp_path / "bounce.yaml"
    block.write_text(BOUNCE, encoding="utf-8")
    assert main(["example", "classic", str(block)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("verified") and "strength" in out
    assert main(["example", "classic", str(block), "--format", "json"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["verified"] and outcome["trace"]


def test_example_that_disagrees_exits_1(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    block = tmp_path / "wrong.yaml"
    block.write_text(BOUNCE.replace('"A PAR - BUR": fails', '"A PAR - BUR": succeeds'), encoding="utf-8")
    assert main(["example", "classic", str(block)]) == 1
    assert "NOT verified" in capsys.readouterr().out


def test_example_with_bad_yaml_is_a_located_error(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    block = tmp_path / "bad.yaml"
    block.write_text("units: [A PAR\n", encoding="utf-8")
    assert main(["example", "classic", str(block)]) == 1
    assert "bad.yaml:2:1: error[MW001]" in capsys.readouterr().err


def _latin1_file(folder: Path) -> Path:
    path = folder / "latin.yaml"
    path.write_bytes(b"phase: S1901M\nunits: {FRANCE: [A PAR\xe9]}\n")
    return path


@pytest.mark.parametrize("make, code, where", [
    (lambda folder: folder / "missing.yaml", "MW006", "1:1"),
    (lambda folder: folder, "MW006", "1:1"),                # a folder, not a file
    (_latin1_file, "MW003", "2:23")])
def test_example_file_that_cannot_be_read_is_a_located_error(tmp_path, capsys, monkeypatch, make, code, where):
    """(Before: an internal error, FileNotFoundError or UnicodeDecodeError.)"""
    monkeypatch.chdir(REPO)
    path = make(tmp_path)
    assert main(["example", "classic", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:{where}: error[{code}]" in err and "internal error" not in err


def test_example_and_adjudicate_read_stdin_as_dash(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(BOUNCE.encode())))
    assert main(["example", "classic", "-"]) == 0
    assert capsys.readouterr().out.startswith("verified")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"phase: \xff\n")))
    assert main(["example", "classic"]) == 1
    assert "<stdin>:1:8: error[MW003]" in capsys.readouterr().err
    request = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(json.dumps(request).encode())))
    assert main(["adjudicate", "classic", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["after"]["units"] == {"FRANCE": ["A BUR"]}


def test_api_run_example_matches_the_command(monkeypatch):
    monkeypatch.chdir(REPO)
    import yaml
    outcome = api.run_example("classic", yaml.safe_load(BOUNCE))
    assert outcome["verified"] and outcome["mismatches"] == []


def test_serve_regenerates_only_the_game_an_edit_touches(tmp_path):
    content = tmp_path / "content"
    for game in ("live-game", "other-game"):
        assert main(["new", game, "--family", "diplomacy", "--content", str(content)]) == 0
    log = tmp_path / "serve.log"
    with serving(content, tmp_path, log, "--no-pdf") as base:
        page = wait_for(f"{base}/live-game/", "Live Game")
        assert page and "Live Game" in page, "serve did not come up"
        assert not (tmp_path / "build" / "docs").exists(), "a docs tree was written to disk"
        rules = content / "live-game" / "rules" / "01-introduction.md"
        rules.write_text(rules.read_text(encoding="utf-8") + "\nA freshly edited sentence.\n", encoding="utf-8")
        page = wait_for(f"{base}/live-game/rules/01-introduction/", "freshly edited")
        assert "freshly edited" in (page or ""), "the rules edit did not reach the served page"
        meta = content / "live-game" / "game.yaml"
        meta.write_text(meta.read_text(encoding="utf-8").replace("title: Live Game", "title: Edited Live"),
                        encoding="utf-8")
        # a page shows only its own game in its navigation; the home page lists every game
        page = wait_for(f"{base}/", "Edited Live")
        assert "Edited Live" in (page or ""), "the title edit did not reach the home page"
    lines = [line for line in log.read_text(encoding="utf-8", errors="replace").splitlines()
             if "regenerated:" in line]
    assert "live-game, other-game" in lines[0], lines
    assert len(lines) >= 3 and all(line.split("regenerated: ")[1].startswith("live-game (") for line in lines[1:]), lines


@pytest.mark.parametrize("command", ["serve", "build"])
def test_a_broken_mkdocs_yml_is_said_as_such_not_as_a_mapwright_bug(tmp_path, command):
    content = tmp_path / "content"
    assert main(["new", "a-game", "--family", "diplomacy", "--content", str(content)]) == 0
    config = tmp_path / "mkdocs.yml"
    config.write_text((REPO / "mkdocs.yml").read_text(encoding="utf-8").replace(
        "  name: material", "  name: material\n  custom_dir: site_overrides"), encoding="utf-8")   # missing here
    args = ["-a", f"127.0.0.1:{free_port()}"] if command == "serve" else ["-o", str(tmp_path / "out")]
    done = subprocess.run([sys.executable, "-m", "generator", command, "--content", str(content), "--no-pdf",
                           "--config", str(config), *args], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1, done.stderr
    assert "custom_dir" in done.stderr and "mkdocs.yml" in done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr


def test_serve_picks_up_a_file_added_to_the_projects_theme_folder(tmp_path):
    """Serve keeps the theme's file listing between rebuilds; a file the author adds to
    the project's own custom_dir is in the next rebuild all the same."""
    content = tmp_path / "content"
    assert main(["new", "a-game", "--family", "diplomacy", "--content", str(content)]) == 0
    (tmp_path / "site_overrides" / "assets").mkdir(parents=True)
    config = tmp_path / "mkdocs.yml"
    config.write_text((REPO / "mkdocs.yml").read_text(encoding="utf-8").replace(
        "  name: material", "  name: material\n  custom_dir: site_overrides"), encoding="utf-8")
    log = tmp_path / "serve.log"
    with serving(content, tmp_path, log, "--no-pdf", "--config", str(config)) as base:
        assert wait_for(f"{base}/a-game/", "A Game"), "serve did not come up"
        added = tmp_path / "site_overrides" / "assets" / "added-while-serving.txt"
        added.write_text("added while serving\n", encoding="utf-8")
        rules = content / "a-game" / "rules" / "01-introduction.md"
        rules.write_text(rules.read_text(encoding="utf-8") + "\nA freshly edited sentence.\n", encoding="utf-8")
        assert wait_for(f"{base}/a-game/rules/01-introduction/", "freshly edited"), "the edit was not served"
        assert wait_for(f"{base}/assets/added-while-serving.txt", "added while serving", seconds=10), \
            "the file added to custom_dir was not served after the rebuild"
