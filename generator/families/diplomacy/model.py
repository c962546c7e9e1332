"""The Diplomacy family's game model: map, powers, starting position.

Public attributes (the render and importer helpers build on these):

`Game`
    game_id         folder name of the game ("classic")
    title           game.yaml title
    meta            game.yaml data (dict)
    rules           game.yaml `rules:` mapping {module name: params}
    modules         `RuleSet`: the enabled variant rule modules, parameters parsed
    map             `DiplomacyMap` (below)
    start           `StartPosition`: phase, units {power: ["F LON", ...]}, centers
    default_builds  {power: ["F LON", ...]} (custom_start), may be empty
    colored_neutral_centers  {power: [province id, ...]}, may be empty
    geometry        raw data of geometry.yaml, or None
    source          the `GameSource` it was loaded from (docs for diagnostics), or None
    overlay_problems (pointer, message) pairs from merging overlay.yaml, if any

`DiplomacyMap`
    provinces       {id: Province} in file order
    powers          {id: Power} in file order
    borders         [Border] as written in map.yaml plus derived ones (sealanes)
    sea_regions     {id: SeaRegion}
    victory_centers supply centres needed to win
    supply_centers  sorted tuple of supply-centre province ids
    army_adj        {province id: frozenset(province ids)}   (hot-path lookups)
    fleet_adj       {location: frozenset(locations)}         (locations: "LON", "STP/NC")
    fleet_reach     {location: frozenset(province ids)}      (for support checks)
    convoy_seas     frozenset of sea provinces whose fleets may convoy
    sea_adj         {sea province: frozenset(sea provinces)} (convoy routes)
    coastal         frozenset of coast provinces (convoy ends)
    neighbours(location, unit_type) -> sorted list of locations
    locations(unit_type)            -> sorted list of locations a unit can stand on
    graph(unit_type)                -> networkx.Graph (analysis, not hot loops)
    province_of(location)           -> province id ("STP/NC" -> "STP")
    lookup(name)                    -> province id from id, abbreviation, name or alias
    lookup_prefix(words)            -> province id whose name alone starts with these words
    nationalities                   power ids, names and adjectives (orders may name them), lower case,
                                    words joined by one space
                                       (None when unknown or ambiguous; see ambiguous_names)

`Province` fields: id, name, abbr, type (land|coast|sea|impassable|lake),
supply_center, home, coasts (tuple of coast codes), island, label ((x, y) or None),
region (sea region id or None), aliases, source.

Unit types are written "army"/"fleet" in data and "A"/"F" in orders; every
function here accepts either.
"""
from __future__ import annotations

from dataclasses import InitVar, dataclass, field
from typing import Any

PASSABLE = ("land", "coast", "sea")
UNIT_LETTER = {"army": "A", "fleet": "F", "A": "A", "F": "F", "a": "A", "f": "F"}
UNIT_WORD = {"A": "army", "F": "fleet"}


def unit_letter(unit_type: str) -> str:
    return UNIT_LETTER[unit_type]


def province_of(location: str) -> str:
    return location.split("/", 1)[0]


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    type: str
    abbr: str = ""
    supply_center: bool = False
    home: str | None = None
    coasts: tuple[str, ...] = ()
    island: bool = False
    label: tuple[float, float] | None = None
    region: str | None = None
    aliases: tuple[str, ...] = ()
    source: Any = None

    @property
    def display(self) -> str:
        return self.abbr or self.id

    def locations(self, unit: str) -> list[str]:
        """Where a unit of this type can stand in this province."""
        letter = unit_letter(unit)
        if self.type not in PASSABLE:
            return []
        if letter == "A":
            return [self.id] if self.type in ("land", "coast") else []
        if self.type == "land":
            return []
        if self.coasts:
            return [f"{self.id}/{c}" for c in self.coasts]
        return [self.id]


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    adjective: str = ""
    color: str = "#888888"


@dataclass(frozen=True)
class Border:
    a: str                     # location
    b: str                     # location
    units: frozenset[str]      # {"army", "fleet"}
    kind: str = ""             # corner | strait | bridge | river | canal | sealane | ""
    derived: bool = False      # added by a rule module (sealanes), not written in map.yaml


@dataclass(frozen=True)
class SeaRegion:
    id: str
    overseer: str
    sealanes: tuple[str, ...]


@dataclass
class DiplomacyMap:
    provinces: dict[str, Province]
    powers: dict[str, Power]
    borders: list[Border]
    sea_regions: dict[str, SeaRegion] = field(default_factory=dict)
    victory_centers: int = 0
    army_adj: dict[str, frozenset[str]] = field(default_factory=dict)
    fleet_adj: dict[str, frozenset[str]] = field(default_factory=dict)
    fleet_reach: dict[str, frozenset[str]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)   # lower-case name/alias -> id
    convoy_seas: frozenset = frozenset()                  # sea provinces whose fleets may convoy
    convoy_coasts: frozenset = frozenset()                # coastal provinces whose fleets may convoy
                                                           # too (the convoy_provinces hook)
    sea_adj: dict[str, frozenset[str]] = field(default_factory=dict)  # convoy_seas -> convoy_seas
    coastal: frozenset = frozenset()                       # provinces of type coast
    shore_seas: dict[str, frozenset[str]] = field(default_factory=dict)  # province -> convoy seas
                                                           # whose fleets reach it (route ends)
    max_name_words: int = 1                                # longest name, in words
    max_power_words: int = 1                               # longest nationality, in words
    ambiguous_names: dict = field(default_factory=dict)    # name -> ids that share it
    prefixes: dict = field(default_factory=dict)           # unique word prefix of a name -> id
    nationalities: frozenset = frozenset()                 # lower-case power ids, names, adjectives
    name_starts: frozenset = frozenset()                   # first words of multi-word names
    name_follows: dict = field(default_factory=dict)       # first word -> second words of the
                                                           # multi-word names and prefixes

    tables: InitVar[bool] = True   # False: the caller adds borders first, then calls rebuild()

    def __post_init__(self, tables: bool) -> None:
        if tables:
            self.rebuild()

    # -- construction -------------------------------------------------------
    def rebuild(self) -> None:
        """(Re)compute the lookup tables from provinces and borders."""
        army: dict[str, set[str]] = {}
        fleet: dict[str, set[str]] = {}
        for prov in self.provinces.values():
            for loc in prov.locations("A"):
                army.setdefault(loc, set())
            for loc in prov.locations("F"):
                fleet.setdefault(loc, set())
        prov_of = {loc: province_of(loc) for loc in fleet}     # fleet location -> province
        stands: dict[str, list[str]] = {}   # a border's end as written -> its fleet locations
        for border in self.borders:
            if "army" in border.units:
                a, b = province_of(border.a), province_of(border.b)
                if a in army and b in army and a != b:
                    army[a].add(b)
                    army[b].add(a)
            if "fleet" in border.units:
                ends = []
                for x in (border.a, border.b):
                    locs = stands.get(x)
                    if locs is None:
                        locs = stands[x] = [loc for loc in self._fleet_locations_for(x) if loc in fleet]
                    ends.append(locs)
                for lx in ends[0]:
                    for ly in ends[1]:
                        if prov_of[lx] != prov_of[ly]:
                            fleet[lx].add(ly)
                            fleet[ly].add(lx)
        self.army_adj = {k: frozenset(v) for k, v in army.items()}
        self.fleet_adj = {k: frozenset(v) for k, v in fleet.items()}
        self.fleet_reach = {k: frozenset(map(prov_of.__getitem__, v)) for k, v in self.fleet_adj.items()}
        # Convoys run through fleets in open sea (islands and coasts do not convoy, unless
        # a rule module lets a coast convoy).
        seas = {p.id for p in self.provinces.values() if p.type == "sea" and not p.island}
        seas |= {p for p in self.convoy_coasts if p in self.provinces and self.provinces[p].type == "coast"}
        self.convoy_seas = frozenset(seas)
        self.sea_adj = {s: self.fleet_reach.get(s, frozenset()) & seas for s in seas}
        self.coastal = frozenset(p.id for p in self.provinces.values() if p.type == "coast")
        shore: dict[str, set[str]] = {}
        for s in seas:
            for q in self.fleet_reach.get(s, ()):
                shore.setdefault(q, set()).add(s)
        self.shore_seas = {q: frozenset(v) for q, v in shore.items()}
        # Ids win over abbreviations, which win over names and aliases; a key two
        # provinces claim at the same level is ambiguous and resolves to nothing.
        names: dict[str, str] = {}
        ambiguous: dict[str, set[str]] = {}
        for level in (lambda p: [p.id], lambda p: [p.abbr], lambda p: [p.name, *p.aliases]):
            claimed: dict[str, set[str]] = {}
            for prov in self.provinces.values():
                for text in level(prov):
                    if text:
                        claimed.setdefault(_norm(text), set()).add(prov.id)
            for key, ids in claimed.items():
                if key in names or key in ambiguous:
                    continue
                if len(ids) == 1:
                    names[key] = next(iter(ids))
                else:
                    ambiguous[key] = ids
        self.names = names
        self.ambiguous_names = ambiguous
        # Word prefixes of multi-word names ("mid atlantic" for "Mid-Atlantic Ocean"): the
        # order reader's last resort, used only when a prefix names one province alone.
        prefixes: dict[str, set[str]] = {}
        for prov in self.provinces.values():
            for text in (prov.name, *prov.aliases):
                words = _norm(text).split() if text else []
                for k in range(1, len(words)):
                    prefixes.setdefault(" ".join(words[:k]), set()).add(prov.id)
        self.prefixes = {k: next(iter(v)) for k, v in prefixes.items() if len(v) == 1 and k not in names}
        # as the order reader joins a name's words: lower case, hyphens as spaces
        self.nationalities = frozenset(" ".join(x.lower().replace("-", " ").replace("_", " ").split())
                                       for pw in self.powers.values() for x in (pw.id, pw.name, pw.adjective) if x)
        self.max_power_words = max([len(n.split()) for n in self.nationalities] + [1])
        # first words of multi-word names, as normalised and as written ("st. petersburg"
        # normalises to one word but is typed as two): a token outside this set is a whole
        # name or none
        written = [str(t).lower().split() for p in self.provinces.values()
                   for t in (p.name, p.abbr, *p.aliases) if t]
        self.max_name_words = max([len(k.split()) for k in names] + [len(w) for w in written] + [1])
        self.name_starts = frozenset([k.split()[0] for k in names if " " in k]
                                     + [w[0] for w in written if len(w) > 1])
        # every run of words a lookup can match is a key of `names` or `prefixes`: a word
        # followed by none of its second words names a province alone (orders' fast path)
        follows: dict[str, set[str]] = {}
        for key in [*names, *self.prefixes]:
            words = key.split()
            if len(words) > 1:
                follows.setdefault(words[0], set()).add(words[1])
        self.name_follows = {k: frozenset(v) for k, v in follows.items()}
        self._lookup_cache: dict[str, str | None] = {}
        self._display: dict[str, str] = {}

    def _fleet_locations_for(self, location: str) -> list[str]:
        """A border written to a plain province reaches every fleet location there
        only when the province has no split coasts (checks report the other case)."""
        prov = self.provinces.get(province_of(location))
        if prov is None:
            return []
        if "/" in location:
            return [location]
        return prov.locations("F") if not prov.coasts else []

    # -- queries ------------------------------------------------------------
    @property
    def supply_centers(self) -> tuple[str, ...]:
        return tuple(sorted(p.id for p in self.provinces.values() if p.supply_center))

    def home_centers(self, power: str) -> list[str]:
        return sorted(p.id for p in self.provinces.values() if p.supply_center and p.home == power)

    @staticmethod
    def province_of(location: str) -> str:
        return province_of(location)

    def neighbours(self, location: str, unit_type: str) -> list[str]:
        if unit_letter(unit_type) == "A":
            return sorted(self.army_adj.get(province_of(location), ()))
        return sorted(self.fleet_adj.get(location, ()))

    def locations(self, unit_type: str) -> list[str]:
        table = self.army_adj if unit_letter(unit_type) == "A" else self.fleet_adj
        return sorted(table)

    def lookup(self, name: str) -> str | None:
        cache = self._lookup_cache
        if name in cache:
            return cache[name]
        hit = self.names.get(_norm(name))
        if len(cache) < 100_000 and len(name) <= 240:   # (no name is longer: junk is not kept)
            cache[name] = hit
        return hit

    def lookup_prefix(self, name: str) -> str | None:
        """The one province whose name starts with these words, if only one does."""
        return self.prefixes.get(_norm(name))

    def graph(self, unit_type: str):
        import networkx as nx
        g = nx.Graph()
        table = self.army_adj if unit_letter(unit_type) == "A" else self.fleet_adj
        g.add_nodes_from(sorted(table))
        for a in sorted(table):
            for b in sorted(table[a]):
                g.add_edge(a, b)
        return g

    def display(self, location: str) -> str:
        """Location as players write it: abbreviation plus coast (e.g. "MSB n", "STP/NC")."""
        shown = self._display.get(location)
        if shown is None:
            shown = self._display_uncached(location)
            if len(self._display) < 100_000:
                self._display[location] = shown
        return shown

    def _display_uncached(self, location: str) -> str:
        prov = self.provinces.get(province_of(location))
        base = prov.display if prov else province_of(location)
        return base + (location[len(province_of(location)):] if "/" in location else "")


@dataclass
class StartPosition:
    phase: str
    units: dict[str, list[str]]
    centers: dict[str, list[str]]


@dataclass
class Game:
    game_id: str
    title: str
    meta: dict
    rules: dict
    map: DiplomacyMap
    start: StartPosition
    modules: Any = None
    default_builds: dict[str, list[str]] = field(default_factory=dict)
    colored_neutral_centers: dict[str, list[str]] = field(default_factory=dict)
    geometry: dict | None = None
    source: Any = None
    overlay_problems: list = field(default_factory=list)   # (pointer, message) from overlay.yaml
    view: Any = None       # the render view of this board, made once (pages_render.board_view)

    @property
    def powers(self) -> dict[str, Power]:
        return self.map.powers


def _norm(text: str) -> str:
    return " ".join(str(text).lower().replace("_", " ").replace("-", " ").replace(".", ". ").split()).replace(". ", ".")


# -- building from map.yaml data ---------------------------------------------

def build_map(data: dict, tables: bool = True) -> DiplomacyMap:
    """Turn schema-valid map.yaml data into a DiplomacyMap (no derived borders yet;
    `tables=False`: no lookup tables either, for a caller that adds borders first)."""
    provinces: dict[str, Province] = {}
    for item in data.get("provinces") or []:
        label = item.get("label")
        provinces[item["id"]] = Province(
            id=item["id"], name=item.get("name", item["id"]), type=item.get("type", "land"),
            abbr=item.get("abbr", "") or "", supply_center=bool(item.get("supply_center", False)),
            home=item.get("home"), coasts=tuple(item.get("coasts") or ()),
            island=bool(item.get("island", False)),
            label=(float(label[0]), float(label[1])) if label else None,
            region=item.get("region"), aliases=tuple(item.get("aliases") or ()),
            source=item.get("source"))
    powers = {p["id"]: Power(p["id"], p.get("name", p["id"]), p.get("adjective", ""),
                             p.get("color", "#888888"))
              for p in data.get("powers") or []}
    borders = [Border(b["between"][0], b["between"][1], frozenset(b.get("units") or ("army", "fleet")),
                      b.get("kind", "") or "")
               for b in data.get("borders") or []]
    regions = {r["id"]: SeaRegion(r["id"], r["overseer"], tuple(r.get("sealanes") or ()))
               for r in data.get("sea_regions") or []}
    victory = (data.get("victory") or {}).get("centers") or (len([p for p in provinces.values()
                                                                  if p.supply_center]) // 2 + 1)
    return DiplomacyMap(provinces, powers, borders, regions, int(victory), tables=tables)


def build_start(data: dict) -> StartPosition:
    start = data.get("start") or {}
    return StartPosition(phase=start.get("phase", "S1901M"),
                         units={k: list(v) for k, v in (start.get("units") or {}).items()},
                         centers={k: list(v) for k, v in (start.get("centers") or {}).items()})
