"""Tile maps of the board: one square per state, placed roughly as the country lies.

`region_map` shows the board's printed facts (regions, electoral votes, PCR,
strongholds, ballot asterisks, estimated markers), also as the site's interactive map
(for mapwright-map.js: each state's tile says its facts); `control_map` colours the same
tiles by who controls each state in a position (the figures of worked examples).
"""
from __future__ import annotations

import math

from ...render import legible
from ...render.svg import wrap
from .control import control
from ...escape import xml_text as xml
from .numbers import num
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


def _size(game: Game) -> tuple[int, int]:
    cols = max(s.col for s in game.states.values()) + 1
    rows = max(s.row for s in game.states.values()) + 1
    return MARGIN * 2 + cols * (TILE + GAP), TOP + rows * (TILE + GAP) + LEGEND


def _origin(state: State) -> tuple[int, int]:
    return MARGIN + state.col * (TILE + GAP), TOP + state.row * (TILE + GAP)


def _open(game: Game, title: str, width_mm: float | None, interactive: bool = False,
          size: tuple[int, int] | None = None, title_lines: list[str] | None = None) -> tuple[list[str], int, int]:
    """The document's head: its size, background and title (in `title_lines` when given)."""
    w, h = size or _size(game)
    size = (f' width="{num(width_mm)}mm" height="{num(width_mm * h / w)}mm"' if width_mm
            else f' width="{w}" height="{h}"')
    rows = max(s.row for s in game.states.values()) + 1
    # the viewer's: its id, the tiles' area (the board) and the group its inset repeats
    role = (f' id="mw-map" class="mw-map" role="group" data-mw-board="{MARGIN} {TOP} {w - 2 * MARGIN} '
            f'{rows * (TILE + GAP)}" data-mw-overview="#mw-tiles"' if interactive else ' role="img"')
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg"{size} viewBox="0 0 {w} {h}"{role} '
             f'aria-label="{xml(title)}" font-family="Helvetica, Arial, sans-serif">',
             f"<title>{xml(title)}</title>",
             f'<rect x="0" y="0" width="{w}" height="{h}" fill="#ffffff"/>']
    for i, line in enumerate(title_lines or [title]):
        parts.append(f'<text x="{MARGIN}" y="{22 + TITLE_LINE * i}" font-size="15" font-weight="bold">{xml(line)}</text>')
    return parts, w, h


def _stronghold(game: Game, state: State, x: int, y: int) -> str:
    party = game.parties.get(state.stronghold_of or "")
    if party is None:
        return ""
    return (f'<g><title>{xml(party.name)} stronghold</title>'
            f'<circle cx="{x + TILE - 9}" cy="{y + 9}" r="6" fill="{xml(party.colour)}" stroke="#222" stroke-width="0.8"/>'
            f'<text x="{x + TILE - 9}" y="{y + 12}" font-size="8" fill="#fff" text-anchor="middle">★</text></g>')


def region_map(game: Game, *, width_mm: float | None = None, title: str = "", interactive: bool = False) -> str:
    """The board's facts on its tiles; `interactive`: for the site's map viewer, each
    state's tile a cell it finds and describes (its tooltip's facts in its data-*)."""
    title = title or f"{game.title}: states, regions, electoral votes and PCRs"
    parts, w, h = _open(game, title, width_mm, interactive)
    if interactive:   # the tiles, with their texts (the labels the viewer reads)
        parts.append('<g id="mw-tiles" class="mw-labels">')
    for state in game.states.values():
        x, y = _origin(state)
        region = game.regions.get(state.region_id)
        fill = region.colour if region else "#eeeeee"
        dash = ' stroke-dasharray="4 3"' if state.territory else ""
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
        head = (f' data-prov="{xml(state.id)}" data-abbr="{xml(state.abbr)}" data-name="{xml(state.name)}" '
                f'data-kind="{xml(where)}" data-facts="{xml(facts)}">' if interactive
                else f"><title>{xml(f'{state.name} — {where}; {facts}')}</title>")
        parts.append(
            f'<g id="state-{xml(state.id)}"{head}'
            f'<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" rx="4" fill="{xml(fill)}" '
            f'stroke="#333" stroke-width="1"{dash}/>'
            f'<text x="{x + 5}" y="{y + 14}" font-size="12" font-weight="bold">{xml(state.abbr)}'
            f'<tspan font-size="10" font-weight="normal">{region_mark}</tspan></text>'
            f'<text x="{x + TILE / 2:.0f}" y="{y + 40}" font-size="20" font-weight="bold" text-anchor="middle">'
            f'{state.requirement}{xml(star)}<tspan font-size="11">{pcr_mark}</tspan></text>'
            f'<text x="{x + TILE / 2:.0f}" y="{y + 54}" font-size="10" text-anchor="middle">'
            f'({state.ev}{ev_mark})</text>'
            f'{_stronghold(game, state, x, y)}</g>')
    if interactive:
        parts.append("</g>")
    parts += _region_legend(game, w, h)
    parts.append(f'<text x="{MARGIN}" y="{h - 12}" font-size="10">Large number: PCR; (n): electoral votes; '
                 f'* a party not on the ballot; {ESTIMATED_MARK} estimated (after the name: the region); '
                 f'★ party stronghold; dashed: territory.</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _legend(items, width: int, h: int) -> list[str]:
    """Colour keys in rows that wrap at the map's width: items are (colour, label)."""
    out, x, y = [], MARGIN, h - LEGEND + 8
    for colour, label in items:
        item_w = _item_width(label)
        if x + item_w > width - MARGIN and x > MARGIN:
            x, y = MARGIN, y + 19
        out.append(f'<rect x="{x}" y="{y}" width="14" height="14" fill="{xml(colour)}" stroke="#333"/>'
                   f'<text x="{x + 18}" y="{y + 11}" font-size="11">{xml(label)}</text>')
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


def _region_legend(game: Game, w: int, h: int) -> list[str]:
    return _legend([(r.colour, f"{r.name} ({r.id})") for r in game.regions.values()], w, h)


def _party_legend(game: Game, w: int, h: int) -> list[str]:
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
    tiles = "".join(_control_tile(game, pos, state, marked, winners) for state in game.states.values())
    outline = "; black outline: states in this example" if marked else ""
    # a third party's tile is named by its initials (a party's own colour may be grey too);
    # the outline is said only where a drawing outlines states
    note = (f"Fill: controlling party (white: nobody; light grey with initials: a third party); "
            f"small number: PCR; boxes: PCFs by party{outline}.")
    if not example:
        parts, w, h = _open(game, title, width_mm)
        parts += [tiles] + _party_legend(game, w, h)
        parts.append(f'<text x="{MARGIN}" y="{h - 12}" font-size="10">{xml(note)}</text>')
        parts.append("</svg>")
        return "\n".join(parts) + "\n"
    step = TILE + GAP
    around = [s for s in game.states.values() if s.id in marked] or list(game.states.values())
    centres = [(x + TILE / 2, y + TILE / 2) for x, y in (_origin(s) for s in around)]
    margin = TILE / 2 + GAP / 2 + (step if marked else 0)   # the tiles whole, and a ring of neighbours
    widest = legible.TEXT_SPAN * SMALLEST_TEXT - 2 * MARGIN
    frames = [legible.frame(band, margin, (0.0, 0.0, math.inf, math.inf))
              for band in legible.bands(centres, widest - 2 * margin)]
    board, bw, bh = legible.stack(frames, tiles, GAP * 3)
    w = round(bw + 2 * MARGIN)
    labels = [f"{p.id} {p.name}" for p in game.parties.values()]
    notes = wrap(note, 10, w - 2 * MARGIN)
    heading = wrap(title, 15, w - 2 * MARGIN)
    top = TOP + TITLE_LINE * (len(heading) - 1)
    key_top = top + bh + GAP
    rows = _legend_rows(labels, w)
    h = round(key_top + rows * 19 + 14 * len(notes) + 20)
    parts, w, h = _open(game, title, None, size=(w, h), title_lines=heading)
    parts[0] = parts[0].replace(">", f' data-min-font="{SMALLEST_TEXT}">', 1)
    parts.append(f'<g transform="translate({MARGIN} {top})">{board}</g>')
    parts += _party_legend(game, w, key_top + LEGEND)
    y = key_top + rows * 19 + 22
    for line in notes:
        parts.append(f'<text x="{MARGIN}" y="{y:.0f}" font-size="10">{xml(line)}</text>')
        y += 14
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _control_tile(game: Game, pos: Position, state: State, marked: set, winners) -> str:
    x, y = _origin(state)
    if state.territory and state.id not in pos.admitted:
        return (f'<g id="state-{xml(state.id)}"><title>{xml(state.name)}: territory, not admitted</title>'
                f'<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" rx="4" fill="#f7f7f7" '
                f'stroke="#999" stroke-dasharray="4 3"/>'
                f'<text x="{x + 5}" y="{y + 14}" font-size="12" fill="#999">{xml(state.abbr)}</text></g>')
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
    body = [f'<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" rx="4" fill="{xml(fill)}" '
            f'stroke="{xml(stroke)}" stroke-width="{width}"/>',
            f'<text x="{x + 5}" y="{y + 14}" font-size="12" font-weight="bold" fill="{ink}">{xml(state.abbr)}</text>',
            f'<text x="{x + TILE - 5}" y="{y + 14}" font-size="9" text-anchor="end" fill="{ink}">{state.requirement}</text>']
    if locked:
        body.append(f'<text x="{x + TILE / 2:.0f}" y="{y + 36}" font-size="11" font-weight="bold" '
                    f'text-anchor="middle" fill="{ink}">LOCKED</text>')
    if label:
        body.append(f'<text x="{x + TILE / 2:.0f}" y="{y + 30}" font-size="11" text-anchor="middle">{xml(label)}</text>')
    token = game.parties.get(pos.tokens.get(state.id, ""))
    if token is not None:
        body.append(f'<g><title>{xml(token.name)} Stronghold token</title><circle cx="{x + TILE - 9}" '
                    f'cy="{y + 26}" r="6" fill="{xml(token.colour)}" stroke="#222" stroke-width="0.8"/>'
                    f'<text x="{x + TILE - 9}" y="{y + 29}" font-size="8" fill="#fff" text-anchor="middle">★</text></g>')
    counts = pos.counts(state.id)
    for i, (pid, n) in enumerate(sorted(counts.items())):
        px, py = x + 4 + (i % 2) * 28, y + 40 + (i // 2) * 12
        colour = game.parties[pid].colour if pid in game.parties else "#000"
        body.append(f'<rect x="{px}" y="{py - 9}" width="25" height="11" rx="2" fill="#ffffff" '
                    f'stroke="{xml(colour)}"/><text x="{px + 12.5:.1f}" y="{py}" font-size="9" '
                    f'text-anchor="middle" fill="#111">{xml(pid)} {n}</text>')
    return f'<g id="state-{xml(state.id)}"><title>{xml(tip)}</title>{"".join(body)}</g>'
