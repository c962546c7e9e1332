"""What Material's search is told about each page, through its documented means only:
a page's `search: boost` and `tags` (front matter Material reads into every entry of
the page) and, for a map, one heading per province in the body the search plugin
indexes (so that a province's name finds its place on the map: `map/#prov=CHI`).

Results name their game: every page of a game carries the game's short title as its
tag, which Material shows under each result. Ranking, by what a reader searching for
a word most likely wants: the province on its map, then the game's rules, then the
rest of its pages (overview), and last the generated reference pages (tables, test
cases, charts), which repeat what the rules and the map say. The pages for the
variant's authors (geometry review, rules coverage, rule modules) are left out of the
readers' search (`search: exclude`): a city's name landed on a coverage table, and
they were a twentieth of the index. Pure: the plugin applies it (mkdocs_plugin/plugin.py).
"""
from __future__ import annotations

import html
import re

from .tree import authors_pages, short_title

MAP_BOOST = 4.0        # a page that shows a map of provinces: its provinces' entries
RULES_BOOST = 2.0      # the rules pages a game's authors wrote
REFERENCE_BOOST = 0.5  # pages the generator wrote from the data: tables, DATC cases, charts

_TAG = re.compile(r"<[a-zA-Z][^<>]*\sdata-prov=\"[^\"<>]*\"[^<>]*>")
_ATTR = re.compile(r'\s(data-prov|data-abbr|data-name)="([^"<>]*)"')


# generated pages for the variants' authors outside any game: the JSON Schema reference
# (a seventh of the bundled site's index, and words such as "province" in every field)
AUTHORS_REFERENCE = "reference/schemas/"


def page_settings(games, paths=()) -> dict[str, dict]:
    """Docs path -> the search settings of each page of each game (`games`: the build's
    GameEntry list: game_id and title from `source`, its files, its nav, `made` the
    pages the generator wrote) and of the site's other generated pages (`paths`):
    {"tags": [game], "search": {"boost": ...}}."""
    out: dict[str, dict] = {path: {"search": {"exclude": True}} for path in paths
                            if path.startswith(AUTHORS_REFERENCE) and path.endswith(".md")}
    for game in games:
        if game.source is None:
            continue
        # Material writes tags into the index as given and shows them as text: a title's
        # angle brackets are left out, so no markup stands in the JSON (tests/canary.py)
        tag = re.sub(r"[<>]", "", short_title(game.source.meta["title"]))
        made, overview = set(game.made), f"{game.source.game_id}/index.md"
        authors = authors_pages(game.nav)
        for path in game.files:
            if not path.endswith(".md"):
                continue
            if path in authors:
                out[path] = {"search": {"exclude": True}}
                continue
            boost = REFERENCE_BOOST if path in made else None if path == overview else RULES_BOOST
            out[path] = {"tags": [tag], **({"search": {"boost": boost}} if boost else {})}
    return out


def places(body: str) -> list[tuple[str, str, str]]:
    """(id, code, name) of each province a page's map shows: the elements that carry
    `data-prov` with the province's name (`data-name`), in the order drawn, once each."""
    seen: dict[str, tuple[str, str, str]] = {}
    for tag in _TAG.finditer(body):
        attrs = {k: html.unescape(v) for k, v in _ATTR.findall(tag.group(0))}
        pid, name = attrs.get("data-prov", ""), attrs.get("data-name", "")
        if pid and name and pid not in seen:
            seen[pid] = (pid, attrs.get("data-abbr") or pid, name)
    return list(seen.values())


def places_block(found: list[tuple[str, str, str]]) -> str:
    """A heading per province, for the search index only (the plugin takes it out of
    the page again once Material has read it: on a large map it would add tens of KB
    to the page, whose SVG already names each province). The heading's id is the map's
    own deep link (`#prov=CHI`), so a result opens the map on that province."""
    return "".join(f'<h2 id="prov={html.escape(pid)}">{html.escape(name)} ({html.escape(code)})</h2>'
                   for pid, code, name in found)


def map_settings(settings: dict) -> dict:
    """A page's settings once it is found to show a map: its provinces rank first."""
    return {**settings, "search": {**settings.get("search", {}), "boost": MAP_BOOST}}
