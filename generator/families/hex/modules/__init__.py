"""Rule modules of the hex family: variant rules switched on by name in game.yaml `rules:`.

Each module is one file in this package exposing `MODULE`, a RuleModule that declares what it
brings: its parameters and their defaults, the AP cost ids its engines look up, the capabilities
it provides to the engines (a capability is a named hook such as "airstrikes" or "exploitation":
the engine asks for the capability, never for a module by name) and an optional check. The
registry is discovered from the package, so adding a module is adding its file (and its test).
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class RuleModule:
    name: str                         # the key in game.yaml `rules:`
    rule: str                         # the rule numbers it implements
    summary: str
    defaults: Mapping[str, Any] = field(default_factory=dict)
    minimums: Mapping[str, int] = field(default_factory=dict)   # least value of a number parameter, when not 0
    ap_costs: tuple[str, ...] = ()    # charts.yaml `ap_costs` ids its engines look up (HEX023)
    provides: tuple[str, ...] = ()    # capabilities (hooks) the engines ask for
    check: Callable[[Any, Mapping[str, Any]], list] | None = None   # (game, params) -> diagnostics


@dataclass(frozen=True)
class Enabled:
    """A module switched on in game.yaml, with its parameters (defaults overridden by the game's)."""

    module: RuleModule
    params: Mapping[str, Any]


def _discover() -> Mapping[str, RuleModule]:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        mod = importlib.import_module(f"{__name__}.{info.name}")
        module = getattr(mod, "MODULE", None)
        if isinstance(module, RuleModule):
            found[module.name] = module
    return MappingProxyType(dict(sorted(found.items())))


REGISTRY: Mapping[str, RuleModule] = _discover()


def enable(rules: Mapping[str, Any]) -> tuple[Enabled, ...]:
    """The registered modules game.yaml switches on, in name order (unknown names are left to the check)."""
    out = []
    for name, params in sorted((rules or {}).items()):
        module = REGISTRY.get(name)
        if module is not None:
            given = params if isinstance(params, Mapping) else {}
            out.append(Enabled(module, MappingProxyType({**module.defaults, **given})))
    return tuple(out)


def capability(enabled: tuple[Enabled, ...], name: str) -> Mapping[str, Any] | None:
    """The parameters of the enabled module providing capability `name`, or None when none does."""
    return next((e.params for e in enabled if name in e.module.provides), None)
