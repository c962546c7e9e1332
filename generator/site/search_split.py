"""Material's search index, split by game, so that no page fetches an index that grows
with the site (issue #28: at 120 games the whole index is some 20 MB).

A game's pages fetch `<game>/search/search_index.json`: that game's entries only, their
locations relative to the game's folder (Material resolves the index and every result
against the `base` of the page's configuration, which site_overrides/main.html sets to
the game's folder). The pages in no game (home, reference, guides, 404) fetch the site's
`search/search_index.json`: their own entries and, so that a game is found from the
home page by its name, the first entry of each game's overview page (its title and
opening text; locations relative to the site).

Material's instant navigation (if a site turns it on) fetches sitemap.xml from the same
`base`: each game's folder gets the site's sitemap with that game's pages only, so that
a link within the game is followed in place and a link to another game (or to a page in
no game) loads in full, with that page's own index. Pure: the plugin reads and writes
the files (mkdocs_plugin/plugin.py).
"""
from __future__ import annotations

import html
import json
import re
from urllib.parse import urlsplit

INDEX = "search/search_index.json"   # Material's index, under the folder of the pages that fetch it
SITEMAP = "sitemap.xml"              # MkDocs', under the folder of the pages whose navigation follows it
_URL = re.compile(r"[ \t]*<url>.*?</url>[ \t]*\n?", re.S)
_LOC = re.compile(r"<loc>([^<]*)</loc>")


def index_path(folder: str) -> str:
    """Where the pages of `folder` ("" for the pages in no game) find their index."""
    return f"{folder}/{INDEX}" if folder else INDEX


def folder_of(url: str, games) -> str:
    """The game a page (site-relative URL or index location) belongs to, "" for none."""
    head = url.split("#", 1)[0].split("/", 1)[0]
    return head if head in games else ""


def split(index: dict, games) -> dict[str, dict]:
    """Material's whole index ({"config", "docs"}) -> each folder's index ("" the site's);
    every game in `games` has one (an empty one if its pages are all left out)."""
    parts: dict[str, list] = {"": [], **{game: [] for game in sorted(games)}}   # the same order every build
    for entry in index["docs"]:
        game = folder_of(entry["location"], games)
        if game:
            parts[game].append({**entry, "location": entry["location"][len(game) + 1:]})
        else:
            parts[""].append(entry)
    # each game's overview page, as its page entry says it (its sections stay the game's own)
    overviews = {game: next((e for e in docs if e["location"] == ""), None) for game, docs in parts.items() if game}
    parts[""] += [{**entry, "location": f"{game}/"} for game, entry in overviews.items() if entry]
    return {folder: {"config": index["config"], "docs": docs} for folder, docs in parts.items()}


def as_json(index: dict) -> str:
    """An index as Material writes its own (search plugin's generate_search_index)."""
    return json.dumps(index, separators=(",", ":"), default=str)


def whole(parts: dict[str, dict]) -> dict:
    """The split indexes joined again, every location relative to the site: what Material
    would have written as one (for the benchmarks and tests; the overviews once)."""
    games = set(parts) - {""}
    docs = [e for e in parts.get("", {"docs": []})["docs"] if not folder_of(e["location"], games)]
    for game in sorted(games):
        docs += [{**e, "location": f"{game}/{e['location']}"} for e in parts[game]["docs"]]
    return {"config": next(iter(parts.values()))["config"], "docs": docs}


def game_sitemaps(sitemap: str, games, site_path: str) -> dict[str, str]:
    """MkDocs' sitemap.xml -> for each game of `games`, the same with only that game's
    pages (the `<url>` entries whose address lies in its folder under `site_path`, the
    path of site_url). One pass over the entries, whatever the number of games."""
    urls = list(_URL.finditer(sitemap))
    if not urls:
        return {game: sitemap for game in games}
    head, tail = sitemap[:urls[0].start()], sitemap[urls[-1].end():]
    prefix = site_path.rstrip("/") + "/"
    mine: dict[str, list[str]] = {game: [] for game in games}
    for url in urls:
        loc = _LOC.search(url.group(0))
        path = urlsplit(html.unescape(loc.group(1))).path if loc else ""
        game = folder_of(path[len(prefix):], mine) if path.startswith(prefix) else ""
        if game:
            mine[game].append(url.group(0))
    return {game: head + "".join(entries) + tail for game, entries in mine.items()}
