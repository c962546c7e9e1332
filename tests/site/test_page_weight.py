"""No page of the bundled site is over 500 KB of HTML, and every link into the pages a
long table was split into still lands: issue #28's "no HTML page over 500 KB", read on
the built site (no browser)."""
from __future__ import annotations

import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

MAX_PAGE_BYTES = 500 * 1000


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def read_pages(site: Path) -> dict[str, _Links]:
    """Site path of each page ("divided-states/map/") -> its ids and links."""
    pages = {}
    for page in site.rglob("*.html"):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        rel = page.relative_to(site).as_posix()
        pages[rel.removesuffix("index.html")] = parser
    return pages


def broken_links(site: Path) -> list[str]:
    """Every internal link whose page is missing, or whose fragment names no element
    there (`#prov=X`: the map's province X, `prov-X`)."""
    pages, broken = read_pages(site), []
    for here, page in pages.items():
        for href in page.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            path = unquote(parts.path)
            target = posixpath.normpath(posixpath.join(posixpath.dirname("/" + here), path)) if path else "/" + here
            target = target.lstrip("/")
            if path.endswith("/") or not path:
                target = (target + "/") if target and not target.endswith("/") else target
            if target in ("", "."):
                target = ""
            if target not in pages:
                if not (site / target).exists():
                    broken.append(f"{here}: {href}")
                continue
            fragment = unquote(parts.fragment)
            if not fragment:
                continue
            wanted = "prov-" + fragment[5:] if fragment.startswith("prov=") else fragment
            if wanted not in pages[target].ids:
                broken.append(f"{here}: {href}")
    return broken


def heavy_pages(site: Path, limit: int = MAX_PAGE_BYTES) -> dict[str, int]:
    return {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*.html")
            if p.stat().st_size > limit}


def test_the_link_check_finds_a_missing_row_and_province(tmp_path):
    (tmp_path / "g" / "map").mkdir(parents=True)
    (tmp_path / "g" / "rows").mkdir()
    (tmp_path / "g" / "map" / "index.html").write_text('<svg><path id="prov-BOS"/></svg>', encoding="utf-8")
    (tmp_path / "g" / "rows" / "index.html").write_text(
        '<tr id="adj-BOS"></tr><a href="../map/#prov=BOS">ok</a><a href="../map/#prov=NYC">no</a>'
        '<a href="#adj-BOS">ok</a><a href="#adj-NYC">no</a><a href="../gone/">no</a>', encoding="utf-8")
    assert broken_links(tmp_path) == ["g/rows/: ../map/#prov=NYC", "g/rows/: #adj-NYC", "g/rows/: ../gone/"]


def test_no_built_page_is_over_500_kb(built_site):
    site, _ = built_site
    assert not heavy_pages(site), heavy_pages(site)


def test_every_link_into_a_long_tables_pages_lands(built_site):
    site, _ = built_site
    pages = read_pages(site)
    parts = [p for p in pages if re.fullmatch(r"divided-states/adjacency-[a-z-]+/", p)]
    assert len(parts) >= 2, "Divided States' adjacency table is no longer split"
    links = sum(h.count("#prov=") for p in pages.values() for h in p.hrefs)
    assert links > 5000
    assert broken_links(site) == []


def test_the_first_page_finds_every_province_and_its_row(built_site):
    site, _ = built_site
    pages = read_pages(site)
    first = pages["divided-states/adjacency/"]
    rows = {h for h in first.hrefs if re.search(r"adjacency-[a-z-]+/#adj-", h)}
    provinces = {i for i in pages["divided-states/map/"].ids if i.startswith("prov-")}
    assert len(rows) == len(provinces) > 600
    # the old address of a row (/adjacency/#adj-BOS) still finds the province
    assert "adj-BOS" in first.ids


def test_a_page_text_that_begins_pages_is_split_into_siblings():
    from generator.families.base import Page
    from generator.site.paging import split_page
    text = ("# First\n\nintro\n<!-- mapwright:page t-a-c.md Rows A–C -->\n# A to C\n\nrows\n"
            "<!-- mapwright:page t-d.md Rows D -->\n# D\n\nrows\n")
    pages = split_page(Page("tables/t.md", text, "Table"))
    assert [(p.path, p.title, p.content) for p in pages] == [
        ("tables/t.md", "Table", "# First\n\nintro\n"), ("tables/t-a-c.md", "Rows A–C", "# A to C\n\nrows\n"),
        ("tables/t-d.md", "Rows D", "# D\n\nrows\n")]
    # only a whole line of that form, naming a plain page and a title, begins one
    odd = "# X\n\n`<!-- mapwright:page x.md T -->` <!-- mapwright:page ../y.md T -->\n<!-- mapwright:page z.md -->\n"
    assert split_page(Page("t.md", odd, "T")) == [Page("t.md", odd, "T")]


def test_a_long_table_splits_at_initials_under_its_limit():
    from generator.render.adjacency import part_label, part_page, table_parts
    rows = [{"id": i} for i in ("AA", "AB", "BA", "CA", "CB", "CC", "DA")]
    parts = table_parts(rows, [10] * len(rows), limit=30)
    assert [[r["id"] for r in p] for p in parts] == [["AA", "AB", "BA"], ["CA", "CB", "CC"], ["DA"]]
    assert [part_label(p) for p in parts] == ["A–B", "C", "D"]
    assert [part_page(p) for p in parts] == ["adjacency-a-b.md", "adjacency-c.md", "adjacency-d.md"]
    assert len(table_parts(rows, [10] * len(rows), limit=1000)) == 1
    # an initial larger than the limit is one page of its own, never cut
    assert [len(p) for p in table_parts(rows, [10] * len(rows), limit=5)] == [2, 1, 3, 1]


def test_a_game_page_names_no_other_game_in_its_tabs_or_sidebar(built_site):
    """A page's navigation does not grow with the site: a game's pages carry its own tab
    (and All games, Reference), a page in no game carries none; the home page links them all."""
    site, _ = built_site
    games = sorted(p.parent.name for p in site.glob("*/thumbnail.svg"))
    assert len(games) >= 2

    def linked_games(page: Path, marker: str) -> set[str]:
        """The games the links of this class on a page lead to (the first folder of each)."""
        here = page.parent.relative_to(site).as_posix()
        hrefs = re.findall(r'href="([^"#]*)[^"]*"\s+class="' + marker, page.read_text(encoding="utf-8"))
        # (404.html's links are from the site's root: "/classic/")
        targets = {posixpath.normpath(posixpath.join(here, h)).lstrip("/").split("/")[0] for h in hrefs}
        return targets & set(games)

    for game in games:
        page = site / game / "index.html"
        assert linked_games(page, "md-tabs__link") == {game}
        assert linked_games(page, "md-nav__link") <= {game}
    for page in (site / "reference" / "diagnostics" / "index.html", site / "404.html"):
        assert linked_games(page, "md-tabs__link") == set(), page
    home = (site / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{g}/' in home for g in games)
