"""Paper layout and printing: fit within margins in the better orientation, readable
text check, deterministic multi-page PDFs that poppler opens at the right size, and the
`print` and `render` commands."""
from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from generator.families.diplomacy.pages_render import printables
from generator.render.paper import MARGIN_MM, PAPERS, fit, place_on_paper, svg_size
from generator.render.svg import document

from render_fixtures import REPO, bundled, tiny_game

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
    docs = printables(tiny_game())
    files, placed = print_documents(docs["map"] + docs["adjacency"], "A4", "pdf", title="Tiny")
    (name, data), = files.items()
    again, _ = print_documents(docs["map"] + docs["adjacency"], "A4", "pdf", title="Tiny")
    assert again[name] == data                       # byte-for-byte repeatable
    info, pngs = _pdf_pages(data, tmp_path)
    assert len(pngs) == len(docs["map"]) + len(docs["adjacency"])
    assert "595.276 x 841.89" in info or "841.89 x 595.276" in info   # A4 either way round
    assert all(p.readable for _, p in placed)


def test_print_command(tmp_path, monkeypatch, capsys):
    fam, game = bundled("classic")
    monkeypatch.setitem(fam.extra, "printables", printables)
    from generator.cli import main
    out = tmp_path / "print"
    assert main(["print", CLASSIC, "--what", "adjacency", "--paper", "letter",
                 "--format", "svg", "-o", str(out)]) == 0
    files = sorted(out.iterdir())
    assert files and all(f.name.endswith("-letter.svg") for f in files)
    root = ET.fromstring(files[0].read_text(encoding="utf-8"))
    assert root.get("width") == "215.9mm"
    assert main(["print", CLASSIC, "--what", "cards", "-o", str(out)]) == 1
    assert "RND003" in capsys.readouterr().err


def test_render_command(tmp_path):
    fam, game = bundled("classic")
    if "adjudicate" not in fam.extra:
        pytest.skip("no adjudicator")
    pos = tmp_path / "pos.yaml"
    pos.write_text("units:\n  FRANCE: [A PAR, A MAR]\n  GERMANY: [A MUN]\n"
                   "orders:\n  FRANCE: [A PAR - BUR, A MAR S A PAR - BUR]\n  GERMANY: [A MUN - BUR]\n")
    out = tmp_path / "d.svg"
    from generator.cli import main
    assert main(["render", CLASSIC, "--position", str(pos), "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f".//{ns}g[@class='mw-support-move']") is not None
    bad = tmp_path / "bad.yaml"
    bad.write_text("- just a list\n")
    assert main(["render", CLASSIC, "--position", str(bad)]) == 1
