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

from first_views import chromium_arguments

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


def serve_games(tmp: Path, games: tuple[str, ...]):
    """A build of a few bundled games (no PDFs) served on a free port: yields its base URL.
    Keeps a browser test short when it needs only those games' pages."""
    from generator.cli import main
    content = tmp / "content"
    for game in games:
        shutil.copytree(REPO / "content" / game, content / game)
    site = tmp / "site"
    assert main(["build", "--content", str(content), "-o", str(site), "--cache-dir", str(tmp / "cache"),
                 "--no-pdf"]) == 0
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()


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
    for arg in chromium_arguments():
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


def _search(browser, words: str, shown: str):
    """The search results' links once one of them shows `shown` (read in one script:
    Material renders the results again as they come)."""
    box = wait_for(lambda: browser.find_elements("css selector", "input.md-search__input"), message="search box")[0]
    browser.execute_script("arguments[0].focus()", box)
    box.send_keys(words)
    links = wait_for(lambda: browser.execute_script(
        "const items = Array.from(document.querySelectorAll('.md-search-result__item'));"
        "if (!items.some(i => i.textContent.includes(arguments[0]))) return null;"
        "return Array.from(document.querySelectorAll('a.md-search-result__link')).map(a => a.href);", shown),
        timeout=20, message=f"search results naming {shown}")
    # (search.highlight adds the words as ?h=...: left out here)
    return [re.sub(r"\?h=[^#]*", "", href) for href in links]


def test_search_finds_a_province_on_its_games_map_first(server, browser):
    """A game's pages search that game's own index (its folder's search/search_index.json):
    the province first, at the map's deep link, resolved from the game's folder."""
    base, _ = server
    browser.get(base + "/classic/")
    links = _search(browser, "Burgundy", "Burgundy")
    # the first result is the map page, its first section the province (Material groups a page's sections)
    assert links[:2] == [base + "/classic/map/", base + "/classic/map/#prov=BUR"], links[:3]
    fetched = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('search_index'))")
    assert fetched == [base + "/classic/search/search_index.json"], fetched


def test_search_from_the_home_page_finds_each_game(server, browser):
    base, _ = server
    browser.get(base + "/")
    links = _search(browser, "Dixie", "Dixie")
    assert base + "/dixie/" in links, links[:5]


def _click_province(browser, pid):
    browser.execute_script(
        "document.getElementById(arguments[0]).dispatchEvent(new MouseEvent('click', {bubbles: true}))",
        f"prov-{pid}")


def _classes(browser, pid):
    return browser.execute_script(f"return document.getElementById('prov-{pid}').getAttribute('class') || ''")


def test_map_highlights_neighbours_after_navigating_away_and_back(server, browser):
    base, _ = server
    browser.get(base + "/classic/map/")
    wait_for(lambda: browser.find_elements("css selector", "#prov-PAR"), message="the map")
    _click_province(browser, "PAR")
    assert "mw-selected" in _classes(browser, "PAR")
    assert "mw-adj" in _classes(browser, "BUR")
    assert "mw-adj" not in _classes(browser, "MUN")
    link = browser.find_element("css selector", "a.md-nav__link[href$='adjacency/']")
    browser.execute_script("arguments[0].click()", link)
    wait_for(lambda: "/classic/adjacency/" in browser.current_url, message="navigation")
    # find and click in one script: the page is swapped in place, so a handle found
    # before the swap finished would be stale
    wait_for(lambda: browser.execute_script(
        "const a = Array.from(document.querySelectorAll(\"a.md-nav__link[href$='map/']\"))"
        ".find(a => a.href.includes('/classic/')); if (a) a.click(); return !!a;"), message="nav")
    wait_for(lambda: browser.find_elements("css selector", "#prov-MAR"), message="the map again")
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


# ---------------------------------------------------------------- the map viewer

def _box(browser, selector):
    return browser.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}",
        selector)


def _viewbox(browser):
    return [float(v) for v in browser.execute_script(
        "return document.getElementById('mw-map').getAttribute('viewBox')").split()]


def _open_map(browser, url):
    browser.get(url)
    wait_for(lambda: browser.execute_script(
        "const m = document.getElementById('mw-map'); return m && m.getAttribute('data-mw-ready')"),
        message="the map viewer")


@pytest.mark.parametrize("width", [1400, 1024, 390])
def test_the_map_fits_its_frame_at_every_width(server, browser, width):
    base, _ = server
    browser.set_window_size(width, 900)
    try:
        for game in ("classic", "divided-states"):
            _open_map(browser, f"{base}/{game}/map/")
            frame, svg = _box(browser, ".mw-map-frame"), _box(browser, "#mw-map")
            assert svg["left"] >= frame["left"] - 1 and svg["right"] <= frame["right"] + 1, (game, width)
            assert svg["bottom"] <= frame["bottom"] + 1, (game, width)
            assert browser.execute_script("return document.documentElement.scrollWidth") <= width + 1
    finally:
        browser.set_window_size(1400, 1000)


def test_zoom_buttons_wheel_and_keys_change_the_view(server, browser):
    base, _ = server
    _open_map(browser, f"{base}/divided-states/map/")
    opened = _viewbox(browser)     # zoomed in until its labels are readable
    browser.find_element("css selector", "[data-mw-zoom='fit']").click()
    whole = _viewbox(browser)
    assert opened[2] < whole[2] * 0.5
    browser.find_element("css selector", "[data-mw-zoom='in']").click()
    zoomed = _viewbox(browser)
    assert zoomed[2] < whole[2] * 0.7
    browser.execute_script(
        "const f = document.querySelector('.mw-map-frame'); const r = f.getBoundingClientRect();"
        "f.dispatchEvent(new WheelEvent('wheel', {deltaY: -300, clientX: r.left + 50, clientY: r.top + 50,"
        " bubbles: true, cancelable: true}))")
    assert _viewbox(browser)[2] < zoomed[2]
    frame = browser.find_element("css selector", ".mw-map-frame")
    before = _viewbox(browser)
    from selenium.webdriver.common.keys import Keys
    frame.send_keys(Keys.ARROW_RIGHT)
    assert _viewbox(browser)[0] > before[0]
    frame.send_keys("0")
    assert _viewbox(browser) == pytest.approx(whole, abs=0.05)


def test_find_a_province_by_name_zooms_to_it_with_its_neighbours_under_the_map(server, browser):
    base, _ = server
    _open_map(browser, f"{base}/divided-states/map/")
    box = browser.find_element("css selector", "input[data-mw-find]")
    options = browser.execute_script(
        "return Array.from(document.querySelectorAll('#' + arguments[0].getAttribute('list') + ' option'))"
        ".map(o => o.value)", box)
    assert len(options) == 693 and "BOS — Boston" in options
    box.send_keys("Boston\n")
    assert "mw-selected" in _classes(browser, "BOS")
    vb = _viewbox(browser)
    bos = browser.execute_script("const b = document.getElementById('prov-BOS').getBBox();"
                                 "return [b.x, b.y, b.width, b.height]")
    assert vb[0] <= bos[0] and bos[0] + bos[2] <= vb[0] + vb[2], "Boston is not in view"
    assert vb[2] < 4480 / 4, "the view did not zoom in on Boston"
    info = browser.find_element("id", "mw-map-info").text
    assert "Boston (BOS)" in info and "Cape Cod (CPC)" in info
    # the panel under the map, as wide as it (the map keeps the column's width; issue #28),
    # kept in view over the map's lower edge while the map is in view
    panel, frame = _box(browser, "#mw-map-info"), _box(browser, ".mw-map-frame")
    height = browser.execute_script("return window.innerHeight")
    assert panel["left"] == pytest.approx(frame["left"], abs=1), "the neighbours panel is not under the map"
    assert panel["width"] == pytest.approx(frame["width"], abs=1), "the neighbours panel is not under the map"
    assert 0 <= panel["top"] and panel["bottom"] <= height + 1, "the neighbours panel is not in view"
    from selenium.webdriver.common.keys import Keys
    box.send_keys(Keys.ESCAPE)   # Escape clears
    assert "mw-selected" not in _classes(browser, "BOS")


def test_deep_link_selects_and_shows_the_province_on_a_phone(server, browser):
    base, _ = server
    browser.set_window_size(390, 844)
    try:
        browser.get("about:blank")   # a fresh load, not a same-page hash change
        _open_map(browser, f"{base}/divided-states/map/#prov=BOS")
        wait_for(lambda: "mw-selected" in _classes(browser, "BOS"), message="BOS selected")
        height = browser.execute_script("return window.innerHeight")
        frame, panel = _box(browser, ".mw-map-frame"), _box(browser, "#mw-map-info")
        assert frame["top"] < height and frame["bottom"] > 0, "the map is not in view"
        assert 0 <= panel["top"] and panel["bottom"] <= height + 1, "the neighbours panel is not in view"
    finally:
        browser.set_window_size(1400, 1000)


def test_keyboard_users_pass_the_map_in_a_few_tabs(server, browser):
    base, _ = server
    _open_map(browser, f"{base}/divided-states/map/")
    stops = browser.execute_script(
        "return Array.from(document.querySelectorAll('.mw-viewer a[href], .mw-viewer button, .mw-viewer input,"
        " .mw-viewer [tabindex]')).filter(e => e.tabIndex >= 0).length")
    assert stops <= 10
    skip = browser.find_element("css selector", "a.mw-skip")
    assert skip.get_attribute("href").endswith("#mw-after-map")
    assert browser.find_elements("id", "mw-after-map")


# ---------------------------------------------------------------- diagrams and text

def _figures(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('img.mw-figure')).map(i => {"
        " const r = i.getBoundingClientRect(); return {w: r.width, natural: i.naturalWidth, src: i.src}; })")


def test_worked_example_diagrams_are_legible_and_come_before_their_yaml(server, browser):
    base, site = server
    import xml.etree.ElementTree as ET
    for page in ("/classic/rules/02-movement/", "/dixie/rules/13-combat/", "/modern-europe/rules/01-special-rules/"):
        browser.get(base + page)
        wait_for(lambda: browser.execute_script(
            "return Array.from(document.querySelectorAll('img.mw-figure')).every(i => i.complete)"),
            message="diagrams loaded")
        figures = _figures(browser)
        assert figures, page
        for f in figures:
            assert f["w"] >= 480, (page, f)
            svg = (site / f["src"].split(base + "/", 1)[1]).read_text("utf-8")
            root = ET.fromstring(svg)
            if root.get("data-min-font"):
                shown = float(root.get("data-min-font")) * f["w"] / float(root.get("viewBox").split()[2])
                # 11 px where the column allows; a diagram of two panels side by side is
                # capped at the column's width, its smallest text still above 9 px
                assert shown >= 9, (page, f["src"], shown)
        # each example: the diagram first, its YAML folded after it
        order = browser.execute_script(
            "return Array.from(document.querySelectorAll('.admonition.example')).map(a => {"
            " const img = a.querySelector('img.mw-figure'); const src = a.querySelector('details pre, details code');"
            " const d = src && src.closest('details');"
            " return {img: !!img, folded: !!d && !d.open,"
            "  after: !!img && !!d && !!(img.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING)}; })")
        for o in order:
            if o["img"]:
                assert o["folded"] and o["after"], (page, o)


def test_a_diagram_enlarges_on_click(server, browser):
    base, _ = server
    browser.get(base + "/classic/rules/02-movement/")
    link = wait_for(lambda: browser.find_elements("css selector", "a.mw-enlarge"), message="a diagram")[0]
    browser.execute_script("arguments[0].scrollIntoView(); arguments[0].click()", link)
    dialog = wait_for(lambda: browser.find_elements("css selector", "dialog.mw-lightbox[open] img"),
                      message="the enlarged diagram")[0]
    wait_for(lambda: browser.execute_script("return arguments[0].complete", dialog), message="loaded")
    assert dialog.size["width"] > 700
    from selenium.webdriver.common.keys import Keys
    browser.find_element("css selector", "dialog.mw-lightbox button").send_keys(Keys.ESCAPE)
    wait_for(lambda: not browser.find_elements("css selector", "dialog.mw-lightbox"), message="closed")


# text escaped for Markdown and then shown inside code formatting: `sea\_regions`
DEBRIS = re.compile(r"\\[\\`*_{}\[\]()#+!|.-]")


def test_no_escape_debris_in_code_or_text(server, browser):
    base, site = server
    bad = {}
    for page in sorted(site.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        for code in re.findall(r"<code>([^<]*)</code>", html):
            # a span that is only an escape (`\{`) teaches authors to write one: not debris
            if DEBRIS.search(code) and len(code) > 2:
                bad.setdefault(str(page.relative_to(site)), []).append(code)
    assert not bad, dict(list(bad.items())[:5])
    for path in ("/reference/schemas/diplomacy-map/", "/reference/diagnostics/", "/divided-republic/"):
        browser.get(base + path)
        codes, cells = browser.execute_script(
            "const t = s => Array.from(document.querySelectorAll(s)).map(e => e.textContent);"
            "return [t('article code'), t('article td, article li')]")
        assert cells, path
        shown = [t for t in codes if DEBRIS.search(t) and len(t) > 2]
        shown += [t for t in cells if re.search(r"\\[_\[\]`*]", t)]
        assert not shown, (path, shown[:5])


def test_adjacency_on_a_phone_shows_every_column_with_names(server, browser):
    base, _ = server
    browser.set_window_size(390, 844)
    try:
        # the table is long: its first page lists every province, with a link to its row
        browser.get(base + "/divided-states/adjacency/")
        link = wait_for(lambda: browser.find_elements("css selector", "#adj-BOS a[href*='adjacency-']"),
                        message="the province list")[0]
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 391
        browser.get(link.get_attribute("href"))
        wait_for(lambda: browser.find_elements("css selector", "#adj-BOS td[data-label='Fleets to']"),
                 message="the row on its part's page")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 391
        row = browser.find_element("id", "adj-BOS")
        browser.execute_script("arguments[0].scrollIntoView()", row)
        assert "CPC Cape Cod" in row.text and "MSB s Massachusetts Bay - South" in row.text
        labels = browser.execute_script(
            "return Array.from(arguments[0].cells).map(c => getComputedStyle(c, '::before').content)", row)
        assert any("Armies to" in x for x in labels) and any("Fleets to" in x for x in labels), labels
        cells = browser.execute_script(
            "return Array.from(arguments[0].cells).filter(c => c.innerText.trim())"
            ".map(c => c.getBoundingClientRect().right)", row)
        assert max(cells) <= 391, "a column is off-screen"
    finally:
        browser.set_window_size(1400, 1000)


def test_a_search_result_lands_on_the_match(server, browser):
    base, _ = server
    browser.get(base + "/divided-states/adjacency/?h=boston")
    wait_for(lambda: browser.execute_script("return window.scrollY > 1000"), message="scrolled to the match")
    top = browser.execute_script(
        "const m = document.querySelector('#adj-BOS mark'); return m && m.getBoundingClientRect().top")
    assert top is not None and 0 < top < browser.execute_script("return window.innerHeight")


# ---------------------------------------------------------------- printing from the site

def test_printing_the_charts_page_keeps_every_crt_column(server, browser, tmp_path):
    """Chromium's own print of the charts page (A4), read back with poppler: the CRT's
    right-hand columns (+3 to +6) used to fall off the page edge."""
    import base64
    import subprocess
    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils not installed")
    from generator.commands.common import load_game
    _, game = load_game(str(REPO / "content" / "dixie"))
    base, _ = server
    browser.get(base + "/dixie/charts/")
    pdf = browser.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69,
                                                      "printBackground": True})
    path = tmp_path / "charts.pdf"
    path.write_bytes(base64.b64decode(pdf["data"]))
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    normal = next(line for line in text.splitlines() if line.strip().startswith("Normal line"))
    printed = normal.split()[2:]
    assert printed == [f"{d:+d}" for d in game.crt.lines["normal"]]
    advantage = next(line for line in text.splitlines() if line.strip().startswith("Defender's Advantage"))
    assert advantage.split()[-1] == f"{game.crt.lines['defender-advantage'][-1]:+d}"


def test_print_pages_link_the_pdfs_built_for_them(server, browser):
    base, site = server
    for page, names in {"dixie/map/": ["map"], "dixie/charts/": ["charts"], "dixie/counters/": ["counters"],
                        "divided-republic/cards/": ["cards"], "divided-republic/map/": ["map"]}.items():
        pdfs = sorted(f"{name}-{paper}.pdf" for name in names for paper in ("A4", "letter"))
        browser.get(f"{base}/{page}")
        hrefs = browser.execute_script(
            "return Array.from(document.querySelectorAll('.md-content a[href$=\".pdf\"]')).map(a => a.href)")
        game = page.split("/")[0]
        assert sorted(h.rsplit("/", 1)[-1] for h in hrefs) == pdfs, page
        for h in hrefs:
            assert h.startswith(f"{base}/{game}/print/")
            assert (site / h[len(base) + 1:]).read_bytes().startswith(b"%PDF-")


def test_a_material_site_of_its_own_gets_a_working_map(tmp_path, browser):
    """A Material user's own mkdocs.yml that only adds `mapwright` to its plugins (no
    custom_dir, no extra_css or extra_javascript of Mapwright's): the map page was built,
    but clicking a province did nothing, since the map's script and stylesheet came only
    with Mapwright's own mkdocs.yml. The plugin now brings them."""
    import subprocess
    import sys
    project = tmp_path / "mysite"
    shutil.copytree(REPO / "content" / "classic", project / "docs" / "classic")
    (project / "mkdocs.yml").write_text("site_name: My variants\ntheme:\n  name: material\n  font: false\n"
                                        "plugins:\n  - search\n  - mapwright:\n      pdf: false\n", "utf-8")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=project,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    site = project / "site"
    page = (site / "classic" / "map" / "index.html").read_text("utf-8")
    assert page.count("mapwright-map.js") == 1 and page.count("mapwright.css") == 1
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        _open_map(browser, f"http://127.0.0.1:{httpd.server_address[1]}/classic/map/")
        _click_province(browser, "PAR")
        assert "mw-selected" in _classes(browser, "PAR") and "mw-adj" in _classes(browser, "BUR")
        assert "Burgundy (BUR)" in browser.find_element("id", "mw-map-info").text
        assert not severe(browser)
    finally:
        httpd.shutdown()


def test_mapwrights_own_site_links_its_assets_once(server):
    _, site = server
    page = (site / "classic" / "map" / "index.html").read_text("utf-8")
    assert page.count("mapwright-map.js") == 1 and page.count("mapwright.css") == 1


def test_with_instant_navigation_each_game_keeps_its_own_search(tmp_path, browser):
    """A site of its own that turns on Material's instant navigation: each game's folder
    has its own sitemap.xml (its pages), so a link within the game is followed in place,
    and a link to another game loads that page in full, which then searches its own game."""
    import subprocess
    import sys
    project = tmp_path / "mysite"
    for name in ("classic", "classic-2"):
        shutil.copytree(REPO / "content" / "classic", project / "docs" / name)
    handler = functools.partial(_QuietHandler, directory=str(project / "site"))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    (project / "mkdocs.yml").write_text(
        f"site_name: My variants\nsite_url: {base}/\ntheme:\n  name: material\n  font: false\n"
        "  features: [navigation.instant]\nplugins:\n  - search\n  - mapwright:\n      pdf: false\n", "utf-8")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=project,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        _open_map(browser, f"{base}/classic/map/")
        browser.execute_script("window.__mwNoReload = true")
        browser.execute_script("arguments[0].click()",
                               browser.find_element("css selector", "a.md-nav__link[href$='adjacency/']"))
        wait_for(lambda: "/classic/adjacency/" in browser.current_url, message="navigation within the game")
        assert browser.execute_script("return window.__mwNoReload === true"), "navigation was not instant"
        browser.execute_script(   # a link to the other game, as a rules page may hold one
            "const a = document.createElement('a'); a.href = arguments[0]; a.textContent = 'other';"
            "document.querySelector('.md-content').append(a); a.click();", f"{base}/classic-2/")
        wait_for(lambda: browser.current_url.rstrip("/").endswith("/classic-2")
                 and browser.execute_script("return document.readyState === 'complete'"), message="the other game")
        assert not browser.execute_script("return window.__mwNoReload === true"), "the other game was not loaded"
        links = _search(browser, "Burgundy", "Burgundy")
        assert links[:2] == [f"{base}/classic-2/map/", f"{base}/classic-2/map/#prov=BUR"], links[:3]
        assert not severe(browser)
    finally:
        httpd.shutdown()
