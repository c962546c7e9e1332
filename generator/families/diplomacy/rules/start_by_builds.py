"""start_by_builds: the opening builds choose where a power starts; the home centres it
does not build on are no longer its own.

Classic - 1897 (webDiplomacy's Classic1897): "The game starts in Autumn 1897 when each
player reveals which of their regular home supply centres will be their initial home
supply centre by building a unit on that center." Its classes: processOrderBuilds orders
one build a power in the first turn (at its capital, which the player may move to another
of its home centres: userOrderBuilds allows any owned vacant centre then), and
processGame's updateOwners, at the end of that first build phase, empties the ownership
of every territory and gives each one with a unit to the unit's owner.

So when the opening build phase (the game's start phase, an adjustment phase; with
custom_start a power builds as many units there as its default builds, the one build
webDiplomacy's first turn orders) is over, a power owns only the centres its units stand
on: the rest become neutral.

    rules:
      custom_start: {}
      start_by_builds: {}
"""
from __future__ import annotations

from ...base import Page
from ....escape import code_span, md_text
from . import _example as example
from . import Problem, RuleModule, WebdipForm


def _opening(game, phase: str) -> bool:
    return phase == game.start.phase and phase.endswith("A")


def owners_after(game, phase: str, units: dict, centers: dict[str, list[str]], params: dict) -> dict[str, list[str]]:
    """After the opening, each power owns only the centres its units stand on."""
    if not _opening(game, phase):
        return centers
    kept = {p: [c for c in cs if c in units and units[c].power == p] for p, cs in centers.items()}
    return {p: cs for p, cs in kept.items() if cs}


def checks(game, params: dict) -> list[Problem]:
    found = []
    if not str(game.start.phase or "").endswith("A"):
        found.append(Problem("map.yaml", "/start/phase", "start_by_builds needs a game that opens with a build "
                                                         "phase (start.phase W…A, the custom_start module)"))
    return found or example.problems("start_by_builds", _played(game))


def example_of(game) -> dict | None:
    """The opening of the first power with a default build and another vacant home centre:
    it builds on that other centre instead, and owns only it afterwards."""
    m = game.map
    for power in sorted(game.default_builds):
        builds = game.default_builds[power]
        centres = game.start.centers.get(power, [])
        chosen = sorted(c for c in centres if m.provinces[c].locations("A")
                        and all(b.split()[1].split("/")[0] != c for b in builds))
        if not builds or not chosen:
            continue
        order = f"A {chosen[0]} B"
        centers = {p: list(cs) for p, cs in game.start.centers.items()}
        return {"phase": game.start.phase, "units": {}, "centers": centers,
                "orders": {power: [order]},
                "expect": {"results": {order: "succeeds"}}, "power": power, "chosen": chosen[0]}
    return None


def _played(game):
    found = example_of(game)
    if found is None:
        return None
    return example.play(game, {k: v for k, v in found.items() if k not in ("power", "chosen")})


def start(game, params: dict) -> list[str]:
    return ["The opening build phase chooses the start: after it, a power owns only the centres its units "
            "stand on; the home centres it did not build on become neutral."]


def pages(game, params: dict) -> list[Page]:
    lines = ["# Start chosen by the opening builds", "",
             "The game opens with a build phase (each power builds as many units as its default builds, on "
             "any of its vacant home centres; a power that gives no orders gets the default builds). When the "
             "phase is over, a power owns only the supply centres its units stand on: the home centres it did "
             "not build on become neutral.", ""]
    found = example_of(game)
    played = _played(game)
    if found and played:
        power, after, m = found["power"], played[1].after, game.map
        name = md_text(m.powers[power].name)
        owned = ", ".join(md_text(m.provinces[c].name) for c in found["centers"][power])
        lines += ["## Example", "", f"{name} owns {owned} "
                  f"at the start and builds in {md_text(m.provinces[found['chosen']].name)} instead of its default "
                  f"build ({', '.join(code_span(b) for b in game.default_builds[power])}).", ""]
        lines += example.section(game, played)[2:]
        lines += ["", f"Centres {name} owns after the opening: "
                  + (", ".join(md_text(m.provinces[c].name) for c in after.centers.get(power, [])) or "none") + "."]
    return [Page("start-by-builds.md", "\n".join(lines).rstrip() + "\n", "Start chosen by the opening builds")]


MODULE = RuleModule(
    name="start_by_builds",
    title="Start chosen by the opening builds",
    summary=("The opening builds choose where a power starts: after the opening build phase it owns only "
             "the centres its units stand on."),
    owners_after=owners_after, checks=checks, start=start, pages=pages,
    webdip=WebdipForm("the opening builds choose the start: after them a power owns only the centres its units "
                      "stand on", forms=("OpeningOwnedByUnits",),
                      not_exported="webDiplomacy needs the variant's own processGame updateOwners for it"))
