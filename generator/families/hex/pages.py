"""The hex family's site pages: map, charts, scenarios, counters (Markdown + SVG assets)."""
from __future__ import annotations

from ..base import Page
from .check import border_distance
from ...escape import admonition_title, md_cell, md_text, url
from .model import Fact, HexGame
from .air import missions
from .bombing import cbt_of
from .printables import (COUNTER_MM, KEY_WIDTH_PX, PRINT_HEX_MM, air_svg, ap_svg, cbt_svg, counter_key_svg,
                         counter_sheet_svg, crt_svg, phases_svg, tec_svg, tracks_svg)
from .naming import cite, game_names
from ...render import Swatch, cell_lines, colour_key, figure_size, map_viewer, swatch
from .render import TERRAIN_FILL, interactive_map_svg, map_svg, thumbnail_svg
from .scenarios import BOXES, side_summary
from .victory import region_and_cities

EST = " *(estimated)*"
NOTE = ('!!! warning "Reconstruction"\n    Values marked *(estimated)* are not printed in the rulebook: they are our '
        'reconstruction, chosen so that every statement the rules make holds. The reasoning for each is given below it '
        'or in the data files.\n')


def fact(fv: Fact) -> str:
    v = "no entry" if fv.value is None else fv.value
    return f"{md_cell(v)}{EST if fv.estimated else ''}"


def map_page(game: HexGame) -> str:
    m = game.map
    title = game.source.meta["title"]
    # the map first, so a reader sees it at once; then why it is a reconstruction
    intro = ["# Map (reconstruction)", "",
             f"This map is a reconstruction, not the published one (*source: estimated*), projected onto "
             f"{m.hex_km:g} km hexes.", ""] if m.source.estimated else ["# Map", ""]
    why = [NOTE, f"> {md_text(m.source.reasoning)}", ""] if m.source.estimated else []
    lines = intro + [
             map_viewer(interactive_map_svg(game), noun="hex or city", hint="Hex number or city",
                        idle="Select a hex to see its terrain, country and city.",
                        key=colour_key("The sides' home countries", [(x.name, x.colour) for x in m.sides],
                                       "Land is tinted faintly in its home country's colour.")), "",
             "Point at a hex to see its terrain, country and city; click it, or type its number (XXYY) or a "
             "city's name in the find box, to select it. Zoom with the wheel, a pinch or the buttons; drag to "
             "pan (arrow keys when the map has the focus); *Whole map* shows all of it. Links of the form "
             "`#prov=XXYY` open the map with that hex selected.", "", *why,
             f"The printed map (PDF, linked under the title) has hexes {PRINT_HEX_MM:g} mm across, so that the "
             f"{COUNTER_MM:g} mm counters of the counter sheet fit them; on A4 it is tiled over several sheets, "
             "with an assembly key first and a strip repeated between neighbouring sheets to glue them together. "
             "[The map as one SVG](assets/map.svg).", "",
             "## Hex numbers", "",
             f"Hexes are flat-topped and stand in vertical columns. A hex number is **XXYY**: column, then row, both from 01 at "
             f"the top left ({m.grid.columns} columns x {m.grid.rows} rows). Layout parameter `offset: {m.grid.offset}`: "
             + ("columns 02, 04, ... sit half a hex lower." if m.grid.offset == "even-columns-down" else
                "columns 01, 03, ... sit half a hex lower."), "",
             "## Legend", "", "| Symbol | Meaning | Effects |", "|---|---|---|"]
    for t in game.terrain.values():
        lines.append(f"| {swatch(Swatch(TERRAIN_FILL.get(t.id, '#fff')))} | {md_cell(t.name)} | "
                     f"MP {fact(t.movement)}; combat line {fact(t.combat_line)} |")
    names = " / ".join(md_cell(x.id) for x in m.sides)
    lines += ["| thin blue hexside | Ordinary river | see the Terrain Effects Chart |",
              "| thick blue hexside | Great river | crossed only at bridges (15.2.1) |",
              "| white square on a hexside | Bridge | |", f"| dashed black hexside | {names} border | |",
              "| light blue hexside | Sea or lake hexside | no ZOC, no crossing *(estimated)* |",
              "| black square / dot | Capital / city | |", "| gold diamond | Resource centre | |"]
    for x in m.sides:
        lines.append(f"| {swatch(Swatch(x.colour, opacity='.4'))} | "
                     f"{md_cell(x.name)} ({md_cell(x.id)}) home country | {sum(1 for c in m.country.values() if c == x.id)} hexes |")
    lines += [""] + border_section(game) + ["## Cities", ""]
    regions = sorted(m.regions)
    lines += ["| City | Hex | Country | Capital |" + "".join(f" {md_cell(r.replace('-', ' ').capitalize())} |" for r in regions),
              "|---|---|---|---|" + "---|" * len(regions)]
    for c in sorted(m.cities.values(), key=lambda c: (c.country, c.name)):
        lines.append(f"| {md_cell(c.name)} | {c.hex} | {md_cell(c.country)} | {'yes' if c.capital else ''} |"
                     + "".join(f" {'yes' if c.hex in m.regions[r] else ''} |" for r in regions))
    lines += ["", "All city placements and the choice of cities are *(estimated)*. Each city stands in a hex on the "
              "bank of every river, and in the country, where its real coordinates lie; the map script refuses a "
              "placement that would cross a river or the border.", "", "## Resource centres", "",
              f"A resource centre adds {fact(game.feature_defence['resource-centre'])} SP to the defence of its hex"
              + (f" ({md_cell(game.feature_defence['resource-centre'].reasoning)})" if game.feature_defence['resource-centre'].estimated else "")
              + "." if "resource-centre" in game.feature_defence else "", "",
              "| Resource centre | Hex | Country |", "|---|---|---|"]
    for r in sorted(m.resource_centres.values(), key=lambda r: (r.country, r.name)):
        lines.append(f"| {md_cell(r.name)} | {r.hex} | {md_cell(r.country)} |")
    lines += ["", "The choice of resource centres is *(estimated)*: 1930s oil fields, refineries, steel and power sites."]
    return "\n".join(lines) + "\n"


def border_section(game: HexGame) -> list[str]:
    """Who holds the border hexsides and their bridges (15.1.3, 15.2.2), with the reading, from map.yaml `border`."""
    m = game.map
    held = m.border_held_by
    bridges = sorted((k, m.bridge_names.get(k, "")) for k, feats in m.hexsides.items() if "border" in feats and "bridge" in feats)
    lines = ["## The border", ""]
    if held.value:
        lines.append(f"Border hexsides, and the bridges on them, count as **{md_cell(held.value)}** home country "
                     f"({md_cell(cite(game, held.source))}{' ' + md_cell(held.rule) if held.rule and held.rule not in held.source else ''})"
                     + (" *(estimated)*" if held.estimated else "") + ".")
    else:
        lines.append("No side holds the border hexsides: a bridge on the border must be captured by either side before use.")
    if held.reasoning:
        lines += ["", f"> {md_text(held.reasoning)}"]
    if bridges:
        lines += ["", "| Border bridge | Hexside | Held at the start by |", "|---|---|---|"]
        lines += [f"| {md_cell(name) or '-'} | {a}-{b} | {md_cell(held.value or 'nobody')} |" for (a, b), name in bridges]
    return lines + [""]


def charts_page(game: HexGame) -> str:
    crt = game.crt
    doc = game.source.docs["crt.yaml"].data
    lines = ["# Charts and tables", "", NOTE, "## Combat Results Table" + (EST if crt.estimated else ""), "",
             "Results read *attacker LPs / defender LPs* (13.5 F). Modified roll = one d6 + DRM, never above "
             f"{crt.max_roll} (13.5.1 D). A differential below a line's first column cannot be attacked at; above its "
             "last, the last column is used (13.5 C-D).", "",
             "| Normal line | " + " | ".join(f"{d:+d}" for d in crt.lines["normal"]) + " |",
             "|---|" + "---|" * len(crt.lines["normal"]),
             "| **Defender's Advantage line** | " + " | ".join(f"**{d:+d}**" for d in crt.lines["defender-advantage"]) + " |"]
    for r in sorted(crt.rows):
        lines.append(f"| roll {r} | " + " | ".join(str(x) for x in crt.rows[r]) + " |")
    lines += ["", f"**Why these values (estimated):** {md_cell(doc.get('reasoning', ''))}", "",
              "[Printable CRT (SVG)](assets/charts/crt.svg)", "",
              "## Terrain Effects Chart", "", "| Terrain | MP to enter | Combat line | Forts allowed | Armour stacks alone |",
              "|---|---|---|---|---|"]
    for t in game.terrain.values():
        lines.append(f"| {md_cell(t.name)} | {fact(t.movement)} | {fact(t.combat_line)} | {'yes' if t.forts_allowed else 'no'} | "
                     f"{'yes' if t.armour_stacks_alone else ''} |")
    lines += ["", "| Feature | Defence (SPs) | Counts as cities when captured (5.4 C) |", "|---|---|---|"]
    weights = {"capital": game.capital_weight}
    terrain_doc = game.source.docs.get("terrain.yaml")
    names = {f["id"]: f["name"] for f in ((terrain_doc.data or {}).get("features", []) if terrain_doc else [])}
    for fid, fv in game.feature_defence.items():
        lines.append(f"| {md_cell(names.get(fid, fid))} | {fact(fv)} | {fact(weights[fid]) if fid in weights else ''} |")
    reasons = [(names.get(fid, fid), fv.reasoning) for fid, fv in game.feature_defence.items() if fv.estimated]
    if reasons:
        lines += ["", "Estimated entries:", ""] + [f"- **{md_cell(n)}**: {md_cell(r)}" for n, r in reasons]
    lines += ["", "| Hexside | Extra MP (home / enemy country) | Blocks ZOC | Defender's Advantage when all attacks cross |",
              "|---|---|---|---|"]
    for h in game.hexside_types.values():
        if h.bridge_only:
            mp = "only at a bridge (15.2.1)"
        elif h.passable.value is False:
            mp = "cannot be crossed" + (EST if h.passable.estimated else "")
        else:
            mp = f"{fact(h.movement_home)} / {fact(h.movement_enemy)}"
        lines.append(f"| {md_cell(h.name)} | {mp} | {'yes' if h.blocks_zoc else ''} | {'yes' if h.defender_advantage else ''} |")
    reasons = [(t.name, t.movement.reasoning) for t in game.terrain.values() if t.movement.estimated]
    reasons += [(h.name, (h.passable.reasoning or h.movement_home.reasoning)) for h in game.hexside_types.values()
                if h.passable.estimated or h.movement_home.estimated]
    reasons += [(f"{h.name}, advance after an amphibious assault: {'allowed' if h.advance_after_amphibious_assault.value else 'none'}",
                 h.advance_after_amphibious_assault.reasoning + (f" Other reading: {h.alternative}" if h.alternative else ""))
                for h in game.hexside_types.values() if h.advance_after_amphibious_assault.estimated]
    if reasons:
        lines += ["", "Estimated entries:", ""] + [f"- **{md_cell(n)}**: {md_cell(r)}" for n, r in reasons]
    lines += ["", "[Printable TEC (SVG)](assets/charts/tec.svg)", "", "## AP Cost Chart", "",
              "| Action | APs | Per | Rule |", "|---|---|---|---|"]
    for c in game.charts.get("ap_costs", []):
        mark = EST if c["source"] == "estimated" else ""
        lines.append(f"| {md_cell(c['action'])} | {c['ap']}{mark} | {md_cell(c['per'])} | {md_cell(c['rule'])} |")
    lines += ["", "[Printable AP Cost Chart (SVG)](assets/charts/ap-costs.svg)", "", "## Phase Summary", "",
              "| Phase | Rule | AP expenditure |", "|---|---|---|"]
    for p in game.charts.get("phases", []):
        lines.append(f"| {md_cell(p['name'])} | {md_cell(p['rule'])} | {md_cell(p['aps'])} |")
    irt = game.charts.get("initiative_track", {})
    bps = Fact.read(irt.get("boxes_per_side", {"value": 12, "source": "estimated"}))
    lines += ["", "[Printable Phase Summary (SVG)](assets/charts/phases.svg)", ""] + air_sections(game)
    lines += ["## Turn and Initiative Record Tracks", "",
              f"A game lasts {game.charts['turn_track']['turns']} turns of {game.charts['turn_track'].get('turn_days', 15)} days (16.5, 3.5). "
              f"The IRT has {fact(bps)} boxes on each side of zero" + (f" ({md_cell(bps.reasoning)})" if bps.estimated else "") + ".",
              ""] + ap_track_lines(game) + ["",
              "[Printable tracks (SVG)](assets/charts/tracks.svg)", ""]
    return "\n".join(lines)


def ap_track_lines(game: HexGame) -> list[str]:
    """The AP track's length (charts.yaml `ap_track.max`), marked when estimated."""
    top = (game.charts.get("ap_track") or {}).get("max")
    if top is None:
        return []
    fv = Fact.read(top)
    return [f"The AP track runs from 0 to {fact(fv)} (5.1.1)" + (f": {md_cell(fv.reasoning)}" if fv.estimated else ".")]


def air_sections(game: HexGame) -> list[str]:
    """Airstrike missions and the City Bombing Table (variant 13A), each value marked when estimated."""
    ms = missions(game)
    cbt = cbt_of(game)
    lines: list[str] = []
    if ms:
        lines += ["## Airstrike missions (variant 13A)", "",
                  "A marker flies one mission a turn (13A.1), only as far from a city its side holds as the mission's "
                  "range (13A.3); every two interceptors remove one strike (13A.4.4 C).", "",
                  "| Mission | Rule | Phase | APs per strike | Range (hexes) | Interceptable |", "|---|---|---|---|---|---|"]
        for m in ms.values():
            row = next((r for r in game.charts.get("ap_costs", []) if r["id"] == m.ap_cost_id), None)
            cost = "missing" if row is None else f"{row['ap']}{EST if row.get('source') == 'estimated' else ''}"
            phase = game_names(game).get(m.phase, m.phase)
            lines.append(f"| {md_cell(m.name)} | {md_cell(m.rule)} | {md_cell(phase)} | {cost} | {fact(m.range)} | "
                         f"{'yes' if m.interceptable else 'no'} |")
        reasons = [(m.name, m.range.reasoning) for m in ms.values() if m.range.estimated]
        if reasons:
            lines += ["", "Estimated ranges:", ""] + [f"- **{md_cell(n)}**: {md_cell(r)}" for n, r in reasons]
        lines += ["", "[Printable airstrike chart (SVG)](assets/charts/air.svg)", ""]
    if cbt is not None:
        heads = [f"{cbt.heading(i)} strike{'s' if cbt.columns[i] > 1 or i == len(cbt.columns) - 1 else ''}"
                 for i in range(len(cbt.columns))]
        lines += ["## City Bombing Table" + (EST if cbt.estimated else ""), "",
                  f"Strikes left after interception (columns) and one d{cbt.die_sides} (rows). {md_cell(cbt.effect)}", "",
                  "| Die roll | " + " | ".join(heads) + " |", "|---|" + "---|" * len(heads)]
        for r in sorted(cbt.rows):
            lines.append(f"| {r} | " + " | ".join(str(x) for x in cbt.rows[r]) + " |")
        if cbt.estimated:
            lines += ["", f"**Why these values (estimated):** {md_cell(cbt.reasoning)}"]
        lines += ["", "[Printable City Bombing Table (SVG)](assets/charts/city-bombing.svg)", ""]
    return lines


def _fort_deployment(game: HexGame, fd: dict) -> str:
    """The fort limit, and the rulebook's example hex where the scenario records one (it may not)."""
    line = f"- Forts within {fd['max_hexes_from_border']} hexes of the border"
    if not fd.get("example"):
        return line + "."
    hex_id = fd["example"]["hex"]
    return line + f"; the rulebook's example hex {hex_id} is {border_distance(game, hex_id)} hexes away on our map."


def scenarios_page(game: HexGame) -> str:
    lines = ["# Scenario tables", "",
             "Each scenario lasts ten turns (16.5). Force tables are shown **as printed**; where the printed figures contradict "
             "the printed corps equivalent, the reading we use is shown beside them and the erratum explains it. "
             "Derived figures are recomputed by the checker.", ""]
    errata = {e["id"]: e for e in game.errata}
    bonus = int(game.scenario_variant.get("ap_bonus", {}).get("value", 0))
    dcost = Fact.read(game.scenario_variant.get("doctrine_ap_cost", {"value": 0}))
    for sc in game.scenarios:
        lines += [f"## {sc['id']} {md_cell(sc['name'])}", "", md_cell(sc.get("summary", "")), ""]
        for side, sd in sc["sides"].items():
            s = side_summary(sd)
            lines += [f"### {side}", "", "| Box | Forts | Infantry (printed) | Armor (printed) |"
                      + (" Infantry (reading) | Armor (reading) |" if sd.get("reading") else ""),
                      "|---|---|---|---|" + ("---|---|" if sd.get("reading") else "")]
            for b in BOXES:
                p = sd["printed"][b]
                row = f"| {b} | {p['forts']} | {p['infantry']} | {p['armor']} |"
                if sd.get("reading"):
                    r = sd["reading"][b]
                    row += f" {r['infantry']} | {r['armor']} |"
                lines.append(row)
            verdict = "agrees" if s["reading_agrees"] else "**does not agree**"
            lines += ["", f"- Corps equivalent: printed **{s['stated_ce']}**; recomputed {s['divisions']} divisions / 2 = "
                          f"{s['used_ce']:g} ({verdict})" + ("" if s["printed_agrees"] else f"; the table as printed gives only {s['printed_ce']:g}"),
                      f"- Corps in the Corps Organization Box at start (7.0 D): {s['corps_box']}",
                      f"- AP level: {sd['ap_level']} (with the variant, 17.4.1: {sd['ap_level'] + bonus}; each special doctrine "
                      f"costs {fact(dcost)})",
                      f"- Airstrike markers (variant 17.4.3): {sd.get('air_markers', 0)}"]
            if sd.get("fort_deployment"):
                lines.append(_fort_deployment(game, sd["fort_deployment"]))
            if sd.get("erratum") and sd["erratum"] in errata:
                rules = ", ".join(cite(game, r) for r in errata[sd["erratum"]].get("rules", []))
                lines.append(f"- An erratum to {md_text(rules)} applies: see [Errata and readings](#errata-and-readings).")
            lines.append("")
        lines += ["### Victory", "", f"{md_text(sc['victory']['side'])} wins at the end of turn {sc.get('turns', 10)} if any of these holds:", ""]
        for cond in sc["victory"]["any_of"]:
            if cond["kind"] == "occupy":
                extra = ""
                if cond.get("including_one_of"):
                    names = [game.map.cities[c].name if c in game.map.cities else c for c in cond["including_one_of"]]
                    extra = " including one of " + ", ".join(md_text(n) for n in names)
                lines.append(f"- occupy {cond.get('count', 1)} {md_text(cond['country'])} "
                             f"{md_text(cond['of'].replace('-', ' '))}{extra}")
            else:
                west = [game.map.cities[c].name for c in region_and_cities(game, cond["region"], cond["country"])[1]]
                lines.append(f"- clear the {md_text(cond['region'].replace('-', ' '))} of {md_text(cond['country'])} units "
                             f"and occupy all its {md_text(cond['country'])} cities "
                             f"(on our map: {', '.join(md_text(w) for w in sorted(west))})")
        lines.append("")
    forces = game.scenario_variant.get("intervention_forces") or []
    if forces:
        lines += ["## Intervention forces (variant 16.7)", "",
                  "Either side may take a contingent; the two are hostile and never join the same side (16.7.1 A). "
                  "Their units never build corps and are never replaced (16.7.1 B).", "",
                  "| Contingent | Units | Airstrike markers | Hostile to | Source |", "|---|---|---|---|---|"]
        for c in forces:
            units = ", ".join(f"{n} {md_cell(game_names(game).get(t, t))}" for t, n in sorted(c["units"].items()))
            lines.append(f"| {md_cell(c['name'])} ({md_cell(c['id'])}) | {units} | {c['air_markers']} | "
                         f"{md_cell(', '.join(c.get('hostile_to', [])))} | {md_cell(cite(game, c['source']))} |")
        lines.append("")
    lines += ["## Errata and readings", ""]
    for e in game.errata:
        rules = ", ".join(cite(game, r) for r in e.get("rules", [])) or "the rules"
        lines += [f'!!! note "Erratum to {admonition_title(rules)}"',
                  f"    **Printed ({md_text(rules)}):** {md_cell(e['printed'])}", "",
                  f"    **Our reading:** {md_cell(e['reading'])}", ""]
    return "\n".join(lines)


def counters_page(game: HexGame, key_svg: str) -> str:
    """The counters on screen: one of each kind, legible (`key_svg`: counter_key_svg); the
    full sheets, at their real size, are the downloads and the print PDFs."""
    w, h = figure_size(key_svg) or (round(KEY_WIDTH_PX), 0)
    dims = f" width={w} height={h}" if h else ""
    lines = ["# Counters", "", NOTE,
             f"The counter sheet prints at its real size: {COUNTER_MM:g} mm counters, which fit the printed map's "
             f"{PRINT_HEX_MM:g} mm hexes, with every unit's disrupted side (13.7.2) on the back of the sheet and "
             "the markers (3.3.5, and the air markers of variant 13A) after the units. Print the PDF two-sided "
             "(flip on the long edge) at 100 %, or glue the back behind the front, then cut along the counter edges. "
             "The rulebook gives no counter size; these are the usual ones *(estimated)*.", "",
             "Below, one counter of each kind, drawn large enough to read on screen (not to scale). The sheets "
             "themselves: [front (SVG)](assets/counters.svg) · [back (SVG)](assets/counters-back.svg), "
             "and the print PDFs linked at the top of this page.", "",
             f"![The counters, one of each kind: each unit's front and disrupted back, each marker]"
             f"(assets/counter-key.svg){{ .mw-figure{dims} }}", "",
             "| Unit | Arm | Size | Strength | Movement | Loss points | Counters per side | Rule module |",
             "|---|---|---|---|---|---|---|---|"]
    for t in game.unit_types.values():
        lines.append(f"| {md_cell(t.name)} | {t.arm} | {t.size} | {fact(t.strength)} | {fact(t.movement)} | {fact(t.loss_points)} | "
                     f"{fact(t.counters)} | {md_cell(t.variant or 'base game')} |")
    lines += ["", "Estimated entries:", ""]
    for t in game.unit_types.values():
        for label, fv in (("strength", t.strength), ("movement", t.movement), ("loss points", t.loss_points), ("counters", t.counters)):
            if fv.estimated:
                lines.append(f"- **{md_cell(t.name)}, {label}**: {md_cell(fv.reasoning)}")
    return "\n".join(lines) + "\n"


def coverage_page(rows: list[dict]) -> str:
    """Every numbered section with the worked examples that check it, or why none do
    (`rows`: coverage.coverage of coverage.yaml and the rules pages)."""
    checked = sum(1 for r in rows if r["examples"])
    lines = ["# Rules coverage", "",
             f"Each numbered section of the rulebook and of the 20.0 variant, with the worked examples that check it "
             f"(their `rule:` names the section or one of its subsections, or coverage.yaml names them), or why it has "
             f"none. {checked} of {len(rows)} sections are checked by examples; the build fails when a section has "
             "neither an example nor a reason (HEX040).", "",
             "| Section | Heading | Worked examples, or why none |", "|---|---|---|"]
    for r in rows:
        if r["examples"]:
            what = cell_lines(f"[{md_cell(e.title)}]({url(e.page)})" for e in r["examples"])
        else:
            what = f"*{md_cell(r['none'])}*"
        lines.append(f"| {md_cell(r['id'])} | {md_cell(r['title'])} | {what} |")
    return "\n".join(lines) + "\n"


def pages(game: HexGame) -> list[Page]:
    svg, _, _ = map_svg(game)
    thumb = thumbnail_svg(game)
    key = counter_key_svg(game)
    return [Page("map.md", map_page(game), "Map"), Page("assets/map.svg", svg),
            Page("charts.md", charts_page(game), "Charts and tables"),
            Page("assets/charts/crt.svg", crt_svg(game)), Page("assets/charts/tec.svg", tec_svg(game)),
            Page("assets/charts/ap-costs.svg", ap_svg(game)), Page("assets/charts/phases.svg", phases_svg(game)),
            Page("assets/charts/tracks.svg", tracks_svg(game)),
            *[Page(f"assets/charts/{name}.svg", svg) for name, svg in (("air", air_svg(game)), ("city-bombing", cbt_svg(game)))
              if svg is not None],
            Page("scenarios.md", scenarios_page(game), "Scenario tables"),
            Page("counters.md", counters_page(game, key), "Counters"), Page("assets/counter-key.svg", key),
            Page("assets/counters.svg", counter_sheet_svg(game)),
            Page("assets/counters-back.svg", counter_sheet_svg(game, back=True)),
            Page("thumbnail.svg", thumb)]
