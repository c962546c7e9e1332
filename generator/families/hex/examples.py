"""Worked examples: build the position an example describes, run the engine, compare with `expect`.

Block format (schemas/hex-example.schema.json): `kind` picks the engine; `units`,
optional `terrain`/`hexsides`/`bridges` overrides set the position; one key named
after the kind holds its inputs; `expect` holds the outcome. Expected mappings match
by subset (only the keys given are compared); a key ending in `_include` lists items
that must appear in the result list of the same name.
"""
from __future__ import annotations

from dataclasses import replace

from ...escape import Markdown, md_cell
from ...render import cell_lines
from ..base import Example, Outcome
from .combat import Attack, evaluate_attack
from .crt import Result, fraction_text
from .grid import hexside
from .initiative import IRT, ap_level, initiative, record_combat, spend
from .losses import attacker_options, corps_note, defender_options
from .model import HexGame, MissingAPCost, Position, Unit
from .naming import game_names, in_words, unit_labels
from .movement import bridge_capture, evaluate_move, evaluate_rail, interdiction_zone
from .organisation import breakdown, formation
from .stacking import stack_problems
from .zoc import controlled_hexes, enemy_controlled


class UnknownUnit(KeyError):
    """An example's action names a unit its `units:` do not hold."""


class _Units(dict):
    """The example's units by id: the runners look units up by the ids the example
    names, and a missing one becomes the example's mismatch (as a missing AP cost
    does), not a KeyError from inside the engine."""

    def __missing__(self, unit_id):
        raise UnknownUnit(unit_id)


def build_position(game: HexGame, data: dict) -> tuple[Position, object, list[str]]:
    problems = []
    gmap = game.map
    if data.get("terrain") or data.get("hexsides"):
        sides = {hexside(*h["hexes"]): h["features"] for h in data.get("hexsides", [])}
        gmap = gmap.with_overrides(terrain=data.get("terrain"), hexsides=sides)
    units = {}
    for u in data.get("units", []):
        if u["type"] not in game.unit_types:
            problems.append(f"unknown unit type '{u['type']}'")
            continue
        if not gmap.grid.contains(u["hex"]):
            problems.append(f"hex {u['hex']} is outside the grid")
            continue
        if u["side"] not in game.side_ids:
            problems.append(f"unit {u['id']}: '{u['side']}' is not a side of this game ({', '.join(game.side_ids)})")
            continue
        units[u["id"]] = Unit(u["id"], u["side"], u["type"], u["hex"], bool(u.get("disrupted", False)))
    bridges = {}
    for b in data.get("bridges", []):
        if b["held_by"] not in game.side_ids + ("destroyed",):
            problems.append(f"bridge {'-'.join(b['hexes'])}: '{b['held_by']}' is neither a side nor `destroyed`")
            continue
        bridges[hexside(*b["hexes"])] = b["held_by"]
    return Position(_Units(units), bridges), gmap, problems


def compare(expect, result, where: str = "") -> list[str]:
    out = []
    if isinstance(expect, dict) and isinstance(result, dict):
        for key, want in expect.items():
            if key.endswith("_include"):
                base = key[: -len("_include")]
                have = result.get(base, [])
                for item in want:
                    if not any(_matches(item, h) for h in have):
                        out.append(f"{where}{base} has no item matching {item!r}")
                continue
            if key not in result:
                out.append(f"{where}{key}: the engine reports no such value")
                continue
            out += compare(want, result[key], f"{where}{key}.")
        return out
    if _norm(expect) != _norm(result):
        out.append(f"{where.rstrip('.')}: expected {expect!r}, engine says {result!r}")
    return out


def _norm(v):
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, dict):
        return {k: _norm(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_norm(x) for x in v]
    return v


def _matches(item, have) -> bool:
    if isinstance(item, dict) and isinstance(have, dict):
        return all(k in have and _norm(have[k]) == _norm(v) for k, v in item.items())
    return _norm(item) == _norm(have)


def _markdown_table(rows: list[tuple[str, str]]) -> str:
    lines = ["| | |", "|---|---|"]
    # cells are plain text unless marked Markdown (escaped piece by piece where written)
    lines += [f"| {md_cell(k)} | {md_cell(v)} |" for k, v in rows]
    return "\n".join(lines)


def _lines(texts) -> Markdown:
    return Markdown(cell_lines(md_cell(t) for t in texts))


def run(game: HexGame, example: Example) -> Outcome:
    data = example.data
    kind = data.get("kind")
    pos, gmap, problems = build_position(game, data)
    g = replace(game, map=gmap) if gmap is not game.map else game
    runner = RUNNERS.get(kind)
    if runner is None:
        return Outcome({}, mismatches=[f"unknown example kind '{kind}'"])
    try:
        result, trace, figure, rows = runner(g, pos, data)
    except MissingAPCost as missing:
        return Outcome({}, mismatches=[f"{missing}: add it to charts.yaml `ap_costs`"])
    except UnknownUnit as unknown:
        return Outcome({}, mismatches=[f"the example names the unit '{unknown.args[0]}', which its `units:` do not "
                                       f"hold (they hold {', '.join(sorted(pos.units)) or 'none'})"])
    mismatches = [f"position: {p}" for p in problems] + compare(data.get("expect", {}), result)
    if "expect" not in data:
        mismatches.append("the example has no expect: block")
    # the reader sees units by side and type, not by the ids the example gives them
    names = {**game_names(game), **{uid: name for uid, (name, _) in unit_labels(game, pos.units.values()).items()}}
    trace, rows = in_words(trace, names), in_words(rows, names)
    return Outcome(result, trace, mismatches, figure, _markdown_table(rows) if rows else "")


def _est_note(game: HexGame) -> str:
    return "estimated" if game.crt.estimated else "printed"


def run_combat(game, pos, data):
    a = data["attack"]
    attack = Attack(list(a["attackers"]), str(a["defender"]), int(a.get("drm", 0)),
                    a.get("roll"), int(a.get("airstrikes", 0)), int(a.get("interceptors", 0)),
                    bool(a.get("support_range", True)), tuple(a.get("ignored", ())), a.get("line"),
                    None if a.get("differential") is None else int(a["differential"]))
    rep = evaluate_attack(game, pos, attack)
    result = rep.to_dict()
    result["attacker_option_count"] = len(rep.attacker_options)
    result["defender_option_count"] = len(rep.defender_options)
    hexes = rep.attacking_hexes + [attack.defender]
    fig = example_fig(game, pos, hexes, arrows=[(h, attack.defender) for h in rep.attacking_hexes])
    rows = [("Differential", f"{rep.differential:+d} on the {game.crt.line_names.get(rep.line, rep.line)}"),
            ("APs spent", f"{rep.ap_cost} ({rep.ap_breakdown.get('coordination', 0)} coordination + "
                          f"{rep.ap_breakdown.get('modifier', 0)} modifier + {rep.ap_breakdown.get('amphibious', 0)} amphibious"
                          + (f" + {rep.ap_breakdown['air']} air, estimated" if "air" in rep.ap_breakdown else "") + ")"),
            ("Total DRM", f"+{rep.drm}")]
    if rep.result is not None:
        rows.append(("Modified roll and result", Markdown(
            f"{rep.modified_roll} → **{md_cell(rep.result)}** (CRT {_est_note(game)})")))
    if rep.distribution:
        rows.append(("Odds (one d6)", ", ".join(f"{k}: {fraction_text(v)}" for k, v in rep.distribution.items())))
    if rep.result is not None:
        rows.append(("Loses first", rep.first_to_lose))
        rows.append(("Attacker's options", _lines(o.text() for o in rep.attacker_options)))
        rows.append(("Defender's options", _lines(o.text() for o in rep.defender_options)))
    if rep.problems:
        rows.append(("Not legal", "; ".join(rep.problems)))
    return result, rep.trace, fig, rows


def run_losses(game, pos, data):
    spec = data["losses"]
    units = [pos.units[u] for u in spec["units"]]
    lp = int(spec["lp"])
    trace = []
    if spec["side"] == "attacker":
        options = attacker_options(game, units, lp)
        trace.append(f"the attacker owes {lp} LP; every combination of disruption and elimination (13.6.2); "
                     "disrupting every attacker satisfies 1 LP however many they are (13.7.2):")
        trace += corps_note(game, units, lp)
    else:
        options, trace = defender_options(game, pos, spec.get("hex", units[0].hex if units else ""), units, lp,
                                          fort_or_city=spec.get("fort_or_city", ""))
    trace += [o.text() for o in options]
    result = {"options": [o.to_dict() for o in options], "option_count": len(options),
              "retreat_possible": any(o.retreat for o in options)}
    hexes = sorted({u.hex for u in units}) or [spec.get("hex")]
    shaded = sorted(controlled_hexes(game, pos, game.enemy(units[0].side))) if units else []
    fig = example_fig(game, pos, hexes, shaded=shaded)
    rows = [("Loss points due", str(lp)), ("Ways to satisfy them", _lines(o.text() for o in options))]
    return result, trace, fig, rows


def run_move(game, pos, data):
    m = data["move"]
    rep = evaluate_move(game, pos, m["unit"], [str(h) for h in m["path"]],
                        interdiction=[str(h) for h in m.get("interdiction", [])], ap_available=m.get("ap_available"))
    unit = pos.units.get(m["unit"])
    shaded = sorted(controlled_hexes(game, pos, game.enemy(unit.side))) if unit else []
    marked = {h: "interdicted" for h in interdiction_zone(game, m.get("interdiction", []))}
    fig = example_fig(game, pos, [unit.hex if unit else ""] + [str(h) for h in m["path"]],
                      path=[unit.hex] + [str(h) for h in m["path"]] if unit else [], shaded=shaded, marked=marked)
    rows = [("Legal", "yes" if rep.legal else "no: " + "; ".join(rep.problems)),
            ("MPs", f"{rep.mp_spent} of {rep.ma}"), ("APs", str(rep.ap_cost)),
            ("Enemy-controlled hexes entered", str(rep.ezocs_entered))]
    return rep.to_dict(), rep.trace, fig, rows


def run_rail(game, pos, data):
    m = data["rail"]
    rep = evaluate_rail(game, pos, m["unit"], [str(h) for h in m["path"]], moved=bool(m.get("moved", False)),
                        interdiction=[str(h) for h in m.get("interdiction", [])], ap_available=m.get("ap_available"))
    unit = pos.units[m["unit"]]
    fig = example_fig(game, pos, [unit.hex] + [str(h) for h in m["path"]], path=[unit.hex] + [str(h) for h in m["path"]])
    rows = [("Legal", "yes" if rep.legal else "no: " + "; ".join(rep.problems)), ("APs", str(rep.ap_cost))]
    return rep.to_dict(), rep.trace, fig, rows


def run_bridge(game, pos, data):
    b = data["bridge"]
    unit_id = b["unit"]
    path = [str(h) for h in b.get("path", [])]
    move = evaluate_move(game, pos, unit_id, path) if path else None
    trace = list(move.trace) if move else []
    if move and not move.legal:
        return {"legal": False, "problems": move.problems}, trace, None, []
    unit = pos.units[unit_id]
    moved = replace(unit, hex=move.end if move else unit.hex)
    pos2 = Position({**pos.units, unit_id: moved}, dict(pos.bridges))
    mp_left = int(game.unit_type(unit).movement.value) - (move.mp_spent if move else 0)
    a, c = (str(h) for h in b["hexside"])
    att = bridge_capture(game, pos2, unit_id, a, c, mp_left=mp_left, roll=b.get("roll"))
    trace += att.trace + att.problems
    result = {"legal": att.legal, "outcome": att.outcome, "mp_left_before": mp_left,
              "distribution": {k: fraction_text(v) for k, v in att.distribution.items()}, "problems": att.problems}
    fig = example_fig(game, pos, [unit.hex] + path + [a, c], path=[unit.hex] + path)
    rows = [("Attempt legal", "yes" if att.legal else "no: " + "; ".join(att.problems)),
            ("Odds", "captured 1/3 (roll 1-2), destroyed 2/3 (roll 3-6)")]
    if att.outcome:
        rows.append(("Outcome", att.outcome))
    return result, trace, fig, rows


def run_initiative(game, pos, data):
    spec = data["initiative"]
    irt = IRT.of(game, spec.get("irt"))
    limit = int(game.charts.get("initiative_track", {}).get("boxes_per_side", {}).get("value", 0)) or None
    trace = [f"IRT starts at {irt.favours or 'zero'} {abs(irt.value) if irt.favours else ''}".strip()]
    for c in spec.get("combats", []):
        irt, why = record_combat(game, irt, c["attacker"], Result.parse(c["result"]), limit)
        trace.append(why)
    result = {"irt": irt.to_dict()}
    if "turn" in spec:
        who, why = initiative(game, irt, int(spec["turn"]), spec.get("previous_first"))
        trace.append(why)
        result["initiative"] = who
        if who is not None or irt.value == 0:
            result["irt_after_reset"] = irt.moved(0).to_dict()
    rows = [("IRT", f"{irt.favours or 'zero'} {abs(irt.value) if irt.favours else ''}".strip())]
    if "initiative" in result:
        rows.append(("Initiative", str(result["initiative"] or ("as last turn: the IRT is at zero (14.4)" if int(spec["turn"]) != 1
                                                     else "not given by the charts"))))
    return result, trace, None, rows


def run_ap_spend(game, pos, data):
    spec = data["ap"]
    left, trace, problems = spend(game, int(spec["start"]), spec.get("actions", []))
    return {"left": left, "problems": problems}, trace, None, [("APs left", str(left))]


def run_ap_level(game, pos, data):
    spec = data["ap_level"]
    lvl = ap_level(game, spec["side"], int(spec["base"]), [str(c) for c in spec.get("captured", [])],
                   int(spec.get("bombing_loss", 0)))
    return ({"level": lvl.level, "reduction": lvl.reduction, "captured_weight": lvl.captured_weight}, lvl.trace, None,
            [("AP level", f"{lvl.base} - {lvl.reduction} = {lvl.level}")])


def run_breakdown(game, pos, data):
    spec = data["breakdown"]
    rep = breakdown(game, pos, spec["unit"], dict(spec.get("box", {})))
    fig = example_fig(game, pos, [pos.units[spec["unit"]].hex])
    return rep.to_dict(), rep.trace + rep.problems, fig, [("Legal", "yes" if rep.legal else "no: " + "; ".join(rep.problems)), ("APs", str(rep.ap_cost))]


def run_formation(game, pos, data):
    spec = data["formation"]
    rep = formation(game, pos, str(spec["hex"]), spec["side"], dict(spec.get("box", {})), int(spec.get("ap_available", 99)),
                    shock=bool(spec.get("shock", False)))
    fig = example_fig(game, pos, [str(spec["hex"])])
    return rep.to_dict(), rep.trace + rep.problems, fig, [("APs", str(rep.ap_cost)), ("Eliminated", ", ".join(rep.eliminated) or "none")]


def run_stacking(game, pos, data):
    spec = data["stacking"]
    h = str(spec["hex"])
    units = pos.at(h)
    problems = stack_problems(game, units, game.map.terrain.get(h, "clear"), before_formation=bool(spec.get("before_formation")))
    fig = example_fig(game, pos, [h])
    return ({"legal": not problems, "problems": problems}, problems or ["the stack is within the limits (10.0 B)"], fig,
            [("Legal", "yes" if not problems else "no: " + "; ".join(problems))])


def run_zoc(game, pos, data):
    spec = data["zoc"]
    side = spec["mover"]
    out, trace = {}, []
    for h in spec["hexes"]:
        ez, why = enemy_controlled(game, pos, str(h), side)
        out[str(h)] = ez
        trace.append(why)
    fig = example_fig(game, pos, [str(h) for h in spec["hexes"]], shaded=sorted(controlled_hexes(game, pos, game.enemy(side))))
    return {"enemy_controlled": out}, trace, fig, [(h, "enemy-controlled" if v else "free") for h, v in out.items()]


def example_fig(game, pos, hexes, **kw):
    """The example's figure, drawn only when the site needs it (validate does not)."""
    from .render import example_figure
    focus = [h for h in hexes if h]
    return lambda: example_figure(game, pos, focus, gmap=game.map, **kw) or None


from .example_runners import (run_advance, run_air, run_deployment, run_fort_placement, run_game_turn,  # noqa: E402
                              run_intervention, run_player_turn, run_recovery, run_reinforcement, run_scenario,
                              run_special_move, run_victory)

RUNNERS = {"combat": run_combat, "losses": run_losses, "move": run_move, "rail": run_rail,
           "bridge-capture": run_bridge, "initiative": run_initiative, "ap-spend": run_ap_spend,
           "ap-level": run_ap_level, "breakdown": run_breakdown, "formation": run_formation,
           "stacking": run_stacking, "zoc": run_zoc, "air": run_air, "special-move": run_special_move,
           "advance": run_advance, "reinforcement": run_reinforcement, "recovery": run_recovery,
           "victory": run_victory, "intervention": run_intervention, "deployment": run_deployment,
           "player-turn": run_player_turn, "scenario": run_scenario, "fort-placement": run_fort_placement,
           "game-turn": run_game_turn}
