"""check(game): consistency of the election data with itself and with the rules."""
from __future__ import annotations

from ...diagnostics import Diagnostic
from . import codes
from .model import Fact, Game
from .ruleset import KNOWN_MODULES
from .setup import allocation_problems


def _diag(game: Game, file: str, pointer: str, code: str, message: str, hint: str = "") -> Diagnostic:
    doc = game.doc(file)
    if doc is None:
        return Diagnostic(f"{game.source.root}/{file}", 1, 1, code, message, pointer=pointer, hint=hint)
    return doc.diagnostic(pointer, code, message, hint=hint)


def _unique(game, found):
    seen: dict = {}
    for state in game.states.values():
        for key, value in (("abbreviation", state.abbr), ("tile", (state.col, state.row))):
            other = seen.setdefault((key, value), state)
            if other is not state:
                found.append(_diag(game, "states.yaml", f"{state.pointer}/{'abbr' if key == 'abbreviation' else 'tile'}",
                                   codes.DUPLICATE_ID, f"{state.name} has the same {key} as {other.name}",
                                   "give each state its own abbreviation and map square"))
    for file, key, items in (("states.yaml", "states", game.states), ("parties.yaml", "parties", game.parties),
                             ("cards.yaml", "cards", game.cards), ("regions.yaml", "regions", game.regions)):
        doc = game.doc(file)
        rows = (doc.data or {}).get(key, []) if doc and isinstance(doc.data, dict) else []
        ids = [r.get("id") for r in rows if isinstance(r, dict)]
        for i, ident in enumerate(ids):
            if ident in ids[:i]:
                found.append(_diag(game, file, f"/{key}/{i}/id", codes.DUPLICATE_ID,
                                   f"id '{ident}' is used twice", "ids must be unique"))


def _sources(game, found):
    known = {s.get("id") for s in game.source.meta.get("sources", []) if isinstance(s, dict)}
    known |= {"estimated", "unknown"}
    facts = []
    for s in game.states.values():
        for field in ("region", "electoral_votes", "pcr", "stronghold", "republican_on_ballot"):
            fact = getattr(s, field)
            if isinstance(fact, Fact):
                facts.append(("states.yaml", f"{s.pointer}/{field}/source", fact.source))
    for c in game.cards.values():
        for field in ("pcf", "removed_after_event", "playable_by"):
            facts.append(("cards.yaml", f"{c.pointer}/{field}/source", getattr(c, field).source))
        if c.modifiers_source:
            facts.append(("cards.yaml", f"{c.pointer}/modifiers/source", c.modifiers_source.split(" ")[0]))
    for file, key, items in (("regions.yaml", "regions", game.regions), ("parties.yaml", "parties", game.parties)):
        doc = game.doc(file)
        for i, row in enumerate((doc.data or {}).get(key, []) if doc and isinstance(doc.data, dict) else []):
            facts.append((file, f"/{key}/{i}/source", row.get("source")))
    for file, pointer, source in facts:
        if source not in known:
            found.append(_diag(game, file, pointer, codes.UNKNOWN_SOURCE,
                               f"source '{source}' is not listed in game.yaml",
                               "use a source id from game.yaml `sources`, `estimated` or `unknown`"))


def _references(game, found):
    for s in game.states.values():
        if s.region_id not in game.regions:
            found.append(_diag(game, "states.yaml", f"{s.pointer}/region/value", codes.UNKNOWN_REF,
                               f"{s.name}: unknown region '{s.region_id}'", "use a region id of regions.yaml"))
        if s.territory:
            card = game.cards.get(s.admitted_by)
            if card is None or card.admits != s.id:
                found.append(_diag(game, "states.yaml", f"{s.pointer}/admitted_by", codes.UNKNOWN_REF,
                                   f"{s.name} is a territory but no card '{s.admitted_by}' admits it",
                                   "name the statehood card whose `admits` is this territory"))
        holder = s.stronghold_of
        if holder is not None:
            party = game.parties.get(holder)
            if party is None or party.stronghold != s.id:
                found.append(_diag(game, "states.yaml", f"{s.pointer}/stronghold", codes.STRONGHOLD_MISMATCH,
                                   f"{s.name} is marked as {holder}'s stronghold, but parties.yaml disagrees",
                                   "make states.yaml and parties.yaml name the same stronghold"))
    for p in game.parties.values():
        state = game.states.get(p.stronghold)
        if state is None:
            found.append(_diag(game, "parties.yaml", f"{p.pointer}/stronghold", codes.UNKNOWN_REF,
                               f"{p.id}: unknown stronghold state '{p.stronghold}'", "use a state id of states.yaml"))
        elif state.stronghold_of != p.id:
            found.append(_diag(game, "parties.yaml", f"{p.pointer}/stronghold", codes.STRONGHOLD_MISMATCH,
                               f"{p.id}'s stronghold {state.name} is not marked as such in states.yaml",
                               "add `stronghold` to the state in states.yaml"))
        module = p.advantage.get("module")
        if module and module not in game.rules:
            found.append(_diag(game, "parties.yaml", f"{p.pointer}/advantage/module", codes.UNKNOWN_MODULE,
                               f"{p.id}'s advantage module '{module}' is not in game.yaml `rules`",
                               "add the module to game.yaml or fix the name"))
    for r in game.regions.values():
        card = game.cards.get(r.poll_card)
        if card is None or card.kind != "regional_poll" or card.region != r.id:
            found.append(_diag(game, "regions.yaml", f"{r.pointer}/poll_card", codes.POLL_CARD,
                               f"{r.name}: '{r.poll_card}' is not a Regional Poll card for this region",
                               "name the regional_poll card whose `region` is this region"))
    for c in game.cards.values():
        if c.admits and c.admits not in game.states:
            found.append(_diag(game, "cards.yaml", f"{c.pointer}/admits", codes.UNKNOWN_REF,
                               f"{c.title} admits unknown state '{c.admits}'", "use a state id"))
        if c.region and c.region not in game.regions:
            found.append(_diag(game, "cards.yaml", f"{c.pointer}/region", codes.UNKNOWN_REF,
                               f"{c.title} polls unknown region '{c.region}'", "use a region id"))
    if len(game.cards) > game.deck_size:
        found.append(_diag(game, "cards.yaml", "/deck_size", codes.DECK_SIZE,
                           f"{len(game.cards)} cards listed but the deck holds {game.deck_size}",
                           "correct deck_size or remove cards"))


def _modules(game, found):
    for name, params in sorted(game.rules.items()):
        pointer = f"/rules/{name}"
        if name not in KNOWN_MODULES:
            found.append(_diag(game, "game.yaml", pointer, codes.UNKNOWN_MODULE,
                               f"the election engine has no rule module '{name}'",
                               "known modules: " + ", ".join(sorted(KNOWN_MODULES))))
            continue
        for key in sorted(params or {}):
            if key not in KNOWN_MODULES[name]:
                found.append(_diag(game, "game.yaml", f"{pointer}/{key}", codes.UNKNOWN_MODULE,
                                   f"rule module '{name}' takes no parameter '{key}'",
                                   "parameters: " + (", ".join(sorted(KNOWN_MODULES[name])) or "none")))
        parties = []
        for key in ("party",):
            if key in (params or {}):
                parties.append(params[key])
        for key in ("initial_order", "parties", "remainder_order"):
            value = (params or {}).get(key) or []
            parties += value if isinstance(value, list) else [value]
        for party in parties:
            if not isinstance(party, str):
                found.append(_diag(game, "game.yaml", pointer, codes.UNKNOWN_MODULE,
                                   f"rule module '{name}' expects party ids, not {party!r}", "use a party id"))
            elif party not in game.parties:
                found.append(_diag(game, "game.yaml", pointer, codes.UNKNOWN_MODULE,
                                   f"rule module '{name}' names unknown party '{party}'", "use a party id"))
        for key in ("state",):
            state = (params or {}).get(key)
            if state is not None and not isinstance(state, str):
                found.append(_diag(game, "game.yaml", f"{pointer}/{key}", codes.UNKNOWN_MODULE,
                                   f"rule module '{name}' expects a state id, not {state!r}", "use a state id"))
            elif state is not None and state not in game.states:
                found.append(_diag(game, "game.yaml", f"{pointer}/{key}", codes.UNKNOWN_MODULE,
                                   f"rule module '{name}' names unknown state '{state}'", "use a state id"))


def _electoral_total(game, found):
    victory = game.rule("victory") or {}
    total = sum(s.ev for s in game.base_states)
    if "electoral_total" in victory and total != victory["electoral_total"]:
        found.append(_diag(game, "states.yaml", "/states", codes.ELECTORAL_TOTAL,
                           f"the states hold {total} electoral votes, not {victory['electoral_total']}",
                           "check each state's electoral_votes against the historical record"))
    if "majority" in victory and total // 2 + 1 != victory["majority"]:
        found.append(_diag(game, "game.yaml", "/rules/victory/majority", codes.ELECTORAL_TOTAL,
                           f"a majority of {total} is {total // 2 + 1}, not {victory['majority']}",
                           "the majority is one more than half the total, rounded down"))


def check(game: Game) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    _unique(game, found)
    _sources(game, found)
    _references(game, found)
    _modules(game, found)
    _electoral_total(game, found)
    for party in game.parties.values():
        for pointer, message in allocation_problems(game, party):
            found.append(_diag(game, "parties.yaml", pointer, codes.SETUP_ILLEGAL, message,
                               "move the PCFs to a state or region the party may use"))
    return sorted(set(found))
