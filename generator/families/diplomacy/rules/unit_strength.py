"""unit_strength: a kind of unit moves with extra strength.

Pirates' frigates (its rules page: "Frigates can only move one place, but have an extra 50%
strength. This means unlike normal Diplomacy when one navy tries dislodging another navy and
fails (stand-off), in this variant a single frigate attacking a clipper will succeed. ...
their attacking bonus only applies when they are the moving unit ie Player 1's frigate
(strength 1.5) attacking Player 2's frigate (strength 1 because defending not attacking) will
result in Player 1 winning. But if they attack each other at the same time this would be a
stand-off (1.5 vs 1.5.) Likewise two clippers (strength of 2) will defeat a single frigate
(strength of only 1 when defending.) Also remember a frigate supporting a moving clipper does
not give any bonus to the attack."). Its frigates are webDiplomacy armies; its adjMove and
adjHeadToHeadMove add 0.5 to the strength of every move of an army (`$min += 0.5`), which is
what webDiplomacy's attack, prevent and defend strengths count from, and to the hold strength
a moving army has when its move fails. So a move of a unit of `kind`:

- attacks, prevents and (head to head) defends with `bonus` more, supported or not;
- when it fails, the unit holds with `bonus` more;
- against a unit of its own power it still has no strength at all.

A unit of `kind` that holds, supports or convoys has the standard strength, and its support
adds one, as any support does.

    rules:
      unit_strength: {kind: A, bonus: 0.5}
"""
from __future__ import annotations

from ....escape import md_text
from ...base import Page
from . import _example as example
from . import Param, RuleModule, WebdipForm

_NAMES = {"A": "army", "F": "fleet"}


def _positive(value) -> str | None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
    return None if ok else "must be a positive number"


def move_bonus(game, units, moves: dict, params: dict) -> dict:
    kind, bonus = params["kind"], params["bonus"]
    # not a unit of a power no player moves (Pirates' hurricane: its own bonus, `elseif` in adjMove)
    neutrals = game.modules.neutrals if game.modules is not None else ()
    return {p: bonus for p in moves if units[p].kind == kind and units[p].power not in neutrals}


def _movement_phase(game) -> str:
    start = game.start.phase
    if start.endswith("M"):
        return start
    year = start[1:-1]
    return f"S{int(year) + 1}M" if year.isdecimal() else "S1901M"


def example_of(game) -> dict | None:
    """A unit of `kind` attacks, unsupported, a unit of the other kind holding: it dislodges it."""
    m, params = game.map, game.modules.params("unit_strength")
    kind = params["kind"]
    other = "F" if kind == "A" else "A"
    mine, theirs = (m.army_adj, m.fleet_adj) if kind == "A" else (m.fleet_adj, m.army_adj)
    powers = sorted(m.powers)
    if len(powers) < 2:
        return None
    for s in sorted(mine):
        for t in sorted(mine[s]):
            if "/" in s or "/" in t or t not in theirs:
                continue
            move, hold = f"{kind} {s} - {t}", f"{other} {t} H"
            return {"phase": _movement_phase(game),
                    "units": {powers[0]: [f"{kind} {s}"], powers[1]: [f"{other} {t}"]},
                    "orders": {powers[0]: [move], powers[1]: [hold]},
                    "expect": {"results": {move: "succeeds", hold: "fails"}}}
    return None


def checks(game, params: dict):
    return example.problems("unit_strength", example.play(game, example_of(game)))


def pages(game, params: dict) -> list[Page]:
    name, bonus = _NAMES[params["kind"]], params["bonus"]
    lines = ["# Stronger moves", "",
             f"Every move of an {name} counts {md_text(str(bonus))} more: in its attack, in preventing another "
             f"unit from entering the province it moves to, and in a head-to-head battle. An {name} whose move "
             f"fails holds with {md_text(str(bonus))} more as well. An {name} that holds, supports or convoys "
             f"has the standard strength, and its support counts one, as any support does; against a unit of "
             f"its own power a move has no strength at all.", ""]
    lines += example.section(game, example.play(game, example_of(game)))
    return [Page("stronger-moves.md", "\n".join(lines).rstrip() + "\n", "Stronger moves")]


MODULE = RuleModule(
    name="unit_strength",
    title="Stronger moves",
    summary=("Every move of a kind of unit counts extra strength in attack, prevention and defence, and in "
             "hold when it fails (Pirates' frigates: half a support more)."),
    params={"kind": Param("A", "The kind of unit whose moves are stronger.", choices=("A", "F")),
            "bonus": Param(0.5, "The extra strength of each such move.", shape=_positive)},
    move_bonus=move_bonus, checks=checks, pages=pages,
    webdip=WebdipForm("a kind of unit moves with extra strength (Pirates' frigates)", forms=("UnitStrength",),
                      read=lambda found: dict(found["UnitStrength"] or {}),
                      not_exported="webDiplomacy needs adjMove classes of the variant's own for it"))
