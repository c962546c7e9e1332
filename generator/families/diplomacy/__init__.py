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
if (SCHEMA_DIR / "diplomacy-geometry.schema.json").is_file():
    FILES["geometry.yaml"] = FileSpec("diplomacy-geometry", required=False,
                                      description="province outlines for maps (optional)")


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
