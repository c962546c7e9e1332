"""Diagrams that show their point: in Chromium at 1366×900 and 390×844, every worked
example's diagram on the rules pages shows its smallest text (of two or more characters)
at 9 px or more on the desktop and 7 px or more on the phone, and every arrow (an order's
move, support or convoy; an attack) is 15 px or longer as shown.

Before render/legible.py, 175 of 216 diagrams had text under 9 px on a desktop (Dixie's
whole-map set-ups down to 0.6 px, Divided Republic's tile maps 3.6 px on a phone) and
Classic's PAR -> BUR bounce was a 7 px arrow under its "fails" cross.

Every bundled game is built (the three families: Classic, A Modern Europe and Divided
States: Diplomacy, the last two dense boards; Dixie: hex; Divided Republic: election) and
every rules page of theirs with an example diagram is checked, 242 diagrams (the DATC
page's 165 Classic diagrams are drawn by the same code and left out for time; measured
by hand they pass too), and Dixie's counters page (its printed sheets, shown shrunk into
the column, had text of 4.9 px on a desktop and 2.4 px on a phone; it now shows one
counter of each kind, the sheets being the download). Each diagram is measured as the
page shows it: its SVG laid over the <img> at the image's size, each text's font size
times the scale it is drawn at."""
from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest

webdriver = pytest.importorskip("selenium.webdriver")

from test_browser_site import _QuietHandler, browser  # noqa: E402,F401 (a fixture)

REPO = Path(__file__).resolve().parents[1]
GAMES = tuple(sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file()))
SIZES = {"desktop": ((1366, 900), 9.0), "phone": ((390, 844), 7.0)}
ARROW_PX = 15.0

# every example figure on the page: its smallest text of 2+ characters and its shortest
# arrow (shaft length plus the last stretch to the tip), in CSS px as shown
MEASURE = """
const done = arguments[arguments.length - 1];
(async () => {
  const out = [];
  for (const img of document.querySelectorAll('article img.mw-figure')) {
    const box = img.getBoundingClientRect();
    if (box.width === 0) continue;
    const src = await (await fetch(img.currentSrc || img.src)).text();
    const holder = document.createElement('div');
    holder.style.cssText = `position:absolute;left:0;top:0;width:${box.width}px;height:${box.height}px;visibility:hidden`;
    holder.innerHTML = src.replace(/<\\?xml[^>]*>/, '');
    document.body.appendChild(holder);
    const svg = holder.querySelector('svg');
    svg.setAttribute('width', box.width);
    svg.setAttribute('height', box.height);
    let text = Infinity, what = '';
    for (const t of svg.querySelectorAll('text')) {
      const s = t.textContent.trim();
      if ([...s].length < 2 || t.closest('defs, clipPath')) continue;
      const m = t.getScreenCTM();
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px < text) { text = px; what = s.slice(0, 40); }
    }
    let arrow = Infinity, arrows = 0;
    for (const a of svg.querySelectorAll('.mw-arrow')) {
      const shaft = a.querySelector('.mw-shaft'), tip = a.querySelector('.mw-tip');
      const m = shaft.getScreenCTM();
      const end = shaft.getPointAtLength(shaft.getTotalLength());
      const rest = Math.hypot(parseFloat(tip.dataset.x) - end.x, parseFloat(tip.dataset.y) - end.y);
      arrow = Math.min(arrow, (shaft.getTotalLength() + rest) * Math.hypot(m.a, m.b));
      arrows += 1;
    }
    holder.remove();
    out.push({src: img.getAttribute('src'), text: text === Infinity ? null : text, what: what,
              arrow: arrow === Infinity ? null : arrow, arrows: arrows});
  }
  done(out);
})().catch(e => done({error: String(e)}));
"""


@pytest.fixture(scope="module")
def diagram_site(tmp_path_factory):
    from generator.cli import main
    tmp = tmp_path_factory.mktemp("diagrams")
    content = tmp / "content"
    for game in GAMES:
        shutil.copytree(REPO / "content" / game, content / game)
    site = tmp / "site"
    assert main(["build", "--content", str(content), "-o", str(site), "--cache-dir", str(tmp / "cache"),
                 "--no-pdf", "--config", str(REPO / "mkdocs.yml")]) == 0
    shown = [*site.glob("*/rules/*/index.html"), *site.glob("*/counters/index.html")]
    pages = sorted(str(p.parent.relative_to(site)) for p in shown if "mw-figure" in p.read_text(encoding="utf-8"))
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", pages
    httpd.shutdown()


@pytest.mark.parametrize("device", sorted(SIZES))
def test_every_diagram_reads_and_every_arrow_shows(diagram_site, browser, device):
    base, pages = diagram_site
    size, least = SIZES[device]
    assert {p.split("/")[0] for p in pages} == set(GAMES), pages   # every game's diagrams measured
    assert "dixie/counters" in pages, pages                         # and the counters a reader looks at
    browser.set_window_size(*size)
    browser.set_script_timeout(120)
    small, short, seen, arrows = [], [], 0, 0
    for page in pages:
        browser.get(f"{base}/{page}/")
        figures = browser.execute_async_script(MEASURE)
        assert not isinstance(figures, dict), (page, figures)
        for fig in figures:
            seen += 1
            arrows += fig["arrows"]
            if fig["text"] is not None and fig["text"] < least:
                small.append((fig["src"], round(fig["text"], 1), fig["what"]))
            if fig["arrow"] is not None and fig["arrow"] < ARROW_PX:
                short.append((fig["src"], round(fig["arrow"], 1)))
    assert small == [], f"{len(small)} of {seen} diagrams with text under {least} px"
    assert short == [], f"{len(short)} arrows under {ARROW_PX} px"
    assert seen >= 240 and arrows >= 50, (seen, arrows)   # the measure found the diagrams and arrows
