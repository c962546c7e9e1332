"""Campaign actions (7.1): the price of every PCF, placed one at a time.

Costs are cumulative modifiers on a base of 1: +1 in any region beyond the first
of this action (waived for the party with `radicalism`, 8.3) and +1 in a state
another party controls at the moment of placement. Control is re-read after every
PCF, so a placement that breaks control makes the next one cheaper. A Personal
Appearance doubles the card's value (10.0).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .control import control
from .model import Game
from .position import Position
from .ruleset import costs as cost_table, param


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


def may_act_in(game: Game, party: str, state_id: str, *, popular_appeal: bool = False) -> bool:
    """2.4: the Republicans act only where they are on the ballot (Popular Appeal aside)."""
    state = game.states[state_id]
    return bool(state.republican_on_ballot.value) or party != "R" or popular_appeal


def blocked(game: Game, pos: Position, party: str, state_id: str, *, setup: bool = False,
            popular_appeal: bool = False) -> str | None:
    """Why a party may not place PCFs in a state now, or None when it may."""
    state = game.states.get(state_id)
    if state is None:
        return f"'{state_id}' is not a state of this game"
    if state.territory and (setup or state_id not in pos.admitted):
        return (f"{state.name} is a territory: no PCFs at set-up (5.0)" if setup
                else f"{state.name} is a territory not yet admitted")
    if state_id in pos.locked:
        return f"{state.name} is locked by {pos.locked[state_id]}: no more PCFs (7.6)"
    if not may_act_in(game, party, state_id, popular_appeal=popular_appeal):
        return f"the Republicans are not on the ballot in {state.name} (2.4)"
    return None


def campaign(game: Game, pos: Position, party: str, card: int, place: list[dict], *,
             personal_appearance: bool = False, speaking_tour: bool = False,
             popular_appeal: bool = False, setup: bool = False) -> Campaign:
    base, extra_region, controlled = cost_table(game)
    budget = card
    result = Campaign(pos, budget)
    if personal_appearance:
        allowed = game.parties[party].personal_appearances > 0 or speaking_tour
        if allowed:
            budget = card * int(param(game, "personal_appearance", "doubling", 2))
            result.budget = budget
            result.trace.append(f"A Personal Appearance doubles the {card}-PCF card to {budget} points (10.0).")
        else:
            result.problems.append(f"{party} may not make a Personal Appearance without "
                                   f"{param(game, 'personal_appearance', 'unlocked_for_republicans_by', 'a card')} (10.0)")
    radical = param(game, "radicalism", "party")
    first_region = None
    for request in place:
        state_id = request["state"]
        for _ in range(int(request.get("pcfs", 1))):
            why_not = blocked(game, result.position, party, state_id, setup=setup,
                              popular_appeal=popular_appeal)
            if why_not:
                result.problems.append(why_not)
                result.refused.append(state_id)
                result.trace.append(f"Refused: {why_not}.")
                continue
            state = game.states[state_id]
            region = state.region_id
            cost, why = base, [f"base {base}"]
            if first_region is not None and region != first_region:
                if party == radical:
                    why.append(f"no extra for a second region: {party} radicalism (8.3)")
                else:
                    cost += extra_region
                    why.append(f"+{extra_region} outside {first_region}, the action's first region")
            holder = control(game, result.position, state_id).party
            if holder and holder != party:
                cost += controlled
                why.append(f"+{controlled} as {holder} controls {state.name}")
            if cost > result.left:
                result.refused.append(state_id)
                result.trace.append(f"Cannot place in {state.name}: it costs {cost} "
                                    f"({'; '.join(why)}) and only {result.left} points are left.")
                continue
            if first_region is None:
                first_region = region
            result.position = result.position.add(state_id, party, 1)
            result.placed[state_id] = result.placed.get(state_id, 0) + 1
            result.costs.append(cost)
            result.spent += cost
            after = control(game, result.position, state_id)
            result.trace.append(f"1 PCF in {state.name} costs {cost} ({'; '.join(why)}); "
                                f"{result.left} left. Now {after.reason}.")
    return result
