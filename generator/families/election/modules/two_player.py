"""12.1: the two-player scenario (in force only when two play)."""
from __future__ import annotations

from . import _scenario
from .spec import RuleModule

MODULE = RuleModule("two_player", "12.1", "Two players: the parties played, who opens, fallbacks",
                    params=_scenario.PARAMS, required=frozenset({"parties"}), hooks=_scenario.HOOKS,
                    players=2, order=60)
