"""custom_start: the game opens with a build phase; a power that gives no orders
in that phase gets its default builds (map.yaml `default_builds`).

A power builds as many units in the opening as its default builds: webDiplomacy's
CustomStart create() orders exactly those builds in the first turn (the player may move
them to other centres, not add any), so DutchRevolt's powers build 2 units on 3 centres
("Everyone starts with only 2 builds, but 3 SC's under their control").

`opening_sites` lists, for a power that builds on places that are no supply centres in the
opening, every place it may build in then, in place of its centres: webDiplomacy's turn-0
build check may accept any territory the power holds at the start (install.php gives a
country non-centre territories too: Pirates' userOrderBuilds `g.turn=0 OR t.supply='Yes'`), or
a list of territories (DutchRevolt's England: fleets in three seas)."""
from ....escape import md_text
from . import Param, Problem, RuleModule, WebdipForm, ids_per_power


def _opening(game, phase: str) -> bool:
    return phase == game.start.phase and phase.endswith("A")


def default_orders(game, phase: str, power: str, params: dict) -> list[str]:
    """The default builds of `power` when `phase` is the opening build phase."""
    if _opening(game, phase):
        return [f"{unit} B" for unit in game.default_builds.get(power, [])]
    return []


def adjustment_due(game, phase: str, power: str, owned, due: int, params: dict) -> int:
    """In the opening, as many builds as the power's default builds (at most its due, unless it
    builds on the places it holds, which need not be centres); a power with none listed builds on
    every centre it owns."""
    if not _opening(game, phase) or power not in game.default_builds:
        return due
    builds = len(game.default_builds[power])
    if power in params["opening_sites"]:
        return builds
    return min(due, builds) if due > 0 else due


def opening_sites(game, phase: str, power: str, params: dict) -> list[str] | None:
    """The places `power` may build in during the opening, when listed."""
    if _opening(game, phase) and power in params["opening_sites"]:
        return params["opening_sites"][power]
    return None


def checks(game, params: dict) -> list[Problem]:
    found = []
    if not game.default_builds:
        found.append(Problem("map.yaml", "", "custom_start is enabled but map.yaml has no default_builds"))
    for power, places in sorted(params["opening_sites"].items()):
        base = f"/rules/custom_start/opening_sites/{power}"
        if power not in game.map.powers:
            found.append(Problem("game.yaml", base, f"custom_start names an unknown power '{power}'"))
        for i, place in enumerate(places):
            if place not in game.map.provinces:
                found.append(Problem("game.yaml", f"{base}/{i}", f"opening site '{place}' is no province"))
    return found


def start(game, params: dict) -> list[str]:
    lines = ["The game opens with a build phase: every power builds as many units as its *default builds* "
             "listed above, on its home centres, and a power that sends no orders gets those builds."]
    if params["opening_sites"]:
        shown = "; ".join(f"{game.map.powers[p].name if p in game.map.powers else p}: "
                          + ", ".join(game.map.provinces[x].name if x in game.map.provinces else x for x in places)
                          for p, places in params["opening_sites"].items())
        lines.append("In that phase these powers build on the places they hold at the start instead, supply "
                     f"centres or not: {md_text(shown)}.")
    return lines


MODULE = RuleModule(
    name="custom_start",
    title="Custom start",
    summary=("The game opens with a build phase in which a power builds as many units as its default "
             "builds (listed in the map data); a power that gives no orders in it receives those builds."),
    params={"opening_sites": Param({}, "The places a power builds on in the opening, in place of its centres "
                                       "(places it holds at the start, supply centres or not): {POWER: [province, "
                                       "...]}.", shape=ids_per_power)},
    default_orders=default_orders, adjustment_due=adjustment_due, opening_sites=opening_sites, checks=checks,
    start=start,
    webdip=WebdipForm("an opening build phase (custom start)", mixins=("CustomStart",), forms=("CustomStart",),
                      export="CustomStart", opening=True, option="custom-start",
                      option_help="treat the powers' start units as custom-start default builds even where "
                                  "the variant's classes do not say so (the game opens with builds)"))
