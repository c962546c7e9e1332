"""The PDFs the site publishes for every family (FAMILY.site_prints), read back with
poppler: which files, how many pages, what paper, and what is printed on them."""
from __future__ import annotations

import math
import re
import shutil
import subprocess

import pytest

from pathlib import Path

from generator.families import family
from generator.render.paper import PAPERS

PT = 72 / 25.4
CONTENT = Path(__file__).resolve().parents[2] / "content"

pytestmark = pytest.mark.skipif(not shutil.which("pdfinfo"), reason="poppler-utils not installed")


def info(pdf) -> tuple[int, list[tuple[float, float]]]:
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(pdf)], capture_output=True, text=True,
                         check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))
    sizes = [tuple(sorted((float(a), float(b)))) for a, b in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", out)]
    return pages, sizes


def text(pdf, page: int | None = None, *, layout: bool = True) -> str:
    """The PDF's text; `layout`: lines as printed (a table's row on one line), else in
    reading order (a card's lines together)."""
    args = ["pdftotext"] + (["-layout"] if layout else []) + (["-f", str(page), "-l", str(page)] if page else []) \
        + [str(pdf), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def on_paper(sizes, paper):
    want = [v * PT for v in sorted(PAPERS[paper])]
    return all(list(s) == pytest.approx(want, abs=0.1) for s in sizes)


@pytest.fixture(scope="module")
def site(built_site):
    return built_site[0]


def test_every_family_publishes_its_prints(site):
    expected = {"classic": {"map", "adjacency"},
                "divided-states": {"map", "adjacency"},
                "modern-europe": {"map", "adjacency"},
                "dixie": {"map", "charts", "counters"},
                "divided-republic": {"cards", "map"}}
    for game, names in expected.items():           # every print on A4 and on US Letter
        want = {f"{name}-{paper}.pdf" for name in names for paper in ("A4", "letter")}
        assert {p.name for p in (site / game / "print").glob("*.pdf")} == want, game
        for name in names:
            assert on_paper(info(site / game / "print" / f"{name}-letter.pdf")[1], "letter"), (game, name)
    assert family("hex").site_prints and family("election").site_prints


def test_dixie_map_is_tiled_with_an_assembly_key(site):
    pdf = site / "dixie" / "print" / "map-A4.pdf"
    pages, sizes = info(pdf)
    assert pages > 4 and on_paper(sizes, "A4")
    assert "assembly key" in text(pdf, 1)
    tiles = pages - 1
    assert f"sheet A1 of {tiles}" in text(pdf, 2) and f"of {tiles}" in text(pdf, pages)
    assert re.search(r"\b0101\b", text(pdf, 2))             # the top left hex, on the first sheet


def test_dixie_charts_keep_every_crt_column(site):
    from generator.commands.common import load_game
    _, game = load_game(str(CONTENT / "dixie"))
    pdf = site / "dixie" / "print" / "charts-A4.pdf"
    pages, sizes = info(pdf)
    assert pages == len(family("hex").printables(game)["charts"]) and on_paper(sizes, "A4")
    crt = text(pdf, 1)
    assert "Combat Results Table" in crt
    header = next(line for line in crt.splitlines() if line.strip().startswith("Modified roll"))
    assert header.split()[2:] == [f"{d:+d}" for d in game.crt.lines["normal"]]
    assert "Terrain Effects Chart" in text(pdf)


def test_dixie_counter_sheet_has_backs_and_markers(site):
    pdf = site / "dixie" / "print" / "counters-A4.pdf"
    pages, sizes = info(pdf)
    assert pages == 2 and on_paper(sizes, "A4")
    front, back = text(pdf, 1), text(pdf, 2)
    assert "counter sheet, front" in front and "counter sheet, back" in back
    assert "DISR" in back and "DISR" not in front
    for marker in ("Air", "Turn", "Initiative", "Administrative"):
        assert marker in front and marker in back


def test_divided_republic_cards_for_both_papers_and_its_board(site):
    from generator.commands.common import load_game
    from generator.families.election.cards import sheet_layout
    _, game = load_game(str(CONTENT / "divided-republic"))
    for paper, key in (("A4", "a4"), ("letter", "letter")):
        pdf = site / "divided-republic" / "print" / f"cards-{paper}.pdf"
        pages, sizes = info(pdf)
        _, _, cols, rows = sheet_layout(key)
        assert pages == math.ceil(len(game.cards) / (cols * rows)) and on_paper(sizes, paper)
        printed = " ".join(text(pdf, layout=False).split())
        assert "3 mm bleed" in printed
        for card in game.cards.values():
            assert " ".join(card.title.split()) in printed, card.title
    board = site / "divided-republic" / "print" / "map-A4.pdf"
    pages, sizes = info(board)
    assert pages == 1 and on_paper(sizes, "A4")
    assert all(r.name in " ".join(text(board, layout=False).split()) for r in game.regions.values())


def test_diplomacy_maps_print_their_power_key(site):
    from generator.commands.common import load_game
    from generator.families.diplomacy.pages_render import board_view
    for game_id in ("classic", "divided-states", "modern-europe"):
        _, game = load_game(str(CONTENT / game_id))
        pdf = site / game_id / "print" / "map-A4.pdf"
        _, sizes = info(pdf)
        assert on_paper(sizes, "A4")
        printed = " ".join(text(pdf, layout=False).split())
        for power in board_view(game).powers.values():
            assert " ".join(power.name.split()) in printed, (game_id, power.name)


def test_printed_adjacency_writes_the_sites_codes(site):
    pdf = site / "divided-states" / "print" / "adjacency-A4.pdf"
    pages, sizes = info(pdf)
    assert pages > 1 and on_paper(sizes, "A4")
    printed = text(pdf)
    assert "GME sw" in printed and "GME_SW" not in printed
    # the site's table is long: its rows are on pages by initial (adjacency-g-k/ ...)
    pages = " ".join(p.read_text(encoding="utf-8") for p in (site / "divided-states").glob("adjacency*/index.html"))
    assert '<span class="mw-code">GME sw</span>' in pages
