"""custom_start: the game opens with a build phase; a power that gives no orders
in that phase gets its default builds (map.yaml `default_builds`)."""
from . import RuleModule

MODULE = RuleModule(
    name="custom_start",
    title="Custom start",
    summary=("The game opens with a build phase. A power that gives no orders in it receives "
             "the default builds listed in the map data."))


def default_orders(game, phase: str, power: str, orders: list[str] | None) -> list[str] | None:
    """The orders to use for `power` in `phase`: its own, or the default builds when
    this is the opening build phase and it gave none."""
    if orders:
        return orders
    if phase == game.start.phase and phase.endswith("A"):
        return [f"{unit} B" for unit in game.default_builds.get(power, [])]
    return orders
