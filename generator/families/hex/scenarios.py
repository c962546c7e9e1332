"""Scenario arithmetic: corps equivalents, Corps Box, counter limits, variant AP levels."""
from __future__ import annotations

from dataclasses import dataclass

from .modules import answers, first, refusal

BOXES = ("initial", "reinforcement", "replacement")


@dataclass(frozen=True)
class ForceFigures:
    divisions: int
    armour: int
    forts: int
    corps_equivalent: float

    @property
    def corps_in_box(self) -> int:
        return self.divisions // 2


def figures(table: dict) -> ForceFigures:
    divisions = sum(int(table[b]["infantry"]) for b in BOXES)
    armour = sum(int(table[b]["armor"]) for b in BOXES)
    forts = sum(int(table[b]["forts"]) for b in BOXES)
    return ForceFigures(divisions, armour, forts, divisions / 2)


def used_table(side_data: dict) -> dict:
    return side_data.get("reading") or side_data["printed"]


def side_summary(side_data: dict) -> dict:
    printed = figures(side_data["printed"])
    used = figures(used_table(side_data))
    return {"printed_ce": printed.corps_equivalent, "used_ce": used.corps_equivalent,
            "stated_ce": side_data["corps_equivalent"], "divisions": used.divisions, "armour": used.armour,
            "forts": used.forts, "corps_box": used.corps_in_box,
            "printed_agrees": printed.corps_equivalent == side_data["corps_equivalent"],
            "reading_agrees": used.corps_equivalent == side_data["corps_equivalent"]}


def force_report(game, scenario_id: str, *, variant: bool = False, doctrines: dict | None = None) -> tuple[dict, list[str]]:
    """A scenario's force tables worked through (16.1, 7.0 D, 6.2, 5.1.1; variant 17.4.1, 17.4.3):
    for each side, the table used, its totals, the corps equivalent recomputed against the printed
    one, the corps placed in the Corps Organization Box, the AP level and the air markers."""
    from .initiative import scenario_ap_level
    sc = next((s for s in game.scenarios if str(s["id"]) == str(scenario_id)), None)
    if sc is None:
        return {"problems": [f"no scenario '{scenario_id}'"]}, []
    result, trace = {"scenario": str(sc["id"]), "sides": {}, "problems": []}, []
    if variant and not answers(game, "scenario_variant"):
        result["problems"].append(refusal("scenario_variant", "the variant figures need a rule module providing them "
                                                              "({module}, 17.4)"))
        variant = False
    limits = {"divisions": next((t.counters.value for t in game.unit_types.values() if t.size == "division" and not t.variant), None),
              "armour": next((t.counters.value for t in game.unit_types.values() if t.arm == "armour" and not t.variant), None)}
    for side in game.side_ids:
        sd = sc["sides"].get(side)
        if sd is None:
            result["problems"].append(f"scenario {sc['id']} lists no forces for {side}")
            continue
        s = side_summary(sd)
        level, why = scenario_ap_level(game, sc, side)
        markers = 0
        if variant:
            change, markers, more = first(game, "scenario_variant", sc, side, int((doctrines or {}).get(side, 0)))
            level, why = level + change, why + more
        table = used_table(sd)
        result["sides"][side] = {
            "table": "reading" if sd.get("reading") else "printed",
            "initial": dict(table["initial"]), "divisions": s["divisions"], "armour": s["armour"], "forts": s["forts"],
            "corps_equivalent": s["used_ce"], "stated_corps_equivalent": s["stated_ce"], "agrees": s["reading_agrees"],
            "corps_box": s["corps_box"], "ap_level": level, "air_markers": markers}
        label = f"{side} forces ({sd['rule']})" if sd.get("rule") else side
        trace.append(f"{label}: {s['divisions']} infantry divisions in all boxes (16.1 B) make {s['used_ce']:g} corps "
                     f"equivalents (16.1 C); printed {s['stated_ce']}: {'agrees' if s['reading_agrees'] else 'does not agree'}"
                     + ("" if s["printed_agrees"] else f" (the table as printed gives {s['printed_ce']:g}; the "
                                                        f"reading of the erratum to this table is used)"))
        trace.append(f"{side}: {s['corps_box']} corps go to the Corps Organization Box at the start (7.0 D)")
        trace += [f"{side}: {t}" for t in why]
        if variant:
            trace.append(f"{side}: {markers} airstrike marker(s) from the variant's table (17.4.3)")
        for what, have, lim in (("infantry divisions", s["divisions"], limits["divisions"]), ("armoured brigades", s["armour"], limits["armour"])):
            if lim is not None and have > lim:
                result["problems"].append(f"{side} needs {have} {what}; the counter mix has {lim} (6.2)")
            elif lim is not None:
                trace.append(f"{side}: {have} {what}, within the {lim} of the counter mix: no more may ever be fielded (6.2)")
    return result, trace
