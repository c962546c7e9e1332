"""colored_neutral_centers: neutral supply centres drawn in a power's colour.

They belong to nobody at the start and count for nobody's builds until a unit
occupies them at the end of a fall turn, exactly like any other neutral centre;
the module adds the data (map.yaml `colored_neutral_centers`) that maps and pages
use to draw and list them, and the checks that keep that data consistent.
"""
from . import RuleModule

MODULE = RuleModule(
    name="colored_neutral_centers",
    title="Coloured neutral centres",
    summary=("Some neutral supply centres are drawn in a power's colour but are owned by nobody "
             "until a unit occupies them at the end of a fall turn."))


def problems(game) -> list[tuple[str, str]]:
    """(pointer, message) for centres listed wrongly."""
    found = []
    owned = {c for cs in game.start.centers.values() for c in cs}
    for power, centres in sorted(game.colored_neutral_centers.items()):
        if power not in game.map.powers:
            found.append((f"/colored_neutral_centers/{power}", f"unknown power '{power}'"))
        for i, c in enumerate(centres):
            prov = game.map.provinces.get(c)
            if prov is None or not prov.supply_center:
                found.append((f"/colored_neutral_centers/{power}/{i}", f"'{c}' is not a supply centre"))
            elif c in owned:
                found.append((f"/colored_neutral_centers/{power}/{i}",
                              f"'{c}' is owned at the start, so it is not neutral"))
    return found
