"""Cards on printed sheets: how many fit a paper (in the orientation that fits most), and
the crop marks outside the bleed that show where to cut. Any family's cards go through here."""
from __future__ import annotations

from dataclasses import dataclass

from .paper import paper_size
from .shapes import Line, paint

MARK_GAP, MARK_LEN = 1.0, 5.0   # crop marks start 1 mm outside the bleed, 5 mm long


@dataclass(frozen=True)
class CardSheet:
    """Cards `trim` (w, h) mm with `bleed` mm round each, on paper `page` (render's paper table)."""

    page: str
    trim: tuple[float, float]
    bleed: float

    @property
    def slot(self) -> tuple[float, float]:
        """A card's place on the sheet: its trim and its bleed."""
        return self.trim[0] + 2 * self.bleed, self.trim[1] + 2 * self.bleed


def sheet_layout(sheet: CardSheet) -> tuple[float, float, int, int]:
    """(page width, page height, columns, rows), taking the orientation that fits most cards."""
    short, long_ = paper_size(sheet.page)
    slot_w, slot_h = sheet.slot
    margin = MARK_GAP + MARK_LEN + 2.0
    best = None
    for pw, ph in ((short, long_), (long_, short)):
        cols = int((pw - 2 * margin) // slot_w)
        rows = int((ph - 2 * margin) // slot_h)
        if best is None or cols * rows > best[2] * best[3]:
            best = (pw, ph, cols, rows)
    return best


def crop_marks(sheet: CardSheet, x0: float, y0: float, cols: int, rows: int) -> list[Line]:
    """Cutting marks round `cols` x `rows` cards placed from (x0, y0), at each trim line."""
    (slot_w, slot_h), (trim_w, trim_h), bleed = sheet.slot, sheet.trim, sheet.bleed
    top, bottom = y0, y0 + rows * slot_h
    left, right = x0, x0 + cols * slot_w
    lines = []
    for c in range(cols):
        for tx in (x0 + c * slot_w + bleed, x0 + c * slot_w + bleed + trim_w):
            lines.append((tx, top - MARK_GAP - MARK_LEN, tx, top - MARK_GAP))
            lines.append((tx, bottom + MARK_GAP, tx, bottom + MARK_GAP + MARK_LEN))
    for r in range(rows):
        for ty in (y0 + r * slot_h + bleed, y0 + r * slot_h + bleed + trim_h):
            lines.append((left - MARK_GAP - MARK_LEN, ty, left - MARK_GAP, ty))
            lines.append((right + MARK_GAP, ty, right + MARK_GAP + MARK_LEN, ty))
    return [Line(a, b, c, d, paint(stroke="#000", stroke_width=0.25)) for a, b, c, d in lines]
