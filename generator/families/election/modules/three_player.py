"""12.2: the three-player scenario (in force only when three play)."""
from __future__ import annotations

from . import _scenario
from .spec import RuleModule

MODULE = RuleModule("three_player", "12.2", "Three players: the parties played, who opens",
                    params=_scenario.PARAMS, required=frozenset({"parties"}), hooks=_scenario.HOOKS,
                    players=3, order=60)
