"""Property tests: control respects PCR, locks hold, electoral votes stay within the total."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from election_helpers import load_game

from generator.families.election.control import control
from generator.families.election.costs import campaign
from generator.families.election.electoral import total_votes
from generator.families.election.polling import final_polling, regional_poll
from generator.families.election.position import Position
from generator.families.election.speeches import speech

GAME = load_game()
STATES = sorted(GAME.states)
PARTIES = sorted(GAME.parties)
REGIONS = sorted(GAME.regions)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw):
    admitted = draw(st.sets(st.sampled_from(["kansas", "nevada"])))
    locked = draw(st.dictionaries(st.sampled_from(STATES), st.sampled_from(PARTIES), max_size=6))
    board = draw(st.dictionaries(
        st.sampled_from(STATES),
        st.dictionaries(st.sampled_from(PARTIES), st.integers(0, 14), max_size=4), max_size=20))
    board = {s: c for s, c in board.items() if s not in locked}
    return Position.from_example({"position": board, "locked": locked, "admitted": sorted(admitted)})


def special_case(outcome, players) -> bool:
    """Rules that may award a state to a party below its PCR: 8.4 gains, 12.1 Missouri."""
    return bool(outcome.gained) or (players == 2 and outcome.state == "missouri")


@SETTINGS
@given(positions(), st.sampled_from([2, 3, 4]))
def test_no_winner_below_pcr(position, players):
    polls = [final_polling(GAME, position, players=players)]
    polls += [regional_poll(GAME, position, region, players=players) for region in REGIONS]
    for poll in polls:
        for o in poll.outcomes:
            if o.split:   # 9.4: the tied parties met PCR; the remainder may go to a party below it
                meeting = [p for p in o.split if position.count(o.state, p) >= GAME.states[o.state].requirement]
                assert len(meeting) >= 2, o.reason
            if o.winner is None or o.state in position.locked or special_case(o, players):
                continue
            assert position.count(o.state, o.winner) >= GAME.states[o.state].requirement, o.reason


@SETTINGS
@given(positions())
def test_control_outside_polls_needs_pcr(position):
    for state in STATES:
        c = control(GAME, position, state)
        if c.party and state not in position.locked:
            assert position.count(state, c.party) >= GAME.states[state].requirement


@SETTINGS
@given(positions(), st.sampled_from(PARTIES), st.integers(2, 4),
       st.lists(st.sampled_from(STATES), min_size=1, max_size=6), st.sampled_from(REGIONS),
       st.integers(1, 6))
def test_locked_states_never_change_hands(position, party, card, targets, region, roll):
    after_campaign = campaign(GAME, position, party, card, [{"state": s} for s in targets]).position
    assert after_campaign.locked == position.locked
    assert all(after_campaign.counts(s) == {} for s in position.locked)
    spoken = speech(GAME, after_campaign, party, "abolition", region, party, "for", roll=roll,
                    allocation={s.id: 1 for s in GAME.states_in(region, position.admitted)[:1]}).position
    assert spoken.locked == position.locked
    polled = regional_poll(GAME, spoken, region)
    for state, locker in position.locked.items():
        assert polled.position.locked[state] == locker
        if GAME.states[state].region_id == region and (not GAME.states[state].territory or state in position.admitted):
            assert polled.cards[state] == locker
    final = final_polling(GAME, polled.position)
    won = {o.state: o.winner for o in final.outcomes}
    for state, locker in position.locked.items():
        if state in won:
            assert won[state] == locker


@SETTINGS
@given(positions(), st.sampled_from([2, 3, 4]))
def test_electoral_votes_within_the_total(position, players):
    final = final_polling(GAME, position, players=players)
    votes = final.to_dict(GAME)["electoral_votes"]
    assert sum(votes.values()) <= total_votes(GAME, position.admitted) <= 303 + 6
    assert all(v >= 0 for v in votes.values())


@st.composite
def turns(draw):
    """A two-player first turn: random hands of 2-4 cards and random actions (some illegal)."""
    hands = {p: draw(st.lists(st.integers(2, 4), min_size=7, max_size=7)) for p in ("R", "SD")}
    actions = draw(st.lists(st.fixed_dictionaries({
        "party": st.sampled_from(["R", "SD"]), "card": st.integers(2, 4),
        "campaign": st.lists(st.fixed_dictionaries({"state": st.sampled_from(STATES),
                                                    "pcfs": st.integers(1, 3)}), min_size=1, max_size=3)}),
        min_size=1, max_size=14))
    return {"kind": "turn", "players": 2, "turn": 1, "hands": hands, "deck": {"draw": 100},
            "discard_rest": draw(st.lists(st.sampled_from(["R", "SD"]), unique=True)),
            "actions": actions, "expect": {}}


@SETTINGS
@given(turns())
def test_a_turn_never_exceeds_its_actions_and_keeps_every_card(data):
    """At most five actions each; every card is somewhere (hands, draw pile, discard, out of
    the game), before and after the end of the turn."""
    from election_helpers import example
    from generator.families.election import FAMILY
    out = FAMILY.run_example(GAME, example(data)).result
    assert all(n <= 5 for n in out["actions_taken"].values())
    assert len(out["actions"]) + len(out["refused"]) == len(data["actions"])
    # hands_left is counted before the next hands are drawn; `drawn` cards left the draw pile.
    cards = (sum(out["hands_left"].values()) + out["deck"]["draw"] + out["deck"]["discard"]
             + len(out["deck"]["removed"]) + sum(out.get("drawn", {}).values()))
    assert cards == 114
    if out["complete"]:
        assert out["next_hands"] == {"R": 7, "SD": 6}
