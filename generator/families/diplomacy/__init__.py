"""The Diplomacy family: map model, order parser, DATC-compliant adjudicator,
variant rule modules, worked examples and pages.

Public API:
    FAMILY                          the family object (see generator/families/base.py)
    api.adjudicate(game, request)   JSON-in/JSON-out adjudication of one phase
    model.Game / DiplomacyMap       the model other helpers build on (see model.py)
"""
from __future__ import annotations

from ..base import Family, FileSpec
from . import scaffold
from .loading import load

FILES = {
    "map.yaml": FileSpec("diplomacy-map", description="provinces, borders, powers and start"),
    "geometry.yaml": FileSpec("diplomacy-geometry", required=False,
                              description="province outlines for maps (optional)"),
    "overlay.yaml": FileSpec("diplomacy-overlay", required=False,
                             description="hand-completed map data merged over an imported map.yaml"),
    "claims.yaml": FileSpec("diplomacy-claims", required=False,
                            description="rulebook claims checked against the map data"),
}


def _check(game):
    from .checks_core import check
    return check(game)


def _run_example(game, example):
    from .examples import run_example
    return run_example(game, example)


def _pages(game):
    from .pages import pages
    return pages(game)


def _printables(game):
    from .pages_render import printables
    return printables(game)


def _build_prints(game):
    from .pages_render import build_prints
    return build_prints(game)


def _adjudicate(game, request):
    from .api import adjudicate
    return adjudicate(game, request)


FAMILY = Family(
    name="diplomacy",
    files=FILES,
    load=load,
    check=_check,
    run_example=_run_example,
    pages=_pages,
    example_schema="diplomacy-example",
    extra={"adjudicate": _adjudicate, "printables": _printables, "build_prints": _build_prints,
           "scaffold": scaffold.files, "scaffold_players": scaffold.PLAYERS},
)
