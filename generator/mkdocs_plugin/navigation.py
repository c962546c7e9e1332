"""The site's navigation: the author's kept, the games added.

On a site whose docs tree is its games (Mapwright's own, or an author's with no pages
of their own) the generator's navigation is the site's. On a site with pages of its own
the author's `nav` stays as written (or, with none, the one MkDocs would make from the
pages); an entry naming a game's overview page (`classic/index.md`) stands for that
game's whole section, under the author's title; every game not placed so is added
under one section, `Games`, and Mapwright's reference pages (if asked for) after it.

Each page is then rendered with that navigation less the other games' sections
(`page_nav`): with `navigation.tabs` every game would be a tab on every page, so every
page would grow with the number of games on the site.
"""
from __future__ import annotations

import copy

from mkdocs.utils import nest_paths

SECTION = "Games"


def _overview(entry) -> str | None:
    """The overview page of a game's section as the generator makes it
    ({title: [{"Overview": "<game>/index.md"}, ...]}), None for any other entry."""
    if isinstance(entry, dict) and len(entry) == 1:
        items = next(iter(entry.values()))
        if isinstance(items, list) and items and isinstance(items[0], dict) and "Overview" in items[0]:
            return items[0]["Overview"]
    return None


def site_nav(generated: list, author_nav: list | None, author_pages: list[str]) -> list:
    """The navigation MkDocs is given. `generated`: the generator's (one section per
    game, then the reference); `author_nav`: mkdocs.yml's `nav`; `author_pages`: the
    site's own Markdown pages (docs_dir, outside the content folder), in MkDocs' order."""
    if author_nav is None and not author_pages:
        return generated
    sections = {_overview(entry): entry for entry in generated if _overview(entry)}
    placed: set[str] = set()

    def place(items: list) -> list:
        out = []
        for item in items:
            if isinstance(item, str) and item in sections:
                placed.add(item)
                out.append(sections[item])
            elif isinstance(item, dict) and len(item) == 1:
                (title, value), = item.items()
                if isinstance(value, str) and value in sections:
                    placed.add(value)
                    out.append({title: next(iter(sections[value].values()))})
                elif isinstance(value, list):
                    out.append({title: place(value)})
                else:
                    out.append(item)
            else:
                out.append(item)
        return out

    nav = place(author_nav if author_nav is not None else nest_paths(author_pages))
    games = [entry for path, entry in sections.items() if path not in placed]
    others = [entry for entry in generated if _overview(entry) is None]
    # made: the site has no front page
    home = [entry for entry in others if isinstance(entry, dict) and list(entry.values()) == ["index.md"]]
    return home + nav + ([{SECTION: games}] if games else []) + [e for e in others if e not in home]


def game_overviews(generated: list) -> set[str]:
    """The overview pages (`<game>/index.md`) of the games in the generator's navigation."""
    return {path for path in map(_overview, generated) if path}


def _game_section(item, overviews: set[str]) -> bool:
    """Whether a navigation item is a game's section (its first child, its overview)."""
    children = getattr(item, "children", None) if getattr(item, "is_section", False) else None
    first = children[0] if children else None
    return bool(first is not None and getattr(first, "is_page", False) and first.file.src_uri in overviews)


def page_nav(nav, page, overviews: set[str], *, home_links_games: bool):
    """The navigation one page is rendered with: its own game's section and no other's, so
    that a page's tab bar and sidebar do not grow with the number of games on the site.
    A page in no game keeps every game's section unless the site's made front page
    (`home_links_games`: its cards link every game) is there to reach them. The site's
    navigation itself is left whole (copies are made where something is left out)."""
    def own(item) -> bool:
        return bool(item.active) if home_links_games or in_game else True

    def kept(items: list) -> list:
        out = []
        for item in items:
            if _game_section(item, overviews):
                if own(item):
                    out.append(item)
            elif getattr(item, "is_section", False):
                children = kept(item.children)
                if children == item.children:
                    out.append(item)
                elif children:   # a section of the site's own that held games: without the others
                    section = copy.copy(item)
                    section.children = children
                    out.append(section)
            else:
                out.append(item)
        return out

    in_game = any(_game_section(a, overviews) for a in getattr(page, "ancestors", []))
    items = kept(nav.items)
    if items == nav.items:
        return nav
    shown = copy.copy(nav)
    shown.items = items
    return shown
