"""The few HTML pieces a family puts into its Markdown pages (a colour swatch in a table
cell, lines of a cell): written here, so a family's pages hold no tags of their own."""
from __future__ import annotations

from dataclasses import dataclass

from ..escape import html_attr

LINE_BREAK = "<br>"


@dataclass(frozen=True)
class Swatch:
    """A small block of `colour` in a table's Symbol column (`opacity`: a tint)."""

    colour: str
    opacity: str = ""


def swatch(s: Swatch) -> str:
    opacity = f";opacity:{html_attr(s.opacity)}" if s.opacity else ""
    return f'<span style="background:{html_attr(s.colour)}{opacity}">&nbsp;&nbsp;&nbsp;&nbsp;</span>'


def colour_chip(colour: str) -> str:
    """A chip of `colour` (#rrggbb, checked by the caller) in a line of text, named for a
    screen reader."""
    c = html_attr(colour)
    return (f'<span style="display:inline-block;width:1.6em;height:1em;vertical-align:middle;'
            f'border:1px solid #555;background:{c}" role="img" aria-label="colour {c}"></span>')


def cell_lines(pieces) -> str:
    """Pieces of one Markdown table cell (already escaped for it) on lines of their own."""
    return LINE_BREAK.join(pieces)
