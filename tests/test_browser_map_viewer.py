"""One map viewer for every map, readable at first sight: in Chromium at 1366×900 and
390×844, the big boards (Divided States, A Modern Europe), Dixie's hex map and Divided
Republic's tile map open with their median label at least 9 px tall (zoomed in where
the whole map cannot be read, centred on the middle of the board), with a find
box, an overview inset, "Whole map" and "Full screen" buttons and a key of the sides'
colours. Every map page of the bundled games is measured. The tools above the map take
one row on a 1366 px screen, at most three on a phone: they took three rows, 112 px,
above the map at 1366 px, then two on the Diplomacy maps while the highlight key (army /
fleet / both) sat in the toolbar; it is under the map now, beside the powers' colours.

They opened at the whole map: labels 3 px (Divided States), 4 px (A Modern Europe) and
2.7 px (Dixie, a static picture with no viewer at all). The screenshots of each first
view go to test-artifacts/ (taken as tools/screenshots.py takes the README's). A small
build (four games) keeps this test short."""
from __future__ import annotations

import statistics
from pathlib import Path

import pytest

webdriver = pytest.importorskip("selenium.webdriver")

from first_views import SIZES, open_first_view, save_view  # noqa: E402
from test_browser_site import _box, _open_map, _viewbox, browser, serve_games  # noqa: E402,F401 (a fixture)

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
GAMES = ("classic", "divided-states", "modern-europe", "dixie", "divided-republic")   # every map page
BIG = ("divided-states", "modern-europe", "dixie")    # too big to read whole in a column

# the on-screen heights of the map's labels (province codes, hex numbers), px
LABEL_HEIGHTS = """
return Array.from(document.querySelectorAll('#mw-map .mw-labels text'))
  .map(t => t.getBoundingClientRect().height).filter(h => h > 0);
"""

# the rows the map's tools take: the toolbar's shown items (and the zoom buttons, which
# may wrap inside their group) by their middles, a new row at each step over 8 px
TOOL_ROWS = """
const middles = Array.from(document.querySelectorAll('.mw-viewer-bar > *, .mw-zoom-buttons > *'))
  .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0)
  .map(r => r.top + r.height / 2).sort((a, b) => a - b);
return middles.filter((m, i) => i === 0 || m - middles[i - 1] > 8).length;
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from serve_games(tmp_path_factory.mktemp("viewer"), GAMES)


def _attr(browser, selector, name):
    return browser.execute_script(
        "const e = document.querySelector(arguments[0]); return e && e.getAttribute(arguments[1])", selector, name)


def _shown(browser, selector):
    return browser.execute_script(
        "const e = document.querySelector(arguments[0]); if (!e) return false;"
        "const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0", selector)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_a_map_opens_readable_and_centred_with_its_tools(site, browser, game, size):
    try:
        open_first_view(browser, f"{site}/{game}/map/", size)
        save_view(browser, ARTIFACTS / f"{game}-map-{size[0]}.png")   # as tools/screenshots.py takes them
        heights = browser.execute_script(LABEL_HEIGHTS)
        assert len(heights) >= 50, (game, "the map has no labels to read")   # Classic has 76
        assert statistics.median(heights) >= 9, (game, size, statistics.median(heights))

        # the map has the content column's width at every size, its panel below it
        frame, column = _box(browser, ".mw-map-frame"), _box(browser, ".md-content .md-typeset")
        assert frame["width"] >= column["width"] - 2, (game, size, frame["width"], column["width"])
        assert _box(browser, "#mw-map-info")["top"] > frame["top"], (game, size, "the panel is beside the map")
        assert _shown(browser, "input[data-mw-find]"), "no find box"
        rows = browser.execute_script(TOOL_ROWS)
        most = 1 if size == SIZES["desktop"] else 3
        assert rows <= most, (game, size, f"the map's tools take {rows} rows")
        if game in ("classic", "divided-states", "modern-europe"):   # armies and fleets: a highlight key
            assert _shown(browser, ".mw-map-keys .mw-map-key"), (game, "no key of the highlight colours")
            assert _box(browser, ".mw-map-key")["top"] > frame["top"] + frame["height"] - 1, (
                game, size, "the highlight key is not under the map")
        assert _shown(browser, "[data-mw-fullscreen]"), "no way to enlarge the map"
        swatches = browser.execute_script(
            "return Array.from(document.querySelectorAll('.mw-power-key li')).map(li => li.textContent)")
        assert len(swatches) >= 2, "no key of the colours"
        if _attr(browser, ".mw-map-frame", "data-mw-zoomed") != "1":
            assert game not in BIG, (game, size, "opened whole")
            return
        board = [float(v) for v in _attr(browser, "#mw-map", "data-mw-board").split()]
        view = _viewbox(browser)
        centre = (view[0] + view[2] / 2, view[1] + view[3] / 2)
        # the board's middle in the middle of the view (a view taller than the whole map
        # is centred on the map, title and key included)
        assert centre[0] == pytest.approx(board[0] + board[2] / 2, abs=view[2] * 0.05)
        assert centre[1] == pytest.approx(board[1] + board[3] / 2, abs=view[3] * 0.05)
        assert _shown(browser, "svg.mw-inset"), "no overview inset while zoomed in"

        browser.find_element("css selector", "[data-mw-zoom='fit']").click()   # the whole map
        whole = _viewbox(browser)
        assert whole[2] > view[2] * 1.5 and not _shown(browser, "svg.mw-inset")
    finally:
        browser.set_window_size(1400, 1000)


def test_the_overview_inset_moves_the_view(site, browser):
    browser.set_window_size(*SIZES["desktop"])
    try:
        _open_map(browser, f"{site}/divided-states/map/")
        before = _viewbox(browser)
        inset = browser.find_element("css selector", "svg.mw-inset")
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(browser).move_to_element_with_offset(inset, -inset.size["width"] // 2 + 5,
                                                          -inset.size["height"] // 2 + 5).click().perform()
        after = _viewbox(browser)
        assert after[2] == pytest.approx(before[2], rel=0.01), "a click on the inset changed the zoom"
        assert after[0] < before[0] and after[1] < before[1], "the view did not move to the top left"
    finally:
        browser.set_window_size(1400, 1000)


def test_names_show_once_there_is_room(site, browser):
    browser.set_window_size(*SIZES["desktop"])
    try:
        _open_map(browser, f"{site}/divided-states/map/")
        zoom_in = browser.find_element("css selector", "[data-mw-zoom='in']")
        for _ in range(3):
            zoom_in.click()
        names = browser.execute_script(
            "return Array.from(document.querySelectorAll('#mw-map .mw-names text'))"
            ".map(t => [t.textContent, t.getBoundingClientRect().height]).filter(n => n[1] > 0)")
        assert any(name == "Denver" for name, _ in names), "no names shown"
        assert min(h for _, h in names) >= 9
        browser.find_element("css selector", "[data-mw-zoom='fit']").click()
        assert not browser.execute_script(
            "return Array.from(document.querySelectorAll('#mw-map .mw-names text'))"
            ".some(t => t.getBoundingClientRect().height > 0)"), "names shown where they cannot be read"
    finally:
        browser.set_window_size(1400, 1000)


def test_dixie_hexes_are_found_and_described(site, browser):
    _open_map(browser, f"{site}/dixie/map/")
    box = browser.find_element("css selector", "input[data-mw-find]")
    box.send_keys("Chicago\n")
    info = browser.find_element("id", "mw-map-info").text
    assert info.startswith("Chicago (") and "home country of the United States of America" in info
    assert "Chicago: " in info
    selected = browser.execute_script("return document.querySelector('#mw-map .mw-selected').getAttribute('data-prov')")
    assert selected and len(selected) == 4


def test_full_screen_enlarges_the_map_and_gives_it_back(site, browser):
    from test_browser_site import wait_for
    browser.set_window_size(*SIZES["desktop"])
    try:
        _open_map(browser, f"{site}/modern-europe/map/")
        before = _box(browser, ".mw-map-frame")
        button = browser.find_element("css selector", "[data-mw-fullscreen]")
        button.click()
        wait_for(lambda: browser.execute_script("return !!document.fullscreenElement"), message="full screen")
        wait_for(lambda: _box(browser, ".mw-map-frame")["width"] > before["width"] * 1.3, message="a larger map")
        assert button.get_attribute("aria-pressed") == "true"
        button.click()
        wait_for(lambda: not browser.execute_script("return !!document.fullscreenElement"), message="the page")
        after = _box(browser, ".mw-map-frame")
        assert after["width"] == pytest.approx(before["width"], abs=1)
        assert after["height"] == pytest.approx(before["height"], abs=1)
    finally:
        browser.set_window_size(1400, 1000)


def test_a_tile_map_state_is_found_and_described(site, browser):
    _open_map(browser, f"{site}/divided-republic/map/")
    box = browser.find_element("css selector", "input[data-mw-find]")
    box.send_keys("Ohio\n")
    info = browser.find_element("id", "mw-map-info").text
    assert info.startswith("Ohio (OH)") and "electoral votes" in info and "PCR" in info
