"""How big a worked example's drawing may be for its text and arrows to read on a page.

One rule for every family's diagrams (Diplomacy order diagrams, the hex family's
example figures, the election tile maps): a figure is shown no wider than the content
column, which on a phone (390 px wide) is about 317 px inside an example's box. For its
smallest text to be 7 px tall there, a drawing may be at most `TEXT_SPAN` times its
smallest text wide; an arrow must be `ARROW_PX` long there. A family frames what its
example is about (plus a margin of neighbours) with `frame`, then sizes its text with
`smallest_text` and its arrows with `shortest_arrow`; figure.py then shows the figure
large enough on a desktop (text of 9 px and more).
"""
from __future__ import annotations

import math

from .shapes import Fixed, Viewport, paint

PHONE_FIGURE_PX = 317.0   # an example's box in Material's content column at 390 px
PHONE_TEXT_PX = 7.0       # the smallest text a phone reader should meet
ARROW_PX = 15.0           # the shortest arrow that still reads as one
# a drawing at most this many of its smallest text wide (7 px at 317 px, with a margin)
TEXT_SPAN = math.floor(PHONE_FIGURE_PX / PHONE_TEXT_PX) - 1


def smallest_text(width: float) -> float:
    """The smallest text (in the drawing's own units) a drawing `width` units wide may use."""
    return width / TEXT_SPAN


def shortest_arrow(width: float) -> float:
    """The shortest arrow (in the drawing's units) in a drawing `width` units wide: 15 px
    on a phone, with a tenth to spare for the arrow's round caps and trimming."""
    return ARROW_PX * 1.1 * width / PHONE_FIGURE_PX


def frame(points, margin: float, bounds: tuple[float, float, float, float], *,
          min_width: float = 0.0) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) around `points` grown by `margin` on every side (the
    neighbours a reader needs to place the example), at least `min_width` wide, kept
    inside `bounds` (the board)."""
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    if not xs:
        return bounds
    x0, y0, x1, y1 = min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin
    if x1 - x0 < min_width:
        grow = (min_width - (x1 - x0)) / 2
        x0, x1 = x0 - grow, x1 + grow
    bx0, by0, bx1, by1 = bounds
    return (max(x0, bx0), max(y0, by0), min(x1, bx1), min(y1, by1))


def bands(points, span: float) -> list[list]:
    """`points` cut, left to right, into bands no wider than `span`: an example spread
    wider than a readable drawing is drawn as bands stacked one under another, each
    framed on its own points (a phone's column is narrow; a page is long)."""
    out: list[list] = []
    for pt in sorted(points, key=lambda p: (p[0], p[1])):
        if out and pt[0] - out[-1][0][0] <= span:
            out[-1].append(pt)
        else:
            out.append([pt])
    return out


def stack(frames, children, gap: float) -> tuple[tuple[Viewport, ...], float, float]:
    """Frames (x0, y0, x1, y1) of one drawing shown one under another: each a Viewport
    (a nested <svg>) whose viewBox is the frame, holding `children` (the whole drawing;
    the viewBox shows its part). Returns the viewports, their width and height."""
    out, y, width = [], 0.0, 0.0
    for x0, y0, x1, y1 in frames:
        w, h = x1 - x0, y1 - y0
        out.append(Viewport(0, Fixed(y, 1), Fixed(w, 1), Fixed(h, 1),
                            (Fixed(x0, 1), Fixed(y0, 1), Fixed(w, 1), Fixed(h, 1)), tuple(children),
                            paint(class_="mw-band")))
        y += h + gap
        width = max(width, w)
    return tuple(out), width, max(y - gap, 0.0)
