"""A statehood card played as an event (4.2, 9.3, 11.4): the territory joins the Union,
and each enabled module answering `on_admission` adds its effect (a Stronghold token
for the player, the free-state secession roll)."""
from __future__ import annotations

from .electoral import needed_to_win, total_votes
from .model import Game
from .modules import hooks
from .position import Position


def admission_effects(game: Game, pos: Position, ctx: dict, players=None) -> tuple[Position, dict, list[str]]:
    result: dict = {}
    trace: list[str] = []
    for fn, params in hooks(game, "on_admission", players):
        pos, part, lines = fn(game, params, pos, ctx)
        for key, value in part.items():
            if isinstance(value, dict) and isinstance(result.get(key), dict):
                result[key] = {**result[key], **value}
            elif isinstance(value, list) and isinstance(result.get(key), list):
                result[key] = result[key] + value
            else:
                result[key] = value
        trace += lines
    return pos, result, trace


def admit(game: Game, pos: Position, party: str, card_id: str, *, admitted_by=None, order=(),
          players=None) -> tuple[Position, dict, list[str], list[str]]:
    """(position, result, trace, problems) of `party` playing the statehood card `card_id`."""
    card = game.cards.get(card_id)
    if card is None or not card.admits:
        return pos, {}, [], [f"'{card_id}' is not a statehood card"]
    territory = card.admits
    state = game.states[territory]
    problems = []
    if territory in pos.admitted or territory in (admitted_by or {}):
        problems.append(f"{state.name} is already a state")
    allowed = card.playable_by.value if card.playable_by.known else "any"
    if isinstance(allowed, list) and party not in allowed:
        problems.append(f"{card.title} may be played as an event only by {', '.join(allowed)} (7.2)")
    if problems:
        return pos, {}, [], problems
    pos = pos.admit(territory)
    trace = [f"{party} plays {card.title}: {state.name} joins the {state.region_id} with {state.ev} electoral "
             f"votes and PCR {state.requirement} (4.2)."]
    ctx = {"party": party, "territory": territory, "admitted_by": {**(admitted_by or {}), territory: party},
           "order": list(order)}
    pos, effects, lines = admission_effects(game, pos, ctx, players)
    total = total_votes(game, pos.admitted)
    needed, why = needed_to_win(game, total)
    result = {"admitted": sorted(pos.admitted), **effects, "electoral_total": total, "majority": needed}
    trace += lines + [f"{total} electoral votes are now in play; {why}."]
    return pos, result, trace, []
