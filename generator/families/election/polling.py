"""Regional polling (7.4-7.6) and Final Polling (8.4, 9.2-9.7), one state at a time.

Each state is resolved by the first rule that decides it, in this order:
locked (7.6) -> the state's legislature rule (9.6, South Carolina) -> the stronghold
rule of Final Polling (9.3) -> plain control with stronghold ties (7.5) -> for ties:
New Jersey's split (9.4), the Constitutional Unionist tie advantage (8.4), and in
Final Polling the region tie-break (9.2) -> for states nobody wins: third-party
awards (9.5 New York, 9.7 Texas) and the two-player Missouri rule (12.1).
Dice are never rolled: South Carolina's secession check is reported as a chance.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .control import control, describe, standings
from .model import Game, State
from .position import Position
from .ruleset import active, lock_multiple, never_locked, param, scenario

REGIONAL, FINAL = "regional", "final"


@dataclass
class StateOutcome:
    state: str
    winner: str | None = None        # a party id
    third_party: str = ""            # someone outside the game (New York, Texas)
    split: dict = field(default_factory=dict)
    locked_now: bool = False
    gained: dict = field(default_factory=dict)
    secession: Fraction | None = None
    pending_tie: tuple = ()          # final polling: tied parties awaiting 9.2
    reason: str = ""

    @property
    def shown_winner(self):
        return self.winner or self.third_party or None


def _legislature(game: Game, pos: Position, state: State) -> StateOutcome | None:
    """9.6: the legislature chooses; each party needs its own threshold (and share)."""
    if param(game, "state_legislature", "state") != state.id:
        return None
    thresholds = param(game, "state_legislature", "thresholds", {}) or {}
    shares = param(game, "state_legislature", "share", {}) or {}
    counts = pos.counts(state.id)
    top, leaders = standings(counts)
    out = StateOutcome(state.id)
    if len(leaders) != 1:
        out.reason = (f"{state.name}: {describe(counts)}; no single party leads, so nobody wins "
                      f"(9.6; ties here are not broken)")
        return out
    party = leaders[0]
    need = int(thresholds.get(party, state.requirement))
    if top < need:
        out.reason = (f"{state.name}: {party} leads with {top} but needs {need} PCFs here (9.6); "
                      f"nobody wins")
        return out
    if party in shares:
        num, den = shares[party]
        total = pos.total(state.id)
        if top * den < total * num:
            out.reason = (f"{state.name}: {party} has {top} of {total} PCFs, less than {num}/{den} "
                          f"of them (9.6); nobody wins")
            return out
    out.winner = party
    out.reason = f"{state.name}: {party} leads with {top}, meeting its threshold of {need} (9.6)"
    secession = param(game, "state_legislature", "secession")
    if secession and secession.get("party") == party:
        faces = list(secession.get("faces", []))
        out.secession = Fraction(len(faces), 6)
        out.reason += (f"; {party} winning here calls for a die: {', '.join(map(str, faces))} means "
                       f"secession and defeat for everyone (chance {out.secession})")
    return out


def _tie_advantage(game: Game, pos: Position, state: State, phase: str, leaders, top) -> StateOutcome | None:
    """8.4: a tied state in the listed regions goes to the party with the advantage."""
    module = game.rule("tie_advantage")
    if module is None:
        return None
    party = module.get("party")
    if state.region_id not in (module.get("regions") or []) or state.id in (module.get("excluded_states") or []):
        return None
    holder = state.stronghold_of
    if module.get("yields_to_other_strongholds") and holder and holder != party:
        return None
    have = pos.count(state.id, party)
    if have < 1:
        return None
    out = StateOutcome(state.id, winner=party)
    gain = top + 1 - have   # enough to stand alone at the top
    out.gained = {party: gain}
    out.reason = (f"{state.name}: tie at {top} between {' and '.join(leaders)}; {party} has {have} "
                  f"PCF{'s' if have != 1 else ''} in this {state.region_id} state and gains {gain} "
                  f"to take it (8.4)")
    return out


def _split(game: Game, pos: Position, state: State, phase: str, leaders) -> StateOutcome | None:
    """9.4: New Jersey divides its votes among the tied parties; the rest by priority."""
    module = game.rule("new_jersey_split")
    if module is None or module.get("state") != state.id or phase not in (module.get("phases") or []):
        return None
    share, rest = divmod(state.ev, len(leaders))
    split = {p: share for p in leaders}
    order = list(module.get("remainder_order") or [])
    reason = f"{state.name}: tie between {' and '.join(leaders)}, {share} votes each (9.4)"
    if rest:
        outside = [p for p in order if p not in leaders]
        with_pcfs = [p for p in outside if pos.count(state.id, p) > 0]
        # The text gives the remainder to the first party in order that has PCFs here;
        # its example gives it to the next party in order even without any (9.4).
        to = with_pcfs[0] if with_pcfs else (outside[0] if outside else
                                             next((p for p in order if p in leaders), None))
        if to:
            split[to] = split.get(to, 0) + rest
            reason += f"; the remaining {rest} to {to}, next in the order {', '.join(order)}"
    return StateOutcome(state.id, split=dict(sorted(split.items())), reason=reason)


def _unclaimed(game: Game, state: State, phase: str, players) -> StateOutcome | None:
    for award in param(game, "unclaimed_to_third_party", "awards", []) or []:
        if award.get("state") == state.id and phase in (award.get("phases") or []):
            return StateOutcome(state.id, third_party=award["to"],
                                reason=f"nobody wins {state.name}, so it goes to {award['to']}; "
                                       f"no player takes the card (9.5, 9.7)")
    party = (scenario(game, players).get("unclaimed_to") or {}).get(state.id)
    if party:
        return StateOutcome(state.id, winner=party,
                            reason=f"nobody wins {state.name} outright; with {players} players it "
                                   f"goes to {party} (12.1)")
    return None


def resolve_state(game: Game, pos: Position, state_id: str, phase: str, players=None) -> StateOutcome:
    """Who wins one state in this poll, and by which rule (no locking, no tie-break by region)."""
    state = game.states[state_id]
    if state_id in pos.locked:
        party = pos.locked[state_id]
        return StateOutcome(state_id, winner=party, reason=f"{state.name} is locked: {party} wins it (7.6)")
    special = _legislature(game, pos, state)
    if special is not None:
        return special
    counts = pos.counts(state_id)
    holder = state.stronghold_of
    if (phase == FINAL and active(game, "strongholds") and holder
            and counts.get(holder, 0) >= state.requirement):
        others = {p: n for p, n in counts.items() if p != holder and n >= counts[holder]}
        note = f" even though {describe(others)}" if others else ""
        return StateOutcome(state_id, winner=holder,
                            reason=f"{state.name} is {holder}'s stronghold and {holder} has PCR "
                                   f"{state.requirement}: {holder} wins it in Final Polling{note} (9.3)")
    c = control(game, pos, state_id)
    if c.party:
        return StateOutcome(state_id, winner=c.party, reason=c.reason + " (7.5)")
    if c.tied:
        for rule in (lambda: _split(game, pos, state, phase, c.leaders),
                     lambda: _tie_advantage(game, pos, state, phase, c.leaders, c.top)):
            decided = rule()
            if decided is not None:
                return decided
        excluded = param(game, "final_tie_by_region", "excluded_states", []) or []
        if (phase == FINAL and active(game, "final_tie_by_region") and state_id not in excluded
                and not holder):
            return StateOutcome(state_id, pending_tie=c.leaders,
                                reason=c.reason.replace("; nobody controls it", "") +
                                "; to be broken by the states each holds in the region (9.2)")
    unclaimed = _unclaimed(game, state, phase, players)
    if unclaimed is not None:
        unclaimed.reason = c.reason + "; " + unclaimed.reason
        return unclaimed
    return StateOutcome(state_id, reason=c.reason + ": nobody wins it")


def _lock(game: Game, pos: Position, out: StateOutcome, players) -> bool:
    multiple = lock_multiple(game)
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
            trace.append(f"{out.winner} has at least {lock_multiple(game)} x PCR and the most PCFs: "
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
