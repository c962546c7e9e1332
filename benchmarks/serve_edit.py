"""Edit-to-reload time of `mapwright serve` on the bundled content.

    python benchmarks/serve_edit.py [--edits 5]

Starts `mapwright serve` on a copy of content/ (the bundled files are never touched),
waits for the first build, then edits files one at a time and measures, for each edit,
the time from the file write to the new HTML being served (polling the page every
20 ms), and to the search index holding the edit (under `mapwright serve` the index is
made after the pages are served, and a request for it waits until it is). Edits:

- a rules page (classic/rules/01-orders.md, and Divided States' one rules page): a
  sentence appended;
- a map file (divided-states/map.yaml): a power renamed; its powers page is polled
  for the new name.

Each edit is made once the server has rendered every PDF the site links to (the first
build's, then the previous edit's: under serve they render after the pages are
served), as an author looks at a change before making the next; with --no-settle,
each edit follows the previous one at once, while its PDFs are still rendering.

With --plain, the same edits under a plain `mkdocs serve` with the plugin in mkdocs.yml
(no `--dirty`: MkDocs then renders every page after each edit), written to
benchmarks/results/serve-plain.md.

Prints a Markdown table (median, min, max per kind; the search index's median) and writes it to
benchmarks/results/serve.md (serve-no-settle.md with --no-settle).
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""


def wait_for(url: str, text: str, timeout: float) -> float | None:
    """Seconds until `url` serves `text` (polled every 20 ms), None on timeout."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if text in get(url):
            return time.perf_counter() - start
        time.sleep(0.02)
    return None


def pdf_links(base: str) -> list[str]:
    """Every PDF the served site links to (its pages found through the sitemap)."""
    pages = re.findall(r"<loc>([^<]+)</loc>", get(f"{base}/sitemap.xml"))
    found = set()
    for page in pages:
        path = urllib.parse.urlsplit(page).path        # the sitemap names the site's own URL
        found |= {urllib.parse.urljoin(base + path, href) for href in re.findall(r'href="([^"]+\.pdf)"',
                                                                                get(base + path))}
    return sorted(found)


def settle(pdfs: list[str], timeout: float) -> None:
    """Wait until the server has rendered every PDF (a request for one still rendering
    is answered once it is ready)."""
    for url in pdfs:
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                response.read()
        except OSError:
            pass


def append_sentence(path: Path, marker: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\n{marker} is a freshly edited sentence.\n",
                    encoding="utf-8")


def spread_row(label: str, times: list[float]) -> str:
    """A table row: median, min and max of the times."""
    return f"| {label} | {statistics.median(times):.2f} s | {min(times):.2f} s | {max(times):.2f} s |"


def publish(lines: list[str], out: Path) -> None:
    """Print the table and write it to `out` (benchmarks/results/...)."""
    text = "\n".join(lines) + "\n"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)


def rename_power(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert f"name: {old}," in text, old
    path.write_text(text.replace(f"name: {old},", f"name: {new},", 1), encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=5, help="edits per kind (the median is reported)")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--plain", action="store_true", help="plain `mkdocs serve` instead of `mapwright serve`")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--no-settle", dest="settle", action="store_false",
                        help="edit again at once, while the previous edit's PDFs render (default: "
                             "each edit once they are rendered, as an author looks before editing again)")
    args = parser.parse_args(argv)
    args.out = args.out or RESULTS / ("serve-plain.md" if args.plain else
                                      "serve.md" if args.settle else "serve-no-settle.md")

    results: dict[str, list[float]] = {}
    indexed: dict[str, list[float]] = {}   # the same edits, to the search index holding them
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        content = tmp / "content"
        shutil.copytree(ROOT / "content", content)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = (tmp / "serve.log").open("wb")
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        if args.plain:   # the repository's mkdocs.yml, pointed at the copy
            config = tmp / "mkdocs.yml"
            config.write_text((ROOT / "mkdocs.yml").read_text(encoding="utf-8")
                              .replace("docs_dir: content", f"docs_dir: {content}")
                              .replace("custom_dir: site_overrides", f"custom_dir: {ROOT / 'site_overrides'}"),
                              encoding="utf-8")
            command = ["-m", "mkdocs", "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"]
        else:
            command = ["-m", "generator", "serve", "--content", str(content), "-a", f"127.0.0.1:{port}",
                       "--config", str(ROOT / "mkdocs.yml")]
        proc = subprocess.Popen([sys.executable, *command], cwd=tmp, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            started = wait_for(f"{base}/classic/", "Classic", 300)
            if started is None:
                raise SystemExit("serve did not come up; see the log:\n"
                                 + (tmp / "serve.log").read_text(errors="replace")[-3000:])
            pdfs = pdf_links(base) if args.settle else []
            settle(pdfs, args.timeout * 5)   # the first build's PDFs
            ds_map = content / "divided-states" / "map.yaml"
            name = "Maine"
            edits = {
                "rules page (classic)": lambda i: (
                    append_sentence(content / "classic" / "rules" / "01-orders.md", f"Classic-edit-{i}"),
                    f"{base}/classic/rules/01-orders/", f"Classic-edit-{i}"),
                "rules page (Divided States)": lambda i: (
                    append_sentence(content / "divided-states" / "rules" / "01-special-rules.md", f"DS-edit-{i}"),
                    f"{base}/divided-states/rules/01-special-rules/", f"DS-edit-{i}"),
                "map file (Divided States map.yaml)": None,
            }
            for kind, edit in edits.items():
                times, index_times = [], []
                for i in range(args.edits):
                    if edit is None:   # rename a power, shown on the powers page
                        new = f"Maine Edited {i}"
                        rename_power(ds_map, name, new)
                        name = new
                        url, marker = f"{base}/divided-states/powers/", new
                    else:
                        _, url, marker = edit(i)
                    seconds = wait_for(url, marker, args.timeout)
                    if seconds is None:
                        raise SystemExit(f"{kind}: edit {i} not served within {args.timeout} s")
                    times.append(seconds)
                    game = url[len(base):].strip("/").split("/")[0]   # its game's part of the index
                    index_wait = wait_for(f"{base}/{game}/search/search_index.json", marker, args.timeout)
                    if index_wait is None:
                        raise SystemExit(f"{kind}: edit {i} not in the search index within {args.timeout} s")
                    index_times.append(seconds + index_wait)
                    time.sleep(0.3)   # let the server settle (reload browsers) before the next edit
                    settle(pdfs, args.timeout * 5)
                results[kind], indexed[kind] = times, index_times
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.close()

    served = "plain `mkdocs serve` (the plugin in mkdocs.yml)" if args.plain else "`mapwright serve`"
    lines = ["# Serve benchmark: edit to new HTML served", "",
             f"`python benchmarks/serve_edit.py --edits {args.edits}{' --plain' if args.plain else ''}"
             f"{'' if args.settle else ' --no-settle'}` on Python "
             f"{platform.python_version()}, {os.cpu_count()} CPU(s), {platform.machine()}, load average "
             f"{load[0]:.1f} at the start; {served} on a copy of the "
             "bundled content (5 games). Time from the file write to the page serving the edit (last column: to "
             "the search index holding it); "
             + (f"each edit made once the server had rendered the {len(pdfs)} PDFs the site links to "
                "(the previous edit's included)." if args.settle else
                "each edit made right after the previous one was served, while its PDFs render."), "",
             "| edit | median | min | max | search index holds it (median) |", "|---|---|---|---|---|"]
    lines += [f"{spread_row(kind, times)} {statistics.median(indexed[kind]):.2f} s |"
              for kind, times in results.items()]
    publish(lines, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
