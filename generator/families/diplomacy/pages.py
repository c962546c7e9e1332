"""The family's `pages`: powers page, rule-module overview, geometry review (when
the game has traced outlines), DATC conformance page (when the game enables
`datc_page`), plus the render helper's map and adjacency pages when present."""
from __future__ import annotations

import html
import re
from pathlib import Path

from ...site.text import plain
from ...render.figure import figure_size
from ..base import Page
from .rules import modules


def _esc(text) -> str:
    """Content text inside a code span or a table cell (links are not parsed in code spans)."""
    return html.escape(str(text), quote=False).replace("|", "\\|")


def pages(game) -> list[Page]:
    out: list[Page] = [powers_page(game), rule_modules_page(game)]
    if (game.geometry or {}).get("contacts") is not None:
        from .checks import geometry_review_page
        out.append(geometry_review_page(game))
    if game.modules is not None and game.modules.has("datc_page"):
        out += datc_pages(game)
    try:
        from .pages_render import render_pages
    except ImportError:
        render_pages = None
    if render_pages is not None:
        out += render_pages(game)
    return out


_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _swatch(colour: str) -> str:
    """A colour chip; only a well-formed #rrggbb from the data reaches the style attribute."""
    c = colour if _COLOUR.match(str(colour)) else "#888888"
    return (f'<span style="display:inline-block;width:1.6em;height:1em;vertical-align:middle;'
            f'border:1px solid #555;background:{c}" role="img" aria-label="colour {c}"></span> `{c}`')


def _places(game, ids) -> str:
    m = game.map
    shown = []
    for pid in ids:
        prov = m.provinces.get(pid.split("/", 1)[0])
        name = f" ({prov.name})" if prov is not None and prov.name != m.display(pid) else ""
        shown.append(f"{m.display(pid)}{name}")
    return plain(", ".join(shown)) if shown else "—"


def _units(game, units) -> str:
    m = game.map
    out = []
    for text in units:
        kind, _, loc = str(text).partition(" ")
        out.append(f"{kind} {m.display(loc.strip())}" if loc else str(text))
    return plain(", ".join(out)) if out else "—"


def powers_page(game) -> Page:
    """Every power with its colour, home centres, starting units or default builds and
    coloured neutral centres, straight from the map data (names escaped)."""
    m = game.map
    start_units = game.start.units
    custom = game.modules is not None and game.modules.has("custom_start")
    neutral = (game.modules.params("neutral_armies").get("power", "NEUTRAL")
               if game.modules is not None and game.modules.has("neutral_armies") else None)
    n_sc = len(m.supply_centers)
    lines = [f"# Powers of {plain(game.title)}", "",
             f"{len(m.powers)} powers; {n_sc} supply centres, {m.victory_centers} needed to win. "
             "Colours are those of the map; home centres are the centres each power owns at "
             "the start.", ""]
    has_units = any(start_units.get(p) for p in m.powers)
    has_builds = bool(game.default_builds)
    has_coloured = bool(game.colored_neutral_centers)
    if custom:
        lines += ["The game opens with a build phase: every power builds on its home centres, and "
                  "a power that sends no orders gets the *default builds* listed here.", ""]
    head = ["Power", "Colour", "Home centres"]
    if has_units:
        head.append("Starting units")
    if has_builds:
        head.append("Default builds")
    if has_coloured:
        head.append("Coloured neutral centres")
    lines += ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for pid, power in m.powers.items():
        centres = game.start.centers.get(pid) or m.home_centers(pid)
        row = [f"{plain(power.name)} ({plain(pid)})", _swatch(power.color),
               f"{len(centres)}: {_places(game, centres)}"]
        if has_units:
            row.append(_units(game, start_units.get(pid) or []))
        if has_builds:
            row.append(_units(game, game.default_builds.get(pid) or []))
        if has_coloured:
            row.append(_places(game, game.colored_neutral_centers.get(pid) or []))
        lines.append("| " + " | ".join(row) + " |")
    if has_coloured:
        lines += ["", "Coloured neutral centres are drawn in the power's colour with a neutral frame; "
                  "they belong to nobody until a unit stands on them at the end of a fall turn."]
    if neutral and start_units.get(neutral):
        lines += ["", "## Neutral standing armies", "",
                  f"{len(start_units[neutral])} neutral armies stand on centres at the start: "
                  + _units(game, start_units[neutral]) + "."]
    return Page("powers.md", "\n".join(lines).rstrip() + "\n", "Powers")


def rule_modules_page(game) -> Page:
    enabled = game.modules.enabled if game.modules is not None else {}
    lines = [f"# Rule modules of {plain(game.title)}", "",
             "The Diplomacy engine applies the standard rules plus the variant modules a game "
             "enables in its `game.yaml` (`rules:`). This game's choices:", ""]
    if enabled:
        lines += ["| Module | Parameters |", "| --- | --- |"]
        for name, params in sorted(enabled.items()):
            mod = modules()[name]
            shown = ", ".join(f"`{k}` = `{_esc(v)}`" for k, v in sorted(params.items())) or "none"
            lines.append(f"| {_esc(mod.title)} (`{name}`) | {shown} |")
    else:
        lines.append("No variant module: the standard rules apply.")
    lines += ["", "## Adjudication choices", "",
              "Where the rulebooks leave room, the engine follows the preferences of the "
              "Diplomacy Adjudicator Test Cases (DATC v3.0):", "",
              "- convoy paradoxes are settled by the Szykman rule: the convoying fleets in the "
              "paradox hold and the convoyed army stays where it is;",
              "- a convoy is disrupted only when every route it could use is broken;",
              "- an army next to its destination goes by convoy only when its order says `VIA` or "
              "a fleet of its own power is ordered to convoy it (otherwise it takes the land route);",
              "- illegal orders are ignored and the unit holds; a unit given two different orders holds;",
              "- in adjustments the first legal orders are used; missing disbands follow the 2023 "
              "civil-disorder rule (farthest from an owned centre first, fleets before armies, then "
              "alphabetical).", "",
              "## All modules", ""]
    for name, mod in sorted(modules().items()):
        lines += [f"### {_esc(mod.title)} (`{name}`)", "", _esc(mod.summary), ""]
        if mod.params:
            lines += ["| Parameter | Default | Meaning |", "| --- | --- | --- |"]
            for key, p in sorted(mod.params.items()):
                choices = f" One of: {', '.join(f'`{c}`' for c in p.choices)}." if p.choices else ""
                lines.append(f"| `{key}` | `{_esc(p.default)}` | {_esc(p.description)}{choices} |")
            lines.append("")
    return Page("rule-modules.md", "\n".join(lines).rstrip() + "\n", "Rule modules", audience="authors")


def _datc_file(game) -> Path:
    rel = game.modules.params("datc_page").get("source") or "../shared/reference/datc/datc.json"
    repo = Path(__file__).resolve().parents[3]
    return (repo / rel).resolve()


# The DATC's own section titles (DATC v3.0, chapter 6), for the page's headings.
DATC_SECTIONS = {
    "6.A": "Basic checks", "6.B": "Coastal issues", "6.C": "Circular movement",
    "6.D": "Supports and dislodges", "6.E": "Head-to-head battles and beleaguered garrison",
    "6.F": "Convoys", "6.G": "Convoying to adjacent provinces", "6.H": "Retreating",
    "6.I": "Building", "6.J": "Civil disorder and disbands",
}


def datc_pages(game) -> list[Page]:
    from .datc import load_cases, run_case
    from .examples import diagram
    path = _datc_file(game)
    if not path.is_file():
        return []
    cases = load_cases(path)
    runs = []
    for case in cases:
        if case.get("datc_preferred"):
            runs.append((case, run_case(game, case)))
        else:
            runs.append((case, None))
    passed = sum(1 for _, r in runs if r is not None and r.passed)
    checked = sum(1 for _, r in runs if r is not None)
    lines = ["# DATC conformance", "",
             "The Diplomacy Adjudicator Test Cases (DATC, version 3.0, by Lucas B. Kruijswijk) "
             "are the standard test suite for Diplomacy adjudicators. Every case below was "
             "adjudicated by Mapwright's engine when this site was built: the orders, the "
             "expected result from the test data, the engine's result and its reason.", "",
             f"**{passed} of {checked}** cases that follow the DATC's preferred options agree with "
             f"the engine. {len(runs) - checked} further entries encode another rulebook's option "
             "(marked *alternative*); the engine follows the DATC preference there.", ""]
    assets: list[Page] = []
    section = None
    for case, run in runs:
        if case["section"] != section:
            section = case["section"]
            name = DATC_SECTIONS.get(section)
            lines += [f"## {_esc(section)} {name}" if name else f"## {_esc(section)}", ""]
        title = case["title"].capitalize()
        key = case["key"]
        if run is None:
            lines += [f"### {_esc(key)} {_esc(title)} — *alternative*", "",
                      f"Expectation for the {_esc(case.get('edition') or 'other')} rules; not adjudicated "
                      "here because the engine follows the DATC's preferred option.", ""]
            continue
        verdict = "✔" if run.passed else "✘"
        lines += [f"### {_esc(key)} {_esc(title)} {verdict}", ""]
        if case["phase"] == "retreat":
            lines += ["*Retreat case: the movement phase before it is replayed first.*", ""]
        lines += ["| Power | Order | Expected | Engine | Why |", "| --- | --- | --- | --- | --- |"]
        for row in run.rows:
            got = row["result"] if row["legal"] else "illegal"
            lines.append(f"| {_esc(row['power'].title())} | `{_esc(row['order'])}` | "
                         f"{_esc(row['expected'] or '—')} | {_esc(got)} | {_esc(row['reason'])} |")
        if not run.rows:
            lines.append("| — | (no orders) | — | — | — |")
        lines.append("")
        resp = run.responses[-1]
        extra = [t for t in resp["trace"] if not any(t.startswith(r["canonical"] + ":") or t.startswith(r["order"] + ":")
                                             for r in resp["results"])]
        for t in extra:
            lines.append(f"- {_esc(t)}")
        if extra:
            lines.append("")
        if run.note:
            lines += [f"!!! note \"Data file differs from the DATC text\"", f"    {_esc(run.note)}.", ""]
        for m in run.mismatches:
            lines.append(f"- **Mismatch:** {_esc(m)}")
        svg = diagram(game, run.requests[-1], resp, f"{key} {title}")
        if svg:
            stem = key.replace("@", "-").replace("~", "-").replace(".", "-")
            assets.append(Page(f"assets/datc/{stem}.svg", svg))
            # diagrams on demand: folded, and fetched only when unfolded (loading=lazy)
            size = figure_size(svg)
            dims = f" width={size[0]} height={size[1]}" if size else ""
            lines += ['??? note "Diagram"', "",
                      f"    ![{_esc(key)} diagram](assets/datc/{stem}.svg){{ .mw-figure loading=lazy{dims} }}", ""]
    return [Page("datc.md", "\n".join(lines).rstrip() + "\n", "DATC conformance")] + assets
