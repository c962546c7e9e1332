"""Card faces from data (SVG, millimetres) and printable sheets with bleed and crop marks.

A face shows what the data knows: the PCF value (or ? when unknown), the title with
its asterisk when the card is removed after use, the kind, the speech modifiers or
the polled states, and who may play it. It is our rendering of the data, not the
published card: card texts and art are not reproduced.
"""
from __future__ import annotations

from ...escape import xml_text as xml
from .numbers import num
from .model import Card, Fact, Game

TRIM_W, TRIM_H = 63.0, 88.0     # poker size
# the title's room: between the value disc (ends 15.5 mm in) and the frame (3 mm from the edge)
TITLE_LEFT, TITLE_RIGHT = 16.5, TRIM_W - 4.0
BOLD_EM = 0.68                  # a bold sans-serif letter's width, in ems: wide enough for "W" runs
BLEED = 3.0
MARK_GAP, MARK_LEN = 1.0, 5.0   # crop marks start 1 mm outside the bleed, 5 mm long
PAGES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
KIND_LABEL = {"campaign_event": "CAMPAIGN EVENT", "platform_speech": "PLATFORM SPEECH",
              "regional_poll": "REGIONAL POLL"}
KIND_FILL = {"campaign_event": "#f7efdc", "platform_speech": "#e6eef9", "regional_poll": "#eef5e6"}


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in str(text).split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines


def title_fit(title: str) -> tuple[float, list[str]]:
    """The title's font size (mm) and its lines (two at most): the largest size from 4.2 mm
    down at which every line fits between the value disc and the frame."""
    room = TITLE_RIGHT - TITLE_LEFT
    for tenths in range(42, 19, -2):
        size = tenths / 10
        lines = _wrap(title, max(1, int(room / (size * BOLD_EM))))
        if len(lines) <= 2 and all(len(line) * size * BOLD_EM <= room for line in lines):
            return size, lines
    return 2.0, _wrap(title, int(room / (2.0 * BOLD_EM)))[:2]


def _mark(fact: Fact) -> str:
    return "†" if fact.estimated else ""


def _playable(fact: Fact) -> str:
    if not fact.known:
        return "?"
    value = fact.value
    text = "any party" if value == "any" else ", ".join(value) if isinstance(value, list) else str(value)
    return text + _mark(fact)


def _body(game: Game, card: Card, x: float, y: float) -> list[str]:
    out = []
    if card.kind == "platform_speech":
        out.append(f'<text x="{num(x)}" y="{num(y)}" font-size="3">Die roll + modifier by region:</text>')
        for i, region in enumerate(game.regions.values()):
            value = card.modifiers.get(region.id)
            shown = f"{value:+d}" if value is not None else "?"
            ry = y + 5 + i * 5
            out.append(f'<rect x="{num(x)}" y="{num(ry - 3.4)}" width="4" height="4" fill="{xml(region.colour)}" stroke="#555" stroke-width="0.2"/>'
                       f'<text x="{num(x + 6)}" y="{num(ry)}" font-size="3.2">{xml(region.name)}</text>'
                       f'<text x="{num(x + 49)}" y="{num(ry)}" font-size="3.4" font-weight="bold" text-anchor="end">{xml(shown)}</text>')
    elif card.kind == "regional_poll" and card.region in game.regions:
        region = game.regions[card.region]
        out.append(f'<text x="{num(x)}" y="{num(y)}" font-size="3.2">Polls the {xml(region.name)} in order †:</text>')
        names = [s.name + (" (if admitted)" if s.territory else "") for s in game.states_in(region.id, admitted={
            s.id for s in game.states.values()})]
        for i, line in enumerate(_wrap(", ".join(names), 36)[:7]):
            out.append(f'<text x="{num(x)}" y="{num(y + 5 + i * 4.2)}" font-size="3">{xml(line)}</text>')
    else:
        for i, line in enumerate(_wrap(card.summary, 31)[:8]):
            out.append(f'<text x="{num(x)}" y="{num(y + i * 4.4)}" font-size="3.2">{xml(line)}</text>')
    return out


def face_elements(game: Game, card: Card, bleed: float = 0.0) -> list[str]:
    """The face's elements in mm, origin at the top-left of the bleed area."""
    w, h = TRIM_W + 2 * bleed, TRIM_H + 2 * bleed
    x0, y0 = bleed, bleed
    fill = KIND_FILL.get(card.kind, "#ffffff")
    if card.kind == "regional_poll" and card.region in game.regions:
        fill = game.regions[card.region].colour
    pcf = str(card.pcf.value) + _mark(card.pcf) if card.pcf.known else "?"
    removed = card.removed_after_event
    star = "*" if removed.known and removed.value else ""
    out = [f'<rect x="0" y="0" width="{num(w)}" height="{num(h)}" fill="{xml(fill)}"/>',
           f'<rect x="{num(x0 + 3)}" y="{num(y0 + 3)}" width="{num(TRIM_W - 6)}" height="{num(TRIM_H - 6)}" '
           f'rx="2" fill="#ffffff" fill-opacity="0.85" stroke="#333" stroke-width="0.4"/>',
           f'<circle cx="{num(x0 + 10)}" cy="{num(y0 + 10)}" r="5.5" fill="#d4af37" stroke="#7a5c00" stroke-width="0.4"/>',
           f'<text x="{num(x0 + 10)}" y="{num(y0 + 12.2)}" font-size="6" font-weight="bold" text-anchor="middle">{xml(pcf)}</text>']
    size, title_lines = title_fit(card.title + star)
    middle = x0 + (TITLE_LEFT + TITLE_RIGHT) / 2
    for i, line in enumerate(title_lines):
        out.append(f'<text x="{num(middle)}" y="{num(y0 + (11 if len(title_lines) == 1 else 9.5) + i * 5)}" '
                   f'font-size="{num(size)}" font-weight="bold" text-anchor="middle">{xml(line)}</text>')
    out.append(f'<rect x="{num(x0 + 3)}" y="{num(y0 + 22)}" width="{num(TRIM_W - 6)}" height="6" fill="#333"/>'
               f'<text x="{num(x0 + TRIM_W / 2)}" y="{num(y0 + 26.3)}" font-size="3.4" fill="#fff" '
               f'text-anchor="middle" letter-spacing="0.4">{KIND_LABEL.get(card.kind, "")}</text>')
    out += _body(game, card, x0 + 6, y0 + 35)
    out.append(f'<text x="{num(x0 + 6)}" y="{num(y0 + TRIM_H - 15)}" font-size="3">Event by: {xml(_playable(card.playable_by))}'
               f'{"; removed after use" + _mark(removed) if star else ""}</text>')
    notes = []
    if any(f.estimated for f in (card.pcf, card.removed_after_event, card.playable_by)):
        notes.append("† estimated")
    if not all(f.known for f in (card.pcf, card.removed_after_event, card.playable_by)) or (
            card.kind == "platform_speech" and len(card.modifiers) < len(game.regions)):
        notes.append("? unknown")
    if notes:
        out.append(f'<text x="{num(x0 + 6)}" y="{num(y0 + TRIM_H - 10.5)}" font-size="2.4" fill="#555">'
                   f'{xml(" · ".join(notes))}</text>')
    out.append(f'<text x="{num(x0 + 6)}" y="{num(y0 + TRIM_H - 6.5)}" font-size="2.4" fill="#555">'
               f'Drawn from data, not the published card</text>')
    return out


def face_svg(game: Game, card: Card, bleed: float = 0.0) -> str:
    w, h = TRIM_W + 2 * bleed, TRIM_H + 2 * bleed
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(w)}mm" height="{num(h)}mm" '
            f'viewBox="0 0 {num(w)} {num(h)}" font-family="Helvetica, Arial, sans-serif" role="img" '
            f'aria-label="{xml(card.title)}">\n<title>{xml(card.title)}</title>\n'
            + "\n".join(face_elements(game, card, bleed)) + "\n</svg>\n")


def sheet_layout(page: str) -> tuple[float, float, int, int]:
    """(page width, page height, columns, rows), taking the orientation that fits most cards."""
    short, long_ = PAGES[page]
    slot_w, slot_h = TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED
    margin = MARK_GAP + MARK_LEN + 2.0
    best = None
    for pw, ph in ((short, long_), (long_, short)):
        cols = int((pw - 2 * margin) // slot_w)
        rows = int((ph - 2 * margin) // slot_h)
        if best is None or cols * rows > best[2] * best[3]:
            best = (pw, ph, cols, rows)
    return best


def _crop_marks(x0: float, y0: float, cols: int, rows: int) -> list[str]:
    slot_w, slot_h = TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED
    top, bottom = y0, y0 + rows * slot_h
    left, right = x0, x0 + cols * slot_w
    lines = []
    for c in range(cols):
        for tx in (x0 + c * slot_w + BLEED, x0 + c * slot_w + BLEED + TRIM_W):
            lines.append((tx, top - MARK_GAP - MARK_LEN, tx, top - MARK_GAP))
            lines.append((tx, bottom + MARK_GAP, tx, bottom + MARK_GAP + MARK_LEN))
    for r in range(rows):
        for ty in (y0 + r * slot_h + BLEED, y0 + r * slot_h + BLEED + TRIM_H):
            lines.append((left - MARK_GAP - MARK_LEN, ty, left - MARK_GAP, ty))
            lines.append((right + MARK_GAP, ty, right + MARK_GAP + MARK_LEN, ty))
    return [f'<line x1="{num(a)}" y1="{num(b)}" x2="{num(c)}" y2="{num(d)}" stroke="#000" stroke-width="0.25"/>'
            for a, b, c, d in lines]


def sheets(game: Game, page: str) -> list[tuple[str, str]]:
    """Printable pages of every known card, as (file stem, SVG in mm)."""
    pw, ph, cols, rows = sheet_layout(page)
    per = cols * rows
    slot_w, slot_h = TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED
    x0 = (pw - cols * slot_w) / 2
    y0 = (ph - rows * slot_h) / 2
    cards = list(game.cards.values())
    out = []
    for n, start in enumerate(range(0, len(cards), per), 1):
        chunk = cards[start:start + per]
        used_rows = (len(chunk) + cols - 1) // cols
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(pw)}mm" height="{num(ph)}mm" '
                 f'viewBox="0 0 {num(pw)} {num(ph)}" font-family="Helvetica, Arial, sans-serif">',
                 f"<title>{xml(game.title)} cards, {page.upper()} sheet {n}</title>",
                 f'<rect x="0" y="0" width="{num(pw)}" height="{num(ph)}" fill="#ffffff"/>']
        for i, card in enumerate(chunk):
            cx = x0 + (i % cols) * slot_w
            cy = y0 + (i // cols) * slot_h
            parts.append(f'<g transform="translate({num(cx)} {num(cy)})">' + "".join(face_elements(game, card, BLEED)) + "</g>")
        parts += _crop_marks(x0, y0, cols, used_rows)
        parts.append(f'<text x="{num(pw / 2)}" y="{num(ph - 2)}" font-size="2.5" text-anchor="middle" fill="#555">'
                     f'{xml(game.title)} — {len(cards)} of {game.deck_size} cards known; poker size 63 × 88 mm, 3 mm bleed; '
                     f'sheet {n}</text>')
        parts.append("</svg>")
        out.append((f"cards-{page}-{n}", "\n".join(parts) + "\n"))
    return out


def printables(game: Game) -> dict[str, list[tuple[str, str]]]:
    from .tilemap import region_map
    return {"cards": sheets(game, "a4") + sheets(game, "letter"),
            "map": [("map-a4", region_map(game, width_mm=277.0))]}
