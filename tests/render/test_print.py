"""Paper layout and printing: fit within margins in the better orientation, readable
text check, deterministic multi-page PDFs that poppler opens at the right size, and the
`print` and `render` commands."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from generator.families.diplomacy.pages_render import printables
from generator.render.paper import (MARGIN_MM, PAPERS, fit, for_paper, place_on_paper, stem_paper, svg_size,
                                    without_paper)
from generator.render.svg import document

from render_fixtures import REPO, bundled, tiny_model

CLASSIC = str(REPO / "content" / "classic")

pytest.importorskip("cairosvg")


def mm_doc(w, h, min_font=None):
    return document("<rect width='10' height='10'/>", width=w, height=h, unit="mm",
                    view_box=(0, 0, w * 2, h * 2),
                    root_attrs={"data-min-font": str(min_font)} if min_font else None)


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_fit_keeps_margins_and_picks_orientation(paper):
    wide = fit(svg_size(mm_doc(400, 200)), paper)
    tall = fit(svg_size(mm_doc(200, 400)), paper)
    assert wide.landscape and not tall.landscape
    for p in (wide, tall):
        assert p.x >= MARGIN_MM - 1e-6 and p.y >= MARGIN_MM - 1e-6
        assert p.x + p.w <= p.page_w - MARGIN_MM + 1e-6 and p.y + p.h <= p.page_h - MARGIN_MM + 1e-6
        assert abs(p.w / p.h - 2 if p is wide else p.h / p.w - 2) < 1e-6


def test_small_text_is_reported():
    big = fit(svg_size(mm_doc(2000, 1000, min_font=4)), "A4")   # 4 user units = 2 mm, shrunk ~7x
    assert not big.readable and big.min_font_mm < 1.5
    assert fit(svg_size(mm_doc(200, 100, min_font=4)), "A4").readable


def test_page_svg_is_paper_sized():
    page, p = place_on_paper(mm_doc(100, 50), "A4")
    root = ET.fromstring(page)
    assert root.get("width") == "297mm" and root.get("height") == "210mm"   # landscape


def _pdf_pages(data: bytes, tmp_path):
    pdf = tmp_path / "out.pdf"
    pdf.write_bytes(data)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    subprocess.run(["pdftoppm", "-r", "10", "-png", str(pdf), str(tmp_path / "page")], check=True)
    return info, sorted(tmp_path.glob("page*.png"))


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils not installed")
def test_printables_make_pdfs_that_open_and_fit(tmp_path):
    from generator.render.print import print_documents
    docs = printables(tiny_model())
    files, placed = print_documents(docs["map"] + docs["adjacency"], "A4", "pdf", title="Tiny")
    (name, data), = files.items()
    again, _ = print_documents(docs["map"] + docs["adjacency"], "A4", "pdf", title="Tiny")
    assert again[name] == data                       # byte-for-byte repeatable
    info, pngs = _pdf_pages(data, tmp_path)
    assert len(pngs) == len(docs["map"]) + len(docs["adjacency"])
    assert "595.276 x 841.89" in info or "841.89 x 595.276" in info   # A4 either way round
    assert all(p.readable for _, p in placed)


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils not installed")
def test_librsvg_and_cairosvg_print_the_same_pages(tmp_path):
    """The two renderers a build may be told to use draw the same pages, sizes and
    metadata, and the same picture (a few edge pixels aside)."""
    import numpy as np
    from PIL import Image
    from generator.render import librsvg
    from generator.render.print import _render_pdf, renderer
    from generator.render.tiles import sheets
    assert librsvg.available(), "librsvg is not installed (apt-get install librsvg2-2; .ci/run installs it)"
    assert renderer().startswith("librsvg ")
    docs = printables(tiny_model())
    pages = [s.svg for _, svg in docs["map"] + docs["adjacency"] for s in sheets(svg, "A4", title="Tiny")]
    shown = {}
    for name in ("librsvg", "cairosvg"):
        folder = tmp_path / name
        folder.mkdir()
        data = _render_pdf(pages, "Tiny", name)
        assert data == _render_pdf(pages, "Tiny", name)          # byte-for-byte repeatable
        info, pngs = _pdf_pages(data, folder)
        assert re.search(r"Title:\s+Tiny", info) and re.search(r"Creator:\s+Mapwright", info)
        assert "2000" in re.search(r"CreationDate:(.*)", info).group(1)
        sizes = re.findall(r"Page size:\s+(.*)", info)
        shown[name] = (len(pngs), sizes, [np.asarray(Image.open(p).convert("L"), dtype=int) for p in pngs])
    (n1, s1, a), (n2, s2, b) = shown["librsvg"], shown["cairosvg"]
    assert n1 == n2 == len(pages) and s1 == s2
    for x, y in zip(a, b):
        assert x.shape == y.shape and (abs(x - y) > 96).mean() < 0.02


def test_librsvg_loads_no_other_file(tmp_path):
    """An SVG is given to librsvg as data, with no base file: an image it names (here a
    black PNG beside the build) is never read, so the page stays white."""
    import numpy as np
    from PIL import Image
    import cairocffi
    from generator.render import librsvg
    black = tmp_path / "black.png"
    Image.new("RGB", (20, 20), "black").save(black)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'width="20mm" height="20mm"><rect width="100%" height="100%" fill="white"/>'
           f'<image width="100%" height="100%" xlink:href="{black.as_uri()}"/>'
           f'<image width="100%" height="100%" href="black.png"/></svg>')
    page = librsvg.Page(svg.encode())
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_RGB24, int(page.width), int(page.height))
    page.draw(cairocffi.Context(surface))
    out = tmp_path / "page.png"
    surface.write_to_png(str(out))
    assert np.asarray(Image.open(out).convert("L")).min() > 200


def test_print_command(tmp_path, monkeypatch, capsys):
    from generator.cli import main
    out = tmp_path / "print"
    assert main(["print", CLASSIC, "--what", "adjacency", "--paper", "letter",
                 "--format", "svg", "-o", str(out)]) == 0
    files = sorted(out.glob("*.svg"))
    assert files and all(f.name.endswith("-letter.svg") for f in files)
    root = ET.fromstring(files[0].read_text(encoding="utf-8"))
    assert root.get("width") == "215.9mm"
    assert main(["print", CLASSIC, "--what", "cards", "-o", str(out)]) == 1
    assert "RND003" in capsys.readouterr().err


def test_print_command_draws_pdfs_with_the_renderer_it_is_told(tmp_path, monkeypatch, capsys):
    """`--pdf-renderer` chooses what draws the pages (a PDF's bytes depend on it); one
    that is not usable here is an error naming the other, never a silent fallback."""
    from generator.cli import main
    from generator.render import print as printing
    made = {}
    for name in printing.PDF_RENDERERS:
        out = tmp_path / name
        assert main(["print", CLASSIC, "--what", "map", "--pdf-renderer", name, "-o", str(out)]) == 0
        made[name] = (out / "map-A4.pdf").read_bytes()
        assert made[name].startswith(b"%PDF")
    assert made["librsvg"] != made["cairosvg"]
    monkeypatch.setattr(printing, "renderer_problem", lambda name: f"{name} is not installed here")
    assert main(["print", CLASSIC, "--what", "map", "-o", str(tmp_path / "none")]) == 1
    err = capsys.readouterr().err
    assert "librsvg is not installed here" in err and "--pdf-renderer cairosvg" in err
    assert not (tmp_path / "none").exists()


def test_render_command(tmp_path):
    pos = tmp_path / "pos.yaml"
    pos.write_text("units:\n  FRANCE: [A PAR, A MAR]\n  GERMANY: [A MUN]\n"
                   "orders:\n  FRANCE: [A PAR - BUR, A MAR S A PAR - BUR]\n  GERMANY: [A MUN - BUR]\n")
    out = tmp_path / "d.svg"
    from generator.cli import main
    assert main(["render", CLASSIC, "--position", str(pos), "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    ns = "{http://www.w3.org/2000/svg}"
    assert any("mw-support-move" in (g.get("class") or "").split() for g in root.iter(f"{ns}g"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("- just a list\n")
    assert main(["render", CLASSIC, "--position", str(bad)]) == 1


# -- sheets made for the paper, per-paper variants ------------------------------------

@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("landscape", [False, True])
def test_paper_sized_sheet_is_placed_one_to_one(paper, landscape):
    w, h = PAPERS[paper]
    if landscape:
        w, h = h, w
    for dw, dh in ((0, 0), (0.4, -0.4)):            # exactly, or within half a millimetre
        p = fit(svg_size(mm_doc(w + dw, h + dh)), paper)
        assert p.scale == 1.0 and p.landscape == landscape
        assert (p.page_w, p.page_h) == (w, h) and abs(p.x) < 0.5 and abs(p.y) < 0.5
    shrunk = fit(svg_size(mm_doc(w + 1.0, h)), paper)     # 1 mm too wide: not made for it
    assert shrunk.scale < 1.0 and shrunk.x >= MARGIN_MM - 1e-6


def test_paper_tokens_and_variant_choice():
    docs = [("cards-a4-1", "A"), ("cards-a4-2", "A"), ("cards-letter-1", "L"), ("cards-letter-2", "L"),
            ("cards-letter-3", "L"), ("backs", "-"), ("ba4sics", "-")]
    assert stem_paper("cards-letter-3") == "letter" and stem_paper("Map-A3") == "A3"
    assert stem_paper("ba4sics") is None and stem_paper("map") is None
    assert without_paper("cards-letter-1") == "cards-1" and without_paper("map-a4") == "map"
    assert [s for s, _ in for_paper(docs, "letter")] == ["cards-letter-1", "cards-letter-2", "cards-letter-3",
                                                         "backs", "ba4sics"]
    assert [s for s, _ in for_paper(docs, "A4")] == ["cards-a4-1", "cards-a4-2", "backs", "ba4sics"]
    # no A3 set: the closest paper's set (A4), never both sets
    assert [s for s, _ in for_paper(docs, "A3")] == ["cards-a4-1", "cards-a4-2", "backs", "ba4sics"]
    assert for_paper([("map", "x")], "tabloid") == [("map", "x")]


def _election():
    fam, game = bundled("divided-republic")
    return fam.printables(game)


def test_card_sheets_print_at_poker_size_in_the_placed_svg():
    """The placed sheet is not scaled: a card's 69 x 94 mm bleed area (63 x 88 trimmed)
    keeps its size on the page."""
    for paper in ("A4", "letter"):
        docs = for_paper(_election()["cards"], paper)
        assert docs and all(stem_paper(stem) == paper for stem, _ in docs)
        page, placed = place_on_paper(docs[0][1], paper)
        assert placed.scale == 1.0
        root = ET.fromstring(page)
        ns = "{http://www.w3.org/2000/svg}"
        assert (root.get("width"), root.get("height")) == tuple(
            f"{v:g}mm" for v in sorted(PAPERS[paper], reverse=True))          # landscape sheet
        inner = root.find(f"{ns}svg")
        vb = [float(v) for v in inner.get("viewBox").split()]
        mm_per_unit = float(inner.get("width")) / vb[2]
        assert abs(mm_per_unit - 1.0) < 1e-9
        card = inner.find(f"{ns}g/{ns}rect")                                   # first card's bleed
        assert float(card.get("width")) * mm_per_unit - 6 == pytest.approx(63.0)
        assert float(card.get("height")) * mm_per_unit - 6 == pytest.approx(88.0)


def _dark_runs(line):
    """Start indices of runs of dark pixels along a line."""
    dark = line < 128
    return [i for i in range(len(dark)) if dark[i] and (i == 0 or not dark[i - 1])]


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils not installed")
def test_card_sheet_pdf_measures_63_by_88_mm(tmp_path):
    """Measured on the rendered PDF page: the crop marks of the first card are 63 mm and
    88 mm apart (they were ~7 % closer when sheets were scaled into margins)."""
    np = pytest.importorskip("numpy")
    Image = pytest.importorskip("PIL.Image")
    from generator.render.print import print_documents
    docs = for_paper(_election()["cards"], "letter")
    files, placed = print_documents(docs[:1], "letter", "pdf")
    (name, data), = files.items()
    assert name == "cards-1-letter.pdf" and placed[0][1].scale == 1.0
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(data)
    dpi = 200
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(pdf), str(tmp_path / "p")], check=True)
    pixels = np.asarray(Image.open(next(tmp_path.glob("p*.png"))).convert("L"))
    mm = dpi / 25.4
    assert pixels.shape[1] / mm == pytest.approx(279.4, abs=0.5)
    # the first card sits at translate(x0 y0); its crop marks run from 1 to 6 mm outside it
    x0, y0 = (float(v) for v in re.search(r'translate\(([\d.]+) ([\d.]+)\)', docs[0][1]).groups())
    top_band = pixels[int((y0 - 3.5) * mm)]          # vertical crop marks cross this row
    left_band = pixels[:, int((x0 - 3.5) * mm)]      # horizontal crop marks cross this column
    xs, ys = _dark_runs(top_band), _dark_runs(left_band)
    assert (xs[1] - xs[0]) / mm == pytest.approx(63.0, abs=0.3)
    assert (ys[1] - ys[0]) / mm == pytest.approx(88.0, abs=0.3)


def test_print_command_picks_the_papers_card_set(tmp_path, capsys):
    _election()
    from generator.cli import main
    out = tmp_path / "print"
    assert main(["print", str(REPO / "content" / "divided-republic"), "--what", "cards", "--paper", "letter",
                 "--format", "svg", "-o", str(out)]) == 0
    letter = sorted(f.name for f in out.glob("*.svg"))
    assert letter and all(n.startswith("cards-") and n.endswith("-letter.svg") for n in letter)
    assert not any("a4" in n.lower() for n in letter)
    n_letter = len([s for s, _ in _election()["cards"] if stem_paper(s) == "letter"])
    assert len(letter) == n_letter
    out_a4 = tmp_path / "a4"
    assert main(["print", str(REPO / "content" / "divided-republic"), "--what", "cards", "--paper", "a4",
                 "--format", "svg", "-o", str(out_a4)]) == 0                 # paper names in any case
    n_a4 = len([s for s, _ in _election()["cards"] if stem_paper(s) == "A4"])
    assert len(list(out_a4.glob("*.svg"))) == n_a4 != n_letter
    capsys.readouterr()


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils not installed")
def test_print_dixie_charts_pdf_every_page_renders(tmp_path, capsys):
    fam, game = bundled("dixie")
    from generator.cli import main
    out = tmp_path / "print"
    assert main(["print", str(REPO / "content" / "dixie"), "--what", "charts", "--paper", "A4",
                 "--format", "pdf", "-o", str(out)]) == 0
    (pdf,) = out.glob("*.pdf")
    info, pngs = _pdf_pages(pdf.read_bytes(), tmp_path)
    assert len(pngs) == len(fam.printables(game)["charts"]) and "(A4)" in info
    capsys.readouterr()


def test_print_classic_map_png_on_a3(tmp_path, monkeypatch, capsys):
    Image = pytest.importorskip("PIL.Image")
    from generator.cli import main
    out = tmp_path / "print"
    assert main(["print", CLASSIC, "--what", "map", "--paper", "A3", "--format", "png", "-o", str(out)]) == 0
    (png,) = out.glob("*.png")
    assert png.name == "map-A3.png"
    w, h = Image.open(png).size
    assert sorted((w, h)) == [round(297 / 25.4 * 150), round(420 / 25.4 * 150)]   # A3 at 150 dpi
    capsys.readouterr()


def test_output_naming_a_file_writes_that_file(tmp_path, capsys):
    from generator.cli import main
    target = tmp_path / "out" / "classic-adjacency.pdf"
    assert main(["print", CLASSIC, "--what", "adjacency", "-o", str(target)]) == 0
    if target.is_file():      # one PDF: written under the given name
        assert target.read_bytes().startswith(b"%PDF")
    else:                     # several: named after it, beside it
        made = sorted(target.parent.glob("classic-adjacency-*.pdf"))
        assert made and all(p.read_bytes().startswith(b"%PDF") for p in made)
    assert not target.is_dir()
