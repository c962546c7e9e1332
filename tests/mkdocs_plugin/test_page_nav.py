"""Each page is rendered with its own game's navigation and no other's (issue #28: the
tab bar listed every game, so every page grew ~0.7 KB a game). The site's navigation
itself stays whole: the other pages, the sitemap and the search index still see it."""
from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import get_navigation

from generator.mkdocs_plugin.navigation import game_overviews, page_nav

GAMES = [{"Classic": [{"Overview": "classic/index.md"}, {"Rules": [{"Movement": "classic/rules/move.md"}]}]},
         {"Dixie": [{"Overview": "dixie/index.md"}, {"Map": "dixie/map.md"}]}]
REFERENCE = {"Reference": [{"Diagnostics": "reference/diagnostics.md"}]}


def _nav(tmp_path, nav: list):
    config = MkDocsConfig()
    config.load_dict({"site_name": "t", "docs_dir": str(tmp_path), "nav": nav})
    assert config.validate() == ([], [])
    paths = [p for entry in nav for p in _paths(entry)]
    files = Files([File(path, str(tmp_path), str(tmp_path / "site"), True) for path in paths])
    return get_navigation(files, config)


def _paths(entry) -> list[str]:
    value = next(iter(entry.values())) if isinstance(entry, dict) else entry
    return [value] if isinstance(value, str) else [p for e in value for p in _paths(e)]


def _shown(nav) -> list:
    def titles(items):
        return [item.title if not getattr(item, "is_section", False) else {item.title: titles(item.children)}
                for item in items]
    return titles(nav.items)


def _open(nav, path: str):
    page = next(p for p in nav.pages if p.file.src_uri == path)
    page.active = True   # as MkDocs sets it before it renders the page
    return page


def test_a_game_page_lists_its_own_game_and_no_other(tmp_path):
    generated = [{"All games": "index.md"}, *GAMES, REFERENCE]
    nav = _nav(tmp_path, generated)
    page = _open(nav, "dixie/map.md")
    shown = page_nav(nav, page, game_overviews(generated), home_links_games=True)
    assert _shown(shown) == ["All games", {"Dixie": ["Overview", "Map"]}, {"Reference": ["Diagnostics"]}]
    # the site's navigation is untouched: the next page is rendered from it
    assert [getattr(i, "title") for i in nav.items] == ["All games", "Classic", "Dixie", "Reference"]
    assert shown.homepage is nav.homepage and shown.pages is nav.pages


def test_a_page_in_no_game_lists_no_game_when_the_home_page_links_them(tmp_path):
    generated = [{"All games": "index.md"}, *GAMES, REFERENCE]
    nav = _nav(tmp_path, generated)
    for path in ("index.md", "reference/diagnostics.md"):
        shown = page_nav(nav, _open(nav, path), game_overviews(generated), home_links_games=True)
        assert _shown(shown) == ["All games", {"Reference": ["Diagnostics"]}]
    # a site whose own front page may not link the games keeps them on its own pages
    shown = page_nav(nav, nav.pages[0], game_overviews(generated), home_links_games=False)
    assert shown is nav


def test_an_authors_section_of_games_keeps_only_the_pages_game(tmp_path):
    # site_nav puts the games an author's nav does not place under one section, "Games"
    generated = [*GAMES, REFERENCE]
    nav = _nav(tmp_path, [{"Welcome": "index.md"}, {"Games": GAMES}, REFERENCE])
    page = _open(nav, "classic/rules/move.md")
    shown = page_nav(nav, page, game_overviews(generated), home_links_games=False)
    assert _shown(shown) == ["Welcome", {"Games": [{"Classic": ["Overview", {"Rules": ["Movement"]}]}]},
                             {"Reference": ["Diagnostics"]}]
    assert [c.title for c in nav.items[1].children] == ["Classic", "Dixie"]   # the site's own, whole
    # on the author's own pages the games stay (their front page is theirs, not Mapwright's)
    assert page_nav(nav, _open(nav, "index.md"), game_overviews(generated), home_links_games=False) is nav
