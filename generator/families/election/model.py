"""The election family's typed model: regions, states, parties, cards and rule modules.

Values that can be estimated are kept as `Fact`s (value + provenance) so every page
that shows them can mark the estimated ones. Parties, regions and their asymmetries
(who is off the ballot where, who has which advantage) are all data: the model knows
no party or region by name.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..base import GameSource
from ...loader import Document
from ...provenance import Fact  # noqa: F401  (part of this model's public surface)

@dataclass(frozen=True)
class Region:
    id: str
    name: str
    colour: str
    poll_card: str
    pointer: str


@dataclass(frozen=True)
class State:
    id: str
    name: str
    abbr: str
    region: Fact
    electoral_votes: Fact
    pcr: Fact
    stronghold: Fact | None
    off_ballot: Fact            # party ids not on this state's ballot (2.4); value []: everyone is
    col: int
    row: int
    territory: bool
    admitted_by: str
    pointer: str

    @property
    def ev(self) -> int:
        return int(self.electoral_votes.value)

    @property
    def requirement(self) -> int:
        return int(self.pcr.value)

    @property
    def region_id(self) -> str:
        return str(self.region.value)

    @property
    def stronghold_of(self) -> str | None:
        return self.stronghold.value if self.stronghold else None

    @property
    def parties_off_ballot(self) -> tuple[str, ...]:
        value = self.off_ballot.value if self.off_ballot.known else []
        return tuple(value or ())


@dataclass(frozen=True)
class Party:
    id: str
    name: str
    colour_name: str
    colour: str
    president: str
    vice_president: str
    stronghold: str
    personal_appearances: int
    advantage: dict
    fixed: tuple[tuple[str, int], ...]
    free_pcfs: int
    free_regions: tuple[str, ...]
    pointer: str


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    kind: str
    pcf: Fact
    removed_after_event: Fact
    playable_by: Fact
    modifiers: dict[str, int]
    modifiers_source: str
    modifiers_note: str
    region: str
    admits: str
    summary: str
    pointer: str


@dataclass
class Game:
    source: GameSource
    regions: dict[str, Region]
    states: dict[str, State]
    parties: dict[str, Party]
    cards: dict[str, Card]
    deck_size: int
    rules: dict[str, dict] = field(default_factory=dict)
    card_values: Fact | None = None   # {min, max}: the PCF values a card may have (4.1)

    @property
    def title(self) -> str:
        return str(self.source.meta.get("title", self.source.game_id))

    def doc(self, name: str) -> Document | None:
        return self.source.docs.get(name)

    def states_in(self, region: str, admitted=()) -> list[State]:
        """States of a region in polling order; territories only once admitted."""
        return [s for s in self.states.values()
                if s.region_id == region and (not s.territory or s.id in admitted)]

    def party_ids(self) -> list[str]:
        return list(self.parties)

    @cached_property
    def usable_modules(self) -> list:
        """The well-formed rule modules game.yaml names (see modules.usable), computed once."""
        from .modules import usable
        return usable(self)

    def card_range(self) -> tuple[int, int] | None:
        if self.card_values is None or not self.card_values.known:
            return None
        value = self.card_values.value
        return int(value["min"]), int(value["max"])

    @property
    def base_states(self) -> list[State]:
        return [s for s in self.states.values() if not s.territory]


def _list(doc: Document | None, key: str) -> list:
    data = doc.data if doc and isinstance(doc.data, dict) else {}
    value = data.get(key)
    return value if isinstance(value, list) else []


def load(source: GameSource) -> Game:
    """Typed model from schema-valid documents (pure: no I/O)."""
    regions: dict[str, Region] = {}
    for i, r in enumerate(_list(source.docs.get("regions.yaml"), "regions")):
        regions.setdefault(r["id"], Region(r["id"], r["name"], r["colour"], r["poll_card"], f"/regions/{i}"))
    states: dict[str, State] = {}
    for i, s in enumerate(_list(source.docs.get("states.yaml"), "states")):
        tile = s.get("tile") or {}
        states.setdefault(s["id"], State(
            s["id"], s["name"], s["abbr"], Fact.read(s["region"]), Fact.read(s["electoral_votes"]),
            Fact.read(s["pcr"]), Fact.read(s["stronghold"]) if "stronghold" in s else None,
            Fact.read(s["off_ballot"]) if "off_ballot" in s else Fact([]), int(tile.get("col", 0)), int(tile.get("row", 0)),
            bool(s.get("territory", False)), str(s.get("admitted_by", "")), f"/states/{i}"))
    parties: dict[str, Party] = {}
    for i, p in enumerate(_list(source.docs.get("parties.yaml"), "parties")):
        setup = p.get("setup") or {}
        free = setup.get("free") or {}
        parties.setdefault(p["id"], Party(
            p["id"], p["name"], p["colour_name"], p["colour"], p["president"], p["vice_president"],
            p["stronghold"], int(p["personal_appearances"]), dict(p.get("advantage") or {}),
            tuple((f["state"], int(f["pcfs"])) for f in setup.get("fixed", [])),
            int(free.get("pcfs", 0)), tuple(free.get("regions", [])), f"/parties/{i}"))
    cards: dict[str, Card] = {}
    cards_doc = source.docs.get("cards.yaml")
    for i, c in enumerate(_list(cards_doc, "cards")):
        mods = c.get("modifiers") or {}
        cards.setdefault(c["id"], Card(
            c["id"], c["title"], c["kind"], Fact.read(c["pcf"]), Fact.read(c["removed_after_event"]),
            Fact.read(c["playable_by"]), dict(mods.get("values") or {}),
            f"{mods.get('source', '')} {mods.get('rule', '')}".strip(), str(mods.get("note", "")),
            str(c.get("region", "")), str(c.get("admits", "")), c["summary"], f"/cards/{i}"))
    data = cards_doc.data if cards_doc and isinstance(cards_doc.data, dict) else {}
    deck_size = int(data.get("deck_size", 0))
    values = Fact.read(data["card_values"]) if "card_values" in data else None
    return Game(source, regions, states, parties, cards, deck_size, dict(source.rules), values)
