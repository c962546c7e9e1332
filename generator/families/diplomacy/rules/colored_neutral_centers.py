"""colored_neutral_centers: neutral supply centres drawn in a power's colour.

They belong to nobody at the start and count for nobody's builds until a unit
occupies them at the end of a fall turn, exactly like any other neutral centre;
the module adds the data (map.yaml `colored_neutral_centers`) that maps and pages
use to draw and list them, and the checks that keep that data consistent.
"""
from ....diagnostics import register
from . import Problem, RuleModule, WebdipForm

BAD_NEUTRAL = register("DIP011", "Bad coloured neutral centre",
                       "A coloured neutral centre is not a supply centre, belongs to an unknown power, "
                       "or is owned at the start. Fix `colored_neutral_centers`.")


def checks(game, params: dict) -> list[Problem]:
    """Centres listed wrongly: unknown power, not a supply centre, owned at the start."""
    found = []
    owned = {c for cs in game.start.centers.values() for c in cs}
    for power, centres in sorted(game.colored_neutral_centers.items()):
        if power not in game.map.powers:
            found.append(Problem("map.yaml", f"/colored_neutral_centers/{power}",
                                 f"unknown power '{power}'", BAD_NEUTRAL))
        for i, c in enumerate(centres):
            ptr = f"/colored_neutral_centers/{power}/{i}"
            prov = game.map.provinces.get(c)
            if prov is None or not prov.supply_center:
                found.append(Problem("map.yaml", ptr, f"'{c}' is not a supply centre", BAD_NEUTRAL))
            elif c in owned:
                found.append(Problem("map.yaml", ptr, f"'{c}' is owned at the start, so it is not neutral",
                                     BAD_NEUTRAL))
    return found


def neutral_colours(game, params: dict) -> dict[str, str]:
    """Province -> the power whose colour its neutral centre wears (the board's view)."""
    return {str(c).split("/")[0]: str(power) for power, centres in game.colored_neutral_centers.items()
            for c in centres or []}


MODULE = RuleModule(
    name="colored_neutral_centers",
    title="Coloured neutral centres",
    summary=("Some neutral supply centres are drawn in a power's colour but are owned by nobody "
             "until a unit occupies them at the end of a fall turn."),
    checks=checks,
    neutral_colours=neutral_colours,
    webdip=WebdipForm("neutral centres drawn in a power's colour", mixins=("NeutralScBox",),
                      forms=("NeutralScBox",),
                      export="NeutralScBox"),
    dpjudge="")
