"""Every DATC case that follows the DATC-preferred options is adjudicated as expected."""
from __future__ import annotations

import json

import pytest

from pathlib import Path

from generator.families.diplomacy.datc import KNOWN_DATA_ERRORS, run_case

# The shared reference folder sits beside the checkout (repo/../shared).
DATC_FILE = Path(__file__).resolve().parents[3] / ".." / "shared" / "reference" / "datc" / "datc.json"

CASES = json.loads(DATC_FILE.read_text(encoding="utf-8")) if DATC_FILE.is_file() else []
PREFERRED = [c for c in CASES if c["datc_preferred"]]


@pytest.mark.skipif(not CASES, reason="shared/reference/datc/datc.json not found beside the checkout")
@pytest.mark.parametrize("case", PREFERRED, ids=[c["key"] for c in PREFERRED])
def test_datc_case(classic, case):
    run = run_case(classic, case)
    assert run.passed, "\n".join(run.mismatches)


@pytest.mark.skipif(not CASES, reason="DATC data not available")
def test_all_preferred_cases_are_checked():
    assert len(PREFERRED) == 165
    assert set(KNOWN_DATA_ERRORS) <= {c["key"] for c in PREFERRED}


@pytest.mark.skipif(not CASES, reason="DATC data not available")
def test_known_data_errors_really_differ_from_the_file(classic):
    """The documented deviations must be real: the raw file's expectation fails."""
    for case in PREFERRED:
        if case["key"] in KNOWN_DATA_ERRORS:
            from generator.families.diplomacy import datc
            saved = datc.KNOWN_DATA_ERRORS.pop(case["key"])
            try:
                assert not run_case(classic, case).passed
            finally:
                datc.KNOWN_DATA_ERRORS[case["key"]] = saved


@pytest.mark.skipif(not CASES, reason="DATC data not available")
def test_szykman_is_the_paradox_rule(classic):
    """6.F.14, the simplest convoy paradox: the convoy fleet holds, the army stays."""
    case = next(c for c in CASES if c["key"] == "6.F.14")
    run = run_case(classic, case)
    assert run.passed
    assert any("Szykman" in r["reason"] for r in run.rows)
