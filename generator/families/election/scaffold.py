"""Starting files for `mapwright new GAME --family election`.

Two regions of two states each, two parties with their strongholds and set-up
allocations, the two Regional Poll cards every region needs, and a rules page
whose worked example (campaign costs in a state another party controls) the
engine computes at build time. Everything validates and builds as it is.

The election engine plays Divided Republic, so region ids (PW, MW, NE, MA, US,
LS) and party ids (CU, ND, R, SD) come from the schemas' lists; state names,
numbers and everything else are the author's to change.
"""
from __future__ import annotations

PLAYERS = 2

# Rule modules for game.yaml `rules:` (the election family validates with none; these make
# the defaults visible and let the checker confirm the electoral total and majority).
RULES = {
    "campaign_costs": {"base": 1, "extra_region": 1, "controlled_by_other": 1},
    "locking": {"multiple": 2},
    "victory": {"electoral_total": 16, "majority": 9},
}

REGIONS_YAML = """\
# yaml-language-server: $schema=../../schemas/election-regions.schema.json
# The regions, in the order Final Polling takes them. Ids come from a fixed list
# (PW, MW, NE, MA, US, LS); each names its Regional Poll card in cards.yaml.
regions:
  - {id: NE, name: The North, colour: "#a9cfe9", poll_card: regional-poll-north, source: rules, rule: "1.1"}
  - {id: LS, name: The South, colour: "#e9a7ad", poll_card: regional-poll-south, source: rules, rule: "1.1"}
"""

STATES_YAML = """\
# yaml-language-server: $schema=../../schemas/election-states.schema.json
# The states, in polling order within each region. `pcr` is the fewest PCFs that can
# control a state; `tile` is its square on the map (column from the west, row from the
# north), one square per state. Each value cites a source id from game.yaml, or says
# `source: estimated` with a `reasoning` when your rulebook does not print it.
states:
  - id: northmark
    name: Northmark
    abbr: NM
    region: {value: NE, source: rules, rule: "1.1"}
    electoral_votes: {value: 5, source: rules, rule: "1.1"}
    pcr: {value: 3, source: rules, rule: "1.1"}
    stronghold: {value: R, source: rules, rule: "1.2"}
    republican_on_ballot: {value: true, source: rules}
    tile: {col: 0, row: 0}
  - id: harbour
    name: Harbour
    abbr: HB
    region: {value: NE, source: rules, rule: "1.1"}
    electoral_votes: {value: 3, source: rules, rule: "1.1"}
    pcr: {value: 2, source: rules, rule: "1.1"}
    republican_on_ballot: {value: true, source: rules}
    tile: {col: 1, row: 0}
  - id: southmark
    name: Southmark
    abbr: SM
    region: {value: LS, source: rules, rule: "1.1"}
    electoral_votes: {value: 5, source: rules, rule: "1.1"}
    pcr: {value: 3, source: rules, rule: "1.1"}
    stronghold: {value: SD, source: rules, rule: "1.2"}
    republican_on_ballot: {value: true, source: rules}
    tile: {col: 0, row: 1}
  - id: delta
    name: Delta
    abbr: DL
    region: {value: LS, source: rules, rule: "1.1"}
    electoral_votes: {value: 3, source: rules, rule: "1.1"}
    pcr: {value: 2, source: rules, rule: "1.1"}
    republican_on_ballot: {value: true, source: rules}
    tile: {col: 1, row: 1}
"""

PARTIES_YAML = """\
# yaml-language-server: $schema=../../schemas/election-parties.schema.json
# The parties, in set-up order. Ids come from a fixed list (CU, ND, R, SD). Each names
# its stronghold (marked in states.yaml too) and its set-up: PCFs in named states, and
# free PCFs it places anywhere in the listed regions.
parties:
  - id: R
    name: Northern Party
    colour_name: blue
    colour: "#1f5fbf"
    president: Your northern candidate
    vice_president: Their running mate
    stronghold: northmark
    personal_appearances: 1
    setup:
      fixed:
        - {state: northmark, pcfs: 3}
      free: {pcfs: 2, regions: [NE]}
    source: rules
    rule: "1.2"
  - id: SD
    name: Southern Party
    colour_name: grey
    colour: "#7f8c8d"
    president: Your southern candidate
    vice_president: Their running mate
    stronghold: southmark
    personal_appearances: 1
    setup:
      fixed:
        - {state: southmark, pcfs: 3}
      free: {pcfs: 2, regions: [LS]}
    source: rules
    rule: "1.2"
"""

CARDS_YAML = """\
# yaml-language-server: $schema=../../schemas/election-cards.schema.json
# The campaign deck: list each card once. Every region needs one regional_poll card.
# A value your rulebook does not give is `source: unknown` (shown as "?").
deck_size: 20
cards:
  - id: regional-poll-north
    title: "Regional Poll: The North"
    kind: regional_poll
    region: NE
    pcf: {value: 2, source: rules, rule: "1.3"}
    removed_after_event: {value: false, source: rules, rule: "1.3"}
    playable_by: {value: any, source: rules, rule: "1.3"}
    summary: Polls the North.
  - id: regional-poll-south
    title: "Regional Poll: The South"
    kind: regional_poll
    region: LS
    pcf: {value: 2, source: rules, rule: "1.3"}
    removed_after_event: {value: false, source: rules, rule: "1.3"}
    playable_by: {value: any, source: rules, rule: "1.3"}
    summary: Polls the South.
"""

INTRODUCTION_MD = """\
# Introduction

Write the rules here in your own words, numbered like your rulebook: a heading
`## 1.1 The map` gets the anchor `#rule-1-1`, so other pages can link to it.

## 1.1 The map

Four states in two regions hold 16 electoral votes; 9 win. A party controls a state
when it has at least the state's PCR in PCFs and more than any other party.

## 1.2 The parties

The Northern Party starts strong in Northmark, the Southern Party in Southmark.

## 1.3 Campaigning

A card played for campaigning gives its value in points to spend on PCFs, placed one at
a time: each costs 1, plus 1 in a state another party controls at that moment, plus 1
in any region other than the first one the action placed in.

The block below is a worked example. The engine computes it every time the site is
built and the build fails if the outcome differs from `expect`, so keep it in step with
your data.

```example
title: Buying into a state the other party controls
from: own
kind: campaign
party: R
card: 4
position:
  harbour: {SD: 2}
place:
  - {state: harbour, pcfs: 2}
expect:
  costs: [2, 2]
  placed: {harbour: 2}
  spent: 4
  control: {harbour: null}
```
"""


def files() -> dict[str, str]:
    """Relative path -> text of every file besides game.yaml."""
    return {"regions.yaml": REGIONS_YAML, "states.yaml": STATES_YAML, "parties.yaml": PARTIES_YAML,
            "cards.yaml": CARDS_YAML, "rules/01-introduction.md": INTRODUCTION_MD}
