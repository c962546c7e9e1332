"""Every DATC v3.0 case that follows the DATC-preferred options is adjudicated as
expected, through the public API (`generator.api.load_game(...).adjudicate`), with the
data vendored in the package (generator/data/datc/): nothing is skipped, nothing patched."""
from __future__ import annotations

import pytest

from generator import api
from generator.families.diplomacy.datc import DATA, load_cases, run_case

CASES = load_cases()
PREFERRED = [c for c in CASES if c["datc_preferred"]]


@pytest.fixture(scope="module")
def classic_game():
    return api.load_game("classic")


@pytest.mark.parametrize("case", PREFERRED, ids=[c["key"] for c in PREFERRED])
def test_datc_case(classic_game, case):
    run = run_case(classic_game.model, case, classic_game.adjudicate)
    assert run.passed, "\n".join(run.mismatches)


def test_every_official_case_is_checked():
    """164 DATC cases (6.J.9 has two positions, hence 165 entries), all preferred ones run."""
    assert len(PREFERRED) == 165
    assert len({c["id"] for c in PREFERRED}) == 164


def test_retreat_cases_are_chained_from_their_movement(classic_game):
    for case in (c for c in PREFERRED if c["phase"] == "retreat"):
        run = run_case(classic_game.model, case, classic_game.adjudicate)
        movement, retreat = run.requests
        assert movement["phase"].endswith("M") and retreat["phase"].endswith("R")
        after = run.responses[0]["after"]
        assert {k: retreat[k] for k in ("units", "dislodged", "contested")} == \
            {k: after[k] for k in ("units", "dislodged", "contested")}


def test_corrections_are_in_the_data_and_stated():
    notes = (DATA / "CORRECTIONS.md").read_text(encoding="utf-8")
    corrected = {c["key"] for c in CASES if any(n.startswith("corrected") for n in c.get("notes") or [])}
    assert corrected == {"6.G.11", "6.J.9@2023~2"}
    for key in ("6.G.11", "6.J.9 (2023 rules), second position"):
        assert key in notes
    g11 = next(c for c in CASES if c["key"] == "6.G.11")
    assert "the army in Sweden will not advance" in " ".join(g11["datc_text"].split())
    assert g11["expected"]["order_results"][2] == "fails"          # A SWE - NWY, no fallback


def test_the_datc_text_and_licence_notes_are_vendored():
    text = (DATA / "DATC_v3_0.html").read_text(encoding="utf-8")
    assert "License note" in text and "6.G.19" in text
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert "MIT" in readme and "licence" in readme.lower()


def test_szykman_is_the_paradox_rule(classic_game):
    """6.F.14, the simplest convoy paradox: the convoy fleet holds, the army stays."""
    case = next(c for c in CASES if c["key"] == "6.F.14")
    run = run_case(classic_game.model, case, classic_game.adjudicate)
    assert run.passed
    assert any("Szykman" in r["reason"] for r in run.rows)
