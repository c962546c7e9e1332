"""GameSource -> Game: the family's `load`."""
from __future__ import annotations

from ..base import GameSource
from .model import Game, build_map, build_start
from .overlay import Merged, merged_source
from .rules import RuleSet
from .rules._engine import add_borders, add_convoy_provinces


def game_from_data(game_id: str, meta: dict, map_data: dict, geometry: dict | None = None,
                   source: GameSource | None = None) -> Game:
    """Build the model from plain data (also used by tests and tools)."""
    modules = RuleSet(meta.get("rules"))
    m = build_map(map_data, tables=False)
    add_borders(m, modules)
    add_convoy_provinces(m, modules)
    m.rebuild()           # once, with the borders the modules derive
    return Game(game_id=game_id, title=meta.get("title", game_id), meta=meta,
                rules=meta.get("rules") or {}, map=m, start=build_start(map_data), modules=modules,
                default_builds={k: list(v) for k, v in (map_data.get("default_builds") or {}).items()},
                colored_neutral_centers={k: list(v) for k, v in
                                         (map_data.get("colored_neutral_centers") or {}).items()},
                geometry=geometry, source=source)


def load(source: GameSource) -> Game:
    """The game from its documents, with hand-completed overlay.yaml merged over an
    imported map.yaml (overlay.py) and what could not be merged kept for the checks."""
    geometry_doc = source.docs.get("geometry.yaml")
    if "overlay.yaml" in source.docs:
        merged, problems = merged_source(source)
    else:   # nothing to merge: the model only reads the data (no copy of a large map)
        merged, problems = Merged(source.docs["map.yaml"].data), []
    game = game_from_data(source.game_id, source.meta, merged.data,
                          geometry_doc.data if geometry_doc is not None else None, source)
    game.overlay_problems = problems
    game.merged = merged     # checks read the merged data and locate values through it
    return game
