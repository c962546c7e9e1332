"""Diagnostic codes of the election family (ELE###), registered once at import."""
from __future__ import annotations

from ...diagnostics import register

UNKNOWN_REF = register(
    "ELE001", "Unknown id in election data",
    "A state, region, party or card id does not name anything the game defines (in the "
    "data files or in a worked example). "
    "Fix the spelling or add the missing entry.")
DUPLICATE_ID = register(
    "ELE002", "Duplicate id or abbreviation",
    "Two entries share an id, an abbreviation or a map tile. Ids and abbreviations must be "
    "unique, and each state needs its own tile; rename or move one of them.")
ELECTORAL_TOTAL = register(
    "ELE003", "Electoral votes do not add up",
    "The states that are not territories must hold the electoral total the `victory` rule "
    "module gives (303 in Divided Republic's 1860, with 152 to win). Correct the electoral "
    "votes or the module's parameters.")
SETUP_ILLEGAL = register(
    "ELE004", "Illegal set-up allocation",
    "A party's set-up places PCFs where the rules forbid: in a territory not yet a state, "
    "in a state where the party is not on the ballot, or in regions with no state it may use. "
    "Move the PCFs to an allowed state or region.")
STRONGHOLD_MISMATCH = register(
    "ELE005", "Stronghold disagrees between files",
    "parties.yaml names a party's stronghold state and states.yaml marks each stronghold; "
    "the two must agree. Make them name the same state.")
UNKNOWN_SOURCE = register(
    "ELE006", "Unknown source id",
    "A `source:` names no entry of game.yaml `sources` (and is neither `estimated` nor "
    "`unknown`). Add the source to game.yaml or fix the id.")
POLL_CARD = register(
    "ELE008", "Region without a polling card",
    "Every region needs exactly one Regional Poll card (7.4) naming it. Add or fix the card.")
DECK_SIZE = register(
    "ELE009", "More cards than the deck holds",
    "cards.yaml lists more cards than `deck_size`. Remove duplicates or correct the size.")
UNKNOWN_MODULE = register(
    "ELE010", "Unknown or misconfigured rule module",
    "game.yaml `rules` names a module the election engine does not know, or gives it a "
    "parameter it does not take or that names an unknown party or state. Fix the name or parameter.")
BAD_EXAMPLE = register(
    "ELE011", "Example does not match the election example schema",
    "A worked example's YAML does not fit schemas/election-example.schema.json. The message "
    "says which key is wrong; see the schema reference page.")
ILLEGAL_ACTION = register(
    "ELE012", "Example asks for something the rules forbid",
    "The example's action is not allowed in its position (for instance placing PCFs in a "
    "locked state, or a speech modifier the card does not print). The engine reports why; "
    "change the example's position or action.")
CARD_VALUE = register(
    "ELE014", "Card value outside the deck's range",
    "A card's PCF value, in cards.yaml or in a worked example, lies outside the range "
    "cards.yaml `card_values` gives (2 to 4 in Divided Republic, 4.1). Correct the value.")
TURN_ILLEGAL = register(
    "ELE015", "A turn the rules do not allow",
    "A whole-turn example breaks the order of play: an action out of turn, more actions "
    "than a turn allows, a card the party does not hold, a hand of the wrong size, or a "
    "second Personal Appearance. The message names the action; fix it or expect the refusal.")
UNKNOWN_VALUE = register(
    "ELE013", "Example relies on an unknown value",
    "The example needs a value the sources do not give (for instance a speech modifier for a "
    "region the card's data leaves unknown). Give the value in the example or use another card.")
