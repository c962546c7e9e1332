"""Import a webDiplomacy / vDiplomacy variant folder as a complete Mapwright game.

    mapwright import webdiplomacy VARIANTS/NAME -o content/<game>

Reads, never executes (all PHP is read as text):
- install.php: territories (every territory block), types, supply centres, owners,
  label points, borders with their fleet/army flags; an install.php that only
  `require_once`s another variant's is followed, inside the variants folder only;
- variant.php: names, credits, version, homepage, licence header, countries, the
  supply-centre target, the start year (turnAsDate), the classes it overrides, and a
  parent variant it extends (looked up beside it);
- classes/*.php (webdip_classes.py): starting units, custom-start default builds,
  country colours, coloured neutral centres, and which rules the classes change;
- rules.html / rules.php: converted to a Markdown rules page (webdip_rules.py);
- the interactive-map PNG (interactiveMap/IA_map.png or IA_smallmap.png): traced
  into outlines; `--colours IMAGE` samples each power's colour from a coloured map.

Writes map.yaml and geometry.yaml (the importer's: byte-for-byte reproducible from
the same inputs and options, the header records the options), and, only when they
do not exist yet, game.yaml and rules/01-rules.md (the author's from then on).
Hand-completed map data lives in overlay.yaml and is never touched.

    mapwright import webdiplomacy Classic --geometry-only --ids-from content/classic/map.yaml \
        --seed SWI=228,255 -o content/classic

writes geometry.yaml only, keyed by an existing map's ids: territories are matched
to its provinces by name or alias (id_map.py), split coasts paired by code (or the
one left over), and --seed traces provinces the variant lacks (Classic's black
Switzerland) at a pixel. Points (labels, coast labels, seeds) are in the traced
image's pixels: (sx, sy) on webDiplomacy's small maps, (x, y) on the large ones.
"""
from __future__ import annotations

import html
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import CODES, Diagnostic, INFO, WARNING, register
from ..families.diplomacy.rules import import_options, opens_with_builds, recognised
from ..writing import write_files as write_safely
from .id_map import name_key
from .php_arrays import PhpDataError, read_install_php
from .spelling import Speller
from .webdip_deleted_borders import closed
from .webdip_classes import ANY_WINNER, ClassFacts, build_flags, read_classes
from .webdip_variant import VariantPhp, include_target, read_text, read_variant
from .yaml_writer import document, map_text
from ..paths import is_inside
from ..progress import step

BAD_PHP = register("IMP001", "install.php cannot be read as data",
                   "The importer reads install.php as text and expects the literal "
                   "$territoryRawData and $bordersRawData arrays. Fix or regenerate the file; "
                   "the message names the offending line.")
UNKNOWN_TERRITORY = register("IMP002", "Border or unit names an unknown territory",
                             "A border row, starting unit, default build or coloured neutral centre names a "
                             "territory that install.php does not define. Correct the name in the source data.")
CONFLICTING_BORDER = register("IMP003", "Border given twice with different flags",
                              "The same pair of territories appears twice with different fleet/army flags. "
                              "The importer keeps the union; check which is meant.", WARNING)
EMPTY_BORDER = register("IMP004", "Border allows no unit",
                        "A border row says neither fleets nor armies may cross; it is skipped.", WARNING)
NO_COLOUR = register("IMP005", "Territory has no colour of its own in the interactive map",
                     "A territory's label point lies outside the image, on a separator line, or on a "
                     "colour another territory already uses, so its outline cannot be traced. "
                     "Fix the label coordinates (sx, sy) or the image.", WARNING)
NO_OUTLINE = register("IMP006", "Territory traced with no outline",
                      "No pixels of the territory's colour survived tracing. Check the image.", WARNING)
MISSING_INPUT = register("IMP007", "Variant folder incomplete",
                         "The variant folder lacks a file the importer needs (install.php, variant.php). "
                         "Pass the folder that holds them.")
NO_PROVINCE = register("IMP009", "Territory matches no province of the id map",
                       "With --ids-from, every territory (and split coast) of the variant must match a "
                       "province of the given map.yaml by name, alias or id (case, accents and punctuation "
                       "ignored), and no two territories may match the same province. Add the variant's "
                       "name as an alias in map.yaml, or correct the name.")
NO_TERRITORY = register("IMP010", "Province of the id map has no territory in the variant",
                        "A province of the --ids-from map.yaml matched no territory of the variant, so it "
                        "gets no outline. If the image shows it (an impassable area, say), give its "
                        "position with --seed ID=X,Y.", WARNING)
BAD_SEED = register("IMP011", "Seed point cannot be traced",
                    "A --seed ID=X,Y names a province that is not in the --ids-from map, one that already "
                    "has a territory, or a point outside the image or on no area of its own (thin "
                    "separator lines do not count). Correct the id or the pixel position.")
DUPLICATE_ABBR = register("IMP008", "Two territories share an abbreviation",
                          "Two territories use the same bracketed code; the importer gives both ids made "
                          "from their full names and keeps the shared code as display abbreviation.", WARNING)
VARIANT_PHP = register("IMP012", "variant.php fact missing or unreadable",
                       "The importer reads variant.php as text for names, credits, countries, the "
                       "supply-centre target and the calendar. Where one is missing or not a literal, "
                       "the imported game says so; write the value as a literal in variant.php, or "
                       "complete game.yaml / overlay.yaml by hand.", WARNING)
NOT_MODELLED = register("IMP013", "Variant rule not modelled",
                        "A class of the variant changes orders, adjudication, builds or the phase sequence, "
                        "and no Mapwright rule module reproduces it. The imported game plays by the standard "
                        "rules there: describe the difference in the rules page and mark the game "
                        "`status: partial` (the importer does both), or add a rule module.", WARNING)
IMAGE_PROBLEM = register("IMP014", "Map image missing, unreadable or mis-sized",
                         "The interactive-map image (or the --image/--colours image) is absent, is not a PNG "
                         "the importer can decode, has more pixels (12 million) or colour borders (1 million "
                         "pairs of neighbouring pixels) than a flat-colour map, or differs in size from "
                         "the interactive map. Without it the game has no outlines (the site draws no map). "
                         "Pass --image with the flat-colour interactive map inside the variant folder.", WARNING)
NAME_PROBLEM = register("IMP015", "Territory name adjusted",
                        "A territory's name or code was adjusted on import: two territories give the same "
                        "id (the later gets a numbered id), a coast is not named by a compass point (its "
                        "code is made from the coast's name), or a type other than Land, Coast and Sea was "
                        "read as the nearest one.", INFO)
IMPOSSIBLE_FLAG = register("IMP017", "Border flag for a unit that cannot stand there",
                            "A border row lets armies cross to a sea, or fleets to an inland territory or to "
                            "the main territory of one with named coasts. webDiplomacy never moves a unit "
                            "that way, so the importer drops the flag (and the row, when no flag is left).",
                            INFO)
LEGEND = register("IMP018", "Territory with no borders imported as impassable",
                  "A territory that no border row names (a legend entry, a title box, an off-map area) "
                  "cannot be entered by any unit; it is imported as `impassable` so it is drawn but "
                  "never played.", INFO)
STRAY_AREA = register("IMP019", "Area of a territory's colour left out of its outline",
                      "The interactive map paints the territory's colour somewhere else too, away from its "
                      "label point and not next to its neighbours: a title or legend box, a dot, the off-map "
                      "background. Only the area at the territory's label point, and areas of its colour that "
                      "touch nothing but the territory and its neighbours (islands, pieces cut off by a line), "
                      "make its outline; the rest is left out.", INFO)
NOT_A_COUNTRY = register("IMP020", "Units listed for a name that is not a country",
                         "$countryUnits lists units under a name that is none of variant.php's $countries. "
                         "webDiplomacy variants list their neutral units that way ('Neutral units'), so they "
                         "are imported as neutral units; a name that does not say 'neutral' is more likely a "
                         "misspelt country. Write the country's name exactly as $countries does, or name the "
                         "group 'Neutral units'.", WARNING)
FAR_POINT = register("IMP021", "Label point beyond any map",
                     "A territory's label coordinates (x, y, sx, sy in install.php) lie more than 1,000,000 "
                     "pixels away, further than any map image reaches (and further than map.yaml may say): "
                     "they are read as 0, so the territory has no colour of its own in the image. Correct "
                     "the row's coordinates.", WARNING)
UNREAD = register("IMP022", "Variant code not read",
                  "The variant's code names another variant's folder that is not beside it (a parent "
                  "variant in variant.php, a class in variantClasses, a file a class includes), or includes "
                  "a file by a path written as code. What that code does is not imported, so the game is "
                  "marked `status: partial` with the reason. Put the named variant's folder beside this "
                  "one (its name is in the message) and import again.", WARNING)
EXTRA_VALUES = register("IMP023", "Row with more values than its columns",
                        "An install.php row carries more values than the `list(...)=$territoryRawRow;` (or "
                        "`$borderRawRow`) line after its table names. PHP's list() ignores the values past the "
                        "named columns, so webDiplomacy never uses them, and neither does the import. If the "
                        "extra value means something, name its column in the list(...) line; else remove it.",
                        WARNING)
UNREACHED = register("IMP024", "Supply centre no home unit can reach, as published",
                     "A supply centre of the variant cannot be reached by any unit from any home centre (a "
                     "decorative or joke province of the published map). The import keeps it as published and "
                     "says so in the province's `source` (the variant) with a reasoning, so that validate's "
                     "DIP505 is a warning for it, not an error.", INFO)
SHARED_TERRITORY = register("IMP025", "Two starting units in one territory",
                            "The classes' $countryUnits place units of two countries (or two units) in one "
                            "territory, where only one unit can stand. The first listed is kept and the other "
                            "left out, said here. Move or remove one of them in the class's $countryUnits.",
                            WARNING)
RULES_PAGE = register("IMP016", "Rules page converted with losses",
                      "rules.html / rules.php holds markup Markdown cannot keep (scripts, PHP, forms, "
                      "images): it is left out of the converted page. Check the page.", INFO)

COAST_CODES = {"north": "NC", "south": "SC", "east": "EC", "west": "WC",
               "northeast": "NEC", "northwest": "NWC", "southeast": "SEC", "southwest": "SWC"}
TYPES = {"land": "land", "coast": "coast", "sea": "sea", "strait": "coast"}
_CHILD = re.compile(r"^(?P<parent>.*\S)\s*\((?P<coast>[A-Za-z][A-Za-z /-]{0,30}?) Coast\)$")
# a code in brackets: an abbreviation (at most 20 characters, as map.yaml's `abbr`), or an
# id of up to 40 (Mapwright's export writes `Name (ID)` where the abbreviation would give
# another id: WESTERN_MEDITERRANEAN_SEA)
_ABBR = re.compile(r"^(?P<name>.*?)\s*(?:\((?P<abbr>[^()]{1,40})\)|\{(?P<curly>[^{}]{1,20})\})$")
_LONG_CODE = re.compile(r"[A-Z0-9_]{21,40}")
_LANE = re.compile(r"^(?P<base>[A-Z][A-Z0-9]{1,4}) (?P<lane>[a-z]{1,2})$")
MAX_COORDINATE = 1_000_000  # the schema's bound on a label coordinate


@dataclass
class ImportOptions:
    rule_options: tuple[str, ...] = ()    # flags the rule modules declare (`custom-start`): rules used
                                          # where the classes do not show them (rules.import_options)
    colours: str | None = None            # image (relative to variant dir) to sample power colours
    tolerance: float = 1.5                # Douglas-Peucker tolerance, pixels
    grow: int = 4                         # pixels grown into separator lines
    image: str | None = None              # interactive map, relative to the variant dir
    geometry_only: bool = False           # write geometry.yaml only
    ids_from: str | None = None           # map.yaml whose ids key the geometry (matched by name)
    seeds: tuple[str, ...] = ()           # "ID=X,Y": provinces the variant lacks, traced at a point

    def command_line(self, variant_name: str) -> str:
        parts = [f"mapwright import webdiplomacy {variant_name}"]
        if self.geometry_only:
            parts.append("--geometry-only")
        if self.ids_from:
            parts.append(f"--ids-from {self.ids_from}")
        parts.extend(f"--seed {seed}" for seed in self.seeds)
        parts.extend(f"--{flag}" for flag in self.rule_options)
        if self.colours:
            parts.append(f"--colours {self.colours}")
        if self.image:
            parts.append(f"--image {self.image}")
        if self.tolerance != 1.5:
            parts.append(f"--tolerance {self.tolerance}")
        if self.grow != 4:
            parts.append(f"--grow {self.grow}")
        return " ".join(parts)


@dataclass
class Imported:
    files: dict[str, str] = field(default_factory=dict)      # the importer's files: name -> text
    starters: dict[str, str] = field(default_factory=dict)   # written only when absent (game.yaml, rules)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    data: dict = field(default_factory=dict)                  # map data (for tests)
    geometry: dict = field(default_factory=dict)
    game: dict = field(default_factory=dict)                  # game.yaml data (for tests)
    locations: dict[str, str] = field(default_factory=dict)   # install.php territory name -> location


def _diag(path: str, line: int, code: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(path, line or 1, 1, code, message, CODES[code].severity, "", hint)


# -- names and ids ------------------------------------------------------------

def clean_name(raw: str) -> str:
    """A territory name as webDiplomacy shows it: `\\'` is a plain apostrophe, HTML
    entities are decoded (Africa's `&Eacute;quateur`), whitespace runs collapsed."""
    return " ".join(html.unescape(str(raw).replace("\\'", "'")).split())


def ascii_id(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    ident = re.sub(r"[^A-Z0-9]+", "_", folded.upper()).strip("_")
    return (ident or "X")[:40].rstrip("_") or "X"


def power_id(country: str) -> str:
    return ascii_id(country)


def coast_code(name: str) -> str:
    """'North' -> 'NC'; a coast not named by a compass point ('A', 'River/Sea') -> the
    initials of its words ('A', 'RS'), at most three letters."""
    key = name.strip().lower().replace(" ", "").replace("-", "")
    if key in COAST_CODES:
        return COAST_CODES[key]
    words = [w for w in re.split(r"[\s/-]+", name) if w and w[0].isalpha()]
    return "".join(w[0].upper() for w in words)[:3] or "X"


def split_name(full: str) -> tuple[str, str | None, str | None]:
    """('Kirksville (KKV) (South Coast)') -> ('Kirksville (KKV)', 'SC', None) for a
    coast child; ('Gulf of Alaska - North (GAK n)') -> ('Gulf of Alaska - North', None, 'GAK n');
    curly codes too: ('Adriatic Sea {Adr}') -> ('Adriatic Sea', None, 'Adr')."""
    child = _CHILD.match(full)
    if child:
        return child.group("parent"), coast_code(child.group("coast")), None
    m = _ABBR.match(full)
    if m and m.group("name"):
        code = (m.group("abbr") or m.group("curly")).strip()
        if len(code) <= 20 or _LONG_CODE.fullmatch(code):
            return m.group("name"), None, code
    return full, None, None


# -- the import -----------------------------------------------------------------

@dataclass
class _Sources:
    """Where the import's inputs are: the variant folder, and the folder whose
    install.php (and image) is used when this one only includes another's (which may
    include a third's: the chain is followed, inside the variants folder only)."""
    folder: Path
    root: Path
    install: Path
    install_shown: str
    chain: list[Path] = field(default_factory=list)    # the folders whose install.php was read, in order


MAX_INCLUDES = 8


def _locate_install(variant_dir: Path, diags: list) -> _Sources | None:
    root = variant_dir.parent
    folder, chain = variant_dir, []
    while True:
        install = folder / "install.php"
        shown = f"{folder.name}/install.php"
        chain.append(folder)
        if not install.is_file():
            diags.append(_diag(shown, 1, MISSING_INPUT, "install.php not found",
                               hint="pass the variant folder that holds install.php"))
            return None
        try:
            text = read_text(install, root)
        except (OSError, PhpDataError) as exc:
            diags.append(_diag(shown, 1, BAD_PHP, f"cannot read install.php: {getattr(exc, 'reason', exc)}",
                               hint="install.php must be a readable file of at most 4 MB in the variant folder"))
            return None
        included = include_target(text) if "RawData" not in text else None
        if included is None:
            return _Sources(variant_dir, root, install, shown, chain)
        target, line = included
        if not re.match(r"^[A-Za-z0-9_]{1,80}$", target) or not (root / target / "install.php").is_file():
            diags.append(_diag(shown, line, BAD_PHP,
                               f"install.php includes variants/{target}/install.php, which is not a "
                               f"variant folder beside {variant_dir.name}",
                               hint="put that variant's folder next to this one, or copy its install.php"))
            return None
        if root / target in chain or len(chain) > MAX_INCLUDES:
            diags.append(_diag(shown, line, BAD_PHP,
                               f"install.php includes variants/{target}/install.php, which leads back round "
                               f"({' -> '.join(f.name for f in chain)} -> {target})",
                               hint="one of these install.php files must hold $territoryRawData itself"))
            return None
        folder = root / target


def import_variant(variant_dir: Path, options: ImportOptions | None = None,
                   id_map: "IdMap | None" = None) -> Imported:
    """Import a variant folder. With options.ids_from, `id_map` (else the file it
    names, read relative to the working directory) supplies the ids."""
    options = options or ImportOptions()
    variant_dir = Path(variant_dir).resolve()     # as the command passes it: links resolved
    if options.ids_from and id_map is None:
        from .id_map import load_id_map
        id_map = load_id_map(Path(options.ids_from))
    result = Imported()
    diags = result.diagnostics
    src = _locate_install(variant_dir, diags)
    if src is None:
        return result
    shown = src.install_shown
    try:
        install_text = read_text(src.install, src.root)
        territories, border_rows = read_install_php(install_text)
    except (PhpDataError, OSError) as exc:
        line = getattr(exc, "line", 0) or 1
        diags.append(_diag(shown, line, BAD_PHP, getattr(exc, "reason", str(exc)),
                           hint="the arrays must be literal PHP data"))
        return result
    if not territories:
        diags.append(_diag(shown, 1, BAD_PHP, "install.php defines no territories",
                           hint="list them in $territoryRawData=array(array('Name (ABC)', 'Land', ...), ...)"))
        return result
    _near_points(territories, shown, diags)
    _extra_values(territories + border_rows, shown, diags)
    variant = read_variant(src.root, variant_dir.name)
    for path, line, message in variant.problems:
        code = MISSING_INPUT if message == "variant.php not found" else VARIANT_PHP
        diags.append(_diag(path, line, code, message) if code == VARIANT_PHP else
                     Diagnostic(path, 1, 1, code, message + " (the game gets no powers' names or credits)",
                                WARNING, "", "pass the variant folder that holds variant.php"))
    facts = read_classes(src.root, variant)
    from .webdip_deleted_borders import deleted_borders
    entries, line, unread = deleted_borders(install_text)
    if entries:
        facts.found["DeletedBorders"] = {"terr_id_entries": entries, "where": (shown, line)}
    facts.unmodelled += [(shown, line, message) for line, message in unread]
    for path, line, message in facts.problems:
        diags.append(_diag(path, line, VARIANT_PHP, message))
    for path, line, message in facts.unread:
        diags.append(_diag(path, line, UNREAD, message,
                           hint="put the variant folder it names beside this one (in the same variants folder) "
                                "and import again; until then the game is marked status: partial"))
    image_path = _find_image(src, options, diags)
    rgb = _load_image(image_path, variant_dir, diags) if image_path is not None else None
    # points live in the traced image's pixels: webDiplomacy's small maps use (sx, sy)
    small = rgb is not None and _small_coordinates(rgb, territories, image_path)

    def point(row: dict) -> list[int]:
        keys = ("sx", "sy") if small else ("x", "y")
        values = [row.get(keys[0], row.get("x", 0)), row.get(keys[1], row.get("y", 0))]
        return [int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0 for v in values]

    countries = _countries(variant, territories, shown, diags)
    if facts.country_names:
        countries = _picked_countries(facts, countries, diags)
    speller = Speller()                   # did-you-mean hints, at a bounded cost
    pseudo = len(countries) + 1           # webDiplomacy's countryID of the neutral units
    by_cid = {i + 1: name for i, name in enumerate(countries)}
    power_of_name = {name_key(c): power_id(c) for c in countries}

    # 1. provinces (parents first), coast children mapped to PARENT/CODE
    parsed = []
    for row in territories:
        full = clean_name(row.get("name", ""))
        parent, coast, abbr = split_name(full)
        parsed.append((row, full, parent, coast, abbr))
    users: dict[str, list[tuple[int, str]]] = {}      # abbreviation -> (line, name) of its territories
    for row, full, _, coast, abbr in parsed:
        if coast is None and abbr:
            users.setdefault(abbr, []).append((row["_line"], full))
    abbr_count = {abbr: len(rows) for abbr, rows in users.items()}
    for abbr, rows in sorted(users.items()):
        if len(rows) > 1:
            more = f" and {len(rows) - 5} more" if len(rows) > 5 else ""    # a message stays short
            diags.append(_diag(shown, rows[1][0], DUPLICATE_ABBR,
                               f"abbreviation '{abbr}' is used by {', '.join(full for _, full in rows[:5])}{more} "
                               f"(lines {', '.join(str(line) for line, _ in rows[:5])}{more and ', ...'})",
                               hint="give each territory a code of its own in its name, e.g. 'Name (NEW)'"))
    location_of: dict[str, str] = {}     # install.php name -> location
    location_by_row: dict[int, str] = {}  # webDiplomacy terrID (1-based row order) -> location
    straits: list[str] = []
    provinces: list[dict] = []
    by_id: dict[str, dict] = {}
    owners: dict[str, str] = {}
    coast_labels: dict[str, list[int]] = {}
    seeds: list[tuple[str, int, int]] = []
    next_number: dict[str, int] = {}      # id -> the number its next namesake tries (linear, not k^2)
    for index, (row, full, parent, coast, abbr) in enumerate(parsed, start=1):
        if coast is not None:
            continue
        name = _ABBR.match(full).group("name") if abbr else full
        pid = ascii_id(abbr) if abbr and abbr_count[abbr] == 1 else ascii_id(name)
        if pid in by_id or full in location_of:
            base, n = pid, next_number.get(pid, 2)
            while f"{base}_{n}" in by_id:
                n += 1
            next_number[base] = n + 1
            pid = f"{base}_{n}"
            diags.append(_diag(shown, row["_line"], NAME_PROBLEM,
                               f"'{full}' gives the id of an earlier territory; it becomes {pid}"))
        prov: dict = {"id": pid, "name": name[:100] or pid}
        if abbr and abbr != pid:
            prov["abbr"] = abbr
        kind = str(row.get("type", "")).lower()
        prov["type"] = TYPES.get(kind, "land")
        if kind == "strait":    # vDiplomacy's Strait: a coast its fleets convoy from (Baron1900's Gibraltar)
            straits.append(pid)
        if kind not in ("land", "coast", "sea"):
            diags.append(_diag(shown, row["_line"], NAME_PROBLEM,
                               f"'{full}' has type '{row.get('type')}', read as {prov['type']}"
                               + (", whose fleets may convoy" if kind == "strait" else "")))
        owner = _owner(row, by_cid, power_of_name, pseudo)
        if str(row.get("supply", "No")).lower() == "yes":
            prov["supply_center"] = True
            if owner and owner != "NEUTRAL":
                prov["home"] = owner
        if owner:
            owners[pid] = owner
        prov["label"] = point(row)
        if full not in location_of:
            location_of[full] = pid
        location_by_row[index] = pid
        provinces.append(prov)
        by_id[pid] = prov
        seeds.append((pid, *point(row)))
    coast_line: dict[str, int] = {}       # PROVINCE/CODE -> line of its row
    for index, (row, full, parent, coast, abbr) in enumerate(parsed, start=1):
        if coast is None:
            continue
        pid = location_of.get(parent)
        if pid is None:
            diags.append(_diag(shown, row["_line"], UNKNOWN_TERRITORY,
                               f"coast '{full}' has no parent territory '{parent}'",
                               hint=_spelling(parent, location_of, speller)))
            continue
        codes = by_id[pid].setdefault("coasts", [])
        if coast in codes:
            diags.append(_diag(shown, row["_line"], NAME_PROBLEM,
                               f"coast '{full}' repeats the coast code {coast} of {pid}; it is skipped"))
            location_of.setdefault(full, f"{pid}/{coast}")
            continue
        if coast not in COAST_CODES.values():
            diags.append(_diag(shown, row["_line"], NAME_PROBLEM,
                               f"coast '{full}' is not named by a compass point; its code is {coast}"))
        codes.append(coast)
        coast_line[f"{pid}/{coast}"] = row["_line"]
        location_of[full] = f"{pid}/{coast}"
        location_by_row[index] = f"{pid}/{coast}"
        coast_labels[f"{pid}/{coast}"] = point(row)
    # the names and rows of each coast, found once (not a scan of all names per province)
    names_at: dict[str, list[str]] = {}
    for full, loc in location_of.items():
        if "/" in loc:
            names_at.setdefault(loc, []).append(full)
    rows_at: dict[str, list[int]] = {}
    for row_id, loc in location_by_row.items():
        if "/" in loc:
            rows_at.setdefault(loc, []).append(row_id)
    for prov in provinces:      # keep key order stable: coasts right after type
        if "coasts" in prov:
            coasts = prov.pop("coasts")
            if len(coasts) < 2:
                single = f"{prov['id']}/{coasts[0]}"
                diags.append(_diag(shown, coast_line.get(single, 1), NAME_PROBLEM,
                                   f"{prov['id']} has one named coast ({coasts[0]}); fleets use the province"))
                for full in names_at.get(single, []):
                    location_of[full] = prov["id"]
                for row_id in rows_at.get(single, []):
                    location_by_row[row_id] = prov["id"]
                coast_labels.pop(single, None)
                continue
            ordered = {}
            for key, value in prov.items():
                ordered[key] = value
                if key == "type":
                    ordered["coasts"] = coasts
            prov.clear()
            prov.update(ordered)

    # 2. sea regions from sealane codes ("MSB n" belongs to the region of "MSB")
    sea_regions = _sea_regions(provinces)

    # 3. borders, undirected, first occurrence order
    borders = _borders(border_rows, location_of, by_id, shown, diags, speller)
    rows_of = {}
    for row, full, parent, coast, abbr in parsed:
        rows_of.setdefault(location_of.get(full, "").split("/")[0], row["_line"])
    bordered = {loc.split("/")[0] for b in borders for loc in b["between"]}
    for prov in provinces:
        if prov["id"] not in bordered and not prov.get("supply_center"):
            diags.append(_diag(shown, rows_of.get(prov["id"], 1), LEGEND,
                               f"'{prov['name']}' ({prov['id']}) has no borders: imported as impassable"))
            prov["type"] = "impassable"
            prov.pop("coasts", None)
            owners.pop(prov["id"], None)

    # 4. powers, start, default builds, coloured neutrals
    powers = [{"id": power_id(c), "name": c.replace("-", " ")} for c in countries]
    for i, power in enumerate(powers, start=1):
        if i in facts.colours:
            r, g, b = facts.colours[i]
            power["color"] = f"#{r & 255:02x}{g & 255:02x}{b & 255:02x}"
    found = dict(facts.found)       # webDiplomacy form -> facts; rules.recognised makes them modules
    if variant.start_year is not None and variant.calendar in ("stepped", "other"):    # turnAsDate's years
        found["TurnYears"] = {"years": variant.year_step, **({"per": "year"} if variant.calendar == "stepped" else {})}
    flags = import_options()
    for flag in options.rule_options:
        found.setdefault(flags[flag][0], {})
    custom_start = opens_with_builds(found)
    if "BuildFlags" in found:       # the builds classes read install.php's build flags
        flagged = build_flags(territories, install_text)
        if flagged is None:
            found.pop("BuildFlags")
            facts.unmodelled.append((shown, 1, "the builds classes read install.php's buildEligibilityFlags, "
                                               "whose values are not numbers or `$name = 1 << n;` variables"))
        else:
            found["BuildFlags"] = {"country_terr_ids": flagged, "where": (shown, 1)}
    if "HomesAtTurn" in found:      # webDiplomacy's turn -> the engine's phase
        _homes_date(found, variant, facts)
    start_units, default_builds, neutral_units = _start(facts, countries, power_of_name, location_of,
                                                        custom_start, diags, by_id, speller)
    found.pop("Canal", None)
    if facts.canal:
        canal = _canal(facts.canal, location_by_row, by_id, shown, diags)
        if canal is None:
            facts.unmodelled += facts.canal_classes      # the canal's classes stay not modelled
        else:
            found["Canal"] = canal["module"]
            gone = canal["own"]
            diags[:] = [d for d in diags if not (d.code in (LEGEND, IMPOSSIBLE_FLAG) and f"{gone})" in d.message
                                                or d.code == IMPOSSIBLE_FLAG and f" in {gone} " in d.message)]
            diags.append(_diag(shown, rows_of.get(gone, 1), LEGEND,
                               f"'{by_id[gone]['name']}' ({gone}) is the canal's own territory in webDiplomacy, "
                               f"with its unit; the canal rule replaces both, so they are left out"))
            provinces[:] = [p for p in provinces if p["id"] != gone]
            by_id.pop(gone, None)
            owners.pop(gone, None)
            borders[:] = [b for b in borders if gone not in {loc.split("/")[0] for loc in b["between"]}]
            seeds[:] = [seed for seed in seeds if seed[0] != gone]
            neutral_units = [u for u in neutral_units if u.split()[1].split("/")[0] != gone]
            for power in start_units:
                start_units[power] = [u for u in start_units[power] if u.split()[1].split("/")[0] != gone]
    if "BiddingStart" in found:
        found["BiddingStart"] = _bidding(facts, start_units, location_of, by_id, diags)
        tokens = set(_token_places(start_units, by_id))
        provinces[:] = [p for p in provinces if p["id"] not in tokens]
        borders[:] = [b for b in borders if not tokens & {loc.split("/")[0] for loc in b["between"]}]
        seeds[:] = [seed for seed in seeds if seed[0] not in tokens]
        diags[:] = [d for d in diags if not (d.code == LEGEND and any(f"({t})" in d.message for t in tokens)
                                             or d.code == IMPOSSIBLE_FLAG and any(t in d.message for t in tokens))]
        for gone in sorted(tokens, key=lambda t: rows_of.get(t, 1)):
            diags.append(_diag(shown, rows_of.get(gone, 1), LEGEND,
                               f"'{by_id[gone]['name']}' ({gone}) holds bidding tokens in webDiplomacy, with its "
                               "units; the bidding start rule replaces both, so they are left out"))
        for gone in tokens:
            by_id.pop(gone, None)
            owners.pop(gone, None)
        start_units.clear()
    if neutral_units:
        start_units["NEUTRAL"] = neutral_units
        hold = {location_by_row[t].split("/")[0] for t in variant.neutral_hold if t in location_by_row}
        found["NeutralUnits"] = {"power": "NEUTRAL", "hold": sorted(hold)}
    else:
        found.pop("NeutralUnits", None)
    if "NeutralRebuild" in found:
        found["NeutralRebuild"] = _neutral_rebuild(found["NeutralRebuild"], provinces, owners, neutral_units, facts,
                                                   pseudo)
        if found["NeutralRebuild"] is None:
            found.pop("NeutralRebuild")
    centers: dict[str, list[str]] = {}
    for prov in provinces:
        if prov.get("home"):
            centers.setdefault(prov["home"], []).append(prov["id"])
    power_order = [p["id"] for p in powers]
    centers = {p: centers[p] for p in power_order if p in centers}
    if "BuildAnyHome" in found:
        # webDiplomacy's `t.countryID != 0`: any centre install.php gives an owner (home centres)
        homes = [p["id"] for p in provinces if p.get("supply_center") and owners.get(p["id"])]
        found["BuildAnyHome"] = {"sites": {power: [h for h in homes if by_id[h].get("home") != power]
                                           for power in power_order}}
    sites = _opening_sites(facts, owners, location_by_row, by_cid, by_id) if custom_start else {}
    _opening_builds_off_centres(default_builds, centers, facts, sites)
    sites = {p: sites[p] for p in power_order if p in sites and p in default_builds}
    if sites and "CustomStart" in found:
        found["CustomStart"] = {**(found["CustomStart"] or {}), "opening_sites": sites}
    coloured: dict[str, list[str]] = {}
    for terr_id, cid in sorted(facts.nsc_info.items()):
        loc = location_by_row.get(terr_id)
        if loc is None or cid not in by_cid:
            diags.append(_diag(*facts.nsc_where, UNKNOWN_TERRITORY,
                               f"$nsc_info entry {terr_id} => country {cid} names no territory or country",
                               hint=f"terrIDs count install.php's rows from 1 (there are {len(location_by_row)}); "
                                    f"countryIDs count $countries from 1 (there are {len(by_cid)})"))
            continue
        prov = by_id[loc.split("/")[0]]
        if prov.get("supply_center") and not prov.get("home"):
            coloured.setdefault(power_id(by_cid[cid]), []).append(prov["id"])
    coloured = {p: sorted(set(coloured[p]), key=coloured[p].index) for p in power_order if p in coloured}
    if coloured:
        found.setdefault("NeutralScBox", {})
    else:
        found.pop("NeutralScBox", None)
    if sea_regions:
        found["Sealanes"] = {}
    if "TargetCentres" in found:      # {countryID: [[terrID, ...]]} -> {power: [[province, ...]]}
        targets = _target_centres(found.pop("TargetCentres")["by_country"], by_cid, location_by_row, by_id)
        if targets is None:
            facts.unmodelled.append((shown, 1, "the classes' victory test names countries or territories that "
                                               "install.php and $countries do not have"))
        else:
            found["TargetCentres"] = {"also_own": targets}
    for name, facts_of in sorted(found.items()):     # a mixin's countryIDs -> power ids
        if isinstance(facts_of, dict) and "country_ids" in facts_of:
            rest = {k: v for k, v in facts_of.items() if k != "country_ids"}
            found[name] = facts_of = {**rest, "powers": [power_id(by_cid[c]) for c in facts_of["country_ids"]
                                                         if c in by_cid]}
        if isinstance(facts_of, dict) and "country_groups" in facts_of:     # [[countryID, ...]]
            groups = facts_of["country_groups"]
            if not all(c in by_cid for g in groups for c in g):
                facts.unmodelled.append((*facts_of.get("where", (shown, 1)), f"the classes' {name} rule names "
                                         f"countryIDs that are not countries of $countries: it is not imported"))
                found.pop(name)
                continue
            rest = {k: v for k, v in facts_of.items() if k not in ("country_groups", "where")}
            found[name] = facts_of = {**rest, "groups": [[power_id(by_cid[c]) for c in g] for g in groups]}
        if isinstance(facts_of, dict) and "country_terr_ids" in facts_of:   # {countryID: [terrID]}
            facts_of = _territories_by_power(name, facts_of, by_cid, location_by_row, by_id, facts, shown)
            if facts_of is None:
                found.pop(name)
                continue
            found[name] = facts_of
        if isinstance(facts_of, dict) and "terr_id_sides" in facts_of:     # [[terrID], [terrID]]
            sides = [list(dict.fromkeys(location_by_row[t].split("/")[0] for t in side if t in location_by_row))
                     for side in facts_of["terr_id_sides"]]
            rest = {k: v for k, v in facts_of.items() if k != "terr_id_sides"}
            if not all(sides):
                facts.unmodelled.append((shown, 1, f"the classes' {name} rule names terrIDs that are no rows of "
                                                   "install.php: it is not imported"))
                found.pop(name)
                continue
            found[name] = facts_of = {**rest, "sides": sides}
        if isinstance(facts_of, dict) and "terr_id_entries" in facts_of:    # [(fromTerrID or None, toTerrID)]
            found[name], unknown = closed(facts_of["terr_id_entries"], location_by_row, by_id)
            if unknown:
                facts.unmodelled.append((*facts_of["where"], f"install.php deletes borders of terrIDs "
                                         f"{', '.join(map(str, unknown))}, which are no rows of install.php"))
            continue
        for key in [k for k in facts_of if k.startswith("terr_ids_")] if isinstance(facts_of, dict) else ():
            ids = list(dict.fromkeys(location_by_row[t].split("/")[0] for t in facts_of[key] if t in location_by_row))
            rest = {k: v for k, v in facts_of.items() if k != key}     # [terrID] -> [province id] as key's rest
            found[name] = facts_of = {**rest, key[len("terr_ids_"):]: ids}
        if isinstance(facts_of, dict) and "country_values" in facts_of:
            rest = {k: v for k, v in facts_of.items() if k != "country_values"}
            found[name] = {**rest, **{array: {power_id(by_cid[c]): v for c, v in values.items() if c in by_cid}
                                      for array, values in facts_of["country_values"].items()}}
    from .webdip_homeland import unexplained_removals
    facts.unmodelled += unexplained_removals(facts.removals_anywhere, found.get("Homeland"), location_by_row)
    for name, lists in sorted(variant.country_lists.items()):     # {country: [territory name]} arrays
        found[name] = _country_lists(name, lists, power_of_name, location_of, variant, diags, speller)
    for name, ids in sorted(variant.arrays.items()):   # terrID arrays of variant.php a module reads
        unknown = [t for t in ids if t not in location_by_row]
        if unknown:
            diags.append(_diag(f"{variant.folder}/variant.php", variant.lines.get(name, 1), UNKNOWN_TERRITORY,
                               f"${name} names terrIDs {', '.join(map(str, unknown[:10]))}, which are no rows "
                               "of install.php: left out",
                               hint=f"terrIDs count install.php's rows from 1 (there are {len(location_by_row)})"))
        found[name] = list(dict.fromkeys(location_by_row[t].split("/")[0] for t in ids
                                         if t in location_by_row and location_by_row[t].split("/")[0] in by_id))
    if straits:     # convoys pass through them: coasts that convoy ($convoyCoasts)
        found["convoyCoasts"] = list(dict.fromkeys([*found.get("convoyCoasts", []), *straits]))

    # 5. geometry
    geometry = {}
    extra_seeds: list[tuple[str, int, int]] = []
    # what the tracing needs to know of the territories: who borders whom, the seas, the rows
    pairs = {tuple(loc.split("/")[0] for loc in b["between"]) for b in borders}
    seas = {p["id"] for p in provinces if p["type"] == "sea"}
    row_line = {p["id"]: rows_of.get(p["id"], 1) for p in provinces}
    if id_map is not None:
        seeds, coast_labels, owners, extra_seeds, target_of = _rename(id_map, provinces, seeds, coast_labels,
                                                                      owners, options, shown, diags, rows_of)
        pairs = {(target_of[a], target_of[b]) for a, b in pairs if a in target_of and b in target_of}
        seas = {target_of[s] for s in seas if s in target_of}
        row_line = {target_of[k]: v for k, v in row_line.items() if k in target_of}
    if rgb is not None:
        territories_of = _Territories(pairs, seas, shown, row_line)
        step("tracing outlines in %s", image_path.name)
        geometry = _geometry(rgb, image_path, variant_dir, seeds, options, diags, extra_seeds, territories_of)
        geometry["coast_labels"] = coast_labels
        geometry["owners"] = owners
        if options.colours:
            _sample_colours(variant_dir, options.colours, rgb, seeds, powers, provinces, diags)
    data: dict = {}
    if variant.sc_target is not None and not 1 <= variant.sc_target <= 1000:
        diags.append(_diag(f"{variant.folder}/variant.php", variant.lines.get("supplyCenterTarget", 1), VARIANT_PHP,
                           f"supplyCenterTarget {variant.sc_target} is not a number of centres from 1 to 1000: "
                           "the game gets no victory condition",
                           hint="write the supply centres a power needs to win, or give victory in overlay.yaml"))
    elif variant.sc_target and variant.sc_target > sum(1 for p in provinces if p.get("supply_center")):
        diags.append(_diag(f"{variant.folder}/variant.php", variant.lines.get("supplyCenterTarget", 1), VARIANT_PHP,
                           f"supplyCenterTarget {variant.sc_target} is more than the map's "
                           f"{sum(1 for p in provinces if p.get('supply_center'))} supply centres: the game gets "
                           "no victory condition",
                           hint="write the supply centres a power needs to win, or give victory in overlay.yaml"))
    elif variant.sc_target:
        data["victory"] = {"centers": int(variant.sc_target)}
    data["powers"] = powers
    data["provinces"] = provinces
    data["borders"] = borders
    if sea_regions:
        data["sea_regions"] = sea_regions
    start: dict = {}
    phase = _start_phase(variant, custom_start, diags)
    if phase:
        start["phase"] = phase
    start["units"] = {k: start_units[k] for k in sorted(start_units, key=_order(power_order))}
    start["centers"] = centers
    data["start"] = start
    if default_builds:
        data["default_builds"] = {p: default_builds[p] for p in power_order if p in default_builds}
    _published_unreachable(data, shown, rows_of, diags)
    if coloured:
        data["colored_neutral_centers"] = coloured
    from .webdip_oneoff import named

    def territory(terr_id: int) -> str | None:
        loc = location_by_row.get(terr_id)
        return by_id[loc.split("/")[0]]["name"] if loc and loc.split("/")[0] in by_id else None
    facts.unmodelled = [(path, line, named(message, territory, lambda cid: by_cid.get(cid)))
                        for path, line, message in facts.unmodelled]
    for path, line, message in facts.unmodelled:
        diags.append(_diag(path, line, NOT_MODELLED, message,
                           hint="the game is marked status: partial and its rules page lists this; describe the "
                                "rule there in your words, or add a rule module that plays it"))
    result.data = data
    result.geometry = geometry
    result.locations = dict(location_of)
    command = options.command_line(variant_dir.name)
    if not options.geometry_only:
        result.files["map.yaml"] = map_text(data, command)
        from .webdip_game import game_files
        result.game, result.starters = game_files(variant_dir, variant, facts, recognised(found), powers,
                                                  command, diags)
    if geometry:
        result.files["geometry.yaml"] = _geometry_text(geometry, command)
    return result


def _near_points(territories: list[dict], shown: str, diags) -> None:
    """Coordinates beyond MAX_COORDINATE read as 0 (map.yaml could not carry them)."""
    for row in territories:
        for key in ("x", "y", "sx", "sy"):
            value = row.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_COORDINATE:
                diags.append(_diag(shown, row["_line"], FAR_POINT,
                                   f"'{clean_name(row.get('name', ''))[:80]}' has {key} = {value}, beyond "
                                   f"±{MAX_COORDINATE:,} pixels: read as 0",
                                   hint="give the row the label point's pixel coordinates on the map images"))
                row[key] = 0


def _opening_builds_off_centres(default_builds: dict, centers: dict, facts: ClassFacts, sites: dict) -> None:
    """Default builds where the power holds no centre at the start and its opening sites (`sites`,
    read by `_opening_sites`) do not allow them: the engine builds on a power's centres or opening
    sites only. They are left out of map.yaml, and the classes' rule is listed as not modelled."""
    file, line = facts.builds_where if facts.default_builds else facts.start_where
    for power in list(default_builds):
        allowed = sites.get(power, centers.get(power, ()))
        off = [u for u in default_builds[power] if u.split()[1].split("/")[0] not in allowed]
        if not off:
            continue
        default_builds[power] = [u for u in default_builds[power] if u not in off]
        if not default_builds[power]:
            del default_builds[power]
        facts.unmodelled.append((file, line, f"the opening builds of {power} ({', '.join(off)}) are on no supply "
                                             f"centre it holds at the start, which the variant's code allows; "
                                             f"they are left out of the default builds"))


def _opening_sites(facts: ClassFacts, owners: dict, location_by_row: dict, by_cid: dict, by_id: dict
                   ) -> dict[str, list[str]]:
    """Where each power builds in the opening in place of its centres, as the classes say: a turn-0
    build check that accepts any territory the country holds (`g.turn=0 OR`: every territory
    install.php gives it, centres or not, as webDiplomacy's assignTerritories hands them out), or one
    that lists a country's territories (`$this->toTerrID == 1 || ...`)."""
    sites: dict[str, list[str]] = {}
    if facts.opening_held:
        for pid, owner in owners.items():
            if owner != "NEUTRAL" and pid in by_id:
                sites.setdefault(owner, []).append(pid)
    if facts.opening_places:
        cid, terrs, banned = facts.opening_places
        places = [location_by_row[t].split("/")[0] for t in terrs if t in location_by_row]
        if cid in by_cid and places:
            sites[power_id(by_cid[cid])] = list(dict.fromkeys(places))
            land = [p for p in places if by_id.get(p, {}).get("type") != "sea"]
            if land:        # a sea takes fleets only; elsewhere the class's ban is not played
                facts.unmodelled.append((*facts.builds_where, f"in the opening, {power_id(by_cid[cid])} may not "
                                         f"build a {banned.lower()} in {', '.join(land)}; not modelled: the engine "
                                         f"allows either unit there"))
    return sites


def _published_unreachable(data: dict, shown: str, rows_of: dict, diags) -> None:
    """Supply centres no unit can reach from the home centres are the variant's as published
    (decorative or joke provinces): their `source` says so, which makes validate's DIP505 a
    warning with that note for them; a hand-written map stays strict. One reachability for
    both: the check's own (checks.unreachable_centers)."""
    from ..families.diplomacy.checks import unreachable_centers
    from ..families.diplomacy.model import build_map, build_start
    try:
        gone = unreachable_centers(build_map(data), build_start(data))
    except (KeyError, ValueError, TypeError):     # map data validate refuses anyway
        return
    by_id = {p["id"]: p for p in data["provinces"]}
    for pid in gone:
        by_id[pid]["source"] = {"id": "webdip-variant",
                                "reasoning": "the variant publishes this supply centre where no unit from any "
                                             "home centre can reach it"}
        diags.append(_diag(shown, rows_of.get(pid, 1), UNREACHED,
                           f"no unit from any home centre can reach the supply centre {pid}, as the variant has "
                           f"it: map.yaml says so in its source, and validate warns of it (DIP505)",
                           hint="nothing to do if the variant means it; else give the territory its borders"))


def _extra_values(rows: list[dict], shown: str, diags) -> None:
    """One warning for each table whose rows carry values past its named columns (a table of
    800 such rows is one message, not 800): where, how many, and the first value ignored."""
    by_header: dict[int, list[dict]] = {}
    for row in rows:
        if "_extra" in row:
            by_header.setdefault(row["_header"], []).append(row)
    for header, extra in sorted(by_header.items()):
        first = extra[0]
        value = first["_extra"][0]
        value = f"${value.name}" if hasattr(value, "name") else repr(value)[:40]
        rows_said = "this row carries" if len(extra) == 1 else f"this row and {len(extra) - 1} more carry"
        diags.append(_diag(shown, first["_line"], EXTRA_VALUES,
                           f"{rows_said} value(s) after the columns the list(...) on line {header} names "
                           f"(here: {value}); PHP ignores them, and so does the import",
                           hint=f"name the extra column in the list(...) on line {header} if it means something, "
                                "else remove the value from the rows"))


def _distinct(countries: list[str], where: tuple[str, int], diags) -> list[str]:
    """The countries with names that give distinct ids and fit a power's name: a later
    namesake is numbered ('England 2'), a long name cut at 100 characters."""
    out, seen, next_number = [], set(), {}
    for country in countries:
        name = country[:100]
        base, n = power_id(name), next_number.get(power_id(name), 2)
        while power_id(name) in seen:       # counting on from the last namesake: linear
            # 30 characters: the number stays in the id, which is cut at 40
            name, n = f"{country[:30].rstrip()} {n}", n + 1
        next_number[base] = n
        if name != country:
            diags.append(_diag(*where, NAME_PROBLEM, f"country '{country[:100]}' becomes '{name}' (its name is "
                                                     "too long or gives the id of an earlier country)"))
        seen.add(power_id(name))
        out.append(name)
    return out


def _token_places(start_units: dict[str, list[str]], by_id: dict) -> list[str]:
    """The provinces of a bidding start's tokens (GreekDip's coin stacks): where the pre-game
    puts the countries' units, when no supply centre. The bidding is the module's; the units
    and their provinces are webDiplomacy's way to play it, and are left out."""
    places = dict.fromkeys(u.split()[1].split("/")[0] for units in start_units.values() for u in units)
    return [p for p in places if p in by_id and not by_id[p].get("supply_center")]


def _bidding(facts: ClassFacts, start_units: dict[str, list[str]], location_of: dict, by_id: dict,
             diags) -> dict:
    """A bidding start's facts: the tokens of each power (its units at the start), and the unit
    each centre gets when won ($init_build, territory names as install.php writes them)."""
    places = set(_token_places(start_units, by_id))
    tokens = {p: sum(1 for u in units if u.split()[1].split("/")[0] in places) for p, units in start_units.items()}
    units = []
    for name, kind in (facts.init_build or {}).items():
        loc = location_of.get(clean_name(str(name)))
        letter = "F" if str(kind).lower().startswith("f") else "A"
        if loc is None or not _can_stand("fleet" if letter == "F" else "army", loc, by_id):
            diags.append(_diag(*facts.init_build_where, UNKNOWN_TERRITORY,
                               f"$init_build gives {str(kind)[:20]} to '{clean_name(str(name))[:80]}', which is no "
                               "territory where that unit can stand: left out",
                               hint="write the territory as install.php names it (a fleet's coast in brackets)"))
            continue
        units.append(f"{letter} {loc}")
    return {"tokens": {p: n for p, n in tokens.items() if n}, "units": units}


def _picked_countries(facts: ClassFacts, slots: list[str], diags) -> list[str]:
    """The powers a game picks from, when the pre-game class names install.php's countries
    (`if ($name == 'England') $sourceID=1;`) and variant.php's $countries are only the players'
    seats (ClassicVS's Player_1...): the powers by countryID, and the form found (with how many
    seats there are). The seats stay the powers when the names do not count countryIDs from 1."""
    named = facts.country_names
    if sorted(named) != list(range(1, len(named) + 1)):
        diags.append(_diag(*facts.country_names_where, VARIANT_PHP,
                           f"the pre-game class names countries {', '.join(map(str, sorted(named)))}, which do not "
                           "count countryIDs from 1: the powers keep variant.php's names",
                           hint="give each countryID from 1 up one `$name == '...'` line"))
        return slots
    facts.found["PickedCountries"] = {"most": len(slots)}
    return _distinct([named[i] for i in sorted(named)], facts.country_names_where, diags)


def _countries(variant: VariantPhp, territories: list[dict], shown: str, diags) -> list[str]:
    if variant.countries:
        return _distinct(variant.countries, (f"{variant.folder}/variant.php", variant.lines.get("countries", 1)),
                         diags)
    named = [clean_name(r["country"]) for r in territories if isinstance(r.get("country"), str)]
    found = list(dict.fromkeys(n for n in named if n.lower() != "neutral"))
    if found:
        diags.append(_diag(f"{variant.folder}/variant.php", variant.lines.get("name", 1), VARIANT_PHP,
                           "no $countries in variant.php; the powers are taken from install.php's owners",
                           hint="their order (webDiplomacy's countryID) may differ from the variant's"))
        return _distinct(found, (shown, 1), diags)
    ids = [r["countryID"] for r in territories if type(r.get("countryID")) is int and 1 <= r["countryID"] <= 100]
    if ids:     # countryIDs count the countries from 1: name them by number
        diags.append(_diag(f"{variant.folder}/variant.php", variant.lines.get("name", 1), VARIANT_PHP,
                           f"no $countries in variant.php: the powers are called Country 1 to Country {max(ids)} "
                           "after install.php's countryIDs",
                           hint="write public $countries=array('A', 'B', ...); in variant.php"))
        return [f"Country {i}" for i in range(1, max(ids) + 1)]
    # no game without powers (map.yaml would not validate): an error, not a warning
    diags.append(_diag(f"{variant.folder}/variant.php", variant.lines.get("name", 1), MISSING_INPUT,
                       "no $countries in variant.php and no owners in install.php: the game would have no powers",
                       hint="write public $countries=array('A', 'B', ...); in variant.php"))
    return []


def _neutral_rebuild(found: dict, provinces: list[dict], owners: dict[str, str], neutral_units: list[str],
                    facts, pseudo: int) -> dict | None:
    """The NeutralRebuild form's centres: the supply centres install.php gives the neutral
    pseudo-country (webDiplomacy's TerrStatus at the start). What the engine cannot play of it
    (territories that are no centres, a centre with no neutral army at the start, no neutral
    units at all) is said not modelled; None when nothing of it is played."""
    shown, line = found.get("where") or ("processGame.php", 1)
    country = str(found.get("country", "<neutral>"))
    if country != "<neutral>" and int(country) != pseudo:
        facts.unmodelled.append((shown, line, f"the processGame builds armies for countryID {country} in the "
                                              f"empty territories it holds, which is no neutral pseudo-country "
                                              f"(that is {pseudo}, one past the last country): not modelled"))
        return None
    held = [p for p in provinces if owners.get(p["id"]) == "NEUTRAL"]
    centres = [p["id"] for p in held if p.get("supply_center")]
    others = [p["id"] for p in held if not p.get("supply_center")]
    standing = {u.split()[1].split("/")[0] for u in neutral_units}
    if others:
        facts.unmodelled.append((shown, line, f"the neutral units are rebuilt every year in {', '.join(others)}, "
                                              "which are no supply centres, until a unit enters them: not modelled"))
    bare = [c for c in centres if c not in standing]
    if neutral_units and bare:
        facts.unmodelled.append((shown, line, f"the first spring's moves are followed by a Builds phase that gives "
                                              f"{', '.join(bare)} a neutral army; Mapwright holds no spring "
                                              "adjustments: it builds them in the first winter"))
    if not neutral_units or not centres:
        facts.unmodelled.append((shown, line, "the processGame rebuilds neutral units, but the variant has "
                                              f"{'no neutral units' if not neutral_units else 'no neutral centres'}: "
                                              "not modelled"))
        return None
    return {"centres": centres}


def _owner(row: dict, by_cid: dict, power_of_name: dict, pseudo: int) -> str | None:
    """Power id owning a territory at the start, 'NEUTRAL' for the neutral units'
    pseudo-country, None for no owner."""
    cid = row.get("countryID")
    if isinstance(cid, int) and not isinstance(cid, bool):
        if cid in by_cid:
            return power_id(by_cid[cid])
        return "NEUTRAL" if cid == pseudo else None
    name = row.get("country")
    if isinstance(name, str) and name_key(clean_name(name)) in power_of_name:
        return power_of_name[name_key(clean_name(name))]
    return None


def _borders(border_rows, location_of, by_id, shown, diags, speller: Speller) -> list[dict]:
    borders: list[dict] = []
    seen: dict[frozenset, dict] = {}
    for row in border_rows:
        a = location_of.get(clean_name(row.get("from", "")))
        b = location_of.get(clean_name(row.get("to", "")))
        if a is None or b is None:
            missing = row.get("from") if a is None else row.get("to")
            diags.append(_diag(shown, row["_line"], UNKNOWN_TERRITORY,
                               f"border names unknown territory '{clean_name(missing)}'",
                               hint=_spelling(clean_name(missing), location_of, speller)))
            continue
        if a == b:
            diags.append(_diag(shown, row["_line"], EMPTY_BORDER, f"border {a}-{b} joins a territory to itself"))
            continue
        units = [u for u, flag in (("army", row.get("armies")), ("fleet", row.get("fleets")))
                 if str(flag).lower() == "yes"]
        if not units:
            diags.append(_diag(shown, row["_line"], EMPTY_BORDER,
                               f"border {a}-{b} allows neither fleets nor armies"))
            continue
        possible = [u for u in units if _can_stand(u, a, by_id) and _can_stand(u, b, by_id)]
        if possible != units:
            dropped = ", ".join(u for u in units if u not in possible)
            diags.append(_diag(shown, row["_line"], IMPOSSIBLE_FLAG,
                               f"border {a}-{b}: no {dropped} can stand on both sides; "
                               + (f"kept for {', '.join(possible)}" if possible else "row skipped")))
            if not possible:
                continue
            units = possible
        key = frozenset((a, b))
        if key in seen:
            known = seen[key]
            if set(known["units"]) != set(units):
                diags.append(_diag(shown, row["_line"], CONFLICTING_BORDER,
                                   f"border {a}-{b} repeated with units {units} "
                                   f"(first: {known['units']})"))
                known["units"] = [u for u in ("army", "fleet") if u in set(known["units"]) | set(units)]
            continue
        entry = {"between": [a, b], "units": units}
        seen[key] = entry
        borders.append(entry)
    return borders


def _country_lists(name: str, lists: dict[str, list[str]], power_of_name: dict, location_of: dict,
                   variant: VariantPhp, diags: list, speller: Speller) -> dict[str, list[str]]:
    """A variant.php array of territory names by country as {power id: [province ids]}; a name
    that is not a country or a territory is a located warning and left out."""
    where = (f"{variant.folder}/variant.php", variant.lines.get(name, 1))
    out: dict[str, list[str]] = {}
    for country, territories in lists.items():
        power = power_of_name.get(name_key(clean_name(country)))
        if power is None:
            diags.append(_diag(*where, NOT_A_COUNTRY, f"${name} names '{clean_name(country)[:80]}', which is not "
                                                      "one of the countries: left out",
                               hint="write the country as $countries spells it"))
            continue
        for terr in territories:
            loc = location_of.get(clean_name(terr))
            if loc is None:
                diags.append(_diag(*where, UNKNOWN_TERRITORY, f"${name} names unknown territory "
                                                              f"'{clean_name(terr)[:80]}': left out",
                                   hint=_spelling(clean_name(terr), location_of, speller)))
                continue
            out.setdefault(power, []).append(loc.split("/")[0])
    return out


def _territories_by_power(form: str, facts_of: dict, by_cid: dict, location_by_row: dict, by_id: dict,
                         facts: ClassFacts, shown: str) -> dict | None:
    """A form's {countryID: [terrID]} facts (and `where` the class is) as {by_power: {power:
    [province]}}, or None (the classes' rule then stays not modelled, said at the class) when a
    country or a supply centre is not there."""
    out: dict[str, list[str]] = {}
    for cid, terrs in sorted(facts_of["country_terr_ids"].items()):
        ids = [location_by_row.get(t, "").split("/")[0] for t in terrs]
        if cid not in by_cid or not all(by_id.get(p, {}).get("supply_center") for p in ids):
            facts.unmodelled.append((*facts_of.get("where", (shown, 1)), f"the classes' {form} rule names countryID {cid} and terrIDs "
                                               f"{', '.join(map(str, terrs))}, which are not a country of "
                                               f"$countries and supply centres of install.php: it is not imported"))
            return None
        out.setdefault(power_id(by_cid[cid]), []).extend(ids)
    rest = {k: v for k, v in facts_of.items() if k not in ("country_terr_ids", "where")}
    return {**rest, "by_power": out}


def _target_centres(by_country: dict[int, list[list[int]]], by_cid: dict, location_by_row: dict,
                    by_id: dict) -> dict[str, list[list[str]]] | None:
    """The victory test's countries and territories as power and province ids, or None when
    one is not there (or a territory is not a supply centre, which nobody owns)."""
    out = {}
    if ANY_WINNER in by_country:      # a test for whoever wins: every country's
        by_country = {cid: by_country[ANY_WINNER] for cid in by_cid}
    for cid, groups in sorted(by_country.items()):
        ids = [[location_by_row.get(t, "").split("/")[0] for t in group] for group in groups]
        if cid not in by_cid or not all(by_id.get(p, {}).get("supply_center") for g in ids for p in g):
            return None
        out[power_id(by_cid[cid])] = ids
    return out


def _canal(found: tuple[int, int, int, int], location_by_row: dict[int, str], by_id: dict, shown: str,
           diags: list) -> dict | None:
    """The canals module's entry from the terrIDs the classes name, and the canal's own
    pseudo-territory (which the module replaces: it is left out with its unit)."""
    a, b, through, own = (location_by_row.get(t) for t in found)
    if None in (a, b, through, own) or len({a, b, through, own}) < 4:
        diags.append(_diag(shown, 1, NOT_MODELLED,
                           f"the classes make a canal of terrIDs {', '.join(str(t) for t in found)}, which are not "
                           f"four territories of install.php; the canal is not imported",
                           hint="terrIDs count install.php's rows from 1"))
        return None
    ends = [loc.split("/")[0] for loc in (a, b)]
    if any(by_id[e]["type"] not in ("sea", "coast") for e in ends):
        diags.append(_diag(shown, 1, NOT_MODELLED, f"the classes make a canal between {ends[0]} and {ends[1]}, "
                                                   f"where no fleet can stand; the canal is not imported",
                           hint="the canal's ends must be seas or coasts"))
        return None
    return {"module": {"between": ends, "through": through.split("/")[0]}, "own": own.split("/")[0]}


def _country_spelling(name: str, countries, speller: Speller) -> str:
    """What to write for a $countryUnits name that is no country: the closest countries."""
    close = speller.close(name, countries)
    shown = " or ".join(f"'{c}'" for c in close)
    return (f"did you mean {shown}? " if close else "") + \
        "write the country as $countries spells it, or call neutral units 'Neutral units'"


def _spelling(name: str, known: dict[str, str], speller: Speller) -> str:
    """What to write for a territory name install.php does not define: the closest names
    it does (spelling.py bounds the cost)."""
    close = speller.close(name, known)
    shown = " or ".join(f"'{c}'" for c in close)
    return (f"did you mean {shown}? " if close else "") + \
        "write the name exactly as install.php's $territoryRawData row spells it"


def _can_stand(unit: str, loc: str, by_id: dict) -> bool:
    pid, _, coast = loc.partition("/")
    prov = by_id[pid]
    if unit == "army":
        return not coast and prov["type"] in ("land", "coast")
    return prov["type"] in ("coast", "sea") and (bool(coast) or not prov.get("coasts"))


def _start(facts: ClassFacts, countries, power_of_name, location_of, custom_start, diags, by_id,
           speller: Speller):
    """(start units, default builds, neutral units) from the classes' $countryUnits."""
    start_units: dict[str, list[str]] = {}
    default_builds: dict[str, list[str]] = {}
    neutral: list[str] = []

    def units_of(table: dict, where) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        taken: dict[str, str] = {}        # province -> the country whose unit stands there
        for country, units in table.items():
            key = power_of_name.get(name_key(clean_name(country))) if isinstance(country, str) else None
            owner = key or "NEUTRAL"
            if not isinstance(units, dict):
                continue
            if key is None and "neutral" not in str(country).lower():
                diags.append(_diag(*where, NOT_A_COUNTRY,
                                   f"units listed for '{clean_name(str(country))[:80]}', which is not one of "
                                   "the countries: imported as neutral units",
                                   hint=_country_spelling(clean_name(str(country)), countries, speller)))
            for terr, kind in units.items():
                loc = location_of.get(clean_name(terr))
                if loc is None:
                    diags.append(_diag(*where, UNKNOWN_TERRITORY,
                                       f"unit of {clean_name(country)} in unknown territory '{clean_name(terr)}'",
                                       hint=_spelling(clean_name(terr), location_of, speller)))
                    continue
                letter = "F" if str(kind).lower().startswith("f") else "A"
                if not _can_stand("fleet" if letter == "F" else "army", loc, by_id):
                    diags.append(_diag(*where, IMPOSSIBLE_FLAG,
                                       f"{str(kind).lower()} of {clean_name(country)} in {loc} "
                                       f"({by_id[loc.split('/')[0]]['type']}) cannot stand there; left out"))
                    continue
                province = loc.split("/")[0]
                if province in taken:
                    diags.append(_diag(*where, SHARED_TERRITORY,
                                       f"a unit of {clean_name(str(country))[:80]} in {province}, where a unit of "
                                       f"{taken[province][:80]} is listed already: left out",
                                       hint="move or remove one of the two units in $countryUnits"))
                    continue
                taken[province] = clean_name(str(country))
                out.setdefault(owner, []).append(f"{letter} {loc}")
        return out

    if facts.start_units:
        for owner, units in units_of(facts.start_units, facts.start_where).items():
            if owner == "NEUTRAL":
                neutral += units
            elif custom_start and not facts.default_builds:
                default_builds[owner] = units    # an opening build phase: the listed units are builds
            elif not facts.no_initial_units:
                start_units[owner] = units
    if facts.default_builds:
        for owner, units in units_of(facts.default_builds, facts.builds_where).items():
            if owner == "NEUTRAL":
                neutral += [u for u in units if u not in neutral]
            else:
                default_builds[owner] = units
    return start_units, default_builds, neutral


def _homes_date(found: dict, variant: VariantPhp, facts: ClassFacts) -> None:
    """HomesAtTurn's archived turn as the phase from which its ownership holds (turn 0 is the
    Spring of turnAsDate's first year, one engine year a Spring/Autumn pair), or not modelled
    when the start year is not known. webDiplomacy archives the ownership at the end of each
    phase of a turn (processGame::adjudicate): a spring turn's is the ownership when that spring
    begins (no centre changes hands in spring), an autumn turn's the ownership after its fall
    moves, which the spring after begins with (builds change no owner; in that turn's own build
    phase the archive is the ownership of the moment, any owned centre, as before the date)."""
    turn = found["HomesAtTurn"].get("turn")
    year = variant.start_year + (turn + 1) // 2 if variant.start_year is not None and isinstance(turn, int) else None
    if year is None or not 0 <= year <= 9999:
        del found["HomesAtTurn"]
        facts.unmodelled.append((f"{variant.folder}/variant.php", variant.lines.get("turnAsDate", 1),
                                 f"the builds classes set the home centres by the centres owned at turn {turn}, "
                                 "and turnAsDate does not say which phase that is"))
        return
    found["HomesAtTurn"] = {"date": f"S{year}M"}


def _start_phase(variant: VariantPhp, custom_start: bool, diags) -> str | None:
    where = f"{variant.folder}/variant.php"
    line = variant.lines.get("turnAsDate", 1)
    if variant.start_year is None:
        return None
    year = variant.start_year - (1 if custom_start else 0)
    if not 0 <= year <= 9999:
        diags.append(_diag(where, line, VARIANT_PHP, f"start year {year} is outside 0-9999; start.phase is left out"))
        return None
    return f"W{year}A" if custom_start else f"S{year}M"


def _order(power_order: list[str]):
    rank = {p: i for i, p in enumerate(power_order)}
    return lambda p: (rank.get(p, len(rank)), p)


def _sea_regions(provinces: list[dict]) -> list[dict]:
    """Sea regions from the sealane naming styles found in the wild: a code "MSB n" whose
    first word is the overseer's code (Divided States, A Modern Europe), or a name
    "<overseer's name> - <which lane>" (WWIVsealanes' "Gulf of Alaska - east sea lane")."""
    seas = [p for p in provinces if p["type"] == "sea"]
    by_code = {p.get("abbr", p["id"]): p for p in seas}
    by_name = {p["name"].lower(): p for p in seas}
    regions: dict[str, dict] = {}
    for prov in seas:
        m = _LANE.match(prov.get("abbr", ""))
        overseer = by_code.get(m.group("base")) if m else None
        if overseer is None and " - " in prov["name"]:
            overseer = by_name.get(prov["name"].split(" - ", 1)[0].strip().lower())
        if overseer is None or overseer is prov:
            continue
        region = regions.setdefault(overseer["id"], {"id": overseer["id"], "overseer": overseer["id"],
                                                     "sealanes": []})
        region["sealanes"].append(prov["id"])
        prov["region"] = overseer["id"]
        overseer["region"] = overseer["id"]
    return list(regions.values())


def _find_image(src: _Sources, options: ImportOptions, diags) -> Path | None:
    """The interactive-map image: --image, else interactiveMap/IA_map.png or IA_smallmap.png
    of the variant (or of the variant whose install.php it includes)."""
    if options.image:
        path = src.folder / options.image
        if not is_inside(path, src.folder) or not path.is_file():
            diags.append(_diag(f"{src.folder.name}/{options.image}", 1, IMAGE_PROBLEM,
                               f"--image {options.image} is not a file inside the variant folder",
                               hint="name the flat-colour interactive map, e.g. interactiveMap/IA_map.png"))
            return None
        return path
    folders = src.chain or [src.folder]
    for folder in folders:
        for name in ("interactiveMap/IA_map.png", "interactiveMap/IA_smallmap.png"):
            if (folder / name).is_file():
                if not is_inside(folder / name, src.root):
                    diags.append(_diag(f"{folder.name}/{name}", 1, IMAGE_PROBLEM,
                                       "the image is a link to a place outside the variants folder, which the "
                                       "importer never reads: the game is imported without outlines",
                                       hint="replace the link with the image itself"))
                    return None
                return folder / name
    diags.append(_diag(f"{src.folder.name}/interactiveMap", 1, IMAGE_PROBLEM,
                       "the variant has no interactive-map image (interactiveMap/IA_map.png or "
                       "IA_smallmap.png): the game is imported without outlines, so its site draws no map",
                       hint="pass --image with a flat-colour map in which every territory has its own colour"))
    return None


def _load_image(path: Path, variant_dir: Path, diags):
    from .png_image import ImageProblem, load_rgb
    shown = f"{variant_dir.name}/{path.relative_to(variant_dir).as_posix()}" if is_inside(path, variant_dir) \
        else path.name
    try:
        rgb, note = load_rgb(path)      # (pixels and colour borders bounded there)
    except (ImageProblem, OSError) as exc:
        diags.append(_diag(shown, 1, IMAGE_PROBLEM, f"the image {exc}; the game is imported without outlines"))
        return None
    if note:
        diags.append(_diag(shown, 1, IMAGE_PROBLEM, f"the image {note}",
                           hint="nothing to do for the import; re-saving the PNG in an image editor repairs it"))
    return rgb


def _small_coordinates(rgb, territories: list[dict], image_path: Path) -> bool:
    """Whether the image is drawn at webDiplomacy's small-map scale: the point set (sx, sy)
    or (x, y) whose label points fall on more distinct territory colours wins (the file
    name decides a tie), whatever the image is called (WorldAtWar1937's IA_map.png is small)."""
    height, width = rgb.shape[:2]

    def distinct(kx: str, ky: str) -> int:
        seen = set()
        for row in territories:
            x, y = row.get(kx), row.get(ky)
            if isinstance(x, int) and isinstance(y, int) and 0 <= x < width and 0 <= y < height:
                r, g, b = (int(v) for v in rgb[y, x])
                if r or g or b:
                    seen.add((r, g, b))
        return len(seen)

    small, large = distinct("sx", "sy"), distinct("x", "y")
    if small != large:
        return small > large
    return "small" in image_path.name.lower()


_SEED = re.compile(r"^(?P<id>[A-Z0-9][A-Z0-9_]*)=(?P<x>\d+),(?P<y>\d+)$")


def parse_seed(text: str) -> tuple[str, int, int] | None:
    """'SWI=228,255' -> ('SWI', 228, 255); None if malformed."""
    m = _SEED.match(text.strip())
    return (m.group("id"), int(m.group("x")), int(m.group("y"))) if m else None


def _rename(id_map, provinces, seeds, coast_labels, owners, options, shown, diags, rows_of=None):
    """Re-key seeds, coast labels and owners by the id map's ids (matched by name).

    Returns (seeds, coast_labels, owners, extra seeds from --seed, {variant id: id map's id})."""
    rows_of = rows_of or {}

    def line_of(prov: dict) -> int:
        return rows_of.get(prov["id"], 1)
    from .id_map import pair_coasts
    target_of: dict[str, str] = {}
    claimed: dict[str, str] = {}
    for prov in provinces:
        target = None
        for key in (prov["name"], prov.get("abbr"), prov["id"]):
            target = id_map.province(key) if key else None
            if target:
                break
        if target is None:
            diags.append(_diag(shown, line_of(prov), NO_PROVINCE, f"territory '{prov['name']}' matches no province of "
                                                      f"{options.ids_from}", hint="add its name as an alias"))
            continue
        if target in claimed:
            diags.append(_diag(shown, line_of(prov), NO_PROVINCE, f"territories '{claimed[target]}' and '{prov['name']}' "
                                                      f"both match {target}",
                               hint="give one of them the province's name or alias in the variant, or add an "
                                    "alias to the map.yaml that tells them apart"))
            continue
        claimed[target] = prov["name"]
        target_of[prov["id"]] = target
    new_labels: dict[str, list[int]] = {}
    for prov in provinces:
        codes = prov.get("coasts") or []
        if not codes or prov["id"] not in target_of:
            continue
        target = target_of[prov["id"]]
        pairs = pair_coasts(codes, id_map.coasts(target))
        for code in codes:
            if code not in pairs:
                diags.append(_diag(shown, line_of(prov), NO_PROVINCE, f"coast {code} of '{prov['name']}' matches no coast "
                                                          f"of {target} ({', '.join(id_map.coasts(target)) or 'none'})",
                               hint="name the coast by a compass point, as the map.yaml's coasts are"))
            elif f"{prov['id']}/{code}" in coast_labels:
                new_labels[f"{target}/{pairs[code]}"] = coast_labels[f"{prov['id']}/{code}"]
    new_owners: dict[str, str] = {}
    for pid, power in owners.items():
        if pid in target_of:
            mapped = "NEUTRAL" if power == "NEUTRAL" else id_map.power(power)
            if mapped:
                new_owners[target_of[pid]] = mapped
    new_seeds = [(target_of[pid], x, y) for pid, x, y in seeds if pid in target_of]
    extra: list[tuple[str, int, int]] = []
    for text in options.seeds:
        seed = parse_seed(text)
        if seed is None or seed[0] not in id_map.provinces or seed[0] in claimed \
                or seed[0] in {s[0] for s in extra}:
            why = ("is not ID=X,Y" if seed is None else f"names {seed[0]}, which is not in {options.ids_from}"
                   if seed[0] not in id_map.provinces else f"names {seed[0]}, which already has a territory")
            diags.append(_diag(shown, 1, BAD_SEED, f"--seed {text} {why}",
                               hint="write --seed ID=X,Y with a province of --ids-from that no territory matched"))
            continue
        extra.append(seed)
    seeded = set(claimed) | {s[0] for s in extra}
    for pid in sorted(set(id_map.provinces) - seeded):
        diags.append(_diag(str(options.ids_from), 1, NO_TERRITORY,
                           f"{pid} matches no territory of the variant and gets no outline",
                           hint=f"give a point inside it with --seed {pid}=X,Y"))
    return (new_seeds, dict(sorted(new_labels.items())),
            {k: new_owners[k] for k in sorted(new_owners)}, extra, target_of)


@dataclass
class _Territories:
    """What tracing needs to know of the territories besides their label points."""
    pairs: set = field(default_factory=set)         # (id, id) of every border
    seas: set = field(default_factory=set)
    install: str = "install.php"                    # where their rows are (diagnostics point there)
    row_line: dict = field(default_factory=dict)    # id -> line of its row


def _geometry(rgb, image_path: Path, variant_dir: Path, seeds, options: ImportOptions, diags,
              extra_seeds=(), known: _Territories | None = None) -> dict:
    import numpy as np

    from .components import sort_components
    from .trace import colour_codes, grow_labels, label_pixels, thick_area, trace

    shown = image_path.relative_to(variant_dir).as_posix() if is_inside(image_path, variant_dir) \
        else f"../{image_path.parent.parent.name}/{image_path.parent.name}/{image_path.name}"
    territory_seeds = len(seeds)
    seeds = list(seeds) + list(extra_seeds)
    labels, decor, seed_colour = label_pixels(rgb, [(x, y) for _, x, y in seeds])
    # only the areas of a territory's colour at its label point, its islands and cut-off pieces
    known = known or _Territories()
    index_of = {pid: i for i, (pid, _, _) in enumerate(seeds[:territory_seeds])}
    neighbours: dict[int, set[int]] = {}
    for a, b in known.pairs:
        if a in index_of and b in index_of:
            neighbours.setdefault(index_of[a], set()).add(index_of[b])
            neighbours.setdefault(index_of[b], set()).add(index_of[a])
    sorted_areas = sort_components(labels, [(x, y) for _, x, y in seeds[:territory_seeds]], neighbours,
                                   options.grow, {index_of[pid] for pid in known.seas if pid in index_of})
    labels = sorted_areas.labels
    if sorted_areas.skipped:
        diags.append(_diag(shown, 1, STRAY_AREA, "the image's colours are scattered too widely to sort out which "
                                                 "areas belong to which territory: some are kept as they are",
                           hint="check the geometry review page for outlines that reach too far"))
    for index, (pixels, (x0, y0, x1, y1)) in sorted(sorted_areas.dropped.items()):
        diags.append(_diag(shown, 1, STRAY_AREA,
                           f"{seeds[index][0]}: {pixels} pixel(s) of its colour in ({x0}, {y0})-({x1}, {y1}) "
                           f"are away from its label point and its neighbours (a title or legend box, a dot, "
                           f"the background): left out of its outline",
                           hint="if they are part of it, give it a border with the territories they touch; "
                                "else nothing to do"))
    # --seed points: the area of their own colour, or the broad area of separator black
    # (a whole-image mask, so made only when there are such points)
    black = (colour_codes(rgb) == 0) & (labels < 0) if len(seeds) > territory_seeds else None
    traced_extra: set[int] = set()
    for index in range(territory_seeds, len(seeds)):
        pid, x, y = seeds[index]
        code = seed_colour.get(index)
        if code is None:
            area = thick_area(black, x, y)
            if area.any():
                labels[area] = index
                black &= ~area
                traced_extra.add(index)
                continue
        elif int(np.count_nonzero(labels == index)):
            traced_extra.add(index)
            continue
        diags.append(_diag(shown, 1, BAD_SEED, f"--seed {pid}={x},{y} lies on no area of its own",
                           hint="give a pixel inside the province's own area of the image"))
    first_with: dict[int, int] = {}
    for index, (pid, x, y) in enumerate(seeds[:territory_seeds]):
        code = seed_colour.get(index)
        if index in sorted_areas.moved:       # shares a colour, but the area at its point is its own
            first_with.setdefault(-1 - index, index)
            continue
        if code is None or code in first_with:
            other = seeds[first_with[code]][0] if code in first_with else None
            why = f"shares its colour with {other}" if other else "has no territory colour at its label point"
            diags.append(_diag(known.install, known.row_line.get(pid, 1), NO_COLOUR,
                               f"{pid} {why} ({x}, {y}) in {shown}",
                               hint="move the row's label point onto the territory's own colour in the image, "
                                    "or give the territory a colour of its own there"))
            continue
        first_with[code] = index
    n = len(seeds)
    territory_labels = np.where(labels < n, labels, -1)
    grown = grow_labels(territory_labels, options.grow)
    traced = trace(grown, tolerance=options.tolerance)
    outlines = {}
    for index, (pid, _, _) in enumerate(seeds):
        rings = traced.rings.get(index)
        if rings:
            outlines[pid] = rings
        elif index in first_with.values() or index in traced_extra:
            diags.append(_diag(known.install, known.row_line.get(pid, 1), NO_OUTLINE,
                               f"{pid} has no outline in {shown}"))
    contacts = sorted([sorted((seeds[a][0], seeds[b][0])) + [length]
                       for (a, b), length in traced.contacts.items() if a < n and b < n])
    decor_items = []
    if decor:
        decor_labels = np.where(labels >= n, labels, -1)
        decor_traced = trace(decor_labels, tolerance=options.tolerance, min_area=16.0)
        for label in sorted(decor):
            rings = decor_traced.rings.get(label)
            if rings:
                decor_items.append({"color": decor[label], "rings": rings})
    height, width = labels.shape
    return {"image": {"width": int(width), "height": int(height), "source": shown},
            "outlines": outlines, "contacts": contacts, "decor": decor_items}


def _sample_colours(variant_dir: Path, colour_name: str, ia, seeds, powers, provinces, diags) -> None:
    """Each power's colour: the commonest colour of its home territories' pixels in the
    coloured map (--colours), which must have the interactive map's size."""
    import numpy as np

    from .trace import colour_codes, label_pixels

    path = variant_dir / colour_name
    shown = f"{variant_dir.name}/{colour_name}"
    if not is_inside(path, variant_dir) or not path.is_file():
        diags.append(_diag(shown, 1, IMAGE_PROBLEM, f"--colours {colour_name} is not a file inside the variant "
                                                    "folder; the colours of drawMap.php are kept"))
        return
    loaded = _load_image(path, variant_dir, diags)
    if loaded is None:
        return
    if loaded.shape[:2] != ia.shape[:2]:
        diags.append(_diag(shown, 1, IMAGE_PROBLEM,
                           f"--colours image is {loaded.shape[1]} x {loaded.shape[0]} pixels but the interactive "
                           f"map is {ia.shape[1]} x {ia.shape[0]}; the colours of drawMap.php are kept",
                           hint="pass the coloured map drawn at the interactive map's size"))
        return
    colours = colour_codes(loaded)
    labels, _, _ = label_pixels(ia, [(x, y) for _, x, y in seeds], decor_min_pixels=1 << 62)
    bright = np.maximum(np.maximum(colours >> 16, (colours >> 8) & 255), colours & 255)
    keep = (labels >= 0) & (bright >= 32)
    # one pass: count (territory, colour) pairs, then each territory's commonest colour
    pairs = labels[keep].astype(np.int64) * (1 << 24) + colours[keep]
    keys, counts = np.unique(pairs, return_counts=True)
    best: dict[int, tuple[int, int]] = {}
    for key, count in zip(keys.tolist(), counts.tolist()):
        label, code = key >> 24, key & 0xFFFFFF
        if label not in best or count > best[label][0]:
            best[label] = (count, code)
    index_of = {pid: i for i, (pid, _, _) in enumerate(seeds)}
    for power in powers:
        votes: Counter = Counter()
        for p in provinces:      # each home territory votes for its commonest non-black colour
            if p.get("home") == power["id"] and index_of.get(p["id"]) in best:
                votes[best[index_of[p["id"]]][1]] += 1
        if votes:
            code = min(votes, key=lambda c: (-votes[c], c))
            power["color"] = f"#{code >> 16:02x}{(code >> 8) & 255:02x}{code & 255:02x}"


# -- text output ----------------------------------------------------------------

def _geometry_text(geometry: dict, command: str) -> str:
    header = ["yaml-language-server: $schema=../../schemas/diplomacy-geometry.schema.json",
              f"Generated by `{command}`.",
              "Outlines: rings of flat [x1, y1, x2, y2, ...] pixel corners; fill with even-odd.",
              "Contacts: [A, B, shared outline length in pixels]."]
    return document(header, [(key, geometry[key]) for key in
                             ("image", "outlines", "coast_labels", "owners", "contacts", "decor")
                             if key in geometry])


def _has_starter(out_dir: Path, name: str) -> bool:
    if name.startswith("rules/"):
        rules = out_dir / "rules"
        # a linked rules/ is the author's too (and never written into: generator/writing.py)
        return rules.is_symlink() or (rules.exists() and any(rules.glob("*.md")))
    return (out_dir / name).exists() or (out_dir / name).is_symlink()


def write_files(imported: Imported, out_dir: Path, *, force: bool = False) -> list[Path]:
    """Write the importer's files, and the starter files the folder does not have yet
    (game.yaml when absent; the rules page when rules/ holds no page). The rule of
    generator/writing.py holds: raises Refused when a file in the way is not Mapwright's
    (a hand-written map.yaml; unless `force`) or a link is on the way."""
    todo = dict(imported.files)
    todo.update({name: text for name, text in imported.starters.items() if not _has_starter(out_dir, name)})
    return write_safely(out_dir, todo, force=force)
