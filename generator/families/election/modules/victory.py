"""11.0, 11.1: the electoral votes that win, and how many candidates the House picks from.

`majority` fixes the winning number as the rulebook prints it; without it a majority
is one more than half the votes in play. `electoral_total` is checked against the map."""
from __future__ import annotations

from .. import codes
from .spec import RuleModule


def _settings(game, p):
    return {k: p[k] for k in ("majority", "house_candidates", "electoral_total") if k in p}


def _check(game, p):
    found = []
    total = sum(s.ev for s in game.base_states)
    if "electoral_total" in p and total != p["electoral_total"]:
        found.append(("/electoral_total", f"the states hold {total} electoral votes, not {p['electoral_total']}",
                      codes.ELECTORAL_TOTAL))
    if "majority" in p and isinstance(p["majority"], int) and total // 2 + 1 != p["majority"]:
        found.append(("/majority", f"a majority of {total} is {total // 2 + 1}, not {p['majority']}",
                      codes.ELECTORAL_TOTAL))
    return found


MODULE = RuleModule(
    "victory", "11.0", "The electoral votes needed to win; the House's candidates",
    params={"house_candidates": "int", "electoral_total": "int", "majority": "int"},
    hooks={"victory_settings": _settings, "check": _check})
