"""7.1: a PCF costs a base, plus a surcharge outside the action's first region and
another in a state a different party controls at that moment (the extras add up)."""
from __future__ import annotations

from .spec import RuleModule


def _cost(game, p, ctx):
    base = int(p.get("base", 1))
    extra, controlled = int(p.get("extra_region", 1)), int(p.get("controlled_by_other", 1))
    terms = [(base, f"base {base}")]
    if ctx.first_region is not None and ctx.region != ctx.first_region:
        if ctx.region_waiver:
            terms.append((0, ctx.region_waiver))
        else:
            terms.append((extra, f"+{extra} outside {ctx.first_region}, the action's first region"))
    if ctx.holder and ctx.holder != ctx.party:
        terms.append((controlled, f"+{controlled} as {ctx.holder} controls {ctx.state_name}"))
    return terms


MODULE = RuleModule(
    "campaign_costs", "7.1", "The price of each PCF placed by a Campaign Action",
    params={"base": "int", "extra_region": "int", "controlled_by_other": "int",
            "card_values": "ints"},
    hooks={"placement_cost": _cost})
