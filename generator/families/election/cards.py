"""Card faces from data (SVG, millimetres) and printable sheets with bleed and crop marks.

A face shows what the data knows: the PCF value (or ? when unknown), the title with
its asterisk when the card is removed after use, the kind, the speech modifiers or
the polled states, and who may play it. It is our rendering of the data, not the
published card: card texts and art are not reproduced.
"""
from __future__ import annotations

from ...render import (CardSheet, Circle, Fragment, Group, Length, Numbers, Rect, Svg, Text, crop_marks, num, paint,
                       to_svg, wrap_words)
from ...render import sheet_layout as render_sheet_layout
from .model import Card, Fact, Game

TRIM_W, TRIM_H = 63.0, 88.0     # poker size
# the title's room: between the value disc (ends 15.5 mm in) and the frame (3 mm from the edge)
TITLE_LEFT, TITLE_RIGHT = 16.5, TRIM_W - 4.0
BOLD_EM = 0.68                  # a bold sans-serif letter's width, in ems: wide enough for "W" runs
BLEED = 3.0
PAGES = ("a4", "letter")        # the sheets printed (render's paper table gives their sizes)
NUMBERS = Numbers(places=2, trim=True)   # 12, 12.5, 12.25: short and stable
FONT = "Helvetica, Arial, sans-serif"
KIND_LABEL = {"campaign_event": "CAMPAIGN EVENT", "platform_speech": "PLATFORM SPEECH",
              "regional_poll": "REGIONAL POLL"}
KIND_FILL = {"campaign_event": "#f7efdc", "platform_speech": "#e6eef9", "regional_poll": "#eef5e6"}


def title_fit(title: str) -> tuple[float, list[str]]:
    """The title's font size (mm) and its lines (two at most): the largest size from 4.2 mm
    down at which every line fits between the value disc and the frame."""
    room = TITLE_RIGHT - TITLE_LEFT
    for tenths in range(42, 19, -2):
        size = tenths / 10
        lines = wrap_words(title, max(1, int(room / (size * BOLD_EM))))
        if len(lines) <= 2 and all(len(line) * size * BOLD_EM <= room for line in lines):
            return size, lines
    return 2.0, wrap_words(title, int(room / (2.0 * BOLD_EM)))[:2]


def _mark(fact: Fact) -> str:
    return "†" if fact.estimated else ""


def _playable(fact: Fact) -> str:
    if not fact.known:
        return "?"
    value = fact.value
    text = "any party" if value == "any" else ", ".join(value) if isinstance(value, list) else str(value)
    return text + _mark(fact)


def _body(game: Game, card: Card, x: float, y: float) -> list:
    out: list = []
    if card.kind == "platform_speech":
        out.append(Text(float(x), float(y), "Die roll + modifier by region:", paint(font_size=3)))
        for i, region in enumerate(game.regions.values()):
            value = card.modifiers.get(region.id)
            shown = f"{value:+d}" if value is not None else "?"
            ry = float(y + 5 + i * 5)
            out.append(Fragment((
                Rect(float(x), ry - 3.4, 4, 4, attrs=paint(fill=region.colour, stroke="#555", stroke_width=0.2)),
                Text(x + 6.0, ry, region.name, paint(font_size=3.2)),
                Text(x + 49.0, ry, shown, paint(font_size=3.4, font_weight="bold", text_anchor="end")))))
    elif card.kind == "regional_poll" and card.region in game.regions:
        region = game.regions[card.region]
        out.append(Text(float(x), float(y), f"Polls the {region.name} in order †:", paint(font_size=3.2)))
        names = [s.name + (" (if admitted)" if s.territory else "") for s in game.states_in(region.id, admitted={
            s.id for s in game.states.values()})]
        for i, line in enumerate(wrap_words(", ".join(names), 36)[:7]):
            out.append(Text(float(x), y + 5 + i * 4.2, line, paint(font_size=3)))
    else:
        for i, line in enumerate(wrap_words(card.summary, 31)[:8]):
            out.append(Text(float(x), y + i * 4.4, line, paint(font_size=3.2)))
    return out


def face_elements(game: Game, card: Card, bleed: float = 0.0) -> list:
    """The face's view models in mm, origin at the top-left of the bleed area."""
    w, h = TRIM_W + 2 * bleed, TRIM_H + 2 * bleed
    x0, y0 = bleed, bleed
    fill = KIND_FILL.get(card.kind, "#ffffff")
    if card.kind == "regional_poll" and card.region in game.regions:
        fill = game.regions[card.region].colour
    pcf = str(card.pcf.value) + _mark(card.pcf) if card.pcf.known else "?"
    removed = card.removed_after_event
    star = "*" if removed.known and removed.value else ""
    out: list = [
        Rect(0, 0, w, h, attrs=paint(fill=fill)),
        Rect(x0 + 3, y0 + 3, TRIM_W - 6, TRIM_H - 6, 2, paint(fill="#ffffff", fill_opacity=0.85, stroke="#333",
                                                              stroke_width=0.4)),
        Circle(x0 + 10, y0 + 10, 5.5, paint(fill="#d4af37", stroke="#7a5c00", stroke_width=0.4)),
        Text(x0 + 10, y0 + 12.2, pcf, paint(font_size=6, font_weight="bold", text_anchor="middle"))]
    size, title_lines = title_fit(card.title + star)
    middle = x0 + (TITLE_LEFT + TITLE_RIGHT) / 2
    for i, line in enumerate(title_lines):
        out.append(Text(middle, y0 + (11 if len(title_lines) == 1 else 9.5) + i * 5, line,
                        paint(font_size=size, font_weight="bold", text_anchor="middle")))
    out.append(Fragment((Rect(x0 + 3, y0 + 22, TRIM_W - 6, 6, attrs=paint(fill="#333")),
                         Text(x0 + TRIM_W / 2, y0 + 26.3, KIND_LABEL.get(card.kind, ""),
                              paint(font_size=3.4, fill="#fff", text_anchor="middle", letter_spacing=0.4)))))
    out += _body(game, card, x0 + 6, y0 + 35)
    out.append(Text(x0 + 6, y0 + TRIM_H - 15, f"Event by: {_playable(card.playable_by)}"
                    f"{'; removed after use' + _mark(removed) if star else ''}", paint(font_size=3)))
    notes = []
    if any(f.estimated for f in (card.pcf, card.removed_after_event, card.playable_by)):
        notes.append("† estimated")
    if not all(f.known for f in (card.pcf, card.removed_after_event, card.playable_by)) or (
            card.kind == "platform_speech" and len(card.modifiers) < len(game.regions)):
        notes.append("? unknown")
    if notes:
        out.append(Text(x0 + 6, y0 + TRIM_H - 10.5, " · ".join(notes), paint(font_size=2.4, fill="#555")))
    out.append(Text(x0 + 6, y0 + TRIM_H - 6.5, "Drawn from data, not the published card",
                    paint(font_size=2.4, fill="#555")))
    return out


def face_svg(game: Game, card: Card, bleed: float = 0.0) -> str:
    w, h = TRIM_W + 2 * bleed, TRIM_H + 2 * bleed
    root = paint(width=Length(w, "mm"), height=Length(h, "mm"), viewBox=(0, 0, w, h), font_family=FONT, role="img",
                 aria_label=card.title)
    return to_svg(Svg(tuple(face_elements(game, card, bleed)), root, title=card.title, sep="\n", numbers=NUMBERS))


def sheet_layout(page: str) -> tuple[float, float, int, int]:
    """(page width, page height, columns, rows), taking the orientation that fits most cards."""
    return render_sheet_layout(_sheet(page))


def _sheet(page: str) -> CardSheet:
    return CardSheet(page, (TRIM_W, TRIM_H), BLEED)


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
        parts: list = [Rect(0, 0, pw, ph, attrs=paint(fill="#ffffff"))]
        for i, card in enumerate(chunk):
            cx = x0 + (i % cols) * slot_w
            cy = y0 + (i // cols) * slot_h
            parts.append(Group(tuple(face_elements(game, card, BLEED)),
                               paint(transform=f"translate({num(cx, 2)} {num(cy, 2)})")))
        parts += crop_marks(_sheet(page), x0, y0, cols, used_rows)
        parts.append(Text(pw / 2, ph - 2, f"{game.title} — {len(cards)} of {game.deck_size} cards known; poker size "
                          f"63 × 88 mm, 3 mm bleed; sheet {n}", paint(font_size=2.5, text_anchor="middle", fill="#555")))
        root = paint(width=Length(pw, "mm"), height=Length(ph, "mm"), viewBox=(0, 0, pw, ph), font_family=FONT)
        svg = to_svg(Svg(tuple(parts), root, title=f"{game.title} cards, {page.upper()} sheet {n}", sep="\n",
                         numbers=NUMBERS))
        out.append((f"cards-{page}-{n}", svg))
    return out


def printables(game: Game) -> dict[str, list[tuple[str, str]]]:
    from .tilemap import region_map
    return {"cards": [sheet for page in PAGES for sheet in sheets(game, page)],
            "map": [("map-a4", region_map(game, width_mm=277.0))]}
