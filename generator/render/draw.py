"""SVG markup from view models (shapes.py): the one place a family's drawing becomes tags.

Every text and attribute value goes through generator.escape.xml_text; numbers are
written in the document's style (shapes.Numbers) or as a Fixed says, so the same view
model always gives the same bytes.
"""
from __future__ import annotations

from functools import singledispatch

from ..escape import xml_text
from .shapes import (Circle, Fixed, Fragment, Group, Length, Line, Numbers, Path, Polygon, Polyline,
                     Rect, Svg, Text, Viewport)
from .svg import SVG_NS

PLAIN = Numbers()


def number(value, style: Numbers = PLAIN) -> str:
    """`value` as the document writes it: an int as it is, a Fixed with its places, a float
    in `style`."""
    if isinstance(value, Fixed):
        return f"{float(value.value):.{value.places}f}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"not a number: {value!r}")
    if isinstance(value, int):
        return str(value)
    text = f"{value:.{style.places}f}"
    if style.trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def value_text(value, style: Numbers) -> str:
    if isinstance(value, str):
        return xml_text(value)
    if isinstance(value, Length):
        return number(value.value, style) + xml_text(value.unit)
    if isinstance(value, tuple):
        return " ".join(value_text(v, style) for v in value)
    return number(value, style)


def attributes(pairs, style: Numbers) -> str:
    return "".join(f' {name}="{value_text(value, style)}"' for name, value in pairs if value is not None)


def points(pts, style: Numbers) -> str:
    return " ".join(f"{number(x, style)},{number(y, style)}" for x, y in pts)


def geometry(pairs, style: Numbers) -> str:
    """A shape's position and size: numbers only (None: not written)."""
    return "".join(f' {name}="{number(value, style)}"' for name, value in pairs if value is not None)


def _element(tag: str, where, pairs, style: Numbers, content: str | None = None) -> str:
    head = f"<{tag}{geometry(where, style)}{attributes(pairs, style)}"
    return head + "/>" if content is None else f"{head}>{content}</{tag}>"


@singledispatch
def markup(shape, style: Numbers = PLAIN) -> str:
    """The SVG of one view model."""
    raise TypeError(f"render cannot draw {type(shape).__name__}")


@markup.register
def _(shape: Rect, style: Numbers = PLAIN) -> str:
    where = (("x", shape.x), ("y", shape.y), ("width", shape.width), ("height", shape.height), ("rx", shape.rx))
    return _element("rect", where, shape.attrs, style)


@markup.register
def _(shape: Circle, style: Numbers = PLAIN) -> str:
    return _element("circle", (("cx", shape.cx), ("cy", shape.cy), ("r", shape.r)), shape.attrs, style)


@markup.register
def _(shape: Line, style: Numbers = PLAIN) -> str:
    where = (("x1", shape.x1), ("y1", shape.y1), ("x2", shape.x2), ("y2", shape.y2))
    return _element("line", where, shape.attrs, style)


@markup.register
def _(shape: Polygon, style: Numbers = PLAIN) -> str:
    return f'<polygon points="{points(shape.points, style)}"{attributes(shape.attrs, style)}/>'


@markup.register
def _(shape: Polyline, style: Numbers = PLAIN) -> str:
    return f'<polyline points="{points(shape.points, style)}"{attributes(shape.attrs, style)}/>'


@markup.register
def _(shape: Path, style: Numbers = PLAIN) -> str:
    return _element("path", (), (("d", shape.d),) + shape.attrs, style)


@markup.register
def _(shape: Text, style: Numbers = PLAIN) -> str:
    runs = (shape.content,) if isinstance(shape.content, str) else shape.content
    inner = "".join(xml_text(r) if isinstance(r, str) else _element("tspan", (), r.attrs, style, xml_text(r.text))
                    for r in runs)
    return _element("text", (("x", shape.x), ("y", shape.y)), shape.attrs, style, inner)


@markup.register
def _(shape: Group, style: Numbers = PLAIN) -> str:
    inner = [f"<title>{xml_text(shape.title)}</title>"] if shape.title else []
    inner += [markup(child, style) for child in shape.children]
    sep = shape.sep
    return _element("g", (), shape.attrs, style, sep + sep.join(inner) + sep if sep else "".join(inner))


@markup.register
def _(shape: Fragment, style: Numbers = PLAIN) -> str:
    return "".join(markup(child, style) for child in shape.children)


@markup.register
def _(shape: Viewport, style: Numbers = PLAIN) -> str:
    where = (("x", shape.x), ("y", shape.y), ("width", shape.width), ("height", shape.height))
    view_box = " ".join(number(v, style) for v in shape.view_box)
    inner = "".join(markup(child, style) for child in shape.children)
    return _element("svg", where, (("viewBox", view_box),) + shape.attrs, style, inner)


def svg(doc: Svg) -> str:
    """A whole standalone SVG document (no XML declaration, so a page can inline it)."""
    style = doc.numbers
    parts = [f'<svg xmlns="{SVG_NS}"{attributes(doc.attrs, style)}>']
    if doc.title:
        parts.append(f"<title>{xml_text(doc.title)}</title>")
    parts += [markup(child, style) for child in doc.children]
    parts.append("</svg>")
    return doc.sep.join(parts) + "\n"
