"""Merge hand-completed map data (overlay.yaml) over imported data (map.yaml).

An importer owns map.yaml and rewrites it; what the source data cannot say is
written by hand in overlay.yaml, which the importer never touches:

    powers:                          # patch a power by id, add one, or remove one
      - {id: NEUTRAL_UNITS, remove: true, reasoning: "..."}
    provinces:                       # patch a province by id, add one, or remove one
      - {id: MDR, island: true, source: {id: webdip-rules, rule: "12"}}
      - {id: LEGEND, remove: true}
    borders:                         # patch a border by its pair, add one, or remove one
      - {between: [ZUN, MNV], kind: corner, source: ...}
      - {between: [A, B], remove: true, reasoning: "..."}
    start: {phase: W2020A}           # keys replace map.yaml's start keys
    victory: {...}  default_builds: {...}  colored_neutral_centers: {...}  sea_regions: [...]

Rules: an entry whose id (or pair) exists updates those fields; an unknown one adds
an entry (a province then needs name and type, a power its name); `remove: true`
deletes it. Removing a province also removes the borders, units, centres and
region memberships that name it; removing a power removes its units, centres,
default builds and coloured centres and the `home` marks that name it. Sea
regions replace by id.

Every check reads the merged data, never map.yaml alone, so what the overlay
removed is gone for them too. `origins` says where each merged value came from
(`locate` turns a pointer into the merged data into a file and a pointer in it),
so a diagnostic about an added or patched value points into overlay.yaml.
`problems` lists what could not be applied as (pointer into overlay.yaml, message).
"""
from __future__ import annotations

import copy

from .model import province_of

REPLACE_KEYS = ("victory", "default_builds", "colored_neutral_centers")
MAP, OVERLAY = "map.yaml", "overlay.yaml"


class Merged:
    """The merged data, with the file and pointer each entry and field came from."""

    def __init__(self, data: dict):
        self.data = data
        self.origins: dict[str, tuple[str, str]] = {}

    def locate(self, pointer: str) -> tuple[str, str]:
        """(file, pointer in it) of a pointer into the merged data: the longest known prefix
        decides, the rest of the pointer is kept; anything else lies in map.yaml."""
        parts = pointer.split("/")
        for cut in range(len(parts), 0, -1):
            prefix = "/".join(parts[:cut])
            if prefix in self.origins:
                name, base = self.origins[prefix]
                rest = "/".join(parts[cut:])
                return name, base + ("/" + rest if rest else "")
        return MAP, pointer


def merge_overlay(map_data: dict, overlay: dict | None) -> tuple[dict, list[tuple[str, str]]]:
    """(merged data, problems); see merge_with_origins for where values came from."""
    merged, problems = merge_with_origins(map_data, overlay)
    return merged.data, problems


def _copied(value):
    """A copy of loaded data (dicts, lists, scalars: the loader never shares a value
    between two places), a third of what copy.deepcopy costs on a large map."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value


def merge_with_origins(map_data: dict, overlay: dict | None) -> tuple[Merged, list[tuple[str, str]]]:
    data = _copied(map_data) if isinstance(map_data, dict) else {}
    overlay = overlay if isinstance(overlay, dict) else {}
    problems: list[tuple[str, str]] = []
    # where each entry of the merged lists came from: (file, pointer); fields patched by the overlay
    provenance: dict[str, dict] = {"powers": {}, "provinces": {}, "borders": {}}
    patched: dict[str, dict] = {"powers": {}, "provinces": {}, "borders": {}}

    def by_key(kind: str, key_of) -> dict:
        index = {}
        for i, entry in enumerate(data.get(kind) or []):
            if isinstance(entry, dict):
                index.setdefault(key_of(entry), entry)
                provenance[kind][id(entry)] = (MAP, f"/{kind}/{i}")
        return index

    removed_powers: set[str] = set()
    removed_provinces: set[str] = set()
    for kind, key_of, needs in (("powers", lambda e: e.get("id"), ("name",)),
                                ("provinces", lambda e: e.get("id"), ("name", "type")),
                                ("borders", lambda e: frozenset(e.get("between") or ()), ())):
        entries = data.setdefault(kind, [])
        index = by_key(kind, key_of)
        removed: set[int] = set()
        for i, patch in enumerate(overlay.get(kind) or []):
            if not isinstance(patch, dict):
                continue
            key = key_of(patch)
            shown = patch.get("id") if kind != "borders" else "-".join(map(str, patch.get("between") or ()))
            known = index.get(key)
            fields = {k: v for k, v in patch.items() if k not in ("id", "between", "remove")}
            if patch.get("remove"):
                if known is None:
                    problems.append((f"/{kind}/{i}", f"cannot remove {kind[:-1]} {shown}: map.yaml has none"))
                    continue
                removed.add(id(known))
                index.pop(key, None)
                if kind == "powers":
                    removed_powers.add(known.get("id"))
                elif kind == "provinces":
                    removed_provinces.add(known.get("id"))
                continue
            if known is not None:
                known.update(copy.deepcopy(fields))
                patched[kind].setdefault(id(known), {}).update({k: (OVERLAY, f"/{kind}/{i}/{k}") for k in fields})
                continue
            missing = [k for k in needs if not patch.get(k)]
            if missing:
                problems.append((f"/{kind}/{i}", f"{kind[:-1]} '{shown}' is not in map.yaml; a new "
                                                 f"{kind[:-1]} needs {' and '.join(needs)}"))
                continue
            added = {k: copy.deepcopy(v) for k, v in patch.items() if k != "remove"}
            entries.append(added)
            index[key] = added
            provenance[kind][id(added)] = (OVERLAY, f"/{kind}/{i}")
        data[kind] = [e for e in entries if id(e) not in removed]

    if removed_provinces:
        _drop_provinces(data, removed_provinces)
    if removed_powers:
        _drop_powers(data, removed_powers)
    if overlay.get("sea_regions"):
        regions = {r["id"]: r for r in data.get("sea_regions") or [] if isinstance(r, dict)}
        for region in overlay["sea_regions"]:
            if isinstance(region, dict):
                regions[region.get("id")] = copy.deepcopy(region)
        data["sea_regions"] = list(regions.values())
    if isinstance(overlay.get("start"), dict):
        data.setdefault("start", {}).update(copy.deepcopy(overlay["start"]))
    for key in REPLACE_KEYS:
        if key in overlay:
            data[key] = copy.deepcopy(overlay[key])

    merged = Merged(data)
    for kind in ("powers", "provinces", "borders"):
        for i, entry in enumerate(data.get(kind) or []):
            origin = provenance[kind].get(id(entry))
            if origin:
                merged.origins[f"/{kind}/{i}"] = origin
            for name, where in patched[kind].get(id(entry), {}).items():
                merged.origins[f"/{kind}/{i}/{name}"] = where
    for sub in overlay.get("start") or {} if isinstance(overlay.get("start"), dict) else ():
        merged.origins[f"/start/{sub}"] = (OVERLAY, f"/start/{sub}")
    for key in REPLACE_KEYS:
        if key in overlay:
            merged.origins[f"/{key}"] = (OVERLAY, f"/{key}")
    return merged, problems


def _drop_provinces(data: dict, gone: set[str]) -> None:
    """Remove what names a removed province: borders, units, centres, region entries."""
    data["borders"] = [b for b in data.get("borders") or []
                       if not any(province_of(str(loc)) in gone for loc in b.get("between") or ())]
    start = data.get("start") or {}
    for key in ("units", "centers"):
        table = start.get(key) or {}
        for power, items in table.items():
            table[power] = [x for x in items or [] if province_of(str(x).split()[-1]) not in gone]
    for key in ("default_builds", "colored_neutral_centers"):
        table = data.get(key) or {}
        for power, items in table.items():
            table[power] = [x for x in items or [] if province_of(str(x).split()[-1]) not in gone]
    regions = []
    for region in data.get("sea_regions") or []:
        if region.get("overseer") in gone:
            continue
        region = dict(region, sealanes=[p for p in region.get("sealanes") or [] if p not in gone])
        if region["sealanes"]:
            regions.append(region)
    if "sea_regions" in data:
        data["sea_regions"] = regions


def _drop_powers(data: dict, gone: set[str]) -> None:
    """Remove a removed power's units, centres, builds, coloured centres and home marks."""
    for prov in data.get("provinces") or []:
        if prov.get("home") in gone:
            prov.pop("home")
    start = data.get("start") or {}
    for key in ("units", "centers"):
        for power in gone:
            (start.get(key) or {}).pop(power, None)
    for key in ("default_builds", "colored_neutral_centers"):
        for power in gone:
            (data.get(key) or {}).pop(power, None)


def merged_map_data(source) -> tuple[dict, list[tuple[str, str]]]:
    """map.yaml data of a GameSource with its overlay.yaml (if any) merged in.

    The family's `load` calls this instead of reading map.yaml alone; the
    problems are reported by checks (DIP512) at their overlay.yaml position."""
    merged, problems = merged_source(source)
    return merged.data, problems


def merged_source(source) -> tuple[Merged, list[tuple[str, str]]]:
    """As merged_map_data, keeping where each merged value came from."""
    map_doc = source.docs["map.yaml"]
    overlay_doc = source.docs.get("overlay.yaml")
    return merge_with_origins(map_doc.data, overlay_doc.data if overlay_doc is not None else None)
