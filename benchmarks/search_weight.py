"""What a reader fetches for search, and the heaviest page, as a site grows in games.

    python benchmarks/search_weight.py [--copies 1 8] [--keep DIR]

Builds the bundled content (printable PDFs skipped), then sites of N copies of each
bundled game (folders renamed `<game>-2`, `<game>-3`, ...: the same pages under other
games' names), and reports for each: games, pages, the size of Material's
search/search_index.json (every page fetches it whole, once per visit), the heaviest
HTML page, how many pages are over 500 KB, what an index split by game would weigh (the
largest game's entries; the pages in no game's), and the index's bytes per game, from
which the size at 120 games is extrapolated (the index grows by the games' own pages: a
straight line). Writes the tables to benchmarks/results/search_weight.md.
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


def index_shares(index: dict, games: set[str]) -> tuple[int, str, int]:
    """What an index split by game would weigh: the bytes of the largest game's entries,
    that game, and the bytes of the entries of the pages in no game (home, reference)."""
    shares: dict[str, int] = {}
    for entry in index["docs"]:
        folder = entry["location"].split("/")[0]
        key = folder if folder in games else ""
        shares[key] = shares.get(key, 0) + len(json.dumps(entry, ensure_ascii=False).encode("utf-8"))
    largest = max((g for g in shares if g), key=shares.get)
    return shares[largest], largest, shares.get("", 0)


def measure(site: Path, games: set[str]) -> dict:
    pages = list(site.rglob("*.html"))
    heaviest = max(pages, key=lambda p: p.stat().st_size)
    index = site / "search" / "search_index.json"
    game_share, game, rest = index_shares(json.loads(index.read_text(encoding="utf-8")), games)
    return {"pages": len(pages), "index": index.stat().st_size,
            "game_share": game_share, "game": game, "rest": rest,
            "heaviest": heaviest.stat().st_size, "heaviest_page": heaviest.relative_to(site).as_posix(),
            "over": sum(p.stat().st_size > PAGE_LIMIT for p in pages)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--out", type=Path, default=RESULTS / "search_weight.md")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for copies in args.copies:
            folder = Path(tmp) / f"x{copies}"
            games = content_copies(ROOT / "content", folder / "content", copies)
            seconds = build(folder / "content", folder / "site", ROOT / "build" / f"search-weight-{copies}")
            names = {p.name for p in (folder / "content").iterdir() if (p / "game.yaml").is_file()}
            rows.append({"games": games, "seconds": seconds, **measure(folder / "site", names)})
            print(rows[-1], flush=True)
            shutil.rmtree(folder)
    lines = ["| games | pages | search_index.json | heaviest page | pages over 500 KB | build (s) |",
             "|---:|---:|---:|---|---:|---:|"]
    lines += [f"| {r['games']} | {r['pages']} | {r['index'] / 1e6:.2f} MB | {r['heaviest'] / 1e3:.0f} KB "
              f"({r['heaviest_page']}) | {r['over']} | {r['seconds']:.0f} |" for r in rows]
    lines += ["", "Split by game, the index a page would fetch (its game's entries, or the pages in no game):",
              "", "| games | largest game's entries | pages in no game |", "|---:|---:|---:|"]
    lines += [f"| {r['games']} | {r['game_share'] / 1e3:.0f} KB ({r['game']}) | {r['rest'] / 1e3:.0f} KB |" for r in rows]
    if len(rows) >= 2:
        a, b = rows[0], rows[-1]
        per_game = (b["index"] - a["index"]) / (b["games"] - a["games"])
        at_120 = a["index"] + per_game * (120 - a["games"])
        lines += ["", f"Index bytes per game: {per_game / 1e3:.0f} KB; a straight line through both gives "
                      f"{at_120 / 1e6:.1f} MB at 120 games."]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.mkdir(parents=True, exist_ok=True)
    args.out.write_text("# Search index and page weight by number of games\n\n" + text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
