"""build_sites: builds limited to the home centres and the centres listed for a power.

Some variants let a power build in a few named centres besides (or instead of) its
home centres: a captured capital, a colony; or in only some of its home centres (Baron1900:
Britain and France start with Egypt and Algeria but cannot build there, install.php's
buildEligibilityFlags naming the other centres only). `sites` lists them per power; with
`home: false` only the listed centres count. A build still needs the centre to be
owned by the power and vacant, as every build does.

    rules:
      build_sites: {sites: {ENGLAND: [NWY]}, home: true}
"""
from __future__ import annotations

from ...base import Page
from ....escape import md_text
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm, boolean, centres_per_power_problems, ids_per_power


def build_sites(game, power: str, owned: list[str], sites: set[str], params: dict) -> set[str]:
    listed = set(params["sites"].get(power, ())) & set(owned)
    return (sites | listed) if params["home"] else listed


def checks(game, params: dict) -> list[Problem]:
    return centres_per_power_problems(game, "/rules/build_sites/sites", params["sites"],
                                      "a power builds only on supply centres it owns: list those")


def _build(game, prov: str) -> str:
    """A build order in `prov`: an army where one may stand, else a fleet on its first coast."""
    locations = game.map.provinces[prov].locations("A") or game.map.provinces[prov].locations("F")
    kind = "A" if game.map.provinces[prov].locations("A") else "F"
    return f"{kind} {locations[0]} B"


def build_example(game) -> dict | None:
    """A winter in which a power owns its home centres and its listed sites, all vacant: a build
    in a site succeeds, and one in a home centre the rule leaves out (home: false) or in a centre
    neither home nor listed fails."""
    params = game.modules.params("build_sites")
    m = game.map
    start = game.start.phase
    year = start[1:-1] if start[1:-1].isdecimal() else "1901"
    for power, listed in sorted(params["sites"].items()):
        homes = [c for c, prov in sorted(m.provinces.items()) if prov.home == power and prov.supply_center]
        listed = [c for c in listed if c in m.provinces]
        if power not in m.powers or not listed:
            continue
        refused = next((c for c in homes if c not in listed), None) if not params["home"] else next(
            (c for c, prov in sorted(m.provinces.items()) if prov.supply_center and c not in homes
             and c not in listed), None)
        if refused is None:
            continue
        site, no = _build(game, listed[0]), _build(game, refused)
        return {"phase": f"W{year}A", "units": {power: []},
                "centers": {power: list(dict.fromkeys([*homes, *listed, refused]))},
                "orders": {power: [site, no]}, "expect": {"results": {site: "succeeds", no: "fails"}}}
    return None


def pages(game, params: dict) -> list[Page]:
    m = game.map
    names = {p: md_text(m.provinces[p].name) for p in m.provinces}
    lines = ["# Build sites", "",
             "A power builds in its home centres and in the centres listed for it here."
             if params["home"] else
             "A power builds only in the centres listed for it here, not in the other home centres it starts "
             "with.", "A centre must still be owned by the power and vacant, as for every build.", ""]
    for power, listed in sorted(params["sites"].items()):
        if power in m.powers:
            lines.append(f"- {md_text(m.powers[power].name)}: "
                         + ", ".join(names.get(c, md_text(c)) for c in listed) + ".")
    played = example.play(game, build_example(game))
    if played is not None:
        lines += ["", *example.section(game, played)]
    return [Page("build-sites.md", "\n".join(lines).rstrip() + "\n", "Build sites")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    return found or example.problems("build_sites", example.play(game, build_example(game)))


def _imported(found: dict) -> dict:
    """Any power's home centres (BuildAnyHome: the importer lists them) and the centres
    $countryAdditionalSCs lists (AddHomeSCs), besides the power's own home centres; or only the
    centres whose install.php build flags name the power (BuildFlags: Baron1900's Egypt and
    Algeria are home centres of Britain and France that no flag lets them build in)."""
    if "BuildFlags" in found:
        by_power = found["BuildFlags"].get("by_power", {})
        return {"sites": {p: list(dict.fromkeys(ids)) for p, ids in by_power.items()}, "home": False}
    sites: dict[str, list[str]] = {}
    for listed in (found.get("BuildAnyHome", {}).get("sites", {}), found.get("countryAdditionalSCs", {})):
        for power, centres in listed.items():
            sites[power] = list(dict.fromkeys([*sites.get(power, []), *centres]))
    return {"sites": sites, "home": True}


MODULE = RuleModule(
    name="build_sites",
    title="Listed build sites",
    summary=("A power builds in its home centres and in the centres listed for it (or, with "
             "the parameter home set to false, only in the listed ones); owned and vacant as always."),
    params={"sites": Param({}, "The extra build sites of each power: {POWER: [centre, ...]}.",
                           shape=ids_per_power),
            "home": Param(True, "Whether the home centres stay build sites.", shape=boolean)},
    build_sites=build_sites, checks=example_checks, pages=pages,
    webdip=WebdipForm("builds on the home centres and on centres listed for the power",
                      mixins=("AddHomeSCs",), forms=("BuildAnyHome", "BuildFlags"), country_arrays=("countryAdditionalSCs",),
                      read=_imported,
                      not_exported="webDiplomacy has builds classes only for building anywhere"))
