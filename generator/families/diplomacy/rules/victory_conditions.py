"""victory_conditions: victory by a power's own centre target, by holding named provinces,
or by the centre target together with named target centres.

Instead of one number for everyone (map.yaml `victory.centers`), a variant may give
each power its own target (`targets`), and may let a power win by holding every
province listed for it (`provinces`): a supply centre is held when the power owns it,
any other province when one of its units stands there. Both are tested after a fall
turn, when centres change hands. A power without a target of its own needs the map's
`victory.centers`. When several powers qualify at once, the one with the most supply
centres wins; if that is a tie, nobody does yet (the rulebooks that use such targets
leave it open; this reading never crowns two winners).

A variant may also make the centre target not enough by itself (`also_own`): a power
that reaches it wins only when it also owns at least one centre of each group listed
for it. TenSixtySix: each power needs 10 centres, its own capital, and one of the other
two capitals, so England's groups are [[WINCHESTER], [OSLO, CAEN]].

    rules:
      victory_conditions: {targets: {RUSSIA: 20}, provinces: {ITALY: [ROM, VEN, NAP]},
                           also_own: {ENGLAND: [[WIN], [OSL, CAE]]}}
"""
from __future__ import annotations

from ....escape import md_text
from ..model import province_of
from . import Param, Problem, RuleModule, WebdipForm, count_per_power, ids_per_power


def groups_per_power(value) -> str | None:
    """{POWER: [[id, ...], ...]}: groups of centres, one of each to own"""
    ok = isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, list) and all(isinstance(g, list) and g and all(
            isinstance(x, str) for x in g) for g in v) for k, v in value.items())
    return None if ok else "must map each power id to a list of groups of centre ids: {POWER: [[A], [B, C]]}"


def victory(game, centers: dict[str, list[str]], units: dict, params: dict) -> tuple[str, str] | None:
    targets, provinces = params["targets"], params["provinces"]
    held_by = {prov: u.power for prov, u in units.items()}
    owner = {c: p for p, cs in centers.items() for c in cs}
    qualified: dict[str, str] = {}
    for power in sorted(set(game.map.powers) | set(centers)):
        count = len(centers.get(power, ()))
        need = targets.get(power, game.map.victory_centers)
        groups = params["also_own"].get(power, [])
        if count >= need and all(any(owner.get(c) == power for c in group) for group in groups):
            also = f" and owns {_groups_text(groups, game.map.display)}" if groups else ""
            qualified[power] = f"{power} owns {count} supply centres{also} and wins (its target is {need})"
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


def _groups_text(groups: list[list[str]], name) -> str:
    return ", ".join(" or ".join(name(c) for c in group) for group in groups)


def start(game, params: dict) -> list[str]:
    """For the powers page: what a power needs besides its centre target."""
    m = game.map
    lines = []

    def name(c: str) -> str:
        return m.provinces[c].name if c in m.provinces else c

    for power, groups in sorted(params["also_own"].items()):
        if power in m.powers and groups:
            need = params["targets"].get(power, m.victory_centers)
            lines.append(f"- {md_text(m.powers[power].name)} wins with {need} supply centres only when it also "
                         f"owns {md_text(_groups_text(groups, name))}.")
    return (["Victory needs named centres besides the centre count:", ""] + lines) if lines else []


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
    for power, groups in sorted(params["also_own"].items()):
        ptr = f"/rules/victory_conditions/also_own/{power}"
        if power not in m.powers:
            found.append(Problem("game.yaml", ptr, f"victory_conditions names an unknown power '{power}'"))
        for i, group in enumerate(groups):
            for j, c in enumerate(group):
                prov = m.provinces.get(c)
                if prov is None or not prov.supply_center:
                    found.append(Problem("game.yaml", f"{ptr}/{i}/{j}", f"'{c}' is not a supply centre",
                                         hint="list supply centres: a power owns only those"))
    return found


MODULE = RuleModule(
    name="victory_conditions",
    title="Victory conditions",
    summary=("Each power may have its own centre target, may win by holding the provinces "
             "listed for it, and may need named target centres besides its target; tested after "
             "every fall turn."),
    params={"targets": Param({}, "Supply centres each power needs: {POWER: n}; others need the "
                                 "map's victory.centers.", shape=count_per_power),
            "provinces": Param({}, "Provinces whose holding wins the game for a power: "
                                   "{POWER: [province, ...]}.", shape=ids_per_power),
            "also_own": Param({}, "Centres a power must own besides reaching its target: one of each "
                                  "group, {POWER: [[centre, ...], ...]}.", shape=groups_per_power)},
    victory=victory, checks=checks, start=start,
    webdip=WebdipForm("victory needs named target centres besides the centre count", forms=("TargetCentres",),
                      export="TargetCentres",
                      not_exported="webDiplomacy needs a processMembers class of the variant's own for it"))
