"""The game-turn engine: initiative, two player-turns and the turn indication as one (4.1, 4.2)."""
from __future__ import annotations

import generator.families.hex.game_turn as game_turn
from generator.families.hex.game_turn import play_game_turn

from .helpers import dixie, position


def _pos():
    return position(("usa-corps", "USA", "infantry-corps", "1913"), ("usa-arm", "USA", "armoured-brigade", "1813"),
                    ("csa-div", "CSA", "infantry-division", "2013"), ("csa-corps", "CSA", "infantry-corps", "2113"))


def _usa_turn():
    return {"side": "USA", "ap_level": 35, "phases": [
        {"phase": "movement", "moves": [{"unit": "usa-arm", "path": ["1913", "2012"]}]},
        {"phase": "combat", "attacks": [{"attackers": ["usa-corps", "usa-arm"], "defender": "2013", "roll": 5,
                                         "attacker_losses": {"disrupt": True},
                                         "defender_losses": {"retreat": "2114", "disrupt": True}}]}]}


def _csa_turn(*extra):
    return {"side": "CSA", "ap_level": 45, "phases": [
        *extra,
        {"phase": "recovery", "units": ["csa-div"]},
        {"phase": "combat", "attacks": [{"attackers": ["csa-corps"], "defender": "2012", "roll": 3,
                                         "attacker_losses": {"disrupt": True},
                                         "defender_losses": {"eliminate": {"usa-arm": 1}}}]}]}


def _spec(*turns, **kw):
    return {"turn": 1, "scenario": "17.1", **kw, "phases": [{"phase": "initiative", "first": "USA"}]
            + [{"phase": "player-turn", "turn": t} for t in turns] + [{"phase": "turn-indication"}]}


def test_a_legal_game_turn_verifies_phase_by_phase():
    rep = play_game_turn(dixie(), _pos(), _spec(_usa_turn(), _csa_turn()))
    assert rep.legal, rep.problems
    assert rep.first == "USA" and rep.next_turn == 2
    assert [t["side"] for t in rep.player_turns] == ["USA", "CSA"]
    assert rep.irt == {"favours": "USA", "value": 1}        # both Combat Phases on one track (14.0, 14.2)
    for words in ("Initiative Determination Interphase (4.2.1)", "The Second Player-Turn (4.2.3)",
                  "Unit Formation Phase ends", "Game-Turn Indication Phase (4.2.4)", "advances to Turn 2 (4.2.4)"):
        assert any(words in line for line in rep.trace), words


def test_the_state_carries_from_the_first_player_turn_to_the_second():
    rep = play_game_turn(dixie(), _pos(), _spec(_usa_turn(), _csa_turn()))
    usa, csa = rep.player_turns
    assert usa["final"]["usa-arm"] == "2012 disrupted"             # moved, then disrupted attacking
    assert csa["attacks"] == [{"defender": "2012", "legal": True, "ap": 0, "result": "1/1"}]   # found where it went
    assert csa["ap_by_phase"]["recovery"] == 1                      # disrupted in the USA turn, recovers in the CSA's
    assert "usa-arm" not in rep.final and rep.final["csa-div"] == "2114"


def test_an_illegal_phase_end_in_the_second_player_turn_is_refused_with_its_rule():
    # the CSA marches its corps onto its division's hex and leaves them so when Formation ends (10.0 B, 10.5)
    join = {"phase": "movement", "moves": [{"unit": "csa-corps", "path": ["2114"]}]}
    csa = _csa_turn(join)
    csa["phases"][-1]["attacks"] = []
    rep = play_game_turn(dixie(), _pos(), _spec(_usa_turn(), csa))
    assert not rep.legal
    assert rep.player_turns[0]["legal"] is True
    second = [p for p in rep.problems if p.startswith("second player-turn (CSA, 4.2.3): formation: 2114:")]
    assert second and "when the Unit Formation Phase ends" in second[0] and "10.5" in second[0], rep.problems


def test_the_second_player_turn_is_the_other_sides_and_the_first_the_chosen_ones():
    rep = play_game_turn(dixie(), _pos(), _spec(_csa_turn(), _usa_turn()))
    assert "first player-turn (CSA, 4.2.2): USA plays the first player-turn this turn (4.2.1, 14.1)" in rep.problems
    assert "second player-turn (USA, 4.2.3): CSA plays the second player-turn this turn (4.2.3)" in rep.problems


def test_with_the_irt_at_zero_the_previous_order_stands():
    spec = _spec(_usa_turn(), _csa_turn(), turn=3, irt={"favours": None}, previous_first="CSA")
    rep = play_game_turn(dixie(), _pos(), spec)
    assert "initiative: the IRT is at zero, so CSA plays first as in the previous turn (14.4), not USA" in rep.problems


def test_the_scenario_sets_the_ap_level_and_the_last_turn():
    usa = {**_usa_turn(), "ap_level": 40}
    rep = play_game_turn(dixie(), _pos(), _spec(usa, _csa_turn(), turn=10))
    assert "first player-turn (USA, 4.2.2): scenario 17.1 sets USA's AP level at 35, not 40 (4.2.2.1)" in rep.problems
    assert rep.next_turn is None and any("(4.2.4, 16.5)" in line for line in rep.trace)


def test_each_player_turn_is_the_player_turn_engines(monkeypatch):
    calls = []
    real = game_turn.play_turn
    monkeypatch.setattr(game_turn, "play_turn", lambda *a, **k: calls.append(a[2]["side"]) or real(*a, **k))
    play_game_turn(dixie(), _pos(), _spec(_usa_turn(), _csa_turn()))
    assert calls == ["USA", "CSA"]


def test_a_game_turn_is_two_player_turns():
    rep = play_game_turn(dixie(), _pos(), _spec(_usa_turn()))
    assert "a game-turn is two player-turns, one a side (4.1 A); 1 given" in rep.problems


def test_the_schema_takes_an_initiative_phase_in_a_game_turn_but_not_in_a_player_turn():
    from generator.schemas import validator
    check = validator("hex-example")
    game = {"kind": "game-turn", "expect": {}, "game_turn": _spec(_usa_turn(), _csa_turn())}
    assert not list(check.iter_errors(game))
    player = {"kind": "player-turn", "expect": {}, "turn": {**_usa_turn(), "phases": [{"phase": "initiative"}]}}
    assert list(check.iter_errors(player))
    missing = {"kind": "game-turn", "expect": {}, "game_turn": {"turn": 1, "phases": [{"phase": "player-turn"}]}}
    assert list(check.iter_errors(missing))          # a player-turn part must hold its turn


def test_a_player_turn_inside_a_game_turn_takes_the_carried_irt_not_its_own():
    csa = {**_csa_turn(), "irt": {"favours": "CSA", "value": 5}}
    rep = play_game_turn(dixie(), _pos(), _spec(_usa_turn(), csa))
    assert any(p.startswith("second player-turn (CSA, 4.2.3): the IRT is the game-turn's") for p in rep.problems)
    assert rep.irt == {"favours": "USA", "value": 1}
