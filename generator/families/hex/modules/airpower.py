"""Variant 13A: airstrike markers fly tactical support, city bombing, interdiction and interception."""
from ..diag import AIR_DATA, located
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


MODULE = RuleModule(
    name="airpower", rule="13A (variant)",
    summary="Airstrike markers: +DRM in attacks, raids on cities, interdiction zones, interception.",
    defaults={"tactical_support_drm": 2, "interdiction_extra_mp": 1, "interdiction_extra_ap": 1, "interceptors_per_kill": 2},
    minimums={"interceptors_per_kill": 1},   # interceptors // interceptors_per_kill
    ap_costs=("airstrike-tactical-support", "airstrike-city-bombing", "airstrike-interdiction", "airstrike-interception"),
    provides=("airstrikes", "tactical-support", "interdiction"), check=check)
