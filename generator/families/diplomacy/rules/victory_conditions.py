"""victory_conditions: victory by a power's own centre target or by holding named provinces.

Instead of one number for everyone (map.yaml `victory.centers`), a variant may give
each power its own target (`targets`), and may let a power win by holding every
province listed for it (`provinces`): a supply centre is held when the power owns it,
any other province when one of its units stands there. Both are tested after a fall
turn, when centres change hands. A power without a target of its own needs the map's
`victory.centers`. When several powers qualify at once, the one with the most supply
centres wins; if that is a tie, nobody does yet (the rulebooks that use such targets
leave it open; this reading never crowns two winners).

    rules:
      victory_conditions: {targets: {RUSSIA: 20}, provinces: {ITALY: [ROM, VEN, NAP]}}
"""
from __future__ import annotations

from ..model import province_of
from . import Param, Problem, RuleModule, count_per_power, ids_per_power


def victory(game, centers: dict[str, list[str]], units: dict, params: dict) -> tuple[str, str] | None:
    targets, provinces = params["targets"], params["provinces"]
    held_by = {prov: u.power for prov, u in units.items()}
    owner = {c: p for p, cs in centers.items() for c in cs}
    qualified: dict[str, str] = {}
    for power in sorted(set(game.map.powers) | set(centers)):
        count = len(centers.get(power, ()))
        need = targets.get(power, game.map.victory_centers)
        if count >= need:
            qualified[power] = f"{power} owns {count} supply centres and wins (its target is {need})"
            continue
        listed = [province_of(p) for p in provinces.get(power, ())]
        if listed and all(p in game.map.provinces and power == (
                owner.get(p) if game.map.provinces[p].supply_center else held_by.get(p)) for p in listed):
            qualified[power] = (f"{power} holds {', '.join(game.map.display(p) for p in listed)} and wins")
    if not qualified:
        return None
    ranked = sorted(qualified, key=lambda p: -len(centers.get(p, ())))
    if len(ranked) > 1 and len(centers.get(ranked[0], ())) == len(centers.get(ranked[1], ())):
        return None
    return ranked[0], qualified[ranked[0]]


def checks(game, params: dict) -> list[Problem]:
    found = []
    m = game.map
    for power, n in sorted(params["targets"].items()):
        ptr = f"/rules/victory_conditions/targets/{power}"
        if power not in m.powers:
            found.append(Problem("game.yaml", ptr, f"victory_conditions names an unknown power '{power}'"))
        elif n > len(m.supply_centers):
            found.append(Problem("game.yaml", ptr, f"{power}'s target of {n} centres is more than the "
                                                   f"map's {len(m.supply_centers)}"))
    for power, listed in sorted(params["provinces"].items()):
        ptr = f"/rules/victory_conditions/provinces/{power}"
        if power not in m.powers:
            found.append(Problem("game.yaml", ptr, f"victory_conditions names an unknown power '{power}'"))
        for i, p in enumerate(listed):
            if province_of(p) not in m.provinces:
                found.append(Problem("game.yaml", f"{ptr}/{i}", f"no province '{p}'"))
    return found


MODULE = RuleModule(
    name="victory_conditions",
    title="Victory conditions",
    summary=("Each power may have its own centre target, and may win by holding the provinces "
             "listed for it; tested after every fall turn."),
    params={"targets": Param({}, "Supply centres each power needs: {POWER: n}; others need the "
                                 "map's victory.centers.", shape=count_per_power),
            "provinces": Param({}, "Provinces whose holding wins the game for a power: "
                                   "{POWER: [province, ...]}.", shape=ids_per_power)},
    victory=victory, checks=checks)
