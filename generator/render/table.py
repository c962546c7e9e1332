"""A ruled table drawn as SVG (a chart to print: a title, a shaded header row, ruled cells,
a footnote in red): the family gives the words and the column widths, render the rest."""
from __future__ import annotations

from dataclasses import dataclass

from .shapes import Rect, Text, paint
from .svg import wrap

NOTE_SIZE = 3.0   # the footnote's text, in the table's units (mm on paper)
NOTE_LEAD = 4.0   # between footnote lines
EDGE = 10.0       # the margin round the table
SANS = "sans-serif"


@dataclass(frozen=True)
class Table:
    """`widths`: each column's; `row_h`: each row's (the text is half of it)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]
    note: str = ""
    row_h: float = 6.0
    header_fill: str = "#e8e4d0"


def table_drawing(table: Table) -> tuple[list, float, float]:
    """The table's shapes, its width and its height (with the margin round it)."""
    widths, row_h = table.widths, table.row_h
    width = float(sum(widths) + 2 * EDGE)
    note_lines = wrap(table.note, NOTE_SIZE, sum(widths)) if table.note else []
    height = 26 + row_h * (len(table.rows) + 1) + (NOTE_LEAD * len(note_lines) + 4 if note_lines else 0)
    body: list = [Rect(None, None, width, height, attrs=paint(fill="#fff")),
                  Text(10, 12, table.title, paint(font_size=5, font_family=SANS, font_weight="bold"))]
    y = 18.0
    for r, cells in enumerate((table.header, *table.rows)):
        x = EDGE
        if r == 0:
            body.append(Rect(10, y, float(sum(widths)), row_h, attrs=paint(fill=table.header_fill)))
        for w, cell in zip(widths, cells):
            body.append(Rect(x, y, float(w), row_h, attrs=paint(fill="none", stroke="#555", stroke_width="0.2")))
            body.append(Text(x + 1.2, y + row_h * 0.7, cell, paint(font_size=row_h * 0.5, font_family=SANS,
                                                                  font_weight="bold" if r == 0 else None)))
            x += w
        y += row_h
    for i, line in enumerate(note_lines):
        body.append(Text(10, y + 7 + i * NOTE_LEAD, line, paint(font_size=NOTE_SIZE, font_family=SANS, fill="#a00")))
    return body, width, height
