"""The data of Divided Republic: historical facts, printed values and honest estimates."""
from __future__ import annotations

import math

from generator.families.election import FAMILY

from election_helpers import GAME_DIR, source_from_folder

ELECTORAL_1860 = {  # 1850 apportionment; Lincoln 180 + Breckinridge 72 + Bell 39 + Douglas 12 = 303
    "alabama": 9, "arkansas": 4, "california": 4, "connecticut": 6, "delaware": 3, "florida": 3,
    "georgia": 10, "illinois": 11, "indiana": 13, "iowa": 4, "kentucky": 12, "louisiana": 6,
    "maine": 8, "maryland": 8, "massachusetts": 13, "michigan": 6, "minnesota": 4, "mississippi": 7,
    "missouri": 9, "new-hampshire": 5, "new-jersey": 7, "new-york": 35, "north-carolina": 10,
    "ohio": 23, "oregon": 3, "pennsylvania": 27, "rhode-island": 4, "south-carolina": 8,
    "tennessee": 12, "texas": 4, "vermont": 5, "virginia": 15, "wisconsin": 5}


def test_thirty_three_states_and_two_territories(game):
    assert len(game.base_states) == 33
    assert sorted(s.id for s in game.states.values() if s.territory) == ["kansas", "nevada"]


def test_electoral_votes_are_the_1860_apportionment(game):
    assert {s.id: s.ev for s in game.base_states} == ELECTORAL_1860
    total = sum(s.ev for s in game.base_states)
    assert total == 303 and total // 2 + 1 == 152


def test_printed_pcrs_hold_and_are_cited(game):
    printed = {"kentucky": 4, "indiana": 4, "delaware": 2, "south-carolina": 3}
    for state, pcr in printed.items():
        fact = game.states[state].pcr
        assert fact.value == pcr and fact.source == "rulebook", state


def test_every_other_pcr_is_estimated_with_its_rule(game):
    for s in game.states.values():
        assert s.requirement == math.ceil(math.sqrt(s.ev)), s.id
        if s.id not in ("kentucky", "indiana", "delaware", "south-carolina"):
            assert s.pcr.estimated and "sqrt" in s.pcr.reasoning, s.id


def test_example_constraints_on_reconstructed_pcrs(game):
    # Values the rulebook's examples fix without printing them.
    assert game.states["new-jersey"].requirement <= 3     # 9.4: 3-3 counts as a tie
    assert game.states["new-york"].requirement <= 7       # 9.5: 7-7 is a tie
    assert game.states["texas"].requirement <= 7          # 9.7: 7-7 is a tie
    assert game.states["tennessee"].requirement <= 4      # 9.3: CU's 4 meet PCR


def test_printed_regions_and_strongholds(game):
    regions = {s.id: s.region_id for s in game.states.values()}
    assert regions["indiana"] == "MW" and regions["delaware"] == "MA" and regions["new-jersey"] == "MA"
    assert regions["georgia"] == "LS" and regions["kansas"] == "MW" and regions["nevada"] == "PW"
    assert regions["new-york"] != regions["maryland"]      # 8.3
    assert {regions["kentucky"], regions["missouri"]} <= {"MA", "PW", "US"}   # 8.4
    strongholds = {s.stronghold_of: s.id for s in game.states.values() if s.stronghold_of}
    assert strongholds == {"CU": "tennessee", "ND": "missouri", "R": "illinois", "SD": "kentucky"}


def test_republican_ballot(game):
    off = sorted(s.id for s in game.states.values() if "R" in s.parties_off_ballot)
    assert "georgia" in off and "south-carolina" not in off     # 7.0 and 9.6
    assert len(off) == 9


def test_each_region_has_six_polling_cards_in_all(game):
    polls = [c for c in game.cards.values() if c.kind == "regional_poll"]
    assert sorted(c.region for c in polls) == sorted(game.regions)


def test_deck_lists_only_cards_the_rulebook_names(game):
    named = {"Abolition", "Fugitive Slave Act", "Cuban Revolt", "Governor's Endorsement", "Popular Appeal",
             "Speaking Tour", "Kansas Statehood", "Nevada Statehood"} | {
        f"Regional Poll: {r.name}" for r in game.regions.values()}
    assert {c.title for c in game.cards.values()} == named
    assert game.deck_size == 114 and len(game.cards) == 14
    assert game.cards["cuban-revolt"].removed_after_event.value is True
    assert game.cards["abolition"].pcf.value == 2
    assert game.cards["abolition"].modifiers == {"MA": 1, "MW": 1, "NE": 2, "PW": 1, "LS": 2, "US": 1}
    unknown = [c.id for c in game.cards.values() if not c.pcf.known]
    assert len(unknown) == 13          # only Abolition's value is printed


def test_data_is_clean(game):
    assert FAMILY.check(game) == []


def test_game_meta_says_the_rulebook_is_not_reproduced():
    meta = source_from_folder(GAME_DIR).meta
    assert "own words" in meta["licence"]["notice"]
    assert {s["id"] for s in meta["sources"]} == {"rulebook", "history-1860"}
