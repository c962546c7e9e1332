"""Property tests over random Classic positions and orders."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from generator.families.diplomacy.api import adjudicate
from generator.families.diplomacy.loading import game_from_data
from generator.families.diplomacy.model import province_of

import yaml
from pathlib import Path

MAP = yaml.safe_load((Path(__file__).resolve().parents[3] / "content" / "classic" / "map.yaml")
                     .read_text(encoding="utf-8"))
GAME = game_from_data("classic", {"title": "Classic"}, MAP)
POWERS = sorted(GAME.map.powers)


def random_phase(seed: int, n_units: int) -> dict:
    """A random position and random (mostly legal, sometimes odd) movement orders."""
    rng = random.Random(seed)
    m = GAME.map
    provs = [p for p in sorted(m.provinces) if m.provinces[p].type in ("land", "coast", "sea")]
    rng.shuffle(provs)
    units: dict[str, tuple[str, str, str]] = {}
    for p in provs[:n_units]:
        prov = m.provinces[p]
        kinds = [k for k in "AF" if prov.locations(k)]
        kind = rng.choice(kinds)
        units[p] = (rng.choice(POWERS), kind, rng.choice(prov.locations(kind)))
    orders: dict[str, list[str]] = {}
    for p, (power, kind, loc) in sorted(units.items()):
        nbs = m.neighbours(loc, kind)
        roll = rng.random()
        text = f"{kind} {loc} H"
        if roll < 0.5 and nbs:
            text = f"{kind} {loc} - {rng.choice(nbs)}"
        elif roll < 0.8 and nbs:
            reach = {province_of(x) for x in nbs}
            friends = [q for q in units if q in reach]
            if friends:
                q = rng.choice(friends)
                qk, ql = units[q][1], units[q][2]
                dests = [d for d in m.neighbours(ql, qk) if province_of(d) in reach and province_of(d) != p]
                if dests and rng.random() < 0.6:
                    text = f"{kind} {loc} S {qk} {ql} - {province_of(rng.choice(dests))}"
                else:
                    text = f"{kind} {loc} S {qk} {ql}"
        elif roll < 0.9 and kind == "F" and p in m.convoy_seas:
            armies = [q for q in units if units[q][1] == "A" and q in m.coastal]
            if armies:
                a = rng.choice(armies)
                text = f"F {loc} C A {a} - {rng.choice(sorted(m.coastal))}"
        elif roll < 0.95 and kind == "A" and p in m.coastal:
            text = f"A {loc} - {rng.choice(sorted(m.coastal))}"
        orders.setdefault(power, []).append(text)
    return {"phase": "F1901M",
            "units": {pw: [f"{k} {loc}" for q, (w, k, loc) in sorted(units.items()) if w == pw]
                      for pw in POWERS if any(w == pw for w, _, _ in units.values())},
            "centers": {}, "orders": orders}


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=10 ** 9)
sizes = st.integers(min_value=2, max_value=34)


@SETTINGS
@given(seeds, sizes)
def test_no_two_units_share_a_province_and_none_vanish(seed, n):
    req = random_phase(seed, n)
    resp = adjudicate(GAME, req)
    after = [u for us in resp["after"]["units"].values() for u in us]
    provinces = [province_of(u.split()[1]) for u in after]
    assert len(provinces) == len(set(provinces))
    dislodged = [d for ds in resp["after"]["dislodged"].values() for d in ds]
    disbanded = [u for us in resp["disbanded"].values() for u in us]
    before = sum(len(v) for v in req["units"].values())
    assert len(after) + len(dislodged) + len(disbanded) == before


@SETTINGS
@given(seeds, sizes)
def test_every_dislodged_unit_can_retreat_or_must_disband(seed, n):
    resp = adjudicate(GAME, random_phase(seed, n))
    after = resp["after"]
    occupied = {province_of(u.split()[1]) for us in after["units"].values() for u in us}
    for power, ds in after["dislodged"].items():
        for d in ds:
            kind, loc = d["unit"].split()
            assert province_of(loc) in occupied              # the attacker took its place
            for r in d["retreats"]:
                assert r in GAME.map.neighbours(loc, kind)
                assert province_of(r) not in occupied
                assert province_of(r) not in after["contested"]
                assert d["via_convoy"] or province_of(r) != d["attacker_from"]
            assert d["retreats"]          # a unit with nowhere to go was disbanded in the movement
    for power, units in resp["disbanded"].items():
        assert all(u not in after["units"].get(power, []) for u in units)
    if not after["dislodged"]:
        assert not after["phase"].endswith("R")


@SETTINGS
@given(seeds, sizes, st.randoms(use_true_random=False))
def test_order_of_orders_never_changes_the_outcome(seed, n, rnd):
    req = random_phase(seed, n)
    base = adjudicate(GAME, req)
    shuffled = {p: rnd.sample(v, len(v)) for p, v in reversed(list(req["orders"].items()))}
    units = {p: rnd.sample(v, len(v)) for p, v in req["units"].items()}
    other = adjudicate(GAME, {**req, "orders": shuffled, "units": units})
    assert other["after"] == base["after"]
    key = lambda r: (r["power"], r["order"])   # noqa: E731
    assert sorted(map(json.dumps, base["results"])) == sorted(map(json.dumps, other["results"]))
    assert sorted(base["results"], key=key) == sorted(other["results"], key=key)


@SETTINGS
@given(seeds, sizes)
def test_deterministic(seed, n):
    req = random_phase(seed, n)
    assert json.dumps(adjudicate(GAME, req), sort_keys=True) == json.dumps(adjudicate(GAME, req), sort_keys=True)
