"""The hex family: two-sided hex-and-counter wargames. See grid.py for the numbering layout."""
from __future__ import annotations

from ..base import Example, FileSpec, Family, FromRules, Outcome, Page, Scaffold
from .check import check
from .loading import load
from . import scaffold


def run_example(game, example: Example) -> Outcome:
    from ...schemas import validate_document
    from .examples import run
    problems = validate_document(example.doc, "hex-example")
    if problems:
        return Outcome({}, mismatches=[], diagnostics=problems)
    return run(game, example)


def pages(game):
    from .pages import pages as build_pages
    return build_pages(game)


def from_rules(game, rules_pages: dict[str, str]) -> FromRules:
    """Rules coverage (coverage.yaml against the rules pages' examples): its check and its page."""
    if not game.coverage:
        return FromRules()
    from .coverage import check_coverage, coverage
    from .pages import coverage_page
    rows = coverage(game, rules_pages)
    return FromRules(check_coverage(game, rows), [Page("coverage.md", coverage_page(rows), "Rules coverage", audience="authors")])


def render(game, request: dict, title: str | None = None) -> str:
    """Draw a position (units, bridges, optional focus hexes) as SVG; PositionError (a ValueError) when malformed."""
    from .position import render_position
    return render_position(game, request, title)


def printables(game):
    from .printables import printables as build
    return build(game)


FAMILY = Family(
    name="hex",
    kind="a two-sided wargame of units moving and fighting on a hex map, turn by turn",
    files={
        "map.yaml": FileSpec("hex-map", description="the hex grid, terrain, home countries, cities and hexsides"),
        "units.yaml": FileSpec("hex-units", description="unit types and the counter mix"),
        "terrain.yaml": FileSpec("hex-terrain", description="the Terrain Effects Chart"),
        "crt.yaml": FileSpec("hex-crt", description="the Combat Results Table"),
        "charts.yaml": FileSpec("hex-charts", description="AP Cost Chart, Phase Summary and record tracks"),
        "scenarios.yaml": FileSpec("hex-scenarios", description="scenarios, forces, AP levels and victory conditions"),
        "coverage.yaml": FileSpec("hex-coverage", required=False,
                                  description="the rulebook's numbered sections and the examples that check them"),
    },
    load=load,
    check=check,
    from_rules=from_rules,
    run_example=run_example,
    pages=pages,
    example_schema="hex-example",
    scaffold=Scaffold(scaffold.files, players=scaffold.PLAYERS),
    printables=printables,
    # the site publishes them all (the map tiled at its printed scale; counters front and back)
    site_prints=("map", "charts", "cards"),
    print_pages={"map": "map.md", "charts": "charts.md", "cards": "counters.md"},
    render=render,
)
