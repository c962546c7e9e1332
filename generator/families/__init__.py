"""Game families, found by looking: every subpackage of this package is one and
exposes `FAMILY` (see base.py). Adding a family is adding its folder; the family
list (`names()`), the choices of `mapwright new --family` and the `family` enum of
game.schema.json all come from here."""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .base import Family


@cache
def names() -> tuple[str, ...]:
    """The families of this Mapwright, sorted."""
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg))


def family(name: str) -> Family | None:
    """The Family object named `name`, or None when there is no such family."""
    if name not in names():
        return None
    return importlib.import_module(f"{__name__}.{name}").FAMILY
