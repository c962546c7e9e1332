"""Airpower (variant 13A): the reconstructed City Bombing Table keeps every statement its
reasoning makes; ranges, interception, tactical support and the placement rules."""
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from generator.families.hex.air import Placement, held_cities, intercepted, place_airstrikes, range_check
from generator.families.hex.bombing import cbt_of, resolve_raid
from generator.families.hex.combat import Attack, evaluate_attack

from .helpers import dixie, position


def cbt():
    return cbt_of(dixie())


def test_cbt_is_marked_estimated_with_reasoning_and_uses_one_d6():  # 13A.4.2 C, 13.0 D
    t = cbt()
    assert t.estimated and "13A.4.2" in t.reasoning
    assert t.die_sides == 6 and sorted(t.rows) == [1, 2, 3, 4, 5, 6]
    assert all(len(r) == len(t.columns) for r in t.rows.values())


def test_cbt_never_costs_more_than_three_cities_and_never_rewards_fewer_strikes_or_lower_rolls():  # 5.4 A
    t = cbt()
    for roll, row in t.rows.items():
        assert all(0 <= x <= 3 for x in row)
        assert list(row) == sorted(row), roll                  # more strikes never do less
    for c in range(len(t.columns)):
        col = [t.rows[r][c] for r in sorted(t.rows)]
        assert col == sorted(col), c                            # higher rolls never do less


def test_a_raid_never_repays_its_aps_and_a_lone_strike_misses_half_the_time():
    g = dixie()
    t = cbt()
    per_strike = g.ap_cost("airstrike-city-bombing")
    for c, strikes in enumerate(t.columns):
        mean = sum(Fraction(loss) * p for loss, p in t.distribution(c).items())
        assert mean < strikes * per_strike
    assert t.distribution(0)[0] == Fraction(1, 2)


def test_no_strikes_left_means_no_raid():  # 13A.4.2 C
    raid = resolve_raid(dixie(), 0, roll=6)
    assert raid.column is None and raid.ap_loss == 0
    raid = resolve_raid(dixie(), 9, roll=1)
    assert raid.column == "4+" and raid.ap_loss == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 8), st.integers(0, 10))
def test_every_two_interceptors_remove_one_strike(strikes, interceptors):  # 13A.4.4 C
    lost = intercepted(dixie(), strikes, interceptors)
    assert lost == min(strikes, interceptors // 2)
    assert 0 <= strikes - lost <= strikes


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 8))
def test_raid_odds_sum_to_one(strikes):
    raid = resolve_raid(dixie(), strikes)
    assert sum(raid.distribution.values()) == 1


def test_captured_cities_are_air_bases_and_ranges_count_from_them():  # 13A.3
    g = dixie()
    pos = position()
    assert "memphis" not in {c.id for c in held_cities(g, pos, "USA")}
    assert not range_check(g, pos, "USA", "city-bombing", "1624")[0]
    pos = position(("u", "USA", "infantry-division", g.map.cities["memphis"].hex))
    assert "memphis" in {c.id for c in held_cities(g, pos, "USA")}
    assert "memphis" not in {c.id for c in held_cities(g, pos, "CSA")}
    assert range_check(g, pos, "USA", "city-bombing", "1624")[0]


def test_tactical_support_costs_aps_and_adds_two_per_strike_that_gets_through():  # 13A.4.1 E, 13A.4.4
    g = dixie()
    pos = position(("c", "CSA", "infantry-corps", "1819"), ("u", "USA", "infantry-corps", "1818"),
                   ("m", "USA", "infantry-division", "1716"))
    rep = evaluate_attack(g, pos, Attack(["u"], "1819", airstrikes=3, interceptors=2))
    assert rep.legal and rep.drm == 4 and rep.ap_breakdown["air"] == 6
    # without a held city within 5 hexes the strikes may not fly
    far = position(("c", "CSA", "infantry-corps", "1819"), ("u", "USA", "infantry-corps", "1818"))
    rep = evaluate_attack(g, far, Attack(["u"], "1819", airstrikes=1))
    assert not rep.legal and any("13A.3" in p for p in rep.problems)


def test_placement_rules():  # 13A.1, 13A.4.1 B, 13A.4.2 B, 13A.4.4 B
    g = dixie()
    pos = position()
    rep = place_airstrikes(g, pos, "USA", "city-bombing", [Placement("city-bombing", "3512", 4)], markers=3)
    assert not rep.legal and any("13A.1" in p for p in rep.problems)
    rep = place_airstrikes(g, pos, "USA", "city-bombing", [Placement("city-bombing", "3510", 1)])
    assert not rep.legal                              # Washington is not an enemy-held city
    rep = place_airstrikes(g, pos, "USA", "combat", [Placement("tactical-support", "3512", 1)], attacked=[])
    assert not rep.legal and any("13A.4.1 B" in p for p in rep.problems)
    rep = place_airstrikes(g, pos, "USA", "interdiction", [Placement("city-bombing", "3512", 1)])
    assert not rep.legal                              # wrong phase
    rep = place_airstrikes(g, pos, "USA", "city-bombing", [Placement("city-bombing", "3512", 3, roll=6)],
                           interceptors={"3512": 5})
    assert rep.legal and rep.placed[0].surviving == 1 and rep.placed[0].raid.ap_loss == 1
    assert rep.interceptor_ap_cost == 5
