"""Convoy-route legality (DATC 6.G.19) in polynomial time, checked against brute force
on small random sea graphs, and fast on a real sea full of fleets."""
from __future__ import annotations

import itertools

from hypothesis import given, settings, strategies as st

from generator.families.diplomacy.movement import on_convoy_route


def brute_force(adj, fleets, starts, ends) -> set[str]:
    """Every fleet on some chain f1..fk of distinct adjacent fleets with only f1 in
    `starts` and only fk in `ends`, by enumerating the chains."""
    on = set()

    def extend(path):
        last = path[-1]
        if last in ends:
            on.update(path)
            return
        for nxt in adj.get(last, ()):
            if nxt in fleets and nxt not in path and nxt not in starts:
                extend(path + [nxt])
    for s in starts & fleets:
        extend([s])
    return on


@st.composite
def sea_graphs(draw):
    n = draw(st.integers(min_value=1, max_value=8))
    nodes = [f"S{i}" for i in range(n)]
    pairs = list(itertools.combinations(nodes, 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs))) if pairs else []
    adj = {x: set() for x in nodes}
    for x, y in edges:
        adj[x].add(y)
        adj[y].add(x)
    fleets = set(draw(st.lists(st.sampled_from(nodes), unique=True)))
    starts = set(draw(st.lists(st.sampled_from(nodes), unique=True)))
    ends = set(draw(st.lists(st.sampled_from(nodes), unique=True)))
    return adj, fleets, starts & fleets, ends & fleets


@settings(max_examples=600, deadline=None)
@given(sea_graphs())
def test_flow_answer_equals_brute_force(graph):
    adj, fleets, starts, ends = graph
    want = brute_force(adj, fleets, starts, ends)
    got = {v for v in adj if on_convoy_route(adj, fleets, starts, ends, v)}
    assert got == want


def test_6g19_the_fleet_beyond_a_fleet_that_reaches_the_coast_is_not_needed(classic):
    from generator.families.diplomacy.movement import fleet_on_useful_route
    m = classic.map
    assert fleet_on_useful_route(m, "MAR", "SPA", "LYO", {"LYO", "WES"})
    assert not fleet_on_useful_route(m, "MAR", "SPA", "WES", {"LYO", "WES"})
    assert fleet_on_useful_route(m, "LON", "TUN", "MAO", {"ENG", "MAO", "WES", "NTH"})
    assert not fleet_on_useful_route(m, "LON", "TUN", "NTH", {"ENG", "MAO", "WES", "NTH"})


def test_one_convoy_order_on_a_sea_full_of_fleets():
    """Every open sea of A Modern Europe holds a fleet; a long convoy is judged (it took
    54 s by path enumeration; benchmarks/adjudicate_growth.py times it)."""
    from generator import api
    g = api.load_game("modern-europe")
    m = g.model.map
    seas = sorted(m.convoy_seas)
    coast = sorted(m.coastal)
    armies = [c for c in coast if any(c in m.fleet_reach.get(s, ()) for s in seas)]
    src, dest = armies[0], armies[-1]
    power = sorted(m.powers)[0]
    units = {power: [f"F {m.provinces[s].locations('F')[0]}" for s in seas] + [f"A {src}"]}
    orders = {power: [f"F {seas[len(seas) // 2]} C A {src} - {dest}", f"A {src} - {dest}"]}
    resp = g.adjudicate({"phase": "S2020M", "units": units, "orders": orders})
    assert len(resp["results"]) == 2 and resp["results"][1]["legal"]
