"""Game families, found by looking: every subpackage of this package is one and
exposes `FAMILY` (see base.py). Adding a family is adding its folder; the family
list (`names()`, which paths.family_names finds without importing a family), the choices
of `mapwright new --family` and the `family` enum of game.schema.json all come from it."""
from __future__ import annotations

import importlib

from ..paths import family_names as names
from .base import Family

__all__ = ["Family", "family", "names"]


def family(name: str) -> Family | None:
    """The Family object named `name`, or None when there is no such family."""
    if name not in names():
        return None
    return importlib.import_module(f"{__name__}.{name}").FAMILY
