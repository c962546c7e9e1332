"""Variant 13A: airstrike markers fly tactical support, city bombing, interdiction and interception."""
from __future__ import annotations

from ..air import AirRules, intercepted, range_check
from ..combat import Attack, CombatReport
from ..diag import AIR_DATA, located
from ..model import HexGame, Position
from . import RuleModule

MISSION_IDS = ("tactical-support", "city-bombing", "interdiction", "interception")


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
    hooks={"check": check, "airstrikes": airstrikes, "tactical_support": tactical_support, "interdiction": interdiction})
