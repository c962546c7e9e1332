"""Platform Speeches (7.3) and who chooses the losses (8.2).

A speech is worth d6 plus the card's modifier for the region, added to or taken
from one party's PCFs in that region, ignoring placement costs. Without a roll the
engine reports the distribution of the amount instead of rolling.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .costs import blocked
from .model import Game
from .position import Position
from .modules import first


@dataclass
class Speech:
    position: Position
    amount: int | None
    distribution: dict[int, Fraction] = field(default_factory=dict)
    chooser: str = ""
    changed: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)


def chooser(game: Game, speaker: str, target: str, direction: str) -> tuple[str, str]:
    """Who decides where PCFs are added or removed, and the rule that says so."""
    answer = first(game, "loss_chooser", speaker, target, direction)
    if answer is not None:
        return answer
    return target, f"the target, {target}, chooses (7.3)"


def _rerolled(game: Game, out: Speech, roll, reroll: int, party: str, mod: int, events) -> bool:
    """10.0, use 2: the first roll is set aside for the re-roll, which must be accepted."""
    if roll is None:
        out.problems.append("a re-roll sets a first roll aside: give the `roll` it replaces (10.0)")
        return False
    answer = first(game, "appearance", party, tuple(events))
    allowed, why = answer if answer is not None else (None, "this game has no Personal Appearances")
    if not allowed:
        out.problems.append(why)
        return False
    out.amount = reroll + mod
    out.distribution = {}
    out.trace.append(f"{party} makes its Personal Appearance{why} to re-roll: the {roll} is set aside, and the "
                     f"re-roll of {reroll} stands, good or bad: {reroll} {mod:+d} = {out.amount} PCFs (10.0).")
    return True


def speech(game: Game, pos: Position, speaker: str, card_id: str, region: str, target: str,
           direction: str, *, roll: int | None = None, allocation: dict | None = None,
           cancelled: bool = False, events=(), reroll: int | None = None, reroll_by: str | None = None) -> Speech:
    """`reroll`: a Personal Appearance re-rolls the speech's die (10.0, use 2), made by `reroll_by`
    (the speaker unless named); the re-roll stands, whatever it shows."""
    out = Speech(pos, None)
    card = game.cards.get(card_id)
    if card is None or card.kind != "platform_speech":
        out.problems.append(f"'{card_id}' is not a Platform Speech card")
        return out
    if region not in card.modifiers:
        out.unknown.append(f"{card.title}'s modifier for the {region} region is not known"
                           + (f" ({card.modifiers_note})" if card.modifiers_note else ""))
        return out
    mod = card.modifiers[region]
    name = game.regions[region].name
    out.chooser, why = chooser(game, speaker, target, direction)
    if cancelled:
        out.amount = 0
        out.trace.append(f"A Personal Appearance cancels {speaker}'s speech: the card is discarded "
                         f"and nothing changes (10.0).")
        return out
    if roll is None:
        out.distribution = {r + mod: Fraction(1, 6) for r in range(1, 7)}
        out.trace.append(f"{card.title} in the {name} is worth d6{mod:+d}: "
                         f"{min(out.distribution)} to {max(out.distribution)} PCFs, each 1/6 (7.3).")
    else:
        out.amount = roll + mod
        out.trace.append(f"{card.title} in the {name}: roll {roll} {mod:+d} = {out.amount} PCFs (7.3).")
    if reroll is not None:
        if not _rerolled(game, out, roll, reroll, reroll_by or speaker, mod, events):
            return out
    verb = "gains" if direction == "for" else "loses"
    out.trace.append(f"{speaker} speaks {direction} {target}, who {verb} PCFs in the {name} "
                     f"without placement costs; {why}.")
    if allocation is None or out.amount is None:
        return out
    states = {s.id for s in game.states_in(region, pos.admitted)}
    if direction == "against":
        have = sum(pos.count(s, target) for s in states)
        due = min(out.amount, have)
        if have < out.amount:
            out.trace.append(f"{target} has only {have} PCFs in the {name}: all are removed.")
        for state_id, n in sorted(allocation.items()):
            if state_id not in states:
                out.problems.append(f"{state_id} is not a state of the {name}")
            elif pos.count(state_id, target) < n:
                out.problems.append(f"{target} has only {pos.count(state_id, target)} PCFs in "
                                    f"{game.states[state_id].name}, not {n}")
        if sum(allocation.values()) != due:
            out.problems.append(f"{due} PCFs must be removed, the allocation removes {sum(allocation.values())}")
        sign = -1
    else:
        for state_id in sorted(allocation):
            why_not = blocked(game, pos, target, state_id, events=events) if state_id in game.states else "unknown state"
            if state_id not in states:
                out.problems.append(f"{state_id} is not a state of the {name}")
            elif why_not:
                out.problems.append(why_not)
        if sum(allocation.values()) > out.amount:
            out.problems.append(f"only {out.amount} PCFs may be added, the allocation adds {sum(allocation.values())}")
        sign = 1
    if out.problems:
        return out
    for state_id, n in sorted(allocation.items()):
        out.position = out.position.add(state_id, target, sign * n)
        out.changed[state_id] = sign * n
        out.trace.append(f"{out.chooser} puts the change in {game.states[state_id].name}: {target} "
                         f"{sign * n:+d}, now {out.position.count(state_id, target)}.")
    return out
