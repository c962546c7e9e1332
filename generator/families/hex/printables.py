"""Printable SVG sheets sized in millimetres: map, charts and tracks, counter sheet."""
from __future__ import annotations

import math
from dataclasses import dataclass

from ...render import Fixed, Group, Rect, Table, Text, lighten, paint, smallest_text, table_drawing, wrap
from .air import missions
from .bombing import cbt_of
from .model import HexGame, Unit
from .render import SANS, counter, counter_face, counter_fill, map_svg, side_colour, svg_document

EST = " (est.)"


def table_svg(title: str, header: list[str], rows: list[list[str]], *, note: str = "", col_w: float = 22.0,
              first_w: float = 40.0, row_h: float = 6.0) -> str:
    """A ruled table with a title and a footnote, in mm."""
    widths = (first_w,) + (col_w,) * (len(header) - 1)
    table = Table(title, tuple(header), tuple(tuple(r) for r in rows), widths, note=note, row_h=row_h)
    body, width, height = table_drawing(table)
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
    heading = paint(font_size=5, font_family=SANS, font_weight="bold")
    body: list = [Rect(None, None, width, 70, attrs=paint(fill="#fff")), Text(10, 10, "Turn Record Track", heading)]
    frame = paint(fill="none", stroke="#000", stroke_width="0.3")
    for i in range(turns):
        body.append(Rect(10 + i * box, 14, box, box, attrs=frame))
        body.append(Text(10 + i * box + box / 2, 14 + box * 0.65, str(i + 1),
                         paint(font_size=4, text_anchor="middle", font_family=SANS)))
    body.append(Text(10, 38, f"Initiative Record Track{EST if irt.get('source') == 'estimated' else ''}", heading))
    first, second = (game.side_ids + ("", ""))[:2]
    # a quarter of each side's colour (render's lighten moves a colour that far toward white)
    tints = {-1: lighten(side_colour(game, first), 0.75), 1: lighten(side_colour(game, second), 0.75), 0: "#fff"}
    for i in range(-n, n + 1):
        label = "0" if i == 0 else (f"{first} {abs(i)}" if i < 0 else f"{second} {i}")
        x = 10 + (i + n) * box
        body.append(Rect(x, 42, box, box, attrs=paint(fill=tints[(i > 0) - (i < 0)], stroke="#000", stroke_width="0.3")))
        body.append(Text(x + box / 2, 42 + box * 0.65, label, paint(font_size="2.6", text_anchor="middle", font_family=SANS)))
    body.append(Text(10, 64, "The IRT length is not printed; boxes per side are an estimate. The marker moves toward "
                     "the side that lost fewer LPs.", paint(font_size=3, font_family=SANS, fill="#a00")))
    return svg_document(width, 70, body, title="Turn and Initiative Record Tracks")


# Printed sizes. The rulebook gives neither (3.4: "one sheet of 100 die-cut counters"), so these are the
# usual hex-and-counter sizes: half-inch counters on hexes 16 mm across the flats, a counter taking
# 0.79 of its hex, room for a counter and a marker's edge.
COUNTER_MM = 12.7
PRINT_HEX_MM = 16.0
SHEET_COLUMNS = 14          # 14 x 12.7 mm + margins fits A4 and US Letter at 1:1


@dataclass(frozen=True)
class Piece:
    """One counter of the sheet: a unit (`unit`) or a marker (`marker`: its name)."""

    group: str              # the heading it is printed under
    unit: Unit | None = None
    marker: str = ""
    side: str = ""          # whose colour a marker takes ("" = neutral)


def counter_mix(game: HexGame) -> list[Piece]:
    """Every counter of the game, grouped: each side's units (the counter mix of units.yaml,
    less the types an intervention force brings), its markers (units.yaml `markers` per side,
    and as many air markers as the largest scenario gives it), then each intervention
    force's units and air markers, then the markers both sides share."""
    forces = (game.scenario_variant or {}).get("intervention_forces") or []
    force_types = {t for force in forces for t in (force.get("units") or {})}
    markers = game.units_doc.get("markers") or []
    pieces: list[Piece] = []

    def air(side: str) -> int:
        counts = [int((sc.get("sides") or {}).get(side, {}).get("air_markers", 0) or 0) for sc in game.scenarios]
        return max(counts, default=0) if missions(game) else 0

    for side in game.side_ids:
        group = (game.map.side(side).name if game.map.side(side) else side)
        for t in sorted(game.unit_types.values(), key=lambda t: (t.variant, t.id)):
            if t.id in force_types:
                continue
            for i in range(int(t.counters.value)):
                pieces.append(Piece(group, unit=Unit(f"{side}-{t.id}-{i + 1}", side, t.id, "0101")))
        for m in markers:
            pieces += [Piece(group, marker=str(m["name"]), side=side)] * int(m.get("per_side", 0) or 0)
        pieces += [Piece(group, marker="Air marker", side=side)] * air(side)
    for force in forces:
        group = f"{force.get('name', force['id'])} (intervention force)"
        for type_id, n in sorted((force.get("units") or {}).items()):
            if type_id in game.unit_types:
                pieces += [Piece(group, unit=Unit(f"{force['id']}-{type_id}-{i + 1}", str(force["id"]), type_id, "0101"))
                           for i in range(int(n))]
        pieces += [Piece(group, marker="Air marker", side=str(force["id"]))] * int(force.get("air_markers", 0) or 0)
    for m in markers:
        pieces += [Piece("Shared markers", marker=str(m["name"]))] * int(m.get("shared", 0) or 0)
    return pieces


def marker_words(name: str) -> list[str]:
    """The words a marker's face shows: its name less the word "marker"."""
    return name.replace(" marker", "").split() or [name]


def marker_face(game: HexGame, name: str, side: str, cx: float, cy: float, s: float, least: float = 0.0) -> Group:
    """A marker: its name, wrapped and sized to fit the counter, on its side's colour; no
    text smaller than `least` (the screen's counter key sizes the counter to fit it)."""
    fill = counter_fill(game, side) if side else "#f4f1e4"
    words = marker_words(name)
    size = max(least, min(s * 0.17, (s * 0.86) / (max(len(w) for w in words) * 0.58)))
    lines = wrap(" ".join(words), size, s * 0.86)[:4]
    top = cy - (len(lines) - 1) * size * 0.6 + size * 0.35
    face = paint(font_size=Fixed(size, 2), text_anchor="middle", font_family=SANS, font_weight="bold")
    return Group((counter_face(s, cx, cy, fill),
                  *(Text(cx, Fixed(top + i * size * 1.2, 2), line, face) for i, line in enumerate(lines))))


def grouped(pieces: list[Piece]) -> list[tuple[str, list[Piece]]]:
    """The pieces under their headings, in the order counter_mix gives them."""
    groups: list[tuple[str, list[Piece]]] = []
    for p in pieces:
        if not groups or groups[-1][0] != p.group:
            groups.append((p.group, []))
        groups[-1][1].append(p)
    return groups


def kinds(members: list[Piece]) -> list[tuple[Piece, int]]:
    """One piece of each kind (a unit type of one side, a marker of one side) and how many
    counters of it the sheet holds, in the sheet's order."""
    counts: dict[tuple, list] = {}
    for p in members:
        key = (p.unit.side, p.unit.type) if p.unit is not None else (p.side, p.marker)
        counts.setdefault(key, [p, 0])[1] += 1
    return [(p, n) for p, n in counts.values()]


KEY_WIDTH_PX = 480.0   # the on-screen counter key: its width in CSS px on a desktop
KEY_COUNTER_TEXTS = 6.5   # a counter this many of its smallest text wide: values and size marks fit


def counter_key_svg(game: HexGame) -> str:
    """The counters as a reader needs them on screen: one of each kind, each unit's front
    beside its back (disrupted, 13.7.2), under its side's heading, with its name and how
    many the sheet holds. Drawn so its smallest text meets render/legible.py's rule (9 px
    on a desktop, 7 px on a phone): not to scale; the sheets print at their real size."""
    width = KEY_WIDTH_PX
    t = math.ceil(smallest_text(width) * 10) / 10   # up to the tenth the counters' text is written at
    s, gap = KEY_COUNTER_TEXTS * t, t * 0.6
    cols = max(1, int(width // (2 * s + gap + t)))
    cell = width / cols
    text = paint(font_size=Fixed(t, 2), text_anchor="middle", font_family=SANS)
    heading = paint(font_size=Fixed(t * 1.25, 2), font_family=SANS, font_weight="bold")
    body: list = [Text(0, Fixed(t * 1.2, 2), "Each unit: its front, then its back (disrupted).",
                       paint(font_size=Fixed(t, 2), font_family=SANS, font_style="italic"))]
    y = t * 2.2
    for name, members in grouped(counter_mix(game)):
        y += t * 1.6
        body.append(Text(0, Fixed(y, 2), name, heading))
        y += t * 0.8
        row = kinds(members)
        for start in range(0, len(row), cols):
            tallest, deepest = 0.0, 0.0
            for c, (p, n) in enumerate(row[start:start + cols]):
                cx = c * cell + cell / 2
                if p.unit is not None:
                    size = s
                    for dx, disrupted in ((-(s + gap) / 2, False), ((s + gap) / 2, True)):
                        unit = Unit(p.unit.id, p.unit.side, p.unit.type, p.unit.hex, disrupted=disrupted)
                        body.append(counter(game, unit, cx + dx, y + s / 2, s, side_band=True, least=t))
                    label = game.unit_type(p.unit).name
                else:
                    longest = max(len(w) for w in marker_words(p.marker))
                    size = min(max(s, longest * 0.58 * t / 0.86), cell - t)
                    body.append(marker_face(game, p.marker, p.side, cx, y + size / 2, size, least=t))
                    label = p.marker
                lines = wrap(label, t, cell - t / 2) + [f"{n} counter{'s' if n != 1 else ''}"]
                body += [Text(cx, Fixed(y + size + t * (1.3 + 1.2 * i), 2), line, text) for i, line in enumerate(lines)]
                tallest = max(tallest, size)
                deepest = max(deepest, t * (1.3 + 1.2 * (len(lines) - 1)) + t * 0.4)
            y += tallest + deepest + t
    height = y
    body.insert(0, Rect(None, None, width, height, attrs=paint(fill="#fff")))
    return svg_document(width, height, body, unit="px", title=f"{game.source.meta['title']}: the counters, one of each kind",
                        min_font=t)


def counter_sheet_svg(game: HexGame, *, back: bool = False) -> str:
    """The counter sheet at its printed size (COUNTER_MM counters, butted for cutting), the
    front, or (`back`) the reverse: each unit's disrupted side (13.7.2: disrupted units are
    flipped face down) and each marker's face again, mirrored left to right so that, printed
    on the other side of the sheet (flip on the long edge), every back lies behind its front."""
    s, cols, margin = COUNTER_MM, SHEET_COLUMNS, 6.0
    pieces = counter_mix(game)
    title = game.source.meta["title"]
    width = cols * s + 2 * margin
    note = ("Back of the sheet: print it on the reverse, flipping on the long edge; each unit's back is its "
            "disrupted side (13.7.2), a marker's back repeats its face." if back else
            "Counter values and counts marked estimated in the data are reconstructions; strength-movement at "
            "the foot; print at 100 % (actual size): counters are 12.7 mm, to fit the printed map's 16 mm hexes.")
    note_lines = wrap(note, 2.4, width - 2 * margin)
    heading = f'{title}: counter sheet, {"back" if back else "front"}'
    size = min(4.5, (width - 2 * margin) / (len(heading) * 0.6))
    body: list = [Text(margin, 8, heading, paint(font_size=Fixed(size, 2), font_family=SANS, font_weight="bold"))]
    body += [Text(margin, 13 + i * 3.0, line, paint(font_size="2.4", font_family=SANS, fill="#a00"))
             for i, line in enumerate(note_lines)]
    y = 13 + len(note_lines) * 3.0 + 2
    for name, members in grouped(pieces):
        body.append(Text(margin, y + 4, name, paint(font_size="3.2", font_family=SANS, font_weight="bold")))
        y += 6
        for i, p in enumerate(members):
            r, c = divmod(i, cols)
            if back:
                c = cols - 1 - c
            cx, cy = margin + c * s + s / 2, y + r * s + s / 2
            if p.unit is not None:
                unit = Unit(p.unit.id, p.unit.side, p.unit.type, p.unit.hex, disrupted=back)
                body.append(counter(game, unit, cx, cy, s, side_band=True))
            else:
                body.append(marker_face(game, p.marker, p.side, cx, cy, s))
        y += ((len(members) + cols - 1) // cols) * s + 3
    height = y + margin
    body.insert(0, Rect(None, None, width, height, attrs=paint(fill="#fff")))
    return svg_document(width, height, body, title=f"{title}: counter sheet ({'back' if back else 'front'})",
                        print_scale=1)


def printables(game: HexGame) -> dict[str, list[tuple[str, str]]]:
    """The map at PRINT_HEX_MM hexes and the counter sheet (front and back) at their printed
    size (tiled over several sheets where the paper is smaller), and the charts fitted."""
    svg, _, _ = map_svg(game, size=PRINT_HEX_MM, print_scale=1)
    return {"map": [("map", svg)],
            "charts": [("charts-crt", crt_svg(game)), ("charts-tec", tec_svg(game)),
                       ("charts-ap-costs", ap_svg(game)), ("charts-phases", phases_svg(game)),
                       ("charts-tracks", tracks_svg(game))]
                      + [(f"charts-{name}", svg) for name, svg in (("city-bombing", cbt_svg(game)), ("air", air_svg(game)))
                         if svg is not None],
            "cards": [("counters-front", counter_sheet_svg(game)), ("counters-back", counter_sheet_svg(game, back=True))]}
