"""Family-agnostic SVG building blocks: escaping, stable numbers, elements, paths, colours.

SVG is built as plain strings rather than with svgwrite: svgwrite's validating mode
rejects the data-* attributes the interactive map needs, and without validation it
still took about twice as long for the Divided States province layer
(benchmarks/render_divided_states.py --svgwrite measures both).
Everything here is deterministic: numbers are formatted with a fixed precision and
attributes keep the order the caller gives.
"""
from __future__ import annotations

import math
import re

from ..escape import xml_text

SVG_NS = "http://www.w3.org/2000/svg"

# Text or attribute value made safe for XML (markup escaped, control characters
# dropped): the project's one XML escaper.
esc = xml_text


def num(value: float, places: int = 1) -> str:
    """A stable, short number: `12`, `12.5`, never `12.0` or `-0`."""
    text = f"{float(value):.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**values) -> str:
    """` key="value"` pairs; `class_` -> `class`, `data_prov` -> `data-prov`; None is skipped."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = _ATTR_NAMES.get(key)
        if name is None:
            name = _ATTR_NAMES[key] = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = num(value)
        out.append(f' {name}="{esc(value)}"')
    return "".join(out)


_ATTR_NAMES: dict[str, str] = {}   # keyword -> attribute name, computed once per keyword


def el(tag: str, content: str | None = None, **values) -> str:
    """One element; `content` is already-safe markup (use esc() for text)."""
    if content is None:
        return f"<{tag}{attrs(**values)}/>"
    return f"<{tag}{attrs(**values)}>{content}</{tag}>"


def text(x: float, y: float, label: str, **values) -> str:
    return el("text", esc(label), x=num(x), y=num(y), **values)


def group(children, **values) -> str:
    return el("g", "".join(children), **values)


def path_from_pieces(pieces, scale: float = 1.0, closed: bool = True) -> str:
    """Path data for one or more polygons given as flat [x1, y1, x2, y2, ...] lists.

    Relative, integer-rounded segments keep the data short (the size budget of a
    700-province map); rounding is done on absolute positions so errors never add up.
    """
    parts = []
    for piece in pieces:
        if len(piece) < 4:
            continue
        # Maps and the order diagrams cropped from them draw the same rings again and
        # again: reuse a ring's path data while the very same list holds the same numbers.
        key = (id(piece), scale, closed)
        hit = _RING_PATHS.get(key)
        if hit is not None and hit[0] is piece and hit[1] == piece:
            parts.append(hit[2])
            continue
        segment = _ring_path(piece, scale, closed)
        if len(_RING_PATHS) >= _RING_PATHS_MAX:
            _RING_PATHS.clear()
        _RING_PATHS[key] = (piece, list(piece), segment)
        parts.append(segment)
    return "".join(parts)


# (id(ring), scale, closed) -> (ring, copy of its numbers, path data); the ring itself is
# kept so its id cannot be reused by another list while the entry lives.
_RING_PATHS: dict[tuple, tuple] = {}
_RING_PATHS_MAX = 50_000


def _ring_path(piece, scale: float, closed: bool) -> str:
    # rounded absolute positions first (one pass), then the relative steps
    xs = [round(v * scale) for v in piece[0:len(piece) - 1:2]]
    ys = [round(v * scale) for v in piece[1::2]]
    px, py = xs[0], ys[0]
    seg = [f"M{px} {py}"]
    rel = []
    for x, y in zip(xs[1:], ys[1:]):
        dx, dy = x - px, y - py
        if dx or dy:
            rel.append(f"{dx}{'' if dy < 0 else ' '}{dy}")
        px, py = x, y
    if rel:
        seg.append("l" + " ".join(rel))
    if closed:
        seg.append("z")
    return "".join(seg)


def polyline_d(points, places: int = 1) -> str:
    """Absolute path data through (x, y) points."""
    if not points:
        return ""
    head, *tail = points
    out = f"M{num(head[0], places)} {num(head[1], places)}"
    if tail:
        out += "L" + " ".join(f"{num(x, places)} {num(y, places)}" for x, y in tail)
    return out


def document(body: str, *, width: float, height: float, view_box=None, unit: str = "",
             title: str = "", desc: str = "", defs: str = "", style: str = "",
             root_attrs: dict | None = None) -> str:
    """A complete standalone SVG document (XML declaration-free, so it can be inlined)."""
    vb = view_box or (0, 0, width, height)
    extra = attrs(**(root_attrs or {}))
    head = (f'<svg xmlns="{SVG_NS}" version="1.1" width="{num(width, 2)}{unit}" '
            f'height="{num(height, 2)}{unit}" viewBox="{" ".join(num(v, 2) for v in vb)}"{extra}>')
    parts = [head]
    if title:
        parts.append(el("title", esc(title)))
    if desc:
        parts.append(el("desc", esc(desc)))
    if style:
        parts.append(el("style", style))
    if defs:
        parts.append(el("defs", defs))
    parts.append(body)
    parts.append("</svg>")
    return "".join(parts) + "\n"


# ---------------------------------------------------------------- colours

_HEX = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")
NAMED = {"red": "#cc0000", "blue": "#0033cc", "green": "#008800", "black": "#000000",
         "white": "#ffffff", "yellow": "#e6c700", "orange": "#ff8800", "purple": "#7a2a9a",
         "brown": "#8b5a2b", "grey": "#808080", "gray": "#808080", "pink": "#ff88aa",
         "cyan": "#00aaaa", "teal": "#008080", "navy": "#000080", "maroon": "#800000",
         "olive": "#808000", "lime": "#55cc00", "magenta": "#cc00cc"}


def colour(value, default: str = "#999999") -> str:
    """A safe `#rrggbb` colour from content (anything else falls back to `default`)."""
    if not value:
        return default
    value = str(value).strip()
    if value.lower() in NAMED:
        return NAMED[value.lower()]
    m = _HEX.match(value)
    if not m:
        return default
    h = m.group(1)
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return "#" + h.lower()


def _rgb(c: str):
    c = colour(c)
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def mix(c1: str, c2: str, t: float) -> str:
    """Blend `c1` toward `c2` by `t` (0..1)."""
    a, b = _rgb(c1), _rgb(c2)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def lighten(c: str, t: float = 0.45) -> str:
    return mix(c, "#ffffff", t)


def luminance(c: str) -> float:
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = _rgb(c)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def ink_on(c: str) -> str:
    """Black or white, whichever reads better on `c`."""
    return "#000000" if luminance(c) > 0.22 else "#ffffff"


# ---------------------------------------------------------------- print-safe patterns

def hatch_pattern(pid: str, *, angle: float = 45, spacing: float = 6, stroke: str = "#000",
                  width: float = 0.8, background: str | None = None, cross: bool = False) -> str:
    """A line-hatching <pattern>, so areas stay distinguishable in black and white."""
    bg = el("rect", width=num(spacing), height=num(spacing), fill=background) if background else ""
    lines = el("line", x1="0", y1="0", x2="0", y2=num(spacing), stroke=stroke,
               stroke_width=num(width, 2))
    if cross:
        lines += el("line", x1="0", y1="0", x2=num(spacing), y2="0", stroke=stroke,
                    stroke_width=num(width, 2))
    return el("pattern", bg + lines, id=pid, patternUnits="userSpaceOnUse",
              width=num(spacing), height=num(spacing),
              patternTransform=f"rotate({num(angle)})")


def text_width(label: str, size: float) -> float:
    """Rough rendered width of `label` in a sans-serif face (for boxes and layout)."""
    return len(str(label)) * size * 0.6


def wrap(label: str, size: float, width: float) -> list[str]:
    """Greedy word wrap of `label` to lines at most `width` wide at font `size`."""
    return wrap_words(label, max(8, int(width / (size * 0.6))))


def wrap_words(label: str, per_line: int) -> list[str]:
    """Greedy word wrap of `label` to lines of at most `per_line` characters (a longer
    word has a line of its own)."""
    lines, line = [], ""
    for word in str(label).split():
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def distance(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
