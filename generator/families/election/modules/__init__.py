"""The registry of election rule modules, discovered from this folder.

Every file here (but spec.py) defines `MODULE`, a RuleModule. A game turns modules on
by naming them under game.yaml `rules:`; the engines iterate the enabled modules that
answer a hook and never ask for a module by name.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from .spec import HOOKS, RuleModule

__all__ = ["RuleModule", "HOOKS", "registry", "enabled", "hooks", "first", "player_count", "unwrap",
           "estimates"]


def _is_fact(value) -> bool:
    return isinstance(value, dict) and "value" in value and "source" in value


def unwrap(params) -> dict:
    """Parameters with provenance-carrying values (`{value, source, reasoning}`) read as their values."""
    if not isinstance(params, dict):
        return {}
    return {k: (v["value"] if _is_fact(v) else v) for k, v in params.items()}


def estimates(game) -> list[tuple[str, str, dict]]:
    """(module, parameter, fact) for each module parameter game.yaml marks with a source."""
    out = []
    for name, params in sorted((game.rules or {}).items()):
        for key, value in sorted((params or {}).items() if isinstance(params, dict) else []):
            if _is_fact(value):
                out.append((name, key, value))
    return out


@lru_cache(maxsize=1)
def registry() -> dict[str, RuleModule]:
    found: dict[str, RuleModule] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_") or info.name == "spec":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}").MODULE
        if module.name != info.name:
            raise ValueError(f"{info.name}.py defines the rule module {module.name!r}")
        found[module.name] = module
    return found


def player_count(game, players=None) -> int:
    """The number of players an engine call is for: given, or the game's maximum."""
    if players:
        return int(players)
    counts = game.source.meta.get("players") if isinstance(game.source.meta, dict) else None
    if isinstance(counts, int) and not isinstance(counts, bool):
        return counts
    return int(counts.get("max", 4)) if isinstance(counts, dict) else 4


def usable(game) -> list[tuple[RuleModule, dict]]:
    """Every module game.yaml names whose parameters are well formed, in module order.

    A module with a malformed parameter is left out of the engines altogether: the
    checker reports it (ELE010), and no hook ever sees a value of the wrong shape."""
    from ._params import malformed
    out = []
    for name, params in (game.rules or {}).items():
        module = registry().get(name)
        values = unwrap(params)
        if module is None or not isinstance(params if params is not None else {}, dict):
            continue
        if malformed(game, module, values):
            continue
        check = module.hooks.get("check")
        if check is not None and check(game, values):
            continue
        out.append((module, values))
    return sorted(out, key=lambda mp: (mp[0].order, mp[0].name))


def enabled(game, players=None) -> list[tuple[RuleModule, dict]]:
    """(module, parameters) for each usable module in force at this player count."""
    n = player_count(game, players)
    return [(m, p) for m, p in game.usable_modules if m.players is None or m.players == n]


def hooks(game, hook: str, players=None):
    """(function, parameters) of every enabled module answering `hook`, in module order."""
    if hook not in HOOKS:
        raise KeyError(hook)
    return [(m.hooks[hook], p) for m, p in enabled(game, players) if hook in m.hooks]


def first(game, hook: str, *args, players=None):
    """The first non-None answer to a hook, or None."""
    for fn, params in hooks(game, hook, players):
        answer = fn(game, params, *args)
        if answer is not None:
            return answer
    return None
