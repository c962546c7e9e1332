"""Claim kinds: small pure checks of what a rulebook says about its map.

A game's claims.yaml lists claims as data (kind + params + the rule quoted);
each kind here is a function `(game, params) -> list[str]`, returning one
sentence per fact that contradicts the claim (empty: the data agrees). A
malformed claim (an unknown province, a missing parameter) raises ClaimError.
The functions only read the model; nothing here knows which game it is. A rule
module may define claim kinds about its own rules (RuleModule.claims).
"""
from __future__ import annotations

from collections import deque
from typing import Callable

from .model import Game, province_of
from .rules import enabled, modules


class ClaimError(ValueError):
    """The claim itself is malformed (unknown province, missing parameter)."""


# -- helpers ---------------------------------------------------------------------

def _prov(game: Game, code: str) -> str:
    """Province id for an id or abbreviation written in a claim."""
    m = game.map
    if province_of(code) in m.provinces:
        return province_of(code)
    found = m.lookup(code)
    if found is None:
        raise ClaimError(f"no province '{code}'")
    return found


def _need(params: dict, key: str):
    if key not in params:
        raise ClaimError(f"parameter '{key}' is missing")
    return params[key]


def _adjacent(game: Game, a: str, b: str, units: str = "any") -> bool:
    m = game.map
    army = b in m.army_adj.get(a, ())
    fleet = any(province_of(y) == b for x in m.provinces[a].locations("F") for y in m.fleet_adj.get(x, ()))
    return {"army": army, "fleet": fleet, "any": army or fleet, "both": army and fleet}[units]


def _fleet_provinces(game: Game, pid: str) -> set[str]:
    m = game.map
    return {province_of(y) for x in m.provinces[pid].locations("F") for y in m.fleet_adj.get(x, ())}


def _border_kinds(game: Game) -> dict[frozenset, set[str]]:
    """Province pair -> the kinds of its borders (made once per map: several claims ask)."""
    borders = game.map.borders
    kept = game.map.__dict__.get("_border_kinds")
    if kept is not None and kept[0] is borders and kept[1] == len(borders):
        return kept[2]
    kinds: dict[frozenset, set[str]] = {}
    for b in borders:
        kinds.setdefault(frozenset((province_of(b.a), province_of(b.b))), set()).add(b.kind)
    game.map.__dict__["_border_kinds"] = (borders, len(borders), kinds)
    return kinds


def _names(game: Game, ids) -> str:
    return ", ".join(game.map.display(i) for i in sorted(ids)) or "none"


# -- claim kinds -------------------------------------------------------------------

def start_centers(game: Game, params: dict) -> list[str]:
    """params: default (int), powers {power: int}. Compares with start.centers."""
    default = params.get("default")
    expected = dict(params.get("powers") or {})
    out = []
    for power in game.map.powers:
        want = expected.pop(power, default)
        have = len(game.start.centers.get(power, []))
        if want is not None and have != want:
            out.append(f"{power} starts with {have} centres, the rule says {want}")
    for power in sorted(expected):
        out.append(f"the rule names {power}, which is not a power of the map")
    return out


def first_year_reach(game: Game, moves: int = 2) -> set[str]:
    """Provinces some player's unit can stand in after `moves` moves, starting
    from units built on the powers' home centres (army anywhere, fleet on any
    fleet location there). No convoys, no transformations."""
    m = game.map
    homes = [p for power in m.powers for p in game.start.centers.get(power, [])]
    reach: set[str] = set()
    for table, starts in ((m.army_adj, [h for h in homes if h in m.army_adj]),
                          (m.fleet_adj, [loc for h in homes for loc in m.provinces[h].locations("F")])):
        depth = {s: 0 for s in starts}
        queue = deque(starts)
        while queue:
            here = queue.popleft()
            if depth[here] == moves:
                continue
            for there in sorted(table.get(here, ())):
                if there not in depth:
                    depth[there] = depth[here] + 1
                    queue.append(there)
        reach |= {province_of(x) for x in depth}
    return reach


def neutral_armies_unreachable(game: Game, params: dict) -> list[str]:
    """params: centers (the candidate centres, e.g. Canada's and Mexico's),
    power (neutral power id, default NEUTRAL), moves (default 2).
    The neutral armies must stand exactly on the candidates no player can reach."""
    candidates = {_prov(game, c) for c in _need(params, "centers")}
    power = params.get("power", "NEUTRAL")
    reach = first_year_reach(game, int(params.get("moves", 2)))
    unreachable = {c for c in candidates if c not in reach}
    armies = {province_of(u.split()[1]) for u in game.start.units.get(power, [])}
    out = []
    extra = armies - unreachable
    missing = unreachable - armies
    if extra:
        out.append(f"neutral armies stand on {_names(game, extra)}, which a player can reach in the "
                   f"first year" + ("" if extra <= candidates else " or which are not candidate centres"))
    if missing:
        out.append(f"no neutral army on {_names(game, missing)}, which no player can reach in the first year")
    return out


def adjacent(game: Game, params: dict) -> list[str]:
    """params: pairs [[A, B], ...], units: army | fleet | any | both (default any)."""
    units = params.get("units", "any")
    out = []
    for a, b in _need(params, "pairs"):
        pa, pb = _prov(game, a), _prov(game, b)
        if not _adjacent(game, pa, pb, units):
            out.append(f"{game.map.display(pa)} and {game.map.display(pb)} are not adjacent for {units}")
    return out


def not_adjacent(game: Game, params: dict) -> list[str]:
    """params: pairs [[A, B], ...], units: army | fleet | any (default any)."""
    units = params.get("units", "any")
    out = []
    for a, b in _need(params, "pairs"):
        pa, pb = _prov(game, a), _prov(game, b)
        if _adjacent(game, pa, pb, units):
            out.append(f"{game.map.display(pa)} and {game.map.display(pb)} are adjacent for {units}")
    return out


def corner_diagonals(game: Game, params: dict) -> list[str]:
    """params: provinces (the four around the corner), diagonals [[A, B], ...].
    All six pairs must be army-adjacent; the diagonals must be marked kind corner;
    with geometry, the diagonal pairs' outlines must not share an edge."""
    four = [_prov(game, p) for p in _need(params, "provinces")]
    out = []
    for i, a in enumerate(four):
        for b in four[i + 1:]:
            if not _adjacent(game, a, b, "army"):
                out.append(f"{a} and {b} are not adjacent for armies")
    kinds = _border_kinds(game)
    contacts = _contacts(game)
    for a, b in _need(params, "diagonals"):
        pa, pb = _prov(game, a), _prov(game, b)
        if "corner" not in kinds.get(frozenset((pa, pb)), set()):
            out.append(f"the border {pa}-{pb} is not marked as a corner crossing")
        if contacts is not None and contacts.get(frozenset((pa, pb)), 0) > 2:
            out.append(f"the outlines of {pa} and {pb} share {contacts[frozenset((pa, pb))]} px of border, "
                       f"so they are not diagonal")
    return out


def _fleet_path(links: dict[str, set[str]], starts, goals, removed: set[str]) -> list[str] | None:
    """A shortest fleet path from one of `starts` to one of `goals` through no province
    in `removed`, or None. A breadth-first search over the model's own adjacency: a
    search this size costs less than importing networkx into every validate."""
    goals = {g for g in goals if g in links and province_of(g) not in removed}
    came_from = {s: None for s in starts if s in links and province_of(s) not in removed}
    queue = deque(came_from)
    while queue:
        here = queue.popleft()
        if here in goals:
            path = []
            while here is not None:
                path.append(here)
                here = came_from[here]
            return path[::-1]
        for there in sorted(links[here]):
            if there not in came_from and province_of(there) not in removed:
                came_from[there] = here
                queue.append(there)
    return None


def only_naval_links(game: Game, params: dict) -> list[str]:
    """params: west, east (a sea province on each side), links (the provinces -
    sea regions count with all their sealanes - that connect them).
    Without the links the two sides must be disconnected for fleets; with all of
    them connected; and each link alone must connect them."""
    m = game.map
    west, east = _prov(game, _need(params, "west")), _prov(game, _need(params, "east"))
    link_sets = []
    for code in _need(params, "links"):
        pid = _prov(game, code)
        region = m.sea_regions.get(m.provinces[pid].region or "")
        link_sets.append({pid} | (set(region.sealanes) | {region.overseer} if region else set()))
    links: dict[str, set[str]] = {}   # fleet moves both ways, as the adjacency table's graph
    for a, targets in m.fleet_adj.items():
        links.setdefault(a, set()).update(targets)
        for b in targets:
            links.setdefault(b, set()).add(a)
    starts, goals = m.provinces[west].locations("F"), m.provinces[east].locations("F")

    everything = set().union(*link_sets)
    out = []
    path = _fleet_path(links, starts, goals, everything)
    if path:
        out.append(f"fleets can go from {west} to {east} without the links, e.g. via "
                   f"{' - '.join(m.display(x) for x in path)}")
    for code, one in zip(params["links"], link_sets):
        if _fleet_path(links, starts, goals, everything - one) is None:
            out.append(f"{code} alone does not connect {west} and {east}")
    return out


def sealane_adjacency(game: Game, params: dict) -> list[str]:
    """params: province, expect (every province it borders, ids or abbreviations).
    Compares with the fleet borders of the map (sealane-derived ones included)."""
    pid = _prov(game, _need(params, "province"))
    want = {_prov(game, p) for p in _need(params, "expect")}
    have = _fleet_provinces(game, pid)
    out = []
    if want - have:
        out.append(f"{game.map.display(pid)} does not border {_names(game, want - have)}")
    if have - want:
        out.append(f"{game.map.display(pid)} also borders {_names(game, have - want)}")
    return out


def sealane_derivation(game: Game, params: dict) -> list[str]:
    """Borders the sealane rules imply that the map data does not have itself
    (the sealanes module adds them as derived borders)."""
    derived = sorted((province_of(b.a), province_of(b.b)) for b in game.map.borders if b.derived)
    if not derived:
        return []
    shown = ", ".join(f"{game.map.display(a)}-{game.map.display(b)}" for a, b in derived[:20])
    more = f" and {len(derived) - 20} more" if len(derived) > 20 else ""
    return [f"the sealane rules add {len(derived)} border(s) the data lacks: {shown}{more}"]


def no_coasts(game: Game, params: dict) -> list[str]:
    """params: provinces - coastal provinces with no split coasts."""
    out = []
    for code in _need(params, "provinces"):
        p = game.map.provinces[_prov(game, code)]
        if p.type != "coast":
            out.append(f"{p.display} is {p.type}, not coastal")
        elif p.coasts:
            out.append(f"{p.display} has split coasts {', '.join(p.coasts)}")
    return out


def plain_seas(game: Game, params: dict) -> list[str]:
    """params: provinces - seas that belong to no sea region (no sealanes)."""
    out = []
    in_region = {s for r in game.map.sea_regions.values() for s in (*r.sealanes, r.overseer)}
    for code in _need(params, "provinces"):
        p = game.map.provinces[_prov(game, code)]
        if p.type != "sea":
            out.append(f"{p.display} is {p.type}, not a sea")
        if p.region or p.id in in_region:
            out.append(f"{p.display} belongs to sea region {p.region or '?'}")
    return out


def island(game: Game, params: dict) -> list[str]:
    """params: provinces - islands: marked island, no army border, at least one fleet border."""
    out = []
    for code in _need(params, "provinces"):
        pid = _prov(game, code)
        p = game.map.provinces[pid]
        if not p.island:
            out.append(f"{p.display} is not marked as an island")
        if game.map.army_adj.get(pid):
            out.append(f"armies can walk into {p.display} from {_names(game, game.map.army_adj[pid])}")
        if not _fleet_provinces(game, pid):
            out.append(f"{p.display} has no fleet border")
    return out


def impassable(game: Game, params: dict) -> list[str]:
    """params: names - places no unit may enter: absent from the map, or of type
    impassable or lake."""
    out = []
    for name in _need(params, "names"):
        pid = game.map.lookup(name)
        if pid is not None and game.map.provinces[pid].type not in ("impassable", "lake"):
            out.append(f"'{name}' is the {game.map.provinces[pid].type} province {pid}, which units can enter")
    return out


def codes_exist(game: Game, params: dict) -> list[str]:
    """params: codes - province codes the rule text uses."""
    missing = [c for c in _need(params, "codes") if game.map.lookup(c) is None
               and province_of(c) not in game.map.provinces]
    return [f"the map has no province '{c}'" for c in missing]


def borders_of_kind(game: Game, params: dict) -> list[str]:
    """params: kinds, units (every border of these kinds must allow them),
    min (at least this many such borders), pairs (optional: these must be of one of the kinds)."""
    kinds = set(_need(params, "kinds"))
    units = set(params.get("units") or [])
    found = [b for b in game.map.borders if b.kind in kinds]
    out = []
    if len(found) < int(params.get("min", 1)):
        out.append(f"only {len(found)} border(s) of kind {', '.join(sorted(kinds))}")
    for pair in sorted({tuple(sorted((province_of(b.a), province_of(b.b)))) for b in found}):
        # units per province pair: a split coast's fleet border and the army border are separate entries
        lacking = [u for u in sorted(units) if not _adjacent(game, pair[0], pair[1], u)]
        if lacking:
            out.append(f"the {'/'.join(sorted(kinds))} border {pair[0]}-{pair[1]} does not let "
                       f"{' or '.join(u + 's' for u in lacking)} cross")
    pairs = params.get("pairs") or []
    by_pair = _border_kinds(game) if pairs else {}
    for a, b in pairs:
        pa, pb = _prov(game, a), _prov(game, b)
        if not by_pair.get(frozenset((pa, pb)), set()) & kinds:
            out.append(f"{pa}-{pb} is not a border of kind {', '.join(sorted(kinds))}")
    return out


def _contacts(game: Game) -> dict[frozenset, int] | None:
    geometry = game.geometry or {}
    if "contacts" not in geometry:
        return None
    return {frozenset(c[:2]): int(c[2]) for c in geometry["contacts"]}


KINDS = {f.__name__: f for f in (
    start_centers, neutral_armies_unreachable, adjacent, not_adjacent, corner_diagonals,
    only_naval_links, sealane_adjacency, sealane_derivation, no_coasts, plain_seas, island, impassable,
    codes_exist, borders_of_kind)}


def kind_named(game: Game, name) -> Callable[[Game, dict], list[str]] | None:
    """The claim kind called `name`: one of KINDS, or one a rule module defines about its
    own rules (its `claims`), called with the module's parameters in this game (None
    when the game does not enable the module)."""
    if name in KINDS:
        return KINDS[name]
    for module_name, mod in modules().items():
        if name in mod.claims:
            settings = enabled(game).enabled.get(module_name)
            return lambda g, params, fn=mod.claims[name]: fn(g, params, settings)
    return None
