"""Game families. Each subpackage exposes `FAMILY` (see base.py); this module finds them."""
from __future__ import annotations

import importlib

from .base import Family

KNOWN = ("diplomacy", "hex", "election")


def family(name: str) -> Family | None:
    """The Family object named `name`, or None when the family is unknown."""
    if name not in KNOWN:
        return None
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        return None
    return getattr(module, "FAMILY", None)
