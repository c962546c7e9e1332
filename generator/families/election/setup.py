"""Set-up (5.0-5.4): is an allocation legal, and is a concrete set-up legal?"""
from __future__ import annotations

from .costs import ballot_problem
from .model import Game, Party
from .momentum import placed_by as placers


def allowed_free_states(game: Game, party: Party) -> list[str]:
    """States where the party's free set-up PCFs may go (no territories, ballot access)."""
    return [s.id for s in game.states.values()
            if s.region_id in party.free_regions and not s.territory and not ballot_problem(game, party.id, s.id)]


def allocation_problems(game: Game, party: Party) -> list[tuple[str, str]]:
    """(json pointer in parties.yaml, message) for each illegal part of an allocation."""
    found = []
    for i, (state_id, _) in enumerate(party.fixed):
        where = f"{party.pointer}/setup/fixed/{i}/state"
        state = game.states.get(state_id)
        if state is None:
            found.append((where, f"{party.id} set-up names unknown state '{state_id}'"))
        elif state.territory:
            found.append((where, f"{party.id} set-up places PCFs in {state.name}, a territory (5.0)"))
        elif ballot_problem(game, party.id, state_id):
            found.append((where, f"{party.id} set-up places PCFs in {state.name}, where it is not on the ballot (2.4)"))
    for i, region in enumerate(party.free_regions):
        if region not in game.regions:
            found.append((f"{party.pointer}/setup/free/regions/{i}", f"unknown region '{region}'"))
    if party.free_pcfs and not allowed_free_states(game, party):
        found.append((f"{party.pointer}/setup/free", f"{party.id} has {party.free_pcfs} free PCFs but no "
                      f"state in {', '.join(party.free_regions) or 'no region'} may take them"))
    return found


def setup_problems(game: Game, placements: dict, players=None) -> tuple[list[str], dict]:
    """Problems with a concrete set-up (party -> {state: PCFs}), and who placed whose PCFs."""
    problems = []
    placed_by = placers(game, players)
    for party_id, party in game.parties.items():
        mine = {s: int(n) for s, n in (placements.get(party_id) or {}).items()}
        for state_id in sorted(mine):
            state = game.states.get(state_id)
            if state is None:
                problems.append(f"{party_id}: unknown state '{state_id}'")
            elif state.territory:
                problems.append(f"{party_id}: no PCFs may be placed in {state.name} at set-up (5.0)")
            elif ballot_problem(game, party_id, state_id):
                problems.append(f"{party_id}: not on the ballot in {state.name} (2.4)")
        rest = dict(mine)
        for state_id, n in party.fixed:
            if rest.get(state_id, 0) < n:
                problems.append(f"{party_id}: needs {n} PCFs in {game.states[state_id].name}, has "
                                f"{rest.get(state_id, 0)} ({party.id} set-up)")
            rest[state_id] = rest.get(state_id, 0) - n
        free = {s: n for s, n in rest.items() if n > 0}
        outside = sorted(s for s in free if s in game.states and game.states[s].region_id not in party.free_regions)
        for s in outside:
            problems.append(f"{party_id}: {free[s]} free PCFs in {game.states[s].name}, outside "
                            f"{', '.join(party.free_regions)}")
        if sum(free.values()) != party.free_pcfs:
            problems.append(f"{party_id}: {sum(free.values())} free PCFs placed, the allocation gives "
                            f"{party.free_pcfs}")
    return problems, placed_by
