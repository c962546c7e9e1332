"""uncounted_centres: a supply centre that does not count for a given power.

Colonial Diplomacy's Hong Kong (its rules page: "It counts as a supply center for any
country except China. If China is in possession of Hong Kong, it counts as a non-supply
neutral territory"). The power still owns the centre, as it owns any other (it keeps it
until another power takes it, and another power that takes it counts it), but the centre
is left out of the power's count: it gives the power no build, and does not count
towards its victory. webDiplomacy's Colonial does exactly that: its processMembers
`countUnitsSCs` takes one off China's supplyCenterNo while China owns Hong Kong, and
that number is what builds and the victory test read.

    rules:
      uncounted_centres: {centres: {CHINA: [HONG_KONG]}}
"""
from __future__ import annotations

from ....escape import md_text
from ...base import Page
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm, centres_per_power_problems, ids_per_power


def uncounted(game, power: str, owned, params: dict) -> list[str]:
    """The centres `power` owns that do not count for it."""
    listed = set(params["centres"].get(power, ()))
    return [c for c in owned if c in listed]


def checks(game, params: dict) -> list[Problem]:
    """Every power a power of the game, every centre a supply centre of the map."""
    found = [] if params["centres"] else [Problem(
        "game.yaml", "/rules/uncounted_centres/centres", "the module is enabled but lists no centre",
        hint="list, for a power, the centres that do not count for it: {POWER: [CENTRE]}")]
    return found + centres_per_power_problems(
        game, "/rules/uncounted_centres/centres", params["centres"],
        "only a supply centre counts for a power in the first place: name it by its province id")


def example_of(game) -> dict | None:
    """A fall turn in which the power takes the centre that does not count for it: it owns one
    centre more after the turn, and still builds nothing."""
    m = game.map
    for power, centres in sorted(game.modules.params("uncounted_centres")["centres"].items()):
        homes = [c for c in m.home_centers(power) if c not in centres]
        for centre in centres:
            if centre not in m.provinces or power not in m.powers or not homes:
                continue
            for kind in ("A", "F"):
                here = next((loc for loc in m.neighbours(centre, kind) if loc.split("/")[0] not in homes), None)
                if here is None:
                    continue
                move = f"{kind} {here} - {centre}"
                return {"phase": "F1901M", "units": {power: [f"{kind} {here}"]},
                        "centers": {power: homes[:1]}, "orders": {power: [move]},
                        "expect": {"results": {move: "succeeds"}, "centers": {power: [homes[0], centre]},
                                   "phase": "S1902M"}}
    return None


def pages(game, params: dict) -> list[Page]:
    m = game.map

    def name(pid: str, table) -> str:
        return md_text(table[pid].name if pid in table else pid)
    lines = ["# Centres that do not count", ""]
    for power, centres in sorted(params["centres"].items()):
        lines.append(f"- {', '.join(name(c, m.provinces) for c in centres)}: not counted for "
                     f"{name(power, m.powers)}")
    lines += ["", "A power that owns such a centre keeps it as it keeps any other: it stays the power's "
              "until another power takes it, and another power that takes it counts it. But the centre "
              "is left out of the power's own count: it gives the power no build, and it does not count "
              "towards the power's victory.", ""]
    played = example.play(game, example_of(game))
    lines += example.section(game, played)
    if played is not None:
        found = played[0]
        [(power, owned)] = found["expect"]["centers"].items()
        lines += ["", f"{name(power, m.powers)} owns {len(owned)} centres after the fall and has one unit: "
                      f"{name(owned[-1], m.provinces)} not counting, it is due no build, and the game goes on "
                      "to the spring without a winter of adjustments."]
    return [Page("uncounted-centres.md", "\n".join(lines).rstrip() + "\n", "Centres that do not count")]


def example_checks(game, params: dict) -> list[Problem]:
    found = checks(game, params)
    return found or example.problems("uncounted_centres", example.play(game, example_of(game)))


MODULE = RuleModule(
    name="uncounted_centres",
    title="Centres that do not count",
    summary=("A supply centre that a given power may own but that does not count for it: "
             "not for its builds, not for its victory."),
    params={"centres": Param({}, "The centres that do not count, by power: {POWER: [CENTRE]}.",
                             shape=ids_per_power)},
    uncounted=uncounted, checks=example_checks, pages=pages,
    webdip=WebdipForm("a supply centre that does not count for the power that owns it (Colonial's Hong Kong "
                      "for China)", forms=("UncountedCentres",),
                      read=lambda found: {"centres": (found["UncountedCentres"] or {}).get("by_power", {})},
                      not_exported="webDiplomacy needs a processMembers class of the variant's own for it"))
