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

from . import Param, Problem, RuleModule, WebdipForm, boolean, ids_per_power


def build_sites(game, power: str, owned: list[str], sites: set[str], params: dict) -> set[str]:
    listed = set(params["sites"].get(power, ())) & set(owned)
    return (sites | listed) if params["home"] else listed


def checks(game, params: dict) -> list[Problem]:
    found = []
    for power, centres in sorted(params["sites"].items()):
        base = f"/rules/build_sites/sites/{power}"
        if power not in game.map.powers:
            found.append(Problem("game.yaml", base, f"build_sites names an unknown power '{power}'"))
        for i, c in enumerate(centres):
            prov = game.map.provinces.get(c)
            if prov is None or not prov.supply_center:
                found.append(Problem("game.yaml", f"{base}/{i}", f"build site '{c}' is not a supply centre"))
    return found


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
    build_sites=build_sites, checks=checks,
    webdip=WebdipForm("builds on the home centres and on centres listed for the power",
                      mixins=("AddHomeSCs",), forms=("BuildAnyHome", "BuildFlags"), country_arrays=("countryAdditionalSCs",),
                      read=_imported,
                      not_exported="webDiplomacy has builds classes only for building anywhere"))
