"""Tables that fit: in Chromium at 1366×900 and 390×844, no table is wider than the
content column unless it scrolls inside it, with its scrollbar in sight.

Dixie's Combat Results Table was 1012 px in a 688 px column (Material gives every header
cell 5rem) with its last columns out of sight, Dixie's counters 894 px, Divided
Republic's states 759 px. A small build (two games) keeps this test short."""
from __future__ import annotations

import time

import pytest

webdriver = pytest.importorskip("selenium.webdriver")

from test_browser_site import browser, serve_games  # noqa: E402,F401 (a fixture)

PAGES = ["dixie/charts/", "dixie/counters/", "dixie/scenarios/", "divided-republic/states/",
         "divided-republic/cards/", "divided-republic/parties/"]

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
def small_site(tmp_path_factory):
    yield from serve_games(tmp_path_factory.mktemp("tables"), ("dixie", "divided-republic"))


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)], ids=["desktop", "phone"])
def test_no_table_is_cut(small_site, browser, size):
    browser.set_window_size(*size)
    cut, wide = [], []
    for page in PAGES:
        browser.get(f"{small_site}/{page}")
        end = time.time() + 10      # Material wraps the tables in its scroll container on load
        while time.time() < end and not browser.execute_script(
                "return document.querySelector('article table') === null "
                "|| document.querySelector('.md-typeset__scrollwrap') !== null"):
            time.sleep(0.1)
        for table in browser.execute_script(MEASURE):
            wide.append((page, table["head"]))
            if not (table["scrolls"] and table["inside"] and table["scrollbar"]):
                cut.append((page, table))
    assert cut == []
    if size[0] == 1366:   # on a desktop the CRT and the states re-flow into the column
        assert not [w for w in wide if w[0] in ("dixie/charts/", "divided-republic/states/")], wide
