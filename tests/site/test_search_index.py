"""What Material's search index holds (split by game: a game's pages fetch
<game>/search/search_index.json, the others search/search_index.json): table cells and
rows kept apart, so that a result's snippet reads as the table does; each result names
its game; a province finds its map first; each page fetches its own game's part."""
from __future__ import annotations

import json
import re
from pathlib import Path

import markdown
import pytest

from generator.site.cell_separators import CELL_END, ROW_END
from site_search import read_parts, whole_index


@pytest.fixture(scope="module")
def index(built_site):
    site, _ = built_site
    docs = whole_index(site)["docs"]
    return {d["location"]: " ".join(d["text"].split()) for d in docs}


def test_markdown_tables_end_each_cell_with_a_hidden_separator():
    html = markdown.markdown("| a | b |\n|---|---|\n| 1 | **2** |\n",
                             extensions=["tables", "generator.site.cell_separators"])
    cells = re.findall(r"<t[dh]>(.*?)</t[dh]>", html)
    assert cells == [f'a<span hidden="hidden">{CELL_END}</span>', f'b<span hidden="hidden">{ROW_END}</span>',
                     f'1<span hidden="hidden">{CELL_END}</span>',
                     f'<strong>2</strong><span hidden="hidden">{ROW_END}</span>']


def test_a_chart_snippet_keeps_cells_and_rows_apart(index):
    from pathlib import Path
    from generator.commands.common import load_game
    _, game = load_game(str(Path(__file__).resolve().parents[2] / "content" / "dixie"))
    crt = next(text for loc, text in index.items() if loc.startswith("dixie/charts/#combat-results-table"))
    normal = " · ".join(f"{d:+d}" for d in game.crt.lines["normal"])
    assert f"Normal line · {normal};" in crt
    first = min(game.crt.rows)
    assert f"roll {first} · " + " · ".join(str(x) for x in game.crt.rows[first]) + ";" in crt


def test_the_adjacency_snippet_keeps_cells_and_rows_apart(index):
    adjacency = index["classic/adjacency/"]
    assert "Code · Province · Type · Centre · Home · Armies to · Fleets to;" in adjacency
    assert "<code>EDI</code> · Edinburgh · coast · yes · England · CLY, LVP, YOR · " in adjacency
    # an empty cell adds no separator (a sea has no army moves, most provinces no home)
    assert "<code>ADR</code> · Adriatic Sea · sea · ALB, APU, ION, TRI, VEN;" in adjacency
    assert "CodeProvince" not in adjacency and "</code>Aberdeen" not in adjacency


def test_no_snippet_shows_separators_around_nothing(index):
    """Previews read "England · F NTH - PIC · illegal", never "· — ·" (a placeholder cell,
    as the DATC table writes one) nor "· ·" (an empty cell or a colour swatch)."""
    debris = {loc: m.group(0) for loc, text in index.items()
              for m in [re.search(r".{0,30}(?:·|;) *(?:[—–-] *)?·.{0,30}", text)] if m}
    assert not debris, list(debris.items())[:5]


def test_no_indexed_table_runs_two_cells_together(index):
    # a cell boundary with no separator shows as a code span glued to the next word
    glued = {loc: m.group(0) for loc, text in index.items() for m in [re.search(r"</code>[A-Za-z]", text)] if m}
    assert not glued, list(glued.items())[:5]


# ---------------------------------------------------------------- search per game

@pytest.fixture(scope="module")
def entries(built_site):
    site, _ = built_site
    return whole_index(site)["docs"]


def test_every_result_names_its_game(entries, built_site):
    site, _ = built_site
    content = Path(__file__).resolve().parents[2] / "content"
    games = {p.name for p in content.iterdir() if (p / "game.yaml").is_file()}
    for entry in entries:
        game = entry["location"].split("/")[0]
        if game in games:
            assert len(entry.get("tags", [])) == 1, entry["location"]
        else:   # Mapwright's own pages (reference, guides) belong to no game
            assert "tags" not in entry, entry["location"]
    tags = {e["location"].split("/")[0]: e["tags"][0] for e in entries if "tags" in e}
    assert tags["classic"] == "Diplomacy" and tags["divided-states"] == "Divided States"


def test_a_province_is_found_on_its_map_first(entries, built_site):
    """Each province of a map is an entry titled with its name and code, whose location
    is the map's deep link to it; no other entry is titled with that name, and it carries
    the highest boost: lunr scores a title match a thousand times a text match."""
    site, _ = built_site
    boost = {e["location"]: e.get("boost", 1.0) for e in entries}
    # Chicago and Boston are provinces of Divided States and cities on Dixie's hexes: one entry on
    # each game's map, and no other entry titled with it
    for name, places in [("Chicago", {"divided-states/map/#prov=CHG": "CHG", "dixie/map/#prov=1906": "1906"}),
                         ("Edinburgh", {"classic/map/#prov=EDI": "EDI"}),
                         ("Boston", {"divided-states/map/#prov=BOS": "BOS", "dixie/map/#prov=4404": "4404"})]:
        titled = [e for e in entries if name.lower() in e["title"].lower()]
        assert sorted(e["location"] for e in titled) == sorted(places)
        for e in titled:
            assert e["title"] == f"{name} ({places[e['location']]})"
            assert boost[e["location"]] == max(boost.values())
    # every province the map draws, once; the headings are the index's, not the page's
    html = (site / "divided-states" / "map" / "index.html").read_text(encoding="utf-8")
    drawn = set(re.findall(r'id="prov-([^"]+)"', html))
    listed = [e["location"].split("#prov=")[1] for e in entries if e["location"].startswith("divided-states/map/#prov=")]
    assert sorted(listed) == sorted(drawn) and len(drawn) > 600
    assert 'id="prov=' not in html


def test_rules_outrank_the_generated_pages(entries):
    boost = {e["location"]: e.get("boost", 1.0) for e in entries}
    rules = {b for loc, b in boost.items() if "/rules/" in loc}
    datc = {b for loc, b in boost.items() if loc.startswith("classic/datc/")}
    tables = {b for loc, b in boost.items() if loc.split("#")[0].endswith(("/adjacency/", "/powers/", "/charts/"))}
    assert rules and datc and tables
    assert min(rules) > max(datc) and min(rules) > max(tables)
    # the rules' Convoys section and the DATC cases on convoys: the rules first
    convoys = [e for e in entries if e["location"].startswith("classic/") and "convoy" in e["title"].lower()]
    assert max(convoys, key=lambda e: e.get("boost", 1.0))["location"].startswith("classic/rules/")


def test_long_tables_parts_are_not_indexed_row_by_row(index):
    """The parts of a long table list neighbours by code: left out of the index (their
    pages' titles and intros stay); the map is what a province's name finds."""
    parts = [loc for loc in index if re.fullmatch(r"divided-states/adjacency-[a-z-]+/", loc)]
    assert parts and all(len(index[loc]) < 1000 for loc in parts)


def test_the_pages_for_authors_are_not_in_the_readers_search(entries, built_site):
    site, _ = built_site
    pages = {e["location"].split("#")[0] for e in entries}
    authors = {"dixie/coverage/", "classic/rule-modules/", "divided-states/geometry-review/"}
    assert all((site / page / "index.html").is_file() for page in authors)
    assert not authors & pages
    assert "dixie/rules/13-combat/" in pages and "classic/datc/" in pages
    assert not any(page.startswith("reference/schemas/") for page in pages)   # the authors' schema reference


# ---------------------------------------------------------------- an index per game

_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.S)


def _fetched_folder(site: Path, page: Path) -> str:
    """The folder whose search/search_index.json the page's Material fetches: `base` of
    its configuration, resolved against the page's own address ("" for the site's)."""
    import posixpath
    base = json.loads(_CONFIG.search(page.read_text(encoding="utf-8")).group(1))["base"]
    here = page.parent.relative_to(site).as_posix()
    folder = posixpath.normpath(base if base.startswith("/") else posixpath.join(here, base)).strip("/")
    return "" if folder == "." else folder


def test_each_page_fetches_its_own_games_index_and_none_over_1_mb(built_site):
    site, _ = built_site
    parts = read_parts(site)
    games = set(parts) - {""}
    assert {"classic", "dixie", "divided-states"} <= games
    fetched: dict[str, set] = {}
    for page in sorted(site.rglob("*.html")):
        folder = _fetched_folder(site, page)
        top = page.relative_to(site).parts[0]
        assert folder == (top if top in games else ""), page
        fetched.setdefault(folder, set()).add(page)
    assert set(fetched) == set(parts)
    for folder in parts:
        size = (site / folder / "search" / "search_index.json").stat().st_size
        assert size < 1_000_000, (folder, size)
    # a game's part is its own pages only, found from its folder (as Material resolves them)
    for game in games:
        for entry in parts[game]["docs"]:
            page = entry["location"].split("#")[0]
            assert not page.startswith(("/", "..")) and (site / game / page / "index.html").is_file(), (game, entry)
    assert all(part["config"] == parts[""]["config"] for part in parts.values())


def test_from_a_page_in_no_game_each_game_is_found_by_its_overview(built_site):
    site, _ = built_site
    parts = read_parts(site)
    overviews = {e["location"]: e for e in parts[""]["docs"] if e.get("tags")}
    assert sorted(overviews) == sorted(f"{game}/" for game in parts if game)
    assert overviews["classic/"]["tags"] == ["Diplomacy"]
    # and nothing else of a game's: its sections, tables and provinces stay in its own part
    games = set(parts) - {""}
    assert all(e["location"].split("/")[0] not in games or e["location"] in overviews for e in parts[""]["docs"])


def test_the_split_joins_back_into_the_whole_index():
    from generator.site.search_split import split, whole
    config = {"lang": ["en"], "separator": " ", "pipeline": [], "fields": {}}
    docs = [{"location": "", "title": "Home", "text": "h"},
            {"location": "chess/", "title": "Chess", "text": "c", "tags": ["Chess"]},
            {"location": "chess/map/#prov=E4", "title": "E4 (E4)", "text": "", "tags": ["Chess"]},
            {"location": "go/rules/", "title": "Rules", "text": "g", "tags": ["Go"]},
            {"location": "reference/", "title": "Reference", "text": "r"}]
    parts = split({"config": config, "docs": docs}, {"chess", "go", "shogi"})
    assert [e["location"] for e in parts["chess"]["docs"]] == ["", "map/#prov=E4"]
    assert [e["location"] for e in parts["go"]["docs"]] == ["rules/"]   # no overview page: none in the site's
    assert parts["shogi"]["docs"] == []
    assert [e["location"] for e in parts[""]["docs"]] == ["", "reference/", "chess/"]
    assert sorted(whole(parts)["docs"], key=lambda e: e["location"]) == sorted(docs, key=lambda e: e["location"])


def test_a_games_sitemap_lists_its_pages_only():
    from generator.site.search_split import game_sitemaps
    url = "    <url>\n         <loc>{}</loc>\n         <lastmod>1980-01-01</lastmod>\n    </url>\n"
    pages = ["https://e.org/v/", "https://e.org/v/go/", "https://e.org/v/go/map/", "https://e.org/v/gomoku/",
             "https://e.org/v/reference/go/"]
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
           + "".join(url.format(p) for p in pages) + "</urlset>")
    found = game_sitemaps(xml, ["go", "chess"], "/v/")
    mine = found["go"]
    assert mine == xml.replace(url.format(pages[0]), "").replace(url.format(pages[3]), "").replace(
        url.format(pages[4]), "")
    assert "<loc>" not in found["chess"] and found["chess"].startswith("<?xml") and mine.endswith("</urlset>")
