"""Variant 13A: airstrike markers fly tactical support, city bombing, interdiction and interception."""
from __future__ import annotations

from ..air import (AirReport, AirRules, PlacedStrike, Placement, intercepted, interceptors_per_kill, missions, nearest_base,
                   range_check)
from ..bombing import resolve_raid
from ..combat import Attack, CombatReport
from ..control import city_holder
from ..diag import AIR_DATA, located
from ..model import HexGame, Position
from . import RuleModule

MISSION_IDS = ("tactical-support", "city-bombing", "interdiction", "interception")
MISSION_PHASES = {"tactical-support": "combat", "city-bombing": "city-bombing", "interdiction": "interdiction"}


def check(game, params) -> list:
    """With airpower on, charts.yaml must describe the four missions and hold a City Bombing Table."""
    out = []
    have = {m["id"] for m in game.charts.get("air_missions", [])}
    missing = [m for m in MISSION_IDS if m not in have]
    if missing:
        out.append(located(game, "charts.yaml", "", AIR_DATA, "the airpower module is on but air_missions lacks "
                           + ", ".join(missing)))
    if not game.charts.get("city_bombing_table"):
        out.append(located(game, "charts.yaml", "", AIR_DATA, "the airpower module is on but there is no city_bombing_table"))
    return out


def airstrikes(game: HexGame, params) -> AirRules:
    return AirRules(int(params["interceptors_per_kill"]), int(params["tactical_support_drm"]))


def air_missions(game: HexGame, params, pos: Position, side: str, phase: str, placements: list[Placement], *,
                 markers: int | None = None, ap_available: int | None = None, attacked: list[str] = (),
                 interceptors: dict[str, int] | None = None, interceptor_markers: int | None = None) -> AirReport:
    """One phase of airstrikes by the phasing `side`, then the enemy's interceptions, then raids."""
    rep = AirReport(False, side, phase)
    known = missions(game)
    foe = game.enemy(side)
    info = next((x for x in game.charts.get("phases", []) if x.get("id") == phase), None)
    if info is not None:
        rep.trace.append(f"{info.get('name', phase)} ({info.get('rule', '')}): {side} places its strikes for it")
    attacked = set(attacked)
    seen: set[str] = set()
    for p in placements:
        m = known.get(p.mission)
        if m is None or p.mission == "interception":
            rep.problems.append(f"'{p.mission}' is not a mission the phasing side places (13A.4)")
            continue
        if MISSION_PHASES.get(p.mission) != phase:
            rep.problems.append(f"{m.name.lower()} is flown in the {MISSION_PHASES.get(p.mission)} phase, not the {phase} phase (4.2.2)")
        if p.hex in seen:
            rep.problems.append(f"strikes on {p.hex} are listed twice; give one entry per hex")
        seen.add(p.hex)
        ok, why = range_check(game, pos, side, p.mission, p.hex)
        city, dist = nearest_base(game, pos, side, p.hex)
        placed = PlacedStrike(p.mission, p.hex, p.strikes, base=city.id if city else None, distance=dist)
        rep.trace.append(f"{p.strikes} {m.name.lower()} strike(s) on {p.hex}: {why}")
        if not ok:
            rep.problems.append(why)
        if p.mission == "tactical-support" and p.hex not in attacked:
            rep.problems.append(f"tactical support goes only over a hex being attacked by ground units (13A.4.1 B); {p.hex} is not")
        if p.mission == "city-bombing":
            holder = city_holder(game, pos, p.hex)
            if holder is None:
                rep.problems.append(f"{p.hex} is not a city (13A.4.2 B)")
            elif holder != foe:
                rep.problems.append(f"the city in {p.hex} is held by {holder}; only enemy-held cities are bombed (13A.4.2 B)")
            if p.hex in attacked:
                rep.problems.append(f"{p.hex} is being attacked by ground units: no city bombing there (13A.4.2 B)")
        cost = game.ap_cost(m.ap_cost_id) * p.strikes
        rep.ap_cost += cost
        rep.markers_used += p.strikes
        rep.placed.append(placed)
    est = " (estimated)" if any(game.ap_cost_estimated(known[p.mission].ap_cost_id) for p in rep.placed) else ""
    rep.trace.append(f"{rep.markers_used} marker(s) placed for {rep.ap_cost} APs{est} (13A.2)")
    if markers is not None:
        rep.trace.append(f"{markers} marker(s) ready: every marker the scenario assigns is available again in the "
                         "Airstrike Availability Phase (4.2.2.2a), each for one mission a turn (13A.1)")
    if markers is not None and rep.markers_used > markers:
        rep.problems.append(f"{rep.markers_used} markers placed but only {markers} are available; a marker flies one mission a turn (13A.1)")
    if ap_available is not None and rep.ap_cost > ap_available:
        rep.problems.append(f"the strikes cost {rep.ap_cost} APs; {ap_available} are left (13A.2)")
    # 13A.4.4: the other side answers once every strike of the phase is down.
    by_hex = {p.hex: p for p in rep.placed}
    total_int = 0
    for hex_id, n in sorted((interceptors or {}).items()):
        target = by_hex.get(hex_id)
        if target is None:
            rep.problems.append(f"interceptors go only where {side} strikes are (13A.4.4 B); {hex_id} has none")
            continue
        if not known[target.mission].interceptable:
            rep.problems.append(f"{known[target.mission].name.lower()} may not be intercepted")
            continue
        ok, why = range_check(game, pos, foe, "interception", hex_id)
        rep.trace.append(f"{foe} sends {n} interceptor(s) to {hex_id}: {why}")
        if not ok:
            rep.problems.append(why)
            continue
        total_int += n
        target.interceptors = n
        target.intercepted = intercepted(game, target.strikes, n)
        rep.trace.append(f"{n} interceptor(s) remove {target.intercepted} of the {target.strikes} strike(s) on {hex_id} "
                         f"(one per {interceptors_per_kill(game)}, 13A.4.4 C); removed strikes may fly again next turn")
    if total_int:
        rep.interceptor_ap_cost = total_int * game.ap_cost(known["interception"].ap_cost_id)
        rep.trace.append(f"{foe} pays {rep.interceptor_ap_cost} APs for its interceptors (13A.2); they leave at the end "
                         "of the phase and are never intercepted themselves (13A.4.4 D-E)")
        if interceptor_markers is not None and total_int > interceptor_markers:
            rep.problems.append(f"{foe} places {total_int} interceptors but has {interceptor_markers} markers (13A.1)")
    for p in rep.placed:
        if p.mission == "tactical-support":
            per = int(params["tactical_support_drm"])
            rep.trace.append(f"{p.hex}: {p.surviving} support strike(s) add +{per * p.surviving} to the attack's die roll (13A.4.1 E)")
        elif p.mission == "interdiction":
            rep.trace.append(f"{p.hex}: {'an interdiction zone covers it and the six hexes around' if p.surviving else 'no interdiction zone'}"
                             " until the end of the enemy's player-turn (13A.4.3)")
        elif p.mission == "city-bombing":
            roll = next((pl.roll for pl in placements if pl.hex == p.hex), None)
            p.raid = resolve_raid(game, p.surviving, roll)
            rep.trace += [f"{p.hex}: {t}" for t in p.raid.trace]
    rep.legal = not rep.problems
    rep.trace.append("the placement is legal" if rep.legal else "the placement is not legal: " + rep.problems[0])
    return rep


def tactical_support(game: HexGame, params, pos: Position, side: str, attack: Attack, rep: CombatReport) -> CombatReport:
    """13A.4.1: strikes over the attacked hex, less interceptions (13A.4.4), add to the die; each costs APs."""
    per = int(params["tactical_support_drm"])
    if attack.support_range:
        ok, why = range_check(game, pos, side, "tactical-support", attack.defender)
        rep.trace.append(why)
        if not ok:
            rep.problems.append(why)
    lost = intercepted(game, attack.airstrikes, attack.interceptors)
    left = attack.airstrikes - lost
    if attack.interceptors:
        if attack.support_range:
            ok, why = range_check(game, pos, game.enemy(side), "interception", attack.defender)
            rep.trace.append(f"{game.enemy(side)} interceptors: {why}")
            if not ok:
                rep.problems.append(why)
        rep.trace.append(f"{attack.interceptors} enemy interceptor(s) remove {lost} of {attack.airstrikes} strike(s) (13A.4.4 C); "
                         f"{game.enemy(side)} pays {attack.interceptors * game.ap_cost('airstrike-interception')} AP(s) for them (13A.2)")
    air_ap = attack.airstrikes * game.ap_cost("airstrike-tactical-support")
    rep.ap_breakdown["air"] = air_ap
    rep.ap_breakdown["total"] += air_ap
    rep.ap_cost = rep.ap_breakdown["total"]
    est = " (estimated)" if game.ap_cost_estimated("airstrike-tactical-support") else ""
    rep.trace.append(f"{attack.airstrikes} tactical support strike(s) cost {air_ap} APs{est} (13A.2); "
                     f"the APs of intercepted strikes are spent all the same")
    rep.drm += per * left
    rep.trace.append(f"{left} strike(s) reach the battle: +{per * left} DRM (13A.4.1 E)")
    return rep


def interdiction(game: HexGame, params) -> tuple[int, int]:
    """13A.4.3: a unit entering an interdiction zone pays extra MPs (land) or APs (rail, amphibious)."""
    return int(params["interdiction_extra_mp"]), int(params["interdiction_extra_ap"])


MODULE = RuleModule(
    name="airpower", rule="13A (variant)",
    summary="Airstrike markers: +DRM in attacks, raids on cities, interdiction zones, interception.",
    defaults={"tactical_support_drm": 2, "interdiction_extra_mp": 1, "interdiction_extra_ap": 1, "interceptors_per_kill": 2},
    minimums={"interceptors_per_kill": 1},   # interceptors // interceptors_per_kill
    ap_costs=("airstrike-tactical-support", "airstrike-city-bombing", "airstrike-interdiction", "airstrike-interception"),
    hooks={"check": check, "airstrikes": airstrikes, "air_missions": air_missions, "tactical_support": tactical_support, "interdiction": interdiction})
