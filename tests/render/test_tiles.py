"""Tiled printing: which documents are tiled and at what scale, how the sheets cover
the document and overlap, that dropping what a sheet cannot show changes nothing on
it, and the printed boards: Dixie's hexes hold its counters, Divided States and
A Modern Europe print on A3 with 6 pt labels and their whole power key."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from generator.render.paper import MIN_FONT_MM, PAPERS, paper_size, svg_size
from generator.render.svg import document
from generator.render.tiles import (FOOT_MM, OVERLAP_MM, NOTE_MM, registration_points, sheets, tile_grid,
                                    tile_label, within)

from render_fixtures import REPO, bundled

PT = 72 / 25.4   # points per mm
needs_poppler = pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils not installed")


def board(w_mm, h_mm, *, print_scale=None, min_font=None, units_per_mm=4.0):
    """A document w x h mm with a grid of labelled squares (texts and shapes all over it)."""
    W, H = w_mm * units_per_mm, h_mm * units_per_mm
    step = 40.0
    parts = []
    y = 0.0
    while y < H:
        x = 0.0
        while x < W:
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{step:.1f}" height="{step:.1f}" '
                         f'fill="#{int(x) % 200 + 30:02x}a0c0" stroke="#000" stroke-width="0.5"/>')
            parts.append(f'<text x="{x + step / 2:.1f}" y="{y + step / 2:.1f}" text-anchor="middle">'
                         f'{int(x // step):02d}{int(y // step):02d}</text>')
            parts.append(f'<path d="M{x + 5:.0f} {y + 30:.0f}l10 -8 10 8h-4v6z" fill="#336" stroke="#000"/>')
            x += step
        y += step
    attrs = {}
    if print_scale:
        attrs["data-print-scale"] = str(print_scale)
    if min_font:
        attrs["data-min-font"] = str(min_font)
    body = f'<g font-size="9" font-family="DejaVu Sans">{"".join(parts)}</g>'
    return document(body, width=w_mm, height=h_mm, unit="mm", view_box=(0, 0, W, H), root_attrs=attrs)


def test_tile_labels_run_a1_to_z_then_aa():
    assert [tile_label(0, 0), tile_label(1, 2), tile_label(25, 0), tile_label(26, 0), tile_label(27, 3)] == \
        ["A1", "B3", "Z1", "AA1", "AB4"]


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("size", [(700, 560), (300, 900), (1200, 250)])
def test_tiles_cover_the_document_and_neighbours_share_the_overlap(paper, size):
    w, h = size
    g = tile_grid(w, h, paper)
    assert sorted((g.page_w, g.page_h)) == sorted(paper_size(paper))
    assert len(g.tiles) == g.rows * g.cols > 1
    by = {(t.row, t.col): t for t in g.tiles}
    for t in g.tiles:
        assert t.w <= g.page_w - 20 + 1e-6 and t.h <= g.page_h - 20 - FOOT_MM + 1e-6   # inside the margins
        right, below = by.get((t.row, t.col + 1)), by.get((t.row + 1, t.col))
        if right:
            assert t.x + t.w - right.x == pytest.approx(OVERLAP_MM)
        else:
            assert t.x + t.w == pytest.approx(w)
        if below:
            assert t.y + t.h - below.y == pytest.approx(OVERLAP_MM)
        else:
            assert t.y + t.h == pytest.approx(h)
    # the other orientation would not need fewer sheets
    other = {False: True, True: False}[g.landscape]
    W, H = (g.page_h, g.page_w)
    import math
    cols = 1 if w <= W - 20 else math.ceil((w - OVERLAP_MM) / (W - 20 - OVERLAP_MM) - 1e-9)
    rows = 1 if h <= H - 20 - FOOT_MM else math.ceil((h - OVERLAP_MM) / (H - 20 - FOOT_MM - OVERLAP_MM) - 1e-9)
    assert g.rows * g.cols <= rows * cols, other


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("size", [(700, 560), (300, 900), (1200, 250), (300, 300), (590, 420)])
def test_every_sheet_is_at_least_half_filled_across_and_down(paper, size):
    g = tile_grid(*size, paper)
    bw, bh = g.page_w - 20, g.page_h - 20 - FOOT_MM
    for t in g.tiles:
        assert t.w >= bw / 2 - 1e-6 or g.cols == 1, (t, bw)
        assert t.h >= bh / 2 - 1e-6 or g.rows == 1, (t, bh)
    assert len({round(t.w, 6) for t in g.tiles}) == 1 and len({round(t.h, 6) for t in g.tiles}) == 1


def test_a_board_free_to_grow_fills_its_sheets():
    pages = sheets(board(800, 500, min_font=8), "A4")
    tiles = [s.placement for s in pages if s.placement is not None]
    bw, bh = tiles[0].page_w - 20, tiles[0].page_h - 20 - FOOT_MM
    full_across = all(t.w == pytest.approx(bw, rel=1e-4) for t in tiles)
    full_down = all(t.h == pytest.approx(bh, rel=1e-4) for t in tiles)
    assert full_across or full_down


def _legend_board(w_mm, h_mm, entries):
    """A board with a render/map.py-style legend under it: `entries` labelled items."""
    doc = board(w_mm, h_mm, min_font=8)
    H = h_mm * 4.0
    items = "".join(f'<g class="mw-legend-item" data-width="120" transform="translate({(i % 20) * 120} '
                    f'{H + 20 + (i // 20) * 30})"><rect x="0" y="-8" width="16" height="16"/>'
                    f'<text x="24" y="4">Entry{i:03d}</text></g>' for i in range(entries))
    legend = (f'<g class="mw-legend" font-family="DejaVu Sans" font-size="12" data-top="{H}" '
              f'data-row="30">{items}</g>')
    rows = (entries + 19) // 20
    total = H + 40 + rows * 30
    doc = doc.replace("</svg>", legend + "</svg>")
    doc = re.sub(r'viewBox="([-0-9.]+) ([-0-9.]+) ([-0-9.]+) ([-0-9.]+)"',
                 lambda m: f'viewBox="{m[1]} {m[2]} {m[3]} {total}"', doc, count=1)
    return re.sub(r'height="([0-9.]+)mm"', lambda m: f'height="{total / 4.0}mm"', doc, count=1)


@pytest.mark.parametrize("entries", [12, 50, 400])
def test_a_tiled_board_prints_its_legend_whole_beside_the_key_and_on_no_tile(entries):
    pages = sheets(_legend_board(800, 500, entries), "A4")
    tiles = [s for s in pages if s.placement is not None]
    assert len(tiles) > 1 and not any("Entry" in s.svg for s in tiles)
    keys = [s for s in pages if s.placement is None]
    assert keys[0].suffix == "key" and all(s.suffix.startswith("legend") for s in keys[1:])
    shown = re.findall(r"Entry\d{3}", "".join(s.svg for s in keys))
    assert sorted(shown) == [f"Entry{i:03d}" for i in range(entries)]
    for s in keys:                       # every entry within the page's margins, at the board's size
        root = ET.fromstring(s.svg)
        W = float(root.get("width").removesuffix("mm"))
        for x, k in re.findall(r'translate\(([-0-9.]+) [-0-9.]+\) scale\(([0-9.]+)\)', s.svg):
            assert 10 - 1e-6 <= float(x) and float(x) + 120 * float(k) <= W - 10 + 1e-3
            assert float(k) == pytest.approx(tiles[0].placement.scale / 4.0, rel=1e-3)


def test_a_board_that_fits_one_sheet_keeps_its_legend_in_place():
    (one,) = sheets(_legend_board(150, 100, 12), "A4")
    assert one.svg.count("Entry") == 12


def test_registration_crosses_fall_on_the_same_place_of_both_neighbours():
    g = tile_grid(700, 560, "A4")
    by = {(t.row, t.col): t for t in g.tiles}
    a, b = by[(0, 0)], by[(0, 1)]
    shared = set(registration_points(g, a)) & set(registration_points(g, b))
    assert len(shared) == 2
    for x, y in shared:                                    # in the strip both sheets print
        assert b.x <= x <= a.x + a.w and max(a.y, b.y) <= y <= min(a.y + a.h, b.y + b.h)


def test_a_fixed_scale_document_is_tiled_at_that_scale_with_a_key_first():
    doc = board(600, 450, print_scale=1)
    pages = sheets(doc, "A4", title="Board <&>")
    assert pages[0].suffix == "key" and pages[0].placement is None
    tiles = pages[1:]
    assert [s.suffix for s in tiles][:2] == ["A1", "A2"] and len(tiles) == len(tile_grid(600, 450, "A4").tiles)
    for s in tiles:
        root = ET.fromstring(s.svg)                       # well-formed, the title escaped
        assert sorted((root.get("width"), root.get("height"))) == ["210mm", "297mm"]
        assert s.placement.scale == 1 and s.svg.count("<circle") >= 2
        assert "Board &lt;&amp;&gt;: sheet" in s.svg
    assert "assembly key" in pages[0].svg


def test_a_fixed_scale_document_that_fits_prints_once_at_that_scale():
    (only,) = sheets(board(150, 100, print_scale=1), "A4")
    assert only.suffix == "" and only.placement.scale == 1 and only.placement.w == pytest.approx(150)


def test_a_map_is_tiled_rather_than_shrunk_below_6_pt():
    # labels 8 units in a 4-units-per-mm document: 2 mm; fitting 800 mm on A4 would make them 0.6 mm
    pages = sheets(board(800, 500, min_font=8), "A4")
    assert len(pages) > 2
    tiles = [s for s in pages if s.placement is not None]
    assert all(s.placement.min_font_mm >= MIN_FONT_MM - 1e-9 for s in tiles)
    # at least the legible scale, grown until the sheets that scale needs are full
    assert tiles[0].placement.scale >= MIN_FONT_MM / 2.0
    at_legible = tile_grid(800 * MIN_FONT_MM / 2.0, 500 * MIN_FONT_MM / 2.0, "A4")
    assert len(tiles) == len(at_legible.tiles)
    # one that fits legibly is fitted, as before
    (one,) = sheets(board(200, 150, min_font=12), "A4")
    assert one.suffix == "" and one.placement.readable


def test_documents_without_legibility_needs_are_fitted_as_before():
    (one,) = sheets(board(900, 600), "A4")
    assert one.suffix == "" and one.placement.scale < 1


def test_path_boxes_of_straight_segments_and_nothing_else():
    from generator.render.tiles import _path_bbox
    assert _path_bbox("M4083 1408l66 58 68 61 -74 13z") == (4083, 1408, 4217, 1540)
    assert _path_bbox("M0 0H10V5h-2v3zm20 20 1 1") == (0, 0, 21, 21)
    assert _path_bbox("M0 0q1 1 2 2") is None and _path_bbox("") is None and _path_bbox("M0") is None


def test_within_drops_only_what_lies_outside_the_window():
    doc = board(100, 100)
    kept = within(doc, (0, 0, 80, 80))
    root = ET.fromstring(kept)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "0000" in texts and "0101" in texts and "0909" not in texts
    assert len(texts) < 20 and root.iter("{http://www.w3.org/2000/svg}path")
    assert kept.count("<path") < doc.count("<path")
    assert within(doc, (-1e6, -1e6, 2e6, 2e6)).count("<text") == doc.count("<text")


@pytest.mark.parametrize("source", ["board", "divided-states"])
def test_a_tile_looks_the_same_with_and_without_what_it_cannot_show(tmp_path, source):
    pytest.importorskip("cairosvg")
    np = pytest.importorskip("numpy")
    Image = pytest.importorskip("PIL.Image")
    from generator.render import tiles as tiles_module
    from generator.render.print import png_page
    if source == "board":
        doc = board(500, 400, print_scale=1)
    else:
        fam, game = bundled(source)
        doc = fam.printables(game)["map"][0][1]
    pruned = sheets(doc, "A4")[2].svg
    original = tiles_module.within_each
    try:
        tiles_module.within_each = lambda svg, windows: [svg] * len(windows)
        whole = sheets(doc, "A4")[2].svg
    finally:
        tiles_module.within_each = original
    assert len(pruned) < len(whole) * (0.5 if source == "board" else 0.9)
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    a.write_bytes(png_page(pruned, dpi=40))
    b.write_bytes(png_page(whole, dpi=40))
    assert np.array_equal(np.asarray(Image.open(a)), np.asarray(Image.open(b)))


# ---------------------------------------------------------------- the bundled boards, printed

def _pdf_words(pdf) -> list[list[tuple[str, float, float, float]]]:
    """Per page: (word, x centre, y centre, height) in points, from poppler's pdftotext -bbox."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for page in re.split(r"<page\b", out)[1:]:
        words = []
        for m in re.finditer(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', page):
            x0, y0, x1, y1 = (float(m.group(i)) for i in range(1, 5))
            words.append((m.group(5), (x0 + x1) / 2, (y0 + y1) / 2, y1 - y0))
        pages.append(words)
    return pages


def _page_sizes(pdf) -> list[tuple[float, float]]:
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(pdf)], capture_output=True, text=True,
                         check=True).stdout
    return [tuple(sorted((float(a), float(b)))) for a, b in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", out)]


def _print(tmp_path, game, what, paper):
    from generator.cli import main
    target = tmp_path / f"{game}-{what}-{paper}.pdf"
    assert main(["print", str(REPO / "content" / game), "--what", what, "--paper", paper, "-o", str(target)]) == 0
    return target


@needs_poppler
@pytest.mark.parametrize("game", ["divided-states", "modern-europe"])
def test_diplomacy_boards_on_a3_have_6_pt_labels_and_the_whole_power_key(game, tmp_path, capsys):
    pytest.importorskip("cairosvg")
    fam, model = bundled(game)
    pdf = _print(tmp_path, game, "map", "A3")
    a3 = [v * PT for v in sorted(PAPERS["A3"])]
    sizes = _page_sizes(pdf)
    assert len(sizes) > 1 and all(list(s) == pytest.approx(a3, abs=0.1) for s in sizes)
    pages = _pdf_words(pdf)
    assert any(w == "assembly" for w, *_ in pages[0])
    tiles = pages[1:]
    # poppler's word box is the font's ascent + descent: scale it by the footer, set at NOTE_MM
    foot = [h for page in tiles for w, _, _, h in page if w == "sheet"]
    per_pt = min(foot) / (NOTE_MM * PT)
    from generator.families.diplomacy.pages_render import board_view
    view = board_view(model)
    codes = {p.abbr.split()[0] for p in view.provinces.values()}
    labels = [(w, h) for page in tiles for w, _, _, h in page if w in codes]
    assert len({w for w, _ in labels}) > 0.9 * len(codes)           # nearly every code is printed
    smallest = min(h for page in tiles for *_, h in page) / per_pt     # labels, key, notes: every word
    assert smallest >= 6.0 - 0.05, f"text prints at {smallest:.2f} pt"
    text = " ".join(w for page in pages for w, *_ in page)
    for power in view.powers.values():                                  # the power key, on paper
        assert " ".join(power.name.split()) in text, power.name
    capsys.readouterr()


@needs_poppler
def test_dixie_prints_its_map_at_a_scale_its_counters_fit(tmp_path, capsys):
    pytest.importorskip("cairosvg")
    from generator.families.hex.printables import COUNTER_MM, PRINT_HEX_MM
    board_pdf = _print(tmp_path, "dixie", "map", "A4")
    counters_pdf = _print(tmp_path, "dixie", "cards", "A4")
    board_pages = _pdf_words(board_pdf)
    assert len(board_pages) > 4 and "assembly" in [w for w, *_ in board_pages[0]]
    # hex numbers of one column, one row apart, on one sheet: the distance between hex centres
    pitch = None
    for page in board_pages[1:]:
        at = {w: (x, y) for w, x, y, _ in page if re.fullmatch(r"\d{4}", w)}
        for w, (x, y) in at.items():
            below = f"{w[:2]}{int(w[2:]) + 1:02d}"
            if below in at and abs(at[below][0] - x) < 1:
                pitch = at[below][1] - y
                break
        if pitch:
            break
    assert pitch == pytest.approx(PRINT_HEX_MM * PT, abs=0.2)
    front, back = _pdf_words(counters_pdf)
    row = sorted(x for w, x, y, _ in front if w == "1-6" and abs(y - min(
        yy for ww, _, yy, _ in front if ww == "1-6")) < 1)
    counter = row[1] - row[0]
    assert counter == pytest.approx(COUNTER_MM * PT, abs=0.2)
    assert 0.7 <= counter / pitch <= 0.8                      # a counter sits inside its hex
    from generator.families.hex.printables import counter_mix
    units = sum(1 for p in counter_mix(bundled("dixie")[1]) if p.unit is not None)
    assert sum(1 for w, *_ in back if w == "DISR") == units and not any(w == "DISR" for w, *_ in front)
    for marker in ("Air", "Turn", "Initiative", "Administrative"):
        assert marker in [w for w, *_ in front] and marker in [w for w, *_ in back]
    capsys.readouterr()


def test_windows_from_one_parse_are_each_what_one_window_gives():
    """within_each parses once and restores the document between windows: every window
    comes out as if it were the only one, whatever the order."""
    from generator.render.tiles import within_each
    doc = board(500, 400, print_scale=1)
    windows = [(0, 0, 80, 80), (400, 300, 100, 100), (-1e6, -1e6, 2e6, 2e6), (200, 150, 50, 50), (0, 0, 80, 80)]
    alone = [within(doc, w) for w in windows]
    assert within_each(doc, windows) == alone
    assert within_each(doc, windows[::-1]) == alone[::-1]
    assert len(set(alone)) == 4   # the windows do differ
