"""no_retreats: a dislodged unit is disbanded at once; the game has no retreat phase.

Some variants (and some play-by-mail houses) drop retreats to speed the game up: a
unit dislodged in a movement phase is removed, so after a spring turn the fall turn
follows directly, and after a fall turn the adjustments.
"""
from __future__ import annotations

from . import RuleModule, WebdipForm


def no_retreat(game, unit, params: dict) -> str:
    return "the game has no retreats (no_retreats)"


MODULE = RuleModule(
    name="no_retreats",
    title="No retreats",
    summary="A dislodged unit is disbanded at once: there is no retreat phase.",
    no_retreat=no_retreat,
    webdip=WebdipForm("no retreats: a dislodged unit is disbanded at once", mixins=("NoRetreats",),
                      not_exported="webDiplomacy needs the NoRetreats processOrderDiplomacy class"))
