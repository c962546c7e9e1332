"""Map checks every Diplomacy game gets, plus the game's rule claims.

`check_map(game) -> list[Diagnostic]` is pure: it reads the model (and the
documents it was loaded from, for positions) and says what is inconsistent. The
structural checks of map.yaml itself (borders, names, start, victory) are
checks_core.py's; these are the ones that need the whole merged game:

- overlay.yaml entries that cannot be applied;
- supply centres no unit can ever reach from the home centres;
- geometry: outlines for every province, and which bordering provinces'
  outlines do not touch (and the reverse) - listed on the geometry review page;
- claims.yaml: every claim of the rules, checked by its kind (claims.py).

`from_rules(game, rules_pages)` checks the rules pages: province codes written as
"(ABC)" exist (kept apart: it runs again after every edit to a page, check_map only
when the data files change).
"""
from __future__ import annotations

import re

from ...diagnostics import CODES, Diagnostic, register
from ...escape import md_text
from ..base import FromRules
from . import claims as claim_kinds
from .model import Game, province_of

UNREACHABLE_CENTER = register("DIP505", "Supply centre cannot be reached",
                              "No unit starting on any home centre can ever reach this supply centre "
                              "by armies or fleets. Add a border, or remove the centre. When the published "
                              "game has it so on purpose (a decorative or joke province), say so in the "
                              "province's `source`: an object with the game.yaml source id that publishes it "
                              "and a `reasoning` (the importers write it for the variants they read); the "
                              "error is then a warning that shows the reasoning.")
UNKNOWN_CODE_IN_PAGE = register("DIP507", "Rules page names an unknown province code",
                                "A rules page writes a province code in brackets, e.g. \"(ABC)\", that no "
                                "province has as id or abbreviation. Fix the page or the map.", "warning")
OUTLINE = register("DIP510", "Outline missing or unknown",
                   "geometry.yaml has no outline for a province that units can enter, or an outline for "
                   "an id the map does not have. Re-run the importer or fix the id.", "warning")
UNSEEN_OUTLINE = register("DIP513", "Outline cannot be seen",
                          "A province's outline in geometry.yaml encloses no area (its points lie on one "
                          "line) or lies wholly outside the image (`image.width` x `image.height`), so the "
                          "map draws nothing for it and nobody can click it. Re-trace the outline, or fix "
                          "its coordinates or the image size.", "warning")
GEOMETRY_DIFF = register("DIP511", "Borders and outlines disagree",
                         "Some bordering provinces' outlines do not touch on the map picture, or touching "
                         "outlines have no border. Often intended (straits, sealane overseer zones); the "
                         "geometry review page lists every case to look at.", "info")
OVERLAY = register("DIP512", "Overlay entry cannot be applied",
                   "An overlay.yaml entry patches or removes something map.yaml does not have. Fix its id "
                   "or pair, or give a new province its name and type.")
CLAIM_FAILS = register("DIP520", "The map data contradicts a rule",
                       "A claim of the published rules (claims.yaml) does not hold in the map data. The "
                       "message names the claim, its rule and the differing facts. Fix the data, or, when "
                       "the published game really plays by its data, mark the claim "
                       "`on_disagreement: warning` with a note.")
CLAIM_BAD = register("DIP521", "Claim cannot be checked",
                     "A claims.yaml entry names an unknown kind or province, or lacks a parameter its "
                     "kind needs. Fix the claim.")

_CODE_IN_TEXT = re.compile(r"\(([A-Z][A-Z0-9]{1,3}(?: [a-z]{1,2})?)\)")


class _Where:
    """Positions of map values for diagnostics, whether or not documents exist."""

    def __init__(self, game: Game):
        docs = game.source.docs if game.source is not None else {}
        self.map_doc = docs.get("map.yaml")
        self.overlay_doc = docs.get("overlay.yaml")
        self.claims_doc = docs.get("claims.yaml")
        self.geometry_doc = docs.get("geometry.yaml")
        data = self.map_doc.data if self.map_doc is not None and isinstance(self.map_doc.data, dict) else {}
        self.province_index = {p.get("id"): i for i, p in enumerate(data.get("provinces") or [])}
        self.border_index = {frozenset(b.get("between") or ()): i
                             for i, b in enumerate(data.get("borders") or [])}
        odata = self.overlay_doc.data if self.overlay_doc is not None and isinstance(self.overlay_doc.data, dict) else {}
        self.overlay_province = {p.get("id"): i for i, p in enumerate(odata.get("provinces") or [])}
        self.overlay_border = {frozenset(b.get("between") or ()): i for i, b in enumerate(odata.get("borders") or [])}
        self.game_id = game.game_id

    def _make(self, doc, pointer, code, message, hint="", severity=None) -> Diagnostic:
        if doc is not None:
            return doc.diagnostic(pointer, code, message, hint=hint, severity=severity)
        return Diagnostic(f"content/{self.game_id}/map.yaml", 1, 1, code, message,
                          severity or CODES[code].severity, pointer, hint)

    def province(self, pid, code, message, hint="", severity=None):
        if pid in self.overlay_province:
            return self._make(self.overlay_doc, f"/provinces/{self.overlay_province[pid]}", code, message, hint, severity)
        pointer = f"/provinces/{self.province_index[pid]}" if pid in self.province_index else "/provinces"
        return self._make(self.map_doc, pointer, code, message, hint, severity)

    def border(self, a, b, code, message, hint="", severity=None):
        key = frozenset((a, b))
        if key in self.overlay_border:
            return self._make(self.overlay_doc, f"/borders/{self.overlay_border[key]}", code, message, hint, severity)
        pointer = f"/borders/{self.border_index[key]}" if key in self.border_index else "/borders"
        return self._make(self.map_doc, pointer, code, message, hint, severity)

    def at(self, pointer, code, message, hint="", severity=None):
        return self._make(self.map_doc, pointer, code, message, hint, severity)

    def claim(self, index, code, message, hint="", severity=None):
        return self._make(self.claims_doc, f"/claims/{index}", code, message, hint, severity)

    def geometry(self, pointer, code, message, hint="", severity=None):
        return self._make(self.geometry_doc, pointer, code, message, hint, severity)


def check_map(game: Game) -> list[Diagnostic]:
    where = _Where(game)
    out: list[Diagnostic] = []
    out += _check_overlay(game, where)
    out += _check_provinces(game, where)
    out += _check_geometry(game, where)
    out += check_claims(game, where)
    return out


def _check_overlay(game: Game, where: _Where) -> list[Diagnostic]:
    problems = getattr(game, "overlay_problems", None) or []
    return [where._make(where.overlay_doc, pointer, OVERLAY, message) for pointer, message in problems]


def unreachable_centers(m, start) -> list[str]:
    """The supply centres no unit can ever reach, by armies or fleets, from the home centres
    and the starting units' places (none when there are neither). Pure: a DiplomacyMap and
    a StartPosition (model.build_map / build_start of map data serve as well as a loaded game)."""
    homes = {h for centres in start.centers.values() for h in centres}
    homes |= {province_of(u.split()[1]) for units in start.units.values() for u in units}
    if not homes:
        return []
    reached: set[str] = set()
    for table, starts in ((m.army_adj, [h for h in homes if h in m.army_adj]),
                          (m.fleet_adj, [loc for h in homes if h in m.provinces
                                         for loc in m.provinces[h].locations("F")])):
        stack = list(starts)
        seen = set(stack)
        while stack:
            here = stack.pop()
            for there in table.get(here, ()):
                if there not in seen:
                    seen.add(there)
                    stack.append(there)
        reached |= {province_of(x) for x in seen}
    return [pid for pid in m.supply_centers if pid not in reached]


def published_so(province) -> str | None:
    """The reasoning of a province whose `source` says a published source has it as it is
    (an object with a source id other than `estimated` and a reasoning), else None."""
    source = province.source
    if isinstance(source, dict) and source.get("id") not in (None, "", "estimated") \
            and str(source.get("reasoning") or "").strip():
        return f"{source['id']}: {' '.join(str(source['reasoning']).split())}"
    return None


def _check_provinces(game: Game, where: _Where) -> list[Diagnostic]:
    m = game.map
    out = []
    for pid in unreachable_centers(m, game.start):
        note = published_so(m.provinces[pid])
        message = f"no unit from any home centre can reach {m.provinces[pid].display}"
        if note:
            out.append(where.province(pid, UNREACHABLE_CENTER, f"{message}, as published ({note})",
                                      hint="nothing to do if the published game has it so", severity="warning"))
        else:
            out.append(where.province(pid, UNREACHABLE_CENTER, message))
    return out


def from_rules(game: Game, rules_pages: dict[str, str]) -> FromRules:
    return FromRules(check_pages(game, rules_pages))


def check_pages(game: Game, rules_pages: dict[str, str]) -> list[Diagnostic]:
    """Province codes the rules pages write in brackets, "(ABC)", that no province has."""
    root = game.source.root if game.source is not None else f"content/{game.game_id}"
    out = []
    for name, text in sorted(rules_pages.items()):
        for line_no, line in enumerate(text.splitlines(), 1):
            for match in _CODE_IN_TEXT.finditer(line):
                code = match.group(1)
                if game.map.lookup(code) is None and code not in game.map.provinces:
                    out.append(Diagnostic(f"{root}/{name}", line_no, match.start() + 2,
                                          UNKNOWN_CODE_IN_PAGE, f"no province has the code '{code}'",
                                          CODES[UNKNOWN_CODE_IN_PAGE].severity))
    return out


# -- geometry ----------------------------------------------------------------------

def geometry_differences(game: Game) -> dict:
    """Which borders have no touching outlines, and which touching outlines no border.

    Returns {"no_contact": [(a, b, units, kind)], "no_border": [(a, b, length)]}; sea
    borders of overseer zones are left out (overseer boxes are drawn apart on purpose), and
    so are two sealanes of one region (the sealane rules join them however they are drawn).
    Worked out once per game (kept on it, as api.py keeps its index): the check and the
    geometry review page both read it, and neither the map nor the geometry change."""
    found = game.__dict__.get("_geometry_differences")
    if found is None:
        found = game.__dict__["_geometry_differences"] = _differences(game)
    return found


def _differences(game: Game) -> dict:
    geometry = game.geometry or {}
    if "contacts" not in geometry:
        return {"no_contact": [], "no_border": []}
    m = game.map
    contacts = {frozenset(c[:2]): int(c[2]) for c in geometry["contacts"]}
    overseers = {r.overseer for r in m.sea_regions.values()}
    borders: dict[frozenset, tuple] = {}
    for b in m.borders:
        key = frozenset((province_of(b.a), province_of(b.b)))
        if len(key) == 2 and not b.derived:
            borders[key] = (sorted(b.units), b.kind)
    # every two provinces of one sea region border each other whatever the drawing says
    # (the sealane rules), so such pairs are nothing to review
    region_of = {member: r.id for r in m.sea_regions.values() for member in (r.overseer, *r.sealanes)}
    no_contact = []
    for key, (units, kind) in sorted(borders.items(), key=lambda kv: sorted(kv[0])):
        if key in contacts or key & overseers:
            continue
        a, b = sorted(key)
        if a in region_of and region_of[a] == region_of.get(b):
            continue
        a, b = sorted(key)
        no_contact.append((a, b, units, kind))
    no_border = []
    # impassable areas and lakes touch their neighbours but are never entered: no border is due
    closed = {p for p, prov in m.provinces.items() if prov.type in ("impassable", "lake")}
    for key, length in sorted(contacts.items(), key=lambda kv: sorted(kv[0])):
        if key not in borders and all(p in m.provinces for p in key) and not key & closed:
            a, b = sorted(key)
            no_border.append((a, b, length))
    return {"no_contact": no_contact, "no_border": no_border}


def _check_geometry(game: Game, where: _Where) -> list[Diagnostic]:
    geometry = game.geometry
    if not geometry:
        return []
    out = []
    outlines = geometry.get("outlines") or {}
    for pid, prov in game.map.provinces.items():
        if prov.type not in ("impassable", "lake") and pid not in outlines:
            out.append(where.province(pid, OUTLINE, f"{prov.display} has no outline in geometry.yaml"))
    image = geometry.get("image") or {}
    for pid in sorted(outlines):
        if pid not in game.map.provinces:
            out.append(where.geometry(f"/outlines/{pid}", OUTLINE, f"outline for unknown province {pid}"))
        elif why := _unseen(outlines[pid], image.get("width", 0), image.get("height", 0)):
            out.append(where.geometry(f"/outlines/{pid}", UNSEEN_OUTLINE,
                                      f"the outline of {game.map.provinces[pid].name} ({pid}) {why}"))
    diff = geometry_differences(game)
    unmarked = [d for d in diff["no_contact"] if not d[3]]
    if unmarked or diff["no_border"]:
        out.append(where.geometry("/contacts", GEOMETRY_DIFF,
                                  f"{len(unmarked)} border(s) of no special kind join provinces whose outlines "
                                  f"do not touch; {len(diff['no_border'])} pair(s) of touching outlines have no "
                                  f"border", hint="see the geometry review page"))
    return out


def _unseen(rings: list[list[float]], width: float, height: float) -> str:
    """Why an outline draws nothing on the image ("" when it is seen)."""
    xs = [x for ring in rings for x in ring[0::2]]
    ys = [y for ring in rings for y in ring[1::2]]
    if not xs or not ys:
        return ""
    if max(xs) <= 0 or max(ys) <= 0 or min(xs) >= width or min(ys) >= height:
        return f"lies wholly outside the {width} x {height} image"
    if all(_ring_area(ring) == 0 for ring in rings):
        return "encloses no area (its points lie on one line)"
    return ""


def _ring_area(ring: list[float]) -> float:
    """Twice the ring's signed area (the shoelace formula; the ring is closed implicitly)."""
    xs, ys = ring[0::2], ring[1::2]
    return sum(x0 * y1 - x1 * y0 for x0, y0, x1, y1 in zip(xs, ys, xs[1:] + xs[:1], ys[1:] + ys[:1]))


def geometry_review_markdown(game: Game) -> str:
    """The geometry review page: every border whose outlines do not touch, and
    every pair of touching outlines without a border."""
    m = game.map
    diff = geometry_differences(game)
    esc = md_text   # content text shown literally: HTML escaped, Markdown syntax neutralised
    lines = [f"# Geometry review: {esc(game.title)}", "",
             "The map's borders compared with its traced outlines. Each row is worth a look; many "
             "are intended (straits, bridges, map insets). Overseer zones and pairs of sealanes "
             "of one sea region are left out: the sealane rules join them however they are drawn.", "",
             f"## Borders whose outlines do not touch ({len(diff['no_contact'])})", ""]
    if diff["no_contact"]:
        lines += ["| between | units | kind |", "| --- | --- | --- |"]
        lines += [f"| {esc(m.display(a))} – {esc(m.display(b))} | {', '.join(u)} | {esc(k) or '—'} |"
                  for a, b, u, k in diff["no_contact"]]
    else:
        lines.append("None.")
    lines += ["", f"## Touching outlines without a border ({len(diff['no_border'])})", ""]
    if diff["no_border"]:
        lines += ["| between | shared outline (px) |", "| --- | --- |"]
        lines += [f"| {esc(m.display(a))} – {esc(m.display(b))} | {n} |" for a, b, n in diff["no_border"]]
    else:
        lines.append("None.")
    return "\n".join(lines) + "\n"


def geometry_review_page(game: Game):
    from ..base import Page
    return Page("geometry-review.md", geometry_review_markdown(game), "Geometry review", audience="authors")


# -- claims ------------------------------------------------------------------------

def check_claims(game: Game, where: _Where | None = None) -> list[Diagnostic]:
    where = where or _Where(game)
    doc = where.claims_doc
    if doc is None or not isinstance(doc.data, dict):
        return []
    default_source = doc.data.get("source", "")
    out = []
    for i, claim in enumerate(doc.data.get("claims") or []):
        kind = claim_kinds.kind_named(game, claim.get("kind"))
        label = f"claim '{claim.get('id')}' (rule {claim.get('rule')}, {claim.get('source', default_source)})"
        if kind is None:
            out.append(where.claim(i, CLAIM_BAD, f"{label}: unknown kind '{claim.get('kind')}'"))
            continue
        try:
            differences = kind(game, claim.get("params") or {})
        except claim_kinds.ClaimError as exc:
            out.append(where.claim(i, CLAIM_BAD, f"{label}: {exc}"))
            continue
        except (KeyError, TypeError, ValueError) as exc:  # params of the wrong shape
            out.append(where.claim(i, CLAIM_BAD, f"{label}: its params do not have the shape "
                                                 f"this kind needs ({type(exc).__name__}: {exc})",
                                   hint="see the claim kinds reference for each kind's params"))
            continue
        severity = claim.get("on_disagreement", "error")
        for difference in differences:
            out.append(where.claim(i, CLAIM_FAILS, f"{label}: the rule says \"{claim.get('says')}\"; "
                                                   f"but {difference}",
                                   hint=claim.get("note", ""), severity=severity))
    return out
