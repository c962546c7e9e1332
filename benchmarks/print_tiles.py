"""CPU time of printing a board tiled over several sheets, with and without dropping
what each sheet cannot show (tiles.within).

    python benchmarks/print_tiles.py [GAME ...]   (default: dixie divided-states)

Each sheet of a tiled print is the whole document clipped to a window; CairoSVG draws
every element of it regardless, so a 13-sheet print drew the board 13 times. Prints the
A4 PDF's page count and the process CPU seconds both ways (CPU time, so a loaded machine
shows the same figures, give or take the cache).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def cpu(fn) -> tuple[float, object]:
    t0 = time.process_time()
    out = fn()
    return time.process_time() - t0, out


def main(games: list[str]) -> None:
    from generator.commands.common import load_game
    from generator.render import tiles
    from generator.render.print import pdf_jobs
    for game_id in games:
        fam, game = load_game(str(ROOT / "content" / game_id))
        (stem, svg), = fam.printables(game)["map"]
        title = str(game.source.meta["title"])
        (job,) = pdf_jobs([(stem, svg)], "A4", title=title).values()
        pruned, _ = cpu(job.render)
        original = tiles.within
        tiles.within = lambda text, window: text
        try:
            (whole_job,) = pdf_jobs([(stem, svg)], "A4", title=title).values()
            whole, _ = cpu(whole_job.render)
        finally:
            tiles.within = original
        print(f"{game_id}: map on A4, {len(job.pages)} pages: {pruned:.2f} s CPU with tiles.within, "
              f"{whole:.2f} s drawing the whole board on every sheet")


if __name__ == "__main__":
    main(sys.argv[1:] or ["dixie", "divided-states"])
