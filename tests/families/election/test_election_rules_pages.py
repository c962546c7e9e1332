"""Every ```example block in the rules pages runs and agrees with its expect:."""
from __future__ import annotations

import re

import pytest
import yaml

from election_helpers import GAME_DIR, example, source_from_folder

from generator.examples import extract_examples
from generator.families.election import FAMILY

RULEBOOK_EXAMPLES = {  # the rulebook's own worked examples, by rule: each must appear in the pages
    "2.2": 1, "7.0": 1, "7.1": 3, "7.3": 3, "7.5": 1, "7.6": 1, "8.2": 1, "8.3": 4, "8.4": 1,
    "9.3": 2, "9.4": 1, "9.5": 1, "9.6": 2, "9.7": 1, "10.0": 2, "6.4": 1}


def all_examples():
    source = source_from_folder(GAME_DIR)
    found = []
    for page, text in sorted(source.rules_pages.items()):
        extracted, diags = extract_examples(page, page, text)
        assert diags == []
        found += [(page, ex) for ex, _ in extracted]
    return found


EXAMPLES = all_examples()


@pytest.mark.parametrize("page,ex", EXAMPLES, ids=[f"{p}#{e.index}" for p, e in EXAMPLES])
def test_example_is_verified(game, page, ex):
    outcome = FAMILY.run_example(game, ex)
    assert outcome.verified, (outcome.mismatches, [str(d) for d in outcome.diagnostics])
    assert outcome.trace


def test_every_rulebook_example_is_on_a_page():
    counts: dict[str, int] = {}
    for _, ex in EXAMPLES:
        origin = str(ex.data.get("from", ""))
        if origin.startswith("rulebook "):
            rule = origin.split(" ", 1)[1]
            counts[rule] = counts.get(rule, 0) + 1
    for rule, n in RULEBOOK_EXAMPLES.items():
        assert counts.get(rule, 0) >= n, rule


def test_every_example_says_where_it_comes_from():
    assert all("from" in ex.data for _, ex in EXAMPLES)


def test_headings_follow_the_rulebook_numbering():
    source = source_from_folder(GAME_DIR)
    for page, text in source.rules_pages.items():
        for line in text.splitlines():
            if line.startswith("## "):
                assert re.match(r"^## \d+\.\d+ \S", line), (page, line)


def test_a_wrong_expectation_is_reported(game):
    data = yaml.safe_load("""
kind: final_poll
regions: [MA]
position: {delaware: {R: 2, SD: 2, CU: 1}}
expect: {winners: {delaware: R}}
""")
    outcome = FAMILY.run_example(game, example(data))
    assert not outcome.verified and "delaware" in outcome.mismatches[0]


def test_a_malformed_example_is_a_diagnostic_not_a_crash(game):
    outcome = FAMILY.run_example(game, example({"kind": "campaign", "party": "XX", "expect": {}}))
    assert not outcome.verified and {d.code for d in outcome.diagnostics} == {"ELE011"}
    outcome = FAMILY.run_example(game, example({"kind": "teleport", "expect": {}}))
    assert [d.code for d in outcome.diagnostics] == ["ELE011"]


def test_unknown_state_in_a_position(game):
    outcome = FAMILY.run_example(game, example({"kind": "control", "state": "ohio",
                                                "position": {"atlantis": {"R": 3}}, "expect": {}}))
    assert [d.code for d in outcome.diagnostics] == ["ELE001"]


def test_unknown_speech_modifier_is_flagged(game):
    outcome = FAMILY.run_example(game, example({
        "kind": "speech", "speaker": "SD", "card": "fugitive-slave-act", "region": "NE",
        "target": "SD", "direction": "for", "roll": 3, "expect": {}}))
    assert [d.code for d in outcome.diagnostics] == ["ELE013"]


def test_region_the_game_lacks_is_a_diagnostic(game):
    import dataclasses
    smaller = dataclasses.replace(game, regions={k: v for k, v in game.regions.items() if k != "PW"})
    outcome = FAMILY.run_example(smaller, example({"kind": "regional_poll", "region": "PW", "expect": {}}))
    assert [d.code for d in outcome.diagnostics] == ["ELE001"]
    outcome = FAMILY.run_example(game, example({"kind": "free_state_secession", "admitted_by": {"kansas": "R"},
                                                "momentum": ["CU", "ND"], "expect": {}}))
    assert [d.code for d in outcome.diagnostics] == ["ELE011"]


def test_every_numbered_section_has_an_example_or_says_why_not():
    """Each `## N.N` section of the Divided Republic pages holds a worked example or a line
    starting `*No worked example:*` that says why (issue 17's rule-by-rule coverage)."""
    import re
    from election_helpers import GAME_DIR
    bare = []
    for page in sorted((GAME_DIR / "rules").glob("*.md")):
        sections = re.split(r"^## ", page.read_text(encoding="utf-8"), flags=re.M)[1:]
        for section in sections:
            number = section.split()[0]
            if "```example" not in section and "*No worked example:*" not in section:
                bare.append(f"{page.name} {number}")
    assert not bare, bare
