"""Worked examples (run_example), the family's pages and checks, and the CLI command."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.escape import md_text

from generator.families.base import Example
from generator.families.diplomacy import FAMILY
from generator.families.diplomacy.checks_core import structural_checks
from generator.families.diplomacy.loading import game_from_data
from generator.families.base import GameSource
from generator.loader import load_text

REPO = Path(__file__).resolve().parents[3]
RULES = sorted((REPO / "content" / "classic" / "rules").glob("*.md"))


def example(text: str) -> Example:
    doc, diags = load_text(text, "rules/test.md")
    assert not diags
    return Example(doc.data, doc, "rules/test.md", 1)


def blocks():
    for page in RULES:
        for i, m in enumerate(re.finditer(r"```example\n(.*?)```", page.read_text(encoding="utf-8"), re.S)):
            yield pytest.param(m.group(1), id=f"{page.stem}-{i + 1}")


@pytest.mark.parametrize("text", list(blocks()))
def test_classic_rules_examples_verify(classic, text):
    outcome = FAMILY.run_example(classic, example(text))
    assert outcome.verified, outcome.mismatches
    assert "| Power | Order | Result | Why |" in outcome.markdown


def test_mismatches_are_listed_precisely(classic):
    outcome = FAMILY.run_example(classic, example(
        "phase: S1901M\nunits: {FRANCE: [A PAR], GERMANY: [A MUN]}\n"
        "orders: {FRANCE: [A PAR - BUR], GERMANY: [A MUN - BUR]}\n"
        "expect:\n  results: {A PAR - BUR: succeeds, A PAR - GAS: fails}\n"
        "  units: {FRANCE: [A BUR], GERMANY: [A MUN]}\n  phase: W1901A\n"))
    assert not outcome.verified
    text = "\n".join(outcome.mismatches)
    assert "'A PAR - BUR': expected succeeds, engine says fails (standoff" in text
    assert "'A PAR - GAS', which is not among the orders" in text
    assert "expected but missing A BUR (FRANCE); not expected A PAR (FRANCE)" in text
    assert "next phase: expected W1901A, engine says F1901M" in text


def test_bad_example_becomes_a_diagnostic(classic):
    outcome = FAMILY.run_example(classic, example("phase: S1901M\nunits: {PRUSSIA: [A BER]}\nexpect: {}\n"))
    assert not outcome.verified
    assert outcome.diagnostics[0].code == "DIP020"
    assert "unknown power 'PRUSSIA'" in outcome.diagnostics[0].message


def test_markdown_is_escaped(classic):
    outcome = FAMILY.run_example(classic, example(
        "phase: S1901M\nunits: {FRANCE: [A PAR]}\norders: {FRANCE: ['<script>x</script>']}\nexpect: {}\n"))
    assert "<script>" not in outcome.markdown and "&lt;script&gt;" in outcome.markdown


def test_rule_modules_page_lists_every_module(classic):
    from generator.families.diplomacy.pages import rule_modules_page
    page = rule_modules_page(classic)
    for name in ("build_anywhere", "custom_start", "colored_neutral_centers", "transform",
                 "neutral_armies", "sealanes", "datc_page"):
        assert f"(`{name}`)" in page.content
    assert "Szykman" in page.content


def test_datc_page(classic, monkeypatch):
    from generator.families.diplomacy.rules import datc_page
    params = classic.modules.params("datc_page")
    monkeypatch.setattr(datc_page, "diagram", lambda *a, **k: None)   # speed: no SVGs here
    (page,) = [p for p in datc_page.pages(classic, params) if p.path == "datc.md"]
    assert "**165 of 165**" in page.content          # the vendored data: always there, never skipped
    assert page.content.count("Corrected test data") == 2          # 6.G.11 and 6.J.9 (second position)
    assert f"### {md_text('6.F.14')}" in page.content and "Szykman" in page.content
    assert "datc_text" not in page.content and "Check if an illegal move" not in page.content  # no DATC prose


def test_datc_page_on_a_map_without_a_province_its_cases_name_is_refused(game_copy):
    """The DATC page adjudicated each case on the game's own map and the engine's
    AdjudicationError (unknown province 'NAF') escaped the build as an internal error;
    the module's check now says so at `rules: datc_page` (DIP017), and the build never
    starts."""
    from generator.validate import validate_game
    game = game_copy("classic")
    (game / "map.yaml").write_text((game / "map.yaml").read_text(encoding="utf-8").replace("NAF", "NAX"),
                                   encoding="utf-8")
    errors = [d for d in validate_game(game).diagnostics if d.severity == "error"]
    assert [(d.code, d.pointer, d.file.rsplit("/", 1)[-1]) for d in errors] == [
        ("DIP017", "/rules/datc_page", "game.yaml")]
    assert "unknown province 'NAF'" in errors[0].message and "datc_page" in errors[0].hint


def _source(map_text: str, rules: dict | None = None) -> GameSource:
    doc, diags = load_text(map_text, "content/t/map.yaml")
    assert not diags
    return GameSource("t", "content/t", {"title": "t", "rules": rules or {}}, {"map.yaml": doc})


def test_structural_checks_find_problems_with_positions():
    src = _source(
        "powers: [{id: P, name: P}]\n"
        "provinces:\n"
        "  - {id: A, name: Alpha, type: land, home: Q}\n"
        "  - {id: B, name: alpha, type: sea}\n"
        "  - {id: C, name: Gamma, type: coast, coasts: [NC, SC]}\n"
        "borders:\n"
        "  - {between: [A, B], units: [army]}\n"
        "  - {between: [B, C], units: [fleet]}\n"
        "  - {between: [A, Z], units: [army]}\n"
        "start: {units: {P: [F A]}, centers: {P: [A]}}\n",
        rules={"transfrom": {}})
    game = FAMILY.load(src)
    found = {d.code: d for d in structural_checks(game)}
    assert {"DIP002", "DIP003", "DIP004", "DIP005", "DIP006", "DIP007", "DIP009"} <= set(found)
    assert found["DIP003"].line == 9
    assert "names both A and B" in found["DIP002"].message


def test_classic_map_is_clean(classic):
    assert structural_checks(classic) == []


def test_cli_adjudicate(tmp_path):
    req = tmp_path / "req.json"
    req.write_text(json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
                               "orders": {"FRANCE": ["A PAR - BUR"]}}))
    run = subprocess.run([sys.executable, "-m", "generator", "adjudicate", "classic", str(req)],
                         cwd=REPO, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["after"]["units"] == {"FRANCE": ["A BUR"]}
    bad = subprocess.run([sys.executable, "-m", "generator", "adjudicate", "classic"], input='{"phase": 3}',
                         cwd=REPO, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1 and "'phase' must look like" in bad.stderr
