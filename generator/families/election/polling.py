"""Regional polling (7.4-7.6) and Final Polling (9.0-9.2), one state at a time.

Each state is resolved by the first rule that decides it: a lock (7.6); then the
enabled modules answering `resolve_first` (a legislature's thresholds, the stronghold
rule of Final Polling); then plain control (7.5, with `tie_break`); for a tie, the
modules answering `resolve_tie` (splitting the votes, a party's tie advantage, the
region tie-break of Final Polling); for a state nobody wins, `resolve_unclaimed`
(a candidate outside the game, a scenario's fallback). Dice are never rolled: a
secession check is reported as a chance.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .control import control
from .model import Game
from .modules import first, hooks
from .outcome import StateOutcome
from .position import Position

REGIONAL, FINAL = "regional", "final"

__all__ = ["REGIONAL", "FINAL", "StateOutcome", "PollResult", "resolve_state", "regional_poll",
           "final_polling", "electoral_votes", "lock_multiple", "never_locked"]


def _stage(game, stage, pos, state, phase, ctl, players):
    for fn, params in hooks(game, stage, players):
        decided = fn(game, params, pos, state, phase, ctl)
        if decided is not None:
            return decided
    return None


def resolve_state(game: Game, pos: Position, state_id: str, phase: str, players=None) -> StateOutcome:
    """Who wins one state in this poll, and by which rule (no locking, no tie-break by region)."""
    state = game.states[state_id]
    if state_id in pos.locked:
        party = pos.locked[state_id]
        return StateOutcome(state_id, winner=party, reason=f"{state.name} is locked: {party} wins it (7.6)")
    c = control(game, pos, state_id)
    decided = _stage(game, "resolve_first", pos, state, phase, c, players)
    if decided is not None:
        return decided
    if c.party:
        return StateOutcome(state_id, winner=c.party, reason=c.reason + " (7.5)")
    if c.tied:
        decided = _stage(game, "resolve_tie", pos, state, phase, c, players)
        if decided is not None:
            return decided
    unclaimed = _stage(game, "resolve_unclaimed", pos, state, phase, c, players)
    if unclaimed is not None:
        unclaimed.reason = c.reason + "; " + unclaimed.reason
        return unclaimed
    return StateOutcome(state_id, reason=c.reason + ": nobody wins it")


def lock_multiple(game: Game, players=None) -> int | None:
    """How many times the PCR a party needs to lock a state; None when no module locks."""
    return first(game, "lock_threshold", players=players)


def never_locked(game: Game, players=None) -> set[str]:
    out: set[str] = set()
    for fn, params in hooks(game, "never_lock", players):
        out |= set(fn(game, params))
    return out


def _lock(game: Game, pos: Position, out: StateOutcome, players) -> bool:
    multiple = lock_multiple(game, players)
    if multiple is None or out.winner is None or out.state in never_locked(game, players):
        return False
    if out.state in pos.locked:
        return False
    state = game.states[out.state]
    counts = pos.counts(out.state)
    mine = counts.get(out.winner, 0)
    others = max((n for p, n in counts.items() if p != out.winner), default=0)
    return mine >= multiple * state.requirement and mine > others


@dataclass
class PollResult:
    position: Position
    outcomes: list[StateOutcome]
    cards: dict = field(default_factory=dict)     # state -> party holding its card (None: unclaimed)
    trace: list[str] = field(default_factory=list)

    def to_dict(self, game: Game) -> dict:
        out = {"winners": {o.state: o.shown_winner for o in self.outcomes}}
        splits = {o.state: o.split for o in self.outcomes if o.split}
        if splits:
            out["splits"] = splits
        out["locked"] = sorted(o.state for o in self.outcomes if o.locked_now)
        gained = {o.state: o.gained for o in self.outcomes if o.gained}
        if gained:
            out["gained"] = gained
        if self.cards:
            out["cards"] = dict(sorted(self.cards.items()))
        out["electoral_votes"] = electoral_votes(game, self.outcomes)
        chances = {o.state: str(o.secession) for o in self.outcomes if o.secession}
        if chances:
            out["secession_chance"] = chances
        return out


def electoral_votes(game: Game, outcomes) -> dict[str, int]:
    votes = {p: 0 for p in game.parties}
    for o in outcomes:
        if o.winner:
            votes[o.winner] += game.states[o.state].ev
        for p, n in o.split.items():
            votes[p] += n
    return votes


def regional_poll(game: Game, pos: Position, region: str, *, held=None, players=None) -> PollResult:
    """7.4-7.6: poll each state of the region in order; winners take (or keep) the card."""
    cards = dict(held or {})
    outcomes, trace = [], [f"Regional poll of the {game.regions[region].name}."]
    for state in game.states_in(region, pos.admitted):
        out = resolve_state(game, pos, state.id, REGIONAL, players)
        for party, n in out.gained.items():
            pos = pos.add(state.id, party, n)
        trace.append(out.reason + ".")
        if _lock(game, pos, out, players):
            out.locked_now = True
            pos = pos.lock(state.id, out.winner)
            trace.append(f"{out.winner} has at least {lock_multiple(game, players)} x PCR and the most PCFs: "
                         f"{state.name} is locked for {out.winner}; its PCFs are removed (7.6).")
        if out.winner:
            cards[state.id] = out.winner
        elif out.split:
            cards[state.id] = None
            trace.append(f"{state.name}'s votes are shared; its card is set aside (9.4).")
        else:
            if cards.get(state.id):
                trace.append(f"{cards[state.id]} loses the {state.name} card (7.5).")
            cards[state.id] = None
        outcomes.append(out)
    return PollResult(pos, outcomes, cards, trace)


def final_polling(game: Game, pos: Position, regions=None, players=None) -> PollResult:
    """Final Polling (9.0): every region in order; ties broken by region afterwards (9.2)."""
    regions = list(regions or game.regions)
    outcomes, trace = [], []
    for region in regions:
        trace.append(f"Final Polling of the {game.regions[region].name}.")
        first = [resolve_state(game, pos, s.id, FINAL, players) for s in game.states_in(region, pos.admitted)]
        for out in first:
            if out.pending_tie:
                held = {p: sum(1 for o in first if o is not out and o.winner == p) for p in out.pending_tie}
                best = max(held.values())
                top = [p for p, n in held.items() if n == best]
                counts = ", ".join(f"{p} {n}" for p, n in sorted(held.items()))
                if len(top) == 1:
                    out.winner = top[0]
                    out.reason += f": other {region} states held — {counts}; {top[0]} wins it (9.2)"
                else:
                    out.reason += f": other {region} states held — {counts}; still level, nobody wins it (9.2)"
                out.pending_tie = ()
            trace.append(out.reason + ".")
        outcomes += first
    return PollResult(pos, outcomes, {}, trace)
