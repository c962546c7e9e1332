"""pages(game): the state table, the tile map, the card gallery and the parties page.

Every estimated value carries a visible † and is listed with its reasoning; every
unknown value shows as ?. Text from content is escaped for Markdown and SVG.
"""
from __future__ import annotations

import csv
import io
import json

from ...escape import code_span
from ..base import Page
from .cards import face_svg, sheet_layout
from ...escape import json_text
from .markup import md
from .model import Fact, Game
from .position import Position
from .tilemap import ESTIMATED_MARK, control_map, region_map

MARK = ESTIMATED_MARK


def _fact(fact: Fact | None, shown=None) -> str:
    if fact is None:
        return "—"
    if not fact.known:
        return "?"
    text = md(shown if shown is not None else fact.value)
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
                     "republican_on_ballot": bool(s.republican_on_ballot.value),
                     "republican_on_ballot_source": s.republican_on_ballot.source,
                     "territory": s.territory})
    return rows


def _estimates(game: Game) -> list[tuple[str, str, str, str]]:
    out = []
    for s in game.states.values():
        for label, fact in (("region", s.region), ("electoral votes", s.electoral_votes), ("PCR", s.pcr),
                            ("Republicans on ballot", s.republican_on_ballot)):
            if fact.estimated:
                out.append((s.name, label, str(fact.value), fact.reasoning))
    return out


def states_page(game: Game) -> str:
    lines = [f"# States of {md(game.title)}", "",
             f"The {len(game.base_states)} states and {len(game.states) - len(game.base_states)} territories "
             f"of the board, in polling order within each region. A {MARK} marks a value the rulebook does "
             "not print: it was reconstructed, and the list below the table gives the reasoning. "
             "The same data is available as [CSV](assets/states.csv) and [JSON](assets/states.json).", "",
             "Regions: " + ", ".join(f"{md(r.id)} {md(r.name)}" for r in game.regions.values()) + ".", "",
             "| State | Abbr. | Region | Electoral votes | PCR | Stronghold | Republicans on ballot |",
             "| --- | --- | --- | ---: | ---: | --- | --- |"]
    for s in game.states.values():
        region = game.regions.get(s.region_id)
        name = md(s.name) + (" *(territory)*" if s.territory else "")
        lines.append(f"| {name} | {md(s.abbr)} | {_fact(s.region, s.region_id)} | "
                     f"{_fact(s.electoral_votes)} | {_fact(s.pcr)} | "
                     f"{md(game.parties[s.stronghold_of].name) if s.stronghold_of in game.parties else ''} | "
                     f"{_fact(s.republican_on_ballot, _yes(s.republican_on_ballot.value))} |")
    total = sum(s.ev for s in game.base_states)
    lines += ["", f"The states hold **{total}** electoral votes; **{total // 2 + 1}** win the election. "
              "Admitted territories add their votes to both numbers (11.4).", "",
              "## Estimated values", "",
              "| State | Value | Estimate | Reasoning |", "| --- | --- | --- | --- |"]
    for name, label, value, why in _estimates(game):
        lines.append(f"| {md(name)} | {md(label)} | {md(value)} {MARK} | {md(why)} |")
    return "\n".join(lines) + "\n"


def states_csv(game: Game) -> str:
    rows = state_rows(game)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
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
        f"# Map of {md(game.title)}", "",
        "A tile map: one square per state, placed roughly where the state lies, coloured by region. "
        f"The large number is the PCR (with * where the Republicans are not on the ballot), the number in "
        f"brackets the electoral votes; ★ in a party colour marks a stronghold, {MARK} an estimated value "
        "(see [States](states.md)) and a dashed outline a territory.", "",
        "![Tile map of the states, coloured by region](assets/map.svg)", "",
        "## Control after the fixed set-up", "",
        "The same tiles coloured by control, with every party's fixed set-up PCFs on the board (5.1-5.4; the "
        "free PCFs are the players' choice). Worked examples in the rules use this drawing for their positions.", "",
        "![Control map after the fixed set-up](assets/setup-control.svg)", ""])


def cards_page(game: Game) -> str:
    known = len(game.cards)
    lines = [f"# Cards of {md(game.title)}", "",
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
        lines.append(f"| {md(c.title)} | {md(c.kind.replace('_', ' '))} | {_fact(c.pcf)} | "
                     f"{_fact(c.removed_after_event, _yes(c.removed_after_event.value))} | {_fact(playable, shown)} | "
                     f"{md(summary)} |")
        for label, fact in (("PCF", c.pcf), ("removed after use", c.removed_after_event), ("event by", playable)):
            if fact.estimated:
                estimated.append((c.title, label, fact))
    lines += ["", "## Estimated card values", "", "| Card | Value | Estimate | Reasoning |", "| --- | --- | --- | --- |"]
    for title, label, fact in estimated:
        value = _yes(fact.value) if isinstance(fact.value, bool) else fact.value
        lines.append(f"| {md(title)} | {md(label)} | {md(value)} {MARK} | {md(fact.reasoning)} |")
    lines += ["", "## Faces", ""]
    for c in game.cards.values():
        lines.append(f"![{md(c.title)}](assets/cards/{c.id}.svg){{ width=\"180\" }}")
    a4, letter = sheet_layout("a4"), sheet_layout("letter")
    lines += ["", "## Printing", "",
              f"`mapwright print` turns the printable sheets into PDF: poker-size cards (63 × 88 mm) with 3 mm "
              f"bleed and crop marks, {a4[2] * a4[3]} to an A4 page and {letter[2] * letter[3]} to a US Letter page.", ""]
    return "\n".join(lines) + "\n"


def parties_page(game: Game) -> str:
    lines = [f"# Parties of {md(game.title)}", "",
             "| Party | Colour | Candidates | Stronghold | Personal Appearances | Advantage |",
             "| --- | --- | --- | --- | ---: | --- |"]
    for p in game.parties.values():
        state = game.states.get(p.stronghold)
        adv = p.advantage
        lines.append(f"| {md(p.name)} ({md(p.id)}) | {md(p.colour_name)} | {md(p.president)} and "
                     f"{md(p.vice_president)} | {md(state.name if state else p.stronghold)} | "
                     f"{p.personal_appearances} | {md(adv.get('summary', ''))} ({md(adv.get('rule', ''))}) |")
    lines += ["", "## Set-up allocations", "",
              "| Party | Fixed PCFs | Free PCFs |", "| --- | --- | --- |"]
    for p in game.parties.values():
        fixed = ", ".join(f"{n} in {game.states[s].name if s in game.states else s}" for s, n in p.fixed)
        regions = ", ".join(game.regions[r].name if r in game.regions else r for r in p.free_regions)
        lines.append(f"| {md(p.name)} | {md(fixed)} | {p.free_pcfs} anywhere in the {md(regions)} |")
    lines += ["", "## Rule modules", "",
              "The engine applies these named rule modules, with the parameters from `game.yaml`:", "",
              "| Module | Parameters |", "| --- | --- |"]
    for name, params in sorted(game.rules.items()):
        lines.append(f"| {code_span(name)} | {code_span(json.dumps(params, sort_keys=True, ensure_ascii=False))} |")
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
