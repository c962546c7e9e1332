"""Starting files for `mapwright new GAME --family election`.

Four invented parties in two regions of two states each, with what makes an election
game of this family: strongholds, a party off one state's ballot, a party that
campaigns across regions at no extra cost, the Regional Poll card every region needs,
and two rules pages whose worked examples (a campaign in a controlled state, a whole
turn) the engine computes at build time. No id, party or region here comes from a
published game: every one of them is data the author renames at will.
"""
from __future__ import annotations

PLAYERS = 4

# Rule modules for game.yaml `rules:`: each is one file of the election family
# (generator/families/election/modules/); the parties page lists what they do.
RULES = {
    "campaign_costs": {"base": 1, "extra_region": 1, "controlled_by_other": 1},
    "free_second_region": {"party": "LIB"},
    "strongholds": {},
    "locking": {"multiple": 2},
    "momentum": {"initial_order": ["FED", "WHG", "LIB", "POP"], "hand": 3, "first_turn_hand": 3,
                 "actions_per_turn": 2, "turns": 3},
    "victory": {"electoral_total": 16, "majority": 9},
}

REGIONS_YAML = """\
# yaml-language-server: $schema=../../schemas/election-regions.schema.json
# The regions, in the order Final Polling takes them; each names its Regional Poll card.
regions:
  - {id: north, name: The North, colour: "#a9cfe9", poll_card: regional-poll-north, source: rules, rule: "1.1"}
  - {id: south, name: The South, colour: "#e9a7ad", poll_card: regional-poll-south, source: rules, rule: "1.1"}
"""

STATES_YAML = """\
# yaml-language-server: $schema=../../schemas/election-states.schema.json
# The states, in polling order within each region. `pcr` is the fewest PCFs that can
# control a state; `off_ballot` lists parties that may not act there; `tile` is its
# square on the map (column from the west, row from the north). Each value cites a
# source id from game.yaml, or says `source: estimated` with a `reasoning`.
states:
  - id: northmark
    name: Northmark
    abbr: NM
    region: {value: north, source: rules, rule: "1.1"}
    electoral_votes: {value: 5, source: rules, rule: "1.1"}
    pcr: {value: 3, source: rules, rule: "1.1"}
    stronghold: {value: FED, source: rules, rule: "1.2"}
    tile: {col: 0, row: 0}
  - id: harbour
    name: Harbour
    abbr: HB
    region: {value: north, source: rules, rule: "1.1"}
    electoral_votes: {value: 3, source: rules, rule: "1.1"}
    pcr: {value: 2, source: rules, rule: "1.1"}
    stronghold: {value: WHG, source: rules, rule: "1.2"}
    tile: {col: 1, row: 0}
  - id: southmark
    name: Southmark
    abbr: SM
    region: {value: south, source: rules, rule: "1.1"}
    electoral_votes: {value: 5, source: rules, rule: "1.1"}
    pcr: {value: 3, source: rules, rule: "1.1"}
    stronghold: {value: POP, source: rules, rule: "1.2"}
    off_ballot: {value: [WHG], source: rules, rule: "1.2"}
    tile: {col: 0, row: 1}
  - id: delta
    name: Delta
    abbr: DL
    region: {value: south, source: estimated, reasoning: "an example of an estimate: the map does not say which region Delta is in"}
    electoral_votes: {value: 3, source: rules, rule: "1.1"}
    pcr: {value: 2, source: rules, rule: "1.1"}
    stronghold: {value: LIB, source: rules, rule: "1.2"}
    tile: {col: 1, row: 1}
"""


def _party(pid, name, colour_name, colour, stronghold, fixed, free, regions, advantage=""):
    adv = f"\n    advantage: {advantage}" if advantage else ""
    return f"""\
  - id: {pid}
    name: {name}
    colour_name: {colour_name}
    colour: "{colour}"
    president: Your candidate
    vice_president: Their running mate
    stronghold: {stronghold}
    personal_appearances: 0{adv}
    setup:
      fixed:
        - {{state: {stronghold}, pcfs: {fixed}}}
      free: {{pcfs: {free}, regions: [{regions}]}}
    source: rules
    rule: "1.2"
"""


PARTIES_YAML = """\
# yaml-language-server: $schema=../../schemas/election-parties.schema.json
# The parties, in set-up order. Each names its stronghold (marked in states.yaml too)
# and its set-up: PCFs in named states, and free PCFs for anywhere in the listed regions.
parties:
""" + _party("FED", "Federal Party", "blue", "#1f5fbf", "northmark", 3, 1, "north") \
    + _party("WHG", "Whig Party", "orange", "#d9822b", "harbour", 2, 1, "north, south") \
    + _party("LIB", "Liberty Party", "green", "#2e8b57", "delta", 2, 1, "south",
             '{module: free_second_region, summary: "Campaigns in both regions at no extra cost", rule: "1.3"}') \
    + _party("POP", "People's Party", "grey", "#7f8c8d", "southmark", 3, 1, "south, north")

CARDS_YAML = """\
# yaml-language-server: $schema=../../schemas/election-cards.schema.json
# The campaign deck: list each card once; `card_values` is the range of PCF values a
# card may have. Every region needs one regional_poll card. A value your rulebook does
# not give is `source: unknown` (shown as "?").
deck_size: 30
card_values: {value: {min: 1, max: 4}, source: rules, rule: "1.3"}
cards:
  - id: regional-poll-north
    title: "Regional Poll: The North"
    kind: regional_poll
    region: north
    pcf: {value: 2, source: rules, rule: "1.3"}
    removed_after_event: {value: false, source: rules, rule: "1.3"}
    playable_by: {value: any, source: rules, rule: "1.3"}
    summary: Polls the North.
  - id: regional-poll-south
    title: "Regional Poll: The South"
    kind: regional_poll
    region: south
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

Each party has a stronghold, where it wins ties. The Whigs are not on the ballot in
Southmark and may not act there.

## 1.3 Campaigning

A card played for campaigning gives its value (1 to 4) in points to spend on PCFs,
placed one at a time: each costs 1, plus 1 in a state another party controls at that
moment, plus 1 in any region other than the first one the action placed in (not for
the Liberty Party).

The block below is a worked example. The engine computes it every time the site is
built and the build fails if the outcome differs from `expect`, so keep it in step with
your data.

```example
title: Buying into a state another party controls
from: own
kind: campaign
party: FED
card: 4
position:
  harbour: {WHG: 2}
place:
  - {state: harbour, pcfs: 2}
expect:
  costs: [2, 2]
  placed: {harbour: 2}
  spent: 4
  control: {harbour: WHG}
```
"""

TURN_MD = """\
# A turn

## 2.1 Order of play

Each turn the parties play in momentum order, one card an action, two actions each;
everyone starts with three cards. A poll scores its region at once, and after a turn
with a poll the order follows the electoral votes each party holds.

The example below is a whole turn: the engine follows the hands, the deck and the board
from one action to the next, refuses an action out of turn, a third action or a card not
in hand, and works out the end of the turn.

```example
title: The first turn
from: own
kind: turn
turn: 1
hands:
  FED: [3, 2, regional-poll-north]
  WHG: [2, 2, 1]
  LIB: [4, 1, 3]
  POP: [2, 3, 1]
deck: {draw: 17}
actions:
  - {party: FED, card: 3, campaign: [{state: northmark, pcfs: 3}]}
  - {party: WHG, card: 2, campaign: [{state: harbour, pcfs: 2}]}
  - {party: LIB, card: 4, campaign: [{state: delta, pcfs: 2}, {state: harbour, pcfs: 1}]}
  - {party: POP, card: 3, campaign: [{state: southmark, pcfs: 3}]}
  - {party: FED, card: regional-poll-north, poll: true}
  - {party: WHG, card: 2, campaign: [{state: delta, pcfs: 2}]}
  - {party: LIB, card: 3, campaign: [{state: delta, pcfs: 2}]}
  - {party: POP, card: 2, campaign: [{state: delta, pcfs: 1}]}
expect:
  complete: true
  actions:
    - {placed: {northmark: 3}}
    - {placed: {harbour: 2}}
    - {placed: {delta: 2, harbour: 1}, spent: 4}
    - {placed: {southmark: 3}}
    - {winners: {northmark: FED, harbour: WHG}}
    - {placed: {delta: 1}, spent: 2}
    - {placed: {delta: 2}, spent: 2}
    - {placed: {delta: 1}, spent: 2}
  held: {northmark: FED, harbour: WHG}
  next_order: [FED, WHG, [LIB, POP]]
  next_hands: {FED: 4, WHG: 3, LIB: 3, POP: 3}
  drawn: {FED: 3, WHG: 2, LIB: 2, POP: 2}
  deck: {draw: 16, discard: 0}
```
"""


def files() -> dict[str, str]:
    """Relative path -> text of every file besides game.yaml."""
    return {"regions.yaml": REGIONS_YAML, "states.yaml": STATES_YAML, "parties.yaml": PARTIES_YAML,
            "cards.yaml": CARDS_YAML, "rules/01-introduction.md": INTRODUCTION_MD, "rules/02-turn.md": TURN_MD}
