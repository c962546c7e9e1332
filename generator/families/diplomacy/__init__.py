"""The Diplomacy family: map model, order parser, DATC-compliant adjudicator,
variant rule modules (rules/, one file each), worked examples and pages.

Public API:
    FAMILY                          the family object (see generator/families/base.py)
    api.adjudicate(game, request)   JSON-in/JSON-out adjudication of one phase
    model.Game / DiplomacyMap       the model other helpers build on (see model.py)
"""
from __future__ import annotations

from ..base import Family, FileSpec, Scaffold
from . import scaffold
from .api import adjudicate
from .checks import from_rules
from .checks_core import check
from .examples import run_example
from .loading import load
from .pages import pages as site_pages
from .pages_render import BUILD_PRINTS, printables, render_position
from .rules import modules

FILES = {
    "map.yaml": FileSpec("diplomacy-map", description="provinces, borders, powers and start"),
    "geometry.yaml": FileSpec("diplomacy-geometry", required=False,
                              description="province outlines for maps (optional)"),
    "overlay.yaml": FileSpec("diplomacy-overlay", required=False,
                             description="hand-completed map data merged over an imported map.yaml"),
    "claims.yaml": FileSpec("diplomacy-claims", required=False,
                            description="rulebook claims checked against the map data"),
}

modules()   # discover the rule modules now: they register their diagnostic codes

FAMILY = Family(
    name="diplomacy",
    kind="a game of negotiation on a map: each player writes orders for their armies and fleets in secret, "
         "and all orders are carried out at once (a Diplomacy variant)",
    files=FILES,
    load=load,
    check=check,
    from_rules=from_rules,
    run_example=run_example,
    pages=site_pages,
    example_schema="diplomacy-example",
    scaffold=Scaffold(scaffold.files, players=scaffold.PLAYERS),
    adjudicate=adjudicate,
    render=render_position,
    printables=printables,
    site_prints=BUILD_PRINTS,
    print_pages={"map": "map.md", "adjacency": "adjacency.md"},
)
