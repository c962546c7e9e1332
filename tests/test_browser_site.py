"""The built site as a reader meets it: in a real browser (Debian's Chromium, driven by
Selenium; nothing is downloaded). On CI (CI=true) a missing browser is a failure."""
from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import threading
import time
from pathlib import Path

import pytest

webdriver = pytest.importorskip("selenium.webdriver")

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"


def _no_browser(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"browser test cannot run on CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def server(built_site, tmp_path_factory):
    """The site as if deployed at this test server's address.

    Material's instant navigation only follows links listed in sitemap.xml, matched by
    scheme and host but not port; so the copy served here has its sitemap pointing at
    the server's own address, as a site deployed at its site_url would."""
    built, _ = built_site
    site = tmp_path_factory.mktemp("served") / "site"
    shutil.copytree(built, site)
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    sitemap = site / "sitemap.xml"
    sitemap.write_text(re.sub(r"<loc>https?://[^/]+/", f"<loc>{base}/", sitemap.read_text("utf-8")), "utf-8")
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield base, site
    httpd.shutdown()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def browser():
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not binary or not driver_path:
        _no_browser("Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    opts.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1400,1000"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(service=Service(driver_path), options=opts)
    yield drv
    drv.quit()


def wait_for(condition, timeout=10.0, message="condition"):
    end = time.time() + timeout
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {message}")


def severe(browser) -> list[str]:
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def pages(site: Path) -> list[str]:
    return sorted("/" + p.parent.relative_to(site).as_posix().strip(".") + ("/" if p.parent != site else "")
                  for p in site.rglob("index.html"))


def test_no_console_errors_on_any_page(server, browser):
    base, site = server
    failures = {}
    for path in pages(site):
        browser.get(base + path.replace("//", "/"))
        errors = severe(browser)
        if errors:
            failures[path] = errors
    assert not failures, failures


def test_screenshots_of_home_and_a_map(server, browser):
    base, _ = server
    ARTIFACTS.mkdir(exist_ok=True)
    browser.get(base + "/")
    browser.save_screenshot(str(ARTIFACTS / "home.png"))
    browser.get(base + "/classic/map/")
    wait_for(lambda: browser.find_elements("css selector", "#prov-PAR"), message="the map")
    browser.save_screenshot(str(ARTIFACTS / "classic-map.png"))
    assert (ARTIFACTS / "home.png").stat().st_size > 1000


def test_search_finds_a_province_by_name(server, browser):
    base, _ = server
    browser.get(base + "/")
    box = wait_for(lambda: browser.find_elements("css selector", "input.md-search__input"), message="search box")[0]
    browser.execute_script("arguments[0].focus()", box)
    box.send_keys("Burgundy")

    def results():
        items = browser.find_elements("css selector", ".md-search-result__item")
        return items if items and any("Burgundy" in i.text for i in items) else None
    wait_for(results, timeout=20, message="search results naming Burgundy")


def _click_province(browser, pid):
    browser.execute_script(
        "document.getElementById(arguments[0]).dispatchEvent(new MouseEvent('click', {bubbles: true}))",
        f"prov-{pid}")


def _classes(browser, pid):
    return browser.execute_script(f"return document.getElementById('prov-{pid}').getAttribute('class') || ''")


def test_map_highlights_neighbours_and_survives_instant_navigation(server, browser):
    base, _ = server
    browser.get(base + "/classic/map/")
    wait_for(lambda: browser.find_elements("css selector", "#prov-PAR"), message="the map")
    _click_province(browser, "PAR")
    assert "mw-selected" in _classes(browser, "PAR")
    assert "mw-adj" in _classes(browser, "BUR")
    assert "mw-adj" not in _classes(browser, "MUN")
    browser.execute_script("window.__mwNoReload = true")
    link = browser.find_element("css selector", "a.md-nav__link[href$='adjacency/']")
    browser.execute_script("arguments[0].click()", link)
    wait_for(lambda: "/classic/adjacency/" in browser.current_url, message="instant navigation")
    back = wait_for(lambda: browser.find_elements("css selector", "a.md-nav__link[href$='map/']"), message="nav")
    browser.execute_script("arguments[0].click()", [a for a in back if "/classic/" in a.get_attribute("href")][0])
    wait_for(lambda: browser.find_elements("css selector", "#prov-MAR"), message="the map again")
    assert browser.execute_script("return window.__mwNoReload === true"), "navigation was not instant"
    _click_province(browser, "MAR")
    assert "mw-selected" in _classes(browser, "MAR")
    assert "mw-adj" in _classes(browser, "PIE")
    assert not severe(browser)


def test_rule_anchor_scrolls_to_its_rule(server, browser):
    base, site = server
    candidates = []
    for page in sorted(site.rglob("rules/*/index.html")):
        ids = re.findall(r'id="(rule-[0-9-]+)"', page.read_text(encoding="utf-8"))
        if len(ids) > 2:
            candidates.append((page, ids[-1]))
    assert candidates, "no rules page with several rule anchors"
    page, anchor = candidates[0]
    browser.get(base + "/" + page.parent.relative_to(site).as_posix() + "/#" + anchor)
    top = wait_for(lambda: browser.execute_script(
        "const e = document.getElementById(arguments[0]); const r = e.getBoundingClientRect();"
        "return window.scrollY > 0 ? r.top : null;", anchor), message=f"scroll to #{anchor}")
    assert -5 <= top < 200


def test_print_stylesheet_hides_navigation(server, browser):
    base, _ = server
    browser.get(base + "/classic/map/")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        for selector in (".md-header", ".md-sidebar--primary", ".md-footer"):
            shown = browser.execute_script(
                "const e = document.querySelector(arguments[0]);"
                "return e ? getComputedStyle(e).display : 'none'", selector)
            assert shown == "none", f"{selector} is visible in print"
        assert browser.find_elements("css selector", "#prov-PAR")[0].is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
