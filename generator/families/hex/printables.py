"""Printable SVG sheets sized in millimetres: map, charts and tracks, counter sheet."""
from __future__ import annotations

from ...render.svg import wrap
from .air import missions
from .bombing import cbt_of
from .model import HexGame, Unit
from ...escape import xml_text
from .render import counter, f, lighten, map_svg, side_colour, svg_document

EST = " (est.)"
NOTE_SIZE = 3.0   # mm, footnotes under the charts
NOTE_LEAD = 4.0   # mm between footnote lines


def table_svg(title: str, header: list[str], rows: list[list[str]], *, note: str = "", col_w: float = 22.0,
              first_w: float = 40.0, row_h: float = 6.0) -> str:
    """A ruled table with a title and a footnote, in mm."""
    widths = [first_w] + [col_w] * (len(header) - 1)
    width = sum(widths) + 20
    note_lines = wrap(note, NOTE_SIZE, sum(widths)) if note else []
    height = 26 + row_h * (len(rows) + 1) + (NOTE_LEAD * len(note_lines) + 4 if note_lines else 0)
    body = [f'<rect width="{f(width)}" height="{f(height)}" fill="#fff"/>',
            f'<text x="10" y="12" font-size="5" font-family="sans-serif" font-weight="bold">{xml_text(title)}</text>']
    y = 18
    for r, cells in enumerate([header] + rows):
        x = 10
        if r == 0:
            body.append(f'<rect x="10" y="{f(y)}" width="{f(sum(widths))}" height="{f(row_h)}" fill="#e8e4d0"/>')
        weight = ' font-weight="bold"' if r == 0 else ""
        for w, cell in zip(widths, cells):
            body.append(f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(row_h)}" fill="none" stroke="#555" stroke-width="0.2"/>')
            body.append(f'<text x="{f(x + 1.2)}" y="{f(y + row_h * 0.7)}" font-size="{f(row_h * 0.5)}" font-family="sans-serif"'
                        f'{weight}>{xml_text(cell)}</text>')
            x += w
        y += row_h
    for i, line in enumerate(note_lines):
        body.append(f'<text x="10" y="{f(y + 7 + i * NOTE_LEAD)}" font-size="{f(NOTE_SIZE)}" font-family="sans-serif" '
                    f'fill="#a00">{xml_text(line)}</text>')
    return svg_document(width, height, body, title=title)


def crt_svg(game: HexGame) -> str:
    crt = game.crt
    header = ["Modified roll"] + [f"{d:+d}" for d in crt.lines["normal"]]
    second = ["Defender's Adv."] + [f"{d:+d}" for d in crt.lines["defender-advantage"]]
    rows = [second] + [[str(r)] + [str(x) for x in crt.rows[r]] for r in sorted(crt.rows)]
    note = ("ESTIMATED: the rulebook does not print the CRT; these values are a reconstruction that satisfies every "
            "statement of the rules (see the Charts page).") if crt.estimated else ""
    return table_svg("Combat Results Table (attacker LP / defender LP)" + (EST if crt.estimated else ""),
                     header, rows, note=note, col_w=14)


def cbt_svg(game: HexGame) -> str | None:
    """The City Bombing Table (variant 13A.4.2): APs lost by strikes left after interception and die roll."""
    cbt = cbt_of(game)
    if cbt is None:
        return None
    header = ["Die roll"] + [f"{cbt.heading(i)} strike(s)" for i in range(len(cbt.columns))]
    rows = [[str(r)] + [str(x) for x in cbt.rows[r]] for r in sorted(cbt.rows)]
    note = ("ESTIMATED: the variant names the City Bombing Table but does not print it; these values are a "
            "reconstruction (see the Charts page). " if cbt.estimated else "") + f"Result: {cbt.effect}"
    return table_svg("City Bombing Table (APs lost)" + (EST if cbt.estimated else ""), header, rows, note=note,
                     col_w=24, first_w=22)


def air_svg(game: HexGame) -> str | None:
    """Airstrike missions: phase, AP cost per strike and range (variant 13A)."""
    ms = missions(game)
    if not ms:
        return None
    rows = []
    for m in ms.values():
        cost = game.ap_cost(m.ap_cost_id) if any(r["id"] == m.ap_cost_id for r in game.charts.get("ap_costs", [])) else "?"
        rows.append([m.name, m.rule, f"{cost}" + (EST if game.ap_cost_estimated(m.ap_cost_id) else ""),
                     f"{m.range.value}" + (EST if m.range.estimated else ""), "yes" if m.interceptable else "no"])
    note = ("(est.) = not printed in the variant; reconstructed (see the Charts page). Range: hexes from a city the "
            "side holds (13A.3). Two interceptors remove one strike (13A.4.4 C); support strikes add +2 each (13A.4.1 E).")
    return table_svg("Airstrike missions (variant 13A)", ["Mission", "Rule", "AP per strike", "Range (hexes)", "Interceptable"],
                     rows, note=note, first_w=40, col_w=28)


def tec_svg(game: HexGame) -> str:
    rows = []
    for t in game.terrain.values():
        mp = "no entry" if not t.passable else str(t.movement.value)
        rows.append([t.name, mp + (EST if t.movement.estimated else ""),
                     ("Defender's Adv." if t.combat_line.value == "defender-advantage" else "Normal")])
    for h in game.hexside_types.values():
        if h.bridge_only:
            mp = "bridges only"
        elif h.passable.value is False:
            mp = "no crossing" + (EST if h.passable.estimated else "")
        else:
            mp = f"+{h.movement_home.value} home / +{h.movement_enemy.value} enemy" + (EST if h.movement_home.estimated else "")
        rows.append([f"{h.name} (hexside)", mp, "Defender's Adv. if all attacks cross" if h.defender_advantage else "-"])
    return table_svg("Terrain Effects Chart", ["Terrain", "Movement (MP)", "Combat line"], rows, col_w=60, first_w=55,
                     note="(est.) = reconstruction; the printed rules give no figure.")


def ap_svg(game: HexGame) -> str:
    rows = [[c["action"], str(c["ap"]) + (EST if c["source"] == "estimated" else ""), c["per"], c["rule"]]
            for c in game.charts.get("ap_costs", [])]
    return table_svg("AP Cost Chart", ["Action", "APs", "Per", "Rule"], rows, first_w=95, col_w=35)


def phases_svg(game: HexGame) -> str:
    rows = [[p["name"], p["rule"], p["aps"]] for p in game.charts.get("phases", [])]
    return table_svg("Phase Summary", ["Phase", "Rule", "AP expenditure"], rows, first_w=80, col_w=90)


def tracks_svg(game: HexGame) -> str:
    turns = int(game.charts["turn_track"]["turns"])
    irt = game.charts.get("initiative_track", {}).get("boxes_per_side", {"value": 12, "source": "estimated"})
    n = int(irt["value"])
    box = 11.0
    width = max(turns, 2 * n + 1) * box + 20
    body = [f'<rect width="{f(width)}" height="70" fill="#fff"/>',
            '<text x="10" y="10" font-size="5" font-family="sans-serif" font-weight="bold">Turn Record Track</text>']
    for i in range(turns):
        body.append(f'<rect x="{f(10 + i * box)}" y="14" width="{f(box)}" height="{f(box)}" fill="none" stroke="#000" stroke-width="0.3"/>'
                    f'<text x="{f(10 + i * box + box / 2)}" y="{f(14 + box * 0.65)}" font-size="4" text-anchor="middle" font-family="sans-serif">{i + 1}</text>')
    body.append('<text x="10" y="38" font-size="5" font-family="sans-serif" font-weight="bold">'
                f'Initiative Record Track{xml_text(EST) if irt.get("source") == "estimated" else ""}</text>')
    first, second = (game.side_ids + ("", ""))[:2]
    tints = {-1: lighten(side_colour(game, first), 0.25), 1: lighten(side_colour(game, second), 0.25), 0: "#fff"}
    for i in range(-n, n + 1):
        label = "0" if i == 0 else (f"{first} {abs(i)}" if i < 0 else f"{second} {i}")
        x = 10 + (i + n) * box
        body.append(f'<rect x="{f(x)}" y="42" width="{f(box)}" height="{f(box)}" fill="{tints[(i > 0) - (i < 0)]}" '
                    f'stroke="#000" stroke-width="0.3"/><text x="{f(x + box / 2)}" y="{f(42 + box * 0.65)}" font-size="2.6" '
                    f'text-anchor="middle" font-family="sans-serif">{xml_text(label)}</text>')
    body.append('<text x="10" y="64" font-size="3" font-family="sans-serif" fill="#a00">The IRT length is not printed; '
                'boxes per side are an estimate. The marker moves toward the side that lost fewer LPs.</text>')
    return svg_document(width, 70, body, title="Turn and Initiative Record Tracks")


def counter_sheet_svg(game: HexGame) -> str:
    """Every counter of the mix for both sides, 16 mm square, with NATO symbols."""
    s, gap, per_row = 16.0, 2.0, 12
    items = []
    for side in game.side_ids:
        for t in sorted(game.unit_types.values(), key=lambda t: (t.variant, t.id)):
            for i in range(int(t.counters.value)):
                items.append(Unit(f"{side}-{t.id}-{i + 1}", side, t.id, "0101"))
    rows = (len(items) + per_row - 1) // per_row
    width = per_row * (s + gap) + 20
    height = rows * (s + gap) + 34
    body = [f'<rect width="{f(width)}" height="{f(height)}" fill="#fff"/>',
            '<text x="10" y="9" font-size="4.5" font-family="sans-serif" font-weight="bold">'
            f'{xml_text(game.source.meta["title"])}: counter sheet</text>',
            '<text x="10" y="15" font-size="2.8" font-family="sans-serif" fill="#a00">Counter values marked estimated in the data '
            '(division and corps MA, counts) are reconstructions; each side in its own colour; '
            'strength-movement at the foot.</text>']
    for i, u in enumerate(items):
        r, c = divmod(i, per_row)
        body.append(counter(game, u, 10 + c * (s + gap) + s / 2, 22 + r * (s + gap) + s / 2, s))
    return svg_document(width, height, body, title=f"{game.source.meta['title']}: counter sheet")


def printables(game: HexGame) -> dict[str, list[tuple[str, str]]]:
    svg, _, _ = map_svg(game)
    stem = game.source.game_id
    return {"map": [(f"{stem}-map", svg)],
            "charts": [(f"{stem}-crt", crt_svg(game)), (f"{stem}-tec", tec_svg(game)),
                       (f"{stem}-ap-costs", ap_svg(game)), (f"{stem}-phases", phases_svg(game)),
                       (f"{stem}-tracks", tracks_svg(game))]
                      + [(f"{stem}-{name}", svg) for name, svg in (("city-bombing", cbt_svg(game)), ("air", air_svg(game)))
                         if svg is not None],
            "cards": [(f"{stem}-counters", counter_sheet_svg(game))]}
