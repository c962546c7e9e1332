"""Import a webDiplomacy / vDiplomacy variant folder into Mapwright content.

    mapwright import webdiplomacy VARIANT_DIR -o content/<game> [--custom-start]

Reads, never executes:
- install.php (as text): territories, types, supply centres, owners, label
  coordinates, borders with their fleet/army flags;
- interactiveMap/IA_map.png (or IA_smallmap.png): traced into outlines;
- map.json, only for what lives in the variant's PHP classes, which are not in
  the folder: country names, the supply-centre target, start units (custom-start
  default builds and neutral armies) and coloured neutral centres;
- an optional colour map image (--colours) to read each power's colour from
  the pixels of its home territories.

Writes map.yaml and geometry.yaml, byte-for-byte reproducible from the same
inputs and options (the header records the options). Hand-completed data lives
in other files (overlay.yaml) and is never touched.

    mapwright import webdiplomacy Classic --geometry-only --ids-from content/classic/map.yaml \
        --seed SWI=228,255 -o content/classic

writes geometry.yaml only, keyed by an existing map's ids: territories are matched
to its provinces by name or alias (id_map.py), split coasts paired by code (or the
one left over), and --seed traces provinces the variant lacks (Classic's black
Switzerland) at a pixel. Points (labels, coast labels, seeds) are in the traced
image's pixels: (sx, sy) on webDiplomacy's small maps, (x, y) on the large ones.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import CODES, Diagnostic, WARNING, register
from .php_arrays import PhpDataError, read_install_php
from .yaml_writer import document

BAD_PHP = register("IMP001", "install.php cannot be read as data",
                   "The importer reads install.php as text and expects the literal "
                   "$territoryRawData and $bordersRawData arrays. Fix or regenerate the file; "
                   "the message names the offending line.")
UNKNOWN_TERRITORY = register("IMP002", "Border or unit names an unknown territory",
                             "A border row or start unit names a territory that install.php does not "
                             "define. Correct the name in the source data.")
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
                         "The variant folder lacks a file the importer needs (install.php). "
                         "Pass the folder that holds install.php.")
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

COAST_CODES = {"north": "NC", "south": "SC", "east": "EC", "west": "WC",
               "northeast": "NEC", "northwest": "NWC", "southeast": "SEC", "southwest": "SWC"}
TYPES = {"land": "land", "coast": "coast", "sea": "sea"}
_CHILD = re.compile(r"^(?P<parent>.*\S)\s*\((?P<coast>[A-Za-z]+) Coast\)$")
_ABBR = re.compile(r"^(?P<name>.*?)\s*\((?P<abbr>[^()]+)\)$")
_LANE = re.compile(r"^(?P<base>[A-Z][A-Z0-9]{1,4}) (?P<lane>[a-z]{1,2})$")


@dataclass
class ImportOptions:
    custom_start: bool = False            # startUnits of powers are default builds
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
        if self.custom_start:
            parts.append("--custom-start")
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
    files: dict[str, str] = field(default_factory=dict)      # file name -> text
    diagnostics: list[Diagnostic] = field(default_factory=list)
    data: dict = field(default_factory=dict)                  # map data (for tests)
    geometry: dict = field(default_factory=dict)


def _diag(path: str, line: int, code: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(path, line or 1, 1, code, message, CODES[code].severity, "", hint)


# -- names and ids ------------------------------------------------------------

def clean_name(raw: str) -> str:
    """webDiplomacy stores an install.php `\\'` as a plain apostrophe."""
    return raw.replace("\\'", "'").strip()


def ascii_id(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    ident = re.sub(r"[^A-Z0-9]+", "_", folded.upper()).strip("_")
    return ident or "X"


def power_id(country: str) -> str:
    return ascii_id(country)


def split_name(full: str) -> tuple[str, str | None, str | None]:
    """('Kirksville (KKV) (South Coast)') -> ('Kirksville (KKV)', 'SC', None) for a
    coast child; ('Gulf of Alaska - North (GAK n)') -> ('Gulf of Alaska - North', None, 'GAK n')."""
    child = _CHILD.match(full)
    if child and child.group("coast").lower() in COAST_CODES:
        return child.group("parent"), COAST_CODES[child.group("coast").lower()], None
    m = _ABBR.match(full)
    if m:
        return m.group("name"), None, m.group("abbr").strip()
    return full, None, None


# -- the import -----------------------------------------------------------------

def import_variant(variant_dir: Path, options: ImportOptions | None = None,
                   id_map: "IdMap | None" = None) -> Imported:
    """Import a variant folder. With options.ids_from, `id_map` (else the file it
    names, read relative to the working directory) supplies the ids."""
    options = options or ImportOptions()
    if options.ids_from and id_map is None:
        from .id_map import load_id_map
        id_map = load_id_map(Path(options.ids_from))
    result = Imported()
    install = variant_dir / "install.php"
    shown = f"{variant_dir.name}/install.php"
    if not install.is_file():
        result.diagnostics.append(_diag(shown, 1, MISSING_INPUT, "install.php not found",
                                             hint="pass the variant folder that holds install.php"))
        return result
    try:
        territories, border_rows = read_install_php(install.read_text(encoding="utf-8"))
    except (PhpDataError, UnicodeDecodeError) as exc:
        line = getattr(exc, "line", 0) or 1
        result.diagnostics.append(_diag(shown, line, BAD_PHP, str(exc),
                                             hint="the arrays must be literal PHP data"))
        return result
    extra = _read_map_json(variant_dir)
    diags = result.diagnostics
    image_path = _find_image(variant_dir, options.image)
    # points live in the traced image's pixels: webDiplomacy's small maps use (sx, sy)
    small = image_path is not None and "small" in image_path.name.lower()

    def point(row: dict) -> list[int]:
        if small:
            return [int(row.get("sx", row["x"])), int(row.get("sy", row["y"]))]
        return [int(row["x"]), int(row["y"])]

    countries = [c for c in extra.get("countries", []) if not c.get("pseudo")]
    country_by_id = {c["id"]: c["name"] for c in extra.get("countries", [])}
    pseudo_ids = {c["id"] for c in extra.get("countries", []) if c.get("pseudo")}

    # 1. provinces (parents first), coast children mapped to PARENT/CODE
    parsed = []
    for row in territories:
        full = clean_name(str(row["name"]))
        parent, coast, abbr = split_name(full)
        parsed.append((row, full, parent, coast, abbr))
    abbr_count = Counter(abbr for _, _, _, coast, abbr in parsed if coast is None and abbr)
    for abbr, count in sorted(abbr_count.items()):
        if count > 1:
            names = [full for _, full, _, c, a in parsed if c is None and a == abbr]
            diags.append(_diag(shown, 1, DUPLICATE_ABBR,
                                    f"abbreviation '{abbr}' is used by {', '.join(names)}",
                                    hint="orders written with this code are ambiguous; the ids differ"))
    location_of: dict[str, str] = {}     # install.php name -> location
    provinces: list[dict] = []
    by_id: dict[str, dict] = {}
    owners: dict[str, str] = {}
    coast_labels: dict[str, list[int]] = {}
    seeds: list[tuple[str, int, int]] = []
    for row, full, parent, coast, abbr in parsed:
        if coast is not None:
            continue
        name = _ABBR.match(full).group("name") if abbr else full
        if abbr and abbr_count[abbr] == 1:
            pid = ascii_id(abbr)
        else:
            pid = ascii_id(name)
        prov: dict = {"id": pid, "name": name}
        if abbr and abbr != pid:
            prov["abbr"] = abbr
        prov["type"] = TYPES.get(str(row["type"]).lower(), "land")
        owner = _owner(row, country_by_id)
        if str(row.get("supply", "No")).lower() == "yes":
            prov["supply_center"] = True
            if owner and _owner_id(row, country_by_id) not in pseudo_ids:
                prov["home"] = power_id(owner)
        if owner:
            owners[pid] = power_id(owner) if _owner_id(row, country_by_id) not in pseudo_ids else "NEUTRAL"
        prov["label"] = point(row)
        location_of[full] = pid
        provinces.append(prov)
        by_id[pid] = prov
        seeds.append((pid, *point(row)))
    for row, full, parent, coast, abbr in parsed:
        if coast is None:
            continue
        pid = location_of.get(parent)
        if pid is None:
            diags.append(_diag(shown, row["_line"], UNKNOWN_TERRITORY,
                                    f"coast '{full}' has no parent territory '{parent}'"))
            continue
        by_id[pid].setdefault("coasts", []).append(coast)
        location_of[full] = f"{pid}/{coast}"
        coast_labels[f"{pid}/{coast}"] = point(row)
    # keep key order stable: coasts right after type
    for prov in provinces:
        if "coasts" in prov:
            coasts = prov.pop("coasts")
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
    borders: list[dict] = []
    seen: dict[frozenset, dict] = {}
    for row in border_rows:
        a = location_of.get(clean_name(str(row["from"])))
        b = location_of.get(clean_name(str(row["to"])))
        if a is None or b is None:
            missing = row["from"] if a is None else row["to"]
            diags.append(_diag(shown, row["_line"], UNKNOWN_TERRITORY,
                                    f"border names unknown territory '{clean_name(str(missing))}'"))
            continue
        units = [u for u, flag in (("army", row["armies"]), ("fleet", row["fleets"]))
                 if str(flag).lower() == "yes"]
        if not units:
            diags.append(_diag(shown, row["_line"], EMPTY_BORDER,
                                    f"border {a}-{b} allows neither fleets nor armies"))
            continue
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

    # 4. powers, start, default builds, coloured neutrals (variant PHP facts via map.json)
    powers = [{"id": power_id(c["name"]), "name": c["name"].replace("-", " ")} for c in countries]
    start_units: dict[str, list[str]] = {}
    default_builds: dict[str, list[str]] = {}
    for country, units in (extra.get("startUnits") or {}).items():
        pid = "NEUTRAL" if country in {country_by_id[i] for i in pseudo_ids} else power_id(country)
        written = []
        for unit in units:
            loc = location_of.get(clean_name(unit["territory"]))
            if loc is None:
                diags.append(_diag(f"{variant_dir.name}/map.json", 1, UNKNOWN_TERRITORY,
                                        f"start unit of {country} in unknown territory '{unit['territory']}'"))
                continue
            written.append(f"{'F' if unit['unit'].lower() == 'fleet' else 'A'} {loc}")
        if options.custom_start and pid != "NEUTRAL":
            default_builds[pid] = written
        else:
            start_units[pid] = written
    centers: dict[str, list[str]] = {}
    for prov in provinces:
        if prov.get("home"):
            centers.setdefault(prov["home"], []).append(prov["id"])
    power_order = [p["id"] for p in powers]
    centers = {p: centers[p] for p in power_order if p in centers}
    coloured: dict[str, list[str]] = {}
    for item in extra.get("colouredNeutralSCs") or []:
        loc = location_of.get(clean_name(item["name"]))
        if loc:
            coloured.setdefault(power_id(item["country"]), []).append(loc)
    coloured = {p: coloured[p] for p in power_order if p in coloured}

    # 5. geometry
    geometry = {}
    extra_seeds: list[tuple[str, int, int]] = []
    if id_map is not None:
        seeds, coast_labels, owners, extra_seeds = _rename(id_map, provinces, seeds, coast_labels, owners,
                                                           options, shown, diags)
    if image_path is not None:
        geometry = _geometry(image_path, variant_dir, seeds, options, diags, extra_seeds)
        geometry["coast_labels"] = coast_labels
        geometry["owners"] = owners
        if options.colours:
            _sample_colours(variant_dir / options.colours, image_path, seeds, powers, provinces,
                            options)
    data: dict = {}
    target = (extra.get("variant") or {}).get("supplyCenterTarget")
    if target:
        data["victory"] = {"centers": int(target)}
    data["powers"] = powers
    data["provinces"] = provinces
    data["borders"] = borders
    if sea_regions:
        data["sea_regions"] = sea_regions
    start: dict = {"units": {k: start_units[k] for k in sorted(start_units, key=_order(power_order))},
                   "centers": centers}
    data["start"] = start
    if default_builds:
        data["default_builds"] = {p: default_builds[p] for p in power_order if p in default_builds}
    if coloured:
        data["colored_neutral_centers"] = coloured
    result.data = data
    result.geometry = geometry
    command = options.command_line(variant_dir.name)
    if not options.geometry_only:
        result.files["map.yaml"] = _map_text(data, command)
    if geometry:
        result.files["geometry.yaml"] = _geometry_text(geometry, command)
    return result


def _order(power_order: list[str]):
    rank = {p: i for i, p in enumerate(power_order)}
    return lambda p: (rank.get(p, len(rank)), p)


def _owner_id(row: dict, country_by_id: dict) -> int | None:
    if "countryID" in row:
        return int(row["countryID"]) or None
    name = row.get("country")
    if name and name != "Neutral":
        for cid, cname in country_by_id.items():
            if cname == name:
                return cid
    return None


def _owner(row: dict, country_by_id: dict) -> str | None:
    if "countryID" in row:
        return country_by_id.get(int(row["countryID"])) if int(row["countryID"]) else None
    name = row.get("country")
    return name if name and name != "Neutral" else None


def _read_map_json(variant_dir: Path) -> dict:
    path = variant_dir / "map.json"
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def _sea_regions(provinces: list[dict]) -> list[dict]:
    seas = {p.get("abbr", p["id"]): p for p in provinces if p["type"] == "sea"}
    regions: dict[str, dict] = {}
    for prov in provinces:
        if prov["type"] != "sea":
            continue
        m = _LANE.match(prov.get("abbr", ""))
        if m and m.group("base") in seas:
            overseer = seas[m.group("base")]
            region = regions.setdefault(overseer["id"], {"id": overseer["id"], "overseer": overseer["id"],
                                                         "sealanes": []})
            region["sealanes"].append(prov["id"])
            prov["region"] = overseer["id"]
            overseer["region"] = overseer["id"]
    return list(regions.values())


def _find_image(variant_dir: Path, chosen: str | None) -> Path | None:
    if chosen:
        path = variant_dir / chosen
        return path if path.is_file() else None
    for name in ("interactiveMap/IA_map.png", "interactiveMap/IA_smallmap.png"):
        if (variant_dir / name).is_file():
            return variant_dir / name
    return None


_SEED = re.compile(r"^(?P<id>[A-Z0-9][A-Z0-9_]*)=(?P<x>\d+),(?P<y>\d+)$")


def parse_seed(text: str) -> tuple[str, int, int] | None:
    """'SWI=228,255' -> ('SWI', 228, 255); None if malformed."""
    m = _SEED.match(text.strip())
    return (m.group("id"), int(m.group("x")), int(m.group("y"))) if m else None


def _rename(id_map, provinces, seeds, coast_labels, owners, options, shown, diags):
    """Re-key seeds, coast labels and owners by the id map's ids (matched by name).

    Returns (seeds, coast_labels, owners, extra seeds from --seed)."""
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
            diags.append(_diag(shown, 1, NO_PROVINCE, f"territory '{prov['name']}' matches no province of "
                                                      f"{options.ids_from}", hint="add its name as an alias"))
            continue
        if target in claimed:
            diags.append(_diag(shown, 1, NO_PROVINCE, f"territories '{claimed[target]}' and '{prov['name']}' "
                                                      f"both match {target}"))
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
                diags.append(_diag(shown, 1, NO_PROVINCE, f"coast {code} of '{prov['name']}' matches no coast "
                                                          f"of {target} ({', '.join(id_map.coasts(target)) or 'none'})"))
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
            diags.append(_diag(shown, 1, BAD_SEED, f"--seed {text} {why}"))
            continue
        extra.append(seed)
    seeded = set(claimed) | {s[0] for s in extra}
    for pid in sorted(set(id_map.provinces) - seeded):
        diags.append(_diag(str(options.ids_from), 1, NO_TERRITORY,
                           f"{pid} matches no territory of the variant and gets no outline",
                           hint=f"give a point inside it with --seed {pid}=X,Y"))
    return (new_seeds, dict(sorted(new_labels.items())),
            {k: new_owners[k] for k in sorted(new_owners)}, extra)


def _geometry(image_path: Path, variant_dir: Path, seeds, options: ImportOptions, diags,
              extra_seeds=()) -> dict:
    import numpy as np
    from PIL import Image

    from .trace import colour_codes, contacts_of, grow_labels, label_pixels, thick_area, trace

    rgb = np.array(Image.open(image_path).convert("RGB"))
    shown = image_path.relative_to(variant_dir).as_posix()
    territory_seeds = len(seeds)
    seeds = list(seeds) + list(extra_seeds)
    labels, decor, seed_colour = label_pixels(rgb, [(x, y) for _, x, y in seeds])
    # --seed points: the area of their own colour, or the broad area of separator black
    black = (colour_codes(rgb) == 0) & (labels < 0)
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
        diags.append(_diag(shown, 1, BAD_SEED, f"--seed {pid}={x},{y} lies on no area of its own"))
    first_with: dict[int, int] = {}
    for index, (pid, x, y) in enumerate(seeds[:territory_seeds]):
        code = seed_colour.get(index)
        if code is None or code in first_with:
            other = seeds[first_with[code]][0] if code in first_with else None
            why = f"shares its colour with {other}" if other else "has no territory colour at its label point"
            diags.append(_diag(shown, 1, NO_COLOUR, f"{pid} {why} ({x}, {y})"))
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
            diags.append(_diag(shown, 1, NO_OUTLINE, f"{pid} has no outline"))
    contacts = sorted([sorted((seeds[a][0], seeds[b][0])) + [length]
                       for (a, b), length in contacts_of(grown).items() if a < n and b < n])
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


def _sample_colours(colour_image: Path, ia_image: Path, seeds, powers, provinces, options) -> None:
    """Each power's colour: the commonest colour of its home territories' pixels
    in the coloured map (same size as the interactive map)."""
    import numpy as np
    from PIL import Image

    from .trace import colour_codes, label_pixels

    if not colour_image.is_file():
        return
    ia = np.array(Image.open(ia_image).convert("RGB"))
    colours = colour_codes(np.array(Image.open(colour_image).convert("RGB")))
    if colours.shape != ia.shape[:2]:
        return
    labels, _, _ = label_pixels(ia, [(x, y) for _, x, y in seeds], decor_min_pixels=1 << 62)
    index_of = {pid: i for i, (pid, _, _) in enumerate(seeds)}
    for power in powers:
        homes = [index_of[p["id"]] for p in provinces if p.get("home") == power["id"] and p["id"] in index_of]
        votes: Counter = Counter()
        for home in homes:   # each home territory votes for its commonest non-black colour
            values = colours[labels == home]
            bright = np.maximum(np.maximum(values >> 16, (values >> 8) & 255), values & 255)
            values = values[bright >= 32]
            if values.size:
                codes, counts = np.unique(values, return_counts=True)
                votes[int(codes[int(np.argmax(counts))])] += 1
        if votes:
            code = min(votes, key=lambda c: (-votes[c], c))
            power["color"] = f"#{code >> 16:02x}{(code >> 8) & 255:02x}{code & 255:02x}"


# -- text output ----------------------------------------------------------------

def _map_text(data: dict, command: str) -> str:
    header = ["yaml-language-server: $schema=../../schemas/diplomacy-map.schema.json",
              f"Generated by `{command}`.",
              "Do not edit: re-run the importer. Hand-completed data lives in overlay.yaml."]
    return document(header, list(data.items()))


def _geometry_text(geometry: dict, command: str) -> str:
    header = ["yaml-language-server: $schema=../../schemas/diplomacy-geometry.schema.json",
              f"Generated by `{command}`.",
              "Outlines: rings of flat [x1, y1, x2, y2, ...] pixel corners; fill with even-odd.",
              "Contacts: [A, B, shared outline length in pixels]."]
    return document(header, [(key, geometry[key]) for key in
                             ("image", "outlines", "coast_labels", "owners", "contacts", "decor")
                             if key in geometry])


def write_files(imported: Imported, out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in sorted(imported.files):
        path = out_dir / name
        path.write_text(imported.files[name], encoding="utf-8", newline="\n")
        written.append(path)
    return written
