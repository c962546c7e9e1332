"""The player-turn engine: actions legal one by one, checked together (4.2.2, 4.3, 5.1.2, 13.1.4, 13.4.4 B)."""
from __future__ import annotations

from generator.families.hex.combat import Attack, evaluate_attack
from generator.families.hex.turn import play_turn

from .helpers import dixie, position


def _pos():
    return position(("usa-div", "USA", "infantry-division", "1716"), ("usa-arm", "USA", "armoured-brigade", "1815"),
                    ("corps", "CSA", "infantry-corps", "1816"), ("arm", "CSA", "armoured-brigade", "1717"),
                    ("div", "CSA", "infantry-division", "1715"))


def _attack(attackers, defender, **kw):
    return {"attackers": attackers, "defender": defender, **kw}


def test_a_unit_attacking_twice_and_a_hex_attacked_twice_are_refused():
    spec = {"side": "CSA", "ap_level": 40, "phases": [{"phase": "combat", "attacks": [
        _attack(["corps", "arm"], "1716", drm=2, roll=4, attacker_losses={"eliminate": {"arm": 1}},
                defender_losses={"eliminate": {"usa-div": 1}}),
        _attack(["corps"], "1815", roll=3),
        _attack(["div"], "1716", roll=3)]}]}
    rep = play_turn(dixie(), _pos(), spec)
    assert not rep.legal
    assert "combat: corps has already attacked this Combat Phase (13.1.4)" in rep.problems
    assert "combat: 1716 has already been attacked this Combat Phase (13.1.4)" in rep.problems
    assert len(rep.attacks) == 1 and rep.ap_by_phase == {"combat": 5}


def test_the_turn_pays_what_each_engine_charges_from_one_marker():
    g, pos = dixie(), _pos()
    alone = evaluate_attack(g, pos, Attack(["corps", "arm"], "1716", 2, 4)).ap_cost
    assert alone == 5
    spec = {"side": "CSA", "ap_level": 5, "phases": [
        {"phase": "movement", "moves": [{"unit": "div", "path": ["1814"]}]},
        {"phase": "combat", "attacks": [_attack(["corps", "arm"], "1716", drm=2, roll=4)]}]}
    rep = play_turn(g, pos, spec)
    assert not rep.legal and rep.ap_by_phase == {"movement": 1} and rep.ap_left == 4
    assert "combat: attack 1 on 1716 (+3, +2 DRM) costs 5 APs, 4 are left (5.1.2 A)" in rep.problems
    spec["ap_level"] = 7
    spec["phases"][1]["attacks"][0].update(attacker_losses={"eliminate": {"arm": 1}},
                                           defender_losses={"eliminate": {"usa-div": 1}})
    rep = play_turn(g, pos, spec)
    assert rep.legal and rep.ap_by_phase == {"movement": 1, "combat": 5} and rep.ap_left == 1


def test_a_unit_moves_once_and_rail_excludes_units_that_moved():
    pos = position(("div", "CSA", "infantry-division", "1918"))
    spec = {"side": "CSA", "ap_level": 40, "phases": [
        {"phase": "movement", "moves": [{"unit": "div", "path": ["1919"]}, {"unit": "div", "path": ["1920"]}]},
        {"phase": "rail", "moves": [{"unit": "div", "path": ["1920"]}]}]}
    rep = play_turn(dixie(), pos, spec)
    assert "movement: div has already moved this phase (8.0 B)" in rep.problems
    assert any(p.startswith("rail: ") and "9.0 B" in p for p in rep.problems), rep.problems
    assert rep.ap_by_phase == {"movement": 1}


def test_phases_keep_the_sequence_of_play():
    spec = {"side": "CSA", "ap_level": 40, "phases": [{"phase": "combat", "attacks": []},
                                                     {"phase": "reinforcement", "arrivals": []}]}
    rep = play_turn(dixie(), _pos(), spec)
    assert rep.problems == ["the reinforcement phase comes out of sequence or twice (4.3)"]


def test_a_vacated_captured_city_reverts_at_the_end_of_the_phase():
    pos = position(("usa-div", "USA", "infantry-division", "1716"))
    rep = play_turn(dixie(), pos, {"side": "USA", "ap_level": 5,
                                   "phases": [{"phase": "movement", "moves": [{"unit": "usa-div", "path": ["1715"]}]}]})
    assert rep.legal and rep.cities_reverted == ["memphis"] and rep.ap_left == 4


def test_stated_losses_must_be_a_legal_choice():
    spec = {"side": "CSA", "ap_level": 40, "phases": [{"phase": "combat", "attacks": [
        _attack(["corps", "arm"], "1716", drm=2, roll=4, attacker_losses={"disrupt": True},
                defender_losses={"retreat": "1616"})]}]}
    rep = play_turn(dixie(), _pos(), spec)
    assert any("defender's losses" in p and "not one of the ways" in p for p in rep.problems)


def test_forts_are_placed_alternately_starting_with_the_side_the_data_names():
    from generator.families.hex.deployment import fort_sequence
    g = dixie()
    ok = [{"side": "CSA", "hex": "1816"}, {"side": "USA", "hex": "2209"}, {"side": "CSA", "hex": "1817"}]
    assert fort_sequence(g, "17.1", ok).legal
    rep = fort_sequence(g, "17.1", [{"side": "USA", "hex": "2209"}])
    assert rep.problems == ["placement 1: it is CSA's turn to place a fort, not USA's (16.2 A)"]
    many = ok + [{"side": "USA", "hex": "2210"}, {"side": "CSA", "hex": "1918"}, {"side": "USA", "hex": "2108"},
                 {"side": "CSA", "hex": "1919"}, {"side": "CSA", "hex": "1920"}, {"side": "CSA", "hex": "1921"}]
    rep = fort_sequence(g, "17.1", many)
    assert rep.problems == ["placement 9: both sides have placed all their forts (16.2 A)"]


def test_the_scenario_kind_recomputes_the_force_tables():
    from generator.families.hex.scenarios import force_report
    result, _ = force_report(dixie(), "17.3")
    assert result["sides"]["USA"]["divisions"] == 18 and result["sides"]["USA"]["corps_equivalent"] == 9
    assert result["sides"]["CSA"]["corps_box"] == 8 and result["problems"] == []
    assert force_report(dixie(), "99")[0]["problems"] == ["no scenario '99'"]


def test_an_attack_on_an_empty_enemy_city_resolves_without_a_defenders_choice():
    # 13.4.3 B, 13.4.6: the city alone takes the loss; the turn used to ask for `defender_losses`
    spec = {"side": "USA", "ap_level": 35, "phases": [{"phase": "combat", "attacks": [
        _attack(["usa-corps"], "1716", roll=6, advance=[{"unit": "usa-corps", "path": ["1716"]}])]}]}
    rep = play_turn(dixie(), position(("usa-corps", "USA", "infantry-corps", "1715")), spec)
    assert rep.legal, rep.problems
    assert rep.cities_captured == ["memphis"] and rep.final == {"usa-corps": "1716"}
    assert any("no choice to state: the city takes 1 LP (13.4.6 A)" in line for line in rep.trace)


def test_an_empty_city_that_takes_no_loss_stays_shut_in_a_turn():
    spec = {"side": "USA", "ap_level": 35, "phases": [{"phase": "combat", "attacks": [
        _attack(["usa-corps"], "1716", roll=3, attacker_losses={"disrupt": True},
                advance=[{"unit": "usa-corps", "path": ["1716"]}])]}]}
    rep = play_turn(dixie(), position(("usa-corps", "USA", "infantry-corps", "1715")), spec)
    assert not rep.legal and rep.cities_captured == []
