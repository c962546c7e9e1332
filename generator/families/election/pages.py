"""pages(game): the state table, the tile map, the card gallery and the parties page.

Every estimated value carries a visible † and is listed with its reasoning; every
unknown value shows as ?. Text from content is escaped for Markdown and SVG.
"""
from __future__ import annotations

import csv
import io

from ..base import Page
from .cards import face_svg, sheet_layout
from ...escape import code_span, csv_cell, json_text, md_cell, md_text
from .electoral import needed_to_win, settings, total_votes
from .modules import estimates, registry
from .model import Fact, Game
from .position import Position
from ...render import colour_key, map_viewer
from .tilemap import ESTIMATED_MARK, control_map, region_map

MARK = ESTIMATED_MARK


def _fact(fact: Fact | None, shown=None) -> str:
    if fact is None:
        return "—"
    if not fact.known:
        return "?"
    text = md_cell(shown if shown is not None else fact.value)
    return f"{text} {MARK}" if fact.estimated else text


def _yes(value) -> str:
    return "yes" if value else "no"


def state_rows(game: Game) -> list[dict]:
    rows = []
    for s in game.states.values():
        rows.append({"id": s.id, "name": s.name, "abbr": s.abbr, "region": s.region_id,
                     "region_source": s.region.source, "electoral_votes": s.ev,
                     "electoral_votes_source": s.electoral_votes.source, "pcr": s.requirement,
                     "pcr_source": s.pcr.source, "stronghold": s.stronghold_of or "",
                     "off_ballot": " ".join(s.parties_off_ballot), "off_ballot_source": s.off_ballot.source,
                     "territory": s.territory})
    return rows


def _estimates(game: Game) -> list[tuple[str, str, str, str]]:
    out = []
    for s in game.states.values():
        for label, fact in (("region", s.region), ("electoral votes", s.electoral_votes), ("PCR", s.pcr),
                            ("parties off the ballot", s.off_ballot)):
            if fact.estimated:
                value = ", ".join(fact.value) or "none" if isinstance(fact.value, list) else str(fact.value)
                out.append((s.name, label, value, fact.reasoning))
    return out


def states_page(game: Game) -> str:
    lines = [f"# States of {md_text(game.title)}", "",
             f"The {len(game.base_states)} states and {len(game.states) - len(game.base_states)} territories "
             f"of the board, in polling order within each region. A {MARK} marks a value the rulebook does "
             "not print: it was reconstructed, and the list below the table gives the reasoning. "
             "The same data is available as [CSV](assets/states.csv) and [JSON](assets/states.json).", "",
             "Regions: " + ", ".join(f"{md_text(r.id)} {md_text(r.name)}" for r in game.regions.values()) + ".", "",
             "| State | Abbr. | Region | Electoral votes | PCR | Stronghold | Not on the ballot |",
             "| --- | --- | --- | ---: | ---: | --- | --- |"]
    for s in game.states.values():
        region = game.regions.get(s.region_id)
        name = md_cell(s.name) + (" *(territory)*" if s.territory else "")
        off = ", ".join(game.parties[p].name if p in game.parties else p for p in s.parties_off_ballot)
        lines.append(f"| {name} | {md_cell(s.abbr)} | {_fact(s.region, s.region_id)} | "
                     f"{_fact(s.electoral_votes)} | {_fact(s.pcr)} | "
                     f"{md_cell(game.parties[s.stronghold_of].name) if s.stronghold_of in game.parties else ''} | "
                     f"{_fact(s.off_ballot, off or '—')} |")
    total = sum(s.ev for s in game.base_states)
    needed, _ = needed_to_win(game, total)
    with_all = total_votes(game, [s.id for s in game.states.values()])
    fixed = isinstance(settings(game).get("majority"), int)
    lines += ["", f"The states hold **{total}** electoral votes; **{needed}** win the election."
              + (f" Admitted territories add their votes to those in play (up to {with_all}), but the "
                 f"winning number stays **{needed}**: the rules print it as the number that wins (9.0, 11.0, "
                 f"11.1) and no rule raises it when a territory joins." if fixed and with_all != total else
                 " Admitted territories add their votes to those in play, and the majority (one more than "
                 "half) rises with them." if with_all != total else ""), "",
              "## Estimated values", "",
              "| State | Value | Estimate | Reasoning |", "| --- | --- | --- | --- |"]
    for name, label, value, why in _estimates(game):
        lines.append(f"| {md_cell(name)} | {md_cell(label)} | {md_cell(value)} {MARK} | {md_cell(why)} |")
    return "\n".join(lines) + "\n"


def states_csv(game: Game) -> str:
    rows = state_rows(game)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: csv_cell(v) if isinstance(v, str) else v for k, v in row.items()})
    return buffer.getvalue()


def setup_position(game: Game) -> Position:
    """Every party's fixed set-up PCFs (5.1-5.4), the free ones left out."""
    pos = Position()
    for party in game.parties.values():
        for state, n in party.fixed:
            if state in game.states:
                pos = pos.add(state, party.id, n)
    return pos


def map_page(game: Game) -> str:
    return "\n".join([
        f"# Map of {md_text(game.title)}", "",
        map_viewer(region_map(game, interactive=True), noun="state", hint="State code or name",
                   idle="Select a state to see its region, electoral votes and PCR.",
                   key=colour_key("The regions' colours", [(r.name, r.colour) for r in game.regions.values()])), "",
        "A tile map: one square per state, placed roughly where the state lies, coloured by region. "
        "The large number is the PCR (with * where a party is not on the ballot; the panel beside the map names "
        f"it), the number in brackets the electoral votes; ★ in a party colour marks a stronghold, {MARK} after a "
        f"value an estimate, {MARK} after the abbreviation an estimated region (see [States](states.md) for the "
        "reasoning) and a dashed outline a territory. Point at a state, click it, or type its abbreviation or "
        "name in the find box to see its facts. [The tile map as one SVG](assets/map.svg).", "",
        "## Control after the fixed set-up", "",
        "The same tiles coloured by control, with every party's fixed set-up PCFs on the board (5.1-5.4; the "
        "free PCFs are the players' choice). Worked examples in the rules use this drawing for their positions.", "",
        "![Control map after the fixed set-up](assets/setup-control.svg)", ""])


def cards_page(game: Game) -> str:
    known = len(game.cards)
    lines = [f"# Cards of {md_text(game.title)}", "",
             f"The Campaign Deck has **{game.deck_size}** cards. The rulebook prints no card list, so only the "
             f"**{known}** cards it names are shown here; the other **{game.deck_size - known}** are unknown and "
             "are not invented. On the faces, ? marks a value no source gives and "
             f"{MARK} an estimated one. The faces are drawn from our data; they are not the published cards.", "",
             "| Card | Kind | PCF | Removed after use | Event by | What the rules say it does (our summary) |",
             "| --- | --- | ---: | --- | --- | --- |"]
    estimated = []
    for c in game.cards.values():
        playable = c.playable_by
        shown = None
        if playable.known:
            shown = "any party" if playable.value == "any" else ", ".join(playable.value)
        summary = c.summary + (f" Modifiers: {c.modifiers_note}." if c.modifiers_note else "")
        lines.append(f"| {md_cell(c.title)} | {md_cell(c.kind.replace('_', ' '))} | {_fact(c.pcf)} | "
                     f"{_fact(c.removed_after_event, _yes(c.removed_after_event.value))} | {_fact(playable, shown)} | "
                     f"{md_cell(summary)} |")
        for label, fact in (("PCF", c.pcf), ("removed after use", c.removed_after_event), ("event by", playable)):
            if fact.estimated:
                estimated.append((c.title, label, fact))
    lines += ["", "## Estimated card values", "", "| Card | Value | Estimate | Reasoning |", "| --- | --- | --- | --- |"]
    for title, label, fact in estimated:
        value = _yes(fact.value) if isinstance(fact.value, bool) else fact.value
        lines.append(f"| {md_cell(title)} | {md_cell(label)} | {md_cell(value)} {MARK} | {md_cell(fact.reasoning)} |")
    lines += ["", "## Faces", ""]
    for c in game.cards.values():
        lines.append(f"![{md_text(c.title)}](assets/cards/{c.id}.svg){{ width=\"180\" }}")
    a4, letter = sheet_layout("a4"), sheet_layout("letter")
    lines += ["", "## Printing", "",
              f"The card sheets are PDFs (linked under this page's title) of poker-size cards (63 × 88 mm) with "
              f"3 mm bleed and crop marks, {a4[2] * a4[3]} to an A4 page and {letter[2] * letter[3]} to a US Letter "
              f"page; print them at 100 % (actual size). "
              f"{code_span(f'mapwright print {game.source.game_id} --what cards --paper letter')} makes the same files.", ""]
    return "\n".join(lines) + "\n"


def in_words(game: Game, value) -> str:
    """A rule parameter as a reader reads it: states, regions and cards by name, lists
    joined, yes/no for flags, a mapping as "key: value" pairs (a nested one in brackets)."""
    if isinstance(value, bool):
        return _yes(value)
    if value is None:
        return "none"
    if isinstance(value, str):
        for table in (game.states, game.regions):
            if value in table:
                return table[value].name
        return game.cards[value].title if value in game.cards else value
    if isinstance(value, (list, tuple)):
        return ", ".join(in_words(game, v) if not isinstance(v, (list, dict)) else f"({in_words(game, v)})"
                         for v in value) or "none"
    if isinstance(value, dict):
        if "value" in value and "source" in value:   # a sourced fact: its value
            return in_words(game, value["value"])
        return "; ".join(f"{in_words(game, k).replace('_', ' ')}: "
                         + (f"({in_words(game, v)})" if isinstance(v, dict) else in_words(game, v))
                         for k, v in value.items()) or "none"
    return str(value)


def parties_page(game: Game) -> str:
    lines = [f"# Parties of {md_text(game.title)}", "",
             "| Party | Colour | Candidates | Stronghold | Personal Appearances | Advantage |",
             "| --- | --- | --- | --- | ---: | --- |"]
    for p in game.parties.values():
        state = game.states.get(p.stronghold)
        adv = p.advantage
        lines.append(f"| {md_cell(p.name)} ({md_cell(p.id)}) | {md_cell(p.colour_name)} | {md_cell(p.president)} and "
                     f"{md_cell(p.vice_president)} | {md_cell(state.name if state else p.stronghold)} | "
                     f"{p.personal_appearances} | {md_cell(adv.get('summary', ''))} ({md_cell(adv.get('rule', ''))}) |")
    lines += ["", "## Set-up allocations", "",
              "| Party | Fixed PCFs | Free PCFs |", "| --- | --- | --- |"]
    for p in game.parties.values():
        fixed = ", ".join(f"{n} in {game.states[s].name if s in game.states else s}" for s, n in p.fixed)
        regions = ", ".join(game.regions[r].name if r in game.regions else r for r in p.free_regions)
        lines.append(f"| {md_cell(p.name)} | {md_cell(fixed)} | {p.free_pcfs} anywhere in the {md_cell(regions)} |")
    lines += ["", "## Rule modules", "",
              "The engine applies these rule modules, with the parameters the game's data gives them. A "
              "module for fewer players is in force only at its player count.", "",
              "| Module | Rule | What it does | Parameters |", "| --- | --- | --- | --- |"]
    known = registry()
    for name, params in sorted(game.rules.items()):
        module = known.get(name)
        shown = {k: (v["value"] if isinstance(v, dict) and "value" in v and "source" in v else v)
                 for k, v in (params or {}).items()}
        when = f" (with {module.players} players)" if module and module.players else ""
        lines.append(f"| {md_cell(name.replace('_', ' ').capitalize())} | {md_cell(module.rule if module else '?')} | "
                     f"{md_cell((module.summary if module else 'unknown module') + when)} | "
                     f"{md_cell(in_words(game, shown) if shown else 'none')} |")
    found = estimates(game)
    if found:
        lines += ["", "## Estimated rule parameters", "",
                  "| Module | Parameter | Value | Reasoning |", "| --- | --- | --- | --- |"]
        for name, key, fact in found:
            mark = f" {MARK}" if fact.get("source") == "estimated" else ""
            lines.append(f"| {md_cell(name.replace('_', ' ').capitalize())} | {md_cell(key.replace('_', ' '))} | "
                         f"{md_cell(in_words(game, fact.get('value')))}{mark} | "
                         f"{md_cell(fact.get('reasoning') or fact.get('source', ''))} |")
    return "\n".join(lines) + "\n"


def pages(game: Game) -> list[Page]:
    out = [Page("states.md", states_page(game), "States"),
           Page("assets/states.csv", states_csv(game)),
           Page("assets/states.json", json_text(state_rows(game), indent=1, sort_keys=True) + "\n"),
           Page("map.md", map_page(game), "Map"),
           Page("assets/map.svg", region_map(game)),
           Page("thumbnail.svg", region_map(game)),  # the home page's picture of the game
           Page("assets/setup-control.svg", control_map(game, setup_position(game),
                                                         title="Control after the fixed set-up")),
           Page("cards.md", cards_page(game), "Cards"),
           Page("parties.md", parties_page(game), "Parties")]
    out += [Page(f"assets/cards/{c.id}.svg", face_svg(game, c)) for c in game.cards.values()]
    return out
