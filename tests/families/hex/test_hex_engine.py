from generator.families.hex.combat import Attack, attack_ap_cost, evaluate_attack
from generator.families.hex.crt import Result
from generator.families.hex.initiative import IRT, ap_level, initiative, record_combat
from generator.families.hex.losses import attacker_options
from generator.families.hex.movement import evaluate_move, evaluate_rail
from generator.families.hex.stacking import stack_problems
from generator.families.hex.zoc import enemy_controlled, stack_zoc

from .helpers import dixie, position, with_map


def test_ap_cost_of_multi_hex_attacks():  # 13.0 C, 13.5.1
    assert attack_ap_cost(3, 4)["total"] == 14
    assert attack_ap_cost(3, 0)["total"] == 2
    assert attack_ap_cost(1, 6)["total"] == 6


def test_zoc_needs_two_undisrupted_sp_and_is_negated_in_own_city():
    g = dixie()
    pos = position(("a", "CSA", "armoured-brigade", "1819"), ("b", "CSA", "armoured-brigade", "1819"))
    assert stack_zoc(g, pos, "1819", "CSA")[0]
    pos = position(("a", "CSA", "armoured-brigade", "1819"), ("b", "CSA", "infantry-division", "1819", True))
    assert not stack_zoc(g, pos, "1819", "CSA")[0]
    atlanta = g.map.cities["atlanta"].hex
    pos = position(("c", "CSA", "infantry-corps", atlanta))
    assert not stack_zoc(g, pos, atlanta, "CSA")[0]


def test_ezoc_does_not_extend_into_friendly_city():
    g = dixie()
    atlanta = g.map.cities["atlanta"].hex
    n = g.map.grid.neighbours(atlanta)[0]
    pos = position(("u", "USA", "infantry-corps", n))
    assert not enemy_controlled(g, pos, atlanta, "CSA")[0]


def test_infantry_may_leave_an_ezoc_but_not_into_another():
    g = dixie()
    pos = position(("c", "CSA", "infantry-corps", "1819"), ("u", "USA", "infantry-division", "1719"))
    assert not evaluate_move(g, pos, "u", ["1720"]).legal          # EZOC to EZOC
    assert evaluate_move(g, pos, "u", ["1718", "1717"]).legal      # out to a free hex


def test_armour_leaving_ezoc_straight_into_another_stops():  # 11.4.2 C
    g = dixie()
    pos = position(("c", "CSA", "infantry-corps", "1819"), ("u", "USA", "armoured-brigade", "1719"))
    rep = evaluate_move(g, pos, "u", ["1720"])
    assert rep.legal and rep.stopped_by_zoc
    assert not evaluate_move(g, pos, "u", ["1720", "1721"]).legal


def test_rivers_cost_two_in_enemy_country_and_great_rivers_need_bridges():
    g = with_map(dixie(), hexsides={("1818", "1819"): ["river"]})
    pos = position(("u", "USA", "infantry-division", "1818"))
    assert evaluate_move(g, pos, "u", ["1819"]).mp_spent == 3
    pos = position(("c", "CSA", "infantry-division", "1818"))
    assert evaluate_move(g, pos, "c", ["1819"]).mp_spent == 1
    g2 = with_map(dixie(), hexsides={("1818", "1819"): ["great-river"]})
    assert not evaluate_move(g2, pos, "c", ["1819"]).legal
    g3 = with_map(dixie(), hexsides={("1818", "1819"): ["great-river", "bridge"]})
    assert evaluate_move(g3, pos, "c", ["1819"]).legal
    upos = position(("u", "USA", "armoured-brigade", "1818"))
    assert not evaluate_move(g3, upos, "u", ["1819"]).legal      # CSA bridge not captured


def test_rail_only_divisions_and_brigades_in_home_country():
    g = dixie()
    pos = position(("c", "CSA", "infantry-corps", "1819"))
    assert not evaluate_rail(g, pos, "c", ["1919"]).legal
    pos = position(("c", "CSA", "infantry-division", "1819"))
    assert evaluate_rail(g, pos, "c", ["1919"]).ap_cost == 2


def test_stacking_limits():
    g = dixie()
    pos = position(("a", "USA", "armoured-brigade", "1819"), ("b", "USA", "armoured-brigade", "1819"),
                   ("c", "USA", "infantry-division", "1819"))
    assert stack_problems(g, pos.at("1819"), "clear")
    pos = position(("a", "USA", "infantry-corps", "1819"), ("b", "USA", "armoured-brigade", "1819"))
    assert not stack_problems(g, pos.at("1819"), "clear")
    assert stack_problems(g, pos.at("1819"), "rough")      # 10.1


def test_forts_and_cities_add_strength_and_attacker_loses_first():
    g = dixie()
    pos = position(("f", "CSA", "fort", "1819"), ("d", "CSA", "infantry-division", "1819"),
                   ("u", "USA", "infantry-corps", "1818"), ("v", "USA", "infantry-corps", "1719"))
    rep = evaluate_attack(g, pos, Attack(["u", "v"], "1819", roll=6))
    assert rep.defence_strength == 3 and rep.differential == 3
    assert rep.first_to_lose == "attacker"
    assert all(not o.retreat for o in rep.defender_options)


def test_differential_below_the_table_cannot_attack():
    g = dixie()
    pos = position(("c", "CSA", "infantry-corps", "1819"), ("u", "USA", "infantry-division", "1818"))
    rep = evaluate_attack(g, pos, Attack(["u"], "1819"))
    assert rep.differential == -2 and rep.legal
    pos = position(("c", "CSA", "infantry-corps", "1819"), ("f", "CSA", "fort", "1819"),
                   ("u", "USA", "infantry-division", "1818"))
    assert not evaluate_attack(g, pos, Attack(["u"], "1819")).legal


def test_corps_breaks_up_for_one_loss_point():
    g = dixie()
    pos = position(("c", "USA", "infantry-corps", "1818"))
    opts = attacker_options(g, list(pos.units.values()), 1)
    assert {o.text() for o in opts} == {"eliminate c (1 LP)", "disrupt all units (1 LP)"}


def test_initiative_and_ap_level():
    g = dixie()
    zero = IRT.of(g, None)
    irt, _ = record_combat(g, zero, "CSA", Result(1, 1))
    assert irt.value == 0
    irt, _ = record_combat(g, zero, "CSA", Result(3, 2))      # 14.0 C's example: toward the defender
    assert irt.favours == "USA" and irt.value == 1
    assert initiative(g, zero, 1)[0] == "USA"                 # 14.3, from charts.yaml
    assert initiative(g, zero, 5, "CSA")[0] is None
    assert ap_level(dixie(), "USA", 35, ["washington"]).level == 32
    assert ap_level(dixie(), "USA", 35, ["washington", "chicago", "detroit"]).level == 30


def test_the_move_says_an_estimated_terrain_cost_is_estimated():
    g = dixie()
    assert g.terrain["rough"].movement.estimated
    start = next(n for n in g.map.grid.neighbours("2217") if g.map.terrain.get(n) == "clear")
    rep = evaluate_move(g, position(("d", "CSA", "infantry-division", start)), "d", ["2217"])
    assert any("rough 2 MP (estimated)" in line for line in rep.trace), rep.trace
