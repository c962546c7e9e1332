"""A whole turn (6.0-6.4): actions in momentum order, hands, the deck and the board carried
from one action to the next, then the end of the turn.

Each party plays one card per action, in Momentum Table order, round and round, until
every party has taken the turn's number of actions (5) or has no cards left (6.2).
Every action is checked against what came before it: the card must be in the hand it
is played from, the party must be the one whose action it is, a sixth action is
refused, a Personal Appearance is used once a game, a Regional Poll may not be played
in the last turn (9.0). At the end (6.3, 6.4) parties keep or discard their remaining
cards, the momentum order is recomputed if a poll was played (ties reported, not
rolled), the discard pile is shuffled back after a poll turn, and everyone draws up to
the next turn's hand size.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .costs import campaign, card_value_problem
from .model import Game
from .momentum import hand_sizes, held_votes, initial_order, order_by_votes, structure
from .polling import regional_poll
from .position import Position
from .speeches import speech
from .statehood import admit


@dataclass
class Turn:
    position: Position
    held: dict
    hands: dict[str, list]
    draw: int | None
    discard: int
    removed: list = field(default_factory=list)
    taken: dict = field(default_factory=dict)
    appearances: set = field(default_factory=set)
    admitted_by: dict = field(default_factory=dict)
    polls: list = field(default_factory=list)
    log: list = field(default_factory=list)
    refused: list = field(default_factory=list)      # 1-based numbers of refused actions
    problems: list = field(default_factory=list)     # (action number or 0, message, code kind)
    unknown: list = field(default_factory=list)
    trace: list = field(default_factory=list)


def _label(game: Game, card) -> str:
    if isinstance(card, int):
        return f"a {card}-PCF card"
    return game.cards[card].title if card in game.cards else str(card)


def _value(game: Game, card) -> int | None:
    if isinstance(card, int):
        return card
    c = game.cards.get(card)
    return int(c.pcf.value) if c is not None and c.pcf.known else None


def _next_party(order, taken, hands, limit, after: int) -> tuple[str | None, int]:
    """The party whose action it is after position `after` of the order, and its index."""
    n = len(order)
    for step in range(1, n + 1):
        i = (after + step) % n
        p = order[i]
        if taken.get(p, 0) < limit and hands.get(p):
            return p, i
    return None, after


def play_turn(game: Game, data: dict, pos: Position) -> Turn:
    s = structure(game)
    players = data.get("players")
    number = int(data["turn"])
    limit = int(s["actions_per_turn"])
    polls_before = int(data.get("polls_played", 0))
    seats = initial_order(game, players)
    order = list(data.get("order") or seats)
    leader = data.get("leader") or order[0]
    deck = data.get("deck") or {}
    t = Turn(pos, dict(data.get("held") or {}), {p: list(c) for p, c in (data.get("hands") or {}).items()},
             deck.get("draw"), int(deck.get("discard", 0)), appearances=set(data.get("appearances_used") or []),
             admitted_by=dict(data.get("admitted_by") or {}))
    if sorted(order) != sorted(seats):
        t.problems.append((0, f"the momentum order {order} must list the parties in play, {sorted(seats)}", "turn"))
        return t
    if not 1 <= number <= int(s["turns"]):
        t.problems.append((0, f"turn {number} does not exist: the game has {s['turns']} turns (6.5)", "turn"))
        return t
    sizes, why = hand_sizes(game, number, leader, order, polls_before, players)
    for p in order:
        held_cards = t.hands.get(p)
        if held_cards is None:
            t.problems.append((0, f"no hand given for {p}", "turn"))
        elif len(held_cards) != sizes[p]:
            t.problems.append((0, f"{p} starts turn {number} with {len(held_cards)} cards; the rules give "
                                  f"{sizes[p]} (5.6, 6.4{'; ' + '; '.join(why) if why else ''})", "turn"))
        for card in held_cards or []:
            if isinstance(card, int) and card_value_problem(game, card):
                t.problems.append((0, f"{p}'s hand: {card_value_problem(game, card)}", "value"))
            elif not isinstance(card, int) and card not in game.cards:
                t.problems.append((0, f"{p}'s hand holds unknown card '{card}'", "ref"))
    for p in t.hands:
        if p not in order:
            t.problems.append((0, f"{p} is not in play this turn", "turn"))
    if t.problems:
        return t
    t.trace.append(f"Turn {number}: momentum order {', '.join(order)}; hands "
                   + ", ".join(f"{p} {len(t.hands[p])}" for p in order) + f"; at most {limit} actions each (6.2).")
    at = -1
    for n, action in enumerate(data["actions"], 1):
        party, card = action["party"], action["card"]
        expected, index = _next_party(order, t.taken, t.hands, limit, at)
        if party in t.taken and t.taken[party] >= limit:
            _refuse(t, n, f"{party} has taken its {limit} actions this turn: action {n} would be its "
                          f"{t.taken[party] + 1}th (6.2)")
            continue
        if party not in order:
            _refuse(t, n, f"{party} is not in play this turn")
            continue
        if party != expected:
            _refuse(t, n, f"action {n} is {expected or 'nobody'}'s to take, not {party}'s (6.2: momentum order)")
            continue
        if card not in t.hands[party]:
            _refuse(t, n, f"{party} does not hold {_label(game, card)}")
            continue
        done = _act(game, t, n, party, card, action, number, players, order)
        if not done:
            continue
        at = index
        t.hands[party].remove(card)
        t.taken[party] = t.taken.get(party, 0) + 1
        if done == "removed":
            t.removed.append(card)
        else:
            t.discard += 1
    waiting = [p for p in order if t.taken.get(p, 0) < limit and t.hands.get(p)]
    t.log.append({"waiting": waiting})
    if not waiting:
        _end_of_turn(game, t, data, number, order, leader, polls_before, players)
    return t


def _refuse(t: Turn, n: int, why: str) -> None:
    t.refused.append(n)
    t.problems.append((n, why, "turn"))
    t.trace.append(f"Action {n} refused: {why}.")


def _act(game, t: Turn, n, party, card, action, number, players, order):
    """Apply one action; returns False when refused, "removed" when the card leaves the game."""
    events = tuple(action.get("events") or ())
    info = {"n": n, "party": party, "card": card if isinstance(card, int) else str(card)}
    known = game.cards.get(card) if not isinstance(card, int) else None
    if "campaign" in action:
        value = _value(game, card)
        if value is None:
            t.unknown.append(f"action {n}: the PCF value of {_label(game, card)} is not known")
            _refuse(t, n, f"the PCF value of {_label(game, card)} is not known")
            return False
        appear = bool(action.get("personal_appearance"))
        if appear and party in t.appearances:
            _refuse(t, n, f"{party} has already made its Personal Appearance this game (10.0)")
            return False
        r = campaign(game, t.position, party, value, action["campaign"], personal_appearance=appear, events=events)
        if r.problems:
            _refuse(t, n, "; ".join(r.problems))
            return False
        if appear:
            t.appearances.add(party)
        t.position = r.position
        info.update({"as": "campaign", "placed": r.placed, "spent": r.spent, "budget": r.budget})
        t.trace.append(f"Action {n}: {party} campaigns with {_label(game, card)}: "
                       + (", ".join(f"{game.states[k].name} +{v}" for k, v in r.placed.items()) or "nothing placed")
                       + f", {r.spent} of {r.budget} points.")
    elif "speech" in action:
        sp = action["speech"]
        if known is None or known.kind != "platform_speech":
            _refuse(t, n, f"{_label(game, card)} is not a Platform Speech card")
            return False
        appearing = sp.get("reroll_by") or party if sp.get("reroll") is not None else None
        if appearing and appearing in t.appearances:
            _refuse(t, n, f"{appearing} has already made its Personal Appearance this game (10.0)")
            return False
        out = speech(game, t.position, party, card, sp["region"], sp["target"], sp["direction"],
                     roll=sp["roll"], allocation=sp.get("allocation") or {}, events=events,
                     reroll=sp.get("reroll"), reroll_by=sp.get("reroll_by"))
        if out.unknown:
            t.unknown += [f"action {n}: {u}" for u in out.unknown]
            _refuse(t, n, "; ".join(out.unknown))
            return False
        if out.problems:
            _refuse(t, n, "; ".join(out.problems))
            return False
        if appearing:
            t.appearances.add(appearing)
        t.position = out.position
        info.update({"as": "speech", "amount": out.amount, "changed": out.changed})
        rerolled = f", re-rolled by {appearing}'s Personal Appearance, 10.0" if appearing else ""
        t.trace.append(f"Action {n}: {party} speaks {sp['direction']} {sp['target']} in {sp['region']} "
                       f"({out.amount} PCFs{rerolled}): " + (", ".join(f"{game.states[k].name} {v:+d}" for k, v in out.changed.items())
                                                   or "no change") + ".")
    elif "poll" in action:
        if known is None or known.kind != "regional_poll":
            _refuse(t, n, f"{_label(game, card)} is not a Regional Poll card")
            return False
        if number >= int(structure(game)["turns"]):
            _refuse(t, n, f"in the last turn a Regional Poll card is played only for its PCF value (9.0)")
            return False
        r = regional_poll(game, t.position, known.region, held=t.held, players=players)
        t.position, t.held = r.position, r.cards
        t.polls.append(known.region)
        result = r.to_dict(game)
        info.update({"as": "poll", "region": known.region, "winners": result["winners"], "locked": result["locked"]})
        t.trace.append(f"Action {n}: {party} plays {known.title}: " + " ".join(r.trace[1:]))
    else:  # event
        if known is None or not known.admits:
            what = _label(game, card)
            t.unknown.append(f"action {n}: the event of {what} is not modelled (its text is not known)")
            _refuse(t, n, f"the event of {what} is not modelled")
            return False
        pos, result, trace, problems = admit(game, t.position, party, card, admitted_by=t.admitted_by,
                                             order=order, players=players)
        if problems:
            _refuse(t, n, "; ".join(problems))
            return False
        t.position = pos
        t.admitted_by[known.admits] = party
        info.update({"as": "event", **{k: v for k, v in result.items() if k != "admitted"}})
        t.trace.append(f"Action {n}: " + " ".join(trace))
    t.log.append(info)
    removed = known is not None and "event" in action and known.removed_after_event.known \
        and bool(known.removed_after_event.value)
    return "removed" if removed else True


def _end_of_turn(game, t: Turn, data, number, order, leader, polls_before, players):
    s = structure(game)
    discarding = set(data.get("discard_rest") or [])
    kept = {}
    for p in order:
        if p in discarding:
            t.discard += len(t.hands[p])
            t.hands[p] = []
        kept[p] = len(t.hands[p])
    t.trace.append("End of turn: " + ", ".join(f"{p} {'discards its' if p in discarding else 'keeps'} "
                                               f"{'rest' if p in discarding else str(kept[p]) + ' card(s)'}"
                                               for p in order) + " (6.3).")
    polls_after = polls_before + len(t.polls)
    next_order, ties, next_leader = [[p] for p in order], [], leader
    if t.polls:
        votes = held_votes(game, t.held)
        groups = order_by_votes({p: votes[p] for p in order}, order)
        next_order, ties = groups, [g for g in groups if len(g) > 1]
        next_leader = groups[0][0] if len(groups[0]) == 1 else None
        t.trace.append("A poll was played: momentum by electoral votes held — "
                       + ", ".join(f"{p} {votes[p]}" for p in order)
                       + ("; ties ordered by die: " + "; ".join(" and ".join(g) for g in ties) if ties else "")
                       + " (6.1, 7.5).")
        if t.draw is not None:
            t.draw += t.discard
            t.trace.append(f"The discard pile is shuffled back: {t.draw} cards to draw from (4.1, 7.5).")
            t.discard = 0
    t.log.append({"next_order": [g[0] if len(g) == 1 else g for g in next_order], "ties": ties,
                  "leader": next_leader, "polls_played": polls_after})
    if number >= int(s["turns"]):
        t.trace.append("That was the last turn: Final Polling follows (9.0).")
        return
    draw_order = [p for g in next_order for p in g]
    sizes, why = hand_sizes(game, number + 1, next_leader, draw_order, polls_after, players)
    drawn, short = {}, []
    for p in draw_order:
        need = max(0, sizes[p] - kept[p])
        if t.draw is not None and need > t.draw:
            short.append(p)
            need = t.draw
        drawn[p] = need
        if t.draw is not None:
            t.draw -= need
    t.log.append({"drawn": drawn, "next_hands": sizes, "short": short})
    t.trace.append(f"Draw for turn {number + 1}: " + ", ".join(f"{p} {drawn[p]} to {sizes[p]}" for p in draw_order)
                   + (f" ({'; '.join(why)})" if why else "") + " (6.4)."
                   + (f" The deck runs out before {', '.join(short)} can draw in full." if short else ""))


def result_of(t: Turn, order) -> dict:
    actions = [e for e in t.log if "n" in e]
    end = {k: v for e in t.log if "n" not in e for k, v in e.items()}
    out = {"actions": actions, "refused": t.refused, "problems": [m for _, m, _ in t.problems],
           "actions_taken": {p: t.taken.get(p, 0) for p in order},
           "hands_left": {p: len(t.hands.get(p, [])) for p in order},
           "complete": "waiting" in end and not end["waiting"],
           "waiting": end.get("waiting", []), "polls": t.polls,
           "position": t.position.to_dict()["position"], "locked": dict(t.position.locked),
           "held": {k: v for k, v in sorted(t.held.items())},
           "deck": {"draw": t.draw, "discard": t.discard, "removed": t.removed}}
    names = {"next_order": "next_order", "ties": "next_ties", "leader": "next_leader",
             "polls_played": "polls_played", "drawn": "drawn", "next_hands": "next_hands", "short": "deck_short"}
    for key, name in names.items():
        if key in end:
            out[name] = end[key]
    if t.position.tokens:
        out["stronghold_tokens"] = dict(t.position.tokens)
    if t.position.admitted:
        out["admitted"] = sorted(t.position.admitted)
    return out
