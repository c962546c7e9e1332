"""Tile maps of the board: one square per state, placed roughly as the country lies.

`region_map` shows the board's printed facts (regions, electoral votes, PCR,
strongholds, ballot asterisks, estimated markers), also as the site's interactive map
(for mapwright-map.js: each state's tile says its facts); `control_map` colours the same
tiles by who controls each state in a position (the figures of worked examples). Drawn
as render's view models; generator.render writes the SVG.
"""
from __future__ import annotations

import math

from ...render import (TEXT_SPAN, Circle, Fixed, Fragment, Group, Length, Numbers, Rect, Span, Svg, Text, bands,
                       frame, paint, stack, to_svg, wrap)
from .control import control
from .model import Game, State
from .position import Position

TILE = 60
GAP = 4
MARGIN = 16
TOP = 34
TITLE_LINE = 18   # a title's line height, when it wraps
LEGEND = 74
SMALLEST_TEXT = 9   # a tile's smallest text (PCR, PCF counts)
ESTIMATED_MARK = "†"
NUMBERS = Numbers(places=2, trim=True)   # 12, 12.5, 12.25: short and stable
FONT = "Helvetica, Arial, sans-serif"


def _size(game: Game) -> tuple[int, int]:
    cols = max(s.col for s in game.states.values()) + 1
    rows = max(s.row for s in game.states.values()) + 1
    return MARGIN * 2 + cols * (TILE + GAP), TOP + rows * (TILE + GAP) + LEGEND


def _origin(state: State) -> tuple[int, int]:
    return MARGIN + state.col * (TILE + GAP), TOP + state.row * (TILE + GAP)


def _open(game: Game, title: str, width_mm: float | None, interactive: bool = False,
          size: tuple[int, int] | None = None, title_lines: list[str] | None = None,
          min_font: int | None = None) -> tuple[tuple, list, int, int]:
    """The document's root attributes and its first children (background and title, in
    `title_lines` when given), its width and height."""
    w, h = size or _size(game)
    rows = max(s.row for s in game.states.values()) + 1
    root = (paint(width=Length(float(width_mm), "mm"), height=Length(width_mm * h / w, "mm")) if width_mm
            else paint(width=w, height=h))
    root += paint(viewBox=(0, 0, w, h))
    # the viewer's: its id, the tiles' area (the board) and the group its inset repeats
    root += (paint(id="mw-map", class_="mw-map", role="group", data_mw_board=(MARGIN, TOP, w - 2 * MARGIN, rows * (TILE + GAP)),
                   data_mw_overview="#mw-tiles") if interactive else paint(role="img"))
    root += paint(aria_label=title, font_family=FONT, data_min_font=min_font)
    parts: list = [Rect(0, 0, w, h, attrs=paint(fill="#ffffff"))]
    for i, line in enumerate(title_lines or [title]):
        parts.append(Text(MARGIN, 22 + TITLE_LINE * i, line, paint(font_size=15, font_weight="bold")))
    return root, parts, w, h


def _document(root: tuple, title: str, parts: list) -> str:
    return to_svg(Svg(tuple(parts), root, title=title, sep="\n", numbers=NUMBERS))


def _star(x: int, y: int, colour: str, tip: str) -> Group:
    """A party's stronghold (its colour, a white star) at the tile's top right, `y` down."""
    return Group((Circle(x + TILE - 9, y, 6, paint(fill=colour, stroke="#222", stroke_width=0.8)),
                  Text(x + TILE - 9, y + 3, "★", paint(font_size=8, fill="#fff", text_anchor="middle"))), title=tip)


def _stronghold(game: Game, state: State, x: int, y: int) -> tuple:
    party = game.parties.get(state.stronghold_of or "")
    return () if party is None else (_star(x, y + 9, party.colour, f"{party.name} stronghold"),)


def region_map(game: Game, *, width_mm: float | None = None, title: str = "", interactive: bool = False) -> str:
    """The board's facts on its tiles; `interactive`: for the site's map viewer, each
    state's tile a cell it finds and describes (its tooltip's facts in its data-*)."""
    title = title or f"{game.title}: states, regions, electoral votes and PCRs"
    root, parts, w, h = _open(game, title, width_mm, interactive)
    tiles = []
    for state in game.states.values():
        x, y = _origin(state)
        region = game.regions.get(state.region_id)
        fill = region.colour if region else "#eeeeee"
        pcr_mark = ESTIMATED_MARK if state.pcr.estimated else ""
        ev_mark = ESTIMATED_MARK if state.electoral_votes.estimated else ""
        off = [game.parties[p].name if p in game.parties else p for p in state.parties_off_ballot]
        star = "*" if off else ""
        region_mark = ESTIMATED_MARK if state.region.estimated else ""
        where = f"{region.name if region else state.region_id}{' (estimated region)' if region_mark else ''}"
        facts = (f"{state.ev} electoral votes"
                 f"{' (estimated)' if ev_mark else ''}; PCR {state.requirement}"
                 f"{' (estimated)' if pcr_mark else ''}"
                 f"{'; not on the ballot: ' + ', '.join(off) if off else ''}"
                 f"{'; territory until admitted' if state.territory else ''}")
        # the viewer says a tile's facts in its panel (and its own tooltip: name and code)
        attrs = paint(id=f"state-{state.id}")
        if interactive:
            attrs += paint(data_prov=state.id, data_abbr=state.abbr, data_name=state.name, data_kind=where,
                           data_facts=facts)
        tiles.append(Group((
            Rect(x, y, TILE, TILE, 4, paint(fill=fill, stroke="#333", stroke_width=1,
                                            stroke_dasharray="4 3" if state.territory else None)),
            Text(x + 5, y + 14, (state.abbr, Span(region_mark, paint(font_size=10, font_weight="normal"))),
                 paint(font_size=12, font_weight="bold")),
            Text(x + TILE / 2, y + 40, (f"{state.requirement}{star}", Span(pcr_mark, paint(font_size=11))),
                 paint(font_size=20, font_weight="bold", text_anchor="middle")),
            Text(x + TILE / 2, y + 54, f"({state.ev}{ev_mark})", paint(font_size=10, text_anchor="middle")),
            *_stronghold(game, state, x, y)), attrs, title="" if interactive else f"{state.name} — {where}; {facts}"))
    # for the viewer, the tiles with their texts (the labels it reads) in one group
    parts += [Group(tuple(tiles), paint(id="mw-tiles", class_="mw-labels"), sep="\n")] if interactive else tiles
    parts += _region_legend(game, w, h)
    parts.append(Text(MARGIN, h - 12, f"Large number: PCR; (n): electoral votes; * a party not on the ballot; "
                      f"{ESTIMATED_MARK} estimated (after the name: the region); ★ party stronghold; dashed: territory.",
                      paint(font_size=10)))
    return _document(root, title, parts)


def _legend(items, width: int, h: int) -> list[Fragment]:
    """Colour keys in rows that wrap at the map's width: items are (colour, label)."""
    out, x, y = [], MARGIN, h - LEGEND + 8
    for colour, label in items:
        item_w = _item_width(label)
        if x + item_w > width - MARGIN and x > MARGIN:
            x, y = MARGIN, y + 19
        out.append(Fragment((Rect(x, y, 14, 14, attrs=paint(fill=colour, stroke="#333")),
                             Text(x + 18, y + 11, label, paint(font_size=11)))))
        x += item_w
    return out


def _item_width(label: str) -> int:
    return 18 + 6 * len(label) + 16


def _legend_rows(labels, width: int) -> int:
    rows, x = 1, MARGIN
    for label in labels:
        if x + _item_width(label) > width - MARGIN and x > MARGIN:
            rows, x = rows + 1, MARGIN
        x += _item_width(label)
    return rows


def _region_legend(game: Game, w: int, h: int) -> list[Fragment]:
    return _legend([(r.colour, f"{r.name} ({r.id})") for r in game.regions.values()], w, h)


def _party_legend(game: Game, w: int, h: int) -> list[Fragment]:
    return _legend([(p.colour, f"{p.id} {p.name}") for p in game.parties.values()], w, h)


def control_map(game: Game, pos: Position, *, highlight=(), winners=None, title: str = "",
                width_mm: float | None = None, example: bool = False) -> str:
    """Tiles coloured by controller (or by `winners` of a poll), PCFs listed per party.

    An `example`'s figure shows its states (`highlight`) and a tile of neighbours round
    them, by render/legible.py's rule: no wider than a phone's column can show its
    smallest text (9 units) at 7 px; states spread wider are shown in bands, one under
    another (a whole-board example: the board cut into bands)."""
    title = title or "Control of the states"
    marked = set(highlight)
    tiles = tuple(_control_tile(game, pos, state, marked, winners) for state in game.states.values())
    outline = "; black outline: states in this example" if marked else ""
    # a third party's tile is named by its initials (a party's own colour may be grey too);
    # the outline is said only where a drawing outlines states
    note = (f"Fill: controlling party (white: nobody; light grey with initials: a third party); "
            f"small number: PCR; boxes: PCFs by party{outline}.")
    if not example:
        root, parts, w, h = _open(game, title, width_mm)
        parts += [Fragment(tiles)] + _party_legend(game, w, h)
        parts.append(Text(MARGIN, h - 12, note, paint(font_size=10)))
        return _document(root, title, parts)
    step = TILE + GAP
    around = [s for s in game.states.values() if s.id in marked] or list(game.states.values())
    centres = [(x + TILE / 2, y + TILE / 2) for x, y in (_origin(s) for s in around)]
    margin = TILE / 2 + GAP / 2 + (step if marked else 0)   # the tiles whole, and a ring of neighbours
    widest = TEXT_SPAN * SMALLEST_TEXT - 2 * MARGIN
    frames = [frame(band, margin, (0.0, 0.0, math.inf, math.inf))
              for band in bands(centres, widest - 2 * margin)]
    board, bw, bh = stack(frames, tiles, GAP * 3)
    w = round(bw + 2 * MARGIN)
    labels = [f"{p.id} {p.name}" for p in game.parties.values()]
    notes = wrap(note, 10, w - 2 * MARGIN)
    heading = wrap(title, 15, w - 2 * MARGIN)
    top = TOP + TITLE_LINE * (len(heading) - 1)
    key_top = top + bh + GAP
    rows = _legend_rows(labels, w)
    h = round(key_top + rows * 19 + 14 * len(notes) + 20)
    root, parts, w, h = _open(game, title, None, size=(w, h), title_lines=heading, min_font=SMALLEST_TEXT)
    parts.append(Group(board, paint(transform=f"translate({MARGIN} {top})")))
    parts += _party_legend(game, w, key_top + LEGEND)
    y = key_top + rows * 19 + 22
    for line in notes:
        parts.append(Text(MARGIN, Fixed(y, 0), line, paint(font_size=10)))
        y += 14
    return _document(root, title, parts)


def _control_tile(game: Game, pos: Position, state: State, marked: set, winners) -> Group:
    x, y = _origin(state)
    if state.territory and state.id not in pos.admitted:
        return Group((Rect(x, y, TILE, TILE, 4, paint(fill="#f7f7f7", stroke="#999", stroke_dasharray="4 3")),
                      Text(x + 5, y + 14, state.abbr, paint(font_size=12, fill="#999"))),
                     paint(id=f"state-{state.id}"), title=f"{state.name}: territory, not admitted")
    region = game.regions.get(state.region_id)
    if winners is not None:
        who = winners.get(state.id) if state.id in winners else control(game, pos, state.id).party
    else:
        who = control(game, pos, state.id).party
    party = game.parties.get(who or "")
    fill = party.colour if party else ("#d0d0d0" if who else "#ffffff")
    label = "" if party or not who else "".join(word[0] for word in str(who).split()[:2])
    ink = "#ffffff" if party else "#111111"
    stroke = "#000" if state.id in marked else (region.colour if region else "#999")
    width = 3 if state.id in marked else 2.5
    locked = state.id in pos.locked
    tip = f"{state.name}: " + (f"locked by {pos.locked[state.id]}" if locked else
                               (f"won by {who or 'nobody'}" if winners is not None and state.id in winners else
                                f"controlled by {who}" if who else "nobody controls it"))
    body: list = [Rect(x, y, TILE, TILE, 4, paint(fill=fill, stroke=stroke, stroke_width=width)),
                  Text(x + 5, y + 14, state.abbr, paint(font_size=12, font_weight="bold", fill=ink)),
                  Text(x + TILE - 5, y + 14, str(state.requirement), paint(font_size=9, text_anchor="end", fill=ink))]
    if locked:
        body.append(Text(x + TILE / 2, y + 36, "LOCKED", paint(font_size=11, font_weight="bold", text_anchor="middle",
                                                               fill=ink)))
    if label:
        body.append(Text(x + TILE / 2, y + 30, label, paint(font_size=11, text_anchor="middle")))
    token = game.parties.get(pos.tokens.get(state.id, ""))
    if token is not None:
        body.append(_star(x, y + 26, token.colour, f"{token.name} Stronghold token"))
    counts = pos.counts(state.id)
    for i, (pid, n) in enumerate(sorted(counts.items())):
        px, py = x + 4 + (i % 2) * 28, y + 40 + (i // 2) * 12
        colour = game.parties[pid].colour if pid in game.parties else "#000"
        body.append(Rect(px, py - 9, 25, 11, 2, paint(fill="#ffffff", stroke=colour)))
        body.append(Text(px + 12.5, py, f"{pid} {n}", paint(font_size=9, text_anchor="middle", fill="#111")))
    return Group(tuple(body), paint(id=f"state-{state.id}"), title=tip)
