"""The Diplomacy family: map model, order parser, DATC-compliant adjudicator,
variant rule modules, worked examples and pages.

Public API:
    FAMILY                          the family object (see generator/families/base.py)
    api.adjudicate(game, request)   JSON-in/JSON-out adjudication of one phase
    model.Game / DiplomacyMap       the model other helpers build on (see model.py)
"""
from __future__ import annotations

from ...paths import SCHEMA_DIR
from ..base import Family, FileSpec
from .loading import load

FILES = {"map.yaml": FileSpec("diplomacy-map", description="provinces, borders, powers and start")}
# Optional files written by other parts of Mapwright (importer, renderer); each is read
# only when its schema is installed.
for _name, _schema, _what in (
        ("geometry.yaml", "diplomacy-geometry", "province outlines for maps (optional)"),
        ("overlay.yaml", "diplomacy-overlay", "hand-completed map data merged over an imported map.yaml"),
        ("claims.yaml", "diplomacy-claims", "rulebook claims checked against the map data")):
    if (SCHEMA_DIR / f"{_schema}.schema.json").is_file():
        FILES[_name] = FileSpec(_schema, required=False, description=_what)


def _check(game):
    from .checks_core import check
    return check(game)


def _run_example(game, example):
    from .examples import run_example
    return run_example(game, example)


def _pages(game):
    from .pages import pages
    return pages(game)


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
    extra={"adjudicate": _adjudicate},
)
