"""The family's `pages`: powers page, rule-module overview, geometry review (when
the game has traced outlines), the pages the enabled rule modules add (their `pages`
hook: the DATC conformance page), and the map and adjacency pages (pages_render)."""
from __future__ import annotations

import json
import re

from ...escape import code_span, md_cell, md_text
from ...render import colour_chip
from ..base import Page
from .checks import geometry_review_page
from .pages_render import render_pages
from .rules import enabled, modules
from .rules._engine import pages as module_pages, start_notes


def pages(game) -> list[Page]:
    out: list[Page] = [powers_page(game), rule_modules_page(game)]
    if (game.geometry or {}).get("contacts") is not None:
        out.append(geometry_review_page(game))
    return out + module_pages(game) + render_pages(game)


_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _swatch(colour: str) -> str:
    """A colour chip; only a well-formed #rrggbb from the data reaches the style attribute."""
    c = colour if _COLOUR.match(str(colour)) else "#888888"
    return f"{colour_chip(c)} `{c}`"


def _places(game, ids) -> str:
    m = game.map
    shown = []
    for pid in ids:
        prov = m.provinces.get(pid.split("/", 1)[0])
        name = f" ({prov.name})" if prov is not None and prov.name != m.display(pid) else ""
        shown.append(f"{m.display(pid)}{name}")
    return md_cell(", ".join(shown)) if shown else "—"


def _units(game, units) -> str:
    m = game.map
    out = []
    for text in units:
        kind, _, loc = str(text).partition(" ")
        out.append(f"{kind} {m.display(loc.strip())}" if loc else str(text))
    return md_cell(", ".join(out)) if out else "—"


def powers_page(game) -> Page:
    """Every power with its colour, home centres, starting units or default builds and
    coloured neutral centres, straight from the map data (names escaped)."""
    m = game.map
    start_units = game.start.units
    n_sc = len(m.supply_centers)
    lines = [f"# Powers of {md_text(game.title)}", "",
             f"{len(m.powers)} powers; {n_sc} supply centres, {m.victory_centers} needed to win. "
             "Colours are those of the map; home centres are the centres each power owns at "
             "the start.", ""]
    has_units = any(start_units.get(p) for p in m.powers)
    has_builds = bool(game.default_builds)
    has_coloured = bool(game.colored_neutral_centers)
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
        row = [f"{md_cell(power.name)} ({md_cell(pid)})", _swatch(power.color),
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
    notes = start_notes(game)   # what the rule modules say about the start
    if notes:
        lines += [""] + notes
    return Page("powers.md", "\n".join(lines).rstrip() + "\n", "Powers")


def rule_modules_page(game) -> Page:
    chosen = enabled(game).enabled
    lines = [f"# Rule modules of {md_text(game.title)}", "",
             "The Diplomacy engine applies the standard rules plus the variant modules a game "
             "enables in its `game.yaml` (`rules:`). This game's choices:", ""]
    if chosen:
        lines += ["| Module | Parameters |", "| --- | --- |"]
        for name, params in sorted(chosen.items()):
            mod = modules()[name]
            shown = ", ".join(f"{code_span(k)} = {code_span(_value(v))}" for k, v in sorted(params.items()))
            lines.append(f"| {md_cell(mod.title)} ({code_span(name)}) | {shown or 'none'} |")
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
              "## All modules", "",
              "Each module is one file of the engine that declares the points of the rules it "
              "changes (its *hooks*).", ""]
    for name, mod in sorted(modules().items()):
        lines += [f"### {md_text(mod.title)} ({code_span(name)})", "", md_text(mod.summary), "",
                  "Hooks: " + ", ".join(code_span(h) for h in mod.hooks) + ".", ""]
        if mod.params:
            lines += ["| Parameter | Default | Meaning |", "| --- | --- | --- |"]
            for key, p in sorted(mod.params.items()):
                choices = f" One of: {', '.join(code_span(c) for c in p.choices)}." if p.choices else ""
                lines.append(f"| {code_span(key)} | {code_span(_value(p.default))} | "
                             f"{md_cell(p.description)}{choices} |")
            lines.append("")
    return Page("rule-modules.md", "\n".join(lines).rstrip() + "\n", "Rule modules", audience="authors")


def _value(value) -> str:
    """A parameter value as game.yaml would write it (JSON-like: lists, mappings)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True) if not isinstance(value, str) else value
