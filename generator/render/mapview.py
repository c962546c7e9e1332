"""What the map renderers need to know about a board, independent of how a family stores it.

A family builds the `MapView` of its board (the Diplomacy family: families/diplomacy/
board_view.py); the renderers read only the view.
"""
from __future__ import annotations

import hashlib
import math
import pickle
import re
import secrets
from dataclasses import dataclass, field
from typing import Callable

KINDS = ("land", "coast", "sea", "impassable", "lake")


@dataclass
class ProvinceView:
    id: str
    name: str
    abbr: str
    kind: str = "land"                  # land | coast | sea | impassable | lake
    supply_center: bool = False
    home: str | None = None             # power id
    label: tuple[float, float] = (0.0, 0.0)
    coasts: dict[str, tuple[float, float] | None] = field(default_factory=dict)
    pieces: list[list[float]] = field(default_factory=list)   # outline polygons, flat lists
    region: str = ""
    neutral_colour: str | None = None   # power whose colour a coloured neutral centre wears
    estimated: bool = False              # label or outline reconstructed, not sourced
    placed: bool = True                  # False when the data gives no label point
    reasoning: str = ""                  # why an estimated value was estimated

    @property
    def is_water(self) -> bool:
        return self.kind in ("sea", "lake")


@dataclass
class LinkView:
    a: str          # location ids, possibly with a coast: "spa/nc"
    b: str
    army: bool
    fleet: bool
    kind: str = ""  # "", river, bridge, strait, canal ... as the rules name it


@dataclass
class PowerView:
    id: str
    name: str
    color: str


@dataclass
class MapView:
    title: str
    width: float
    height: float
    provinces: dict[str, ProvinceView]
    links: list[LinkView]
    powers: dict[str, PowerView]
    has_outlines: bool = False
    start_units: dict[str, list[str]] = field(default_factory=dict)
    start_centers: dict[str, list[str]] = field(default_factory=dict)
    decor: list[tuple[str, list[list[float]]]] = field(default_factory=list)  # (colour, rings) drawn under provinces
    published_owners: dict[str, str] = field(default_factory=dict)  # province -> power, as the source map colours it
    cells: dict[str, list[float]] | None = field(default=None, repr=False)  # schematic cells, computed once
    contacts: set[tuple[str, str]] | None = None   # province pairs whose outlines touch (geometry), if known
    # The family's own reading of a location as players write it ("MSB n", "STP/NC") ->
    # location id ("MSB_N", "STP/NC"), or None when the text names no location.
    locate: Callable[[str], str | None] | None = field(default=None, repr=False)
    _lookup: dict[str, str] = field(default_factory=dict, repr=False)
    _resolved: dict[str, tuple[str, str | None] | None] = field(default_factory=dict, repr=False)
    bboxes: dict[str, tuple | None] = field(default_factory=dict, repr=False)   # province id -> bbox of its pieces
    _fingerprint: bytes | None = field(default=None, repr=False)

    def __post_init__(self):
        for pid, p in self.provinces.items():
            for key in (pid, p.abbr):
                if key:
                    self._lookup.setdefault(str(key).lower(), pid)
        for pid, p in self.provinces.items():
            self._lookup.setdefault(p.name.lower(), pid)

    def fingerprint(self) -> bytes:
        """A hash of everything a map's base layers read of this view (provinces, their
        outlines and points, links with the points their ends resolve to, contacts,
        decor, size) and nothing they do not (power names, title, start position): two
        views with the same fingerprint draw the same outlines, borders and labels.

        Computed on first use: a view is not changed once drawn (the thumbnail
        simplifies its own fresh view before drawing it)."""
        if self._fingerprint is None:
            self._fingerprint = view_fingerprint(self)
        return self._fingerprint

    # ---- locations
    def resolve(self, token: str) -> tuple[str, str | None] | None:
        """`"STP/NC"`, `"stp(nc)"`, `"Spain"`, `"MSB n"` -> (province id, coast or None).

        The whole text is read as a location first, the way the family's order parser
        reads it, so a sealane written `GME_E` or `MSB n` is that sealane and not a
        coast "e" of GME. Only text that names no province as a whole is split into a
        province and a coast suffix."""
        if not token:
            return None
        t = str(token).strip()
        if t in self._resolved:
            return self._resolved[t]
        hit = self._resolve(t)
        if len(self._resolved) < 20_000:
            self._resolved[t] = hit
        return hit

    def _resolve(self, t: str) -> tuple[str, str | None] | None:
        if self.locate is not None:
            loc = self.locate(t)
            if loc:
                pid, _, coast = str(loc).partition("/")
                if pid in self.provinces:
                    return pid, (coast.lower() or None)
        pid = self._lookup.get(t.lower())
        if pid is not None:
            return pid, None
        m = re.match(r"^(.*?)[/(_ ]([a-zA-Z]{1,3})\)?$", t)
        if m and m.group(1).lower() in self._lookup:
            return self._lookup[m.group(1).lower()], m.group(2).lower()
        return None

    def point(self, location: str) -> tuple[float, float] | None:
        """Where a unit at `location` is drawn: the coast's point, else the province label."""
        r = self.resolve(location)
        if r is None:
            return None
        pid, coast = r
        p = self.provinces[pid]
        if coast:
            for name, pt in p.coasts.items():
                if name.lower() == coast and pt:
                    return pt
            return coast_offset(p, coast)
        return p.label

    def power_colour(self, power: str | None, default: str = "#bbbbbb") -> str:
        if power is None:
            return default
        pw = self.powers.get(power) or self.powers.get(str(power).upper())
        if pw is None:
            for candidate in self.powers.values():
                if candidate.name.lower() == str(power).lower():
                    return candidate.color
            return default
        return pw.color

    def power_id(self, power) -> str | None:
        if power is None:
            return None
        if power in self.powers:
            return power
        for pw in self.powers.values():
            if str(power).lower() in (pw.id.lower(), pw.name.lower()):
                return pw.id
        return None

    def neighbours(self, pid: str, unit: str) -> list[str]:
        """Provinces (coast-qualified for fleets where needed) a unit type can move to from pid."""
        out = set()
        want_army = unit.lower().startswith("a")
        for link in self.links:
            ok = link.army if want_army else link.fleet
            if not ok:
                continue
            pa, pb = link.a.split("/")[0], link.b.split("/")[0]
            if pa == pid:
                out.add(link.b if not want_army else pb)
            elif pb == pid:
                out.add(link.a if not want_army else pa)
        return sorted(out)


def coast_offset(p: ProvinceView, coast: str) -> tuple[float, float]:
    """A guessed point for a coast with no label point: nudged from the label by compass."""
    dirs = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0)}
    dx = dy = 0.0
    for ch in coast.lower().replace("c", ""):
        if ch in dirs:
            dx += dirs[ch][0]
            dy += dirs[ch][1]
    norm = math.hypot(dx, dy) or 1
    return (p.label[0] + 18 * dx / norm, p.label[1] + 18 * dy / norm)


def view_fingerprint(view: MapView) -> bytes:
    """`MapView.fingerprint` computed now (not kept: for a view about to be changed)."""
    provinces = [(pid, p.name, p.abbr, p.kind, p.supply_center, p.home, p.label,
                  sorted(p.coasts.items()), p.pieces, p.neutral_colour)
                 for pid, p in sorted(view.provinces.items())]
    links = [(k.a, k.b, k.army, k.fleet, k.kind, view.point(k.a), view.point(k.b)) for k in view.links]
    # pickle: exact for these values (floats bit for bit) and fast on big outlines
    try:
        data = pickle.dumps((view.width, view.height, view.has_outlines, provinces, links,
                             sorted(view.contacts) if view.contacts is not None else None, view.decor),
                            protocol=5)
    except (TypeError, ValueError, AttributeError, pickle.PicklingError, RecursionError):
        return secrets.token_bytes(32)   # values it cannot hash: a view like no other, drawn afresh
    return hashlib.sha256(data).digest()
