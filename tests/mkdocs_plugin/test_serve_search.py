"""Under `mapwright serve` (MkDocs' dirty rebuilds) the site served after edits, its
search index included, is the site a fresh build of the same content makes."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from generator.cli import main
from site_search import read_parts

REPO = Path(__file__).resolve().parents[2]

# MkDocs' serve loop without the server: the configuration loaded for every rebuild (as
# `mkdocs serve` does; plugin objects kept), each rebuild a dirty one. In a process of its
# own: MkDocs keeps its plugin objects for the life of the process.
SERVE_EDITS = r"""
import sys
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config
from generator.mkdocs_plugin.plugin import MapwrightPlugin
content, site, config_file = map(Path, sys.argv[1:4])
MapwrightPlugin.command_line = {"content": content, "project": Path.cwd(), "pdf": False}
started = []

def rebuild():
    config = load_config(config_file=str(config_file), site_dir=str(site), strict=False)
    if not started:
        config.plugins.on_startup(command="serve", dirty=True)
        started.append(True)
    build(config, dirty=True)

rebuild()
game_map = content / "live-game" / "map.yaml"     # a map edit: several pages change
game_map.write_text(game_map.read_text(encoding="utf-8").replace("name: Midlands,", "name: Midmarch,"),
                    encoding="utf-8")
rebuild()
rules = sorted((content / "live-game" / "rules").glob("*.md"))[0]   # then a rules page
rules.write_text(rules.read_text(encoding="utf-8") + "\nA sentence freshly added.\n", encoding="utf-8")
rebuild()
"""


def _run(*args, cwd):
    done = subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]


def test_after_edits_the_served_search_index_and_pages_are_a_fresh_builds(tmp_path):
    content = tmp_path / "content"
    for game in ("live-game", "other-game"):
        assert main(["new", game, "--family", "diplomacy", "--content", str(content)]) == 0
    served, fresh = tmp_path / "served", tmp_path / "fresh"
    _run("-c", SERVE_EDITS, str(content), str(served), str(REPO / "mkdocs.yml"), cwd=tmp_path)
    _run("-m", "generator", "build", "--content", str(content), "-o", str(fresh), "--no-pdf",
         "--config", str(REPO / "mkdocs.yml"), cwd=tmp_path)

    index, expected = read_parts(served), read_parts(fresh)   # the site's index and each game's
    assert set(index) == {"", "live-game", "other-game"}
    assert any("Midmarch" in entry["text"] for entry in index["live-game"]["docs"])
    assert index == expected
    pages = sorted(p.relative_to(fresh) for p in fresh.rglob("*.html"))
    assert pages and [p for p in pages if (served / p).read_bytes() != (fresh / p).read_bytes()] == []


def test_under_serve_the_search_index_asked_for_after_an_edit_is_the_edits(tmp_path):
    """`mapwright serve` makes the changed pages' search entries after the pages are
    served: the index asked for as soon as the page shows the edit is the new one (the
    request waits for it), the same as a fresh build's."""
    from serving import get, serving, wait_for
    content = tmp_path / "content"
    for game in ("live-game", "other-game"):
        assert main(["new", game, "--family", "diplomacy", "--content", str(content)]) == 0
    game_map = content / "live-game" / "map.yaml"
    rules = sorted((content / "live-game" / "rules").glob("*.md"))[0]
    indexes = []
    with serving(content, tmp_path, tmp_path / "serve.log", "--no-pdf") as site:
        assert wait_for(f"{site}/live-game/adjacency/", "Midlands", 90), "serve did not come up"
        for name in ("Midmarch", "Midfield"):
            text = game_map.read_text(encoding="utf-8")
            game_map.write_text(re.sub(r"name: Mid\w+,", f"name: {name},", text, count=1), encoding="utf-8")
            assert wait_for(f"{site}/live-game/adjacency/", name, 90), f"the edit to {name} was not served"
            indexes.append(json.loads(get(f"{site}/live-game/search/search_index.json", 60)))
        # a new title: the navigation changes, every page is rendered again (most to the same body)
        text = re.sub(r"^# .*$", "# Freshly titled", rules.read_text(encoding="utf-8"), count=1, flags=re.M)
        rules.write_text(text + "\nA sentence freshly added.\n", encoding="utf-8")
        assert wait_for(f"{site}/live-game/rules/{rules.stem}/", "freshly added", 90)
        indexes.append(json.loads(get(f"{site}/live-game/search/search_index.json", 60)))
        site_index = json.loads(get(f"{site}/search/search_index.json", 60))
    fresh = tmp_path / "fresh"
    _run("-m", "generator", "build", "--content", str(content), "-o", str(fresh), "--no-pdf",
         "--config", str(REPO / "mkdocs.yml"), cwd=tmp_path)
    texts = [" ".join(entry["text"] for entry in index["docs"]) for index in indexes]
    assert "Midmarch" in texts[0] and "Midfield" not in texts[0]
    assert "Midfield" in texts[1] and "Midmarch" not in texts[1]
    assert "freshly added" in texts[2] and "freshly added" not in texts[1]
    assert any(entry["title"] == "Freshly titled" for entry in indexes[2]["docs"])
    parts = read_parts(fresh)
    assert indexes[2] == parts["live-game"] and site_index == parts[""]
