"""Tables that fit: in Chromium at 1366×900 and 390×844, no table is wider than the
content column unless it scrolls inside it, with its scrollbar in sight.

Dixie's Combat Results Table was 1012 px in a 688 px column (Material gives every header
cell 5rem) with its last columns out of sight, Dixie's counters 894 px, Divided
Republic's states 759 px. Every page of the bundled games' site that has a table is
measured (the reference pages' too)."""
from __future__ import annotations

import time

import pytest

webdriver = pytest.importorskip("selenium.webdriver")

from test_browser_site import REPO, browser, serve_games  # noqa: E402,F401 (a fixture)

GAMES = tuple(sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file()))

# each table wider than the column: where it is and what holds it, measured in the page
MEASURE = """
const column = document.querySelector('article.md-content__inner').getBoundingClientRect();
const area = document.querySelector('.md-content').getBoundingClientRect();
const right = Math.min(area.right, document.documentElement.clientWidth);
const out = [];
for (const table of document.querySelectorAll('article.md-content__inner table')) {
  const box = table.getBoundingClientRect();
  if (box.width === 0 || box.width <= column.width + 1) continue;
  let holder = table.parentElement;
  while (holder && !['auto', 'scroll'].includes(getComputedStyle(holder).overflowX)) holder = holder.parentElement;
  const held = holder && holder.getBoundingClientRect();
  out.push({head: table.rows[0].textContent.trim().slice(0, 30), width: Math.round(box.width),
            scrolls: !!holder && holder.scrollWidth > holder.clientWidth,
            inside: !!holder && held.left >= area.left - 1 && held.right <= right + 1,
            scrollbar: !!holder && getComputedStyle(holder).scrollbarWidth !== 'none'
                       && !/rgba\\(0, 0, 0, 0\\) rgba/.test(getComputedStyle(holder).scrollbarColor)});
}
return out;
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The bundled games' site served: its base URL and every page of it with a table."""
    tmp = tmp_path_factory.mktemp("tables")
    served = serve_games(tmp, GAMES)
    base = next(served)
    built = tmp / "site"
    pages = sorted(p.parent.relative_to(built).as_posix() + "/" for p in built.rglob("index.html")
                   if "<table" in p.read_text("utf-8"))
    yield base, pages
    served.close()


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)], ids=["desktop", "phone"])
def test_no_table_is_cut(site, browser, size):
    base, pages = site
    assert {"dixie/charts/", "divided-republic/states/", "divided-states/adjacency/"} <= set(pages)
    browser.set_window_size(*size)
    cut, wide = [], []
    for page in pages:
        browser.get(f"{base}/{page}")
        end = time.time() + 10      # Material wraps the plain tables in its scroll container on load
        while time.time() < end and not browser.execute_script(
                "return Array.from(document.querySelectorAll('article table:not([class])'))"
                ".every(t => t.closest('.md-typeset__scrollwrap'))"):
            time.sleep(0.1)
        for table in browser.execute_script(MEASURE):
            wide.append((page, table["head"]))
            if not (table["scrolls"] and table["inside"] and table["scrollbar"]):
                cut.append((page, table))
    assert cut == []
    if size[0] == 1366:   # on a desktop the CRT and the states re-flow into the column
        assert not [w for w in wide if w[0] in ("dixie/charts/", "divided-republic/states/")], wide
