"""Starting files for `mapwright new GAME --family diplomacy`.

A two-power, eight-province map that validates and builds as it is, so an
author starts from something working and changes one thing at a time. The
rules page carries one worked example (a standoff) that the engine adjudicates
at build time; editing the map without updating it makes the build say so.
"""
from __future__ import annotations

PLAYERS = 2

MAP_YAML = """\
# yaml-language-server: $schema=../../schemas/diplomacy-map.schema.json
# A small two-power map to start from. Replace the powers, provinces, borders and
# start with your own; `mapwright validate` says what no longer fits.
#
#            West Sea (WSE)
#   North Port (NPT) - North Capital (NCA) -.
#        |                   |               \\
#   Westmarch (WMR) -  Midlands (MID)   -  Eastmarch (EMR)
#        |                   |               /
#   South Port (SPT) - South Capital (SCA) -'

# Centres a power must own after a fall adjustment to win: more than half of them.
victory: {centers: 4, source: rules}

# One entry per power; the id is what orders and `start` use.
powers:
  - {id: NORTH, name: Northland, adjective: Northern, color: "#1f3a93"}
  - {id: SOUTH, name: Southland, adjective: Southern, color: "#c0392b"}

# type: land (armies), coast (armies and fleets), sea (fleets), impassable or lake.
# `home` marks a power's home centre, where it builds.
provinces:
  - {id: WSE, name: West Sea, type: sea}
  - {id: NPT, name: North Port, type: coast, supply_center: true, home: NORTH}
  - {id: NCA, name: North Capital, type: land, supply_center: true, home: NORTH}
  - {id: WMR, name: Westmarch, type: coast, supply_center: true}
  - {id: MID, name: Midlands, type: land}
  - {id: EMR, name: Eastmarch, type: land, supply_center: true}
  - {id: SPT, name: South Port, type: coast, supply_center: true, home: SOUTH}
  - {id: SCA, name: South Capital, type: land, supply_center: true, home: SOUTH}

# Each border once; `units` says who may cross (army, fleet; both when omitted).
# Two coasts that share a shoreline take both; anything touching land or sea takes one.
borders:
  - {between: [WSE, NPT], units: [fleet]}
  - {between: [WSE, WMR], units: [fleet]}
  - {between: [WSE, SPT], units: [fleet]}
  - {between: [NPT, WMR]}
  - {between: [WMR, SPT]}
  - {between: [NPT, NCA], units: [army]}
  - {between: [WMR, MID], units: [army]}
  - {between: [SPT, SCA], units: [army]}
  - {between: [NCA, MID], units: [army]}
  - {between: [MID, SCA], units: [army]}
  - {between: [NCA, EMR], units: [army]}
  - {between: [MID, EMR], units: [army]}
  - {between: [SCA, EMR], units: [army]}

# The opening position: units and owned centres per power.
start:
  phase: S1901M
  units:
    NORTH: ["A NCA", "F NPT"]
    SOUTH: ["A SCA", "F SPT"]
  centers:
    NORTH: [NPT, NCA]
    SOUTH: [SPT, SCA]
"""

INTRODUCTION_MD = """\
# Introduction

Write the rules here in your own words, numbered like your rulebook: a heading
`## 1.1 The map` gets the anchor `#rule-1-1`, so other pages can link to it.

## 1.1 The map

Northland and Southland each start with an army in their capital and a fleet in
their port. Six provinces are supply centres; a power that owns four of them
after a fall adjustment wins.

## 1.2 Standoffs

All orders are carried out at once. When two units of equal strength try to
enter the same province, neither moves: a standoff.

The block below is a worked example. The engine adjudicates it every time the
site is built and the build fails if the outcome differs from `expect`, so keep
it in step with your map.

```example
title: Both armies bounce in the Midlands
phase: S1901M
units:
  NORTH: [A NCA]
  SOUTH: [A SCA]
orders:
  NORTH: [A NCA - MID]
  SOUTH: [A SCA - MID]
expect:
  results: {"A NCA - MID": fails, "A SCA - MID": fails}
  units: {NORTH: [A NCA], SOUTH: [A SCA]}
```
"""


def files() -> dict[str, str]:
    """Relative path -> text of every file besides game.yaml."""
    return {"map.yaml": MAP_YAML, "rules/01-introduction.md": INTRODUCTION_MD}
