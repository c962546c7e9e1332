"""The whole-turn example kind (6.0-6.4): order, hands, deck and momentum across actions."""
from __future__ import annotations

from election_helpers import example

from generator.families.election import FAMILY


def _turn(game, actions, **extra):
    data = {"kind": "turn", "players": 2, "turn": 1, "hands": {"R": [2] * 7, "SD": [2] * 7},
            "actions": actions, "expect": {}}
    data.update(extra)
    return FAMILY.run_example(game, example(data))


def _alternate(n):
    return [{"party": "R" if i % 2 == 0 else "SD", "card": 2,
             "campaign": [{"state": "ohio" if i % 2 == 0 else "virginia", "pcfs": 2}]} for i in range(n)]


def test_five_actions_each_complete_the_turn(game):
    out = _turn(game, _alternate(10), deck={"draw": 100})
    assert out.verified and out.result["complete"]
    assert out.result["actions_taken"] == {"R": 5, "SD": 5}
    assert out.result["position"]["ohio"] == {"R": 10}
    # No poll: no reshuffle, the starting order stands; 2 kept each, drawn up to 6 / 7 (8.1).
    assert out.result["next_order"] == ["R", "SD"]
    assert out.result["next_hands"] == {"R": 7, "SD": 6}
    assert out.result["drawn"] == {"R": 5, "SD": 4}
    assert out.result["deck"] == {"draw": 91, "discard": 10, "removed": []}


def test_a_sixth_action_is_refused(game):
    out = _turn(game, _alternate(10) + [_alternate(1)[0]])
    assert out.result["refused"] == [11]
    assert [d.code for d in out.diagnostics] == ["ELE015"]
    assert "6th" in out.diagnostics[0].message and not out.verified


def test_the_refusal_can_be_the_point(game):
    out = _turn(game, _alternate(10) + [_alternate(1)[0]], expect={"refused": [11]})
    assert out.verified


def test_out_of_turn_and_missing_cards(game):
    out = _turn(game, [{"party": "SD", "card": 2, "campaign": [{"state": "virginia"}]},
                       {"party": "R", "card": 4, "campaign": [{"state": "ohio"}]}])
    assert out.result["refused"] == [1, 2]
    assert out.result["complete"] is False and out.result["waiting"] == ["R", "SD"]


def test_hands_must_have_the_size_the_rules_give(game):
    out = _turn(game, _alternate(1), hands={"R": [2] * 6, "SD": [2] * 7})
    assert any("starts turn 1 with 6 cards; the rules give 7" in d.message for d in out.diagnostics)


def test_card_values_outside_the_range_are_refused(game):
    out = _turn(game, _alternate(1), hands={"R": [2] * 6 + [5], "SD": [2] * 7})
    assert [d.code for d in out.diagnostics] == ["ELE014"]
    single = FAMILY.run_example(game, example({"kind": "campaign", "party": "R", "card": 1,
                                               "place": [{"state": "ohio"}], "expect": {}}))
    assert [d.code for d in single.diagnostics] == ["ELE014"] and single.result["placed"] == {}


def test_a_poll_turn_reorders_momentum_and_reshuffles(game):
    hands = {"R": [2] * 6 + ["regional-poll-middle-west"], "SD": [2] * 7}
    actions = [{"party": "R", "card": 2, "campaign": [{"state": "iowa", "pcfs": 2}]},
               {"party": "SD", "card": 2, "campaign": [{"state": "virginia", "pcfs": 2}]},
               {"party": "R", "card": "regional-poll-middle-west", "poll": True}] + _alternate(8)[1:] + \
        [{"party": "SD", "card": 2, "campaign": [{"state": "virginia", "pcfs": 2}]}]
    out = _turn(game, actions, hands=hands, deck={"draw": 100})
    assert out.result["polls"] == ["MW"] and out.result["held"]["iowa"] == "R"
    assert out.result["next_order"] == ["R", "SD"] and out.result["next_leader"] == "R"
    assert out.result["next_hands"] == {"R": 8, "SD": 6}
    # 10 cards played and shuffled back before drawing (6 + 4 kept cards topped up).
    assert out.result["deck"]["discard"] == 0
    assert out.result["deck"]["draw"] == 100 + 10 - sum(out.result["drawn"].values())


def test_unmodelled_events_and_unknown_values_are_reported(game):
    hands = {"R": [2] * 6 + ["cuban-revolt"], "SD": [2] * 7}
    out = _turn(game, [{"party": "R", "card": "cuban-revolt", "event": True}], hands=hands)
    assert "ELE013" in [d.code for d in out.diagnostics]
    out = _turn(game, [{"party": "R", "card": "cuban-revolt", "campaign": [{"state": "ohio"}]}], hands=hands)
    assert any("PCF value" in d.message for d in out.diagnostics)


def test_unknown_ids_in_a_turn_are_located(game):
    out = _turn(game, [{"party": "XX", "card": 2, "campaign": [{"state": "atlantis"}]}])
    assert {d.code for d in out.diagnostics} == {"ELE001"}
    assert {d.pointer for d in out.diagnostics} == {"/actions/0/party", "/actions/0/campaign/0/state"}


def test_a_statehood_event_inside_a_turn(game):
    hands = {"R": [2] * 6 + ["kansas-statehood"], "SD": [2] * 7}
    out = _turn(game, [{"party": "R", "card": "kansas-statehood", "event": True},
                       {"party": "SD", "card": 2, "campaign": [{"state": "kansas", "pcfs": 2}]}], hands=hands)
    assert out.result["admitted"] == ["kansas"] and out.result["stronghold_tokens"] == {"kansas": "R"}
    assert out.result["position"]["kansas"] == {"SD": 2}
    assert out.result["deck"]["removed"] == ["kansas-statehood"]


def test_a_re_roll_spends_the_appearance_for_the_rest_of_the_game(game):
    # 10.0: one appearance a game; a speech re-rolled with it leaves none for a doubling later
    speech = {"region": "LS", "target": "SD", "direction": "for", "roll": 1, "reroll": 4,
              "allocation": {"alabama": 3, "georgia": 3}}
    actions = [{"party": "R", "card": 2, "campaign": [{"state": "ohio", "pcfs": 2}]},
               {"party": "SD", "card": "fugitive-slave-act", "speech": speech},
               {"party": "R", "card": 2, "campaign": [{"state": "ohio", "pcfs": 2}]},
               {"party": "SD", "card": 2, "personal_appearance": True, "campaign": [{"state": "virginia", "pcfs": 4}]}]
    out = _turn(game, actions, hands={"R": [2] * 7, "SD": ["fugitive-slave-act"] + [2] * 6})
    assert out.result["actions"][1]["amount"] == 6 and out.result["refused"] == [4]
    assert out.result["problems"] == ["SD has already made its Personal Appearance this game (10.0)"]


def test_a_re_roll_needs_an_appearance_left(game):
    speech = {"region": "LS", "target": "SD", "direction": "against", "roll": 1, "reroll": 6,
              "allocation": {"georgia": 3}}
    out = _turn(game, [{"party": "R", "card": "abolition", "speech": speech}],
                hands={"R": ["abolition"] + [2] * 6, "SD": [2] * 7}, position={"georgia": {"SD": 9}})
    assert out.result["refused"] == [1]
    assert "R may not make a Personal Appearance without Speaking Tour (10.0)" in out.result["problems"][0]
