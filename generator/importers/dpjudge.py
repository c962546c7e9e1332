"""Import a DPjudge / MILA `.map` file as a complete Mapwright game.

    mapwright import dpjudge maps/standard.map -o content/<game> [--svg FILE]

Writes game.yaml, map.yaml, rules/01-map.md and, where a jDip-style SVG map of the
same (root) map is found, geometry.yaml with the province outlines and unit
anchors. The reading of the file is dpjudge_map.py; this module turns it into
the Diplomacy family's data: provinces from the location lines (a split coast
`BUL/EC` becomes coast EC of BUL), borders from the ABUTS lists as units may
cross them, powers, home and unowned centres, starting units and the first phase.
The rule modules come from the RULE keywords and the location types they declare
(a PORT location is a coast whose fleet may convoy). Every problem is a located diagnostic; nothing here raises on bad input.
"""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import CODES, Diagnostic, INFO, WARNING, register
from ..families.diplomacy.rules import DPJUDGE_TYPES, dpjudge_location_modules, dpjudge_module, modules
from ..writing import folder_in_the_way, write_files as write_safely
from .dpjudge_map import MapData, read_map
from .page_fit import fit_page
from .yaml_writer import document, map_text

BAD_MAP = register("DPJ001", "The .map file cannot be read",
                   "A line of the DPjudge .map file is not one of the directives the importer knows, "
                   "or a MAP/USE line names a file that is not beside it. The message names the line "
                   "and what to write instead.")
UNKNOWN_PLACE = register("DPJ002", "The .map file names an unknown location",
                         "An ABUTS list, a power's home centres or a starting unit names a location that no "
                         "WATER/COAST/LAND/PORT/SHUT line defines. Add the location's line or correct the name.")
ONE_WAY = register("DPJ003", "Adjacency given in one direction only",
                   "A location abuts another that does not abut it back for the same kind of unit. "
                   "Mapwright's borders go both ways, so the importer keeps the border; add the missing "
                   "entry to the other location's ABUTS list (or remove this one).", WARNING)
NOT_MODELLED = register("DPJ004", "Part of the .map file is not modelled",
                        "The .map file uses a rule keyword or feature that Mapwright's Diplomacy rule modules "
                        "do not reproduce, so the imported game plays without it. The message names it.",
                        WARNING)
NO_NAME = register("DPJ005", "Location without a full name",
                   "A location has an ABUTS line but no `Full Name = abbr` line, so its id is shown as its "
                   "name. Add a name line.", WARNING)
BAD_SVG = register("DPJ006", "The SVG map cannot be used",
                   "The jDip-style SVG map given (or found beside the .map file) cannot be read, or "
                   "outlines a province the map does not have, or misses one. The message says which.",
                   WARNING)
PAGE_FITTED = register("DPJ007", "Rules page shortened",
                       "The rules page written from the .map file would break the site's limits for a page "
                       "(a line, a heading, the page's size): long lists are shortened and the page ends "
                       "where it must. The message says what was changed; the map data is complete.", INFO)
# the longest names map.yaml may hold (its schema): an id, a province's abbreviation, a name
MAX_ID, MAX_ABBR, MAX_NAME = 40, 20, 100
LISTED = 200                # home centres or units a power's row of the rules page lists (a line < 4,000)

TYPE = {"WATER": "sea", "COAST": "coast", "PORT": "coast", "LAND": "land", "SHUT": "impassable"}
ARMY_STANDS = ("LAND", "COAST", "PORT")
FLEET_STANDS = ("WATER", "COAST", "PORT")
SEASONS = {"SPRING": "S", "FALL": "F", "AUTUMN": "F", "WINTER": "W", "SUMMER": "S"}
PHASES = {"MOVEMENT": "M", "RETREATS": "R", "ADJUSTMENTS": "A"}
# used when the SVG gives a power no colour (DPjudge files carry none)
PALETTE = ("#c0392b", "#1f3a93", "#3498db", "#555555", "#27ae60", "#8e44ad", "#d4ac0d", "#e67e22",
           "#16a085", "#7f8c8d", "#2c3e50", "#d35400", "#c2185b", "#6d4c41", "#00838f", "#9e9d24",
           "#5e35b1", "#ad1457", "#2e7d32", "#4527a0")


@dataclass
class Imported:
    files: dict[str, str] = field(default_factory=dict)       # relative path -> text
    diagnostics: list[Diagnostic] = field(default_factory=list)
    data: dict = field(default_factory=dict)                  # map.yaml data (for tests)
    geometry: dict = field(default_factory=dict)


def _diag(file: str, line: int, column: int, code: str, message: str, hint: str = "",
          severity: str | None = None) -> Diagnostic:
    return Diagnostic(file, line or 1, column or 1, code, message, severity or CODES[code].severity, "", hint)


def ascii_id(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Z0-9]+", "_", folded.upper()).strip("_") or "X"


def base_of(location: str) -> str:
    return location.split("/", 1)[0]


def _title(word: str) -> str:
    """`GREAT-BRITAIN` -> 'Great Britain'; a word of dashes alone stays itself (a name
    is never empty)."""
    return " ".join(part.capitalize() for part in word.replace("-", " ").replace("+", " ").split()) or word


def import_map(path: Path, svg: Path | None = None, game_id: str | None = None) -> Imported:
    """Import one .map file (and the maps it builds on) into a game's files."""
    path = Path(path)
    result = Imported()
    shown = path.name
    parsed = read_map(path, shown)
    diags = result.diagnostics
    for p in parsed.problems:
        diags.append(_diag(p.file, p.line, p.column, BAD_MAP, p.message, p.hint,
                           severity=WARNING if p.kind == "warning" else None))
    if not parsed.files:
        return result
    data, ids = _map_data(parsed, shown, diags)
    if data is None:
        return result
    result.data = data
    root = Path(parsed.files[-1] if len(parsed.files) == 1 else _root_file(parsed)).stem
    svg_path = svg if svg is not None else _find_svg(path, root)
    if svg_path is not None:
        from .jdip_svg import read_geometry
        names = {short.lower(): pid for short, pid in ids.items()}
        for short, (full, aliases, _) in parsed.names.items():   # jDip ids may be aliases
            pid = ids.get(base_of(short))
            if pid and "/" not in short:
                for alias in aliases:
                    names.setdefault(alias.lower().replace(" ", ""), pid)
        geometry, problems = read_geometry(svg_path, set(ids.values()),
                                           {p["id"]: p.get("coasts", []) for p in data["provinces"]}, names)
        for message in problems:
            diags.append(_diag(svg_path.name, 1, 1, BAD_SVG, message))
        if geometry:
            geometry["image"]["source"] = svg_path.name
            result.geometry = geometry
            _colours_from_svg(svg_path, data)
            labels = geometry.pop("labels", {})
            for prov in data["provinces"]:
                if prov["id"] in labels:
                    prov["label"] = labels[prov["id"]]
    for index, power in enumerate(data["powers"]):
        power.setdefault("color", PALETTE[index % len(PALETTE)])
    name = game_id or ascii_id(path.stem).lower().replace("_", "-")
    command = f"mapwright import dpjudge {path.name}" + (f" --svg {svg_path.name}" if svg_path else "")
    result.files["map.yaml"] = map_text(data, command)
    if result.geometry:
        result.files["geometry.yaml"] = _geometry_text(result.geometry, command)
    located = dpjudge_location_modules(_located(parsed, ids))
    result.files["game.yaml"] = _game_text(parsed, data, path, name, svg_path, command, located)
    result.files["rules/01-map.md"] = _rules_page(parsed, data, path, diags, located)
    return result


def _located(parsed: MapData, ids: dict[str, str]) -> dict[str, list[str]]:
    """{location type: [province ids]} of the types that carry a rule module (PORT)."""
    out: dict[str, set[str]] = {}
    for key, loc in parsed.locations.items():
        if loc.type in DPJUDGE_TYPES and base_of(key) in ids:
            out.setdefault(loc.type, set()).add(ids[base_of(key)])
    return {kind: sorted(pids) for kind, pids in out.items()}


def _root_file(parsed: MapData) -> str:
    """The map file every other builds on: the last one read that reads no other."""
    return parsed.files[1] if len(parsed.files) > 1 else parsed.files[0]


def _find_svg(path: Path, root: str) -> Path | None:
    for candidate in (path.parent / f"{root}.svg", path.parent / "svg" / f"{root}.svg",
                      path.parent.parent / "svg" / f"{root}.svg"):
        if candidate.is_file():
            return candidate
    return None


# -- map data ---------------------------------------------------------------------

def _map_data(parsed: MapData, shown: str, diags: list[Diagnostic]):
    locs = parsed.locations
    if not locs:
        diags.append(_diag(shown, 1, 1, BAD_MAP, "the file defines no location",
                           "a map needs WATER/COAST/LAND lines, or MAP file.map to build on another map"))
        return None, {}
    provinces_of: dict[str, list[str]] = {}
    for key in locs:
        provinces_of.setdefault(base_of(key), []).append(key)
    ids: dict[str, str] = {}
    taken: set[str] = set()
    for base in provinces_of:
        pid = ascii_id(base)
        while pid in taken:     # two short names that fold to one id (A-B and A_B)
            pid = f"{pid}_{len(ids)}"
        taken.add(pid)
        ids[base] = pid

    def ptype(base: str) -> str:
        plain = locs.get(base)
        if plain is not None:
            return plain.type
        return locs[provinces_of[base][0]].type

    def coasts_of(base: str) -> list[str]:
        return [key.split("/", 1)[1] for key in provinces_of[base] if "/" in key]

    bad = _too_long(parsed, provinces_of, ids, diags)
    for base, keys in provinces_of.items():
        for key in keys:
            if "/" in key and not re.fullmatch(r"[A-Z]{1,3}", key.split("/", 1)[1]):
                loc = locs[key]
                diags.append(_diag(loc.where.file, loc.where.line, loc.where.column, BAD_MAP,
                                   f"coast '{loc.name}' is not PROVINCE/CODE with a code of 1-3 letters",
                                   "write coasts as e.g. BUL/EC or SPA/NC"))
                bad = True
    if bad:
        return None, ids

    def fleet_can_stand(key: str) -> bool:
        loc = locs[key]
        if loc.type not in FLEET_STANDS:
            return False
        return "/" in key or len(coasts_of(base_of(key))) < 2

    def location_id(key: str) -> str:
        """A single coast counts as its province (Mapwright splits only two or more)."""
        base = base_of(key)
        if "/" in key and len(coasts_of(base)) >= 2:
            return f"{ids[base]}/{key.split('/', 1)[1]}"
        return ids[base]

    army: dict[frozenset, tuple] = {}       # {P, Q} -> where first seen
    army_dir: set[tuple[str, str]] = set()
    fleet: dict[frozenset, tuple] = {}
    fleet_dir: set[tuple[str, str]] = set()
    for key, loc in locs.items():
        base = base_of(key)
        if loc.type == "SHUT":
            continue
        army_here = "/" not in key and loc.type in ARMY_STANDS
        fleet_here = fleet_can_stand(key)
        if loc.type in FLEET_STANDS and "/" not in key and not fleet_here and loc.name.isupper():
            diags.append(_diag(loc.where.file, loc.where.line, loc.where.column, NOT_MODELLED,
                               f"{loc.name} has split coasts but is written in upper case, so DPjudge lets "
                               f"fleets stand on the province itself; Mapwright puts fleets on a coast only",
                               f"write the province's own line in lower case: {loc.type} {loc.name.lower()} ABUTS ..."))
        for token, where in loc.abuts:
            target = token.upper()
            tbase = base_of(target)
            if tbase not in provinces_of:
                diags.append(_diag(where.file, where.line, where.column, UNKNOWN_PLACE,
                                   f"{loc.name} abuts unknown location '{token}'",
                                   "define it with a WATER/COAST/LAND line, or correct the name"))
                continue
            if tbase == base:
                continue
            # case of the neighbour: UPPER both, lower armies only, Title fleets only
            fleet_only = token[0].isupper() and token[1:] != token[1:].upper()
            if army_here and not fleet_only and ptype(tbase) not in ("WATER", "SHUT"):
                pair = (ids[base], ids[tbase])
                army_dir.add(pair)
                army.setdefault(frozenset(pair), (where, loc.name, token))
            if fleet_here and token[0].isupper() and target in locs and locs[target].name.isupper() \
                    and locs[target].type not in ("LAND", "SHUT"):
                pair = (location_id(key), location_id(target))
                fleet_dir.add(pair)
                fleet.setdefault(frozenset(pair), (where, loc.name, token))
    for kind, table, directed in (("armies", army, army_dir), ("fleets", fleet, fleet_dir)):
        for pair, (where, name, token) in table.items():
            a, b = sorted(pair)
            if (a, b) not in directed or (b, a) not in directed:
                diags.append(_diag(where.file, where.line, where.column, ONE_WAY,
                                   f"{name} abuts {token} for {kind}, but not the other way round",
                                   f"add {name} to the ABUTS list of {token}"))

    # powers, centres, units
    known_sites = set(provinces_of)
    powers, start_units, start_centers, homes = [], {}, {}, {}
    centres: set[str] = set()
    power_of: dict[str, str] = {}       # power id -> as written
    owner_of: dict[str, str] = {}       # centre -> the power owning it at the start, as written
    for power in parsed.powers.values():
        pid = ascii_id(power.key)
        if pid in power_of:
            where = power.where
            diags.append(_diag(where.file, where.line, where.column, BAD_MAP,
                               f"{power.written} gives the id {pid}, as {power_of[pid]} does",
                               "give each power a name of its own (letters and digits tell them apart)"))
            bad = True
            continue
        power_of[pid] = power.written
        powers.append({"id": pid, "name": _title(power.key),
                       **({"adjective": _title(power.adjective)} if power.adjective else {})})
        where = power.where
        for site in power.homes:
            if site not in known_sites:
                diags.append(_diag(where.file, where.line, where.column, UNKNOWN_PLACE,
                                   f"{power.written} has home centre '{site}', which is no location",
                                   "name a location defined by a WATER/COAST/LAND line"))
                continue
            homes.setdefault(site, pid)
            centres.add(site)
        owned = power.centers if power.centers is not None else power.homes
        for site in owned:
            if site in known_sites and owner_of.setdefault(site, power.written) != power.written:
                diags.append(_diag(where.file, where.line, where.column, BAD_MAP,
                                   f"{site} is a centre of {owner_of[site]} and of {power.written} at the start",
                                   "give each centre one owner: remove it from one power's home or OWNS list"))
                bad = True
        start_centers[pid] = sorted({ids[s] for s in owned if s in known_sites})
        centres.update(s for s in owned if s in known_sites)
        units = []
        for unit in power.units.values():
            letter, _, where_unit = unit.partition(" ")
            key = where_unit.upper()
            if key not in locs:
                diags.append(_diag(where.file, where.line, where.column, UNKNOWN_PLACE,
                                   f"{power.written} starts with '{unit}' in an unknown location",
                                   "correct the unit line (e.g. F STP/SC)"))
                continue
            ok = (letter == "A" and "/" not in key and locs[key].type in ARMY_STANDS) or \
                 (letter == "F" and fleet_can_stand(key))
            if not ok:
                diags.append(_diag(where.file, where.line, where.column, UNKNOWN_PLACE,
                                   f"{power.written} starts with '{unit}', which cannot stand there",
                                   "armies stand on land or coast, fleets on sea or a coast (BUL/EC)"))
                continue
            units.append(f"{letter} {location_id(key)}")
        start_units[pid] = units
    for site in parsed.unowned:
        if site in known_sites:
            centres.add(site)
        else:
            diags.append(_diag(shown, 1, 1, UNKNOWN_PLACE, f"unowned centre '{site}' is no location",
                               "name a location defined by a WATER/COAST/LAND line"))
    if bad:
        return None, ids
    if not powers:
        diags.append(_diag(shown, 1, 1, BAD_MAP, "the map defines no power",
                           "add a power line, e.g. ENGLAND (ENGLISH) EDI LON LVP, with its units below it"))
        return None, ids
    power_ids = [p["id"] for p in powers]

    provinces = []
    for base in sorted(provinces_of, key=lambda b: ids[b]):
        pid = ids[base]
        full, aliases, _ = parsed.names.get(base, (None, [], None))
        if full is None:
            loc = locs[provinces_of[base][0]]
            diags.append(_diag(loc.where.file, loc.where.line, loc.where.column, NO_NAME,
                               f"{base} has no full name", f"add a line: Full Name = {base.lower()}"))
        prov: dict = {"id": pid, "name": full or base, "type": TYPE[ptype(base)]}
        if pid != base:
            prov["abbr"] = base
        coasts = coasts_of(base)
        if len(coasts) >= 2:
            prov["coasts"] = coasts
        if base in centres:
            prov["supply_center"] = True
            if base in homes:
                prov["home"] = homes[base]
        kept = sorted({a for a in aliases if a.lower() not in (base.lower(), (full or "").lower())})
        if kept:
            prov["aliases"] = kept
        provinces.append(prov)
    _drop_shared_aliases(provinces)

    borders = []
    pairs = sorted({tuple(sorted(p)) for p in army} | {tuple(sorted(p)) for p in fleet})
    for a, b in pairs:
        units = [u for u, table in (("army", army), ("fleet", fleet)) if frozenset((a, b)) in table]
        borders.append({"between": [a, b], "units": units})

    if not centres or (parsed.victory and parsed.victory[0] > len(centres)):
        where = parsed.victory_where if parsed.victory else None
        diags.append(_diag(where.file if where else shown, where.line if where else 1,
                           where.column if where else 1, BAD_MAP,
                           f"VICTORY {parsed.victory[0]} is more than the map's {len(centres)} supply centres"
                           if centres else "the map defines no supply centre",
                           "a power wins by owning centres: list them as home or UNOWNED centres"
                           + (", or lower VICTORY" if centres else "")))
        return None, ids
    data: dict = {}
    if parsed.victory:
        data["victory"] = {"centers": parsed.victory[0], "source": "dpjudge"}
    else:
        data["victory"] = {"centers": len(centres) // 2 + 1, "source": {
            "id": "estimated", "reasoning": "The .map file gives no VICTORY line; DPjudge then needs more "
                                            "than half of the supply centres."}}
    data["powers"] = powers
    data["provinces"] = provinces
    data["borders"] = borders
    phase = _phase(parsed.phase)
    if phase is None:
        phase = "S1901M"
        if parsed.phase_where is not None and len(parsed.phase.split()) == 3:   # else the reader said why
            where = parsed.phase_where
            diags.append(_diag(where.file, where.line, where.column, BAD_MAP,
                               f"BEGIN {parsed.phase} is not a season, a year of up to four digits and a phase; "
                               "the game starts in S1901M", "write e.g. BEGIN SPRING 1901 MOVEMENT", WARNING))
    data["start"] = {"phase": phase,
                     "units": {p: start_units[p] for p in power_ids},
                     "centers": {p: start_centers[p] for p in power_ids if start_centers[p]}}
    for rule in sorted(set(parsed.rules)):
        if dpjudge_module(rule) is None:
            diags.append(_diag(shown, 1, 1, NOT_MODELLED, f"rule {rule} is not modelled",
                               "the game plays without it; say so on the rules page"))
    for power in parsed.powers.values():
        if power.dummy:
            where = power.where
            diags.append(_diag(where.file, where.line, where.column, NOT_MODELLED,
                               f"{power.written} is a DUMMY power (played by nobody); Mapwright lists it as "
                               "an ordinary power", "the rules page notes it"))
    return data, ids


def _too_long(parsed: MapData, provinces_of: dict, ids: dict[str, str], diags: list[Diagnostic]) -> bool:
    """Names longer than map.yaml may hold are errors where they are written (the import
    wrote them, and validate refused the map, or could not read it: a 50,000-character
    power name made a YAML key PyYAML does not read). A location's name becomes the
    province's id when it is one already (WESTERN_MEDITERRANEAN_SEA, as Mapwright's own
    export writes it), else its abbreviation beside the id."""
    found = []
    for base, keys in provinces_of.items():
        limit = MAX_ID if ids[base] == base else MAX_ABBR
        if len(base) > limit or len(ids[base]) > MAX_ID:
            found.append((parsed.locations[keys[0]].where, f"location '{base[:40]}…' has a name of {len(base):,} "
                                                           f"characters", limit))
    for short, (full, aliases, where) in parsed.names.items():
        for text in [full, *aliases]:
            if len(text) > MAX_NAME:
                found.append((where, f"the name '{text[:40]}…' of {short[:40]} has {len(text):,} characters",
                              MAX_NAME))
    for power in parsed.powers.values():
        for text, limit in ((power.key, MAX_ID), (power.adjective, MAX_NAME)):
            if len(text) > limit:
                found.append((power.where, f"the power name or adjective '{text[:40]}…' has {len(text):,} "
                                           f"characters", limit))
    for where, message, limit in found:
        diags.append(_diag(where.file, where.line, where.column, BAD_MAP, f"{message} (at most {limit})",
                           "shorten it: map.yaml cannot hold a longer one"))
    return bool(found)


def _drop_shared_aliases(provinces: list[dict]) -> None:
    """An alias two provinces share, or that is another province's id or name, would
    make orders ambiguous: keep it on neither."""
    claimed: dict[str, set[str]] = {}
    for prov in provinces:
        for text in [prov["id"], prov["name"], *prov.get("aliases", [])]:
            claimed.setdefault(text.lower(), set()).add(prov["id"])
    for prov in provinces:
        if "aliases" in prov:
            prov["aliases"] = [a for a in prov["aliases"] if len(claimed[a.lower()]) == 1]
            if not prov["aliases"]:
                del prov["aliases"]


def _phase(text: str) -> str | None:
    """BEGIN's phase as S1901M, or None. The year's digits must be decimal: '²' is a digit
    to str.isdigit but not to int() (which raised)."""
    words = text.split()
    if len(words) == 3 and words[0] in SEASONS and words[1].isdecimal() and words[2] in PHASES \
            and 1 <= len(words[1]) <= 4:
        return f"{SEASONS[words[0]]}{int(words[1])}{PHASES[words[2]]}"
    return None if text else "S1901M"


def _colours_from_svg(svg_path: Path, data: dict) -> None:
    """A power's colour from the SVG's `.power {fill: ...}` style, where it has one."""
    from PIL import ImageColor
    try:
        text = svg_path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return
    for power in data["powers"]:
        key = power["id"].lower().replace("_", "")
        m = re.search(r"\." + re.escape(key) + r"\s*\{[^}]{0,200}?fill\s*:\s*([#a-zA-Z0-9]{1,30})", text)
        if m:
            try:
                r, g, b = ImageColor.getrgb(m.group(1))[:3]
            except ValueError:
                continue
            power["color"] = f"#{r:02x}{g:02x}{b:02x}"


# -- text output ----------------------------------------------------------------

def _geometry_text(geometry: dict, command: str) -> str:
    header = ["yaml-language-server: $schema=../../schemas/diplomacy-geometry.schema.json",
              f"Generated by `{command}`.",
              "Outlines: rings of flat [x1, y1, x2, y2, ...] SVG user units; fill with even-odd."]
    return document(header, [(k, geometry[k]) for k in ("image", "outlines", "coast_labels") if k in geometry])


def _yaml_str(text: str) -> str:
    import json
    return json.dumps(text, ensure_ascii=False)


def _game_text(parsed: MapData, data: dict, path: Path, name: str, svg: Path | None, command: str,
               located: dict[str, dict]) -> str:
    title = _title(path.stem.replace("_", " "))
    powers = len(data["powers"])
    centres = sum(1 for p in data["provinces"] if p.get("supply_center"))
    rules = {m.name: {} for m in map(dpjudge_module, sorted(set(parsed.rules))) if m is not None}
    rules.update(located)
    lines = ["# yaml-language-server: $schema=../../schemas/game.schema.json",
             f"# Generated by `{command}`; edit freely (the importer rewrites only map.yaml",
             "# and geometry.yaml when re-run with --force).",
             f"title: {_yaml_str(title)}",
             f"subtitle: {_yaml_str(f'A DPjudge map for {powers} powers, imported from {path.name}')}",
             "family: diplomacy",
             f"players: {powers}",
             "summary: " + _yaml_str(
                 f"The {title} map of DPjudge: {powers} powers, {len(data['provinces'])} provinces and "
                 f"{centres} supply centres, imported from the map file {path.name}. "
                 f"A power wins with {data['victory']['centers']} centres."),
             "credits:",
             "  - {name: DPjudge map authors, role: map data (.map file)}",
             "  - {name: MILA (diplomacy Python package), role: distribution of the map file}"]
    if svg is not None:
        lines.append("  - {name: jDip (SVG map), role: province outlines and unit positions}")
    notice = (f"The map data is read from {', '.join(parsed.files)}, as distributed with the MILA "
              "`diplomacy` package (version 1.1.2) under the GNU Affero General Public License v3.")
    if svg is not None:
        notice += f" The outlines come from {svg.name}, an SVG map credited to jDip (GPL)."
    lines += ["licence:",
              "  name: AGPL-3.0-or-later (map data)",
              f"  notice: {_yaml_str(notice)}",
              "  url: https://www.gnu.org/licenses/agpl-3.0.html",
              "sources:",
              "  - id: dpjudge",
              f"    title: {_yaml_str(f'DPjudge map file {path.name}')}",
              f"    reference: {_yaml_str(', '.join(parsed.files))}"]
    if rules:
        lines.append("rules:")
        # JSON is YAML's flow style: ids and lists of ids, nothing a reader could mistake
        lines += [f"  {r}: {json.dumps(rules[r], sort_keys=True)}" for r in sorted(rules)]
    return "\n".join(lines) + "\n"


def _rules_page(parsed: MapData, data: dict, path: Path, diags: list[Diagnostic],
                located: dict[str, dict]) -> str:
    from ..escape import code_span, md_cell, md_text
    powers = data["powers"]
    start = data["start"]
    out = [f"# The map", "",
           f"This game was imported from the DPjudge map file {code_span(path.name)}"
           + (f" (built on {', '.join(code_span(f) for f in parsed.files[1:])})" if len(parsed.files) > 1 else "")
           + ". It is played with the standard rules of Diplomacy; this page lists what the map "
             "file sets.", "",
           "## Powers", "",
           "| Power | Home centres | Starting units |", "| --- | --- | --- |"]
    homes: dict[str, list[str]] = {}
    for prov in data["provinces"]:
        if prov.get("home"):
            homes.setdefault(prov["home"], []).append(prov["id"])
    for power in powers:
        out.append(f"| {md_cell(power['name'])} | {md_cell(_listed(homes.get(power['id'], [])))} "
                   f"| {md_cell(_listed(start['units'].get(power['id'], [])))} |")
    out += ["", "## Victory", "",
            f"A power that owns {data['victory']['centers']} supply centres after a winter adjustment wins."]
    if not parsed.victory:
        out.append("The map file gives no victory line; the figure is DPjudge's default, more than half "
                   "of the centres.")
    notes = []
    for rule in sorted(set(parsed.rules)):
        module = dpjudge_module(rule)
        if module is not None:
            notes.append(f"- {md_text(rule)}: {md_text(module.summary)}")
        else:
            notes.append(f"- {md_text(rule)}: a DPjudge rule Mapwright does not model; the game here plays "
                         "without it.")
    for module_name, params in sorted(located.items()):
        module = modules()[module_name]
        notes.append(f"- {md_text(module.dpjudge_locations)} locations "
                     f"({md_text(', '.join(params['provinces']))}): {md_text(module.summary)}")
    for power in parsed.powers.values():
        if power.dummy:
            notes.append(f"- {md_text(_title(power.key))} is a DUMMY power in DPjudge, played by nobody; "
                         "here it is listed as an ordinary power.")
    if notes:
        out += ["", "## Rules the map file sets", "", *notes]
    out += ["", "## Source", "", f"Imported from {', '.join(code_span(f) for f in parsed.files)} with "
            f"`mapwright import dpjudge`."]
    page, changed = fit_page("\n".join(out))
    if changed:
        diags.append(_diag(path.name, 1, 1, PAGE_FITTED, f"rules/01-map.md: {'; '.join(changed)}",
                           "nothing to do for the import; edit the page by hand if it matters"))
    return page


def _listed(items: list[str]) -> str:
    """A rules-page cell's list: the first LISTED items, and how many more."""
    more = f", and {len(items) - LISTED} more" if len(items) > LISTED else ""
    return ", ".join(items[:LISTED]) + more if items else "none"


MAP_FILES = ("map.yaml", "geometry.yaml")    # the importer's; game.yaml and the rules page are the author's


def write_files(imported: Imported, out_dir: Path, *, force: bool = False) -> list[Path]:
    """Write map.yaml and geometry.yaml, and the other files (game.yaml, the rules page)
    only where the folder has none yet and not under a linked folder: those are the
    author's from then on. The rule of generator/writing.py holds: raises Refused when a
    file in the way is not Mapwright's (unless `force`) or a link is on the way."""
    def absent(name: str) -> bool:
        path = out_dir / name
        return not (path.exists() or path.is_symlink() or folder_in_the_way(out_dir, name))
    return write_safely(out_dir, {name: text for name, text in imported.files.items()
                                  if name in MAP_FILES or absent(name)}, force=force)
