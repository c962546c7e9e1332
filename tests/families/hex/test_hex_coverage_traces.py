"""coverage.yaml claims no more than the examples show: an example it names for a section, and an
example filed under a section by its `rule:`, must touch that section's rule in its engine
explanation (trace or stated problems), as traces name rules: "(13.4.4 B, 5.4.1)"."""
import pytest

from generator.families.hex.coverage import touches
from generator.validate import validate_game

from .helpers import DIXIE


@pytest.fixture(scope="module")
def named():
    result = validate_game(DIXIE)
    by_title = {w.example.data.get("title"): w.outcome for ws in result.examples.values() for w in ws}
    out = {}
    for s in result.game.coverage:
        for title in s.get("examples", []):
            outcome = by_title[title]
            lines = list(outcome.trace) + [str(p) for p in outcome.result.get("problems", [])]
            out.setdefault(s["id"], []).append((title, touches(lines, s["id"])))
    return out


def test_each_named_example_touches_its_section(named):
    gaps = {sid for sid, rows in named.items() if not all(ok for _, ok in rows)}
    assert gaps == set(), {sid: named[sid] for sid in gaps}


# Sections that are the rulebook's own worked examples: the example filed under one shows the
# rules it illustrates, which its trace names, not the example's number.
WORKED_EXAMPLES = {"5.2": "5.1.2", "13.5.2": "13.5"}


def test_each_section_with_examples_has_one_that_touches_it():
    """Beyond the named examples: the examples filed under a section (by `rule:`) or named for it,
    at least one of which must apply the section's rule, as its explanation shows."""
    from generator.families.hex.coverage import coverage
    result = validate_game(DIXIE)
    pages = {p.name: p.read_text() for p in (DIXIE / "rules").glob("*.md")}
    by_title = {w.example.data.get("title"): w.outcome for ws in result.examples.values() for w in ws}
    untouched = []
    for row in coverage(result.game, pages):
        if row["none"]:
            continue
        assert row["examples"], row["id"]
        rule = WORKED_EXAMPLES.get(row["id"], row["id"])
        if not any(touches(list(by_title[e.title].trace) + [str(p) for p in by_title[e.title].result.get("problems", [])], rule)
                   for e in row["examples"]):
            untouched.append(row["id"])
    assert untouched == []


def test_each_example_applies_the_rule_it_is_filed_under():
    result = validate_game(DIXIE)
    astray = []
    for worked in result.examples.values():
        for w in worked:
            section = str(w.example.data.get("rule") or "").split(" ")[0]
            if not section:
                continue
            rule = WORKED_EXAMPLES.get(section, section)
            if not touches(list(w.outcome.trace) + [str(p) for p in w.outcome.result.get("problems", [])], rule):
                astray.append((w.example.data.get("title"), section))
    assert astray == []


def test_the_entries_the_issue_named_point_at_examples_that_test_them(named):
    for sid in ("7.3", "6.2", "17.3.2", "4.2.2.2a", "15.0"):
        assert named[sid] and all(ok for _, ok in named[sid]), named.get(sid)
    assert "17.3.1" not in named and "17.4.2" not in named      # covered by examples filed under them


@pytest.mark.parametrize("line,section,hit", [
    ("(13.4.4 B, 5.4.1)", "13.4", True), ("(17.3.2)", "7.3", False), ("(7.3 A, C)", "7.3", True),
    ("(15.4 C)", "15.0", True), ("(115.4)", "15.0", False), ("(4.2.2.2a, 13A.1)", "4.2.2.2a", True),
    ("(13A.1)", "13", False), ("7.30", "7.3", False)])
def test_how_a_trace_names_a_rule(line, section, hit):
    assert touches([line], section) is hit


def test_own_examples_of_the_new_entries_touch_their_rule():
    from generator.families.hex.coverage import coverage
    result = validate_game(DIXIE)
    pages = {p.name: p.read_text() for p in (DIXIE / "rules").glob("*.md")}
    by_title = {w.example.data.get("title"): w.outcome for ws in result.examples.values() for w in ws}
    rows = {r["id"]: r for r in coverage(result.game, pages)}
    for sid in ("17.3.1", "17.4.2", "10.2"):
        assert rows[sid]["examples"]
        assert any(touches(list(by_title[e.title].trace) + [str(p) for p in by_title[e.title].result.get("problems", [])], sid)
                   for e in rows[sid]["examples"]), sid
