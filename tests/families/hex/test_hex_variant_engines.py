"""Special moves, advance and exploitation, shock corps, reinforcements, recovery, victory and
intervention, against the rulebook's statements (rule numbers in the test names' comments)."""
from hypothesis import given, settings, strategies as st

from generator.families.hex.advance import advance_after_combat
from generator.families.hex.initiative import ap_level
from generator.families.hex.intervention import assign
from generator.families.hex.organisation import formation
from generator.families.hex.reinforcements import placement_hexes, receive, recover
from generator.families.hex.special_moves import coastal, special_move
from generator.families.hex.victory import evaluate

from .helpers import dixie, position


def test_amphibious_invasion_from_a_coastal_city_to_any_coast():  # 16.6.1.1 C-E
    g = dixie()
    pos = position(("m", "USA", "marine-division", "4007"))
    rep = special_move(g, pos, "amphibious", "m", "3219")
    assert rep.legal and rep.ap_cost == 9
    assert not special_move(g, pos, "amphibious", "m", "3219", used_this_turn=True).legal
    assert not special_move(g, pos, "amphibious", "m", "2418").legal          # Atlanta is inland
    pos = position(("m", "USA", "marine-division", "4007"), ("c", "CSA", "infantry-division", "3219"))
    assert not special_move(g, pos, "amphibious", "m", "3219").legal          # enemy-occupied landing
    pos = position(("a", "USA", "armoured-brigade", "4007"))
    assert not special_move(g, pos, "amphibious", "a", "3219").legal          # only marines


def test_airborne_reach_is_ten_hexes_and_needs_aps():  # 16.6.1.2 C
    g = dixie()
    pos = position(("p", "USA", "airborne-brigade", "3510"))
    legal = [h for h in g.map.grid.within("3510", 11) if special_move(g, pos, "airborne", "p", h).legal]
    assert legal and all(g.map.grid.distance("3510", h) <= 10 for h in legal)
    assert any(g.map.grid.distance("3510", h) == 10 for h in legal)
    assert not special_move(g, pos, "airborne", "p", legal[0], ap_available=8).legal


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(dixie().map.terrain)))
def test_amphibious_landings_are_always_coastal_land(to):
    g = dixie()
    pos = position(("m", "USA", "marine-division", "4007"))
    rep = special_move(g, pos, "amphibious", "m", to)
    if rep.legal:
        assert coastal(g, to) and g.terrain[g.map.terrain[to]].passable


def test_exploitation_two_tank_units_two_hexes_but_not_into_enemies():  # 16.6.1.3
    g = dixie()
    pos = position(("a1", "USA", "armoured-brigade", "1818"), ("a2", "USA", "armoured-brigade", "1719"),
                   ("c", "CSA", "infantry-corps", "1821"))
    two = [{"unit": "a1", "path": ["1819"]}, {"unit": "a2", "path": ["1819", "1820"]}]
    assert advance_after_combat(g, pos, ["a1", "a2"], "1819", two, exploitation=True).legal
    assert not advance_after_combat(g, pos, ["a1", "a2"], "1819", two, exploitation=False).legal   # 13.8.3 A
    into_enemy = [{"unit": "a2", "path": ["1819", "1821"]}]
    assert not advance_after_combat(g, pos, ["a1", "a2"], "1819", into_enemy, exploitation=True).legal
    second_first = [{"unit": "a2", "path": ["1820", "1819"]}]
    assert not advance_after_combat(g, pos, ["a1", "a2"], "1819", second_first, exploitation=True).legal


def test_advance_needs_an_empty_hex_and_one_lp_on_an_empty_city():  # 13.8.3 A-B, 13.4.6
    g = dixie()
    memphis = g.map.cities["memphis"].hex
    pos = position(("u", "USA", "infantry-corps", "1715"), ("c", "CSA", "infantry-division", memphis))
    adv = [{"unit": "u", "path": [memphis]}]
    assert not advance_after_combat(g, pos, ["u"], memphis, adv).legal
    pos = position(("u", "USA", "infantry-corps", "1715"))
    assert not advance_after_combat(g, pos, ["u"], memphis, adv, occupied=False, defender_lp=0).legal
    rep = advance_after_combat(g, pos, ["u"], memphis, adv, occupied=False, defender_lp=1)
    assert rep.legal and rep.city_captured == "memphis"
    across = position(("u", "USA", "infantry-corps", "1615"))       # west bank, no bridge on 1615-1716
    # an amphibious assault: 15.4 C read over 15.2.1 lets the advance cross (test_hex_amphibious_advance)
    assert advance_after_combat(g, across, ["u"], memphis, adv, occupied=False, defender_lp=1).legal


def test_shock_corps_needs_two_divisions_and_a_tank_brigade_and_five_aps():  # 3.3.4 A
    g = dixie()
    pos = position(("d1", "USA", "infantry-division", "2311"), ("d2", "USA", "infantry-division", "2311"),
                   ("a", "USA", "armoured-brigade", "2311"))
    rep = formation(g, pos, "2311", "USA", {}, 5, shock=True)
    assert rep.legal and rep.ap_cost == 5 and rep.added[0]["type"] == "shock-corps"
    assert not formation(g, pos, "2311", "USA", {}, 4, shock=True).legal
    pos = position(("d1", "USA", "infantry-division", "2311"), ("d2", "USA", "intervention-infantry-division", "2311"),
                   ("a", "USA", "armoured-brigade", "2311"))
    assert not formation(g, pos, "2311", "USA", {}, 9, shock=True).legal      # 16.7.1 B


def test_reinforcements_appear_in_free_home_cities_else_any_free_home_hex():  # 6.1 C-E
    g = dixie()
    hexes, rule = placement_hexes(g, position(), "CSA")
    assert rule == "6.1 C" and set(hexes) == {c.hex for c in g.map.cities.values() if c.country == "CSA"}
    occupiers = [(f"u{i}", "USA", "infantry-division", c.hex) for i, c in enumerate(g.map.cities.values())
                 if c.country == "CSA"]
    hexes, rule = placement_hexes(g, position(*occupiers), "CSA")
    assert rule == "6.1 D" and hexes and all(g.map.country[h] == "CSA" for h in hexes)
    atlanta = g.map.cities["atlanta"].hex
    rep = receive(g, position(), "CSA", [{"type": "infantry-division", "box": "replacement", "hex": atlanta}],
                  {"replacement": {"infantry-division": 1}}, ap_available=1)
    assert not rep.legal and rep.ap_cost == 2                                   # 6.1 B: APs must be there


def test_recovery_costs_one_ap_per_sp():  # 12.0 E
    g = dixie()
    pos = position(("c", "CSA", "infantry-corps", "1819", True), ("d", "CSA", "armoured-brigade", "1820", True),
                   ("e", "CSA", "infantry-division", "1821"))
    assert recover(g, pos, "CSA", ["c", "d"]).ap_cost == 4
    assert not recover(g, pos, "CSA", ["e"]).legal                              # not disrupted
    assert not recover(g, pos, "USA", ["c"]).legal


def test_bombing_losses_lower_the_next_ap_level():
    assert ap_level(dixie(), "CSA", 45, [], bombing_loss=2).level == 43


def test_victory_17_1_resource_centres():  # 17.1.3
    g = dixie()
    rcs = [r.hex for r in g.map.resource_centres.values() if r.country == "CSA"][:5]
    pos = position(*[(f"u{i}", "USA", "infantry-division", h) for i, h in enumerate(rcs)])
    rep = evaluate(g, pos, "17.1")
    assert rep.winner == "USA" and 1 in [c.index for c in rep.conditions if c.holds]
    pos = position(*[(f"u{i}", "USA", "infantry-division", h) for i, h in enumerate(rcs[:4])])
    assert evaluate(g, pos, "17.1").winner == "CSA"                             # 16.0 A


def test_victory_17_3_new_orleans_alone_is_enough():  # 17.3.3
    g = dixie()
    pos = position(("u", "USA", "infantry-division", g.map.cities["new-orleans"].hex, True))
    rep = evaluate(g, pos, "17.3")
    assert rep.winner == "USA" and [c.index for c in rep.conditions if c.holds] == [1]


def test_intervention_contingents_are_hostile_and_bring_air():  # 16.7.1
    g = dixie()
    rep = assign(g, {"IV": "USA", "LV": "CSA"}, "17.1")
    assert rep.legal and rep.air_markers == {"USA": 4, "CSA": 3}
    assert not assign(g, {"IV": "USA", "LV": "USA"}).legal
    assert assign(g, {"LV": "USA"}).legal


def test_deployment_rules():  # 16.2 B, 16.3 A-B, 17.3.2
    from generator.families.hex.deployment import check_deployment
    g = dixie()
    ok = position(("f", "CSA", "fort", "0116"), ("d", "CSA", "infantry-division", "0116"))
    assert check_deployment(g, ok, "CSA", "17.3").legal
    assert not check_deployment(g, position(("f", "CSA", "fort", "0117")), "CSA", "17.3").legal
    assert check_deployment(g, position(("f", "CSA", "fort", "0117")), "CSA", "17.1").legal   # 17.3 only
    assert not check_deployment(g, position(("d", "USA", "infantry-division", "0116")), "USA").legal  # not homeland
    rough = next(h for h, t in sorted(g.map.terrain.items()) if t == "rough" and g.map.country.get(h) == "CSA")
    assert not check_deployment(g, position(("f", "CSA", "fort", rough)), "CSA").legal          # 10.4 C
    many = position(*[(f"f{i}", "USA", "fort", h) for i, h in enumerate(["0101", "0102", "0103", "0104"])])
    assert not check_deployment(g, many, "USA", "17.1").legal                                  # 3 forts in 17.1
