"""Phase-end legality: what must stand when the Unit Formation Phase ends (10.0 B, 10.2 B, 10.5, 7.0 F,
7.2.2, 7.2.3), checked on the whole player-turn as a single illegal move is."""
from generator.families.hex.turn import play_turn

from .helpers import dixie, position


def _turn(pos, *phases, ap=40):
    return play_turn(dixie(), pos, {"side": "CSA", "ap_level": ap, "phases": list(phases)})


def _two_divisions():
    return position(("a", "CSA", "infantry-division", "1918"), ("b", "CSA", "infantry-division", "1920"))


MEET = {"phase": "movement", "moves": [{"unit": "b", "path": ["1919"]}, {"unit": "a", "path": ["1919"]}]}


def test_two_divisions_left_stacked_through_the_formation_phase_are_refused():
    # 10.2 B: "Infantry divisions stacked together at the beginning of the Formation Phase must be formed into corps."
    rep = _turn(_two_divisions(), MEET)
    assert not rep.legal
    assert len(rep.problems) == 1
    assert rep.problems[0].startswith("formation: 1919: a and b are still stacked when the Unit Formation Phase ends")
    assert "(7.0 F, 7.2.3, 10.2 B)" in rep.problems[0]


def test_the_check_holds_when_the_formation_phase_is_listed_without_that_hex():
    rep = _turn(_two_divisions(), MEET, {"phase": "formation", "hexes": []})
    assert not rep.legal and "10.2 B" in rep.problems[0]


def test_the_check_holds_when_a_later_phase_is_listed_and_formation_is_not():
    rep = _turn(_two_divisions(), MEET, {"phase": "combat", "attacks": []})
    assert not rep.legal and rep.problems[0].startswith("formation: 1919: a and b")


def test_two_divisions_formed_into_a_corps_make_a_legal_turn():
    rep = _turn(_two_divisions(), MEET, {"phase": "formation", "hexes": ["1919"], "box": {"corps": 1}})
    assert rep.legal, rep.problems
    assert rep.final == {"csa-corps-1919": "1919"} and rep.ap_by_phase == {"movement": 2, "formation": 3}


def test_without_the_aps_to_form_one_division_is_eliminated_and_the_turn_is_legal():
    # 7.2.3: "If units are stacked without having sufficient APs to form them into a corps, one of the divisions is eliminated."
    rep = _turn(_two_divisions(), MEET, {"phase": "formation", "hexes": ["1919"], "box": {"corps": 1}}, ap=4)
    assert rep.legal, rep.problems
    assert rep.final == {"a": "1919"} and rep.ap_left == 2


def test_a_corps_and_a_division_may_not_stack_at_the_end_of_the_formation_phase():
    # 10.0 B and 10.5 A: "An infantry corps and an infantry division" is an illegal stack.
    pos = position(("corps", "CSA", "infantry-corps", "1918"), ("div", "CSA", "infantry-division", "1919"))
    rep = _turn(pos, {"phase": "movement", "moves": [{"unit": "corps", "path": ["1919"]}]},
                {"phase": "formation", "hexes": []})
    assert not rep.legal
    assert rep.problems == ["formation: 1919: 1 corps, 1 division(s) and 0 armoured brigade(s) exceed the limit "
                            "(10.0 B; 10.5 A: an infantry corps and an infantry division) when the Unit Formation Phase ends"]


def test_a_corps_with_an_armoured_brigade_is_within_the_limits():
    pos = position(("corps", "CSA", "infantry-corps", "1918"), ("arm", "CSA", "armoured-brigade", "1919"))
    rep = _turn(pos, {"phase": "movement", "moves": [{"unit": "corps", "path": ["1919"]}]})
    assert rep.legal, rep.problems
    assert any("every CSA stack is within the limits (10.0 B)" in line for line in rep.trace)


def test_two_disrupted_divisions_must_say_where_one_retreats():
    # 7.2.2 A: no corps forms; "retreat one of the divisions one hex".
    pos = position(("a", "CSA", "infantry-division", "1919", True), ("b", "CSA", "infantry-division", "1919", True))
    rep = _turn(pos, {"phase": "formation", "hexes": ["1919"], "box": {"corps": 1}})
    assert not rep.legal and any("7.2.2 A" in p for p in rep.problems)
    rep = _turn(pos, {"phase": "formation", "hexes": ["1919"], "box": {"corps": 1}, "retreats": {"1919": "1920"}})
    assert rep.legal, rep.problems
    assert rep.final == {"a": "1919 disrupted", "b": "1920 disrupted"}


def test_only_the_phasing_side_is_held_to_the_limit():
    pos = position(("u1", "USA", "infantry-division", "1716"), ("u2", "USA", "infantry-division", "1716"))
    assert _turn(pos, {"phase": "formation", "hexes": []}).legal
