"""Rule modules of the hex family: variant rules switched on by name in game.yaml `rules:`.

Each module is one file in this package exposing `MODULE`, a RuleModule: its parameters and
their defaults, the AP cost ids it looks up, and its behaviour as hooks. The engines never ask
whether a module is in force, nor for a module by name: at each point where a variant rule may
act they ask for the enabled modules' answers to a hook (`first`, `answers`) and go on with the
standard rules when there is none. The registry is discovered from the package, so adding a
module is adding its file (and its test).

Hooks (each called as fn(game, params, ...); None means "nothing to say"):

    check(game, p) -> [Diagnostic]                     the module's data is consistent
    corps_formation(game, p, pos, hex_id, side, box, ap_available, divisions) -> OrgReport
                                                       a variant corps formed in the Formation Phase
    exploitation(game, p) -> Exploitation              how tank units advance on after combat:
                                                       .reach, .units, .too_far, .group_problem(), .onward()
    airstrikes(game, p) -> AirRules                    the numbers of the airstrike rules (13A):
                                                       interceptors per kill, tactical support DRM
    air_missions(game, p, pos, side, phase, placements, markers=, ap_available=, attacked=, interceptors=,
                 interceptor_markers=) -> AirReport    one phase's strikes placed, intercepted, resolved
    tactical_support(game, p, pos, side, attack, rep) -> rep
                                                       strikes over an attacked hex, added to the
                                                       combat report as it is decided
    interdiction(game, p) -> (extra MP, extra AP)      the price of entering an interdiction zone
    special_move(game, p, pos, report, ap_available=, interdiction=, used_this_turn=) -> SpecialMoveReport
                                                       an amphibious or airborne move: `report` holds a
                                                       known mode, a unit in play and the landing hex
    intervention(game, p, assignment, scenario_id) -> InterventionReport
                                                       contingents joining the sides
    scenario_variant(game, p, scenario, side, doctrines) -> (AP change, air markers, [trace])
                                                       a scenario's variant AP level and air markers
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any, Callable, Mapping

HOOKS = frozenset({"check", "corps_formation", "exploitation", "airstrikes", "air_missions", "tactical_support", "interdiction",
                   "special_move", "intervention", "scenario_variant"})


@dataclass(frozen=True)
class RuleModule:
    name: str                         # the key in game.yaml `rules:`
    rule: str                         # the rule numbers it implements
    summary: str
    defaults: Mapping[str, Any] = field(default_factory=dict)
    minimums: Mapping[str, int] = field(default_factory=dict)   # least value of a number parameter, when not 0
    ap_costs: tuple[str, ...] = ()    # charts.yaml `ap_costs` ids its engines look up (HEX023)
    hooks: Mapping[str, Callable] = field(default_factory=dict)

    def __post_init__(self):
        unknown = set(self.hooks) - HOOKS
        if unknown:
            raise ValueError(f"rule module {self.name}: unknown hooks {sorted(unknown)}")


@dataclass(frozen=True)
class Enabled:
    """A module switched on in game.yaml, with its parameters (defaults overridden by the game's)."""

    module: RuleModule
    params: Mapping[str, Any]


@cache
def registry() -> Mapping[str, RuleModule]:
    """Every module file of this package, by module name. Read on first use, not at import, because
    the module files import the engines they answer for."""
    found = {}
    for info in pkgutil.iter_modules(__path__):
        module = getattr(importlib.import_module(f"{__name__}.{info.name}"), "MODULE", None)
        if isinstance(module, RuleModule):
            if module.name != info.name:
                raise ValueError(f"{info.name}.py defines the rule module {module.name!r}")
            found[module.name] = module
    return MappingProxyType(dict(sorted(found.items())))


def enable(rules: Mapping[str, Any]) -> tuple[Enabled, ...]:
    """The registered modules game.yaml switches on, in name order (unknown names are left to the check)."""
    out = []
    known = registry()
    for name, params in sorted((rules or {}).items()):
        module = known.get(name)
        if module is not None:
            given = params if isinstance(params, Mapping) else {}
            out.append(Enabled(module, MappingProxyType({**module.defaults, **given})))
    return tuple(out)


def answers(game, hook: str) -> list[tuple[Callable, Mapping[str, Any]]]:
    """(function, parameters) of every enabled module answering `hook`, in module-name order."""
    if hook not in HOOKS:
        raise KeyError(hook)
    return [(on.module.hooks[hook], on.params) for on in game.modules if hook in on.module.hooks]


def first(game, hook: str, *args, **kwargs):
    """The first answer to `hook` that is not None, or None when no enabled module has one."""
    for fn, params in answers(game, hook):
        answer = fn(game, params, *args, **kwargs)
        if answer is not None:
            return answer
    return None


def refusal(hook: str, message: str) -> str:
    """`message` with {module} filled by the modules that answer `hook`, for an engine asked for a
    variant rule that no enabled module provides."""
    names = [m.name for m in registry().values() if hook in m.hooks]
    return message.format(module=" or ".join(names) or f"none answers {hook}")
