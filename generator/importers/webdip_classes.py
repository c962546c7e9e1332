"""What a webDiplomacy variant's classes/*.php say, read as text (never run).

Data the importer takes from them:
- adjudicatorPreGame.php `$countryUnits`: the starting units per country (units of
  a name that is not a country are neutral units);
- processOrderBuilds.php `$countryUnits` (custom start): the default builds;
- drawMap.php `$countryColors` (by countryID) and `$nsc_info` (neutral centres drawn
  in a country's colour, by terrID).

And which behaviour each class changes. webDiplomacy composes a variant from
named mixins (`class BuildAnywhere_userOrderBuilds extends userOrderBuilds`); the
mixin names that a Mapwright rule module declares as its webDiplomacy form (its
`webdip.forms`) are `found`, and become that module (rules.recognised), the ones
that only change pictures or the interface are ignored, and every other class in
a file that changes orders, adjudication, builds or the phase sequence becomes a
warning naming the file and what it overrides: the author must learn what is
not modelled.

Some variants copy a mixin's code under their own names, so a few classes are also
read for what they do, whatever they are called: a builds class whose query allows
any owned vacant centre is build_anywhere (Hundred, Pure, Imperium), any owned home
centre is build_sites (Imperial2's BuildAnyHome); processGame code that only re-runs
the neutral units' retreats and orders their support-holds is neutral_armies (Viking,
Africa); a direct move between two seas permitted by whoever holds a third territory
is the canals module (Colonial's Suez Canal).

A class file may include another variant's class (TenSixtySix_V2's adjudicatorPreGame
`include_once("variants/TenSixtySix/classes/adjudicatorPreGame.php")` and extends the
class in it): the included file is read first, as part of the same class, inside the
variants folder only. An include that cannot be followed (the folder is not beside this
one, the path is not a literal) is `unread`: the importer says where, and the game is
not complete without it. Includes of webDiplomacy's own files (`lib/html.php`) are the
standard code Mapwright plays by, not the variant's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..paths import is_inside
from ..families.diplomacy.rules import forms_naming_countries, mixin_country_values, webdip_mixins
from .php_arrays import Lines, PhpDataError, find_arrays, strip_comments
from .webdip_homes import check_reading, create_reading, opening_builds, owned_by_units
from .webdip_homeland import homeland
from .webdip_oneoff import describe, first_turn_places, hazard_part, removal_anywhere, removal_message
from .webdip_variant import VariantPhp, read_text

# mixins that change only how the map or the interface looks
DISPLAY_MIXINS = {"ZoomMap", "CountryName", "MultiLayerMap", "WarpAround", "MoveFlags",
                  "CustomCountryIcons", "CustomIcons", "ColorUnits", "SplitCountries", "EarlyCD",
                  "ResetPalette", "TSR", "SuezCanal_drawMap"}
# classes whose override changes the game itself, and what they decide
RULE_CLASSES = {
    "userOrderBuilds": "which builds and disbands are legal",
    "processOrderBuilds": "how builds and disbands are applied",
    "userOrderDiplomacy": "which movement orders are legal",
    "processOrderDiplomacy": "how movement orders are processed",
    "userOrderRetreats": "which retreats are legal",
    "processOrderRetreats": "how retreats are processed",
    "adjudicatorDiplomacy": "the movement adjudication",
    "adjudicatorRetreats": "the retreat adjudication",
    "adjudicatorPreGame": "the starting position",
    "processGame": "the phase sequence",
    "processMembers": "elimination, victory and the players' units and centres",
    # the adjudicator's own decisions, one class an order kind: a variant that overrides one
    # changes how orders resolve even when it overrides nothing above
    "adjMove": "how a move is decided (its attack, prevent and defend strengths)",
    "adjHeadToHeadMove": "how a head-to-head move is decided",
    "adjSupportHold": "whether a support to hold is given or cut",
    "adjSupportMove": "whether a support to move is given or cut",
    "adjConvoyMove": "how a convoyed move is decided",
    "adjConvoy": "whether a convoy is disrupted",
    "adjHold": "how a holding unit is decided",
    "adjParadoxException": "how paradoxes are resolved",
}
_CLASS = re.compile(r"\bclass\s+(\w+)\s+extends\s+(\w+)\s*\{")
# a function and the first character of its body; parameter lists are short, and a bound
# keeps a file of unclosed `function f(` from costing a scan to the end for each one
_FUNCTION = re.compile(r"function\s+(\w+)\s*\([^)]{0,1000}\)\s*\{\s*(\S)")
_FOLDER = re.compile(r"^[A-Za-z0-9_]{1,80}$")


# the builds classes' readings (_build_reading) that are a webDiplomacy form (rules.FORMS)
BUILD_FORMS = {"anywhere": "BuildAnywhere", "any_home": "BuildAnyHome", "homes_at_turn": "HomesAtTurn",
               "flags": "BuildFlags"}
# a builds query's `AND (t.buildEligibilityFlags & (1 << ".$this->countryID.") <> 0)`: the centre's
# install.php flags name the country (Baron1900's BuildBasedOnFlags classes)
_FLAG_CONDITION = re.compile(r"AND\s*\(\s*t\.buildEligibilityFlags\s*&\s*\(\s*1\s*<<\s*\"\s*\.\s*\$(?:this|Member)"
                             r"->countryID\s*\.\s*\"\s*\)\s*(?:<>|!=)\s*0\s*\)")
_KNOWN_CONDITION = re.compile(r"^(?:t?s?\.(?:gameID|mapID|countryID|occupyingUnitID|id|supply)\b"
                              r"|NOT t\.type\s*=\s*'Sea'$|NOT t\.coast\s*=\s*'Child'$)")
# a build check that accepts, in the first turn, any territory the country holds (`g.turn=0 OR ...`)
_HELD_AT_START = re.compile(r"\bg\.turn\s*=\s*0\s+OR\b")
_T_COUNTRY = re.compile(r"\bt\.countryID\s*(=|!=|<>|>)\s*(\S{1,40})")


@dataclass
class ClassFacts:
    start_units: dict | None = None          # country -> {territory name: 'Army'|'Fleet'}
    start_where: tuple[str, int] = ("", 1)
    default_builds: dict | None = None
    builds_where: tuple[str, int] = ("", 1)
    opening_held: bool = False       # turn-0 builds on any territory held at the start (Pirates)
    opening_places: tuple | None = None     # (countryID, [terrID], unit it may not build) in turn 0
    colours: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    colours_where: tuple[str, int] = ("", 1)
    nsc_info: dict[int, int] = field(default_factory=dict)   # terrID -> countryID
    nsc_where: tuple[str, int] = ("", 1)
    no_initial_units: bool = False
    # a pre-game class that names install.php's countries by the powers a game picks from
    # (CustomCountries' `if ($name == 'England') $sourceID=1;`): countryID -> name, and where
    country_names: dict[int, str] = field(default_factory=dict)
    country_names_where: tuple[str, int] = ("", 1)
    # a bidding start's processOrderBuilds `$init_build`: territory name -> 'Army'|'Fleet', the
    # unit each centre won in the bidding gets
    init_build: dict | None = None
    init_build_where: tuple[str, int] = ("", 1)
    found: dict[str, dict] = field(default_factory=dict)     # webDiplomacy form (rules.FORMS) -> its facts
    unmodelled: list[tuple[str, int, str]] = field(default_factory=list)   # (file, line, message)
    problems: list[tuple[str, int, str]] = field(default_factory=list)
    # the variant's code that could not be read (a class of a folder that is not beside this
    # one, an include that cannot be followed): the game is not complete without it
    unread: list[tuple[str, int, str]] = field(default_factory=list)
    # (class, reading, (file, line, message)) of the builds classes, resolved in read_classes
    builds: list[tuple[str, str | None, tuple[str, int, str]]] = field(default_factory=list)
    # own processGame code that only does what NeutralUnits does (neutrals never retreat)
    neutral_process: list[tuple[str, int, str]] = field(default_factory=list)
    # a canal (_canal): (end terrID, end terrID, controlling terrID, the canal's own terrID)
    canal: tuple[int, int, int, int] | None = None
    canal_parts: dict[str, list[int]] = field(default_factory=dict)    # cls -> [ends, controller/own]
    mentions: dict[int, set[int]] = field(default_factory=dict)       # unmodelled index -> terrIDs in its code
    canal_classes: list[tuple[str, int, str]] = field(default_factory=list)  # unmodelled entries the canal covers
    included_by: dict[str, str] = field(default_factory=dict)   # file -> the file that includes it
    mixin_included: set[str] = field(default_factory=set)       # files a recognised mixin's class includes
    reads: dict[tuple, set[str]] = field(default_factory=dict)  # unmodelled entry -> variant arrays its code reads
    # a variant property an adjudicatorDiplomacy fills with the move ids of one unit type (Pirates'
    # `$Game->Variant->fregatte[]`, its armies): property -> 'A' or 'F'
    move_lists: dict[str, str] = field(default_factory=dict)
    # own adjMove / adjHeadToHeadMove classes that add strength to moves (_move_bonuses): (unmodelled
    # entry, {property: bonus}, {countryID: bonus})
    move_bonuses: list[tuple[tuple, dict, dict]] = field(default_factory=list)
    # countryID -> where those classes' _holdStrength adds its bonus (_hold_bonus_lingers): True after
    # the success test (the province a move leaves keeps it), False in the failure branch
    hold_bonus_lingers: dict[int, set[bool]] = field(default_factory=dict)
    code: dict[str, tuple[str, str]] = field(default_factory=dict)   # cls -> (file, text) of DETOUR_CLASSES
    # builds checks that accept a Destroy in one territory whoever owns it: (terrID, unmodelled
    # entry), played when the territory is a homeland (the Homeland form), not modelled otherwise
    removals_anywhere: list[tuple[int, tuple[str, int, str]]] = field(default_factory=list)
    # the parts of a roving hazard (webdip_oneoff.hazard_part): part -> ((file, line), what it says),
    # and the name OrderArchiv gives its country (`$this->countryIDToName[]='Hurricane';`)
    hazard_parts: dict[str, tuple[tuple[str, int], dict]] = field(default_factory=dict)
    hazard_name: str = ""


def _body_end(text: str, pos: int, limit: int | None = None) -> int:
    """Offset just after the `}` matching the `{` before pos (quoted strings skipped), or
    `limit` (default: the end of the text) when it is not found before."""
    depth, i, n = 1, pos, len(text) if limit is None else limit
    while i < n and depth:
        ch = text[i]
        if ch in "'\"":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        depth += (ch == "{") - (ch == "}")
        i += 1
    return min(i, n)


def _builds_first(body: str) -> bool:
    """A processGame whose changePhase turns the pre-game into a build phase (custom start)."""
    return bool(re.search(r"setPhase\(\s*['\"]Builds['\"]\s*\)", body)) and "Pre-game" in body


def read_classes(variants_root: Path, variant: VariantPhp) -> ClassFacts:
    facts = ClassFacts(unread=list(variant.unread))
    seen: set[str] = set()          # each file read once (a parent's class may be included too)
    for cls, folder in sorted(variant.classes.items()):
        shown = f"{folder}/classes/{cls}.php"
        path = variants_root / folder / "classes" / f"{cls}.php"
        if not _FOLDER.match(folder) or not _FOLDER.match(cls) or not path.is_file():
            where = variant.lines.get(f"variantClasses:{cls}", variant.lines.get("name", 1))
            facts.unread.append((f"{variant.folder}/variant.php", where,
                                 f"variantClasses['{cls}'] names {shown}, which is not in the variants folder: "
                                 f"what its class does is not imported"))
            continue
        _read_file(facts, variants_root, cls, shown, seen, variant.folder)
    _resolve(facts, variant)
    _strength_by_unit_type(facts)
    _hazard_form(facts, variant)
    _detour(facts, variants_root, variant)
    _emergency(facts)
    _canal(facts)
    _module_code(facts, variant)
    return facts


_COUNTRY_ID = re.compile(r"countryID\s*=?=\s*['\"]?(\d{1,3})\b")
# a variant.php property or function the code reads: `ColonialVariant::$transSibTerritories`,
# `$Game->Variant->river_left`, `$GLOBALS['Variants'][VARIANTID]->river_move(...)`
_STATIC_ARRAY = re.compile(r"(?:::\$|\bVariant\s*->\s*|\[\s*VARIANTID\s*\]\s*->\s*)(\w+)")


def _by_country(body: str, array: str) -> dict[int, float]:
    """`$array = array(x, a, b, ...)` in a class's code, indexed by countryID (index 0 is no
    country): {countryID: number}; {} when it is not such a list of numbers."""
    value = next((v for v, _ in find_arrays(body, array) if isinstance(v, list)), None)
    if not isinstance(value, list) or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                              for v in value):
        return {}
    return {cid: float(v) for cid, v in enumerate(value) if cid}


def _unmodelled(facts: ClassFacts, where: tuple[str, int, str], body: str) -> None:
    facts.mentions[len(facts.unmodelled)] = _numbers(body)
    facts.reads[where] = set(_STATIC_ARRAY.findall(body))
    facts.unmodelled.append(where)


def _mixin_classes(text: str, cls: str) -> list[tuple[int, int]]:
    """The spans of the classes in a class file that are a recognised mixin (`TSR_adjudicatorDiplomacy`)."""
    mixins = webdip_mixins()
    headers = list(_CLASS.finditer(text))
    spans = []
    for index, m in enumerate(headers):
        name = m.group(1)
        if name.endswith("_" + cls) and name[:-len(cls) - 1] in mixins:
            stop = headers[index + 1].start() if index + 1 < len(headers) else len(text)
            spans.append((m.start(), _body_end(text, m.end(), stop)))
    return spans


def _module_code(facts: ClassFacts, variant: VariantPhp) -> None:
    """Classes that are a recognised module's code, not unmodelled rules: those of the
    files a recognised mixin's class includes (Colonial's TSR_adjudicatorDiplomacy pulls
    in its adjMoveTSR classes in its adjudicate()), and those that read a variant.php array a module
    reads (`ColonialVariant::$transSibTerritories`, `$Game->Variant->river_left`, or a function of
    variant.php that reads one: Imperium's `river_move()`)."""
    def from_mixin(file: str) -> bool:
        seen = set()
        while file not in seen:
            if file in facts.mixin_included:
                return True
            seen.add(file)
            if file not in facts.included_by:
                return False
            file = facts.included_by[file]
        return False
    arrays = set(variant.arrays)

    def reads_array(where) -> bool:
        names = facts.reads.get(where, set())
        return bool(names & arrays or any(variant.methods.get(n, set()) & arrays for n in names))
    kept = [where for where in facts.unmodelled if not from_mixin(where[0]) and not reads_array(where)]
    # what the module's code keeps on the variant for other classes (Imperium's adjudicatorDiplomacy
    # fills $Game->Variant->river_moves for its adjMove): a class that reads only that is module code too
    shared = {n for where in facts.unmodelled if where not in kept for n in facts.reads.get(where, ())}
    facts.unmodelled = [where for where in kept if not (facts.reads.get(where) and facts.reads[where] <= shared)]


# `include_once("variants/X/classes/y.php");` and the other three forms: the argument up to the `;`
_INCLUDE = re.compile(r"\b(?:include|require)(?:_once)?\b(?P<arg>[^;\n]{0,300})")
# the path in it: a literal, or the game's own variant folder by name (Colonial's
# `l_r('variants/'.$Game->Variant->name.'/resources/x.php')`); l_r() only localises a path
_LITERAL = re.compile(r"^\s*\(?\s*(?:l_r\s*\(\s*)?(?P<q>['\"])(?P<path>[^'\"\n]{0,300})(?P=q)\s*\)?\s*\)?\s*$")
_OWN = re.compile(r"^\s*\(?\s*(?:l_r\s*\(\s*)?(?P<q>['\"])variants/(?P=q)\s*\.\s*\$(?:this|Game->Variant|Variant)->name"
                  r"\s*\.\s*(?P<r>['\"])/(?P<rest>[^'\"\n]{1,200})(?P=r)\s*\)?\s*\)?\s*$")
_VARIANT_FILE = re.compile(r"^variants/(?P<folder>[A-Za-z0-9_]{1,80})/(?P<rest>(?:[A-Za-z0-9_]{1,80}/){0,3}"
                           r"[A-Za-z0-9_.-]{1,80}\.php)$")
MAX_INCLUDES = 16       # files one class may pull in, includes of includes counted


def includes(text: str, variant: str):
    """(match, path) of each include in a class file's text: the path as written, or the
    game's own folder's file for an include by `$Game->Variant->name`; None when code
    names it."""
    for m in _INCLUDE.finditer(text):
        literal, own = _LITERAL.match(m.group("arg")), _OWN.match(m.group("arg"))
        yield m, literal.group("path") if literal else f"variants/{variant}/{own.group('rest')}" if own else None


def _read_file(facts: ClassFacts, root: Path, cls: str, shown: str, seen: set[str], variant: str) -> None:
    """Read a class file as part of `cls`: the files it includes first (their classes are
    what it extends), then its own. `variant` is the game's variant folder (the one an
    include names by `$Game->Variant->name`)."""
    if shown in seen:
        return
    seen.add(shown)
    try:
        text = strip_comments(read_text(root / shown, root))
    except (OSError, PhpDataError) as exc:
        line = getattr(exc, "line", 0) or 1
        facts.problems.append((shown, line, f"cannot read the data of {Path(shown).name}: "
                                            f"{getattr(exc, 'reason', exc)}"))
        return
    lines = Lines(text)
    if named := _HAZARD_NAME.search(text):
        facts.hazard_name = named.group(1)
    mixin_spans = _mixin_classes(text, cls)
    for m, path in includes(text, variant):
        if path is not None and not path.startswith("variants/"):
            continue            # webDiplomacy's own code: the standard rules
        target = _VARIANT_FILE.match(path or "")
        rel = path[len("variants/"):] if target else ""       # the variants folder is `root`
        where = (shown, lines.line(m.start()))
        if path is None:
            facts.unread.append((*where, f"{shown} includes a file named by code "
                                         f"({' '.join(m.group('arg').split())[:80]}), which the importer cannot "
                                         f"follow: what that file does is not imported"))
        elif target is None or not (root / rel).is_file() or not is_inside(root / rel, root):
            facts.unread.append((*where, f"{shown} includes {path}, which is not in the variants folder: what "
                                         f"that file does is not imported"))
        elif len(seen) > MAX_INCLUDES and rel not in seen:
            facts.unread.append((*where, f"{shown} includes {path}, one file more than the {MAX_INCLUDES} the "
                                         f"importer follows for a class: it is not imported"))
        else:
            facts.included_by.setdefault(rel, shown)
            if any(a <= m.start() < b for a, b in mixin_spans):
                facts.mixin_included.add(rel)
            _read_file(facts, root, cls, rel, seen, variant)
    try:
        _read_class_file(facts, cls, shown, text)
    except PhpDataError as exc:
        facts.problems.append((shown, exc.line or 1, f"cannot read the data of {Path(shown).name}: {exc.reason}"))


_MOVE_CHECK = re.compile(r"function\s+moveToTerrCheck\s*\([^)]{0,1000}\)\s*\{")
_MOVE_PAIR = re.compile(r"Unit->terrID\s*==\s*'?(\d{1,5})'?\s*&&\s*\$this->toTerrID\s*==\s*'?(\d{1,5})'?")
_CONTROLLER = re.compile(r"occupyingUnitID[^;]{0,200}?\bt\.terrID\s*=\s*(\d{1,5})")
_SWITCH = re.compile(r"SET\s+u\.countryID\s*=[^;]{0,200}?\bu\.terrID\s*=\s*(\d{1,5})")


def _canal_parts(facts: ClassFacts, cls: str, text: str) -> None:
    """The canal as Colonial's classes build it (the canals module is that rule): userOrderDiplomacy
    lets a unit move directly between two seas (`Unit->terrID == A && toTerrID == B`, and back), and
    OrderInterface gives the canal's own pseudo-territory's unit (`SET u.countryID = ... WHERE
    u.terrID = C`) to the country whose unit occupies a controlling territory (`t.terrID = D`)."""
    if cls == "userOrderDiplomacy":
        pairs = set()
        pos = 0
        while m := _MOVE_CHECK.search(text, pos):     # each body read once (not nested ones again)
            pos = _body_end(text, m.end())
            pairs |= {(int(a), int(b)) for a, b in _MOVE_PAIR.findall(text, m.end(), pos)}
        ends = [(a, b) for a, b in sorted(pairs) if a < b and (b, a) in pairs]
        if len(ends) == 1:
            facts.canal_parts["ends"] = list(ends[0])
    elif cls == "OrderInterface":
        control, switch = _CONTROLLER.search(text), _SWITCH.search(text)
        if control and switch:
            facts.canal_parts["control"] = [int(control.group(1)), int(switch.group(1))]


def _canal(facts: ClassFacts) -> None:
    """With both parts read, the canal is the Canal form; the classes whose code handles the
    canal's pseudo-territory are then that module, not unmodelled rules."""
    if "ends" not in facts.canal_parts or "control" not in facts.canal_parts:
        return
    (a, b), (through, own) = facts.canal_parts["ends"], facts.canal_parts["control"]
    facts.canal = (a, b, through, own)
    facts.found.setdefault("Canal", {})
    keep = []
    for index, where in enumerate(facts.unmodelled):
        (facts.canal_classes if own in facts.mentions.get(index, set()) else keep).append(where)
    facts.unmodelled = keep
    facts.mentions = {}


def _resolve(facts: ClassFacts, variant: VariantPhp) -> None:
    """Own builds classes become a module when both say the same (processOrderBuilds may
    only drop the limit); own neutral-unit processGame code is the neutral_armies module
    when the variant has neutral units. Anything else stays not modelled."""
    readings: dict[str, set] = {}
    additions = [where for _, reading, where in facts.builds if reading == "extends"]
    facts.builds = [b for b in facts.builds if b[1] != "extends"]
    facts.unmodelled += additions
    if not any(cls == "userOrderBuilds" for cls, _, _ in facts.builds):
        # a create() that only orders the opening builds changes nothing else: the start is data
        facts.builds = [b for b in facts.builds if b[1] != "standard"]
    for cls, reading, _ in facts.builds:
        readings.setdefault(cls, set()).add(reading)
    wanted = readings.get("userOrderBuilds", {None})
    process = readings.get("processOrderBuilds", {"unlimited"}) - {"unlimited"}
    reading = next(iter(wanted)) if len(wanted) == 1 else None
    form = BUILD_FORMS.get((reading or "").split(":")[0]) if process <= {reading} else None
    if form is None:
        if facts.default_builds is not None:     # a create() of opening builds, then webDiplomacy's: custom start
            facts.builds = [b for b in facts.builds if b[0] != "processOrderBuilds" or b[1] != "standard"]
        facts.unmodelled += [where if reading != "standard" or next(iter(wanted)) not in BUILD_FORMS else
                             (where[0], where[1], f"{where[2]}: it keeps webDiplomacy's count, so a power builds "
                                                  f"no more units than it has vacant home centres, wherever the "
                                                  f"userOrderBuilds class lets it place them")
                             for _, reading, where in facts.builds]
    if form:
        facts.found.setdefault(form, {"turn": int(reading.split(":")[1])} if ":" in reading else {})
    countries = {" ".join(c.lower().replace("-", " ").split()) for c in variant.countries}
    named = set(facts.start_units or {}) | set(facts.default_builds or {})
    neutral = "NeutralUnits" in facts.found or any(
        isinstance(n, str) and " ".join(n.lower().replace("-", " ").split()) not in countries for n in named)
    if not neutral:
        facts.unmodelled += facts.neutral_process


def _sql_reading(sql: str, owner: str) -> str | None:
    """Which centres a builds query allows: it must ask for the country's own (`ts.countryID
    = <owner>`), vacant supply centres; then no condition on `t.countryID` (the centre's
    home country) is build anywhere, `t.countryID != 0` any power's home centre; a condition on
    the centre's build flags instead (_FLAG_CONDITION) is the centres whose flags name the country."""
    sql, flagged = _FLAG_CONDITION.subn("", sql)
    if not (re.search(r"ts\.countryID\s*=\s*\"\s*\.\s*\$" + owner + r"->countryID", sql)
            and "occupyingUnitID IS NULL" in sql and re.search(r"t\.supply\s*=\s*'Yes'", sql)):
        return None
    where = sql.split("WHERE", 1)[-1].split("\")", 1)[0]      # to the end of the query string
    for condition in re.split(r"\bAND\b", re.sub(r"\bLIMIT\s+1\b", "", where)):
        if not _KNOWN_CONDITION.match(condition.strip(" \t\r\n\".")):
            return None         # another restriction (Baron1900's buildEligibilityFlags)
    home = _T_COUNTRY.findall(sql)
    if not home:
        return "flags" if flagged else "anywhere"
    if flagged:
        return None
    if all(op in ("!=", "<>", ">") and value.strip("\"'") == "0" for op, value in home):
        return "any_home"
    return None


def _only_parent(text: str, name: str) -> bool:
    """A function whose body only calls the parent's (`parent::__construct($id);`)."""
    body = " ".join((_function_body(text, name) or "").split())
    return bool(re.fullmatch(r"parent::" + name + r"\([^;()]{0,200}\) ?;", body))


_HEAD = re.compile(r"function\s+(\w+)\s*\([^)]{0,1000}\)\s*\{")


@lru_cache(maxsize=64)
def _heads(text: str) -> dict[str, int]:
    """Each function name of `text` -> the offset after its first head's `{`: found in one pass,
    since readers ask for many functions of one class (a search each was quadratic)."""
    found: dict[str, int] = {}
    for m in _HEAD.finditer(text):
        found.setdefault(m.group(1), m.end())
    return found


def _function_body(text: str, name: str) -> str | None:
    start = _heads(text).get(name)
    return text[start:_body_end(text, start) - 1] if start is not None else None


def _build_reading(cls: str, body: str, real: list[str]) -> str | None:
    """What an own userOrderBuilds / processOrderBuilds class does to builds, read from
    its SQL (Hundred, Pure, Imperium copy BuildAnywhere's; Imperial2 builds in any home
    centre): 'anywhere', 'any_home', 'unlimited' (create() only drops the count limit),
    or None when it does something else."""
    if cls == "userOrderBuilds":
        check = _function_body(body, "toTerrIDCheck")
        if check is None or set(real) - {"toTerrIDCheck", "__construct"} or "'Build Army'" not in check:
            return None
        homes = check_reading(check, _sql_reading, _body_end)     # the home centres of a set turn
        if homes is not None:
            return homes
        # the first `'Build Army')`, up to the first elseif after it (a lazy regex tried from
        # every `'Build Army')` read to the end of the text each time it found no elseif)
        army = re.search(r"type\s*==\s*'Build Army'\s*\)", check)
        end = check.find("elseif", army.end()) if army else -1
        return _sql_reading(check[army.end():end], r"this") if end >= 0 else None
    create = _function_body(body, "create")
    if "differenceForOnePower" in real:     # create() asks it each power's count (BuildBasedOnFlags)
        create = _function_body(body, "differenceForOnePower")
    if create is None or set(real) - {"create", "apply", "differenceForOnePower"} \
            or ("apply" in real and not _random_destroys(_function_body(body, "apply") or "")):
        return None
    homes = create_reading(create, _body_end)
    if homes is not None:
        return homes
    opening = _opening(create)
    if opening is not None:
        first, rest = opening
        if " ".join(rest.split()) == "parent::create();":
            return "standard" if set(real) == {"create"} else None
        create = rest          # the opening builds, then a create() of its own (ClassicChaos)
    if "'Destroy'" not in create:
        return None
    count = re.search(r"SELECT\s+COUNT\(\*\)", create)
    end = create.find(");", count.end()) if count else -1
    if end < 0:
        return "unlimited"
    return _sql_reading(create[count.end():end], r"Member")


_TURN_ZERO = re.compile(r"^\s*global\s+\$DB\s*,\s*\$Game\s*;\s*if\s*\(\s*\$Game->turn\s*==\s*0\s*\)\s*\{")
_ELSE = re.compile(r"\s*else\s*\{")


def _opening(create: str) -> tuple[str, str] | None:
    """(first turn, other turns) of a create() that in the first turn only orders the builds of
    $countryUnits (the CustomStart code, copied under the variant's own name: ClassicChaos,
    DutchRevolt; the default builds the importer reads), and in the others does what the
    `else` branch says (webDiplomacy's own create(), or build anywhere's). None otherwise."""
    m = _TURN_ZERO.match(create)
    if m is None:
        return None
    end = _body_end(create, m.end())
    other = _ELSE.match(create, end)
    if other is None:
        return None
    stop = _body_end(create, other.end())
    first = create[m.end():end - 1]
    if create[stop:].strip() or "$this->countryUnits" not in first or "'Destroy'" in first \
            or re.search(r"\$unitType\s*=\s*\"Build \"\s*\.\s*\$unitType", first) is None:
        return None
    return first, create[other.end():stop - 1]


_RANDOM_DESTROY = ("o.type = 'Destroy' AND m.success = 'No'", "t.supply = 'No'", "ORDER BY RAND()",
                   "INSERT INTO wD_Units")


def _random_destroys(apply: str) -> bool:
    """An apply() of build anywhere's (the BuildAnywhere variant's processOrderBuilds): the
    disbands a power did not order fall at random on its units off supply centres, since
    there are no home centres to measure the distance from."""
    code = " ".join(apply.split())
    return all(part in code for part in _RANDOM_DESTROY)


_FOG_HOLD = re.compile(r"SET\s+moveType\s*=\s*'Hold'\s+WHERE\s+moveType\s*=\s*'Support move'[^;]{0,300}"
                       r"fromTerrID\s+NOT\s+IN")


def _fog_code(cls: str, body: str, real: list[str]) -> set[str]:
    """The functions of an own class that only do what the Fog classes do (fog of war changes
    no adjudication): userOrderDiplomacy accepting support-moves and convoys unchecked,
    adjudicatorDiplomacy making a support of a move from an empty territory a hold before
    the standard adjudication, processGame wiping the hidden map images at the end."""
    wanted = {"userOrderDiplomacy": ("supportMoveFromTerrCheck", "checkConvoyPath"),
              "adjudicatorDiplomacy": ("adjudicate",), "processGame": ("setPhase",)}.get(cls, ())
    out = set()
    for name in set(real) & set(wanted):      # each body read once, only those fog code overrides
        code = " ".join((_function_body(body, name) or "").split())
        if cls == "userOrderDiplomacy":
            fog = code == "return true;"
        elif cls == "adjudicatorDiplomacy":
            fog = bool(_FOG_HOLD.search(code)) and code.endswith("return parent::adjudicate();")
        else:
            fog = code.startswith("parent::setPhase(") and "wipeCache" in code and code.count(";") == 2
        if fog:
            out.add(name)
    return out


_BID_OWNERS = re.compile(r"if\s*\(\s*\$this->turn\s*!=\s*0\s*\)\s*return\s+parent::updateOwners\(\)\s*;.{0,400}"
                         r"SET\s+ts\.countryID\s*=\s*m\.countryID.{0,300}m\.moveType\s*=\s*'Move'\s+AND\s+"
                         r"m\.success\s*=\s*'Yes'\s+AND\s+m\.toTerrID\s*=\s*ts\.terrID.{0,300}"
                         r"DELETE\s+FROM\s+wD_Units\s+WHERE\s+gameID\s*=\s*\"\s*\.\s*\$this->id\s*\)\s*;\s*$", re.DOTALL)


def _bidding_code(cls: str, body: str, real: list[str]) -> bool:
    """processGame code of the BiddingStart kind, under the variant's own name (GreekDip's
    GreekDipVariant_processGame): updateOwners after the first turn (the bidding) gives each
    territory to the country whose move to it succeeded and removes every unit; process()
    plays the initial builds at once after it."""
    if cls != "processGame" or set(real) != {"process", "updateOwners"}:
        return False
    owners = " ".join((_function_body(body, "updateOwners") or "").split())
    process = " ".join((_function_body(body, "process") or "").split())
    return bool(_BID_OWNERS.search(owners)) and "$this->turn==1" in process.replace(" ", "") \
        and process.count("parent::process()") >= 2


_MOVES_TO = re.compile(r"\$DB->sql_put\(\s*\"UPDATE\s+wD_Moves\s+SET\s+countryID\s*=\s*'?(\d{1,3})'?\s+WHERE\s+"
                       r"countryID\s*=\s*'?(\d{1,3})'?\s+AND\s+gameID\s*=\s*\"\s*\.\s*\$(?:Game|this)->id\s*\)\s*;")
_RETURN_PARENT = re.compile(r"return\s+parent::adjudicate\(\s*\)\s*;\s*$")


_RETREAT_AS = re.compile(r"^\$(\w{1,40}) ?= ?\$this->Unit->type ?; ?\$this->Unit->type ?= ?(['\"])(Army|Fleet)\2 ?; ?"
                         r"\$(\w{1,40}) ?= ?parent::toTerrIDCheck\( ?\) ?; ?\$this->Unit->type ?= ?\$\1 ?; ?"
                         r"return \$\4 ?;$")


def _retreat_as(cls: str, body: str, real: list[str]) -> str | None:
    """"A" or "F" when an own userOrderRetreats checks every retreat as if the unit were of that
    type (Pirates' clippers retreat one place: `$this->Unit->type = "Army";` around the parent's
    toTerrIDCheck), None otherwise."""
    if cls != "userOrderRetreats" or "toTerrIDCheck" not in real:
        return None
    code = " ".join(strip_comments(_function_body(body, "toTerrIDCheck") or "").split())
    m = _RETREAT_AS.match(code)
    return m.group(3)[0] if m else None


# `SELECT m.id FROM wD_Moves m JOIN wD_Units u ON (u.id = m.unitID) WHERE u.type='Army' ...` read
# row by row into `$Game->Variant->fregatte[]`: the move ids of one unit type, for the adjMove classes
_MOVE_LIST = re.compile(r"SELECT\s+m\.id\s+FROM\s+wD_Moves\s+m\s+(?:INNER\s+)?JOIN\s+wD_Units\s+u\s+ON\s*\(\s*"
                        r"u\.id\s*=\s*m\.unitID\s*\)\s+WHERE\s+u\.type\s*=\s*'(Army|Fleet)'\s+AND\s+m\.gameID\s*="
                        r"[^;]{0,100};\s*while\s*\(\s*list\(\s*\$(?P<v>\w{1,40})\s*\)\s*=\s*"
                        r"\$DB->tabl_row\(\s*\$\w{1,40}\s*\)\s*\)\s*\$Game->Variant->(\w{1,40})\[\]\s*=\s*\$(?P=v)\s*;")
# `if ( $this->countryID == 14 ) { $min += 3; $max += 3; }` and `in_array($this->id, $Game->Variant->fregatte)`
_BONUS = r"\)\s*\)?\s*\{\s*\$min\s*\+=\s*(\d{1,2}(?:\.\d{1,3})?)\s*;\s*\$max\s*\+=\s*\2\s*;\s*\}"
_COUNTRY_BONUS = re.compile(r"\$this->countryID\s*==\s*'?(\d{1,3})'?\s*" + _BONUS)
_LIST_BONUS = re.compile(r"in_array\(\s*\$this->id\s*,\s*\$Game->Variant->(\w{1,40})\s*" + _BONUS)
_STRENGTH_FUNCTIONS = {"__construct", "defenderMoving", "supportStrength", "_holdStrength", "_defendStrength"}


def _move_bonuses(cls: str, body: str, real: list[str]) -> tuple[dict, dict] | None:
    """({variant property: bonus}, {countryID: bonus}) of an own adjMove / adjHeadToHeadMove whose
    overrides only add a fixed strength to the moves of a list the adjudicatorDiplomacy fills (Pirates'
    frigates) or of a country (its hurricane), or None for any other code."""
    if cls not in ("adjMove", "adjHeadToHeadMove") or not set(real) <= _STRENGTH_FUNCTIONS:
        return None
    code = strip_comments(body)
    lists = {prop: float(n) for prop, n in _LIST_BONUS.findall(code)}
    countries = {int(cid): float(n) for cid, n in _COUNTRY_BONUS.findall(code)}
    left = _COUNTRY_BONUS.sub("", _LIST_BONUS.sub("", code))
    if not (lists or countries) or re.search(r"\$(?:min|max)\s*(?:\+=|-=|\*=)", left):
        return None
    return lists, countries


def _hold_bonus_lingers(body: str) -> dict[int, bool]:
    """{countryID: lingers} of the country bonuses an own adjMove's _holdStrength adds: True for one
    outside every block of the function (after the try / if-else that sets a hold of 0 when the
    move succeeds and 1 when it fails, as Pirates' does), so the province the move leaves keeps it;
    False for one inside a block (the failure branch: the standard reading)."""
    hold = _function_body(strip_comments(body), "_holdStrength")
    if hold is None:
        return {}
    found: dict[int, bool] = {}
    for m in _COUNTRY_BONUS.finditer(hold):
        before = hold[:m.start()]
        outside = before.count("{") == before.count("}")
        found[int(m.group(1))] = found.get(int(m.group(1)), outside) and outside
    return found


def _strength_by_unit_type(facts: ClassFacts) -> None:
    """The adjMove classes' bonus for one unit type's moves as the UnitStrength form; each class
    then stays not modelled only for its bonus to a country's moves, which the warning names."""
    if not facts.move_bonuses:
        return
    found: set[tuple[str, float]] = set()
    for where, lists, countries in facts.move_bonuses:
        if not set(lists) <= set(facts.move_lists):
            return
        found |= {(facts.move_lists[prop], bonus) for prop, bonus in lists.items()}
    if len(found) != 1:
        return
    [(kind, bonus)] = found
    facts.found["UnitStrength"] = {"kind": kind, "bonus": int(bonus) if bonus == int(bonus) else bonus}
    by_where = {where: countries for where, _, countries in facts.move_bonuses}
    kept = []
    for entry in facts.unmodelled:
        countries = by_where.get(entry)
        if countries is None:
            kept.append(entry)
        elif countries:
            name = entry[2].split(" ", 1)[0]
            said = "; ".join(f"every move of country#{cid} gains {n:g}" for cid, n in sorted(countries.items()))
            kept.append((entry[0], entry[1], f"{name} adds strength to moves: those of units of type "
                                             f"{'Army' if kind == 'A' else 'Fleet'} gain {bonus:g} (a rule "
                                             f"module plays it); not modelled: {said}, in attack, prevention, "
                                             f"defence and the hold of a failed move (the engine plays them "
                                             f"at the standard strength)"))
    facts.unmodelled = kept


_HAZARD_NAME = re.compile(r"\$this->countryIDToName\[\]\s*=\s*['\"]([A-Za-z][A-Za-z ]{0,30})['\"]\s*;")


def _hazard_part(facts: ClassFacts, cls: str, function: str, body: str, where: tuple) -> None:
    part = hazard_part(cls, function, _function_body(body, function) or "")
    if part is not None:
        facts.hazard_parts[part[0]] = ((where[0], where[1]), part[1])


def _hazard_form(facts: ClassFacts, variant: VariantPhp) -> None:
    """A unit of the country after the last of $countries that the classes place in every build
    phase and move in every movement phase (Pirates' hurricane) is the RovingHazard form: its
    classes are then the module's code, and the adjMove classes' bonus for that country its
    strength. With one of the two parts missing, each part stays a precise warning."""
    parts = facts.hazard_parts
    if "placement" not in parts or "moves" not in parts:
        return
    country = len(variant.countries) + 1
    bonuses = {countries[country] for _, _, countries in facts.move_bonuses if country in countries}
    if len(bonuses) > 1:
        return
    bonus = bonuses.pop() if bonuses else 0
    name = facts.hazard_name or "Hazard"
    power = re.sub(r"[^A-Z0-9]+", "_", name.upper()).strip("_") or "HAZARD"
    facts.found["RovingHazard"] = {"power": power, "name": name.lower(), "kind": parts["placement"][1]["kind"],
                                   "bonus": int(bonus) if bonus == int(bonus) else bonus,
                                   # every _holdStrength adds it after the success test: it lingers
                                   "lingers": facts.hold_bonus_lingers.get(country) == {True}}
    played = {where for where, _ in parts.values()}
    # an adjMove whose only bonus left unplayed is the hazard's (the unit-type one played, or none)
    alone = {where[:2] for where, lists, countries in facts.move_bonuses
             if set(countries) == {country} and (not lists or "UnitStrength" in facts.found)}
    facts.unmodelled = [w for w in facts.unmodelled if w[:2] not in played and w[:2] not in alone]
    facts.builds = [b for b in facts.builds if b[2][:2] not in played]


def _allied_moves(cls: str, body: str, real: list[str]) -> list[list[int]] | None:
    """The countries an adjudicatorDiplomacy's adjudicate() gives another country's moves before
    webDiplomacy's adjudication (Pirates' privateers: `UPDATE wD_Moves SET countryID=1 WHERE
    countryID=5`), so that the adjudication takes them for one: [[countryID, its allies...]], or
    None. The rest of adjudicate() may only read (what it reads for other classes, Pirates'
    frigates for its adjMove, is those classes' to say): no other write, no other parent call."""
    if cls != "adjudicatorDiplomacy" or "adjudicate" not in real:
        return None
    code = strip_comments(_function_body(body, "adjudicate") or "")
    pairs = _MOVES_TO.findall(code)
    rest = _MOVES_TO.sub("", code)
    if not pairs or not _RETURN_PARENT.search(rest):
        return None
    rest = _RETURN_PARENT.sub("", rest)
    if re.search(r"sql_put|\b(?:UPDATE|DELETE|INSERT)\b|parent::|\$this->", rest):
        return None
    groups: dict[int, list[int]] = {}
    for to, of in pairs:
        if int(to) != int(of):
            groups.setdefault(int(to), [int(to)]).append(int(of))
    return [g for _, g in sorted(groups.items())] or None


_IF = re.compile(r"\bif\s*\(")
_RETURN_WIN = re.compile(r"\s*return\s+\$win\s*;")
_OWNS = re.compile(r"^\$status\[\s*(\d{1,5})\s*\]\s*==\s*(\d{1,3})$")
_WINNER_IS = re.compile(r"^\$win->countryID\s*==\s*(\d{1,3})$")


def _split(text: str, word: str) -> list[str]:
    """`text` split at `word` (AND, OR; && and || too) outside parentheses."""
    parts, depth, start = [], 0, 0
    pattern = re.compile(rf"\(|\)|\b{word}\b|{'&&' if word == 'AND' else '[|][|]'}", re.IGNORECASE)
    for m in pattern.finditer(text):
        if m.group() in "()":
            depth += 1 if m.group() == "(" else -1
        elif depth == 0:
            parts.append(text[start:m.start()])
            start = m.end()
    return [p.strip() for p in parts + [text[start:]]]


MAX_CONDITION = 1000     # characters of an `if (...)` of a victory test: the scan for its end stops there


def _close(text: str, pos: int, stop: int) -> int:
    """Offset just after the `)` closing the `(` before pos, or -1 when it is not closed before
    `stop` (the next `if`: a condition holds none) nor within MAX_CONDITION characters, so a
    file of unclosed conditions costs linear time."""
    depth = 1
    for i in range(pos, min(stop, pos + MAX_CONDITION)):
        depth += (text[i] == "(") - (text[i] == ")")
        if depth == 0:
            return i + 1
    return -1


ANY_WINNER = 0      # the countryID _target_centres gives a test that holds for whoever wins
# Rinascimento's `list($rom_stat)=$DB->sql_row("SELECT countryID FROM wD_TerrStatus WHERE terrID=77 ...");`
_OWNER_ROW = re.compile(r"list\(\s*\$(\w{1,40})\s*\)\s*=\s*\$DB->sql_row\(\s*\"SELECT\s+countryID\s+FROM\s+wD_TerrStatus"
                        r"\s+WHERE\s+terrID\s*=\s*'?(\d{1,5})'?[^\"]{0,200}\"(?:\s*\.\s*\$[\w>-]{1,40})?\s*\)\s*;",
                        re.IGNORECASE)
_ANY_WINNER = re.compile(r"^\$win\s*=\s*parent::checkForWinner\(\)\s*;\s*if\s*\(\s*\$win\s*==\s*false\s*\)\s*return\s+false\s*;"
                         r"\s*(?P<rows>(?:global\s+[^;]{0,80};\s*)?(?:list\([^;]{0,400};\s*)+)"
                         r"if\s*\((?P<cond>[^{};]{1,400})\)\s*return\s+\$win\s*;\s*(?:else\s+)?return\s+false\s*;\s*$")
_SAME_OWNER = re.compile(r"^\$(\w{1,40})\s*==\s*\$win->countryID$|^\$win->countryID\s*==\s*\$(\w{1,40})$")


def _any_winner_owns(code: str) -> list[int] | None:
    """The territories webDiplomacy's winner must also own, whoever it is, written as
    Rinascimento does ("Winner need to occupie ROME"): `$win=parent::checkForWinner(); if
    ($win == false) return false;`, one `list($x)=$DB->sql_row("SELECT countryID FROM
    wD_TerrStatus WHERE terrID=77 ...")` a territory, then `if ($x == $win->countryID) return
    $win; else return false;`. None for any other code."""
    code = re.sub(r"^\s*global\s+[^;]{0,80};\s*", "", code.strip())
    whole = _ANY_WINNER.match(code)
    if whole is None:
        return None
    rows = {m.group(1): int(m.group(2)) for m in _OWNER_ROW.finditer(whole.group("rows"))}
    if len(rows) != whole.group("rows").count("list("):
        return None
    terrs = []
    for part in _split(whole.group("cond"), "AND"):
        same = _SAME_OWNER.match(" ".join(part.split()))
        name = same and (same.group(1) or same.group(2))
        if not name or name not in rows:
            return None
        terrs.append(rows[name])
    return terrs


def _target_centres(cls: str, body: str, real: list[str]) -> dict[int, list[list[int]]] | None:
    """A processMembers checkForWinner that keeps webDiplomacy's winner (parent::checkForWinner)
    only when it owns named territories (wD_TerrStatus), written as TenSixtySix does:
    `if ($win->countryID == 1 AND $status[11] == 1 AND ($status[45] == 1 OR $status[54] == 1))
    return $win;` per country (a country with no condition but its own, `if ($win->countryID == 4)
    return $win;`, needs nothing more), then `return false;`. {countryID: [[terrID, ...], ...]},
    one of each group to own; None for any other code."""
    code = _function_body(body, "checkForWinner") if cls == "processMembers" else None
    if code is None or set(real) - {"checkForWinner"} or "parent::checkForWinner()" not in code \
            or "wD_TerrStatus" not in code or not re.search(r"return\s+false\s*;\s*$", code):
        return None
    rows = _any_winner_owns(code)
    if rows is not None:
        return {ANY_WINNER: [[t] for t in rows]}
    out: dict[int, list[list[int]]] = {}
    ifs = list(_IF.finditer(code))
    for index, m in enumerate(ifs):
        end = _close(code, m.end(), ifs[index + 1].start() if index + 1 < len(ifs) else len(code))
        if end < 0 or not _RETURN_WIN.match(code, end):
            continue
        country, groups = None, []
        for part in _split(code[m.end():end - 1], "AND"):
            part = " ".join(part.split())
            winner = _WINNER_IS.match(part)
            if winner:
                country = int(winner.group(1))
                continue
            options = [_OWNS.match(o) for o in _split(part[1:-1] if part.startswith("(") else part, "OR")]
            if not all(options):
                return None
            groups.append([(int(o.group(1)), int(o.group(2))) for o in options])
        if country is None or any(c != country for g in groups for _, c in g):
            return None
        if groups:      # `if ($win->countryID == 4) return $win;`: that country needs nothing more
            out[country] = [[t for t, _ in g] for g in groups]
    return out or None


# the game's id in an SQL string: `".$this->Game->id."` (or at its end `".$this->Game->id`)
_GAME_ID = re.compile(r'"\s*\.\s*\$this->Game->id\s*(?:\.\s*"|(?=\s*\)))')
_COUNT_PARENT = re.compile(r"\s*(?:global\s+\$DB\s*;\s*)?parent::countUnitsSCs\(\s*\)\s*;\s*(?:global\s+\$DB\s*;\s*)?")
_COUNT_ROW = re.compile(r"list\(\s*\$(?P<var>\w{1,40})\s*\)\s*=\s*\$DB->sql_row\(\s*(?P<sql>\"[^;]{1,300}?)\)\s*;\s*")
_ROW_SQL = re.compile(r"\"SELECT countryID FROM wD_TerrStatus WHERE \(?\s*(?:gameID\s*=\s*GID\s+AND\s+terrID\s*=\s*"
                      r"'?(?P<a>\d{1,5})'?|terrID\s*=\s*'?(?P<b>\d{1,5})'?\s+AND\s+gameID\s*=\s*GID)\s*\)?\s*\"?",
                      re.IGNORECASE)
_COUNT_IF = re.compile(r"if\s*\(\s*\$(?P<var>\w{1,40})\s*==\s*'?(?P<cid>\d{1,3})'?\s*\)\s*\{\s*"
                       r"\$this->ByCountryID\[\s*'?(?P<minus>\d{1,3})'?\s*\]->supplyCenterNo\s*(?:--|-=\s*1)\s*;\s*"
                       r"(?:\$DB->sql_put\(\s*(?P<sql>\"[^;]{1,300}?)\)\s*;\s*)?\}\s*;?\s*")
_PUT_SQL = re.compile(r"\"UPDATE wD_Members SET supplyCenterNo = NUM WHERE \(?\s*(?:gameID\s*=\s*GID\s+AND\s+countryID"
                      r"\s*=\s*'?(?P<a>\d{1,3})'?|countryID\s*=\s*'?(?P<b>\d{1,3})'?\s+AND\s+gameID\s*=\s*GID)"
                      r"\s*\)?\s*\"?",
                      re.IGNORECASE)


def _uncounted_centres(cls: str, body: str, real: list[str]) -> dict[int, list[int]] | None:
    """A processMembers countUnitsSCs that counts as webDiplomacy does (parent::countUnitsSCs()),
    then takes one off a country's supplyCenterNo while that country owns a territory, written
    as Colonial does for China and Hong Kong: `list($owner)=$DB->sql_row("SELECT countryID FROM
    wD_TerrStatus WHERE (gameID=".$this->Game->id." AND terrID=9)"); if ($owner == 2) {
    $this->ByCountryID[2]->supplyCenterNo--; $DB->sql_put("UPDATE wD_Members SET supplyCenterNo
    = ...");}`, one such pair a territory. {countryID: [terrID, ...]}; None for any other code."""
    code = _function_body(body, "countUnitsSCs") if cls == "processMembers" and "countUnitsSCs" in real else None
    start = _COUNT_PARENT.match(code or "")
    if start is None:
        return None
    out: dict[int, list[int]] = {}
    pos = start.end()
    while pos < len(code):
        row = _COUNT_ROW.match(code, pos)
        test = row and _COUNT_IF.match(code, row.end())
        if not test:
            return None
        where = _ROW_SQL.fullmatch(" ".join(_GAME_ID.sub("GID", row.group("sql")).split()).rstrip())
        cid = int(test.group("cid"))
        put = test.group("sql")
        saved = _PUT_SQL.fullmatch(" ".join(re.sub(
            r'"\s*\.\s*\$this->ByCountryID\[\s*\'?' + str(cid) + r'\'?\s*\]->supplyCenterNo\s*\.\s*"', "NUM",
            _GAME_ID.sub("GID", put)).split()).rstrip()) if put else None
        if where is None or test.group("var") != row.group("var") or int(test.group("minus")) != cid \
                or (put and (saved is None or int(saved.group("a") or saved.group("b")) != cid)):
            return None
        out.setdefault(cid, []).append(int(where.group("a") or where.group("b")))
        pos = test.end()
    return out or None


def _neutral_only(body: str, real: list[str]) -> bool:
    """processGame code of the NeutralUnits kind: process() again when only the neutral
    pseudo-country has retreats, and the neutralHold support orders; no builds."""
    return real == ["process"] and "'Retreats'" in body and "orderStatus != 'None'" in body \
        and "Builds" not in body


# webDiplomacy's countryID of the neutral units, one past the last country, and the game's id,
# as the code splices them into its SQL: `".(count($this->Variant->countries) + 1)`, `".$this->id."`
_NEUTRAL_ID = re.compile(r"\"\s*\.\s*\(\s*count\(\s*\$this->Variant->countries\s*\)\s*\+\s*1\s*\)"
                         r"(?:\s*\.\s*\")?")
_SPLICED = re.compile(r"\"\s*\.\s*\$(?:this->)?(\w{1,40})(?:\s*\.\s*\"|\s*+\)*+\s*+$)")
_STATEMENT_END = re.compile(r"[;{]")


def _sql_parts(code: str, head: str, split: str) -> set[str] | None:
    """The conditions (or assignments) of the first query of `code` that starts with `head`
    (a regex), up to the statement's end: each with no spaces, in lower case, the neutral
    pseudo-country's id read as <neutral> and a spliced variable as <name>. None without one."""
    m = re.search(head, code, re.IGNORECASE)
    if m is None:
        return None
    end = code.find(";", m.end())
    text = " ".join(code[m.end():end if end >= 0 else None].split())      # one space a run: linear regexes
    text = re.sub(r"\" ?\. ?\"", "", text)                                  # "a"."b" is "ab"
    text = _SPLICED.sub(lambda v: f" <{v.group(1).lower()}> ", _NEUTRAL_ID.sub(" <neutral> ", text))
    return {"".join(part.split()).rstrip(")").strip('"').lower() for part in re.split(split, text, flags=re.I)}


def _country_and_rest(parts: set[str] | None) -> tuple[str | None, set[str]]:
    """The one `countryID = ...` of a query's parts (<neutral>, or a countryID written as a
    number) and the other parts; (None, parts) when there is not exactly one."""
    ids = [p for p in parts or () if p.startswith("countryid=")]
    value = ids[0][len("countryid="):].strip("'") if len(ids) == 1 else ""
    if value != "<neutral>" and not (value.isdecimal() and len(value) <= 3):
        return None, set(parts or ())
    return value, set(parts) - set(ids)


def _empty_neutral_query(code: str, select: str) -> str | None:
    """The country (<neutral>: one past the last, or its number) of a query of the territories
    it holds (wD_TerrStatus) that no unit occupies, conditions in any order; None for another query."""
    country, rest = _country_and_rest(_sql_parts(code, rf"SELECT\s+{select}\s+FROM\s+wD_TerrStatus\s+WHERE\s+",
                                                 r"\s+AND\s+"))
    return country if rest == {"occupyingunitidisnull", "gameid=<id>"} else None


def _statements(code: str) -> list[str]:
    """The top-level statements of a function body: an `if (...) {...}` block (or one whose
    body is a statement) or a statement up to its `;`."""
    out, i, n = [], 0, len(code)
    while i < n:
        while i < n and code[i].isspace():
            i += 1
        if i >= n:
            break
        start = i
        head = re.match(r"if\s*\(", code[i:i + 40])
        if head:
            close = _close(code, i + head.end(), n)
            if close < 0:
                return out + [code[start:]]
            i = close
            while i < n and code[i].isspace():
                i += 1
        m = _STATEMENT_END.search(code, i)
        if m is None:
            return out + [code[start:]]
        i = _body_end(code, m.end()) if m.group() == "{" else m.end()
        out.append(code[start:i])
    return out


def _rebuild_statement(code: str) -> str | None:
    """The country of `if ($this->phase == 'Builds') {...}` that orders for it (the neutral
    pseudo-country) a 'Build Army' in each empty territory it holds (KnownWorld_901: SELECT terrID
    ... INSERT INTO wD_Orders); None for other code."""
    if not re.match(r"if\s*\(\s*\$this->phase\s*==\s*'Builds'\s*\)", code):
        return None
    country = _empty_neutral_query(code, "terrID")
    builds, rest = _country_and_rest(_sql_parts(code, r"INSERT\s+INTO\s+wD_Orders\s+SET\s+", r"\s*,\s*"))
    ok = country is not None and builds == country and rest == {"gameid=<id>", "toterrid=<terrid>", "type='buildarmy'"}
    return country if ok else None


_PARENT_CHANGE = re.compile(r"\$(\w{1,40})\s*=\s*parent::changePhase\(\s*\)\s*;$")


def _neutral_rebuild(body: str, real: list[str]) -> str | None:
    """The functions of a processGame that are the neutral units' rebuild (KnownWorld_901): a
    changePhase that turns a new turn into a Builds phase while a territory the neutral
    pseudo-country holds is empty, and a process that then orders a 'Build Army' there (and
    besides may only do what NeutralUnits does: re-process a phase nobody has to order, the
    $neutralHold support-holds). The country it builds for (<neutral> or the countryID written),
    None when the code is not that."""
    if not {"changePhase", "process"} <= set(real):
        return None
    change = _statements(_function_body(body, "changePhase") or "")
    process = _statements(_function_body(body, "process") or "")
    call = next((s for s in change if _PARENT_CHANGE.match(s)), "")
    turn = _PARENT_CHANGE.match(call).group(1) if call else None
    plain = {"global $DB;", "parent::process();", f"return ${turn};", " ".join(call.split())}

    def writes(s: str) -> bool:      # code that changes more than the phase and the turn
        return bool(re.search(r"\b(?:INSERT|DELETE|REPLACE)\b|UPDATE\s+wD_(?!Games\s+SET\s+turn\s*=\s*turn\s*-\s*1\b"
                              r"|Orders\s+SET\s+type\s*=\s*'Support Hold')", s, re.IGNORECASE))

    countries = set()

    def change_ok(s: str) -> bool:
        if " ".join(s.split()) in plain:
            return True
        country = _empty_neutral_query(s, r"COUNT\(\*\)")
        countries.add(country)
        return s.startswith("if") and "setPhase('Builds')" in s.replace('"', "'").replace(" ", "") \
            and country is not None and not writes(s)

    def process_ok(s: str) -> bool:
        flat = " ".join(s.split())
        if flat in plain:
            return True
        country = _rebuild_statement(s)
        countries.add(country)
        return country is not None or (flat.startswith("if") and not writes(flat) and (
            "neutralHold" in flat or "orderStatus != 'None'" in flat and "process()" in flat))
    if turn is None or not all(map(change_ok, change)) or not all(map(process_ok, process)) \
            or not any(map(_rebuild_statement, process)):
        return None
    countries.discard(None)
    return countries.pop() if len(countries) == 1 else None


def _numbers(body: str) -> set[int]:
    return {int(n) for n in re.findall(r"\b\d{1,5}\b", body)}


def _terr_id(key: str) -> bool:
    """Whether a key reads as a whole number: decimal digits ('²' is a digit to isdigit but
    not to int()) and few enough (int() refuses a string of more than 4,300 digits)."""
    return key.isdecimal() and len(key) <= 9


# CustomCountries' assignTerritories: the game's powers by name, each the countryID of install.php
# whose territories it takes (`if ($name == 'England') $sourceID=1;`)
_SOURCE_ID = re.compile(r"if\s*\(\s*\$name\s*==\s*['\"]([^'\"\n]{1,60})['\"]\s*\)\s*\{?\s*\$sourceID\s*=\s*['\"]?(\d{1,3})\b")


def _first(found: list[tuple[object, int]]):
    for value, line in found:
        if isinstance(value, dict):
            return value, line
    return None, 1


def _read_class_file(facts: ClassFacts, cls: str, shown: str, text: str) -> None:
    lines = Lines(text)
    if cls in DETOUR_CLASSES:
        facts.code[cls] = (shown, text)
    _canal_parts(facts, cls, text)
    if cls == "adjudicatorPreGame":
        units, line = _first(find_arrays(text, "countryUnits"))
        if units is not None:
            facts.start_units, facts.start_where = units, (shown, line)
        if re.search(r"function\s+assignUnits\s*\(\s*\)\s*\{\s*\}", text):
            facts.no_initial_units = True
        named = _SOURCE_ID.findall(text)
        if named:
            facts.country_names = {int(cid): name for name, cid in named}
            facts.country_names_where = (shown, lines.line(_SOURCE_ID.search(text).start()))
    elif cls == "processOrderBuilds":
        units, line = _first(find_arrays(text, "countryUnits"))
        if units is None and (builds := opening_builds(text)):       # one `$newOrders[] = ...` a build
            units, line = builds, lines.line(text.find("$newOrders[]"))
        if units is not None:
            facts.default_builds, facts.builds_where = units, (shown, line)
        units, line = _first(find_arrays(text, "init_build"))
        if units is not None:
            facts.init_build, facts.init_build_where = units, (shown, line)
    elif cls == "drawMap":
        colours, line = _first(find_arrays(text, "countryColors"))
        if colours is not None:
            facts.colours = {int(k): tuple(int(c) for c in v[:3]) for k, v in colours.items()
                             if isinstance(v, list) and len(v) >= 3 and all(isinstance(c, int) for c in v[:3])
                             and _terr_id(str(k).lstrip("-"))}
            facts.colours_where = (shown, line)
        nsc, line = _first(find_arrays(text, "nsc_info"))
        if nsc is not None:
            facts.nsc_info = {int(k): int(v[0]) for k, v in nsc.items()
                              if isinstance(v, list) and v and isinstance(v[0], int) and _terr_id(str(k))}
            facts.nsc_where = (shown, line)
    headers = list(_CLASS.finditer(text))
    mixins = webdip_mixins()
    for index, m in enumerate(headers):
        name, base = m.group(1), m.group(2)
        # PHP nests no classes: a body ends at the next class at the latest (so each character
        # is read once, where a file of unclosed classes had each read to the end of the file)
        end = _body_end(text, m.end(), headers[index + 1].start() if index + 1 < len(headers) else len(text))
        body = text[m.end():end - 1]
        mixin = name[:-len(cls) - 1] if name.endswith("_" + cls) else None
        if mixin and mixin.endswith("Variant") and mixin[:-len("Variant")] in mixins:
            mixin = mixin[:-len("Variant")]    # a variant named after its mixin (BuildAnywhere)
        if cls == "userOrderBuilds" and _HELD_AT_START.search(body) and "ts.countryID" in body:
            facts.opening_held = True
        if mixin is None or mixin.endswith("Variant"):
            # the variant's own class: harmless when it only composes mixins
            own = re.sub(r"protected\s+\$countryUnits\s*=", "", body)
            functions = _FUNCTION.findall(own)
            real = [f for f, first in functions if first != "}"]
            if cls == "processGame" and _builds_first(own):
                facts.found.setdefault("CustomStart", {})    # opens with a build phase
                real = [f for f in real if f not in ("changePhase", "__construct")]
            if cls == "processGame" and "updateOwners" in real and owned_by_units(
                    _function_body(own, "updateOwners") or ""):
                facts.found.setdefault("OpeningOwnedByUnits", {})     # the opening builds choose the start
                real = [f for f in real if f != "updateOwners"]
            if cls == "processGame" and "updateOwners" in real and (
                    homes := homeland(_function_body(own, "updateOwners") or "")):
                facts.found["Homeland"] = {"country_terr_ids": homes, "where": (shown, lines.line(m.start()))}
                real = [f for f in real if f != "updateOwners" and not _only_parent(own, f)]
            check = _function_body(own, "toTerrIDCheck") or ""
            if (places := first_turn_places(cls, "toTerrIDCheck", check)) is not None:
                facts.opening_places = places    # the opening's build places (DutchRevolt's England)
                if describe(cls, name, "toTerrIDCheck", check) is None:
                    real = [f for f in real if f != "toTerrIDCheck"]
            if (removal := removal_anywhere(cls, "toTerrIDCheck", check)) is not None:
                # a Destroy always accepted in one territory: played where that territory is a
                # homeland (the engine removes a power's own unit whoever owns the centre)
                facts.removals_anywhere.append((removal, (shown, lines.line(m.start()), describe(
                    cls, name, "toTerrIDCheck", check) or removal_message(name, removal))))
                real = [f for f in real if f != "toTerrIDCheck" and not _only_parent(own, f)]
            targets = _target_centres(cls, own, real)
            if targets is not None:
                facts.found["TargetCentres"] = {"by_country": targets}
                real = [f for f in real if f != "checkForWinner"]
            rebuild = _neutral_rebuild(own, real) if cls == "processGame" else None
            if rebuild:
                facts.found["NeutralRebuild"] = {"where": [shown, lines.line(m.start())], "country": rebuild}
                real = [f for f in real if f not in ("changePhase", "process")]
            uncounted = _uncounted_centres(cls, own, real)
            if uncounted is not None:
                facts.found["UncountedCentres"] = {"country_terr_ids": uncounted,
                                                   "where": (shown, lines.line(m.start()))}
                real = [f for f in real if f != "countUnitsSCs"]
            if _bidding_code(cls, own, real):
                facts.found.setdefault("BiddingStart", {})     # GreekDip's own BiddingStart_processGame
                real = []
            retreat_as = _retreat_as(cls, own, real)
            if retreat_as:
                facts.found["RetreatAs"] = {"kind": retreat_as}
                real = [f for f in real if f != "toTerrIDCheck"]
            if cls == "adjudicatorDiplomacy":
                facts.move_lists.update({m.group(3): m.group(1)[0] for m in _MOVE_LIST.finditer(own)})
            allied = _allied_moves(cls, own, real)
            if allied is not None:
                facts.found["AlliedMoves"] = {"country_groups": allied, "where": (shown, lines.line(m.start()))}
                real = [f for f in real if f != "adjudicate"]
            fog = _fog_code(cls, own, real)
            if fog:
                facts.found.setdefault("Fog", {})       # ClassicFog's own classes are the Fog classes
                real = [f for f in real if f not in fog]
            if cls in RULE_CLASSES and real and cls != "adjudicatorPreGame":
                where = (shown, lines.line(m.start()), f"{name} overrides {', '.join(real)} of {cls} "
                                                       f"({RULE_CLASSES[cls]}) with the variant's own code")
                own_code = [f for f in real if not _only_parent(own, f)]
                precise = describe(cls, name, own_code[0], _function_body(own, own_code[0]) or "") \
                    if len(own_code) == 1 else None
                if len(own_code) == 1:
                    _hazard_part(facts, cls, own_code[0], own, where)
                if precise:     # one-off code read closely enough to say what is not modelled
                    where = (shown, where[1], precise)
                if cls in ("userOrderBuilds", "processOrderBuilds"):
                    # a class that extends another builds class of the variant's adds code of its own
                    # to the rule the other one reads as: that stands, the additions stay not modelled
                    reading = "extends" if base.endswith("Variant_" + cls) else _build_reading(cls, own, real)
                    facts.builds.append((cls, reading, where))
                elif cls == "processGame" and _neutral_only(own, real):
                    facts.neutral_process.append(where)
                elif (bonuses := _move_bonuses(cls, own, real)) is not None:
                    _unmodelled(facts, where, body)
                    facts.move_bonuses.append((where, *bonuses))
                    for country, lingers in _hold_bonus_lingers(own).items():
                        facts.hold_bonus_lingers.setdefault(country, set()).add(lingers)
                else:
                    _unmodelled(facts, where, body)
            continue
        if mixin in mixins:
            facts.found.setdefault(mixin, {})
            if cls == "processGame" and "'Build Army'" in body:    # a NeutralUnits that rebuilds them
                rebuild = _neutral_rebuild(body, [f for f, first in _FUNCTION.findall(body) if first != "}"])
                if rebuild:
                    facts.found["NeutralRebuild"] = {"where": [shown, lines.line(m.start())], "country": rebuild}
                else:
                    _unmodelled(facts, (shown, lines.line(m.start()), f"{name} builds units in a form the "
                                                                      "importer does not read"), body)
            if mixin in forms_naming_countries():
                ids = facts.found[mixin].setdefault("country_ids", [])
                ids += sorted({int(c) for c in _COUNTRY_ID.findall(body)} - set(ids))
            for array in mixin_country_values().get(mixin, ()):
                values = _by_country(body, array)
                if values:
                    facts.found[mixin].setdefault("country_values", {})[array] = values
        elif (targets := _target_centres(cls, body, [f for f, first in _FUNCTION.findall(body)
                                                     if first != "}"])) is not None:
            facts.found["TargetCentres"] = {"by_country": targets}
        elif (uncounted := _uncounted_centres(cls, body, ["countUnitsSCs"])) is not None \
                and [f for f, first in _FUNCTION.findall(body) if first != "}"] == ["countUnitsSCs"]:
            facts.found["UncountedCentres"] = {"country_terr_ids": uncounted,    # a mixin of that code only
                                               "where": (shown, lines.line(m.start()))}
        elif mixin in DISPLAY_MIXINS or f"{mixin}_{cls}" in DISPLAY_MIXINS or cls not in RULE_CLASSES:
            continue
        else:
            where = (shown, lines.line(m.start()), f"{name} changes {cls} ({RULE_CLASSES[cls]}); "
                                                   f"no Mapwright rule module reproduces '{mixin}'")
            real = [f for f, first in _FUNCTION.findall(body)
                    if first != "}"]
            precise = describe(cls, name, real[0], _function_body(body, real[0]) or "") if len(real) == 1 else None
            if len(real) == 1:
                _hazard_part(facts, cls, real[0], body, where)
            if precise:     # one-off code read closely enough to say what is not modelled
                where = (shown, where[1], precise)
            if cls in ("userOrderBuilds", "processOrderBuilds"):
                facts.builds.append((cls, _build_reading(cls, body, real), where))
            else:
                _unmodelled(facts, where, body)


_FLAG_VALUE = re.compile(r"\$(\w{1,60})\s*=\s*(\d{1,3})\s*(?:<<\s*(\d{1,2})\s*)?;")


def build_flags(territories: list[dict], install_text: str) -> dict[int, list[int]] | None:
    """{countryID: [terrID]} of install.php's `buildEligibilityFlags` column: bit n of a
    territory's flags lets country n build there. A flag is a number or a variable set to one
    (`$turkeyFlag = 1 << 7;`); None when a flag is neither."""
    values = {name: int(base) << int(shift or 0) for name, base, shift in _FLAG_VALUE.findall(install_text)}
    out: dict[int, list[int]] = {}
    for terr_id, row in enumerate(territories, start=1):
        flag = row.get("buildEligibilityFlags")
        if flag is None:
            continue
        flag = values.get(flag.name) if hasattr(flag, "name") else flag
        if not isinstance(flag, int) or isinstance(flag, bool) or flag < 0:
            return None
        for cid in range(1, flag.bit_length()):
            if flag >> cid & 1:
                out.setdefault(cid, []).append(terr_id)
    return out


# --- a way between territories taken the long way round (Baron1900's around Africa) ----------
DETOUR_CLASSES = ("userOrderDiplomacy", "adjMove", "adjudicatorDiplomacy", "adjudicatorRetreats",
                  "adjHeadToHeadMove", "adjSupportHold", "adjSupportMove", "adjConvoyMove",
                  "userOrderBuilds", "processOrderBuilds", "processMembers",     # these three: _emergency
                  "adjParadoxException")
# what the adjudicator's decision classes do with the moves the detour's adjudicatorDiplomacy marks
# (`$Game->Variant->moveAroundAfrica[] = $id`): the module plays all but the convoyed ones
_MARKED = re.compile(r"Variant->(\w{1,80})\[\]\s*=")
_KEPT = re.compile(r"Variant->(\w{1,80})(?:\[\w{0,20}\])?\s*=[^=]")       # any property it sets on the variant
_DECISIONS_PLAYED = ("adjMove", "adjHeadToHeadMove", "adjSupportHold", "adjSupportMove")
_REF = r"(\w{1,80}::\$\w{1,80}|\$\w{1,80}|'?\d{1,5}'?)"
# `$this->Unit->terrID == A && in_array($this->toTerrID, B)` and the way back
_ONE_TO_MANY = re.compile(r"Unit->terrID\s*==\s*" + _REF + r"\s*&&\s*in_array\(\s*\$this->toTerrID\s*,\s*" + _REF + r"\s*\)")
_MANY_TO_ONE = re.compile(r"in_array\(\s*\$this->Unit->terrID\s*,\s*" + _REF + r"\s*\)\s*&&\s*\$this->toTerrID\s*==\s*" + _REF)
_REFUSES = re.compile(r"function\s+support(?:Hold|Move)ToTerrCheck\s*\([^)]{0,200}\)\s*\{[^}]{0,400}?"
                      r"if\s*\(\s*\$this->(\w{1,80})\(\s*\)\s*\)\s*return\s+false\s*;")
_HALVED = re.compile(r"\$\w{1,40}\[\s*[\"']min[\"']\s*\]\s*-=\s*(0?\.5|1)\s*;")
_STATIC_VALUE = re.compile(r"\bstatic\s+\$(\w{1,80})\s*=\s*'?(\d{1,5})'?\s*;")
_STATIC_IDS = re.compile(r"\bstatic\s+\$(\w{1,80})\s*=\s*array\(\s*((?:'?\d{1,5}'?\s*,\s*){0,200}'?\d{1,5}'?)\s*,?\s*\)\s*;")
# adjudicatorRetreats: the retreats between the ends renamed 'Move' so the standard adjudicator
# passes over them, then failed where another retreat goes (`SET success = 'No'`)
_RETREATS_GIVE_WAY = (re.compile(r"SET\s+m\.moveType\s*=\s*'Move'\s+WHERE\s+m\.moveType\s*=\s*'Retreat'"),
                      re.compile(r"parent::adjudicate\(\s*\)"),
                      re.compile(r"COUNT\(\s*m\.id\s*\)[^;]{0,400}?>\s*1"),
                      re.compile(r"SET\s+success\s*=\s*'No'"))


def _ids(ref: str, statics: dict[str, int], text: str) -> list[int] | None:
    """The terrIDs a reference in the code stands for: a number, a static property of
    variant.php (`Baron1900Variant::$egyptID`), or a local `$name = array(...)` of those."""
    ref = ref.strip("'")
    if ref.isdecimal():
        return [int(ref)]
    if "::$" in ref:
        value = statics.get(ref.split("::$")[1])
        return None if value is None else [value]
    m = re.search(r"\$" + re.escape(ref[1:]) + r"\s*=\s*array\(([^()]{0,400})\)\s*;", text)
    if not m:
        return None
    out = []
    for item in (i.strip() for i in m.group(1).split(",") if i.strip()):
        found = _ids(item, statics, "")
        if found is None:
            return None
        out += found
    return out


def detour_reading(code: str, strength: str, statics: dict[str, int]) -> dict | None:
    """The Detour form: a userOrderDiplomacy class whose support checks return false for a
    unit in A supporting into any of B and for one in B supporting into A (Baron1900's
    NoSupportAroundSouthAfrica), and an adjMove whose supportStrength takes 0.5 or 1 off
    (the moves between A and B): {terr_id_sides: [[A], [B]], loss}; None for anything else."""
    refused = set(_REFUSES.findall(code))
    loss = _HALVED.search(strength)
    own = {f for f, first in _FUNCTION.findall(code) if first != "}"}
    if not refused or not loss or own - refused - {"supportHoldToTerrCheck", "supportMoveToTerrCheck", "__construct"}:
        return None
    for name in refused:
        body = _function_body(code, name) or ""
        there, back = _ONE_TO_MANY.search(body), _MANY_TO_ONE.search(body)
        if not there or not back:
            return None
        one, many = _ids(there.group(1), statics, code), _ids(there.group(2), statics, code)
        if one is None or many is None or (_ids(back.group(2), statics, code), _ids(back.group(1), statics, code)) \
                != (one, many):
            return None
    return {"terr_id_sides": [one, many], "loss": float(loss.group(1))}


def convoy_reading(code: str, loss: float, static_arrays: dict[str, list[int]]) -> list[int] | None:
    """The convoy form of a detour: an adjConvoyMove class whose supportStrength takes the
    detour's loss off (an army convoyed the long way round), sparing it when the fleets of one
    static array of variant.php all convoy it (`$mediterraneanTerritories`: the short way, as
    terrIDs; [] when the class names none); None for anything else."""
    taken = _HALVED.search(code)
    if not taken or float(taken.group(1)) != loss or "supportStrength" not in code:
        return None
    named = [a for a in dict.fromkeys(re.findall(r"::\$(\w{1,80})", code)) if a in static_arrays]
    if len(named) > 1:
        return None
    return static_arrays[named[0]] if named else []


def _detour(facts: ClassFacts, root: Path, variant: VariantPhp) -> None:
    """The Detour form, from the classes DETOUR_CLASSES read; their unmodelled entries then
    say only what the detours module does not play: an army convoyed the long way round
    (adjudicatorDiplomacy's convoy code) and the retreats along it (adjudicatorRetreats)."""
    if "userOrderDiplomacy" not in facts.code or "adjMove" not in facts.code:
        return
    try:
        php = strip_comments(read_text(root / variant.folder / "variant.php", root))
    except (OSError, PhpDataError):
        return
    statics = {k: int(v) for k, v in _STATIC_VALUE.findall(php)}
    static_arrays = {k: [int(x.strip().strip("'")) for x in v.split(",") if x.strip()]
                     for k, v in _STATIC_IDS.findall(php)}
    found = detour_reading(facts.code["userOrderDiplomacy"][1], facts.code["adjMove"][1], statics)
    if found is None:
        return
    facts.found["Detour"] = found
    # the adjudicators' code about the detour names its ends as the support check does
    names = set(re.findall(r"::\$(\w{1,80})", facts.code["userOrderDiplomacy"][1]))
    ids = {str(t) for side in found["terr_id_sides"] for t in side}

    def about_it(cls: str) -> bool:
        text = facts.code.get(cls, ("", ""))[1]
        return bool(text) and (any(re.search(r"::\$" + n + r"\b", text) for n in names)
                               or any(re.search(r"\b" + t + r"\b", text) for t in ids))
    files = {cls: shown for cls, (shown, _) in facts.code.items()}
    convoys = "moveType='Convoy'" in facts.code.get("adjudicatorDiplomacy", ("", ""))[1]
    precise = {files.get("userOrderDiplomacy"): None}
    if about_it("adjudicatorDiplomacy"):    # the moves it marks are the module's; its convoys are not
        precise[files["adjudicatorDiplomacy"]] = (
            "its convoy code is not modelled (movement phase): an army convoyed the long way round attacks "
            "here at full strength, where the variant halves it") if convoys else None
    marked = set(_MARKED.findall(facts.code.get("adjudicatorDiplomacy", ("", ""))[1]))

    def reads_marked(cls: str) -> bool:
        text = facts.code.get(cls, ("", ""))[1]
        return any(re.search(r"Variant->" + n + r"\b", text) for n in marked)
    for cls in _DECISIONS_PLAYED:
        if reads_marked(cls):       # a detour move weaker in a head-to-head, cutting a support only by dislodging
            precise[files[cls]] = None
    if reads_marked("adjConvoyMove") or about_it("adjConvoyMove"):
        short_way = convoy_reading(facts.code["adjConvoyMove"][1], found["loss"], static_arrays) \
            if convoys else None
        if short_way is None:
            precise[files["adjConvoyMove"]] = (
                "its convoy code is not modelled (movement phase): an army convoyed the long way round attacks "
                "here at full strength, where the variant halves it unless every listed fleet convoys it")
        else:       # the detours module plays it (its `convoys`), with the short way the class lists
            found["convoys"] = True
            precise[files["adjConvoyMove"]] = precise[files["adjudicatorDiplomacy"]] = None
            if short_way:
                found["terr_ids_short_way"] = short_way
    kept = set(_KEPT.findall(facts.code.get("adjudicatorDiplomacy", ("", ""))[1]))
    paradox = facts.code.get("adjParadoxException", ("", ""))[1]
    if kept and any(re.search(r"Variant->" + n + r"\b", paradox) for n in kept):
        one = ", ".join(map(str, found["terr_id_sides"][0]))
        precise[files["adjParadoxException"]] = (
            f"its paradox rule is not modelled (movement phase): in a paradox whose decisions include the move "
            f"from terr#{one} the long way round, the variant makes that move fail and cuts the support of "
            "the unit it attacks, besides holding the convoys (the Szykman rule); here no rule singles that "
            "move out: the phase is settled by its decisions (one consistent outcome stands, and only a cycle "
            "with none or two is a paradox, settled by the Szykman rule)")
    if about_it("adjudicatorRetreats"):
        if all(r.search(facts.code["adjudicatorRetreats"][1]) for r in _RETREATS_GIVE_WAY):
            found["retreats"] = True        # the detours module plays it (its `retreats`)
            precise[files["adjudicatorRetreats"]] = None
        else:
            precise[files["adjudicatorRetreats"]] = (
                "its retreats along the long way round are not modelled (retreat phase): such a retreat and "
                "another retreat into the same province both fail here, where the variant lets the other one "
                "through")
    keep = []
    for where in facts.unmodelled:
        if where[0] not in precise:
            keep.append(where)
        elif precise[where[0]] is not None:
            keep.append((where[0], where[1], f"{where[2].split(' overrides ')[0]}: {precise[where[0]]}"))
    facts.unmodelled = keep


# --- emergency measures (Baron1900's Russian EMR): the emergency_measures module --------------
# `SELECT count(*) FROM wD_TerrStatus WHERE ... terrID IN(86,91,92,97) AND countryID=6` then
# `if ($n > 0 && $n < 4)`: the country holds some but not all of those territories
_EMERGENCY = re.compile(r"SELECT\s+count\(\*\)\s+FROM\s+wD_TerrStatus\s+WHERE[^;]{0,200}?terrID\s+IN\s*\(\s*"
                        r"([\d,\s]{1,200})\)\s*AND\s+countryID\s*=\s*(\d{1,3})[^;]{0,40};\s*"
                        r"if\s*\(\s*\$\w{1,60}\s*>\s*0\s*&&\s*\$\w{1,60}\s*<\s*(\d{1,3})\s*\)", re.I)
# the build check's site and unit: `$this->type != 'Build Army' || $this->toTerrID != 54`
_SITE = re.compile(r"toTerrID\s*!=\s*'?(\d{1,5})'?")
_SITE_UNIT = re.compile(r"\$this->type\s*!=\s*'Build (Army|Fleet)'")
# the count the country keeps while in effect: `supplyCenterNo + 1`
_EXTRA = re.compile(r"supplyCenterNo\s*\+\s*(\d{1,2})\b")
# a checkForWinner that gives the game to the one member with the most centres once any reaches the
# target, and to nobody on a tie: the standard victory as Mapwright plays it
_MOST_OR_NONE = re.compile(r"if\s*\(\s*count\(\s*\$(\w{1,40})\s*\)\s*>\s*1\s*\)\s*\{?\s*return\s+false\s*;")
_EMERGENCY_CLASSES = ("userOrderBuilds", "processOrderBuilds", "processMembers")


def _own_class(text: str, pos: int) -> tuple[int, str, str] | None:
    """(start, name, body) of the class of `text` that holds position `pos`."""
    headers = list(_CLASS.finditer(text))
    for index, m in enumerate(headers):
        end = _body_end(text, m.end(), headers[index + 1].start() if index + 1 < len(headers) else len(text))
        if m.start() <= pos < end:
            return m.start(), m.group(1), text[m.end():end - 1]
    return None


def _emergency_code(body: str, asks: str, winner: bool) -> bool:
    """Whether every function of an emergency class is the rule: the one that asks whether it is
    in effect (`asks`), one that calls it or counts `supplyCenterNo + N`, one that only calls the
    parent's, or (`winner`) checkForWinner and the functions it calls, the standard victory."""
    winning = _function_body(body, "checkForWinner") or "" if winner else ""
    calls = set(re.findall(r"\$this->(\w{1,80})\(", winning))
    for name, first in _FUNCTION.findall(body):
        code = _function_body(body, name) or ""
        if first == "}" or name == asks or f"{asks}(" in code or _EXTRA.search(code) or _only_parent(body, name) \
                or (winner and name in {"checkForWinner", *calls}):
            continue
        return False
    return True


def _emergency(facts: ClassFacts) -> None:
    """Builds and members classes that play an emergency measure (a country holding some but not
    all of listed territories keeps N units more than its centres and may build in another
    territory) are the emergency_measures module, found as {country_terr_ids: {country: [terrID]},
    terr_id_sides: [[site terrID]], extra, unit}, when each of their functions is the rule's.
    Otherwise the unmodelled entries say which order and which phase is not played."""
    # comments blanked, offsets kept: a comment's apostrophe (`it's`) would open a string for _body_end
    code = {cls: (shown, strip_comments(text)) for cls, (shown, text) in facts.code.items()
            if cls in _EMERGENCY_CLASSES}
    found = {cls: _EMERGENCY.search(text) for cls, (_, text) in code.items()}
    rule = next((m for m in found.values() if m), None)
    if rule is None:
        return
    terr_ids = [int(t) for t in rule.group(1).split(",") if t.strip()]
    country = int(rule.group(2))
    check = code.get("userOrderBuilds", ("", ""))[1]
    site, unit = _SITE.search(check), _SITE_UNIT.search(check)
    extras = {int(n) for cls in _EMERGENCY_CLASSES if found.get(cls) for n in _EXTRA.findall(code[cls][1])}
    members = code.get("processMembers", ("", ""))[1]
    standard_winner = bool(_MOST_OR_NONE.search(members))
    played = len(extras) == 1 and int(rule.group(3)) == len(set(terr_ids)) and (site is not None
                                                                                 or not found.get("userOrderBuilds"))
    lines = {}
    for cls, m in found.items():
        if not m:
            continue
        shown, text = code[cls]
        own = _own_class(text, m.start())
        asks = next((name for name, _ in _FUNCTION.findall(own[2]) if m.group(0) in (_function_body(own[2], name)
                                                                                        or "")), None) if own else None
        played = played and asks is not None and _emergency_code(own[2], asks, cls == "processMembers"
                                                                 and standard_winner)
        if own:
            lines[shown] = Lines(text).line(own[0])
    if played:
        facts.found["EmergencyMeasures"] = {"country_terr_ids": {country: terr_ids}, "extra": extras.pop(),
                                            "terr_id_sides": [[int(site.group(1))]] if site else [],
                                            "unit": {"Army": "A", "Fleet": "F"}[unit.group(1)] if unit else "any"}
        kept = [(i, w) for i, w in enumerate(facts.unmodelled) if lines.get(w[0]) != w[1]]
        facts.mentions = {new: facts.mentions[old] for new, (old, _) in enumerate(kept) if old in facts.mentions}
        facts.unmodelled = [w for _, w in kept]
        return
    terrs = ", ".join(map(str, terr_ids))
    state = (f"the emergency measures are not modelled (adjustment phase): while countryID {country} owns some "
             f"but not all of territories {terrs}, it keeps one unit more than its centres")
    said = {"userOrderBuilds": f"{state} and may build an army in terr#{site.group(1) if site else '?'}, "
                               "vacant and not a supply centre; here such a build is illegal",
            "processOrderBuilds": f"{state}: here it builds one fewer or removes one more",
            "processMembers": f"{state}, so its builds phase is due when it has that many units"}
    if standard_winner:
        said["processMembers"] += ("; its checkForWinner is the standard victory Mapwright plays (the target, and "
                                   "more centres than any other country: a tie plays on)")
    files = {facts.code[cls][0]: text for cls, text in said.items() if found.get(cls) and cls in facts.code}
    facts.unmodelled = [(w[0], w[1], f"{w[2].split(' overrides ')[0]}: {files[w[0]]}")
                        if w[0] in files and " overrides " in w[2] else w for w in facts.unmodelled]
