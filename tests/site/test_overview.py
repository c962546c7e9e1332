"""A game's landing page is for players, and its navigation keeps the authors' pages apart.

The overview had a facts table with an empty header row, "Family: `diplomacy`", no map
picture and the rule modules' parameters; Dixie's sidebar listed "Scenarios" twice and
two "sequence of play" pages, and its rules coverage sat among the players' pages."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.site.tree import game_files
from generator.validate import validate_game

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def sections():
    out = {}
    for game in ("classic", "dixie", "divided-republic"):
        result = validate_game(CONTENT / game)
        out[game] = game_files(result)
    return out


def _titles(nav) -> list[str]:
    """Every page title of a game's navigation, sections' pages included."""
    out = []
    for entry in nav:
        for title, target in entry.items():
            out += _titles(target) if isinstance(target, list) else [title]
    return out


@pytest.mark.parametrize("game", ["classic", "dixie", "divided-republic"])
def test_the_overview_is_for_players(sections, game):
    files, _ = sections[game]
    page = files[f"{game}/index.md"]
    assert "Family" not in page and "`" not in page and "| |" not in page    # no jargon, no empty header row
    assert "- **The game:** a " in page and "- **Players:** " in page and "- **Where to start:** " in page
    assert "](thumbnail.svg){ .mw-overview-map }](map.md)" in page               # the map, linked to its page
    assert "## Rule modules" not in page


@pytest.mark.parametrize("game", ["classic", "dixie", "divided-republic"])
def test_the_navigation_names_each_page_once_and_keeps_authors_apart(sections, game):
    _, nav = sections[game]
    titles = _titles(nav)
    assert len(titles) == len(set(titles)), titles
    authors = next(entry["For variant authors"] for entry in nav if "For variant authors" in entry)
    players = _titles([entry for entry in nav if "For variant authors" not in entry])
    assert "Rule modules" in _titles(authors) and "Rule modules" not in players
    assert not {"Geometry review", "Rules coverage"} & set(players)
    if game == "dixie":
        assert "Rules coverage" in _titles(authors)
        assert sum("equence of play" in t for t in titles) == 1
