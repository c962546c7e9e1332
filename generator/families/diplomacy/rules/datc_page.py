"""datc_page: publish a DATC conformance page for the game (Classic map only makes
sense): every test case of the DATC data vendored with the package
(generator/data/datc/), adjudicated by the engine, with orders, outcomes and the
reasons. The data is never read from a path the content names (issue 12)."""
from __future__ import annotations

from ....diagnostics import register
from ....escape import code_span, md_cell, md_text
from ....render import figure_size
from ...base import Page
from ..api import AdjudicationError, adjudicate_phase
from ..datc import default_path, load_cases, run_case
from ..examples import diagram
from . import Problem, RuleModule, WebdipForm

UNPLAYABLE = register("DIP017", "DATC case cannot be played on this map",
                      "datc_page adjudicates the DATC's test cases, written for the standard map, on "
                      "this game's map: a case naming a province, coast or power the map lacks (or a "
                      "unit where the map allows none) cannot be played. Enable datc_page only on "
                      "the standard map, or remove it from game.yaml `rules:`.")

# The DATC's own section titles (DATC v3.0, chapter 6), for the page's headings.
DATC_SECTIONS = {
    "6.A": "Basic checks", "6.B": "Coastal issues", "6.C": "Circular movement",
    "6.D": "Supports and dislodges", "6.E": "Head-to-head battles and beleaguered garrison",
    "6.F": "Convoys", "6.G": "Convoying to adjacent provinces", "6.H": "Retreating",
    "6.I": "Building", "6.J": "Civil disorder and disbands",
}


def _runs(game) -> list:
    """(case, its run or None for an alternative-rules entry, or the AdjudicationError
    that stopped it), worked out once per game: the check and the page both read them."""
    found = game.__dict__.get("_datc_runs")
    if found is None:
        found = game.__dict__["_datc_runs"] = [(case, _run(game, case)) for case in load_cases(default_path())]
    return found


def _run(game, case: dict):
    if not case.get("datc_preferred"):
        return None
    try:
        return run_case(game, case)
    except AdjudicationError as exc:   # the map lacks what the case names
        return exc


def checks(game, params: dict) -> list[Problem]:
    """One problem when some DATC case cannot be adjudicated on this map: the first, and how many."""
    stopped = [(case, run) for case, run in _runs(game) if isinstance(run, AdjudicationError)]
    if not stopped:
        return []
    case, exc = stopped[0]
    more = f"; {len(stopped) - 1} more case(s) cannot be played either" if len(stopped) > 1 else ""
    return [Problem("game.yaml", "/rules/datc_page",
                    f"DATC case {case['key']} cannot be played on this map: {exc.message}{more}", UNPLAYABLE,
                    hint="the DATC's cases are written for the standard map: remove datc_page from "
                         "`rules:`, or restore what the case names")]


def pages(game, params: dict) -> list[Page]:
    """The conformance page and its diagrams (its check has found every case playable)."""
    runs = _runs(game)
    passed = sum(1 for _, r in runs if r is not None and r.passed)
    checked = sum(1 for _, r in runs if r is not None)
    lines = ["# DATC conformance", "",
             "The Diplomacy Adjudicator Test Cases (DATC, version 3.0, by Lucas B. Kruijswijk) "
             "are the standard test suite for Diplomacy adjudicators. Every case below was "
             "adjudicated by Mapwright's engine when this site was built: the orders, the "
             "expected result from the test data, the engine's result and its reason.", "",
             f"**{passed} of {checked}** cases that follow the DATC's preferred options agree with "
             f"the engine. {len(runs) - checked} further entries encode another rulebook's option "
             "(marked *alternative*); the engine follows the DATC preference there.", ""]
    assets: list[Page] = []
    section = None
    for case, run in runs:
        if case["section"] != section:
            section = case["section"]
            name = DATC_SECTIONS.get(section)
            lines += [f"## {md_text(section)} {name}" if name else f"## {md_text(section)}", ""]
        title = case["title"].capitalize()
        key = case["key"]
        if run is None:
            lines += [f"### {md_text(key)} {md_text(title)} — *alternative*", "",
                      f"Expectation for the {md_text(case.get('edition') or 'other')} rules; not adjudicated "
                      "here because the engine follows the DATC's preferred option.", ""]
            continue
        verdict = "✔" if run.passed else "✘"
        lines += [f"### {md_text(key)} {md_text(title)} {verdict}", ""]
        if case["phase"] == "retreat":
            lines += ["*Retreat case: the movement phase before it is replayed first.*", ""]
        lines += ["| Power | Order | Expected | Engine | Why |", "| --- | --- | --- | --- | --- |"]
        for row in run.rows:
            got = row["result"] if row["legal"] else "illegal"
            lines.append(f"| {md_cell(row['power'].title())} | {code_span(row['order'])} | "
                         f"{md_cell(row['expected'] or '—')} | {md_cell(got)} | {md_cell(row['reason'])} |")
        if not run.rows:
            lines.append("| — | (no orders) | — | — | — |")
        lines.append("")
        # the last request adjudicated once more, typed: its notes (the lines that belong
        # to no single order) for the list, and the whole result for the diagram
        result = adjudicate_phase(game, run.requests[-1])
        extra = result.notes
        for t in extra:
            lines.append(f"- {md_text(t)}")
        if extra:
            lines.append("")
        if run.note:
            lines += ["!!! note \"Corrected test data\"", f"    {md_text(run.note)}.", ""]
        for m in run.mismatches:
            lines.append(f"- **Mismatch:** {md_text(m)}")
        svg = diagram(game, run.requests[-1], result, f"{key} {title}")
        if svg:
            stem = key.replace("@", "-").replace("~", "-").replace(".", "-")
            assets.append(Page(f"assets/datc/{stem}.svg", svg))
            # diagrams on demand: folded, and fetched only when unfolded (loading=lazy)
            size = figure_size(svg)
            dims = f" width={size[0]} height={size[1]}" if size else ""
            lines += ['??? note "Diagram"', "",
                      f"    ![{md_text(key)} diagram](assets/datc/{stem}.svg){{ .mw-figure loading=lazy{dims} }}", ""]
    return [Page("datc.md", "\n".join(lines).rstrip() + "\n", "DATC conformance")] + assets


MODULE = RuleModule(
    name="datc_page",
    title="DATC conformance page",
    summary="Adds a page adjudicating every DATC test case (the DATC v3.0 data vendored with "
            "Mapwright) with this game's map.",
    checks=checks, pages=pages,
    webdip=WebdipForm("a page of the DATC's test cases adjudicated on the map", export="Data"),
    dpjudge="")
