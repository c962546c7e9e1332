"""7.6: in a Regional Poll, a winner with `multiple` times the PCR and the most PCFs locks the state."""
from __future__ import annotations

from .spec import RuleModule

MODULE = RuleModule(
    "locking", "7.6", "Regional Polls lock states won with twice the PCR",
    params={"multiple": "int"},
    hooks={"lock_threshold": lambda game, p: int(p.get("multiple", 2))})
