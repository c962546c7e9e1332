"""Every rulebook worked example is run through the engine (the same path the build uses)."""
from pathlib import Path

import pytest

from generator.validate import validate_game

from .helpers import DIXIE

RULEBOOK_EXAMPLES = {"5.2", "5.4", "13.0 C", "13.0 D", "13.5.2", "14.0 C", "14.2", "11.4.1", "11.4.2",
                     "13.8.2", "15.2.3", "17.3.2"}
# Every rule the engines model has at least one worked example on the rules pages.
MODELLED_RULES = {"3.3.4 A", "6.1 C", "6.1 E", "6.0 F", "7.2.2", "12.0 E", "13.8.3", "13.8.2 D", "13A.3", "13A.4.1",
                  "13A.4.2", "13A.4.3", "13A.4.4", "16.6.1.1", "16.6.1.2", "16.6.1.3", "16.7.1", "17.1.3", "17.2.3",
                  "17.3.3", "16.5", "16.3 B", "4.2.2", "8.2.5 B", "9.4 B", "10.3", "11.6.2 A", "13.1.2", "13.1.5",
                  "13.2.2", "13.2.4", "13.4.6", "13.7.4", "15.2.4", "15.2.6"}


@pytest.fixture(scope="module")
def result():
    return validate_game(DIXIE)


def test_dixie_validates_without_errors(result):
    assert result.ok, [str(d) for d in result.diagnostics if d.severity == "error"]


def test_every_rulebook_example_is_present_and_verified(result):
    seen = set()
    for worked in result.examples.values():
        for w in worked:
            assert w.outcome is not None and w.outcome.verified, (w.example.page, w.example.index, w.outcome and w.outcome.mismatches)
            seen.add(str(w.example.data.get("rule")))
    assert RULEBOOK_EXAMPLES <= seen
    assert MODELLED_RULES <= seen, MODELLED_RULES - seen


def test_examples_with_a_map_draw_a_figure(result):
    figures = [w.outcome.figure() for ws in result.examples.values() for w in ws
               if w.example.data["kind"] in ("combat", "move", "losses", "bridge-capture")]
    assert figures and all(f and f.startswith("<svg") and "estimated" in f for f in figures)


def test_a_wrong_expectation_is_reported(result):
    from generator.families.base import Example
    from generator.families.hex import FAMILY
    from generator.loader import load_text
    doc, _ = load_text("kind: ap-spend\nap: {start: 40, actions: [{action: receive-replacement-division}]}\nexpect: {left: 37}\n", "x.md")
    out = FAMILY.run_example(result.game, Example(doc.data, doc, "rules/x.md", 1))
    assert out.mismatches and "38" in out.mismatches[0]


def test_a_malformed_example_gets_schema_diagnostics(result):
    from generator.families.base import Example
    from generator.families.hex import FAMILY
    from generator.loader import load_text
    doc, _ = load_text("kind: combat\nexpect: {}\n", "x.md")
    out = FAMILY.run_example(result.game, Example(doc.data, doc, "rules/x.md", 1))
    assert not out.verified and out.diagnostics


@pytest.mark.parametrize("action", ["rail: {unit: csa-div, path: ['1919']}", "breakdown: {unit: csa-div}",
                                    "losses: {side: attacker, units: [csa-div], lp: 1}",
                                    "bridge: {unit: csa-div, hexside: ['1919', '2019']}"],
                         ids=["rail", "breakdown", "losses", "bridge-capture"])
def test_an_action_naming_a_unit_the_position_lacks_is_a_mismatch(result, action):
    """These runners looked the unit up directly: a KeyError from inside the engine,
    reported as "could not be run" (MW204) with a hint pointing at the schema it fits."""
    from generator.families.base import Example
    from generator.families.hex import FAMILY
    from generator.loader import load_text
    kind = {"bridge": "bridge-capture"}.get(action.split(":")[0], action.split(":")[0])
    doc, _ = load_text(f"kind: {kind}\nunits: [{{id: usa-div, side: USA, type: infantry-division, hex: '0101'}}]\n"
                       f"{action}\nexpect: {{}}\n", "x.md")
    out = FAMILY.run_example(result.game, Example(doc.data, doc, "rules/x.md", 1))
    assert out.mismatches == ["the example names the unit 'csa-div', which its `units:` do not hold (they hold usa-div)"]
