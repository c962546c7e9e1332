"""custom_start: the game opens with a build phase; a power that gives no orders
in that phase gets its default builds (map.yaml `default_builds`).

A power builds as many units in the opening as its default builds: webDiplomacy's
CustomStart create() orders exactly those builds in the first turn (the player may move
them to other centres, not add any), so DutchRevolt's powers build 2 units on 3 centres
("Everyone starts with only 2 builds, but 3 SC's under their control")."""
from . import Problem, RuleModule, WebdipForm


def default_orders(game, phase: str, power: str, params: dict) -> list[str]:
    """The default builds of `power` when `phase` is the opening build phase."""
    if phase == game.start.phase and phase.endswith("A"):
        return [f"{unit} B" for unit in game.default_builds.get(power, [])]
    return []


def adjustment_due(game, phase: str, power: str, due: int, params: dict) -> int:
    """In the opening, as many builds as the power's default builds (at most its due); a power
    with none listed builds on every centre it owns."""
    if phase == game.start.phase and phase.endswith("A") and due > 0 and power in game.default_builds:
        return min(due, len(game.default_builds[power]))
    return due


def checks(game, params: dict) -> list[Problem]:
    if not game.default_builds:
        return [Problem("map.yaml", "", "custom_start is enabled but map.yaml has no default_builds")]
    return []


def start(game, params: dict) -> list[str]:
    return ["The game opens with a build phase: every power builds as many units as its *default builds* "
            "listed above, on its home centres, and a power that sends no orders gets those builds."]


MODULE = RuleModule(
    name="custom_start",
    title="Custom start",
    summary=("The game opens with a build phase in which a power builds as many units as its default "
             "builds (listed in the map data); a power that gives no orders in it receives those builds."),
    default_orders=default_orders, adjustment_due=adjustment_due, checks=checks, start=start,
    webdip=WebdipForm("an opening build phase (custom start)", mixins=("CustomStart",), forms=("CustomStart",),
                      export="CustomStart", opening=True, option="custom-start",
                      option_help="treat the powers' start units as custom-start default builds even where "
                                  "the variant's classes do not say so (the game opens with builds)"))
