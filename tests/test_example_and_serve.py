"""`mapwright example` runs a rules-page block by itself; `mapwright serve` regenerates
the site when content changes."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

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


def test_api_run_example_matches_the_command(monkeypatch):
    monkeypatch.chdir(REPO)
    import yaml
    outcome = api.run_example("classic", yaml.safe_load(BOUNCE))
    assert outcome["verified"] and outcome["mismatches"] == []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


def test_serve_regenerates_when_content_changes(tmp_path):
    content = tmp_path / "content"
    assert main(["new", "live-game", "--family", "diplomacy", "--content", str(content)]) == 0
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--content", str(content),
                             "--work", str(tmp_path / "work"), "-a", f"127.0.0.1:{port}",
                             "--config", str(REPO / "mkdocs.yml")],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}/live-game/"
        deadline = time.time() + 60
        page = None
        while time.time() < deadline and not (page and "Live Game" in page):
            time.sleep(0.5)
            page = _get(url)
        assert page and "Live Game" in page, "serve did not come up"
        meta = content / "live-game" / "game.yaml"
        meta.write_text(meta.read_text(encoding="utf-8").replace("title: Live Game", "title: Edited Live"),
                        encoding="utf-8")
        deadline = time.time() + 60
        while time.time() < deadline and "Edited Live" not in (page or ""):
            time.sleep(0.5)
            page = _get(url)
        assert "Edited Live" in (page or ""), "the edit did not reach the served page"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
