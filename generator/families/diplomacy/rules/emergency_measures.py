"""emergency_measures: a power that holds some but not all of a set of centres keeps more units
than it has centres, and may build in places that are no centres.

Baron1900's Russian Emergency Measures Rule (its rules page: "Whenever Russia possesses at least
one, BUT NOT ALL FOUR, of its original home supply centers, it is entitled to maintain one extra
unit on the map (i.e., one more than the number of supply centers it currently controls).
Additionally, while Russia is in this condition, the Russian player may use Siberia as a build
site during the adjustment phase, if Siberia is unoccupied."). webDiplomacy plays it in three
classes: processMembers' checkForUnitSCDifference (an adjustment phase is due when the power's
units are not its centres + 1), processOrderBuilds (builds and removals counted against centres
+ 1) and userOrderBuilds (an army in Siberia, vacant, owned or not), each asking whether the
country owns more than none and fewer than all of the listed territories.

While the rule is in effect the power's builds due are its count plus `extra` (the one count the
adjudicator and the announced position use, so the winter is skipped when its units are its
centres + extra), and `sites` are build sites for it, vacant as every site, owned or not. With
`unit` set, the class lets only that unit be built there: the checks make sure the map allows no
other (a site where both could stand is reported, since the engine would build either).

    rules:
      emergency_measures: {power: RUSSIA, centres: [MOS, SEV, STP, WAR], sites: [SIB], unit: A}

`centres` empty: the power's home centres on the map (its original ones, "original home supply
centers", even where another module changes home centres in play). The module adds its sites after
the other modules' build sites (build_sites with `home: false` keeps only its own list: this one
comes after it).
"""
from __future__ import annotations

from ....escape import md_text
from ...base import Page
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm, list_of_ids, text

UNITS = {"A": "an army", "F": "a fleet"}


def _positive(value) -> str | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and value > 0
    return None if ok else "must be a positive whole number"


def trigger(game, params: dict) -> list[str]:
    """The centres whose partial holding puts the rule in effect: those listed, else the power's
    home centres."""
    return list(params["centres"]) or game.map.home_centers(params["power"])


def in_effect(game, power: str, owned, params: dict) -> bool:
    """Whether `power`, owning `owned`, is under the rule: it holds at least one of the centres,
    not all of them."""
    if power != params["power"]:
        return False
    centres = set(trigger(game, params))
    held = len(centres.intersection(owned))
    return 0 < held < len(centres)


def adjustment_due(game, phase: str, power: str, owned, due: int, params: dict) -> int:
    """`extra` builds more (or removals fewer) while the rule is in effect."""
    return due + params["extra"] if in_effect(game, power, owned, params) else due


def build_sites(game, power: str, owned, sites: set[str], params: dict) -> set[str]:
    """The rule's sites too, while it is in effect (centres or not, owned or not)."""
    return sites | set(params["sites"]) if in_effect(game, power, owned, params) else sites


def checks(game, params: dict) -> list[Problem]:
    m = game.map
    base = "/rules/emergency_measures"
    power = params["power"]
    if power not in m.powers:
        return [Problem("game.yaml", f"{base}/power", f"emergency_measures names no power of the map: '{power}'",
                        hint=f"one of {', '.join(sorted(m.powers))}")]
    found = []
    for i, centre in enumerate(params["centres"]):
        prov = m.provinces.get(centre)
        if prov is None or not prov.supply_center:
            found.append(Problem("game.yaml", f"{base}/centres/{i}", f"'{centre}' is not a supply centre",
                                 hint="list the centres whose holding puts the rule in effect"))
    if len(trigger(game, params)) < 2:
        found.append(Problem("game.yaml", f"{base}/centres", "the rule needs two centres or more: it is in "
                             "effect while the power holds some of them but not all",
                             hint=f"list them, or give {power} home centres"))
    unit = params["unit"] if params["unit"] in UNITS else None
    for i, site in enumerate(params["sites"]):
        where = f"{base}/sites/{i}"
        prov = m.provinces.get(site)
        kinds = [k for k in UNITS if prov is not None and prov.locations(k)]
        if prov is None:
            found.append(Problem("game.yaml", where, f"no province '{site}'",
                                 hint="name the build site by its province id"))
        elif not kinds or (unit and unit not in kinds):
            what = f"{UNITS[unit]} cannot" if kinds else "no unit can"
            found.append(Problem("game.yaml", where, f"{what} stand in '{site}'"))
        elif unit and len(kinds) > 1:
            found.append(Problem("game.yaml", where, f"both units can stand in '{site}', where the rule allows "
                                 f"only {UNITS[unit]}: the engine builds either kind on a site",
                                 hint="give sites where only that unit can stand"))
    return found


def _unit_in(game, prov: str, kind: str = "") -> str | None:
    """A unit standing in `prov` ("A SIB"), of `kind` when given; None when none can."""
    for k in (kind,) if kind in UNITS else ("A", "F"):
        locations = game.map.provinces[prov].locations(k)
        if locations:
            return f"{k} {locations[0]}"
    return None


def examples(game, params: dict) -> list[tuple[str, dict]]:
    """(what it shows, the example) on the game's own map: a winter build in the rule's site while
    the power holds one of the centres, refused once it holds all; and a fall after which the power
    keeps its extra units (in the site, else in places that are no centres) with no winter at all."""
    if checks(game, params):
        return []
    m = game.map
    power, centres, sites, extra = params["power"], trigger(game, params), params["sites"], params["extra"]
    start = game.start.phase
    year = int(start[1:-1]) if start[1:-1].isdecimal() else 1901
    who, centre = m.powers[power].name, m.provinces[centres[0]].name
    out = []
    if sites:
        site_unit, site = _unit_in(game, sites[0], params["unit"]), m.provinces[sites[0]].name
        build = f"{site_unit} B"
        out += [(f"{who} holds {centre} alone and has no unit: {1 + extra} builds are due, and {site} takes one",
                 {"phase": f"W{year}A", "units": {power: []}, "centers": {power: centres[:1]},
                  "orders": {power: [build]},
                  "expect": {"results": {build: "succeeds"}, "units": {power: [site_unit]}}}),
                (f"{who} holds all of them: {site} is no build site",
                 {"phase": f"W{year}A", "units": {power: []}, "centers": {power: centres},
                  "orders": {power: [build]}, "expect": {"results": {build: "fails"}}})]
    places = [*sites[:1], *(p for p, prov in sorted(m.provinces.items())
                            if not prov.supply_center and p not in sites and _unit_in(game, p))][:extra]
    kept = [_unit_in(game, centres[0]), *(_unit_in(game, p, params["unit"] if p in sites else "") for p in places)]
    if len(places) == extra and None not in kept:
        out.append((f"{who} holds {centre} alone and keeps {1 + extra} units after the fall: no winter of "
                    "adjustments", {"phase": f"F{year}M", "units": {power: kept}, "centers": {power: centres[:1]},
                                    "orders": {power: [f"{u} H" for u in kept]},
                                    "expect": {"phase": f"S{year + 1}M", "units": {power: kept}}}))
    return out


def pages(game, params: dict) -> list[Page]:
    m = game.map

    def name(pid: str, table) -> str:
        return md_text(table[pid].name if pid in table else pid)
    centres = trigger(game, params)
    sites = ", ".join(name(s, m.provinces) for s in params["sites"])
    extra = params["extra"]
    lines = ["# Emergency measures", "",
             f"While {name(params['power'], m.powers)} holds at least one, but not all, of "
             + ", ".join(name(c, m.provinces) for c in centres)
             + f", it keeps {extra} unit{'s' if extra > 1 else ''} more than the supply centres it owns: "
             f"its builds are counted against its centres + {extra}, and a winter of adjustments comes only when "
             "its units differ from that number."]
    if sites:
        only = f" ({UNITS[params['unit']]} only)" if params["unit"] in UNITS else ""
        lines.append(f"It may then also build in {sites}{only}, when vacant, although "
                     f"{'they are' if len(params['sites']) > 1 else 'it is'} no supply centre of its own.")
    lines += ["", "Once it holds none of them, or all of them again, the extra unit is lost (any excess is "
              "removed at the next adjustment phase)" + (" and the extra build sites are no build sites." if sites
                                                         else "."), ""]
    for shown, found in examples(game, params):
        played = example.play(game, found)
        section = example.section(game, played)
        if section:
            lines += [f"## Example: {md_text(shown)}", *section[1:], ""]
    return [Page("emergency-measures.md", "\n".join(lines).rstrip() + "\n", "Emergency measures")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    return found or [p for _, ex in examples(game, params)
                     for p in example.problems("emergency_measures", example.play(game, ex))]


def _imported(found: dict) -> dict:
    """The class's country and territories (the importer gives the territories' `terrID IN (...)`
    list as {by_power: {power: [centre]}} and the build sites, `toTerrID != N`, as one side of
    territories), the `+ N` of its count and the unit type its build check names."""
    facts = found["EmergencyMeasures"] or {}
    out = {}
    for power, centres in sorted(facts.get("by_power", {}).items())[:1]:    # the class names one country
        out.update(power=power, centres=centres)
    return {**out, "sites": [p for side in facts.get("sides", []) for p in side], "extra": facts.get("extra", 1),
            "unit": facts.get("unit", "any")}


MODULE = RuleModule(
    name="emergency_measures",
    title="Emergency measures",
    summary=("While a power holds some but not all of a set of centres (its home centres), it keeps extra "
             "units beyond its centres and may build in listed places that are no centres."),
    params={"power": Param("", "The power the rule applies to.", shape=text),
            "centres": Param([], "The centres whose holding in part puts the rule in effect (empty: the "
                                 "power's home centres).", shape=list_of_ids),
            "extra": Param(1, "How many units more than its centres the power keeps while in effect.",
                           shape=_positive),
            "sites": Param([], "Places, centres or not, where the power may also build while in effect.",
                           shape=list_of_ids),
            "unit": Param("any", "The unit the rule's sites allow (A, F or any).", choices=("any", "A", "F"))},
    adjustment_due=adjustment_due, build_sites=build_sites, checks=example_checks, pages=pages,
    webdip=WebdipForm("a power holding some but not all of its home centres keeps an extra unit and may "
                      "build in a place that is no centre (Baron1900's Russian Emergency Measures)",
                      forms=("EmergencyMeasures",), read=_imported,
                      not_exported="webDiplomacy needs processMembers, processOrderBuilds and userOrderBuilds "
                                   "classes of the variant's own for it"))
