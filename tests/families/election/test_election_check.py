"""check(game): broken data gives ELE diagnostics at the exact file, line and column."""
from __future__ import annotations

from election_helpers import file_text, source_with

from generator.families.election import FAMILY


def diagnostics(overrides):
    return FAMILY.check(FAMILY.load(source_with(overrides)))


def line_of(text: str, needle: str, nth: int = 1) -> int:
    lines = text.splitlines()
    hits = [i + 1 for i, line in enumerate(lines) if needle in line]
    return hits[nth - 1]


def test_republican_setup_in_an_asterisked_state():
    text = file_text("parties.yaml").replace("{state: ohio, pcfs: 2}", "{state: georgia, pcfs: 2}")
    found = diagnostics({"parties.yaml": text})
    assert [d.code for d in found] == ["ELE004"]
    d = found[0]
    assert d.file.endswith("parties.yaml") and d.line == line_of(text, "{state: georgia, pcfs: 2}", 2)  # ND also has 2 in Georgia
    assert d.column > 1 and "Georgia" in d.message


def test_setup_in_a_territory():
    text = file_text("parties.yaml").replace("{state: oregon, pcfs: 2}", "{state: nevada, pcfs: 2}")
    found = diagnostics({"parties.yaml": text})
    assert [d.code for d in found] == ["ELE004"] and "territory" in found[0].message


def test_free_pcfs_with_nowhere_to_go():
    text = file_text("parties.yaml").replace("free: {pcfs: 5, regions: [MW, NE, PW]}", "free: {pcfs: 5, regions: [LS]}")
    found = diagnostics({"parties.yaml": text})
    # LS has South Carolina, where the Republicans are on the ballot: still legal
    assert found == []
    states = file_text("states.yaml").replace(
        'off_ballot: {value: [], source: estimated, reasoning: "SC chose',
        'off_ballot: {value: [R], source: estimated, reasoning: "SC chose')
    found = diagnostics({"parties.yaml": text, "states.yaml": states})
    assert [d.code for d in found] == ["ELE004"]


def test_electoral_total_must_be_303():
    text = file_text("states.yaml").replace("electoral_votes: {value: 35,", "electoral_votes: {value: 36,")
    found = diagnostics({"states.yaml": text})
    assert [d.code for d in found] == ["ELE003", "ELE003"]
    assert "304" in " ".join(d.message for d in found) and "153" in " ".join(d.message for d in found)


def test_stronghold_must_agree_between_files():
    text = file_text("parties.yaml").replace("stronghold: missouri", "stronghold: ohio")
    found = diagnostics({"parties.yaml": text})
    assert {d.code for d in found} == {"ELE005"}
    assert any(d.file.endswith("states.yaml") for d in found) and any(d.file.endswith("parties.yaml") for d in found)


def test_duplicate_abbreviation_and_tile():
    text = file_text("states.yaml").replace("abbr: NV", "abbr: CA")
    found = diagnostics({"states.yaml": text})
    assert [d.code for d in found] == ["ELE002"] and found[0].line == line_of(text, "abbr: CA", 2)


def test_unknown_source_id():
    text = file_text("states.yaml").replace("{value: 35, source: history-1860}", "{value: 35, source: almanac}")
    found = diagnostics({"states.yaml": text})
    assert [d.code for d in found] == ["ELE006"]


def test_unknown_rule_module_and_parameter():
    text = file_text("game.yaml").replace("free_second_region: {party: SD}", "free_second_region: {party: SD, cost: 0}")
    text = text.replace("strongholds: {}", "strongholds: {}\n  teleport: {}")
    found = diagnostics({"game.yaml": text})
    assert sorted(d.code for d in found) == ["ELE010", "ELE010"]


def test_poll_card_must_match_its_region():
    text = file_text("regions.yaml").replace("poll_card: regional-poll-lower-south", "poll_card: abolition")
    found = diagnostics({"regions.yaml": text})
    assert [d.code for d in found] == ["ELE008"]


def test_malformed_module_parameters_are_diagnostics_and_never_reach_the_engine():
    """Wrong-shaped parameters are reported at their line, and the engines run without
    the broken module instead of crashing inside it."""
    from election_helpers import example, source_with
    from generator.families.election import FAMILY
    text = (file_text("game.yaml").replace("share: {R: [2, 3]}", "share: {R: x}")
            .replace("faces_by_rank: [4, 3, 2, 1]", "faces_by_rank: [a]")
            .replace("  locking: {multiple: 2}", "  locking: {multiple: [2]}"))
    game = FAMILY.load(source_with({"game.yaml": text}))
    found = [d for d in FAMILY.check(game) if d.code == "ELE010"]
    assert {d.line for d in found} and len(found) == 3, [str(d) for d in found]
    poll = FAMILY.run_example(game, example({"kind": "regional_poll", "region": "MW",
                                             "position": {"indiana": {"CU": 8}}, "expect": {}}))
    assert poll.result["locked"] == []          # no locking module left in force
    roll = FAMILY.run_example(game, example({"kind": "free_state_secession", "admitted_by": {"kansas": "R", "nevada": "R"},
                                             "momentum": ["R", "CU", "ND", "SD"], "expect": {}}))
    assert roll.result == {}
