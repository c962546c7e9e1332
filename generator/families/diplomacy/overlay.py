"""Merge hand-completed map data (overlay.yaml) over imported data (map.yaml).

An importer owns map.yaml and rewrites it; what the source data cannot say is
written by hand in overlay.yaml, which the importer never touches:

    provinces:                       # patch a province by id, or add a new one
      - {id: MDR, island: true, source: {id: webdip-rules, rule: "12"}}
    borders:                         # patch a border by its pair, add one, or remove one
      - {between: [ZUN, MNV], kind: corner, source: ...}
      - {between: [A, B], remove: true, reasoning: "..."}
    start: {phase: W2020A}           # keys replace map.yaml's start keys
    victory: {...}  default_builds: {...}  colored_neutral_centers: {...}  sea_regions: [...]

Rules: a province entry whose id exists updates those fields; an unknown id adds
a province (it then needs name and type). A border entry matches the imported
border between the same two locations in either order; `units`/`kind`/`source`
replace the imported values; `remove: true` deletes it; no match adds it (then
`remove` is an error). Sea regions replace by id. The result is plain map data,
ready for `model.build_map`; `problems` lists what could not be applied as
(JSON pointer into overlay.yaml, message).
"""
from __future__ import annotations

import copy

REPLACE_KEYS = ("victory", "default_builds", "colored_neutral_centers")


def merge_overlay(map_data: dict, overlay: dict | None) -> tuple[dict, list[tuple[str, str]]]:
    merged = copy.deepcopy(map_data)
    problems: list[tuple[str, str]] = []
    if not overlay:
        return merged, problems
    provinces = merged.setdefault("provinces", [])
    index = {p["id"]: p for p in provinces}
    for i, patch in enumerate(overlay.get("provinces") or []):
        pid = patch.get("id")
        if pid in index:
            index[pid].update({k: v for k, v in patch.items() if k != "id"})
        elif patch.get("name") and patch.get("type"):
            added = dict(patch)
            provinces.append(added)
            index[pid] = added
        else:
            problems.append((f"/provinces/{i}", f"province '{pid}' is not in map.yaml; a new province "
                                                f"needs name and type"))
    borders = merged.setdefault("borders", [])
    by_pair = {frozenset(b["between"]): b for b in borders}
    removed: set[int] = set()
    for i, patch in enumerate(overlay.get("borders") or []):
        pair = frozenset(patch["between"])
        known = by_pair.get(pair)
        if patch.get("remove"):
            if known is None:
                problems.append((f"/borders/{i}", f"cannot remove {'-'.join(patch['between'])}: "
                                                  "no such border in map.yaml"))
            else:
                removed.add(id(known))
            continue
        if known is not None:
            known.update({k: v for k, v in patch.items() if k != "between"})
        else:
            added = {k: v for k, v in patch.items() if k != "remove"}
            borders.append(added)
            by_pair[pair] = added
    merged["borders"] = [b for b in borders if id(b) not in removed]
    if overlay.get("sea_regions"):
        regions = {r["id"]: r for r in merged.get("sea_regions") or []}
        for region in overlay["sea_regions"]:
            regions[region["id"]] = region
        merged["sea_regions"] = list(regions.values())
    if overlay.get("start"):
        merged.setdefault("start", {}).update(overlay["start"])
    for key in REPLACE_KEYS:
        if key in overlay:
            merged[key] = copy.deepcopy(overlay[key])
    return merged, problems


def merged_map_data(source) -> tuple[dict, list[tuple[str, str]]]:
    """map.yaml data of a GameSource with its overlay.yaml (if any) merged in.

    The family's `load` calls this instead of reading map.yaml alone; the
    problems are reported by checks (DIP512) at their overlay.yaml position."""
    map_doc = source.docs["map.yaml"]
    overlay_doc = source.docs.get("overlay.yaml")
    return merge_overlay(map_doc.data, overlay_doc.data if overlay_doc is not None else None)
