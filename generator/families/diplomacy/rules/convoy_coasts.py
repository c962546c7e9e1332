"""convoy_coasts: coastal provinces whose fleets may convoy, as fleets at sea do.

Edwardian's Gibraltar, Africa's island coasts, Viking's river routes: webDiplomacy's
ConvoyCoasts (CoastConvoy) classes list them in variant.php `$convoyCoasts`, let a
fleet there take a convoy order, and accept any chain of fleets along fleet borders
as a convoy route. So a fleet in a listed province is one link of a convoy chain like
a fleet in open sea: it convoys an army between two coasts its fleet borders reach, or
joins a longer chain through the seas (and other listed coasts) next to it.

Everything else is the standard rules: the convoy is disrupted when the fleet is
dislodged, a convoyed army needs a whole route of fleets ordered to convoy it, and
paradoxes are settled as for any convoy (the Szykman rule). The province stays a
coast: armies still enter it and stand in it, and an army there is convoyed from it
like from any coast.

DPjudge writes such a province as a PORT location (its map syntax; its rule list says
COASTAL_CONVOY "causes all COAST spaces to be treated as if they were PORT spaces"), so
the DPjudge exporter and importer carry the module in that location type.

    rules:
      convoy_coasts: {provinces: [GIB]}
"""
from __future__ import annotations

from ...base import Page
from ....escape import md_text
from ..model import province_of
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm, list_of_ids


def convoy_provinces(game_map, params: dict) -> list[str]:
    return [province_of(p) for p in params["provinces"]]


def checks(game, params: dict) -> list[Problem]:
    found = []
    for i, listed in enumerate(params["provinces"]):
        prov = game.map.provinces.get(province_of(listed))
        ptr = f"/rules/convoy_coasts/provinces/{i}"
        if prov is None:
            found.append(Problem("game.yaml", ptr, f"no province '{listed}'", hint="name a coastal province"))
        elif prov.type != "coast":
            found.append(Problem("game.yaml", ptr, f"{listed} is a {prov.type} province, not a coast",
                                 hint="fleets in open sea convoy already; list only coastal provinces"))
    return found


def example_of(game) -> dict | None:
    """An adjudication request in which a fleet in a listed coast convoys an army between
    two coasts it reaches that no army border joins, with what the rule says must happen."""
    m = game.map
    for listed in game.modules.params("convoy_coasts")["provinces"]:
        coast = province_of(listed)
        if coast not in m.convoy_seas:
            continue
        reach = sorted(q for q in m.fleet_reach.get(coast, ()) if q in m.coastal and q != coast)
        for src in reach:
            for dest in reach:
                if dest != src and dest not in m.army_adj.get(src, ()) and m.provinces[src].locations("A"):
                    power = next(iter(m.powers))
                    fleet = next(loc for loc in m.provinces[coast].locations("F"))
                    move, convoy = f"A {src} - {dest}", f"F {fleet} C A {src} - {dest}"
                    return {"phase": "S1901M", "units": {power: [f"A {src}", f"F {fleet}"]},
                            "orders": {power: [move, convoy]},
                            "expect": {"results": {move: "succeeds", convoy: "succeeds"},
                                       "units": {power: [f"A {dest}", f"F {fleet}"]}}}
    return None


def pages(game, params: dict) -> list[Page]:
    provinces = game.map.provinces
    names = ", ".join(md_text(provinces[q].name if q in provinces else q)
                      for q in map(province_of, params["provinces"]))
    lines = ["# Coasts that convoy", "",
             f"A fleet in {names} may convoy armies, as a fleet in open sea does: it is one link of a "
             "convoy chain, between two coasts its fleet reaches or with the seas beside it. The convoy "
             "is disrupted if the fleet is dislodged, and paradoxes are settled as for any convoy. The "
             "province stays a coast: armies enter it and stand in it as before.", ""]
    lines += example.section(game, example.play(game, example_of(game)))
    return [Page("convoy-coasts.md", "\n".join(lines).rstrip() + "\n", "Coasts that convoy")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    return found or example.problems("convoy_coasts", example.play(game, example_of(game)))


MODULE = RuleModule(
    name="convoy_coasts",
    title="Coasts that convoy",
    summary=("Fleets in the listed coastal provinces may convoy armies as fleets in open sea do; "
             "the convoy rules (disruption, paradoxes) are the standard ones."),
    params={"provinces": Param([], "The coastal provinces whose fleets may convoy.", shape=list_of_ids)},
    convoy_provinces=convoy_provinces, checks=example_checks, pages=pages,
    webdip=WebdipForm("fleets in some coastal provinces may convoy", mixins=("ConvoyCoasts", "CoastConvoy",
                                                                             "Coast_Convoy"),
                      arrays=("convoyCoasts",), read=lambda found: {"provinces": found.get("convoyCoasts", [])},
                      not_exported="webDiplomacy needs the ConvoyCoasts classes and their order form"),
    dpjudge="", dpjudge_locations="PORT")
