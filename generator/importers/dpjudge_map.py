"""Read a DPjudge / MILA `.map` file as data: a small line-oriented reader.

The format (DPjudge's, as the MILA `diplomacy` package ships it) is one directive
per line; `#` starts a comment. The forms read here:

    BEGIN SPRING 1901 MOVEMENT          first phase
    VICTORY 18                          centres to win
    MAP standard.map / USE file         build on another map of the same folder
    RULE(S) BUILD_ANY ...               rule keywords
    Adriatic Sea = adr adriatic         full name = short name, aliases ('+' = space,
                                        a trailing '?' marks an unclear alias)
    ENGLAND (ENGLISH:E) EDI LON LVP     a power, its adjective (and letter), home centres
    UNOWNED BEL BUL ...                 neutral centres (NEUTRAL and CENTERS are the same)
    F LON / A LVP                       a starting unit of the power above
    OWNS / CENTERS / HOME(S) / INHABITS / UNITS   the power's centres, homes, units
    UNPLAYED [ALL [EXCEPT ...]|P ...]   remove powers; DUMMY [P ...] mark powers unplayed
    DROP LOC ...                        remove a location
    WATER|COAST|PORT|LAND|SHUT LOC ABUTS N ...   a location and the places it abuts
    AMEND LOC ABUTS N -M ...            add to (or, with -, remove from) a location's list

In an ABUTS list the case of a neighbour says who may cross: UPPER both, lower
armies only, Title fleets only. A split coast is a location `BUL/EC`; its
province's own line is written in lower case (`COAST bul ABUTS ...`).

Written by hand rather than by importing the `diplomacy` package: that package is
AGPL, heavy (tornado, ujson...) and reads only files by map name from its own
folder; the tests compare this reader with it edge for edge.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .read_file import read_regular

TYPES = ("WATER", "COAST", "PORT", "LAND", "SHUT")
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 8
MAX_REMOVALS = 1000


@dataclass
class Problem:
    file: str
    line: int
    column: int
    kind: str          # "error" | "warning"
    message: str
    hint: str = ""


@dataclass
class Where:
    file: str
    line: int
    column: int


@dataclass
class Location:
    name: str                       # as written (case matters: `bul` vs `BUL/EC`)
    type: str                       # WATER, COAST, PORT, LAND, SHUT
    abuts: list[tuple[str, Where]]  # neighbours as written, with their position
    where: Where


@dataclass
class PowerDef:
    key: str                        # normalised name, e.g. BRITISH-COLUMBIA
    written: str                    # as written in the file
    adjective: str = ""
    letter: str = ""
    # dicts as insertion-ordered sets, so that long lists cost linear time
    homes: dict[str, None] = field(default_factory=dict)
    units: dict[str, str] = field(default_factory=dict)      # province -> "F STP/SC"
    centers: dict[str, None] | None = None                   # OWNS/CENTERS, else the homes
    dummy: bool = False
    where: Where | None = None


@dataclass
class MapData:
    files: list[str] = field(default_factory=list)
    phase: str = ""
    phase_where: Where | None = None                               # the BEGIN line
    victory_where: Where | None = None                             # the VICTORY line
    victory: list[int] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    names: dict[str, tuple[str, list[str], Where]] = field(default_factory=dict)  # SHORT -> (full, aliases)
    unclear: dict[str, str] = field(default_factory=dict)
    locations: dict[str, Location] = field(default_factory=dict)   # keyed by upper-case name
    coasts: dict[str, set[str]] = field(default_factory=dict)      # province -> coast keys it has had
    powers: dict[str, PowerDef] = field(default_factory=dict)
    unowned: dict[str, None] = field(default_factory=dict)
    unit_owner: dict[str, str] = field(default_factory=dict)       # province -> power key
    removals: int = 0                                              # DROP and -X entries read
    comments: list[str] = field(default_factory=list)              # leading comment lines
    problems: list[Problem] = field(default_factory=list)


def _words(line: str) -> list[tuple[str, int]]:
    """(word, 1-based column) pairs of a line, up to a `#` comment (linear scan)."""
    out, start = [], None
    for i, ch in enumerate(line):
        if ch == "#" and start is None:
            break
        if ch.isspace():
            if start is not None:
                out.append((line[start:i], start + 1))
                start = None
        elif start is None:
            start = i
    if start is not None:
        out.append((line[start:].split("#", 1)[0], start + 1))
    return [(w, c) for w, c in out if w]


def norm_power(word: str) -> str:
    return word.upper().replace("+", "-")


def read_map(path: Path, shown: str | None = None) -> MapData:
    data = MapData()
    _read(Path(path), shown or Path(path).name, data, 0, None, Path(path).resolve().parent)
    return data


def _read(path: Path, shown: str, data: MapData, depth: int, where: Where | None, root: Path) -> None:
    def problem(line, col, message, hint="", kind="error"):
        data.problems.append(Problem(shown, line, col, kind, message, hint))

    if where is not None and depth > MAX_DEPTH:
        data.problems.append(Problem(where.file, where.line, where.column, "error",
                                     f"maps built on maps more than {MAX_DEPTH} deep",
                                     "check the MAP/USE lines for a cycle"))
        return
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except OSError as exc:
        at = where or Where(shown, 1, 1)
        data.problems.append(Problem(at.file, at.line, at.column, "error",
                                     f"cannot read {shown}: {exc.strerror or exc}",
                                     "give a .map file that exists next to this one"))
        return
    if len(raw) > MAX_FILE_BYTES:
        problem(1, 1, "the file is larger than 4 MiB", "a .map file is a few hundred kilobytes at most")
        return
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        problem(raw[:exc.start].count(b"\n") + 1, 1, "the file is not UTF-8 text", "re-save it as UTF-8")
        return
    data.files.append(shown)
    power: PowerDef | None = None       # the power that unit and home lines belong to
    in_header = True
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if in_header and stripped.startswith("#") and depth == 0:
            data.comments.append(stripped.lstrip("#").strip())
            continue
        words = _words(line)
        if not words:
            continue
        in_header = False
        first, col = words[0]
        up = first.upper()
        rest = [w for w, _ in words[1:]]
        if "=" in line.split("#", 1)[0]:     # before the keywords: a name may start with one (Map Sea = ...)
            _name_line(line.split("#", 1)[0], number, shown, data, problem)
        elif up in ("MAP", "USE", "USES"):
            for name, c in words[1:]:
                target = name if "." in name else name + ".map"
                child = (path.parent / target)
                # not printable: a NUL byte would make the path unusable (resolve raises)
                if "/" in target or "\\" in target or target.startswith(".") or not target.isprintable() \
                        or child.resolve().parent != root:
                    problem(number, c, f"'{name}' is not a map file in this folder",
                            "MAP and USE name a .map file beside this one, e.g. MAP standard.map")
                    continue
                if target in data.files:
                    problem(number, c, f"{target} is used twice", "name each map once")
                    continue
                _read(child, target, data, depth + 1, Where(shown, number, c), root)
        elif up == "BEGIN":
            data.phase = " ".join(rest).upper()
            data.phase_where = Where(shown, number, col)
            if len(rest) != 3:
                problem(number, col, f"BEGIN needs a season, a year and a phase, not '{' '.join(rest)}'",
                        "write e.g. BEGIN SPRING 1901 MOVEMENT")
        elif up == "VICTORY":
            data.victory_where = Where(shown, number, col)
            try:
                data.victory = [int(w) for w in rest]
            except ValueError:
                problem(number, col, "VICTORY takes whole numbers", "write e.g. VICTORY 18")
            if not all(1 <= v <= 1000 for v in data.victory):
                problem(number, col, "VICTORY takes numbers of centres from 1 to 1000", "write e.g. VICTORY 18")
                data.victory = []
        elif up in ("RULE", "RULES"):
            data.rules.extend(w.upper() for w in rest)
        elif up in TYPES or up == "AMEND":
            _location_line(words, number, shown, data, problem)
        elif up == "DROP":
            for name, c in words[1:]:
                if _costly(data, number, c, problem):
                    break
                _drop(data, name.upper())
        elif up in ("A", "F"):
            if power is None:
                problem(number, col, "a unit line before any power", "put unit lines under their power's line")
            elif len(rest) != 1:
                problem(number, col, f"'{stripped}' is not a unit", "write e.g. F LON or F STP/SC")
            else:
                unit = f"{up} {rest[0].upper()}"
                site = rest[0].upper().split("/")[0]
                owner = data.powers.get(data.unit_owner.get(site, ""))
                if owner is not None:        # a new unit replaces any unit in the province
                    owner.units.pop(site, None)
                power.units[site] = unit
                data.unit_owner[site] = power.key
        elif up in ("OWNS", "CENTERS") and power is not None:
            if up == "CENTERS" or power.centers is None:
                power.centers = {}
            power.centers.update((w.upper(), None) for w in rest)
        elif up in ("HOME", "HOMES", "INHABITS"):
            if power is None:
                problem(number, col, f"{up} before any power", "put it under its power's line")
            else:
                _homes(data, power, rest, reinit=up != "INHABITS")
        elif up == "UNITS":
            if power is None:
                problem(number, col, "UNITS before any power", "put it under its power's line")
            else:
                power.units = {}
        elif up in ("DUMMY", "DUMMIES"):
            if not rest:
                if power is None:
                    problem(number, col, "DUMMY before any power", "write DUMMY under a power, or DUMMY POWER ...")
                else:
                    power.dummy = True
                continue
            names = _power_list(data, rest, number, col, problem)
            for key in names:
                if key in data.powers:
                    data.powers[key].dummy = True
            power = None
        elif up == "UNPLAYED":
            names = [power.key] if not rest and power else _power_list(data, rest, number, col, problem)
            if not rest and power is None:
                problem(number, col, "UNPLAYED before any power", "write UNPLAYED POWER ...")
            for key in names:
                if data.powers.pop(key, None) is None:
                    problem(number, col, f"UNPLAYED names no power '{key}'", "name a power defined above")
            power = None
        else:
            key = norm_power(first)
            if key in ("UNOWNED", "NEUTRAL", "CENTERS"):
                power = None
                _homes(data, None, rest, reinit=False)
                continue
            if len(rest) > 1 and rest[0] == "->":
                problem(number, col, "renaming a power (->) is not supported", "write the power under its new name")
                continue
            known = data.powers.get(key)
            if known is None:
                known = data.powers[key] = PowerDef(key, first, where=Where(shown, number, col))
                reinit = False
            else:
                reinit = True
            power = known
            if rest and rest[0].startswith("("):
                if not rest[0].endswith(")"):
                    problem(number, words[1][1], f"'{rest[0]}' does not close its bracket",
                            "write the adjective as one word in brackets, e.g. (ENGLISH) or (DUTCH:H)")
                inner = rest[0].strip("()")
                adjective, _, letter = inner.partition(":")
                known.adjective = adjective.replace("+", " ") or known.adjective
                known.letter = letter[:1].upper() or known.letter
                rest = rest[1:]
            _homes(data, known, rest, reinit)


def _power_list(data: MapData, rest: list[str], line: int, col: int, problem) -> list[str]:
    """`ALL`, `ALL EXCEPT P ...` or a list of powers (commas allowed)."""
    words = [w.strip(",") for w in rest if w.strip(",")]
    if words and words[0].upper() == "ALL":
        if len(words) == 1:
            return list(data.powers)
        if words[1].upper() != "EXCEPT" or len(words) == 2:
            problem(line, col, "write ALL or ALL EXCEPT POWER ...", "e.g. UNPLAYED ALL EXCEPT FRANCE")
            return []
        keep = {norm_power(w) for w in words[2:]}
        return [k for k in data.powers if k not in keep]
    return [norm_power(w) for w in words]


def _homes(data: MapData, power: PowerDef | None, words: list[str], reinit: bool) -> None:
    """Home centres of a power (None: unowned centres); `-X` removes X."""
    if power is not None and reinit:
        power.homes = {}
    for word in words:
        site = word.upper()
        remove = site.startswith("-")
        site = site.lstrip("-")
        if not site:
            continue
        target = power.homes if power is not None else data.unowned
        target.pop(site, None)
        if power is not None:        # a power's home is no longer unowned
            data.unowned.pop(site, None)
        if not remove:
            target[site] = None


def _name_line(line: str, number: int, shown: str, data: MapData, problem) -> None:
    full, _, right = line.partition("=")
    full = full.strip()
    column = len(line) - len(line.lstrip()) + 1
    words = right.split()
    if not full or not words:
        problem(number, column, f"'{line.strip()}' names nothing",
                "write Full Name = abbr alias ..., e.g. Adriatic Sea = adr adriatic")
        return
    if "->" in full:
        problem(number, column, "renaming a location (->) is not supported", "write the location under its new name")
        return
    short = words[0].upper()
    if not (short[0].isalnum() and short[-1].isalnum()):
        problem(number, line.index(words[0]) + 1, f"'{words[0]}' is not a location abbreviation",
                "the first word after = is the location's short name, e.g. adr or bul/ec")
        return
    if short in data.names and data.names[short][0] != full:
        problem(number, column, f"{short} is named twice ('{data.names[short][0]}' and '{full}')",
                "give each location one full name", kind="warning")
    aliases: list[str] = []
    for alias in words[1:]:
        if alias.endswith("?"):
            data.unclear[alias[:-1].replace("+", " ").lower()] = short
        else:
            aliases.append(alias.replace("+", " ").lower())
    data.names[short] = (full, aliases, Where(shown, number, column))


def _location_line(words, number: int, shown: str, data: MapData, problem) -> None:
    kind, col = words[0]
    kind = kind.upper()
    if len(words) < 2:
        problem(number, col, f"{kind} without a location", f"write {kind} LOC ABUTS NEIGHBOUR ...")
        return
    name, name_col = words[1]
    if len(words) > 2 and words[2][0].upper() != "ABUTS":
        problem(number, words[2][1], f"'{words[2][0]}' where ABUTS belongs",
                f"write {kind} {name} ABUTS NEIGHBOUR ...")
        return
    key = name.upper()
    known = data.locations.get(key)
    if kind == "AMEND":
        if known is None:
            problem(number, name_col, f"AMEND of unknown location {name}", "define the location first")
            return
        known.name = name
    else:
        if known is not None and known.name != name and name.isupper() and "/" not in name:
            _drop_coasts(data, key)   # an upper-case line replaces a split province
        if "/" in key:
            data.coasts.setdefault(key.split("/")[0], set()).add(key)
        known = data.locations[key] = Location(name, kind, [],
                                               Where(shown, number, name_col))
    for dest, c in words[3:]:
        if dest.startswith("-"):
            if _costly(data, number, c, problem):
                break
            gone = dest[1:].upper()
            known.abuts = [(d, w) for d, w in known.abuts if not d.upper().startswith(gone)]
            continue
        known.abuts.append((dest, Where(shown, number, c)))


def _costly(data: MapData, line: int, column: int, problem) -> bool:
    """DROP and `-X` each scan the whole map: more than MAX_REMOVALS of them is refused
    (real maps have a handful), so a hostile file cannot cost quadratic time."""
    data.removals += 1
    if data.removals == MAX_REMOVALS + 1:
        problem(line, column, f"more than {MAX_REMOVALS} DROP or -X removals",
                "write the map without the removed places instead")
    return data.removals > MAX_REMOVALS


def _drop_coasts(data: MapData, key: str) -> None:
    """The province's coasts gone: found in its index (a scan of every location for each
    replacing line was quadratic: 10,000 alternating bul/BUL lines took a minute)."""
    for loc in data.coasts.pop(key, ()):
        data.locations.pop(loc, None)


def _drop(data: MapData, place: str) -> None:
    for key in [k for k in data.locations if k.split("/")[0] == place.split("/")[0] and k.startswith(place)]:
        del data.locations[key]
    for loc in data.locations.values():
        loc.abuts = [(d, w) for d, w in loc.abuts if not d.upper().startswith(place)]
    for power in data.powers.values():
        power.homes.pop(place, None)
        power.units = {k: u for k, u in power.units.items() if not u[2:].startswith(place)}
        if power.centers:
            power.centers.pop(place, None)
    data.unowned.pop(place, None)
