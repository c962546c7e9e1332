"""custom_start: the game opens with a build phase; a power that gives no orders
in that phase gets its default builds (map.yaml `default_builds`)."""
from . import Problem, RuleModule, WebdipForm


def default_orders(game, phase: str, power: str, params: dict) -> list[str]:
    """The default builds of `power` when `phase` is the opening build phase."""
    if phase == game.start.phase and phase.endswith("A"):
        return [f"{unit} B" for unit in game.default_builds.get(power, [])]
    return []


def checks(game, params: dict) -> list[Problem]:
    if not game.default_builds:
        return [Problem("map.yaml", "", "custom_start is enabled but map.yaml has no default_builds")]
    return []


def start(game, params: dict) -> list[str]:
    return ["The game opens with a build phase: every power builds on its home centres, and "
            "a power that sends no orders gets the *default builds* listed above."]


MODULE = RuleModule(
    name="custom_start",
    title="Custom start",
    summary=("The game opens with a build phase. A power that gives no orders in it receives "
             "the default builds listed in the map data."),
    default_orders=default_orders, checks=checks, start=start,
    webdip=WebdipForm("an opening build phase (custom start)", mixins=("CustomStart",), forms=("CustomStart",),
                      export="CustomStart", opening=True, option="custom-start",
                      option_help="treat the powers' start units as custom-start default builds even where "
                                  "the variant's classes do not say so (the game opens with builds)"))
