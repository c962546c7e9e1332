"""View models of a drawing: what a family hands render to draw, never markup.

Small frozen dataclasses, one per kind of thing on a page (a rectangle, a text, a group,
a whole document). Geometry is numbers; presentation (fill, stroke, font, data-* for the
site's map viewer) is an ordered tuple of attributes built with `paint(...)`, written in
the order given so a drawing's text stays stable from build to build. draw.py turns them
into SVG, escaping every value through generator/escape.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True)
class Fixed:
    """A number written with exactly `places` decimals (`Fixed(10, 1)` is `10.0`), whatever
    the document's number style."""

    value: float
    places: int


@dataclass(frozen=True)
class Length:
    """A number with a unit (`Length(210, "mm")`: a document's printed width)."""

    value: float | int | Fixed
    unit: str


Number = Union[int, float, Fixed]
# an attribute's value: text (escaped), a number (in the document's style), a length, or
# numbers written one after another (a viewBox)
Value = Union[str, int, float, Fixed, Length, tuple]
Attrs = tuple[tuple[str, Value], ...]


def paint(**values: Value | None) -> Attrs:
    """Attributes in the order given: `stroke_width` is `stroke-width`, `data_prov` is
    `data-prov`, `class_` is `class`; None and False are left out."""
    return tuple((key.rstrip("_").replace("_", "-"), value) for key, value in values.items()
                 if value is not None and value is not False)


@dataclass(frozen=True)
class Numbers:
    """How a document writes a plain float: with `places` decimals, and (`trim`) without
    trailing zeros (`12.5`, `12`) or always all of them (`12.50`). An int is written as it is."""

    places: int = 1
    trim: bool = True


@dataclass(frozen=True)
class Rect:
    x: Number | None
    y: Number | None
    width: Number
    height: Number
    rx: Number | None = None
    attrs: Attrs = ()


@dataclass(frozen=True)
class Circle:
    cx: Number
    cy: Number
    r: Number
    attrs: Attrs = ()


@dataclass(frozen=True)
class Line:
    x1: Number
    y1: Number
    x2: Number
    y2: Number
    attrs: Attrs = ()


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[Number, Number], ...]
    attrs: Attrs = ()


@dataclass(frozen=True)
class Polyline:
    points: tuple[tuple[Number, Number], ...]
    attrs: Attrs = ()


@dataclass(frozen=True)
class Path:
    """A path: `d` is path data (numbers and letters only; see svg.polyline_d)."""

    d: str
    attrs: Attrs = ()


@dataclass(frozen=True)
class Span:
    """A run of text inside a Text with its own presentation (a smaller mark after a name)."""

    text: str
    attrs: Attrs = ()


@dataclass(frozen=True)
class Text:
    """Text at (x, y): a string, or strings and Spans one after another."""

    x: Number
    y: Number
    content: str | tuple[str | Span, ...]
    attrs: Attrs = ()


@dataclass(frozen=True)
class Group:
    """Shapes drawn together; `title` is its tooltip; `sep` goes around and between the
    children (a newline keeps a long list readable in the file)."""

    children: tuple
    attrs: Attrs = ()
    title: str = ""
    sep: str = ""


@dataclass(frozen=True)
class Fragment:
    """Shapes one after another with nothing around them (one item of a longer list)."""

    children: tuple


@dataclass(frozen=True)
class Viewport:
    """Part of a drawing shown in a box: the children seen through `view_box` (x, y, w, h),
    drawn at (x, y) `width` by `height` (one band of a worked example: legible.stacked)."""

    x: Number
    y: Number
    width: Number
    height: Number
    view_box: tuple
    children: tuple
    attrs: Attrs = ()


@dataclass(frozen=True)
class Svg:
    """A whole document: its root's attributes (size, viewBox, role ...), its title, its
    children (joined by `sep`) and how it writes plain floats."""

    children: tuple
    attrs: Attrs = ()
    title: str = ""
    sep: str = ""
    numbers: Numbers = Numbers()


Shape = Union[Rect, Circle, Line, Polygon, Polyline, Path, Text, Group, Fragment, Viewport]
