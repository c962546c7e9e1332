"""What a reader fetches for search, and the heaviest page, as a site grows in games.

    python benchmarks/search_weight.py [--copies 1 24]

Builds the bundled content (printable PDFs skipped), then sites of N copies of each
bundled game (folders renamed `<game>-2`, `<game>-3`, ...: the same pages under other
games' names), and reports for each: games, pages, the search index a page fetches
(split by game: a game's pages fetch `<game>/search/search_index.json`, the pages in no
game `search/search_index.json`; generator/site/search_split.py): the largest a page
fetches and the site's own, what all of them hold together (Material's single index,
which every page fetched before the split), the heaviest HTML page, how many pages are
over 500 KB, the build's time and what the split adds to it (joining the parts into
Material's index, then splitting and serialising it again, as the plugin does after the
search plugin writes it). Writes the tables to benchmarks/results/search_weight.md.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from generator.site.search_split import INDEX, as_json, index_path, split, whole  # noqa: E402
RESULTS = ROOT / "benchmarks" / "results"
PAGE_LIMIT = 500 * 1000   # issue #28: no HTML page over 500 KB


def content_copies(base: Path, out: Path, copies: int) -> int:
    games = [p for p in sorted(base.iterdir()) if (p / "game.yaml").is_file()]
    for game in games:
        shutil.copytree(game, out / game.name)
        for n in range(2, copies + 1):
            shutil.copytree(game, out / f"{game.name}-{n}")
    return len(games) * copies


def build(content: Path, site: Path, work: Path) -> float:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "build", "-q", "--no-pdf", "--content", str(content),
                    "-o", str(site), "--work", str(work), "--cache-dir", str(work / "cache")],
                   cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(site: Path) -> dict:
    pages = list(site.rglob("*.html"))
    heaviest = max(pages, key=lambda p: p.stat().st_size)
    sizes = {"": (site / INDEX).stat().st_size}
    sizes.update({p.relative_to(site).parts[0]: p.stat().st_size for p in site.glob(f"*/{INDEX}")})
    largest = max(sizes, key=sizes.get)
    parts = {folder: json.loads((site / index_path(folder)).read_text(encoding="utf-8")) for folder in sizes}
    text = as_json(whole(parts))
    start = time.perf_counter()
    for part in split(json.loads(text), set(parts) - {""}).values():
        as_json(part)
    split_seconds = time.perf_counter() - start
    return {"pages": len(pages), "largest": sizes[largest], "largest_folder": largest or "the site's",
            "site_index": sizes[""], "whole": len(text.encode("utf-8")), "split_seconds": split_seconds,
            "heaviest": heaviest.stat().st_size, "heaviest_page": heaviest.relative_to(site).as_posix(),
            "over": sum(p.stat().st_size > PAGE_LIMIT for p in pages)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, nargs="+", default=[1, 24])
    parser.add_argument("--out", type=Path, default=RESULTS / "search_weight.md")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for copies in args.copies:
            folder = Path(tmp) / f"x{copies}"
            games = content_copies(ROOT / "content", folder / "content", copies)
            seconds = build(folder / "content", folder / "site", ROOT / "build" / f"search-weight-{copies}")
            rows.append({"games": games, "seconds": seconds, **measure(folder / "site")})
            print(rows[-1], flush=True)
            shutil.rmtree(folder)
    lines = ["| games | pages | largest index a page fetches | the site's index | all indexes together "
             "| heaviest page | pages over 500 KB | build (s) | split (s) |",
             "|---:|---:|---:|---:|---:|---|---:|---:|---:|"]
    lines += [f"| {r['games']} | {r['pages']} | {r['largest'] / 1e3:.0f} KB ({r['largest_folder']}) "
              f"| {r['site_index'] / 1e3:.0f} KB | {r['whole'] / 1e6:.2f} MB "
              f"| {r['heaviest'] / 1e3:.0f} KB ({r['heaviest_page']}) | {r['over']} | {r['seconds']:.0f} "
              f"| {r['split_seconds']:.2f} |" for r in rows]
    if len(rows) >= 2:
        a, b = rows[0], rows[-1]
        per_game = (b["site_index"] - a["site_index"]) / (b["games"] - a["games"])
        lines += ["", f"The site's index (its own pages and each game's overview entry) grows by "
                      f"{per_game / 1e3:.1f} KB a game; a game's index does not grow with the site."]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.mkdir(parents=True, exist_ok=True)
    args.out.write_text("# Search index and page weight by number of games\n\n" + text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
