"""Campaign actions (7.1): the price of every PCF, placed one at a time.

The price is the sum of the terms the enabled modules give (`placement_cost`; a plain
1 when none does); control is re-read after every PCF, so a placement that breaks
control makes the next one cheaper. Who may place where is data: territories only
once admitted, never in a locked state, never where the party is off the ballot
unless a module's `ballot_waiver` lifts it. A Personal Appearance multiplies the
card's value (`appearance`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .control import control
from .model import Game
from .modules import first, hooks
from .position import Position


@dataclass
class Campaign:
    position: Position
    budget: int
    placed: dict[str, int] = field(default_factory=dict)
    costs: list[int] = field(default_factory=list)
    spent: int = 0
    refused: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)   # illegal requests, not just unaffordable

    @property
    def left(self) -> int:
        return self.budget - self.spent


@dataclass(frozen=True)
class PlacementContext:
    party: str
    state: str
    state_name: str
    region: str
    first_region: str | None
    holder: str | None
    region_waiver: str | None


def ballot_problem(game: Game, party: str, state_id: str, events=()) -> str | None:
    """2.4: why a party may not act in a state where it is off the ballot (None: it may)."""
    state = game.states[state_id]
    if party not in state.parties_off_ballot:
        return None
    if first(game, "ballot_waiver", party, tuple(events)) is not None:
        return None
    name = game.parties[party].name if party in game.parties else party
    return f"the {name} are not on the ballot in {state.name} (2.4)"


def blocked(game: Game, pos: Position, party: str, state_id: str, *, setup: bool = False,
            events=()) -> str | None:
    """Why a party may not place PCFs in a state now, or None when it may."""
    state = game.states.get(state_id)
    if state is None:
        return f"'{state_id}' is not a state of this game"
    if state.territory and (setup or state_id not in pos.admitted):
        return (f"{state.name} is a territory: no PCFs at set-up (5.0)" if setup
                else f"{state.name} is a territory not yet admitted")
    if state_id in pos.locked:
        return f"{state.name} is locked by {pos.locked[state_id]}: no more PCFs (7.6)"
    return ballot_problem(game, party, state_id, events)


def card_value_problem(game: Game, card: int) -> str | None:
    """4.1: a card's PCF value lies in the range cards.yaml gives."""
    span = game.card_range()
    if span and not span[0] <= card <= span[1]:
        return f"a card's PCF value is {span[0]} to {span[1]}, not {card} (4.1)"
    return None


def campaign(game: Game, pos: Position, party: str, card: int, place: list[dict], *,
             personal_appearance: bool = False, events=(), setup: bool = False) -> Campaign:
    result = Campaign(pos, card)
    bad_value = card_value_problem(game, card)
    if bad_value:
        result.problems.append(bad_value)
        result.budget = 0
        result.trace.append(f"Refused: {bad_value}.")
        return result
    if personal_appearance:
        answer = first(game, "appearance", party, tuple(events))
        multiplier, why = answer if answer is not None else (None, "this game has no Personal Appearances")
        if multiplier:
            result.budget = card * multiplier
            result.trace.append(f"A Personal Appearance{why} multiplies the {card}-PCF card by {multiplier}: "
                                f"{result.budget} points (10.0).")
        else:
            result.problems.append(why)
    waiver = first(game, "region_surcharge_waiver", party)
    pricing = hooks(game, "placement_cost")
    first_region = None
    for request in place:
        state_id = request["state"]
        for _ in range(int(request.get("pcfs", 1))):
            why_not = blocked(game, result.position, party, state_id, setup=setup, events=events)
            if why_not:
                result.problems.append(why_not)
                result.refused.append(state_id)
                result.trace.append(f"Refused: {why_not}.")
                continue
            state = game.states[state_id]
            ctx = PlacementContext(party, state_id, state.name, state.region_id, first_region,
                                   control(game, result.position, state_id).party, waiver)
            terms = [t for fn, params in pricing for t in fn(game, params, ctx)] or [(1, "1 a PCF")]
            cost = sum(points for points, _ in terms)
            why = "; ".join(text for _, text in terms)
            if cost > result.left:
                result.refused.append(state_id)
                result.trace.append(f"Cannot place in {state.name}: it costs {cost} ({why}) and only "
                                    f"{result.left} points are left.")
                continue
            if first_region is None:
                first_region = state.region_id
            result.position = result.position.add(state_id, party, 1)
            result.placed[state_id] = result.placed.get(state_id, 0) + 1
            result.costs.append(cost)
            result.spent += cost
            after = control(game, result.position, state_id)
            result.trace.append(f"1 PCF in {state.name} costs {cost} ({why}); {result.left} left. "
                                f"Now {after.reason}.")
    return result
