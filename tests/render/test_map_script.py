"""The interactive map script in a real (headless) browser: hover, click, keyboard,
#prov= deep links, and the adjacency table's filter and sort. No MkDocs needed: the
test page holds the generated SVG and table with the site's script and stylesheet."""
from __future__ import annotations

import shutil

import pytest

from generator.render.adjacency import adjacency_page
from generator.render.map import MapOptions, render_map

from render_fixtures import REPO, tiny_game, view_of

webdriver = pytest.importorskip("selenium.webdriver")

SCRIPT = REPO / "site_overrides" / "assets" / "javascripts" / "mapwright-map.js"
STYLE = REPO / "site_overrides" / "assets" / "stylesheets" / "mapwright.css"


@pytest.fixture(scope="module")
def browser():
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not binary or not shutil.which("chromedriver"):
        pytest.skip("no Chromium/chromedriver here")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    opts.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        opts.add_argument(arg)
    try:
        drv = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    except Exception as exc:   # a broken browser install is an environment problem
        pytest.skip(f"Chromium did not start: {exc}")
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    view = view_of(tiny_game())
    svg = render_map(view, MapOptions(interactive=True))
    table = adjacency_page(view, title="Tiny").split("\n", 2)[2]
    html = (f"<!doctype html><html><head><meta charset='utf-8'><link rel='stylesheet' href='{STYLE.as_uri()}'>"
            f"</head><body><div class='mw-map-frame'>{svg}</div>"
            f"<div id='mw-map-info'></div><button data-mw-clear='mw-map'>clear</button>{table}"
            f"<script src='{SCRIPT.as_uri()}'></script></body></html>")
    path = tmp_path_factory.mktemp("site") / "map.html"
    path.write_text(html, encoding="utf-8")
    return path


def classes(browser, pid):
    return browser.execute_script(f"return document.getElementById('prov-{pid}').getAttribute('class')")


def test_click_highlights_neighbours_by_unit_type(browser, page):
    browser.get(page.as_uri())
    browser.execute_script("document.getElementById('prov-MID').dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    assert "mw-selected" in classes(browser, "MID")
    assert "mw-adj-army" in classes(browser, "EAS") and "mw-adj-army" in classes(browser, "WES")
    assert "mw-adj-fleet" in classes(browser, "NOR") and "mw-adj-fleet" in classes(browser, "SOU")
    assert "mw-adj" not in classes(browser, "LAK")
    info = browser.find_element("id", "mw-map-info").text
    assert "Midland" in info and "Fleets to:" in info and "(NOR)" in info and "(SOU)" in info
    assert browser.execute_script("return location.hash") == "#prov=MID"


def test_deep_link_and_keyboard(browser, page):
    browser.get(page.as_uri() + "#prov=wes")
    assert "mw-selected" in classes(browser, "WES")
    assert "mw-adj-both" not in classes(browser, "MID")          # army only across the river
    assert "mw-adj-army" in classes(browser, "MID") and "mw-adj-fleet" in classes(browser, "NOR")
    el = browser.find_element("id", "prov-EAS")
    browser.execute_script("arguments[0].focus()", el)
    from selenium.webdriver.common.keys import Keys
    el.send_keys(Keys.ENTER)
    assert "mw-selected" in classes(browser, "EAS")
    assert "mw-selected" not in classes(browser, "WES")
    el.send_keys(Keys.ESCAPE)
    assert "mw-selected" not in classes(browser, "EAS")


def test_hover_shows_name_code_centre_owner(browser, page):
    browser.get(page.as_uri())
    browser.execute_script("document.getElementById('prov-WES').dispatchEvent(new MouseEvent('mouseenter'))")
    info = browser.find_element("id", "mw-map-info").text
    assert "Westland (WES)" in info and "supply centre" in info and "home of RED" in info and "owner:" in info


def test_table_filter_and_sort(browser, page):
    browser.get(page.as_uri())
    box = browser.find_element("css selector", "input.mw-filter")
    box.send_keys("lake")
    visible = browser.execute_script(
        "return Array.from(document.querySelectorAll('#mw-adjacency tbody tr')).filter(r => !r.hidden).length")
    assert visible == 1
    box.clear()
    browser.execute_script("document.querySelector('#mw-adjacency input, input.mw-filter').dispatchEvent(new Event('input'))")
    browser.execute_script("document.querySelectorAll('#mw-adjacency th')[1].click()")
    browser.execute_script("document.querySelectorAll('#mw-adjacency th')[1].click()")   # descending
    first = browser.execute_script("return document.querySelector('#mw-adjacency tbody tr td:nth-child(2)').innerText")   # as shown (no hidden cell end)
    assert first == "Westland"


def test_material_instant_navigation_hook(browser, tmp_path):
    """With Material's document$ present the script subscribes to it (and runs again on
    each page swap) instead of waiting for DOMContentLoaded."""
    view = view_of(tiny_game())
    svg = render_map(view, MapOptions(interactive=True))
    html = ("<!doctype html><html><body><script>window.calls = 0; window.document$ = {subscribe: "
            "function (fn) { window.swap = fn; window.calls += 1; }};</script>"
            f"<div>{svg}</div><div id='mw-map-info'></div><script src='{SCRIPT.as_uri()}'></script>"
            "</body></html>")
    path = tmp_path / "instant.html"
    path.write_text(html, encoding="utf-8")
    browser.get(path.as_uri())
    assert browser.execute_script("return window.calls") == 1
    assert browser.execute_script("return document.getElementById('mw-map').getAttribute('data-mw-ready')") is None
    browser.execute_script("window.swap()")     # Material emits document$ after each page load
    assert browser.execute_script("return document.getElementById('mw-map').getAttribute('data-mw-ready')") == "1"
