"""Runners for the worked-example kinds of the variant and late-turn rules: airstrikes, special
moves, advance after combat, reinforcements, disruption recovery, victory and intervention.
Each takes (game, position, block) and returns (result, trace, figure, table rows)."""
from __future__ import annotations

from ...escape import Markdown, md_cell
from .advance import advance_after_combat
from .air import Placement, place_airstrikes
from .crt import fraction_text
from .naming import game_names
from .deployment import check_deployment, fort_sequence
from .game_turn import play_game_turn
from .intervention import assign
from .movement import interdiction_zone
from .reinforcements import receive, recover
from .scenarios import force_report
from .special_moves import special_move
from .turn import play_turn
from .victory import evaluate
from .zoc import controlled_hexes


def _fig(game, pos, hexes, **kw):
    """The example's figure, drawn only when the site needs it (validate does not)."""
    from .render import example_figure
    focus = [h for h in hexes if h]
    return lambda: example_figure(game, pos, focus, gmap=game.map, **kw) or None


def _legal(rep) -> str:
    return "yes" if rep.legal else "no: " + "; ".join(rep.problems)


def run_air(game, pos, data):
    spec = data["air"]
    placements = [Placement(m["mission"], str(m["hex"]), int(m["strikes"]), m.get("roll")) for m in spec["missions"]]
    interceptors = {str(i["hex"]): int(i["strikes"]) for i in spec.get("interceptors", [])}
    rep = place_airstrikes(game, pos, spec["side"], spec["phase"], placements, markers=spec.get("markers"),
                           ap_available=spec.get("ap_available"), attacked=[str(h) for h in spec.get("attacked", [])],
                           interceptors=interceptors, interceptor_markers=spec.get("interceptor_markers"))
    names = game_names(game)
    marked = {p.hex: f"{p.surviving} {names.get(p.mission, p.mission)}" for p in rep.placed}
    if spec["phase"] == "interdiction":
        for h in interdiction_zone(game, [p.hex for p in rep.placed if p.surviving]):
            marked.setdefault(h, "interdicted")
    fig = _fig(game, pos, [p.hex for p in rep.placed], marked=marked)
    rows = [("Legal", _legal(rep)), ("Markers used", str(rep.markers_used)),
            (f"APs ({spec['side']})", f"{rep.ap_cost} (estimated costs)"),
            (f"APs ({game.enemy(spec['side'])} interceptors)", str(rep.interceptor_ap_cost))]
    for p in rep.placed:
        line = f"{p.strikes} placed, {p.intercepted} intercepted, {p.surviving} left"
        if p.raid is not None and p.raid.column is not None:
            line += (f"; City Bombing Table column {p.raid.column} (estimated): "
                     + ", ".join(f"{k} AP {fraction_text(v)}" for k, v in p.raid.distribution.items()))
            if p.raid.ap_loss is not None:
                line = Markdown(md_cell(line) + f"; roll {p.raid.roll} → **{p.raid.ap_loss} AP lost**")
        rows.append((f"{p.mission} on {p.hex}", line))
    return rep.to_dict(), rep.trace, fig, rows


def run_special_move(game, pos, data):
    spec = data["special_move"]
    rep = special_move(game, pos, spec["mode"], spec["unit"], str(spec["to"]), ap_available=spec.get("ap_available"),
                       interdiction=[str(h) for h in spec.get("interdiction", [])],
                       used_this_turn=bool(spec.get("used_this_turn", False)))
    unit = pos.units.get(spec["unit"])
    hexes = [unit.hex if unit else "", str(spec["to"])]
    shaded = sorted(controlled_hexes(game, pos, game.enemy(unit.side))) if unit else []
    fig = _fig(game, pos, hexes, path=[h for h in hexes if h], shaded=shaded,
               marked={h: "interdicted" for h in interdiction_zone(game, [str(h) for h in spec.get("interdiction", [])])})
    rows = [("Legal", _legal(rep)), ("APs", str(rep.ap_cost)), ("Hexes flown or sailed", str(rep.distance)),
            ("Lands in an EZOC", "yes" if rep.lands_in_ezoc else "no"), ("MPs left", "0 (the move uses them all)")]
    return rep.to_dict(), rep.trace, fig, rows


def run_advance(game, pos, data):
    spec = data["advance"]
    rep = advance_after_combat(game, pos, list(spec["attackers"]), str(spec["defender"]), list(spec["advances"]),
                               defender_lp=int(spec.get("defender_lp", 0)), occupied=bool(spec.get("occupied", True)),
                               exploitation=bool(spec.get("exploitation", False)), ignored=list(spec.get("ignored", [])))
    arrows = []
    for a in spec["advances"]:
        u = pos.units.get(a["unit"])
        if u:
            arrows.append([u.hex] + [str(h) for h in a["path"]])
    first = pos.units.get(spec["attackers"][0]) if spec["attackers"] else None
    hexes = [str(spec["defender"])] + [h for a in arrows for h in a]
    shaded = sorted(controlled_hexes(game, pos, game.enemy(first.side))) if first else []
    fig = _fig(game, pos, hexes, path=arrows[0] if arrows else [], shaded=shaded)
    rows = [("Legal", _legal(rep))] + [(a["unit"], " → ".join(a["path"])) for a in rep.advances]
    if rep.city_captured:
        rows.append(("City captured", game.map.cities[rep.city_captured].name))
    if rep.fort_destroyed:
        rows.append(("Fort", "destroyed"))
    return rep.to_dict(), rep.trace, fig, rows


def run_reinforcement(game, pos, data):
    spec = data["reinforcement"]
    rep = receive(game, pos, spec["side"], list(spec["arrivals"]), dict(spec.get("boxes", {})),
                  ap_available=spec.get("ap_available"))
    hexes = [str(a["hex"]) for a in spec["arrivals"]]
    fig = _fig(game, pos, hexes, shaded=sorted(controlled_hexes(game, pos, game.enemy(spec["side"]))),
               marked={p["hex"]: f"new {game_names(game).get(p['type'], p['type'])}" for p in rep.placed})
    rows = [("Legal", _legal(rep)), ("APs", str(rep.ap_cost)), ("Placement rule", rep.rule)]
    return rep.to_dict(), rep.trace, fig, rows


def run_recovery(game, pos, data):
    spec = data["recovery"]
    rep = recover(game, pos, spec["side"], list(spec["units"]), ap_available=spec.get("ap_available"))
    hexes = sorted({pos.units[u].hex for u in spec["units"] if u in pos.units})
    fig = _fig(game, pos, hexes)
    # an illegal recovery recovers nothing: the units are the ones the player asked for
    return rep.to_dict(), rep.trace, fig, [("Legal", _legal(rep)), ("APs", str(rep.ap_cost)),
                                           ("Recovered" if rep.legal else "Asked to recover (refused)",
                                            ", ".join(rep.recovered) or "none")]


def run_victory(game, pos, data):
    spec = data["victory"]
    rep = evaluate(game, pos, str(spec["scenario"]), conceded_by=spec.get("conceded_by"))
    rows = [("Winner", str(rep.winner or "nobody"))] + [(f"Condition {c.index}: {c.text}", "met" if c.holds else "not met")
                                           for c in rep.conditions]
    return rep.to_dict(), rep.trace + rep.problems, None, rows


def run_intervention(game, pos, data):
    spec = data["intervention"]
    rep = assign(game, dict(spec["assign"]), spec.get("scenario"))
    rows = [("Legal", _legal(rep))] + [(f"{s} air markers", str(n)) for s, n in sorted(rep.air_markers.items())]
    return rep.to_dict(), rep.trace + rep.problems, None, rows


def run_deployment(game, pos, data):
    spec = data["deployment"]
    rep = check_deployment(game, pos, spec["side"], spec.get("scenario"))
    hexes = sorted({u.hex for u in pos.units.values() if u.side == spec["side"]})
    fig = _fig(game, pos, hexes)
    rows = [("Legal", _legal(rep))] + [(k, str(v)) for k, v in rep.counts.items()]
    return rep.to_dict(), rep.trace, fig, rows


def run_player_turn(game, pos, data):
    spec = data["turn"]
    rep = play_turn(game, pos, spec)
    hexes = sorted({u.hex for u in pos.units.values()})
    fig = _fig(game, pos, hexes)
    rows = [("Legal", _legal(rep)), ("AP level", str(rep.ap_level)),
            ("APs by phase", ", ".join(f"{k} {v}" for k, v in rep.ap_by_phase.items()) or "none"),
            ("APs left (lost at the end of the turn, 5.1.2 B)", str(rep.ap_left))]
    for a in rep.attacks:
        rows.append((f"Attack on {a['defender']}", f"{a['result'] or 'not resolved'} for {a['ap']} APs"))
    if rep.cities_captured or rep.cities_reverted:
        rows.append(("Cities", ", ".join([f"{game.map.cities[c].name} captured" for c in rep.cities_captured]
                                         + [f"{game.map.cities[c].name} reverts" for c in rep.cities_reverted])))
    return rep.to_dict(), rep.trace, fig, rows


def run_game_turn(game, pos, data):
    rep = play_game_turn(game, pos, data["game_turn"])
    fig = _fig(game, pos, sorted({u.hex for u in pos.units.values()}))
    rows = [("Legal", _legal(rep)), ("First player", str(rep.first))]
    for t in rep.player_turns:
        rows.append((f"{t['side']} player-turn", f"{t['ap_spent']} of {t['ap_level']} APs spent"
                     + "".join(f"; attack on {a['defender']}: {a['result'] or 'not resolved'}" for a in t["attacks"])))
    rows.append(("IRT at the end of the turn", f"{rep.irt['favours']} {rep.irt['value']}" if rep.irt.get("favours") else "zero"))
    rows.append(("Next", f"Turn {rep.next_turn}" if rep.next_turn else "the game ends (16.5)"))
    return rep.to_dict(), rep.trace, fig, rows


def run_scenario(game, pos, data):
    spec = data["scenario"]
    result, trace = force_report(game, str(spec["id"]), variant=bool(spec.get("variant", False)),
                                 doctrines=dict(spec.get("doctrines", {})))
    rows = [(f"{side}: {v['table']} table", f"{v['divisions']} divisions = {v['corps_equivalent']:g} corps equivalents "
             f"({'agrees with' if v['agrees'] else 'not'} the printed {v['stated_corps_equivalent']}); {v['corps_box']} corps "
             f"in the box; AP level {v['ap_level']}" + (f"; {v['air_markers']} air markers" if spec.get("variant") else ""))
            for side, v in result.get("sides", {}).items()]
    return result, trace + result.get("problems", []), None, rows


def run_fort_placement(game, pos, data):
    spec = data["fort_placement"]
    rep = fort_sequence(game, str(spec["scenario"]), list(spec["placements"]))
    rows = [("Legal", _legal(rep))] + [(f"{side} forts placed", str(n)) for side, n in rep.counts.items()]
    return rep.to_dict(), rep.trace, None, rows
