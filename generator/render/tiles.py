"""Laying a document on paper as one or more sheets: fitted to one sheet, or, when that
would shrink its text below legibility (or it must print at a fixed scale, as a board
whose counters fit its hexes), tiled at that scale over several sheets.

A tiled print opens with an assembly key (the whole document, small, with the sheet
grid), then one sheet per tile, in reading order A1, A2, ..., B1, ... Neighbouring
sheets repeat the same OVERLAP_MM strip of the document, with registration crosses on
it at the same place on both, and the page margins carry crop ticks at the corners of
the printed area and the names of the neighbouring sheets. Pure string work, like
paper.py (whose `fit` and `nested` it uses); print.py turns the pages into PDF or PNG.
"""
from __future__ import annotations

import functools
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from ..escape import xml_text
from .paper import (MARGIN_MM, Placement, fit, legible_scale, nested, page_svg, paper_size, place_at,
                    place_on_paper, svg_size)
from .svg import num, wrap

OVERLAP_MM = 10.0      # the strip two neighbouring sheets both print
CROSS_MM = 3.0         # half the arm of a registration cross
NOTE_MM = 2.6          # margin notes (7.4 pt)
FOOT_MM = 6.0          # below the bottom margin's crop ticks: how to put the sheets together
ROWS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Sheet:
    """One page of a print: `suffix` names it in file names ('' for a single sheet,
    'key' for the assembly key, 'A1', 'A2', ... for the tiles)."""

    suffix: str
    svg: str
    placement: Placement | None   # None for the assembly key (an overview, not for reading)


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    x: float      # the window onto the printed document, in mm at the print scale
    y: float
    w: float
    h: float

    @property
    def label(self) -> str:
        return tile_label(self.row, self.col)


@dataclass(frozen=True)
class TileGrid:
    paper: str
    landscape: bool
    page_w: float
    page_h: float
    rows: int
    cols: int
    width: float          # the whole printed document, mm
    height: float
    tiles: tuple[Tile, ...]


def tile_label(row: int, col: int) -> str:
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = ROWS[rest] + letters
    return f"{letters}{col + 1}"


def _count(total: float, box: float, overlap: float) -> int:
    if total <= box + 1e-6:
        return 1
    return math.ceil((total - overlap) / (box - overlap) - 1e-9)


def tile_grid(width: float, height: float, paper: str, *, margin: float = MARGIN_MM,
              overlap: float = OVERLAP_MM) -> TileGrid:
    """The fewest sheets of `paper` covering a `width` x `height` mm document, each
    printing its window within the margins (ties: the orientation of the document), the
    document shared evenly between them."""
    pw, ph = paper_size(paper)
    best = None
    for landscape in (False, True):
        W, H = (ph, pw) if landscape else (pw, ph)
        bw, bh = W - 2 * margin, H - 2 * margin - FOOT_MM
        cols, rows = _count(width, bw, overlap), _count(height, bh, overlap)
        rank = (cols * rows, landscape != (width > height))
        if best is None or rank < best[0]:
            best = (rank, landscape, W, H, bw, bh, cols, rows)
    _, landscape, W, H, bw, bh, cols, rows = best
    # the document shared evenly between the sheets of a row (and of a column): no sheet
    # carries a thin leftover strip while its neighbours are full
    tw = (width + (cols - 1) * overlap) / cols
    th = (height + (rows - 1) * overlap) / rows
    tiles = []
    for r in range(rows):
        for c in range(cols):
            x, y = c * (tw - overlap), r * (th - overlap)
            tiles.append(Tile(r, c, x, y, min(tw, width - x), min(th, height - y)))
    return TileGrid(paper, landscape, W, H, rows, cols, width, height, tuple(tiles))


def sheets(svg_text: str, paper: str, *, title: str = "", margin: float = MARGIN_MM) -> list[Sheet]:
    """The pages printing `svg_text` (an SVG sized in mm) on `paper`."""
    size = svg_size(svg_text)
    scale = legible_scale(size)
    if scale is None or (scale <= 1.0 and size.print_scale is None and fit(size, paper, margin).readable):
        page, p = place_on_paper(svg_text, paper, margin)
        return [Sheet("", page, p)]
    placed = place_at(size, paper, scale, margin)
    if placed is not None:
        return [Sheet("", page_svg(placed.page_w, placed.page_h,
                                   nested(svg_text, placed.x, placed.y, placed.w, placed.h)), placed)]
    board, legend = lift_legend(svg_text)     # printed once, whole, beside the assembly key
    if legend is not None:
        size = svg_size(board)
    grid = tile_grid(size.width_mm * scale, size.height_mm * scale, paper, margin=margin)
    if size.print_scale is None:      # free to grow: fill the sheets the grid needs anyway
        scale *= _room(grid, margin)
        grid = tile_grid(size.width_mm * scale, size.height_mm * scale, paper, margin=margin)
    k = size.view_box[2] / (size.width_mm * scale)      # document units per printed mm
    vx, vy = size.view_box[0], size.view_box[1]
    min_font = size.min_font_mm * scale if size.min_font_mm is not None else None
    key, *legend_pages = _key_pages(board, grid, legend, 1 / k, title=title, margin=margin)
    out = [Sheet("key", key, None)] + [Sheet("legend" if i == 0 else f"legend-{i + 1}", page, None)
                                       for i, page in enumerate(legend_pages)]
    windows = [(vx + t.x * k, vy + t.y * k, t.w * k, t.h * k) for t in grid.tiles]
    for t, window, shown in zip(grid.tiles, windows, within_each(board, windows)):
        body = nested(shown, margin, margin, t.w, t.h, view_box=window)
        page = page_svg(grid.page_w, grid.page_h, body, *_marks(grid, t, margin, title, scale))
        out.append(Sheet(t.label, page, Placement(paper, grid.landscape, grid.page_w, grid.page_h,
                                                  margin, margin, t.w, t.h, scale, min_font)))
    return out


def _room(grid: TileGrid, margin: float) -> float:
    """How much larger the document may print on the same grid of sheets (>= 1)."""
    bw, bh = grid.page_w - 2 * margin, grid.page_h - 2 * margin - FOOT_MM
    across = (grid.cols * bw - (grid.cols - 1) * OVERLAP_MM) / grid.width if grid.cols > 1 else bw / grid.width
    down = (grid.rows * bh - (grid.rows - 1) * OVERLAP_MM) / grid.height if grid.rows > 1 else bh / grid.height
    return max(1.0, min(across, down) * (1 - 1e-6))


# ---------------------------------------------------------------- the legend, lifted

@dataclass(frozen=True)
class Legend:
    """A map's legend (render/map.py's `mw-legend`): each item's markup about its own
    origin and its width, the row height and the group's text attributes, in the
    document's units."""

    items: tuple[tuple[str, float], ...]
    row: float
    style: dict


def lift_legend(svg_text: str) -> tuple[str, Legend | None]:
    """The document without its legend, cut off where the legend began, and the legend.
    A tiled board would cut legend entries across sheets ("ndiana" on one, "I" on the
    next); printed apart, each entry stays whole. (svg_text, None) when the document has
    no such legend, or has text below it (a caption) that would be lost."""
    if 'class="mw-legend"' not in svg_text or 'class="mw-caption"' in svg_text:
        return svg_text, None
    root = ET.fromstring(svg_text)
    found = next(((parent, child) for parent in root.iter() for child in parent
                  if child.get("class") == "mw-legend"), None)
    if found is None:
        return svg_text, None
    parent, block = found
    items = []
    for item in block:
        if item.get("class") != "mw-legend-item":
            return svg_text, None
        inner = "".join(ET.tostring(child, encoding="unicode") for child in item)
        items.append((inner, float(item.get("data-width", "0"))))
    parent.remove(block)
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox").replace(",", " ").split())
    row = float(block.get("data-row", "0"))
    cut = float(block.get("data-top", vy + vh)) + row * 0.2 - vy     # the frame's stroke stays whole
    if not items or not 0 < cut < vh:
        return svg_text, None
    root.set("viewBox", " ".join(num(v, 3) for v in (vx, vy, vw, cut)))
    height = root.get("height")
    if height:
        value = re.match(r"\s*([0-9.]+)(.*)", height)
        if value:
            root.set("height", f"{num(float(value.group(1)) * cut / vh, 3)}{value.group(2).strip()}")
    style = {k: v for k, v in block.attrib.items() if k in ("font-family", "font-size")}
    return ET.tostring(root, encoding="unicode") + "\n", Legend(tuple(items), row, style)


def legend_rows(legend: Legend, width: float) -> list[list[tuple[str, float, float]]]:
    """The legend's items flowed into rows `width` document units wide: (markup, x, width)."""
    rows: list[list[tuple[str, float, float]]] = [[]]
    x = 0.0
    for markup, w in legend.items:
        if x + w > width and rows[-1]:
            rows.append([])
            x = 0.0
        rows[-1].append((markup, x, w))
        x += w
    return rows


def _legend_markup(rows, legend: Legend, x0: float, y0: float, mm: float) -> str:
    """Rows of legend items drawn from (x0, y0) on a page in mm, `mm` per document unit."""
    out = []
    for i, row in enumerate(rows):
        for markup, x, _ in row:
            out.append(f'<g transform="translate({num(x0 + x * mm, 2)} {num(y0 + (i + 0.5) * legend.row * mm, 2)}) '
                       f'scale({num(mm, 5)})">{markup}</g>')
    style = "".join(f' {k}="{xml_text(v)}"' for k, v in legend.style.items())
    return f'<g class="mw-legend"{style}>{"".join(out)}</g>'


def _key_pages(board: str, grid: TileGrid, legend: Legend | None, mm: float, *, title: str,
               margin: float) -> list[str]:
    """The assembly key, with the legend under it at the board's printed size when it fits
    in half the page, else on pages of its own after the key."""
    if legend is None:
        return [assembly_key(board, grid, title=title, margin=margin)]
    W, H = grid.page_w, grid.page_h
    rows = legend_rows(legend, (W - 2 * margin) / mm)
    row_mm = legend.row * mm
    usable = H - 2 * margin - KEY_HEAD_MM
    if len(rows) * row_mm <= usable / 2:
        under = _legend_markup(rows, legend, margin, H - margin - len(rows) * row_mm, mm)
        return [assembly_key(board, grid, title=title, margin=margin, below=len(rows) * row_mm + 2, extra=under)]
    per_page = max(1, int((H - 2 * margin - 10) // row_mm))
    pages = [assembly_key(board, grid, title=title, margin=margin)]
    for n, start in enumerate(range(0, len(rows), per_page)):
        head = _text(margin, margin + 5, f"{title}: key" if title else "Key", size=5.0, weight="bold")
        pages.append(page_svg(W, H, head, _legend_markup(rows[start:start + per_page], legend, margin,
                                                         margin + 10, mm)))
    return pages


def _text(x, y, label, *, size=NOTE_MM, anchor="start", weight=None, fill="#000000") -> str:
    bold = f' font-weight="{weight}"' if weight else ""
    return (f'<text x="{num(x, 2)}" y="{num(y, 2)}" font-size="{num(size, 2)}" text-anchor="{anchor}" '
            f'font-family="DejaVu Sans, Verdana, Arial, sans-serif" fill="{fill}"{bold}>{xml_text(label)}</text>')


def _line(x1, y1, x2, y2, width=0.25, dash=None) -> str:
    d = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{num(x1, 2)}" y1="{num(y1, 2)}" x2="{num(x2, 2)}" y2="{num(y2, 2)}" '
            f'stroke="#000000" stroke-width="{num(width, 2)}"{d}/>')


def _cross(x, y) -> list[str]:
    """A registration cross: on a strip two sheets share, drawn at the same place on both."""
    return [_line(x - CROSS_MM, y, x + CROSS_MM, y), _line(x, y - CROSS_MM, x, y + CROSS_MM),
            f'<circle cx="{num(x, 2)}" cy="{num(y, 2)}" r="{num(CROSS_MM * 0.5, 2)}" fill="none" '
            f'stroke="#000000" stroke-width="0.25"/>']


def registration_points(grid: TileGrid, tile: Tile) -> list[tuple[float, float]]:
    """Where `tile` draws registration crosses, in document mm: the middle of each strip it
    shares with a neighbour, at a quarter and three quarters along it; the neighbour draws
    the same points, so laid over each other the crosses coincide."""
    pts = []
    for t in grid.tiles:
        if (t.row == tile.row and abs(t.col - tile.col) == 1) or (t.col == tile.col and abs(t.row - tile.row) == 1):
            left, right = max(t.x, tile.x), min(t.x + t.w, tile.x + tile.w)
            top, bottom = max(t.y, tile.y), min(t.y + t.h, tile.y + tile.h)
            if t.row == tile.row:      # a vertical strip: crosses down its middle
                pts += [((left + right) / 2, top + (bottom - top) * f) for f in (0.25, 0.75)]
            else:
                pts += [(left + (right - left) * f, (top + bottom) / 2) for f in (0.25, 0.75)]
    return sorted(pts)


def _marks(grid: TileGrid, t: Tile, margin: float, title: str, scale: float) -> list[str]:
    x0, y0, x1, y1 = margin, margin, margin + t.w, margin + t.h
    out = []
    tick = margin * 0.6
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):     # crop ticks at the printed area's corners
        sx = -1 if x == x0 else 1
        sy = -1 if y == y0 else 1
        out += [_line(x + sx * 1.0, y, x + sx * tick, y), _line(x, y + sy * 1.0, x, y + sy * tick)]
    for px, py in registration_points(grid, t):
        out += _cross(margin + px - t.x, margin + py - t.y)
    near = {(t.row - 1, t.col): ("above", (x0 + x1) / 2, y0 - 2.2, "middle"),
            (t.row + 1, t.col): ("below", (x0 + x1) / 2, y1 + 3.4, "middle"),
            (t.row, t.col - 1): ("left", x0 - 1.5, (y0 + y1) / 2, "end"),
            (t.row, t.col + 1): ("right", x1 + 1.5, (y0 + y1) / 2, "start")}
    for (r, c), (side, x, y, anchor) in near.items():
        if 0 <= r < grid.rows and 0 <= c < grid.cols:
            label = tile_label(r, c)
            if side in ("left", "right"):
                out.append(f'<g transform="translate({num(x, 2)} {num(y, 2)}) rotate({-90 if side == "left" else 90})">'
                           + _text(0, 0, f"{label} {side}", anchor="middle") + "</g>")
            else:
                out.append(_text(x, y, f"{label} {side}", anchor=anchor))
    head = f"{title}: " if title else ""
    note = (f"{head}sheet {t.label} of {len(grid.tiles)} ({grid.rows} rows x {grid.cols} columns), scale "
            f"{scale:.3g}: print at 100 % (actual size). Neighbouring sheets repeat a {OVERLAP_MM:g} mm strip: "
            "trim the top and left margins and lay each sheet over its neighbours, crosses on crosses.")
    lines = wrap(note, NOTE_MM, grid.page_w - 2 * margin)
    lines = lines[:2]
    for i, line in enumerate(lines):     # below the crop ticks and the lower neighbour's name
        out.append(_text(x0, grid.page_h - 4.5 - (len(lines) - 1 - i) * NOTE_MM * 1.2, line))
    out.append(_text(grid.page_w - margin, y0 - 2.2, t.label, size=5.0, anchor="end", weight="bold"))
    return out


KEY_HEAD_MM = 18.0     # the key's title and note, above the overview


def assembly_key(svg_text: str, grid: TileGrid, *, title: str = "", margin: float = MARGIN_MM,
                 below: float = 0.0, extra: str = "") -> str:
    """The first page of a tiled print: the whole document fitted on one sheet with the
    grid of sheets over it, each named, and how to put them together; `below` mm kept
    free under it for `extra` (the board's legend)."""
    head = KEY_HEAD_MM
    W, H = grid.page_w, grid.page_h
    s = min((W - 2 * margin) / grid.width, (H - 2 * margin - head - below) / grid.height)
    w, h = grid.width * s, grid.height * s
    x0, y0 = (W - w) / 2, margin + head
    out = [nested(svg_text, x0, y0, w, h),
           _text(margin, margin + 5, f"{title}: assembly key" if title else "Assembly key", size=5.0, weight="bold"),
           extra]
    note = (f"{len(grid.tiles)} sheets of {grid.paper} ({grid.rows} rows x {grid.cols} columns), in the order "
            "A1, A2, ...; print them at 100 % (actual size, not 'fit to page'). Neighbouring sheets repeat a "
            f"{OVERLAP_MM:g} mm strip with registration crosses on it: trim each sheet's top and left margins "
            "and lay it over its neighbours, crosses on crosses.")
    for i, line in enumerate(wrap(note, NOTE_MM, W - 2 * margin)[:3]):
        out.append(_text(margin, margin + 9.5 + i * NOTE_MM * 1.2, line))
    for t in grid.tiles:
        rx, ry, rw, rh = x0 + t.x * s, y0 + t.y * s, t.w * s, t.h * s
        out.append(f'<rect x="{num(rx, 2)}" y="{num(ry, 2)}" width="{num(rw, 2)}" height="{num(rh, 2)}" '
                   'fill="#ffffff" fill-opacity="0.35" stroke="#000000" stroke-width="0.4"/>')
        out.append(_text(rx + rw / 2, ry + rh / 2 + 3, t.label, size=min(9.0, rh * 0.4), anchor="middle", weight="bold",
                         fill="#000000"))
    return page_svg(W, H, *out)


# ---------------------------------------------------------------- what a tile draws

SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)
_NUMBERS = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_KEEP = {"defs", "title", "desc", "style", "clipPath", "pattern", "mask", "symbol", "marker", "linearGradient",
         "radialGradient", "metadata"}


def within(svg_text: str, window: tuple[float, float, float, float]) -> str:
    """`svg_text` without the shapes and texts lying wholly outside `window` (x, y, w, h in its
    own units). A tile shows a window of the document and clips the rest, but the renderer
    would still draw every element on every sheet (a 12-sheet board drew the whole board
    12 times); dropping what cannot show makes a tiled print cost about one full drawing.
    Conservative: an element it cannot place (a path, a transformed group, a link) stays."""
    return within_each(svg_text, [window])[0]


def within_each(svg_text: str, windows: list[tuple[float, float, float, float]]) -> list[str]:
    """`within(svg_text, w)` for each window, the document parsed and each element's box
    found once for all of them (the boxes are most of the work: Divided States' map has
    some 5,000 paths)."""
    root = ET.fromstring(svg_text)
    groups: list = []
    _boxes(root, 0.0, groups)
    out = []
    for x, y, w, h in windows:
        pad = 0.02 * max(w, h)    # a stroke or a marker may reach a little past an element's box
        box = (x - pad, y - pad, x + w + pad, y + h + pad)
        shown: set[int] = set()   # the groups left holding something
        for group, children in groups:   # innermost first
            kept = [child for child, b in children if _shows(child, b, box, shown)]
            group[:] = kept
            if kept or (group.text or "").strip():
                shown.add(id(group))
        out.append(ET.tostring(root, encoding="unicode") + "\n")
    for group, children in groups:   # the document as parsed, for the next window
        group[:] = [child for child, _ in children]
    return out


_GROUP = object()   # the box of a group: what its children show


def _boxes(parent, font: float, groups: list) -> None:
    """Each group's children with their boxes (None: kept whatever the window), the
    innermost groups first."""
    children = []
    for child in parent:
        tag = _local(child.tag)
        if tag in _KEEP or child.get("transform") is not None:
            children.append((child, None))
        elif tag == "g":
            _boxes(child, _font(child, font), groups)
            children.append((child, _GROUP))
        else:
            b = _bbox(child, _font(child, font))
            children.append((child, None if b is None or any(map(math.isnan, b)) else b))
    groups.append((parent, children))


def _shows(child, b, box, shown: set[int]) -> bool:
    if b is None:
        return True
    if b is _GROUP:
        return id(child) in shown
    return not (b[2] < box[0] or b[0] > box[2] or b[3] < box[1] or b[1] > box[3])


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _num(el, name: str, default: float = 0.0) -> float:
    try:
        return float(el.get(name, default))
    except ValueError:
        return math.nan


def _font(el, inherited: float) -> float:
    try:
        return float(el.get("font-size")) if el.get("font-size") else inherited
    except ValueError:
        return inherited


def _bbox(el, font: float):
    tag = _local(el.tag)
    if tag == "rect":
        x, y = _num(el, "x"), _num(el, "y")
        return x, y, x + _num(el, "width"), y + _num(el, "height")
    if tag == "circle":
        cx, cy, r = _num(el, "cx"), _num(el, "cy"), _num(el, "r")
        return cx - r, cy - r, cx + r, cy + r
    if tag == "line":
        xs, ys = (_num(el, "x1"), _num(el, "x2")), (_num(el, "y1"), _num(el, "y2"))
        return min(xs), min(ys), max(xs), max(ys)
    if tag in ("polygon", "polyline"):
        vals = [float(v) for v in _NUMBERS.findall(el.get("points", ""))]
        if len(vals) < 2:
            return None
        xs, ys = vals[0::2], vals[1::2]
        return min(xs), min(ys), max(xs), max(ys)
    if tag == "path":
        return _path_bbox(el.get("d", ""))
    if tag == "text" and font > 0 and len(el) == 0 and el.get("x") and el.get("y"):
        x, y = _num(el, "x"), _num(el, "y")
        reach = font * (len(el.text or "") + 1)       # wider than any anchor can put it
        return x - reach, y - font * 1.5, x + reach, y + font
    return None


_PATH_TOKENS = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


@functools.lru_cache(maxsize=4096)   # Divided States prints ~900 paths
def _path_bbox(d: str):
    """The bounding box of path data made of straight segments (M, L, H, V, Z, absolute or
    relative, as svg.path_from_pieces writes outlines); None for curves or anything else.
    Kept by the path data: a print map after an edit has mostly the same outlines."""
    x = y = sx = sy = 0.0
    xs, ys = [], []
    cmd, args = None, []

    def flush():
        nonlocal x, y, sx, sy, cmd
        if cmd is None:
            return True
        step = {"M": 2, "L": 2, "H": 1, "V": 1}.get(cmd.upper())
        if cmd in "Zz":
            x, y = sx, sy
            return not args
        if step is None or len(args) % step or not args:
            return False
        for i in range(0, len(args), step):
            rel = cmd.islower()
            if cmd in "MmLl":
                nx, ny = args[i] + (x if rel else 0), args[i + 1] + (y if rel else 0)
            elif cmd in "Hh":
                nx, ny = args[i] + (x if rel else 0), y
            else:
                nx, ny = x, args[i] + (y if rel else 0)
            if cmd in "Mm" and i == 0:
                sx, sy = nx, ny
            x, y = nx, ny
            xs.append(x)
            ys.append(y)
        return True

    for token in _PATH_TOKENS.findall(d):
        if token.isalpha():
            if not flush():
                return None
            cmd, args = token, []
        else:
            args.append(float(token))
    if not flush() or not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)
