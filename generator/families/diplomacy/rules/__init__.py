"""Variant rule modules of the Diplomacy family.

Each module is a small file here exposing `MODULE` (a `RuleModule`: name, title,
summary and parameters with defaults) plus the functions the engine calls. A game
enables modules in game.yaml:

    rules:
      build_anywhere: {}
      sealanes: {overseer_reach: region}

The engine asks `game.modules.has("transform")` and reads parameters from
`game.modules.params("transform")`; nothing ever tests which game it is.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Param:
    default: object
    description: str
    choices: tuple = ()


@dataclass(frozen=True)
class RuleModule:
    name: str
    title: str
    summary: str
    params: dict[str, Param] = field(default_factory=dict)


def _registry() -> dict[str, RuleModule]:
    from . import (build_anywhere, colored_neutral_centers, custom_start, datc_page,
                   neutral_armies, sealanes, transform)
    mods = [build_anywhere, colored_neutral_centers, custom_start, datc_page, neutral_armies,
            sealanes, transform]
    return {m.MODULE.name: m.MODULE for m in mods}


MODULES: dict[str, RuleModule] = {}


def modules() -> dict[str, RuleModule]:
    if not MODULES:
        MODULES.update(_registry())
    return MODULES


class RuleSet:
    """The modules a game enables, with parameters filled from defaults.

    `problems` lists (module, parameter or "", message) for unknown modules,
    unknown parameters and values outside a parameter's choices; the family's
    check turns them into diagnostics.
    """

    def __init__(self, rules: dict | None):
        self.enabled: dict[str, dict] = {}
        self.problems: list[tuple[str, str, str]] = []
        known = modules()
        for name, given in sorted((rules or {}).items()):
            mod = known.get(name)
            if mod is None:
                self.problems.append((name, "", f"unknown rule module '{name}'"))
                continue
            values = {k: p.default for k, p in mod.params.items()}
            for key, value in sorted((given or {}).items()):
                if key not in mod.params:
                    self.problems.append((name, key, f"rule module '{name}' has no parameter '{key}'"))
                    continue
                choices = mod.params[key].choices
                if choices and value not in choices:
                    self.problems.append((name, key, f"'{key}' must be one of {', '.join(map(str, choices))}"))
                    continue
                values[key] = value
            self.enabled[name] = values

    def has(self, name: str) -> bool:
        return name in self.enabled

    def params(self, name: str) -> dict:
        return self.enabled.get(name, {})
