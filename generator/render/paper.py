"""Laying millimetre-sized SVG documents onto paper: sizes, margins, orientation, scale.

Pure string work, no Cairo: `place_on_paper` returns a page-sized SVG; print.py turns
pages into PDF or PNG. Any family's printables go through here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .svg import num

PAPERS: dict[str, tuple[float, float]] = {     # portrait width, height in mm
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "letter": (215.9, 279.4),
    "tabloid": (279.4, 431.8),
}
MARGIN_MM = 10.0
MIN_FONT_MM = 1.5          # about 4.3 pt: the smallest text we call readable on paper

_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_ATTR = re.compile(r'\s([\w:-]+)="([^"]*)"')


def paper_size(name: str) -> tuple[float, float]:
    for key, size in PAPERS.items():
        if key.lower() == str(name).lower():
            return size
    raise KeyError(f"unknown paper '{name}' (choose {', '.join(PAPERS)})")


def _length_mm(value: str) -> float | None:
    m = re.fullmatch(r"\s*([0-9.]+)\s*(mm|cm|in|pt|px)?\s*", value or "")
    if not m:
        return None
    v = float(m.group(1))
    return v * {"mm": 1, "cm": 10, "in": 25.4, "pt": 25.4 / 72, "px": 25.4 / 96, None: 25.4 / 96}[m.group(2)]


@dataclass
class SvgSize:
    width_mm: float
    height_mm: float
    view_box: tuple[float, float, float, float]
    min_font: float | None   # smallest text, in the document's user units (data-min-font)


def svg_size(svg_text: str) -> SvgSize:
    m = _ROOT.search(svg_text)
    if not m:
        raise ValueError("not an SVG document")
    a = dict(_ATTR.findall(m.group(0)))
    w, h = _length_mm(a.get("width", "")), _length_mm(a.get("height", ""))
    vb = tuple(float(v) for v in a["viewBox"].replace(",", " ").split()) if "viewBox" in a else None
    if vb is None:
        if not w or not h:
            raise ValueError("the SVG has neither a size nor a viewBox")
        vb = (0.0, 0.0, w, h)
    if not w or not h:
        w, h = vb[2] * 25.4 / 96, vb[3] * 25.4 / 96
    mf = a.get("data-min-font")
    return SvgSize(w, h, vb, float(mf) if mf else None)


@dataclass
class Placement:
    paper: str
    landscape: bool
    page_w: float
    page_h: float
    x: float
    y: float
    w: float
    h: float
    scale: float              # placed size / the document's own mm size
    min_font_mm: float | None

    @property
    def readable(self) -> bool:
        return self.min_font_mm is None or self.min_font_mm >= MIN_FONT_MM


def fit(size: SvgSize, paper: str, margin: float = MARGIN_MM) -> Placement:
    """Scale to fit within the margins, in whichever orientation gives the larger print."""
    pw, ph = paper_size(paper)
    best = None
    for landscape in (False, True):
        W, H = (ph, pw) if landscape else (pw, ph)
        s = min((W - 2 * margin) / size.width_mm, (H - 2 * margin) / size.height_mm)
        if best is None or s > best[0] + 1e-9:
            best = (s, landscape, W, H)
    s, landscape, W, H = best
    w, h = size.width_mm * s, size.height_mm * s
    min_font = None
    if size.min_font is not None:
        min_font = size.min_font * (w / size.view_box[2])
    return Placement(paper, landscape, W, H, (W - w) / 2, (H - h) / 2, w, h, s, min_font)


def place_on_paper(svg_text: str, paper: str, margin: float = MARGIN_MM) -> tuple[str, Placement]:
    """A page-sized SVG holding `svg_text` centred within the margins."""
    size = svg_size(svg_text)
    p = fit(size, paper, margin)
    m = _ROOT.search(svg_text)
    root = m.group(0)
    attrs = dict(_ATTR.findall(root))
    keep = {k: v for k, v in attrs.items() if k not in ("width", "height", "x", "y", "xmlns", "version")}
    if "viewBox" not in keep:
        keep["viewBox"] = " ".join(num(v, 3) for v in size.view_box)
    inner_open = ("<svg" + f' x="{num(p.x, 3)}" y="{num(p.y, 3)}" width="{num(p.w, 3)}" height="{num(p.h, 3)}"'
                  + "".join(f' {k}="{v}"' for k, v in keep.items()) + ">")
    body = svg_text[m.end():]
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{num(p.page_w, 2)}mm" '
            f'height="{num(p.page_h, 2)}mm" viewBox="0 0 {num(p.page_w, 2)} {num(p.page_h, 2)}">')
    page = head + f'<rect width="{num(p.page_w, 2)}" height="{num(p.page_h, 2)}" fill="#ffffff"/>' \
        + inner_open + body.rstrip()
    if not page.endswith("</svg>"):
        raise ValueError("unterminated SVG document")
    return page + "</svg>\n", p
