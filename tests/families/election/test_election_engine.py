"""Engine details beyond the rulebook's examples: costs, control, polling, counting, momentum."""
from __future__ import annotations

from fractions import Fraction

from election_helpers import pos

from generator.families.election.control import control
from generator.families.election.costs import campaign
from generator.families.election.electoral import count, house_candidates
from generator.families.election.momentum import momentum
from generator.families.election.polling import final_polling, regional_poll
from generator.families.election.setup import setup_problems
from generator.families.election.statehood import admission_effects


def test_second_region_and_controlled_state_costs_add_up(game):
    r = campaign(game, pos({"maryland": {"CU": 3}}), "R", 4,
                 [{"state": "ohio", "pcfs": 1}, {"state": "maryland", "pcfs": 1}])
    assert r.costs == [1, 3] and r.spent == 4


def test_first_region_is_the_first_placement_made(game):
    r = campaign(game, pos(), "R", 4, [{"state": "georgia"}, {"state": "ohio", "pcfs": 2}])
    assert r.refused == ["georgia"] and r.costs == [1, 1]


def test_territories_open_only_once_admitted(game):
    closed = campaign(game, pos(), "R", 2, [{"state": "kansas"}])
    assert closed.placed == {}
    opened = campaign(game, pos(admitted=["kansas"]), "R", 2, [{"state": "kansas"}])
    assert opened.placed == {"kansas": 1}
    assert campaign(game, pos(admitted=["kansas"]), "R", 2, [{"state": "kansas"}], setup=True).placed == {}


def test_stronghold_tie_controls_outside_polls(game):
    assert control(game, pos({"missouri": {"ND": 3, "SD": 3}}), "missouri").party == "ND"
    assert control(game, pos({"ohio": {"ND": 5, "R": 5}}), "ohio").party is None


def test_lost_card_when_nobody_wins(game):
    r = regional_poll(game, pos({"ohio": {"R": 2}}), "MW", held={"ohio": "R"})
    assert r.cards["ohio"] is None


def test_tie_advantage_needs_a_pcf(game):
    r = regional_poll(game, pos({"virginia": {"ND": 4, "SD": 4}}), "US")
    assert {o.state: o.winner for o in r.outcomes}["virginia"] is None


def test_tie_advantage_not_in_new_jersey(game):
    r = final_polling(game, pos({"new-jersey": {"R": 3, "SD": 3, "CU": 1}}), ["MA"])
    nj = next(o for o in r.outcomes if o.state == "new-jersey")
    assert nj.winner is None and nj.split == {"CU": 1, "R": 3, "SD": 3}


def test_final_tie_in_a_stronghold_is_not_broken_by_region(game):
    board = pos({"kentucky": {"ND": 5, "R": 5}, "virginia": {"ND": 5}, "tennessee": {"ND": 4}})
    r = final_polling(game, board, ["US"])
    assert {o.state: o.winner for o in r.outcomes}["kentucky"] is None


def test_majority_and_house(game):
    c = count(game, {"R": 152, "SD": 0, "CU": 0, "ND": 0}, {}, admitted=())
    assert c.winner == "R" and c.needed == 152
    c = count(game, {"R": 151, "SD": 100, "CU": 40, "ND": 12}, {"R": 3, "SD": 9, "CU": 2, "ND": 8})
    assert c.winner == "SD" and c.decided_by.startswith("House")   # ND is not in the top three
    assert house_candidates(game, {"R": 100, "SD": 50, "CU": 50, "ND": 50}) == ["CU", "ND", "R", "SD"]


def test_secession_chance_combines_with_the_count(game):
    c = count(game, {"R": 160, "SD": 0, "CU": 0, "ND": 0}, {}, secession=Fraction(1, 3))
    assert c.probabilities == {"R": Fraction(2, 3), "defeat": Fraction(1, 3)}


def test_hands_for_every_turn(game):
    first = momentum(game, turn=1, polls_played=0, held={})["result"]
    assert set(first["hands"].values()) == {7}
    later = momentum(game, turn=4, polls_played=3, held={"pennsylvania": "SD"})["result"]
    assert later["hands"] == {"CU": 6, "ND": 6, "R": 7, "SD": 7}


def test_free_state_secession_by_rank(game):
    for rank, chance in enumerate(["2/3", "1/2", "1/3", "1/6"]):
        order = ["CU", "ND", "SD"]
        order.insert(rank, "R")
        ctx = {"party": None, "territory": None, "admitted_by": {"kansas": "ND", "nevada": "CU"}, "order": order}
        _, out, _ = admission_effects(game, pos(), ctx)
        assert out["secession_chance"] == chance


def test_two_player_setup_is_placed_by_the_players(game):
    problems, placed_by = setup_problems(game, {}, players=2)
    assert placed_by == {"CU": "R", "ND": "SD", "R": "R", "SD": "SD"} and problems
