"""allied_powers: powers whose units the movement adjudication takes for one power's.

Pirates' privateers (its rules page: "Privateers can attack any other player except the
nation that has issued their right to privateer (eg the English privateer Henry Morgan
cannot attack the English navy. Similarly the English navy cannot attack Henry Morgan.)
... It does not imply an automatic alliance. It is possible for a privateer to move into
his host nation's undefended SC, and vice versa."). webDiplomacy plays it by giving,
before the movement adjudication, the moves of each privateer to its patron power
(PiratesVariant_adjudicatorDiplomacy: `UPDATE wD_Moves SET countryID=1 WHERE countryID=5`),
so wherever the standard rules ask whether two units belong to one power, allies answer yes:

- a unit never dislodges an allied unit (the move fails, as against one's own unit);
- a support is not counted for an attack on an allied unit;
- a move of an ally does not cut a support;
- an ally's fleet ordered to convoy an army makes the army go by convoy (DATC 4.A.3).

Each power still orders only its own units, owns its own centres, builds and retreats
on its own, and may take an ally's empty centre: only the movement adjudication changes.

    rules:
      allied_powers: {allies: [[ENGLAND, HENRY_MORGAN], [FRANCE, FRANCOIS_L_OLONNAIS]]}
"""
from __future__ import annotations

import dataclasses

from ....escape import md_text
from ...base import Page
from . import _example as example
from . import Param, Problem, RuleModule, RuleSet, WebdipForm


def _groups_shape(value) -> str | None:
    ok = isinstance(value, list) and all(
        isinstance(g, list) and len(g) >= 2 and all(isinstance(x, str) for x in g) for g in value)
    return None if ok else "must be a list of groups of two or more power ids: [[POWER, POWER], ...]"


def sides(game, params: dict) -> dict[str, str]:
    """Each allied power -> the first power of its group (the one the adjudication takes it for)."""
    return {power: group[0] for group in params["allies"] for power in group[1:]}


def checks(game, params: dict) -> list[Problem]:
    """Every listed power a power of the map, and in one group at most."""
    powers = game.map.powers
    found = [] if params["allies"] else [Problem(
        "game.yaml", "/rules/allied_powers/allies", "the module is enabled but lists no allies",
        hint="list the powers adjudicated as one: [[POWER, POWER], ...]")]
    seen: set[str] = set()
    for i, group in enumerate(params["allies"]):
        for j, power in enumerate(group):
            where = f"/rules/allied_powers/allies/{i}/{j}"
            if power not in powers:
                found.append(Problem("game.yaml", where, f"no power '{power}'",
                                     hint=f"one of {', '.join(sorted(powers))}"))
            elif power in seen:
                found.append(Problem("game.yaml", where, f"{power} is in two groups of allies",
                                     hint="merge the groups: a power is adjudicated as one with all its allies"))
            seen.add(power)
    return found


def _triangle(m):
    """(kind, s, t, u): a unit of `kind` may move s -> t and u -> t, with s and u adjacent
    provinces of no coasts (an attack on t from s, supported from u)."""
    for kind, adj in (("A", m.army_adj), ("F", m.fleet_adj)):
        for t in sorted(adj):
            if "/" in t:
                continue
            near = [q for q in sorted(adj[t]) if "/" not in q and t in adj.get(q, ())]
            if len(near) >= 2:
                return kind, near[0], t, near[1]
    return None


def _movement_phase(game) -> str:
    """The game's first movement phase, for the example."""
    start = game.start.phase
    if start.endswith("M"):
        return start
    year = start[1:-1]
    return f"S{int(year) + 1}M" if year.isdecimal() else "S1901M"


def dislodge_example(game) -> dict | None:
    """A power attacks its ally's unit with support: the attack fails, as against its own unit."""
    groups = game.modules.params("allied_powers")["allies"]
    spot = _triangle(game.map)
    if not groups or spot is None or not all(p in game.map.powers for p in groups[0][:2]):
        return None
    one, two = groups[0][0], groups[0][1]
    kind, s, t, u = spot
    move, support, hold = f"{kind} {s} - {t}", f"{kind} {u} S {kind} {s} - {t}", f"{kind} {t} H"
    return {"phase": _movement_phase(game), "units": {one: [f"{kind} {s}", f"{kind} {u}"], two: [f"{kind} {t}"]},
            "orders": {one: [move, support], two: [hold]},
            "expect": {"results": {move: "fails", support: "succeeds", hold: "succeeds"}}}


def _without(game):
    rules = {k: v for k, v in game.modules.enabled.items() if k != "allied_powers"}
    return dataclasses.replace(game, modules=RuleSet(rules))


def pages(game, params: dict) -> list[Page]:
    m = game.map

    def name(pid: str) -> str:
        return md_text(m.powers[pid].name if pid in m.powers else pid)
    lines = ["# Allied powers", "",
             "In the movement phases these powers' units are adjudicated as if they were one power's:", ""]
    lines += [f"- {', '.join(name(p) for p in group)}" for group in params["allies"]]
    lines += ["",
              "- **No dislodging an ally.** A move against an allied unit that stays fails, as a move against "
              "one's own unit does, whatever its support.",
              "- **No support against an ally.** A support is not counted for an attack on an allied unit.",
              "- **No cutting an ally's support.** An attack by an ally does not cut a support.",
              "",
              "Otherwise each power plays on its own: it orders only its own units, owns its own centres, "
              "builds and retreats on its own, and may move into an ally's empty centre and take it.", ""]
    found = dislodge_example(game)
    played = example.play(game, found)
    if played is not None:
        from ..api import adjudicate_phase
        from ..examples import outcome_table
        lines += ["## An attack on an ally fails", ""] + example.section(game, played)[2:]
        plain = _without(game)
        request = {k: v for k, v in found.items() if k != "expect"}
        lines += ["", "Between powers that are not allies, the same orders give:", "",
                  outcome_table(plain, adjudicate_phase(plain, request)), ""]
    return [Page("allied-powers.md", "\n".join(lines).rstrip() + "\n", "Allied powers")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    return found or example.problems("allied_powers", example.play(game, dislodge_example(game)))


def _read(found: dict) -> dict:
    return {"allies": [list(g) for g in (found.get("AlliedMoves") or {}).get("groups", [])]}


MODULE = RuleModule(
    name="allied_powers",
    title="Allied powers",
    summary=("Powers whose units the movement adjudication takes for one power's: they neither dislodge "
             "an allied unit nor cut an ally's support, and no support counts against an ally."),
    params={"allies": Param([], "The groups of powers adjudicated as one: [[POWER, POWER], ...].",
                            shape=_groups_shape)},
    sides=sides, checks=example_checks, pages=pages,
    webdip=WebdipForm("powers adjudicated as one in the movement phases (Pirates' privateers and their patron "
                      "powers)", forms=("AlliedMoves",), read=_read,
                      not_exported="webDiplomacy needs an adjudicatorDiplomacy class of the variant's own for it"))
