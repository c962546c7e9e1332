"""A Diplomacy-family game out as a webDiplomacy / vDiplomacy variant folder.

    mapwright export webdiplomacy content/<game> -o DIR

writes what webDiplomacy's variant installer reads:

- install.php: `$territoryRawData` (name, type, supply, countryID, x, y, sx, sy) and
  `$bordersRawData` (from, to, fleets, armies), in the form the real variants use
  (A_Modern_Europe's column order). Territory names are `Name (CODE)`, split coasts
  `Name (CODE) (North Coast)`; borders are the game's effective adjacency (rule
  modules' derived borders included), an army row between provinces and a fleet row
  between the coasts a fleet moves between;
- variant.php: the class skeleton with the credits, licence, countries, the
  supply-centre target and the calendar from the start phase;
- classes/drawMap.php (country colours, image resources) and
  classes/adjudicatorPreGame.php (starting units), or, for a custom start, the
  default builds in classes/processOrderBuilds.php;
- resources/map.png and smallmap.png (territories in flat colours, black lines: the
  images webDiplomacy flood-fills with owners' colours) and interactiveMap/IA_map.png
  (one colour per territory), all drawn from geometry.yaml's outlines.

Rule modules, in webDiplomacy's own class forms, so that importing the export gives
them back:

- custom_start: the CustomStart classes (written here: processGame opens with a build
  phase, processOrderBuilds fills it with the default builds, adjudicatorPreGame places
  no units), registered in variant.php; its opening_sites as a userOrderBuilds in Pirates'
  or DutchRevolt's form where one gives them back (webdip_opening.py), else EXP001;
- build_anywhere: the classes of the BuildAnywhere variant that ships with webDiplomacy
  (variants/BuildAnywhere), registered by name; a custom start's processOrderBuilds
  extends that variant's;
- colored_neutral_centers: drawMap's `$nsc_info` (terrID => countryID and the label
  points), drawn by a NeutralScBox drawMap written here;
- transform and neutral_armies: the Transform and NeutralUnits classes, the neutral
  units in $countryUnits and variant.php's $neutralHold (webdip_modules.py);
- victory_conditions (its also_own): a TargetCentres processMembers (webdip_modules.py);
- sealanes: already in the data (the sealane borders are ordinary borders, and the
  lanes' codes name their overseer);
- turn_years: turnAsDate / turnAsDateJS count its years; one_way_borders: install.php
  deletes the closed borders once the map is installed; homeland: the variant's own
  processGame updateOwners, in DutchRevolt's forms (webdip_play_forms.py).

Any other module, and a parameter value with no webDiplomacy form (transform only at
home centres, say), is named in variant.php and reported (EXP001), to be added by hand.
"""
from __future__ import annotations

import io
import re
import zlib
from dataclasses import dataclass, field

from ..diagnostics import CODES, Diagnostic, WARNING, register
from ..escape import php_comment, php_string
from ..families.diplomacy.model import Game, province_of
from ..families.diplomacy.rules import modules as rule_modules, webdip_carried
from . import webdip_modules as wm
from . import webdip_opening as wo
from . import webdip_play_forms as pf

NOT_EXPORTED = register("EXP001", "Part of the game has no webDiplomacy or DPjudge form",
                        "The exported variant carries the map, powers, centres, starting units and the rule "
                        "modules webDiplomacy variants have classes for (custom start, build anywhere, "
                        "transform, neutral armies, coloured neutral centres, sealanes, centres a winner must "
                        "also own, years a turn, one-way borders, homeland centres); another module, a "
                        "parameter value with no webDiplomacy form (named with the parameter), or a module "
                        "DPjudge has no keyword or location type for is named in the output and here, to be "
                        "added by hand.",
                        WARNING)
NO_GEOMETRY = register("EXP002", "No outlines to draw the map images from",
                       "webDiplomacy needs map images drawn from the province outlines; the game has no "
                       "geometry.yaml (or a province has no outline), so the images are missing or incomplete. "
                       "Import or trace the outlines first.", WARNING)
NAME_CHANGED = register("EXP003", "A name or code had to change on export",
                        "webDiplomacy names a territory `Name (CODE)` and reads its id from the code; where a "
                        "province's abbreviation would give another id (or clash), the id itself is the code, "
                        "so that importing the export gives the same ids. A coast code with no compass name "
                        "is written as it is.", WARNING)

COAST_WORDS = {"NC": "North", "SC": "South", "EC": "East", "WC": "West", "NEC": "Northeast",
               "NWC": "Northwest", "SEC": "Southeast", "SWC": "Southwest"}
TYPE = {"land": "Land", "coast": "Coast", "sea": "Sea"}
SEA_FILL = (197, 223, 234)
LAND_FILL = (226, 198, 158)
NEUTRAL_RGB = (226, 198, 158)
SMALL_WIDTH = 1000
# the webDiplomacy variant whose classes give build anywhere (shipped with webDiplomacy)
BUILD_ANYWHERE = "BuildAnywhere"


@dataclass
class Export:
    files: dict[str, bytes | str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def variant_name(game_id: str) -> str:
    """A PHP-identifier folder/class name: modern-europe -> Modern_Europe."""
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", game_id) if p]
    name = "_".join(p[:1].upper() + p[1:] for p in parts) or "Variant"
    return name if name[0].isalpha() else "V" + name


def _diag(file: str, code: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(file, 1, 1, code, message, CODES[code].severity, "", hint)


def territory_codes(game: Game, shown: str, diags: list) -> dict[str, str]:
    """The bracketed code of each province: its abbreviation when that makes its id, else the id."""
    from ..importers.webdiplomacy import ascii_id
    provinces = list(game.map.provinces.values())
    wanted = {p.id: (p.abbr or p.id) for p in provinces}
    counts: dict[str, int] = {}
    for code in wanted.values():
        counts[code] = counts.get(code, 0) + 1
    codes = {}
    for prov in provinces:
        code = wanted[prov.id]
        if ascii_id(code) != prov.id or counts[code] > 1:
            diags.append(_diag(shown, NAME_CHANGED, f"{prov.id} ({prov.name}) is exported with the code "
                                                    f"{prov.id}, not its abbreviation {code}",
                               "its abbreviation would give another id on import"))
            code = prov.id
        codes[prov.id] = code
    return codes


def export_variant(game: Game, shown: str, name: str | None = None) -> Export:
    out = Export()
    diags = out.diagnostics
    m = game.map
    name = name or variant_name(game.game_id)
    codes = territory_codes(game, shown, diags)
    powers = list(m.powers.values())
    country_of = _country_ids(game)
    provinces = [p for p in m.provinces.values() if p.type in TYPE]
    for prov in m.provinces.values():
        if prov.type not in TYPE:
            diags.append(_diag(shown, NOT_EXPORTED, f"{prov.id} is {prov.type}: webDiplomacy has no such "
                                                    "territory type, so it is drawn on the map but not installed"))
    full = {p.id: f"{p.name} ({codes[p.id]})" for p in provinces}
    for prov in provinces:
        for coast in prov.coasts:
            word = COAST_WORDS.get(coast)
            if word is None:
                diags.append(_diag(shown, NAME_CHANGED, f"coast {prov.id}/{coast} has no compass name; "
                                                        f"written '({coast} Coast)'"))
            full[f"{prov.id}/{coast}"] = f"{full[prov.id]} ({word or coast} Coast)"

    images, points = _images(game, provinces, diags, shown)
    geometry = game.geometry or {}
    sites = _opening_sites(game)
    held = wo.held_owners(game, sites)
    # the held form: install.php gives each power exactly its opening sites off the centres
    owners = held if held is not None else geometry.get("owners") or {}

    rows = []
    for prov in provinces:
        owner = prov.home if prov.supply_center and prov.home in country_of else owners.get(prov.id)
        rows.append((full[prov.id], TYPE[prov.type], "Yes" if prov.supply_center else "No",
                     country_of.get(owner, 0), *points.get(prov.id, (0, 0, 0, 0))))
    for prov in provinces:
        for coast in prov.coasts:
            loc = f"{prov.id}/{coast}"
            rows.append((full[loc], "Coast", "No", country_of.get(prov.home, 0) if prov.supply_center else 0,
                         *points.get(loc, points.get(prov.id, (0, 0, 0, 0)))))

    borders = []
    order = {p.id: i for i, p in enumerate(provinces)}
    seen_pairs = set()
    for a in sorted(m.army_adj, key=order.get):
        for b in sorted(m.army_adj[a], key=order.get):
            if order[a] < order[b]:
                seen_pairs.add((a, b))
    fleet_pairs = set()
    for a, targets in m.fleet_adj.items():
        for b in targets:
            if a in full and b in full:
                fleet_pairs.add(tuple(sorted((a, b), key=lambda loc: (order[province_of(loc)], loc))))
    plain = {(a, b) for a, b in fleet_pairs if "/" not in a and "/" not in b}
    for pair in sorted(seen_pairs | plain, key=lambda p: (order[p[0]], order[p[1]])):
        borders.append((full[pair[0]], full[pair[1]], "Yes" if pair in plain else "No",
                        "Yes" if pair in seen_pairs else "No"))
    for pair in sorted(fleet_pairs - plain, key=lambda p: (order[province_of(p[0])], p[0],
                                                            order[province_of(p[1])], p[1])):
        borders.append((full[pair[0]], full[pair[1]], "Yes", "No"))

    header = _header(game, name)
    terr_id = {row[0]: i for i, row in enumerate(rows, start=1)}     # webDiplomacy's terrID: row order
    out.files["install.php"] = _install_php(header, name, rows, borders, pf.deleted_borders(game, full, terr_id))
    custom = _writes(game, "CustomStart")
    anywhere = _writes(game, "BuildAnywhere")
    homelands = pf.homelands(game, full, terr_id, country_of)[0]
    transform = _writes(game, "Transform") and not _too_many_territories(game)
    neutral = wm.neutrals(game, full, terr_id)
    targets = wm.target_centres(game, full, terr_id, country_of)
    units = _units(game, full, custom, neutral, shown, diags)
    nsc = _neutral_boxes(game, full, terr_id, country_of, points)
    opening = _opening_php(game, name, sites, held is not None, anywhere, full, terr_id, country_of)
    out.files["variant.php"] = _variant_php(game, name, header, powers, custom, anywhere, transform, neutral,
                                            shown, diags, targets is not None, bool(homelands), bool(opening),
                                            turn_field=bool(opening) and held is None)
    out.files["classes/drawMap.php"] = _draw_map_php(header, name, powers, bool(images), nsc, transform, neutral)
    neutral_units = {neutral.country: neutral.units} if neutral else {}
    if custom:
        out.files["classes/processOrderBuilds.php"] = _custom_builds_php(header, name, units, anywhere)
        if opening:
            out.files["classes/userOrderBuilds.php"] = wm.class_file(header, opening)
        out.files["classes/adjudicatorPreGame.php"] = _custom_pregame_php(header, name, neutral_units)
    else:
        out.files["classes/adjudicatorPreGame.php"] = _units_php(
            header, f"{name}Variant_adjudicatorPreGame", "adjudicatorPreGame", {**units, **neutral_units},
            "The starting units" + (f" ('{neutral.country}': the neutral units)." if neutral else "."))
    if custom or neutral or homelands:
        out.files["classes/processGame.php"] = _process_game_php(header, name, custom, neutral is not None,
                                                                 pf.update_owners_php(homelands, variant_id(name)))
    if neutral or targets:
        out.files["classes/processMembers.php"] = wm.process_members_php(header, name, neutral is not None, targets)
    if transform:
        out.files["classes/userOrderDiplomacy.php"] = wm.user_order_diplomacy_php(header, name)
        out.files["classes/processOrderDiplomacy.php"] = wm.process_order_diplomacy_php(header, name)
        out.files["classes/OrderInterface.php"] = wm.order_interface_php(header, name,
                                                                         BUILD_ANYWHERE if anywhere else None)
        out.files["resources/transform.js"] = wm.TRANSFORM_JS
    if transform or neutral:
        out.files["classes/OrderArchiv.php"] = wm.order_archiv_php(header, name, transform, neutral)
    out.files.update(images)
    return out


def _writes(game: Game, form: str) -> bool:
    """Whether an enabled module is written as webDiplomacy's `form` (its webdip.export)."""
    return _module(game, form) is not None


def _module(game: Game, form: str) -> tuple[str, dict] | None:
    """(name, parameters) of the enabled module written as `form`, or None."""
    return game.modules.writing(form) if game.modules is not None else None


def _opening_sites(game: Game) -> dict[str, list[str]]:
    custom = _module(game, "CustomStart")
    return (custom[1].get("opening_sites") or {}) if custom else {}


def _opening_php(game: Game, name: str, sites: dict, held: bool, anywhere: bool, full: dict[str, str],
                 terr_id: dict[str, int], country_of: dict[str, int]) -> list[str]:
    """The userOrderBuilds classes that let the opening build on the opening sites (webdip_opening),
    none when there are none or they have no form."""
    lines = [f"require_once('variants/{BUILD_ANYWHERE}/classes/userOrderBuilds.php');", ""] if anywhere else []
    base = f"{BUILD_ANYWHERE}Variant_userOrderBuilds" if anywhere else "userOrderBuilds"
    if held:
        return lines + wo.held_class(base, anywhere) + [
            f"class {name}Variant_userOrderBuilds extends CustomStart_userOrderBuilds {{}}"]
    one = wo.listed(game, sites)
    if one is None:
        return []
    power, places = one
    return lines + wo.turn_class(base) + wo.listed_class(f"{name}Variant_userOrderBuilds", country_of[power],
                                                         power, [terr_id[full[p]] for p in places])


def _too_many_territories(game: Game) -> bool:
    """webDiplomacy's Transform stores its order as a support hold to terrID + TRANSFORM_OFFSET."""
    return len(_names_and_rows(game)[1]) > wm.TRANSFORM_OFFSET


def _neutral_boxes(game: Game, full, terr_id, country_of, points) -> dict[int, tuple]:
    """colored_neutral_centers as NeutralScBox's $nsc_info: terrID -> (countryID, sx, sy, x, y)."""
    boxes = {}
    for power, centres in (game.colored_neutral_centers or {}).items():
        for pid in centres:
            if pid in full and power in country_of:
                x, y, sx, sy = points.get(pid, (0, 0, 0, 0))
                boxes[terr_id[full[pid]]] = (country_of[power], sx, sy, x, y)
    return dict(sorted(boxes.items()))


# -- images -----------------------------------------------------------------------------

def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=6)
    return buffer.getvalue()


def _images(game: Game, provinces, diags, shown) -> tuple[dict[str, bytes], dict[str, tuple]]:
    """The three images and each territory's (x, y, sx, sy) point inside its own area."""
    from .raster import boundaries, distinct_colours, inside_points, paint, province_raster
    geometry = game.geometry or {}
    outlines = geometry.get("outlines") or {}
    image = geometry.get("image") or {}
    if not outlines or not image.get("width"):
        diags.append(_diag(shown, NO_GEOMETRY, "the game has no outlines (geometry.yaml): no map images written",
                           "webDiplomacy needs resources/map.png, resources/smallmap.png and interactiveMap/IA_map.png"))
        return {}, {}
    width, height = int(image["width"]), int(image["height"])
    # every province with an outline is drawn, impassable ones too (as dark areas)
    drawn = [pid for pid in game.map.provinces if pid in outlines]
    missing = [p.id for p in provinces if p.id not in outlines]
    if missing:
        diags.append(_diag(shown, NO_GEOMETRY, f"no outline for {', '.join(missing[:10])}"
                                               + (" ..." if len(missing) > 10 else ""),
                           "those territories cannot be clicked or coloured on the webDiplomacy map"))
    scale = min(1.0, SMALL_WIDTH / width)
    small_w, small_h = max(1, round(width * scale)), max(1, round(height * scale))
    big = province_raster(outlines, drawn, width, height)
    small = province_raster(outlines, drawn, small_w, small_h, scale)
    big_edge, small_edge = boundaries(big), boundaries(small)
    index = {pid: i for i, pid in enumerate(drawn)}
    points: dict[str, tuple] = {}
    labels = geometry.get("coast_labels") or {}
    wanted = {index[p.id]: p.label for p in provinces if p.id in index}
    big_at = inside_points(big, big_edge, wanted)
    small_at = inside_points(small, small_edge, {i: (x * scale, y * scale) for i, (x, y) in big_at.items()})
    for prov in provinces:
        if prov.id not in index:
            continue
        at = big_at.get(index[prov.id])
        if at is None:
            diags.append(_diag(shown, NO_GEOMETRY, f"{prov.id}'s outline is too thin to hold a point"))
            continue
        sat = small_at.get(index[prov.id]) or (round(at[0] * scale), round(at[1] * scale))
        points[prov.id] = (*at, *sat)
        for coast in prov.coasts:   # a coast's point: its label, else the province's
            lx, ly = labels.get(f"{prov.id}/{coast}", at)
            points[f"{prov.id}/{coast}"] = (round(lx), round(ly), round(lx * scale), round(ly * scale))
    fills = []
    for pid in drawn:
        kind = game.map.provinces[pid].type
        fills.append(SEA_FILL if kind == "sea" else (60, 60, 60) if kind in ("impassable", "lake") else LAND_FILL)
    ia_colours = distinct_colours(len(drawn))
    return {
        "resources/map.png": _png(paint(big, big_edge, fills, background=(40, 40, 40))),
        "resources/smallmap.png": _png(paint(small, small_edge, fills, background=(40, 40, 40))),
        "interactiveMap/IA_map.png": _png(paint(big, big_edge, ia_colours)),
    }, points


# -- PHP text ----------------------------------------------------------------------------

def _header(game: Game, name: str) -> str:
    meta = game.meta
    licence = meta.get("licence") or {}
    credits = "; ".join(f"{c.get('name')} ({c.get('role')})" for c in meta.get("credits") or [])
    lines = [f"{meta.get('title', game.game_id)}: the {name} variant for webDiplomacy, exported by Mapwright",
             f"(`mapwright export webdiplomacy content/{game.game_id}`). Re-export rather than edit.", "",
             f"Credits: {credits}", "",
             f"Licence: {licence.get('name', '')}", *_wrap(licence.get("notice", ""))]
    if licence.get("url"):
        lines.append(licence["url"])
    return "/*\n" + "".join(f"\t{php_comment(line)}\n" if line else "\n" for line in lines) + "*/\n"


def _wrap(text: str, width: int = 84) -> list[str]:
    words, lines, line = str(text).split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def _q(text) -> str:
    return "'" + php_string(text) + "'"


def _install_php(header: str, name: str, rows, borders, deleted=()) -> str:
    out = ["<?php", header.rstrip("\n"),
           "defined('IN_CODE') or die('This script can not be run by itself.');",
           'require_once("variants/install.php");', "",
           "InstallTerritory::$Territories=array();", "$countries=$this->countries;",
           "$territoryRawData=array("]
    out.append(",\n".join(f"\tarray({_q(r[0])}, {_q(r[1])}, {_q(r[2])}, {r[3]}, {r[4]}, {r[5]}, {r[6]}, {r[7]})"
                          for r in rows))
    out += [");", "",
            "foreach($territoryRawData as $territoryRawRow)", "{",
            "\tlist($name, $type, $supply, $countryID, $x, $y, $sx, $sy)=$territoryRawRow;",
            "\tnew InstallTerritory($name, $type, $supply, $countryID, $x, $y, $sx, $sy);", "}",
            "unset($territoryRawData);", "", "$bordersRawData=array("]
    out.append(",\n".join(f"\tarray({_q(a)}, {_q(b)}, {_q(f)}, {_q(r)})" for a, b, f, r in borders))
    out += [");", "",
            "foreach($bordersRawData as $borderRawRow)", "{",
            "\tlist($from, $to, $fleets, $armies)=$borderRawRow;",
            "\tInstallTerritory::$Territories[$to]  ->addBorder(InstallTerritory::$Territories[$from],$fleets,$armies);",
            "}", "unset($bordersRawData);", "",
            "InstallTerritory::runSQL($this->mapID);",
            *pf.deleted_borders_php(list(deleted)),
            "InstallCache::terrJSON($this->territoriesJSONFile(),$this->mapID);", "?>"]
    return "\n".join(out) + "\n"


def _start_year(game: Game) -> int:
    phase = game.start.phase or "S1901M"
    year = int(phase[1:-1])
    # a game opening with builds in winter plays its first spring the year after
    return year + 1 if phase[0] == "W" else year


def variant_id(name: str) -> int:
    """The variant's $id and $mapID (a site may need another: then change every use)."""
    return 1000 + zlib.crc32(name.encode()) % 9000


def _variant_php(game: Game, name: str, header: str, powers, custom: bool, anywhere: bool, transform: bool,
                 neutral: wm.Neutrals | None, shown, diags, targets: bool = False, homelands: bool = False,
                 opening: bool = False, turn_field: bool = False) -> str:
    meta = game.meta
    credits = meta.get("credits") or []
    authors = [c["name"] for c in credits if re.search(r"design|author", c.get("role", ""), re.I)] \
        or [c["name"] for c in credits[:1]]
    adapters = [c["name"] for c in credits if re.search(r"adapt", c.get("role", ""), re.I)]
    year_php, year_js = pf.year_expressions(game, _start_year(game))
    own = "'%s'" % name
    classes = ["\t\t$this->variantClasses['drawMap'] = %s;" % own]
    if custom:
        classes += ["\t\t// Custom start: the game opens with a build phase filled with the default builds",
                    "\t\t$this->variantClasses['adjudicatorPreGame'] = %s;" % own,
                    "\t\t$this->variantClasses['processGame'] = %s;" % own,
                    "\t\t$this->variantClasses['processOrderBuilds'] = %s;" % own]
        if opening:
            classes += ["\t\t// the opening builds on the opening sites, off the centres too",
                        "\t\t$this->variantClasses['userOrderBuilds'] = %s;" % own]
    else:
        classes.append("\t\t$this->variantClasses['adjudicatorPreGame'] = %s;" % own)
    if anywhere:
        classes += [f"\t\t// Build anywhere: the classes of webDiplomacy's {BUILD_ANYWHERE} variant"
                    + (" (its OrderInterface extended by Transform's)" if transform else ""),
                    *([] if opening else [f"\t\t$this->variantClasses['userOrderBuilds'] = '{BUILD_ANYWHERE}';"])]
        if not transform:
            classes.append(f"\t\t$this->variantClasses['OrderInterface'] = '{BUILD_ANYWHERE}';")
        if not custom:
            classes.append(f"\t\t$this->variantClasses['processOrderBuilds'] = '{BUILD_ANYWHERE}';")
    done = {m.group(1) for line in classes for m in [re.search(r"variantClasses\['(\w+)'\]", line)] if m}
    classes += wm.registrations(own, transform, neutral is not None, done, targets)
    if homelands and "processGame" not in done:
        classes += ["\t\t// Homeland centres: their owner follows their country's standing",
                    "\t\t$this->variantClasses['processGame'] = %s;" % own]
    missing = []
    known = rule_modules()
    for module in not_exported(game):
        missing.append(module)
        form = known[module].webdip if module in known else None
        export = form.export if form is not None else ""
        why = {"NeutralUnits": "it lists no neutral unit at the start, so there is nothing to write (and the "
                               "import would not enable it)",
               "TargetCentres": "it lists no centre a winner must also own (also_own), the only part "
                                "webDiplomacy's TargetCentres form writes",
               "Homeland": "webDiplomacy's form (processGame's updateOwners) counts a country's centres besides "
                           "one territory, and no power has a single homeland centre of the map",
               "TurnYears": "with years: 1 and per: year it counts webDiplomacy's own calendar, which is what is "
                            "written; the import gives no module back for it",
               "Transform": f"webDiplomacy's Transform stores the order as a support hold to terrID + "
                            f"{wm.TRANSFORM_OFFSET}, so the map may have no more than {wm.TRANSFORM_OFFSET} "
                            f"territories (coasts included); it has {len(_names_and_rows(game)[1])}",
               }.get(export, form.not_exported if form is not None else "webDiplomacy needs its order classes")
        hint = {"NeutralUnits": "list the neutral units in start.units under the module's power",
                "Transform": "the order form needs another stored form on so large a map: write it by hand"
                }.get(export, "copy its classes from a variant that has the rule")
        diags.append(_diag(shown, NOT_EXPORTED, f"rule module {module} is not exported: {why}", hint))
    for module, param, why in params_not_exported(game, neutral):
        missing.append(f"{module}.{param}")
        diags.append(_diag(shown, NOT_EXPORTED, f"rule module {module}, parameter {param}: {why}",
                           "describe the difference in the variant's rules page, or add it to the classes by hand"))
    if missing:
        classes.append("\t\t// Rules of the Mapwright game that need webDiplomacy classes not exported here: "
                       + php_comment(", ".join(dict.fromkeys(missing))) + ".")
    description = meta.get("subtitle") or (_wrap(meta.get("summary", ""), 200)[0] if meta.get("summary") else "")
    lines = ["<?php", header.rstrip("\n"),
             "defined('IN_CODE') or die('This script can not be run by itself.');", "",
             f"class {name}Variant extends WDVariant {{",
             f"\tpublic $id = {variant_id(name)};      // must be unused by the site's other variants: change it if "
             "taken" + (" (and t.mapID in classes/processGame.php)" if homelands else ""),
             f"\tpublic $mapID = {variant_id(name)};",
             f"\tpublic $name = {_q(name)};",
             f"\tpublic $fullName = {_q(meta.get('title', name))};",
             f"\tpublic $description = {_q(description or meta.get('title', name))};",
             f"\tpublic $author = {_q(', '.join(authors))};",
             f"\tpublic $adapter = {_q(', '.join(adapters + ['Mapwright export']))};",
             "\tpublic $version = '1.0';",
             "\tpublic $codeVersion = '1.0';",
             "\tpublic $homepage = '';", "",
             "\tpublic $countries = array(" + ", ".join(_q(p.name) for p in powers) + ");", "",
             *(wo.TURN_PROPERTY if turn_field else []),
             "\tpublic function __construct() {", "\t\tparent::__construct();", *classes, "\t}", "",
             *wm.variant_members(neutral),
             "\tpublic function initialize() {", "\t\tparent::initialize();",
             f"\t\t$this->supplyCenterTarget = {game.map.victory_centers};", "\t}", "",
             "\tpublic function turnAsDate($turn) {",
             '\t\tif ( $turn==-1 ) return "Pre-game";',
             f'\t\telse return ( $turn % 2 ? "Autumn, " : "Spring, " ).({year_php});', "\t}", "",
             "\tpublic function turnAsDateJS() {",
             "\t\treturn 'function(turn) {",
             '\t\t\tif( turn==-1 ) return \"Pre-game\";',
             f'\t\t\telse return ( turn%2 ? \"Autumn, \" : \"Spring, \" )+({year_js});',
             "\t\t};';", "\t}", "}", "?>"]
    return "\n".join(lines) + "\n"


def not_exported(game: Game) -> list[str]:
    """The game's rule modules that the exported variant does not carry."""
    carried = webdip_carried()
    out = [module for module in sorted(game.rules or {}) if module not in carried]
    neutral, transform = _module(game, "NeutralUnits"), _module(game, "Transform")
    if neutral and wm.neutrals(game, *_names_and_rows(game)) is None:
        out.append(neutral[0])
    targets = _module(game, "TargetCentres")
    if targets and not any((targets[1].get("also_own") or {}).get(p) for p in game.map.powers):
        out.append(targets[0])
    if transform and _too_many_territories(game):
        out.append(transform[0])
    homeland = _module(game, "Homeland")
    if homeland and not pf.homelands(game, *_names_and_rows(game), _country_ids(game))[0]:
        out.append(homeland[0])
    if pf.turn_years_plain(game):
        out.append(_module(game, "TurnYears")[0])
    return sorted(out)


def _country_ids(game: Game) -> dict[str, int]:
    """webDiplomacy's countryID of each power: its place among the powers, from 1."""
    return {power: i for i, power in enumerate(game.map.powers, start=1)}


def _names_and_rows(game: Game) -> tuple[dict[str, str], dict[str, int]]:
    """Stand-in territory names and terrIDs (one per location) for what only needs their shape."""
    locs = [loc for p in game.map.provinces.values() if p.type in TYPE
            for loc in (p.id, *(f"{p.id}/{c}" for c in p.coasts))]
    return {loc: loc for loc in locs}, {loc: i for i, loc in enumerate(locs, start=1)}


def params_not_exported(game: Game, neutral: wm.Neutrals | None = None) -> list[tuple[str, str, str]]:
    """(module, parameter, why) of the carried modules' parameter values that webDiplomacy
    has no form for: the import gives the module back without them."""
    transform, neutrals, sealanes, targets, custom = (_module(game, form) for form in
                                                      ("Transform", "NeutralUnits", "Sealanes", "TargetCentres",
                                                       "CustomStart"))
    out = [(transform[0], param, why) for param, why in wm.transform_gaps(transform[1])] if transform else []
    if custom and (why := wo.gap(game, _opening_sites(game))):
        out.append((custom[0], "opening_sites", why))
    if targets and targets[0] not in not_exported(game):
        out += [(targets[0], param, why) for param, why in wm.target_centres_gaps(targets[1])]
    if neutral is None and neutrals:
        neutral = wm.neutrals(game, *_names_and_rows(game))
    if neutral is not None:
        out += [(neutrals[0], param, why) for param, why in neutral.gaps]
    out += pf.turn_years_gaps(game)
    homeland = _module(game, "Homeland")
    if homeland and homeland[0] not in not_exported(game):
        out += pf.homelands(game, *_names_and_rows(game), _country_ids(game))[1]
    if sealanes and sealanes[1].get("overseer_reach") != "region":
        out.append((sealanes[0], "overseer_reach", "the borders are written as the game has them, and the import "
                                                   "reads overseer_reach: region (every border listed)"))
    return out


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _neutral_box_php(nsc: dict[int, tuple], base: str) -> list[str]:
    """NeutralScBox, as webDiplomacy variants name it: a neutral centre listed in $nsc_info
    is painted in that country's colour while nobody owns it (colored_neutral_centers)."""
    rows = ",\n".join(f"\t\t{terr} => array({', '.join(str(v) for v in info)})" for terr, info in nsc.items())
    return [f"class NeutralScBox_drawMap extends {base} {{", "",
            "\t// terrID => array(countryID, small-map x, small-map y, map x, map y)",
            "\tprotected $nsc_info = array(", rows, "\t);", "",
            "\tpublic function ColorTerritory($terrID, $countryID) {",
            "\t\t// unowned (countryID 0): the colour of the country the centre is listed for",
            "\t\tif( $countryID == 0 && isset($this->nsc_info[$terrID]) )",
            "\t\t\t$countryID = $this->nsc_info[$terrID][0];",
            "\t\tparent::ColorTerritory($terrID, $countryID);", "\t}", "}", ""]


def _draw_map_php(header: str, name: str, powers, has_images: bool, nsc: dict[int, tuple], transform: bool,
                  neutral: wm.Neutrals | None) -> str:
    colours = [NEUTRAL_RGB] + [_rgb(p.color) for p in powers] + ([wm.NEUTRAL_UNITS_RGB] if neutral else [])
    mixins, base = [], "drawMap"
    if transform:
        mixins += wm.transform_draw_map(base)
        base = "Transform_drawMap"
    if nsc:
        mixins += _neutral_box_php(nsc, base)
        base = "NeutralScBox_drawMap"
    lines = ["<?php", header.rstrip("\n"),
             "defined('IN_CODE') or die('This script can not be run by itself.');", "",
             *mixins,
             f"class {name}Variant_drawMap extends {base} {{", "",
             "\t// Territory colours by countryID (0: neutral), from the Mapwright game's power colours"
             + (f"; {len(powers) + 1}: the neutral units" if neutral else ""),
             "\tprotected $countryColors = array(",
             ",\n".join(f"\t\t{i} => array({r}, {g}, {b})" for i, (r, g, b) in enumerate(colours)),
             "\t);", "",
             "\tprotected function resources() {",
             "\t\tif( $this->smallmap )", "\t\t{", "\t\t\treturn array(",
             f"\t\t\t\t'map'=>l_s('variants/{name}/resources/smallmap.png'),",
             "\t\t\t\t'army'=>l_s('contrib/smallarmy.png'),",
             "\t\t\t\t'fleet'=>l_s('contrib/smallfleet.png'),",
             "\t\t\t\t'names'=>false,",
             "\t\t\t\t'standoff'=>l_s('images/icons/cross.png')",
             "\t\t\t);", "\t\t}", "\t\telse", "\t\t{", "\t\t\treturn array(",
             f"\t\t\t\t'map'=>l_s('variants/{name}/resources/map.png'),",
             "\t\t\t\t'army'=>l_s('contrib/army.png'),",
             "\t\t\t\t'fleet'=>l_s('contrib/fleet.png'),",
             "\t\t\t\t'names'=>false,",
             "\t\t\t\t'standoff'=>l_s('images/icons/cross.png')",
             "\t\t\t);", "\t\t}", "\t}", "}", "?>"]
    if not has_images:
        lines.insert(5, "// No map images were exported (the game has no outlines): draw resources/map.png first.")
    return "\n".join(lines) + "\n"


def _units(game: Game, full: dict[str, str], custom: bool, neutral, shown, diags) -> dict[str, list[tuple[str, str]]]:
    source = game.default_builds if custom else game.start.units
    units: dict[str, list[tuple[str, str]]] = {}
    for power in game.map.powers.values():
        for unit in source.get(power.id, []):
            letter, _, loc = unit.partition(" ")
            if loc in full:
                units.setdefault(power.name, []).append((full[loc], "Fleet" if letter == "F" else "Army"))
    others = set(game.start.units) - set(game.map.powers)
    if neutral is not None:
        others.discard(_module(game, "NeutralUnits")[1].get("power") or wm.IMPORTED_POWER)
    if others:
        diags.append(_diag(shown, NOT_EXPORTED, f"starting units of {', '.join(sorted(others))} (not a power) are "
                                                "not exported", "only a neutral-units module's units have a "
                                                "webDiplomacy form (its neutral units)"))
    return units


def _units_php(header: str, cls: str, parent: str, units, note: str) -> str:
    body = []
    for country, items in units.items():
        inner = ", ".join(f"{_q(t)}=>{_q(kind)}" for t, kind in items)
        body.append(f"\t\t{_q(country)} => array({inner})")
    lines = ["<?php", header.rstrip("\n"),
             "defined('IN_CODE') or die('This script can not be run by itself.');", "",
             f"class {cls} extends {parent} {{", "",
             f"\t// {php_comment(note)}",
             "\tprotected $countryUnits = array(", ",\n".join(body), "\t);", "}", "?>"]
    return "\n".join(lines) + "\n"


def _custom_builds_php(header: str, name: str, units, anywhere: bool) -> str:
    """CustomStart_processOrderBuilds: in the opening build phase (turn 0) every power is
    given its default builds as orders, which it may change; later phases build as usual
    (anywhere, with build_anywhere: then it extends the BuildAnywhere variant's class)."""
    base = f"{BUILD_ANYWHERE}Variant_processOrderBuilds" if anywhere else "processOrderBuilds"
    body = [f"\t\t{_q(country)} => array({', '.join(f'{_q(t)}=>{_q(kind)}' for t, kind in items)})"
            for country, items in units.items()]
    lines = ["<?php", header.rstrip("\n"),
             "defined('IN_CODE') or die('This script can not be run by itself.');", ""]
    if anywhere:
        lines += [f"require_once('variants/{BUILD_ANYWHERE}/classes/processOrderBuilds.php');", ""]
    lines += [f"class CustomStart_processOrderBuilds extends {base} {{", "",
              "\t// The default builds of the custom start: the opening build orders of each country",
              "\tprotected $countryUnits = array(", ",\n".join(body), "\t);", "",
              "\tpublic function create() {",
              "\t\tglobal $DB, $Game;",
              "\t\tif( $Game->turn != 0 ) return parent::create();",
              "\t\t$terrIDs = array();",
              "\t\t$tabl = $DB->sql_tabl(\"SELECT id, name FROM wD_Territories WHERE mapID=\".$Game->Variant->mapID);",
              "\t\twhile( list($terrID, $terrName) = $DB->tabl_row($tabl) )",
              "\t\t\t$terrIDs[$terrName] = $terrID;",
              "\t\t$orders = array();",
              "\t\tforeach( $this->countryUnits as $countryName => $countryBuilds ) {",
              "\t\t\t$countryID = $Game->Variant->countryID($countryName);",
              "\t\t\tforeach( $countryBuilds as $terrName => $unitType )",
              "\t\t\t\t$orders[] = \"(\".$Game->id.\", \".$countryID.\", \".$terrIDs[$terrName].\", 'Build \".$unitType.\"')\";",
              "\t\t}",
              "\t\tif( count($orders) )",
              "\t\t\t$DB->sql_put(\"INSERT INTO wD_Orders ( gameID, countryID, toTerrID, type ) VALUES \".implode(', ', $orders));",
              "\t}", "}", "",
              f"class {name}Variant_processOrderBuilds extends CustomStart_processOrderBuilds {{}}", "?>"]
    return "\n".join(lines) + "\n"


def _process_game_php(header: str, name: str, custom: bool, neutral: bool, own: list[str] = ()) -> str:
    """processGame: CustomStart_processGame for a custom start (Pre-game goes to a build
    phase of turn 0, and that build phase to the first movement phase of the same turn:
    setPhase adds a turn after builds unless it is left from Pre-game, hence the phase
    set back first), then NeutralUnits_processGame for neutral units, then the variant's
    own class with `own`'s methods (the homelands' updateOwners, which the importer reads
    in the variant's own class)."""
    lines = ["<?php", header.rstrip("\n"),
             "defined('IN_CODE') or die('This script can not be run by itself.');", ""]
    base = "processGame"
    if custom:
        lines += ["class CustomStart_processGame extends processGame {", "",
                  "\tprotected function changePhase() {",
                  "\t\tif( $this->phase == 'Pre-game' ) {",
                  "\t\t\t$this->setPhase('Builds');",
                  "\t\t\t$this->archiveTerrStatus();",
                  "\t\t\treturn false;",
                  "\t\t}",
                  "\t\tif( $this->phase == 'Builds' && $this->turn == 0 ) {",
                  "\t\t\t$this->phase = 'Pre-game';",
                  "\t\t\t$this->setPhase('Diplomacy');",
                  "\t\t\t$this->archiveTerrStatus();",
                  "\t\t\treturn false;",
                  "\t\t}",
                  "\t\treturn parent::changePhase();",
                  "\t}", "}", ""]
        base = "CustomStart_processGame"
    if neutral:
        lines += wm.neutral_process_game(base)
        base = "NeutralUnits_processGame"
    if own:
        lines += [f"class {name}Variant_processGame extends {base} {{", *own, "}", "?>"]
    else:
        lines += [f"class {name}Variant_processGame extends {base} {{}}", "?>"]
    return "\n".join(lines) + "\n"


def _custom_pregame_php(header: str, name: str, neutral_units: dict) -> str:
    # the CustomStart mixin as webDiplomacy variants name it, so importers recognise the rule;
    # with neutral units it places only those (Divided_States' form), else none
    lines = ["<?php", header.rstrip("\n"),
             "defined('IN_CODE') or die('This script can not be run by itself.');", ""]
    if neutral_units:
        body = [f"\t\t{_q(country)} => array({', '.join(f'{_q(t)}=>{_q(kind)}' for t, kind in items)})"
                for country, items in neutral_units.items()]
        lines += ["// Custom start: only the neutral units are placed before the opening build phase.",
                  "class CustomStartVariant_adjudicatorPreGame extends adjudicatorPreGame {",
                  "\tprotected $countryUnits = array(", ",\n".join(body), "\t);", "}", ""]
    else:
        lines += ["// Custom start: no units are placed before the opening build phase.",
                  "class CustomStartVariant_adjudicatorPreGame extends adjudicatorPreGame {",
                  "\tprotected function assignUnits() {}",
                  "\tprotected function assignUnitOccupations() {}", "}", ""]
    lines += [f"class {name}Variant_adjudicatorPreGame extends CustomStartVariant_adjudicatorPreGame {{}}", "?>"]
    return "\n".join(lines) + "\n"
