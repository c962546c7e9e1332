"""Every statement the rulebook makes about the (unprinted) CRT holds on the reconstruction."""
from generator.families.hex.crt import Result

from .helpers import dixie


def crt():
    return dixie().crt


def test_defenders_advantage_plus_two_roll_seven_is_0_1():  # 13.5.2 E
    c = crt()
    assert str(c.result(c.column("defender-advantage", 2), 7)) == "0/1"


def test_modified_roll_never_above_twelve():  # 13.5.1 D
    c = crt()
    assert c.max_roll == 12 and max(c.rows) == 12
    assert c.modified_roll(6, 8) == 12
    assert c.modified_roll(6, 6) == 12


def test_below_lowest_column_not_allowed_above_highest_uses_it():  # 13.5 C-D
    c = crt()
    for line, heads in c.lines.items():
        assert c.column(line, heads[0] - 1) is None
        col = c.column(line, heads[-1] + 5)
        assert col.index == len(heads) - 1 and col.clamped


def test_two_lines_share_columns_and_defender_advantage_is_harder():  # 13.3.2
    c = crt()
    assert len(c.lines["normal"]) == len(c.lines["defender-advantage"])
    for n, d in zip(c.lines["normal"], c.lines["defender-advantage"]):
        assert d > n


def test_results_quoted_by_the_rules_exist():  # 13.5 F, 14.0 C, 14.2, 13.0 D
    seen = {str(r) for row in crt().rows.values() for r in row}
    assert {"1/2", "3/2", "2/3", "0/2", "0/1"} <= seen
    assert any(Result.parse(s).attacker == 3 for s in seen)


def test_raising_the_roll_by_three_is_what_makes_an_attack_succeed():  # 18.0 A
    c = crt()
    col = c.column("normal", 0)
    for roll in range(1, 7):
        r = c.result(col, roll)
        assert r.defender <= r.attacker
    for roll in (4, 5, 6):
        r = c.result(col, c.modified_roll(roll, 3))
        assert r.defender > r.attacker


def test_higher_rolls_and_differentials_never_help_the_defender():  # 13.1.5
    c = crt()
    width = len(c.lines["normal"])
    for i in range(width):
        for roll in range(1, 12):
            a, b = c.rows[roll][i], c.rows[roll + 1][i]
            assert b.attacker <= a.attacker and b.defender >= a.defender
    for roll in c.rows:
        for i in range(width - 1):
            a, b = c.rows[roll][i], c.rows[roll][i + 1]
            assert b.defender >= a.defender
            assert b.defender - b.attacker >= a.defender - a.attacker


def test_distribution_sums_to_one_and_every_crt_value_is_marked_estimated():
    c = crt()
    dist = c.distribution(c.column("normal", 2), 3)
    assert sum(dist.values()) == 1
    assert c.estimated
