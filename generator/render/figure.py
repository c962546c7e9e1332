"""The size a diagram is shown at on a page: wide enough to read, no wider than the
text column. Read from the SVG's root element (its width, height and the smallest
font it uses, data-min-font), so it serves every family's diagrams."""
from __future__ import annotations

import re

# Diagrams are shown at least this wide (CSS pixels), and large enough that their
# smallest text (the SVG's data-min-font, in its own units) is this many pixels tall,
# but no wider than a rules page's text column: past that, a click enlarges them.
FIGURE_MIN_PX = 480
FIGURE_MAX_PX = 760
FIGURE_TEXT_PX = 11.0
_NUMBER = r"([0-9]+(?:\.[0-9]+)?)"
_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="' + _NUMBER + r'(?:px)?"')
_HEIGHT = re.compile(r'<svg\b[^>]*?\sheight="' + _NUMBER + r'(?:px)?"')
_MIN_FONT = re.compile(r'<svg\b[^>]*?\sdata-min-font="' + _NUMBER + '"')


def figure_size(svg: str) -> tuple[int, int] | None:
    """The width and height (CSS pixels) to show a diagram at, read from its root
    element; None when it gives no plain width and height."""
    head = svg[:2000]
    w, h = _WIDTH.search(head), _HEIGHT.search(head)
    if not w or not h or float(w.group(1)) <= 0:
        return None
    width, height = float(w.group(1)), float(h.group(1))
    scale = max(1.0, FIGURE_MIN_PX / width)
    font = _MIN_FONT.search(head)
    if font and float(font.group(1)) > 0:
        scale = max(scale, FIGURE_TEXT_PX / float(font.group(1)))
    if width * scale > FIGURE_MAX_PX:
        scale = FIGURE_MAX_PX / width
    return round(width * scale), round(height * scale)
