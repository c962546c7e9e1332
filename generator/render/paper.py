"""Laying millimetre-sized SVG documents onto paper: sizes, margins, orientation, scale.

Pure string work, no Cairo: `place_on_paper` returns a page-sized SVG (tiles.py lays a
document too big for one sheet over several); print.py turns pages into PDF or PNG. Any
family's printables go through here.
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
SAME_SIZE_MM = 0.5         # a document this close to the paper's size was made for it: print 1:1
MIN_FONT_MM = 25.4 * 6 / 72   # 6 pt (2.12 mm): the smallest text we call legible on paper

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
    print_scale: float | None = None   # data-print-scale: printed at exactly this scale (a board
                                       # whose counters must fit its hexes), tiled if need be

    @property
    def min_font_mm(self) -> float | None:
        """The smallest text at the document's own size, in mm."""
        return None if self.min_font is None else self.min_font * self.width_mm / self.view_box[2]


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
    mf, ps = a.get("data-min-font"), a.get("data-print-scale")
    return SvgSize(w, h, vb, float(mf) if mf else None, float(ps) if ps else None)


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
    """Scale to fit within the margins, in whichever orientation gives the larger print.

    A document already the paper's size (either way round, within SAME_SIZE_MM) is a
    sheet made for that paper, with its own margins and crop marks: it is placed 1:1,
    without margins, so that cards and counters keep their printed size."""
    pw, ph = paper_size(paper)
    for landscape in (False, True):
        W, H = (ph, pw) if landscape else (pw, ph)
        if abs(size.width_mm - W) <= SAME_SIZE_MM and abs(size.height_mm - H) <= SAME_SIZE_MM:
            w, h = size.width_mm, size.height_mm
            return Placement(paper, landscape, W, H, (W - w) / 2, (H - h) / 2, w, h, 1.0,
                             _min_font_mm(size, w))
    best = None
    for landscape in (False, True):
        W, H = (ph, pw) if landscape else (pw, ph)
        s = min((W - 2 * margin) / size.width_mm, (H - 2 * margin) / size.height_mm)
        if best is None or s > best[0] + 1e-9:
            best = (s, landscape, W, H)
    s, landscape, W, H = best
    w, h = size.width_mm * s, size.height_mm * s
    return Placement(paper, landscape, W, H, (W - w) / 2, (H - h) / 2, w, h, s, _min_font_mm(size, w))


def place_at(size: SvgSize, paper: str, scale: float, margin: float = MARGIN_MM) -> Placement | None:
    """The document at exactly `scale`, centred, in the orientation it fits within the
    margins (portrait first); None when it fits neither way (it must be tiled)."""
    pw, ph = paper_size(paper)
    w, h = size.width_mm * scale, size.height_mm * scale
    for landscape in (False, True):
        W, H = (ph, pw) if landscape else (pw, ph)
        if w <= W - 2 * margin + 1e-6 and h <= H - 2 * margin + 1e-6:
            return Placement(paper, landscape, W, H, (W - w) / 2, (H - h) / 2, w, h, scale, _min_font_mm(size, w))
    return None


def legible_scale(size: SvgSize) -> float | None:
    """The scale a document must keep on paper, or None when fitting it is fine: its own
    `data-print-scale`; or, for one whose smallest text fitting would shrink below
    MIN_FONT_MM, the larger of 1 (its designed size) and the scale bringing that text to
    MIN_FONT_MM."""
    if size.print_scale:
        return size.print_scale
    own = size.min_font_mm
    if own is None:
        return None
    return max(1.0, MIN_FONT_MM / own) if own > 0 else None


def _min_font_mm(size: SvgSize, placed_width_mm: float) -> float | None:
    if size.min_font is None:
        return None
    return size.min_font * (placed_width_mm / size.view_box[2])


def stem_paper(stem: str) -> str | None:
    """The paper a document stem names as a dash-separated token ('cards-a4-1' -> 'A4'), if any."""
    tokens = str(stem).lower().split("-")
    for key in PAPERS:
        if key.lower() in tokens:
            return key
    return None


def without_paper(stem: str) -> str:
    """'cards-letter-1' -> 'cards-1': the stem with its paper token removed."""
    kept = [t for t in str(stem).split("-") if stem_paper(t) is None]
    return "-".join(kept) or str(stem)


def for_paper(docs: list[tuple[str, str]], paper: str) -> list[tuple[str, str]]:
    """The documents to print on `paper` when a family offers per-paper variants.

    Stems naming no paper are always kept; of those naming a paper, only the ones for
    `paper`. If none is for `paper` (a sheet offered for A4 only, printed on letter), the
    variant for the paper closest in size is kept instead, so nothing silently vanishes
    and no sheet is printed twice."""
    chosen = paper_size(paper)
    named = sorted({stem_paper(stem) for stem, _ in docs} - {None})
    if not named:
        return list(docs)
    if any(key.lower() == str(paper).lower() for key in named):
        keep = next(key for key in named if key.lower() == str(paper).lower())
    else:
        keep = min(named, key=lambda key: (abs(PAPERS[key][0] - chosen[0]) + abs(PAPERS[key][1] - chosen[1]), key))
    return [(stem, svg) for stem, svg in docs if stem_paper(stem) in (None, keep)]


def place_on_paper(svg_text: str, paper: str, margin: float = MARGIN_MM) -> tuple[str, Placement]:
    """A page-sized SVG holding `svg_text` centred within the margins."""
    p = fit(svg_size(svg_text), paper, margin)
    return page_svg(p.page_w, p.page_h, nested(svg_text, p.x, p.y, p.w, p.h)), p


def nested(svg_text: str, x: float, y: float, w: float, h: float, view_box=None) -> str:
    """`svg_text` as an <svg> element drawn in the box (x, y, w, h) of a page, showing
    `view_box` (a window onto it, in its own units; default: all of it). A nested <svg>
    clips to its box, which is what a tile needs."""
    m = _ROOT.search(svg_text)
    if not m:
        raise ValueError("not an SVG document")
    attrs = dict(_ATTR.findall(m.group(0)))
    keep = {k: v for k, v in attrs.items() if k not in ("width", "height", "x", "y", "xmlns", "version")}
    if view_box is not None:
        keep["viewBox"] = " ".join(num(v, 3) for v in view_box)
    elif "viewBox" not in keep:
        keep["viewBox"] = " ".join(num(v, 3) for v in svg_size(svg_text).view_box)
    body = svg_text[m.end():].rstrip()
    if not body.endswith("</svg>"):
        raise ValueError("unterminated SVG document")
    return ("<svg" + f' x="{num(x, 3)}" y="{num(y, 3)}" width="{num(w, 3)}" height="{num(h, 3)}"'
            + "".join(f' {k}="{v}"' for k, v in keep.items()) + ">" + body)


def page_svg(page_w: float, page_h: float, *parts: str) -> str:
    """A white page of this size in mm (user units are mm) holding `parts`."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{num(page_w, 2)}mm" '
            f'height="{num(page_h, 2)}mm" viewBox="0 0 {num(page_w, 2)} {num(page_h, 2)}">'
            f'<rect width="{num(page_w, 2)}" height="{num(page_h, 2)}" fill="#ffffff"/>' + "".join(parts) + "</svg>\n")
