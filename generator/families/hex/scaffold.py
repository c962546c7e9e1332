"""Starting files for `mapwright new GAME --family hex`.

A 6 x 5 hex map with four terrain types, a river, two capitals, four unit
types, a placeholder combat results table (marked estimated), the AP costs
the engine looks up, one scenario, and a rules page whose worked example (a
two-hex attack) the engine resolves at build time. Everything validates and
builds as it is; an author replaces it piece by piece.

The two sides (ids, names, colours) are declared in map.yaml `sides`; every other
file names them by id. The scaffold's BLUE and RED are the author's to rename.
"""
from __future__ import annotations

PLAYERS = 2

# Terrain by row (top to bottom), one letter per column 01..06:
# c clear, r rough, s swamp, ~ sea. Columns 01-03 are BLUE home country, 04-06 RED.
_LAYOUT = ("~ccrrc",
           "cccccc",
           "cccccc",
           "rrcccc",
           "csssc~")
_TERRAIN = {"c": "clear", "r": "rough", "s": "swamp", "~": "sea"}


def _hexes() -> str:
    lines = []
    for col in range(1, 7):
        for row in range(1, 6):
            terrain = _TERRAIN[_LAYOUT[row - 1][col - 1]]
            country = "" if terrain == "sea" else (", country: BLUE" if col <= 3 else ", country: RED")
            lines.append(f'  "{col:02d}{row:02d}": {{terrain: {terrain}{country}}}')
    return "\n".join(lines)


MAP_YAML = """\
# yaml-language-server: $schema=../../schemas/hex-map.schema.json
# The map. Hexes are numbered XXYY (column, row) from 01 at the top left; with
# `even-columns-down`, columns 02, 04 and 06 sit half a hex lower. Every hex of the
# grid needs an entry: its terrain (an id from terrain.yaml) and, on land, its home
# country. Grow the grid and add hexes as your map grows.
source: rules
grid: {columns: 6, rows: 5, offset: even-columns-down, hex_km: 70}
# The two sides. Their ids name them everywhere else (hexes, cities, scenarios, examples).
sides:
  - {id: BLUE, name: Blue Republic, colour: "#3b5ba9", counter_colour: "#c9d6f2"}
  - {id: RED, name: Red Federation, colour: "#a93b3b", counter_colour: "#f2d0c9"}
# Hexsides on the border (and their bridges) count as this side's home country.
border: {held_by: BLUE, source: rules, rule: "1.1"}
hexes:
%s
# Cities stand on land of their own country; a capital counts as several cities.
cities:
  - {id: westfield, name: Westfield, hex: "0202", country: BLUE, capital: true}
  - {id: eastbrook, name: Eastbrook, hex: "0503", country: RED, capital: true}
# Features on the edges between two adjacent hexes (ids from terrain.yaml `hexsides`).
hexsides:
  - {hexes: ["0304", "0404"], features: [river], river: border-river}
  - {hexes: ["0305", "0404"], features: [river], river: border-river}
  - {hexes: ["0305", "0405"], features: [river], river: border-river}
""" % _hexes()

TERRAIN_YAML = """\
# yaml-language-server: $schema=../../schemas/hex-terrain.schema.json
# The Terrain Effects Chart. `movement` is the MP cost to enter (null: no land unit
# may enter); `combat_line` is the CRT line a defender there uses. Cite your rulebook
# in `source` (e.g. "rules 8.1"), or write `source: estimated` with a `reasoning`.
terrain:
  - id: clear
    name: Clear
    movement: {value: 1, source: rules}
    combat_line: {value: normal, source: rules}
    forts_allowed: true
  - id: rough
    name: Rough
    movement: {value: 2, source: rules}
    combat_line: {value: defender-advantage, source: rules}
    forts_allowed: false
  - id: swamp
    name: Swamp
    movement: {value: 3, source: rules}
    combat_line: {value: defender-advantage, source: rules}
    armour_stacks_alone: true
    forts_allowed: false
  - id: sea
    name: Sea
    movement: {value: null, source: rules}
    combat_line: {value: normal, source: rules}
    forts_allowed: false
# Hexside features; the engine knows river, great-river, bridge, blocked, sea and lake.
hexsides:
  - id: river
    name: River
    movement_home: {value: 0, source: rules}
    movement_enemy: {value: 1, source: rules}
    blocks_zoc: true
    defender_advantage: true
    blocks_retreat_unless_bridged: true
# What a city or fort adds to the defence (the engine needs city, capital and fort).
features:
  - {id: city, name: City, defence: {value: 1, source: rules}}
  - {id: capital, name: Capital city, defence: {value: 1, source: rules}, counts_as_cities: {value: 3, source: rules}}
  - {id: fort, name: Fortification, defence: {value: 2, source: rules}}
"""

UNITS_YAML = """\
# yaml-language-server: $schema=../../schemas/hex-units.schema.json
# Unit types and how many counters of each the game has (scenarios may not need more).
# arm: infantry, armour, mixed or fort; size: corps, division, brigade or fort.
unit_types:
  - id: infantry-corps
    name: Infantry corps
    arm: infantry
    size: corps
    strength: {value: 3, source: rules}
    movement: {value: 6, source: rules}
    loss_points: {value: 2, source: rules}
    components: [infantry-division, infantry-division]
    counters: {value: 4, source: rules}
  - id: infantry-division
    name: Infantry division
    arm: infantry
    size: division
    strength: {value: 1, source: rules}
    movement: {value: 6, source: rules}
    loss_points: {value: 1, source: rules}
    counters: {value: 8, source: rules}
  - id: armoured-brigade
    name: Armoured brigade
    arm: armour
    size: brigade
    strength: {value: 1, source: rules}
    movement: {value: 8, source: rules}
    loss_points: {value: 1, source: rules}
    counters: {value: 4, source: rules}
  - id: fort
    name: Fortification
    arm: fort
    size: fort
    strength: {value: 2, source: rules}
    movement: {value: 0, source: rules}
    loss_points: {value: 1, source: rules}
    counters: {value: 2, source: rules}
"""


def _crt_rows() -> str:
    # A monotone placeholder: a higher roll or a higher column never helps the defender.
    ladder = ["2/0", "2/0", "1/0", "1/0", "1/1", "1/1", "0/1", "0/1", "0/2", "0/2", "0/2",
              "0/3", "0/3", "0/3", "0/4", "0/4"]
    rows = []
    for roll in range(1, 13):
        cells = ", ".join(f'"{ladder[min(roll - 1 + col, len(ladder) - 1)]}"' for col in range(5))
        rows.append(f"  - {{roll: {roll}, results: [{cells}]}}")
    return "\n".join(rows)


CRT_YAML = """\
# yaml-language-server: $schema=../../schemas/hex-crt.schema.json
# The Combat Results Table. Results read "attacker loss points / defender loss points".
# Each line lists the differential (attack minus defence strength) heading each column;
# a defender in defender-advantage terrain, or behind a river, uses the second line.
# These numbers are a placeholder: replace them with your own table and cite it.
source: estimated
reasoning: placeholder for your own table
die: {sides: 6, count: 1, max_modified_roll: 12}
lines:
  normal:
    name: Normal line
    differentials: [-1, 0, 1, 2, 3]
  defender-advantage:
    name: Defender's advantage line
    differentials: [1, 2, 3, 4, 5]
# One row per modified die roll, 1 to max_modified_roll; one result per column.
rows:
%s
""" % _crt_rows()

CHARTS_YAML = """\
# yaml-language-server: $schema=../../schemas/hex-charts.schema.json
# Administrative Point costs, the sequence of play and the turn track. The engine looks
# up the first nine AP costs by id (moves, reorganisation, recovery, arrivals): keep those ids.
ap_costs:
  - {id: move-division-or-brigade, action: Move a division or brigade, ap: 1, per: unit, rule: "1.3", source: rules}
  - {id: move-corps, action: Move a corps, ap: 3, per: unit, rule: "1.3", source: rules}
  - {id: rail-move, action: Move a division or brigade by rail, ap: 2, per: unit, rule: "1.3", source: rules}
  - {id: breakdown-corps, action: Break a corps down into two divisions, ap: 3, per: corps, rule: "1.3", source: rules}
  - {id: form-corps, action: Form two divisions into a corps, ap: 3, per: corps, rule: "1.3", source: rules}
  - {id: recover-disruption, action: Recover a disrupted unit, ap: 1, per: strength point, rule: "1.3", source: rules}
  - {id: receive-reinforcement-division, action: Receive a division from the Reinforcement Box, ap: 4, per: unit, rule: "1.2", source: rules}
  - {id: receive-replacement-division, action: Receive a division from the Replacement Box, ap: 2, per: unit, rule: "1.2", source: rules}
  - {id: receive-replacement-armour, action: Receive an armoured brigade from the Replacement Box, ap: 4, per: unit, rule: "1.2", source: rules}
  - {id: multi-hex-attack, action: Attack from more than one hex, ap: 1, per: attacking hex beyond the first, rule: "1.4", source: rules}
  - {id: die-roll-modifier, action: Add +1 to the die roll, ap: 1, per: attacking hex and +1, rule: "1.4", source: rules}
phases:
  - {id: ap-level, name: Administrative Point Phase, rule: "1.2", aps: "set the AP marker to the scenario level"}
  - {id: movement, name: Movement Phase, rule: "1.3", aps: "1 per division or brigade, 3 per corps"}
  - {id: combat, name: Combat Phase, rule: "1.4", aps: "1 per extra attacking hex; 1 per hex per +1 on the die"}
turn_track: {turns: 6, turn_days: 15, source: rules}
"""

SCENARIOS_YAML = """\
# yaml-language-server: $schema=../../schemas/hex-scenarios.schema.json
# Scenarios: each side's forces as your rulebook prints them (forts, infantry divisions,
# armoured brigades), its corps equivalent (half its divisions, checked) and AP level,
# and the victory conditions. The counters in units.yaml must cover every force.
scenarios:
  - id: "1"
    name: First clash
    summary: A short meeting engagement across the border river.
    first_player_chooser: BLUE
    turns: 6
    sides:
      BLUE:
        printed:
          initial: {forts: 1, infantry: 4, armor: 2}
          reinforcement: {forts: 0, infantry: 2, armor: 0}
          replacement: {forts: 0, infantry: 0, armor: 0}
        corps_equivalent: 3
        ap_level: 20
      RED:
        printed:
          initial: {forts: 2, infantry: 4, armor: 1}
          reinforcement: {forts: 0, infantry: 0, armor: 0}
          replacement: {forts: 0, infantry: 2, armor: 0}
        corps_equivalent: 3
        ap_level: 18
    victory:
      side: BLUE
      any_of:
        - {kind: occupy, count: 1, of: cities, country: RED, including_one_of: [eastbrook]}
"""

INTRODUCTION_MD = """\
# Introduction

Write the rules here in your own words, numbered like your rulebook: a heading
`## 1.1 The map` gets the anchor `#rule-1-1`, so other pages can link to it.

## 1.1 The map

Two sides face each other across a short border: Blue holds the western three
columns of hexes, Red the eastern three. A river covers the southern stretch of
the border, and counts as Blue's. Each side's capital counts as three cities.

## 1.2 Administrative Points

Each turn a side receives its scenario's AP level and spends it on everything it does:
moving, reorganising and attacking.

## 1.3 Movement

Moving a division or brigade costs 1 AP, a corps 3 APs; each hex entered costs the
movement points of its terrain.

## 1.4 Combat

Add up the attackers' strengths and subtract the defender's: that is the differential,
read on the Normal line, or on the Defender's Advantage line when the defender sits in
rough or swamp or every attack crosses a river. Attacking from a second hex costs 1 AP,
and each +1 on the die costs 1 AP for every attacking hex.

The block below is a worked example. The engine resolves it every time the site is
built and the build fails if the outcome differs from `expect`, so keep it in step with
your tables.

```example
title: A corps and a brigade attack from two hexes
kind: combat
rule: "1.4"
units:
  - {id: red-div, side: RED, type: infantry-division, hex: "0403"}
  - {id: blue-corps, side: BLUE, type: infantry-corps, hex: "0303"}
  - {id: blue-arm, side: BLUE, type: armoured-brigade, hex: "0304"}
attack:
  attackers: [blue-corps, blue-arm]
  defender: "0403"
  drm: 1
  roll: 4
expect:
  differential: 3
  line: normal
  ap: 3
  ap_breakdown: {coordination: 1, modifier: 2}
  modified_roll: 5
  result: "0/2"
```
"""


TURN_MD = """\
# Sequence of play

## 2.1 A player-turn

A player-turn runs its phases in order and pays for everything from one AP marker. The
example below is checked as a whole: Blue's brigade moves up, then both units attack.

```example
title: Blue moves up and attacks
kind: player-turn
rule: "2.1"
units:
  - {id: red-div, side: RED, type: infantry-division, hex: "0403"}
  - {id: blue-corps, side: BLUE, type: infantry-corps, hex: "0303"}
  - {id: blue-arm, side: BLUE, type: armoured-brigade, hex: "0204"}
turn:
  side: BLUE
  ap_level: 20
  phases:
    - phase: movement
      moves: [{unit: blue-arm, path: ["0304"]}]
    - phase: combat
      attacks:
        - attackers: [blue-corps, blue-arm]
          defender: "0403"
          drm: 1
          roll: 4
          defender_losses: {eliminate: {red-div: 1}}
expect:
  legal: true
  ap_by_phase: {movement: 1, combat: 3}
  ap_left: 16
```
"""


def files() -> dict[str, str]:
    """Relative path -> text of every file besides game.yaml."""
    return {"map.yaml": MAP_YAML, "terrain.yaml": TERRAIN_YAML, "units.yaml": UNITS_YAML,
            "crt.yaml": CRT_YAML, "charts.yaml": CHARTS_YAML, "scenarios.yaml": SCENARIOS_YAML,
            "rules/01-introduction.md": INTRODUCTION_MD, "rules/02-sequence-of-play.md": TURN_MD}
