"""The plugin added to an existing Material site (`plugins: [search, mapwright]`): the
site keeps its own front page, pages and nav and gains the games; the Markdown
extensions the games' pages need are turned on; paths resolve against mkdocs.yml, so
`mkdocs build -f other/mkdocs.yml` works from anywhere. (The site's docs/index.md was
replaced and its nav overwritten, worked examples showed as literal `!!! example`, and
`content`/`cache_dir` were taken from the working directory.)"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import OUTPUT_REFUSED, BuildOptions, check_site
from generator.cli import main
from generator.mkdocs_plugin.navigation import site_nav

REPO = Path(__file__).resolve().parents[2]
CONFIG = """site_name: Our club
nav:
  - Welcome: index.md
  - About us: about.md
theme:
  name: material
  font: false
plugins:
  - search
  - mapwright:
      pdf: false
"""


def _other_site(root: Path, config: str = CONFIG) -> Path:
    """A Material site of its own: mkdocs.yml (no Markdown extensions listed), docs/ with
    a front page and a page, and content/ with one game."""
    other = root / "other"
    (other / "docs").mkdir(parents=True)
    (other / "mkdocs.yml").write_text(config, "utf-8")
    (other / "docs" / "index.md").write_text("# Welcome to the club\n\nOur own front page.\n", "utf-8")
    (other / "docs" / "about.md").write_text("# About\n\nWho we are.\n", "utf-8")
    shutil.copytree(REPO / "content" / "classic", other / "content" / "classic")
    return other


def _nav_titles(page: Path) -> list[str]:
    html = page.read_text("utf-8")
    return [t.strip() for t in re.findall(r'class="md-nav__link[^"]*"[^>]*>\s*(?:<span[^>]*>)?\s*([^<\n]+)', html)]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """`mkdocs build -f other/mkdocs.yml`, run from another folder."""
    root = tmp_path_factory.mktemp("existing")
    other = _other_site(root)
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(other / "mkdocs.yml")],
                          cwd=elsewhere, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return other, elsewhere


def test_the_site_keeps_its_front_page_pages_and_nav_and_gains_the_game(built):
    other, elsewhere = built
    site = other / "site"
    assert "Our own front page" in (site / "index.html").read_text("utf-8")
    assert "Who we are" in (site / "about" / "index.html").read_text("utf-8")
    assert (site / "classic" / "index.html").is_file() and (site / "classic" / "map" / "index.html").is_file()
    titles = _nav_titles(site / "about" / "index.html")
    assert titles[:5] == ["Welcome", "About us", "Games", "Diplomacy", "Overview"], titles
    assert not list((site / "classic").rglob("*.yaml"))   # the content files are not published


def test_paths_resolve_against_mkdocs_yml_not_the_working_directory(built):
    other, elsewhere = built
    assert (other / "build" / "cache" / "games").is_dir()
    assert list(elsewhere.iterdir()) == []


def test_without_extensions_listed_worked_examples_are_admonitions(built):
    other, _ = built
    pages = [p.read_text("utf-8") for p in (other / "site" / "classic" / "rules").rglob("index.html")]
    assert any('class="admonition example"' in page for page in pages)
    assert not any("!!! example" in page for page in pages)


GAME = {"Diplomacy": [{"Overview": "classic/index.md"}, {"Map": "classic/map.md"}]}
REFERENCE = {"Reference": [{"Diagnostics": "reference/diagnostics.md"}]}


def test_the_authors_nav_places_a_game_where_it_names_its_overview():
    nav = site_nav([GAME, REFERENCE], [{"Home": "index.md"}, {"Our variant": "classic/index.md"}], ["index.md"])
    assert nav == [{"Home": "index.md"}, {"Our variant": GAME["Diplomacy"]}, REFERENCE]


def test_without_a_nav_the_sites_pages_come_first_and_the_games_after():
    nav = site_nav([GAME], None, ["index.md", "about.md", "club/rules.md"])
    assert nav == ["index.md", "about.md", {"Club": ["club/rules.md"]}, {"Games": [GAME]}]
    # a site whose docs are its games (Mapwright's own): the generator's nav as it is
    assert site_nav([{"Home": "index.md"}, GAME], None, []) == [{"Home": "index.md"}, GAME]


def test_a_page_of_the_sites_own_is_never_replaced_by_a_games(tmp_path, monkeypatch, capsys):
    other = _other_site(tmp_path)
    (other / "docs" / "classic").mkdir()
    (other / "docs" / "classic" / "index.md").write_text("# Ours\n", "utf-8")
    monkeypatch.chdir(other)
    assert main(["build", "--no-pdf"]) == 1
    err = capsys.readouterr().err
    assert "docs/classic/index.md is a page of the site's own" in err and "rename or move it" in err
    assert (other / "docs" / "classic" / "index.md").read_text("utf-8") == "# Ours\n"


def test_an_earlier_plain_mkdocs_site_is_refused_with_the_way_forward(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "sitemap.xml", "sitemap.xml.gz"):
        (site / name).write_text("x", "utf-8")
    (tmp_path / "content").mkdir()
    found = check_site(site, BuildOptions(content=tmp_path / "content", project=tmp_path))
    assert [d.code for d in found] == [OUTPUT_REFUSED]
    assert "earlier site" in found[0].message and "MkDocs build" in found[0].message
    assert f"rm -r {found[0].file}" in found[0].hint and "-o" in found[0].hint
    assert (site / "index.html").is_file()   # nothing deleted
