"""Property tests: legal moves never end on enemies, infantry never goes EZOC->EZOC,
loss options always pay exactly what is due (or everything the force has)."""
from hypothesis import given, settings, strategies as st

from generator.families.hex.losses import attacker_options, defender_options
from generator.families.hex.model import Position, Unit
from generator.families.hex.movement import evaluate_move
from generator.families.hex.zoc import enemy_controlled

from .helpers import dixie

AREA = dixie().map.grid.within("1819", 3)
TYPES = ["infantry-corps", "infantry-division", "armoured-brigade"]


@st.composite
def scenes(draw):
    hexes = draw(st.lists(st.sampled_from(AREA), min_size=2, max_size=6, unique=True))
    units = {}
    for i, h in enumerate(hexes[1:]):
        units[f"e{i}"] = Unit(f"e{i}", "CSA", draw(st.sampled_from(TYPES)), h, draw(st.booleans()))
    mover = Unit("m", "USA", draw(st.sampled_from(TYPES)), hexes[0])
    units["m"] = mover
    path, cur = [], mover.hex
    g = dixie().map.grid
    for _ in range(draw(st.integers(1, 6))):
        cur = draw(st.sampled_from(g.neighbours(cur)))
        path.append(cur)
    return Position(units), path


@settings(max_examples=60, deadline=None)
@given(scenes())
def test_legal_moves_never_end_on_enemies_nor_jump_ezoc_to_ezoc(scene):
    pos, path = scene
    game = dixie()
    rep = evaluate_move(game, pos, "m", path)
    if not rep.legal:
        return
    assert not any(u.side == "CSA" for u in pos.at(rep.end))
    assert rep.mp_spent <= rep.ma
    if game.unit_type(pos.units["m"]).arm == "infantry":
        hexes = [pos.units["m"].hex] + path
        ez = [enemy_controlled(game, pos, h, "USA")[0] for h in hexes]
        assert not any(a and b for a, b in zip(ez, ez[1:]))
        assert not any(ez[1:-1])          # infantry stops in the first EZOC it enters


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(TYPES), min_size=1, max_size=4), st.integers(0, 6), st.booleans())
def test_loss_options_pay_exactly_the_loss_points_due(types, lp, as_defender):
    game = dixie()
    units = [Unit(f"u{i}", "CSA", t, "1819") for i, t in enumerate(types)]
    pos = Position({u.id: u for u in units})
    if as_defender:
        options, _ = defender_options(game, pos, "1819", units, lp)
    else:
        options = attacker_options(game, units, lp)
    capacity = sum(int(game.unit_type(u).loss_points.value) for u in units)
    assert options
    for o in options:
        paid = (1 if o.retreat else 0) + (1 if o.disrupt else 0) + sum(n for _, n in o.eliminate)
        assert paid == o.satisfied
        assert o.satisfied + o.shortfall == lp
        if o.shortfall:
            assert paid - (1 if o.retreat else 0) - (1 if o.disrupt else 0) == capacity
        for uid, n in o.eliminate:
            assert 1 <= n <= int(game.unit_type(pos.units[uid]).loss_points.value)
        if not as_defender:
            assert o.retreat is None


@st.composite
def advances(draw):
    g = dixie().map.grid
    defender = "1819"
    around = g.neighbours(defender)
    units = {}
    for i, h in enumerate(draw(st.lists(st.sampled_from(around), min_size=1, max_size=3, unique=True))):
        units[f"a{i}"] = Unit(f"a{i}", "USA", draw(st.sampled_from(TYPES)), h, draw(st.booleans()))
    for i, h in enumerate(draw(st.lists(st.sampled_from(AREA), max_size=3, unique=True))):
        if h != defender and h not in {u.hex for u in units.values()}:
            units[f"e{i}"] = Unit(f"e{i}", "CSA", draw(st.sampled_from(TYPES)), h)
    plans = []
    for uid in draw(st.lists(st.sampled_from(sorted(k for k in units if k.startswith("a"))), max_size=2, unique=True)):
        path = [defender] if draw(st.booleans()) else [draw(st.sampled_from(around))]
        if draw(st.booleans()):
            path.append(draw(st.sampled_from(g.neighbours(path[0]))))
        plans.append({"unit": uid, "path": path})
    return Position(units), sorted(k for k in units if k.startswith("a")), plans, draw(st.booleans())


@settings(max_examples=60, deadline=None)
@given(advances())
def test_legal_advances_start_in_the_vacated_hex_and_never_end_on_enemies(scene):  # 13.8.3, 16.6.1.3
    from generator.families.hex.advance import advance_after_combat
    pos, attackers, plans, exploit = scene
    game = dixie()
    rep = advance_after_combat(game, pos, attackers, "1819", plans, defender_lp=1, exploitation=exploit)
    if not rep.legal:
        return
    assert len(rep.advances) <= (2 if exploit else 1)
    for a in rep.advances:
        u = pos.units[a["unit"]]
        assert a["path"][0] == "1819" and not u.disrupted
        assert len(a["path"]) == 1 or (exploit and game.unit_type(u).moves_as_armour and len(a["path"]) == 2)
        assert not any(x.side == "CSA" for x in pos.at(a["end"]))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(sorted(c.hex for c in dixie().map.cities.values() if c.country == "CSA")), max_size=5),
       st.lists(st.sampled_from(AREA), max_size=3, unique=True))
def test_legal_arrivals_pay_their_cost_one_per_hex_never_beside_an_enemy_zoc(hexes, enemies):  # 6.1 C-F
    from generator.families.hex.reinforcements import receive, zoc_on_placement
    game = dixie()
    pos = Position({f"e{i}": Unit(f"e{i}", "USA", "infantry-corps", h) for i, h in enumerate(enemies)})
    arrivals = [{"type": "infantry-division", "box": "reinforcement", "hex": h} for h in hexes]
    rep = receive(game, pos, "CSA", arrivals, {"reinforcement": {"infantry-division": 9}})
    if rep.legal:
        assert rep.ap_cost == 4 * len(hexes)
        assert len({p["hex"] for p in rep.placed}) == len(rep.placed)
        if rep.rule == "6.1 C":
            assert all(not zoc_on_placement(game, pos, p["hex"], "CSA") and not pos.at(p["hex"]) for p in rep.placed)
