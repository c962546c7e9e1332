"""datc_page: publish a DATC conformance page for the game (Classic map only makes
sense): every test case of the DATC data vendored with the package
(generator/data/datc/), adjudicated by the engine, with orders, outcomes and the
reasons. The data is never read from a path the content names (issue 12)."""
from __future__ import annotations

from ....escape import code_span, md_cell, md_text
from ....render.figure import figure_size
from ...base import Page
from ..datc import default_path, load_cases, run_case
from ..examples import diagram
from . import RuleModule

# The DATC's own section titles (DATC v3.0, chapter 6), for the page's headings.
DATC_SECTIONS = {
    "6.A": "Basic checks", "6.B": "Coastal issues", "6.C": "Circular movement",
    "6.D": "Supports and dislodges", "6.E": "Head-to-head battles and beleaguered garrison",
    "6.F": "Convoys", "6.G": "Convoying to adjacent provinces", "6.H": "Retreating",
    "6.I": "Building", "6.J": "Civil disorder and disbands",
}


def pages(game, params: dict) -> list[Page]:
    """The conformance page and its diagrams."""
    cases = load_cases(default_path())
    runs = []
    for case in cases:
        if case.get("datc_preferred"):
            runs.append((case, run_case(game, case)))
        else:
            runs.append((case, None))
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
        resp = run.responses[-1]
        extra = [t for t in resp["trace"] if not any(t.startswith(r["canonical"] + ":") or t.startswith(r["order"] + ":")
                                             for r in resp["results"])]
        for t in extra:
            lines.append(f"- {md_text(t)}")
        if extra:
            lines.append("")
        if run.note:
            lines += ["!!! note \"Corrected test data\"", f"    {md_text(run.note)}.", ""]
        for m in run.mismatches:
            lines.append(f"- **Mismatch:** {md_text(m)}")
        svg = diagram(game, run.requests[-1], resp, f"{key} {title}")
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
    pages=pages)
