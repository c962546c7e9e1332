"""Structural checks of a Diplomacy map (the family's `check`).

These are the engine's own consistency checks: names, borders, start position,
rule-module parameters and each enabled module's own `checks` hook; `checks.check_map`
(what needs the merged game: reachability, pages, geometry, overlay, claims) runs too.
"""
from __future__ import annotations

from ...diagnostics import CODES, Diagnostic, register
from . import checks as merged_checks
from .api import AdjudicationError, parse_unit
from .model import Game, _norm, province_of
from .rules import enabled
from .rules._engine import opening_sites
from .rules._engine import problems as module_problems

DUP_ID = register("DIP001", "Duplicate province id",
                  "Two provinces share an id. Ids must be unique: rename one.")
AMBIGUOUS_NAME = register("DIP002", "Ambiguous province name",
                          "Two provinces share a name, abbreviation or alias, so an order using it is "
                          "refused as ambiguous (ids always work). Give one of them another "
                          "abbreviation or drop the alias.", "warning")
BAD_BORDER = register("DIP003", "Border names an unknown location",
                      "A border refers to a province or coast that map.yaml does not define. Fix the "
                      "id, or add the coast to the province's `coasts`.")
BAD_BORDER_UNITS = register("DIP004", "Border unusable by its unit type",
                            "A border lets a unit type cross where that type cannot stand (an army into "
                            "the sea, a fleet inland, or a fleet to a split-coast province without "
                            "naming the coast). Fix `units`, the province types, or name the coast.")
BAD_HOME = register("DIP005", "Bad home centre",
                    "A province's `home` names an unknown power, or a home province is not a supply "
                    "centre. Fix the power id or set `supply_center: true`.")
BAD_START_UNIT = register("DIP006", "Bad starting unit",
                          "A starting unit is unreadable, stands where its type cannot, shares a "
                          "province, or belongs to an unknown power. Fix `start.units`.")
BAD_START_CENTER = register("DIP007", "Bad starting centre",
                            "A starting centre is not a supply centre, is owned twice, or belongs to an "
                            "unknown power. Fix `start.centers`.")
BAD_REGION = register("DIP008", "Bad sea region",
                      "A sea region names an unknown province, a province that is not a sea, or a "
                      "province already in another region. Fix `sea_regions`.")
BAD_RULES = register("DIP009", "Unknown rule module or parameter",
                     "game.yaml `rules:` names a Diplomacy rule module or parameter that does not "
                     "exist, or a value outside the allowed ones. See the rule modules page.")
BAD_DEFAULT_BUILD = register("DIP010", "Bad default build",
                             "A default build (custom_start) is unreadable, not in a home centre of its "
                             "power, or duplicated. Fix `default_builds`.")
BAD_VICTORY = register("DIP012", "Victory out of reach",
                       "`victory.centers` is larger than the number of supply centres on the map. "
                       "Lower it or add centres.")
DUP_BORDER = register("DIP013", "Border listed twice",
                      "The same pair of locations has two border entries; merge them into one entry "
                      "with both unit types.", "warning")
ISOLATED = register("DIP014", "Province without neighbours",
                    "A passable province has no border any unit can cross, so no unit can ever enter "
                    "or leave it. Add its borders or mark it impassable.", "warning")
DUP_POWER = register("DIP016", "Duplicate power id",
                     "Two powers share an id, so units, centres and orders cannot say which is meant. "
                     "Rename one.")
MODULE_DATA = register("DIP015", "Rule module data missing",
                       "A rule module that needs map data is enabled but the data is absent "
                       "(e.g. custom_start without `default_builds`, sealanes without `sea_regions`). "
                       "Add the data or disable the module.", "warning")


class _Where:
    """Makes diagnostics for map.yaml (or game.yaml) with positions when available."""

    def __init__(self, game: Game):
        self.source = game.source
        self.map_doc = game.source.docs.get("map.yaml") if game.source else None
        self.merged = getattr(game, "merged", None)    # overlay.yaml merged in (overlay.py)
        self.root = game.source.root if game.source else game.game_id

    def map(self, pointer: str, code: str, message: str, hint: str = "") -> Diagnostic:
        """A diagnostic at a pointer into the merged map data, placed in the file the
        value came from (map.yaml, or overlay.yaml for what the overlay added or patched)."""
        if self.merged is not None and self.source is not None:
            name, where = self.merged.locate(pointer)
            doc = self.source.docs.get(name)
            if doc is not None:
                return doc.diagnostic(where, code, message, hint=hint)
        if self.map_doc is not None:
            return self.map_doc.diagnostic(pointer, code, message, hint=hint)
        return Diagnostic(f"{self.root}/map.yaml", 1, 1, code, message, pointer=pointer, hint=hint)

    def game(self, pointer: str, code: str, message: str, hint: str = "") -> Diagnostic:
        doc = self.source.docs.get("game.yaml") if self.source else None
        if doc is not None:
            return doc.diagnostic(pointer, code, message, hint=hint)
        return Diagnostic(f"{self.root}/game.yaml", 1, 1, code, message, CODES[code].severity,
                          pointer, hint)


def check(game: Game) -> list[Diagnostic]:
    return structural_checks(game) + merged_checks.check_map(game)


def structural_checks(game: Game) -> list[Diagnostic]:
    w = _Where(game)
    m = game.map
    data = w.merged.data if w.merged is not None else (w.map_doc.data if w.map_doc is not None else {})
    out: list[Diagnostic] = []
    powers_seen: set[str] = set()
    for i, power in enumerate(data.get("powers") or []):
        if power.get("id") in powers_seen:
            out.append(w.map(f"/powers/{i}/id", DUP_POWER, f"power id '{power.get('id')}' is used twice"))
        powers_seen.add(power.get("id"))
    raw_provs = data.get("provinces") or []
    seen: dict[str, int] = {}
    names: dict[str, str] = {}
    for i, p in enumerate(raw_provs):
        pid = p.get("id")
        if pid in seen:
            out.append(w.map(f"/provinces/{i}/id", DUP_ID, f"province id '{pid}' is used twice"))
        seen[pid] = i
        # names as orders will read them: after overlay.yaml has been merged
        merged = m.provinces.get(pid)
        values = {"id": pid, "abbr": merged.abbr, "name": merged.name} if merged else p
        for key in ("id", "abbr", "name"):
            val = values.get(key)
            if val:
                _name(out, w, names, str(val), pid, f"/provinces/{i}/{key}")
        for j, alias in enumerate((merged.aliases if merged else p.get("aliases")) or []):
            _name(out, w, names, str(alias), pid, f"/provinces/{i}/aliases/{j}")
        home = p.get("home")
        if home and home not in m.powers:
            out.append(w.map(f"/provinces/{i}/home", BAD_HOME, f"unknown power '{home}'"))
        elif home and not p.get("supply_center"):
            out.append(w.map(f"/provinces/{i}/home", BAD_HOME, f"home province '{pid}' is not a supply centre",
                             hint="add supply_center: true"))
    pairs: set[frozenset] = set()
    stands: dict[tuple[str, str], bool] = {}      # (province, unit) -> can the unit stand there
    for i, b in enumerate(data.get("borders") or []):
        a, c = b["between"]
        for loc in (a, c):
            prov = m.provinces.get(province_of(loc))
            if prov is None or ("/" in loc and loc.split("/", 1)[1] not in prov.coasts):
                out.append(w.map(f"/borders/{i}/between", BAD_BORDER, f"unknown location '{loc}'"))
                break
        else:
            units = b.get("units") or ["army", "fleet"]
            for unit in units:
                for loc in (a, c):
                    prov = m.provinces[province_of(loc)]
                    can = stands.get((prov.id, unit))
                    if can is None:
                        can = stands[prov.id, unit] = bool(prov.locations(unit))
                    if not can:
                        out.append(w.map(f"/borders/{i}/units", BAD_BORDER_UNITS,
                                         f"{unit} border {a}-{c}: a {unit} cannot stand in {prov.id} ({prov.type})"))
                    elif unit == "fleet" and prov.coasts and "/" not in loc:
                        out.append(w.map(f"/borders/{i}/between", BAD_BORDER_UNITS,
                                         f"fleet border {a}-{c}: {prov.id} has split coasts; name one",
                                         hint=f"write {prov.id}/{prov.coasts[0]} (or another coast)"))
            key = frozenset((a, c))
            if key in pairs:
                out.append(w.map(f"/borders/{i}", DUP_BORDER, f"border {a}-{c} is listed twice"))
            pairs.add(key)
    for p in m.provinces.values():
        if p.type in ("land", "coast", "sea") and not m.army_adj.get(p.id) and not any(
                m.fleet_adj.get(loc) for loc in p.locations("F")):
            out.append(w.map(f"/provinces/{seen.get(p.id, 0)}", ISOLATED, f"'{p.id}' has no neighbours"))
    out += _start_checks(game, w, data)
    # sea regions
    in_region: dict[str, str] = {}
    for i, r in enumerate(data.get("sea_regions") or []):
        for j, pid in enumerate([r["overseer"]] + list(r.get("sealanes") or [])):
            ptr = f"/sea_regions/{i}/overseer" if j == 0 else f"/sea_regions/{i}/sealanes/{j - 1}"
            prov = m.provinces.get(pid)
            if prov is None or prov.type != "sea":
                out.append(w.map(ptr, BAD_REGION, f"'{pid}' is not a sea province"))
            elif pid in in_region:
                out.append(w.map(ptr, BAD_REGION, f"'{pid}' is already in sea region {in_region[pid]}"))
            else:
                in_region[pid] = r["id"]
    # victory
    if m.victory_centers > len(m.supply_centers):
        out.append(w.map("/victory/centers", BAD_VICTORY,
                         f"victory needs {m.victory_centers} centres but the map has {len(m.supply_centers)}"))
    # rule modules
    if game.modules is not None:
        for name, key, msg in game.modules.problems:
            out.append(w.game(f"/rules/{name}" + (f"/{key}" if key else ""), BAD_RULES, msg))
        for problem in module_problems(game):
            where = w.game if problem.file == "game.yaml" else w.map
            out.append(where(problem.pointer, problem.code or MODULE_DATA, problem.message, problem.hint))
    return out


def _name(out, w, names, text, pid, ptr):
    key = _norm(text)
    other = names.get(key)
    if other is not None and other != pid:
        out.append(w.map(ptr, AMBIGUOUS_NAME, f"'{text}' names both {other} and {pid}",
                         hint="orders must use the ids here; set a distinct `abbr`"))
    names.setdefault(key, pid)


def _start_checks(game: Game, w: _Where, data: dict) -> list[Diagnostic]:
    out = []
    m = game.map
    neutrals = enabled(game).neutrals
    taken: dict[str, str] = {}
    for power, units in sorted(((data.get("start") or {}).get("units") or {}).items()):
        if power not in m.powers and power not in neutrals:
            out.append(w.map(f"/start/units/{power}", BAD_START_UNIT, f"unknown power '{power}'"))
            continue
        for i, text in enumerate(units):
            try:
                u = parse_unit(game, text, power, "start")
            except AdjudicationError as exc:
                out.append(w.map(f"/start/units/{power}/{i}", BAD_START_UNIT, str(exc).replace("start: ", "")))
                continue
            p = province_of(u.location)
            if p in taken:
                out.append(w.map(f"/start/units/{power}/{i}", BAD_START_UNIT, f"{p} already holds a unit of {taken[p]}"))
            taken[p] = power
    owned: dict[str, str] = {}
    for power, centres in sorted(((data.get("start") or {}).get("centers") or {}).items()):
        if power not in m.powers:
            out.append(w.map(f"/start/centers/{power}", BAD_START_CENTER, f"unknown power '{power}'"))
            continue
        for i, c in enumerate(centres):
            prov = m.provinces.get(c)
            if prov is None or not prov.supply_center:
                out.append(w.map(f"/start/centers/{power}/{i}", BAD_START_CENTER, f"'{c}' is not a supply centre"))
            elif c in owned:
                out.append(w.map(f"/start/centers/{power}/{i}", BAD_START_CENTER, f"'{c}' is also owned by {owned[c]}"))
            owned[c] = power
    for power, builds in sorted((data.get("default_builds") or {}).items()):
        used = set()
        sites = opening_sites(game, game.start.phase, power) if power in m.powers else None
        for i, text in enumerate(builds):
            ptr = f"/default_builds/{power}/{i}"
            if power not in m.powers:
                out.append(w.map(ptr, BAD_DEFAULT_BUILD, f"unknown power '{power}'"))
                break
            try:
                u = parse_unit(game, text, power, "default build")
            except AdjudicationError as exc:
                out.append(w.map(ptr, BAD_DEFAULT_BUILD, str(exc)))
                continue
            p = province_of(u.location)
            prov = m.provinces[p]
            if p in used:
                out.append(w.map(ptr, BAD_DEFAULT_BUILD, f"two default builds in {p}"))
            elif sites is not None:     # a module's places for the opening, in place of the centres
                if p not in sites:
                    out.append(w.map(ptr, BAD_DEFAULT_BUILD, f"{p} is not one of {power}'s opening sites"))
            elif not prov.supply_center or (prov.home != power and owned.get(p) != power):
                out.append(w.map(ptr, BAD_DEFAULT_BUILD, f"{p} is not a centre of {power}"))
            used.add(p)
    return out
