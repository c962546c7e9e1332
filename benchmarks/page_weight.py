"""Page weights of the built site, and load times of the heaviest pages in Chromium.

    python benchmarks/page_weight.py [--site DIR] [--top N]

Without --site it builds the bundled content (`mapwright build`, printable PDFs
skipped) into a temporary folder. For every page it counts what a first visit
fetches from the site (the HTML, its stylesheets and scripts, and every image not
marked loading=lazy) and their bytes; then it opens the N heaviest pages in headless
Chromium (Debian's, through Selenium) from a local server, three times each, and
reports the median time to the load event, with the requests and bytes the browser
actually made (Resource Timing). Writes the table to benchmarks/results/page_weight.md.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urljoin, urlparse

ROOT = Path(__file__).resolve().parents[1]
_TAG = re.compile(r"<(img|script|link)\b[^>]*>", re.I)
_ATTR = re.compile(r'\s(src|href|rel|loading)="([^"]*)"', re.I)


def build(out: Path) -> Path:
    env = dict(os.environ, MAPWRIGHT_NO_PDF="1", PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "generator", "build", "-o", str(out)], cwd=ROOT, env=env,
                   check=True, stdout=subprocess.DEVNULL)
    return out


def first_visit(site: Path, page: Path) -> tuple[int, int]:
    """(requests, bytes) a first visit fetches, read from the page's markup."""
    html = page.read_text(encoding="utf-8")
    url = "/" + page.relative_to(site).as_posix()
    wanted = {url}
    for tag in _TAG.finditer(html):
        attrs = {k.lower(): v for k, v in _ATTR.findall(tag.group(0))}
        name = tag.group(1).lower()
        if name == "img" and attrs.get("loading") != "lazy":
            wanted.add(attrs.get("src", ""))
        elif name == "script" and attrs.get("src"):
            wanted.add(attrs["src"])
        elif name == "link" and attrs.get("rel") == "stylesheet":
            wanted.add(attrs.get("href", ""))
    total = count = 0
    for ref in wanted:
        if not ref or urlparse(ref).scheme:
            continue
        target = site / urlparse(urljoin(url, ref)).path.lstrip("/")
        if target.is_dir():
            target = target / "index.html"
        if target.is_file():
            count += 1
            total += target.stat().st_size
    return count, total


def browser_times(site: Path, paths: list[str], runs: int = 3) -> dict[str, tuple[float, int, int]]:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    opts = Options()
    opts.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000", "--disable-background-networking"):
        opts.add_argument(arg)
    drv = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    out = {}
    try:
        for path in paths:
            times, reqs, sizes = [], [], []
            for _ in range(runs):
                drv.execute_cdp_cmd("Network.enable", {})
                drv.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
                drv.get(base + path)
                t = drv.execute_script(
                    "const n = performance.getEntriesByType('navigation')[0];"
                    "const r = performance.getEntriesByType('resource');"
                    "return [n.loadEventEnd - n.startTime, r.length + 1,"
                    " n.encodedBodySize + r.reduce((s, e) => s + (e.encodedBodySize || 0), 0)]")
                times.append(t[0])
                reqs.append(t[1])
                sizes.append(t[2])
            out[path] = (statistics.median(times), max(reqs), max(sizes))
    finally:
        drv.quit()
        httpd.shutdown()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", type=Path)
    ap.add_argument("--top", type=int, default=5)
    args = ap.parse_args(argv)
    tmp = None
    site = args.site
    if site is None:
        tmp = tempfile.mkdtemp(prefix="mw-weight-")
        site = build(Path(tmp) / "site")
    pages = sorted(site.rglob("index.html"))
    weights = []
    for page in pages:
        n, size = first_visit(site, page)
        path = "/" + page.parent.relative_to(site).as_posix().strip(".") + "/"
        weights.append((size, n, path.replace("//", "/")))
    weights.sort(reverse=True)
    total = sum(w[0] for w in weights)
    lines = [f"Pages: {len(weights)}; first-visit weight (HTML, CSS, scripts, eager images): "
             f"median {statistics.median(w[0] for w in weights) / 1024:.0f} KB, "
             f"total {total / 1024 / 1024:.1f} MB.", "",
             "| page | requests | KB (from the markup) | load event, Chromium (median of 3) | requests, KB (measured) |",
             "|---|---|---|---|---|"]
    top = weights[:args.top]
    try:
        timed = browser_times(site, [w[2] for w in top])
    except Exception as exc:   # no Chromium here: the static weights still stand
        print(f"no browser timing: {exc}", file=sys.stderr)
        timed = {}
    for size, n, path in top:
        t = timed.get(path)
        measured = f"{t[1]}, {t[2] / 1024:.0f}" if t else "–"
        lines.append(f"| `{path}` | {n} | {size / 1024:.0f} | {f'{t[0]:.0f} ms' if t else '–'} | {measured} |")
    text = "\n".join(lines) + "\n"
    print(text)
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    (results / "page_weight.md").write_text(text, encoding="utf-8")
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
