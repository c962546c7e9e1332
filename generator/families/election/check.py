"""check(game): consistency of the election data with itself and with the rules."""
from __future__ import annotations

from ...diagnostics import Diagnostic
from . import codes
from .model import Fact, Game
from .modules import registry, unwrap
from .modules._params import malformed, param_problems
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
        for field in ("region", "electoral_votes", "pcr", "stronghold", "off_ballot"):
            fact = getattr(s, field)
            if isinstance(fact, Fact) and (field != "off_ballot" or fact.source):  # absent: the default
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
        for i, party in enumerate(s.parties_off_ballot):
            if party not in game.parties:
                found.append(_diag(game, "states.yaml", f"{s.pointer}/off_ballot/value/{i}", codes.UNKNOWN_REF,
                                   f"{s.name}: unknown party '{party}' off the ballot", "use a party id of parties.yaml"))
        holder = s.stronghold_of
        if holder is not None and holder not in game.parties:
            found.append(_diag(game, "states.yaml", f"{s.pointer}/stronghold/value", codes.UNKNOWN_REF,
                               f"{s.name}: unknown stronghold party '{holder}'", "use a party id of parties.yaml"))
        elif holder is not None:
            party = game.parties[holder]
            if party.stronghold != s.id:
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
    span = game.card_range()
    for c in game.cards.values():
        value = c.playable_by.value if c.playable_by.known else "any"
        for i, party in enumerate(value if isinstance(value, list) else []):
            if party not in game.parties:
                found.append(_diag(game, "cards.yaml", f"{c.pointer}/playable_by/value/{i}", codes.UNKNOWN_REF,
                                   f"{c.title}: unknown party '{party}'", "use a party id of parties.yaml"))
        for region in sorted(c.modifiers):
            if region not in game.regions:
                found.append(_diag(game, "cards.yaml", f"{c.pointer}/modifiers/values", codes.UNKNOWN_REF,
                                   f"{c.title}: modifier for unknown region '{region}'", "use a region id"))
        if span and c.pcf.known and isinstance(c.pcf.value, int) and not span[0] <= c.pcf.value <= span[1]:
            found.append(_diag(game, "cards.yaml", f"{c.pointer}/pcf/value", codes.CARD_VALUE,
                               f"{c.title}: PCF value {c.pcf.value} is outside {span[0]}-{span[1]}",
                               "card values lie in the range `card_values` gives (4.1)"))
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
    known = registry()
    for name, params in sorted(game.rules.items()):
        pointer = f"/rules/{name}"
        module = known.get(name)
        if module is None:
            found.append(_diag(game, "game.yaml", pointer, codes.UNKNOWN_MODULE,
                               f"the election engine has no rule module '{name}'",
                               "known modules: " + ", ".join(sorted(known))))
            continue
        if params is not None and not isinstance(params, dict):
            found.append(_diag(game, "game.yaml", pointer, codes.UNKNOWN_MODULE,
                               f"rule module '{name}' takes a mapping of parameters", "write `{}` for none"))
            continue
        params = unwrap(params or {})
        for key in sorted(params):
            if key not in module.params:
                found.append(_diag(game, "game.yaml", f"{pointer}/{key}", codes.UNKNOWN_MODULE,
                                   f"rule module '{name}' takes no parameter '{key}'",
                                   "parameters: " + (", ".join(sorted(module.params)) or "none")))
                continue
            for message in param_problems(game, module.params[key], params[key]):
                found.append(_diag(game, "game.yaml", f"{pointer}/{key}", codes.UNKNOWN_MODULE,
                                   f"rule module '{name}', parameter '{key}': {message}",
                                   "use ids from the game's states.yaml, parties.yaml, regions.yaml and cards.yaml"))
        for key in sorted(module.required - set(params)):
            found.append(_diag(game, "game.yaml", pointer, codes.UNKNOWN_MODULE,
                               f"rule module '{name}' needs the parameter '{key}'", f"add `{key}:`"))
    for name, params in sorted(game.rules.items()):
        module = known.get(name)
        if module is None or "check" not in module.hooks or not isinstance(params if params is not None else {}, dict):
            continue
        values = unwrap(params or {})
        if malformed(game, module, values):
            continue
        for item in module.hooks["check"](game, values):
            where, message = item[0], item[1]
            code = item[2] if len(item) > 2 else codes.UNKNOWN_MODULE
            found.append(_diag(game, "game.yaml", f"/rules/{name}{where}", code,
                               f"rule module '{name}': {message}", "correct the parameter"))


def check(game: Game) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    _unique(game, found)
    _sources(game, found)
    _references(game, found)
    _modules(game, found)
    for party in game.parties.values():
        for pointer, message in allocation_problems(game, party):
            found.append(_diag(game, "parties.yaml", pointer, codes.SETUP_ILLEGAL, message,
                               "move the PCFs to a state or region the party may use"))
    return sorted(set(found))
