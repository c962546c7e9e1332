"""sealanes: adjacency of overseer zones and sealanes, derived from sea regions.

A sea region (map.yaml `sea_regions`) is one overseer zone (OZ) plus sealanes
(SLs). map.yaml lists only the *physical* borders (which sealane touches which
coast or which other sealane); this module adds the borders the sealane rules
imply, as fleet borders of kind `sealane`:

1. an OZ borders every sealane of its own region, and the sealanes of a region
   all border each other;
2. an OZ borders every province outside its region that touches the region
   (coasts, plain seas, and the other regions' sealanes), and the OZ of every
   region its region touches;
3. a sealane borders the OZ of every other region one of whose provinces it
   touches (its physical borders stay as they are).

The two seeds word rule 2 slightly differently, hence the parameter
`overseer_reach`:

* `sealanes` (A Modern Europe): "the region touches X" means one of its
  *sealanes* touches X, and two regions are adjacent when a sealane of one
  touches a sealane of the other;
* `region` (Divided States): any province of the region, the overseer zone
  included, counts - so an overseer zone's own drawn border to another region
  makes the two regions adjacent.

Drawn borders always stay: special connections (a strait between two seas) are
data, and the rules only add to them.
"""
from __future__ import annotations

from ..model import Border, DiplomacyMap, province_of
from . import Param, Problem, RuleModule, WebdipForm


def physical_fleet_neighbours(m: DiplomacyMap) -> dict[str, set[str]]:
    """Location -> locations it borders for fleets, from the borders as written."""
    out: dict[str, set[str]] = {}
    for b in m.borders:
        if "fleet" in b.units and not b.derived:
            out.setdefault(b.a, set()).add(b.b)
            out.setdefault(b.b, set()).add(b.a)
    return out


def derive(m: DiplomacyMap, params: dict) -> list[Border]:
    """The borders the sealane rules add to `m` (sorted, without duplicates)."""
    reach_all = params.get("overseer_reach", "sealanes") == "region"
    phys = physical_fleet_neighbours(m)
    region_of: dict[str, str] = {}
    for r in m.sea_regions.values():
        region_of[r.overseer] = r.id
        for s in r.sealanes:
            region_of[s] = r.id
    existing = {frozenset((b.a, b.b)) for b in m.borders if "fleet" in b.units}
    added: dict[frozenset, Border] = {}

    def add(a: str, b: str) -> None:
        if province_of(a) == province_of(b):
            return
        key = frozenset((a, b))
        if key in existing or key in added:
            return
        x, y = sorted((a, b))
        added[key] = Border(x, y, frozenset({"fleet"}), "sealane", derived=True)

    for r in sorted(m.sea_regions.values(), key=lambda r: r.id):
        oz = r.overseer
        own = set(r.sealanes) | {oz}
        for s in r.sealanes:
            add(oz, s)
            for t in r.sealanes:
                add(s, t)
        sources = list(r.sealanes) + ([oz] if reach_all else [])
        for src in sources:
            for n in sorted(phys.get(src, ())):
                np = province_of(n)
                if np in own:
                    continue
                other = region_of.get(np)
                if other is None:
                    add(oz, n)                      # a coast or a plain sea
                    continue
                is_overseer = np == m.sea_regions[other].overseer
                if not is_overseer:
                    add(oz, n)                      # another region's sealane
                if reach_all or not is_overseer:
                    add(oz, m.sea_regions[other].overseer)   # the regions touch
        for s in r.sealanes:
            for n in sorted(phys.get(s, ())):
                np = province_of(n)
                other = region_of.get(np)
                if other is not None and other != r.id and (reach_all or np != m.sea_regions[other].overseer):
                    add(s, m.sea_regions[other].overseer)
    return [added[k] for k in sorted(added, key=lambda k: tuple(sorted(k)))]


def checks(game, params: dict) -> list[Problem]:
    if not game.map.sea_regions:
        return [Problem("map.yaml", "", "sealanes is enabled but map.yaml has no sea_regions")]
    return []


MODULE = RuleModule(
    name="sealanes",
    title="Sealanes",
    summary=("Seas are split into regions of one overseer zone and several sealanes; their "
             "extra adjacencies are derived from the regions by the sealane rules."),
    params={"overseer_reach": Param("sealanes", "What counts as the region touching a province "
                                    "for the overseer zone's borders: its sealanes only, or every "
                                    "province of the region including the overseer zone.",
                                    ("sealanes", "region"))},
    borders=derive, checks=checks,
    webdip=WebdipForm("seas split into sealanes around overseer zones", forms=("Sealanes",),
                      read=lambda found: {"overseer_reach": "region"}, export="Sealanes"),
    dpjudge="")
