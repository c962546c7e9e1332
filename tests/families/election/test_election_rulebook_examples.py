"""Every worked example of the Divided Republic rulebook, run against the engines directly."""
from __future__ import annotations

from fractions import Fraction

from election_helpers import pos

from generator.families.election.control import control
from generator.families.election.costs import campaign
from generator.families.election.polling import final_polling, regional_poll
from generator.families.election.speeches import speech


def winners(result):
    return {o.state: o.shown_winner for o in result.outcomes}


def test_2_2_kentucky_needs_four(game):
    assert control(game, pos({"kentucky": {"SD": 4}}), "kentucky").party == "SD"
    assert control(game, pos({"kentucky": {"SD": 3}}), "kentucky").party is None


def test_7_0_republicans_cannot_campaign_in_georgia(game):
    r = campaign(game, pos(), "R", 4, [{"state": "georgia", "pcfs": 1}])
    assert r.placed == {} and r.refused == ["georgia"] and "ballot" in r.problems[0]


def test_7_0_republicans_may_speak_in_the_lower_south(game):
    s = speech(game, pos({"georgia": {"SD": 5}}), "R", "abolition", "LS", "SD", "against",
               roll=1, allocation={"georgia": 3})
    assert s.problems == [] and s.changed == {"georgia": -3}


def test_7_1_delaware_three_steps(game):
    step1 = campaign(game, pos({"delaware": {"ND": 2}}), "R", 4, [{"state": "delaware", "pcfs": 3}])
    assert step1.costs == [2, 2] and step1.placed == {"delaware": 2} and step1.refused == ["delaware"]
    assert control(game, step1.position, "delaware").party is None          # tied 2:2
    step2 = campaign(game, step1.position, "R", 2, [{"state": "delaware", "pcfs": 1}])
    assert step2.costs == [1] and control(game, step2.position, "delaware").party == "R"
    step3 = campaign(game, step2.position, "ND", 3, [{"state": "delaware", "pcfs": 2}])
    assert step3.costs == [2, 1] and control(game, step3.position, "delaware").party == "ND"


def test_7_3_abolition_values(game):
    ls = speech(game, pos(), "CU", "abolition", "LS", "SD", "against")
    assert sorted(ls.distribution) == [3, 4, 5, 6, 7, 8]
    assert all(p == Fraction(1, 6) for p in ls.distribution.values())
    for region, low in (("MA", 2), ("MW", 2), ("PW", 2), ("US", 2), ("NE", 3)):
        assert min(speech(game, pos(), "CU", "abolition", region, "SD", "for").distribution) == low


def test_7_3_fugitive_slave_act_for_the_southern_democrats(game):
    s = speech(game, pos(), "SD", "fugitive-slave-act", "LS", "SD", "for", roll=3,
               allocation={"alabama": 5})
    assert s.amount == 5 and s.chooser == "SD" and s.position.count("alabama", "SD") == 5


def test_7_3_abolition_answer_target_chooses(game):
    board = {"alabama": {"SD": 3}, "georgia": {"SD": 5}, "mississippi": {"SD": 4}}
    s = speech(game, pos(board), "CU", "abolition", "LS", "SD", "against", roll=6,
               allocation={"alabama": 3, "mississippi": 4, "georgia": 1})
    assert s.amount == 8 and s.chooser == "SD" and s.problems == []


def test_7_5_indiana_poll(game):
    r = regional_poll(game, pos({"indiana": {"CU": 5, "ND": 2, "R": 4}}), "MW")
    assert winners(r)["indiana"] == "CU" and r.cards["indiana"] == "CU"
    assert not any(o.locked_now for o in r.outcomes)


def test_7_6_locking_indiana(game):
    r = regional_poll(game, pos({"indiana": {"CU": 8, "R": 2}}), "MW")
    assert r.position.locked == {"indiana": "CU"} and r.position.counts("indiana") == {}
    again = regional_poll(game, r.position, "MW")
    assert winners(again)["indiana"] == "CU"


def test_8_2_douglas_strips_georgia(game):
    s = speech(game, pos({"georgia": {"SD": 6, "ND": 4}}), "ND", "abolition", "LS", "SD", "against",
               roll=2, allocation={"georgia": 4})
    assert s.amount == 4 and s.chooser == "ND" and s.position.count("georgia", "SD") == 2


def test_8_3_radicalism_new_york_and_maryland(game):
    place = [{"state": "new-york", "pcfs": 2}, {"state": "maryland", "pcfs": 2}]
    assert campaign(game, pos(), "SD", 4, place).costs == [1, 1, 1, 1]
    other = campaign(game, pos(), "CU", 4, place)
    assert other.costs == [1, 1, 2] and other.placed == {"new-york": 2, "maryland": 1}
    held = pos({"maryland": {"CU": 3}})
    assert campaign(game, held, "SD", 4, place).placed == {"new-york": 2, "maryland": 1}
    assert campaign(game, held, "ND", 4, place).placed == {"new-york": 2}


def test_8_4_delaware_tied_in_final_polling(game):
    r = final_polling(game, pos({"delaware": {"R": 2, "SD": 2, "CU": 1}}), ["MA"])
    assert winners(r)["delaware"] == "CU"
    without = final_polling(game, pos({"delaware": {"R": 2, "SD": 2}}), ["MA"])
    assert winners(without)["delaware"] is None


def test_9_3_tennessee_stronghold(game):
    board = pos({"tennessee": {"SD": 6, "CU": 4}})
    assert winners(final_polling(game, board, ["US"]))["tennessee"] == "CU"
    assert winners(regional_poll(game, board, "US"))["tennessee"] == "SD"
    short = pos({"tennessee": {"SD": 6, "CU": 3}})
    assert winners(final_polling(game, short, ["US"]))["tennessee"] == "SD"
    locked = pos(locked={"tennessee": "SD"})
    assert winners(final_polling(game, locked, ["US"]))["tennessee"] == "SD"


def test_9_4_new_jersey_split(game):
    r = final_polling(game, pos({"new-jersey": {"R": 3, "SD": 3}}), ["MA"])
    nj = next(o for o in r.outcomes if o.state == "new-jersey")
    assert nj.winner is None and nj.split == {"ND": 1, "R": 3, "SD": 3}


def test_9_5_new_york_to_gerrit_smith(game):
    board = pos({"new-york": {"R": 7, "ND": 7}})
    for result in (regional_poll(game, board, "NE", held={"new-york": "R"}), final_polling(game, board, ["NE"])):
        assert winners(result)["new-york"].startswith("Gerrit Smith")
    assert regional_poll(game, board, "NE", held={"new-york": "R"}).cards["new-york"] is None


def test_9_6_south_carolina(game):
    nd = final_polling(game, pos({"south-carolina": {"ND": 4}}), ["LS"])
    assert winners(nd)["south-carolina"] is None
    assert winners(final_polling(game, pos({"south-carolina": {"ND": 6}}), ["LS"]))["south-carolina"] == "ND"
    assert winners(final_polling(game, pos({"south-carolina": {"SD": 3}}), ["LS"]))["south-carolina"] == "SD"
    r = final_polling(game, pos({"south-carolina": {"R": 6, "SD": 3}}), ["LS"])
    sc = next(o for o in r.outcomes if o.state == "south-carolina")
    assert sc.winner == "R" and sc.secession == Fraction(1, 3)
    assert winners(final_polling(game, pos({"south-carolina": {"R": 6, "SD": 4}}), ["LS"]))["south-carolina"] is None


def test_9_7_texas_to_sam_houston(game):
    board = pos({"texas": {"SD": 7, "ND": 7}})
    assert winners(final_polling(game, board, ["LS"]))["texas"].startswith("Sam Houston")
    assert winners(regional_poll(game, board, "LS"))["texas"] is None


def test_10_0_personal_appearance_doubles_the_card(game):
    r = campaign(game, pos(), "SD", 4, [{"state": "indiana", "pcfs": 8}], personal_appearance=True)
    assert r.budget == 8 and r.placed == {"indiana": 8}
    lincoln = campaign(game, pos(), "R", 4, [{"state": "indiana", "pcfs": 8}], personal_appearance=True)
    assert lincoln.budget == 4 and lincoln.problems


def test_10_0_appearance_cancels_a_speech(game):
    s = speech(game, pos({"missouri": {"ND": 6}}), "SD", "abolition", "US", "ND", "against",
               roll=3, allocation={"missouri": 4}, cancelled=True)
    assert s.changed == {} and s.position.count("missouri", "ND") == 6
