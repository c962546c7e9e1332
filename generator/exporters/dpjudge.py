"""A Diplomacy-family game out as a DPjudge / MILA `.map` file.

    mapwright export dpjudge content/<game> -o game.map

One file: the first phase, the victory line, BUILD_ANY for build anywhere (the modules'
RULE keywords), PORT for a coast whose fleets may convoy (a module's location type), each
power with its adjective, home centres, starting units (and OWNS when it starts
with other centres than its homes), the unowned centres, a `Full Name = id aliases`
line per province and a `TYPE ID ABUTS ...` line per location. The ABUTS lists
are the game's effective adjacency written in DPjudge's case convention: UPPER
where armies and fleets both cross, lower for armies only, Title for fleets only;
a province with split coasts gets a lower-case line of its own (armies) and one
line per coast (fleets). `mapwright import dpjudge` reads it back to the same map.
"""
from __future__ import annotations

from ..escape import dpjudge_word
from ..families.diplomacy.model import Game, province_of
from ..families.diplomacy.rules import dpjudge_carried, dpjudge_keywords, dpjudge_location_types
from .webdiplomacy import NOT_EXPORTED, Export, _diag

KIND = {"sea": "WATER", "coast": "COAST", "land": "LAND", "impassable": "SHUT", "lake": "SHUT"}
SEASON = {"S": "SPRING", "F": "FALL", "W": "WINTER"}
PHASE = {"M": "MOVEMENT", "R": "RETREATS", "A": "ADJUSTMENTS"}


def _fleet_only(token: str) -> str:
    """DPjudge's Title case (fleets only): first letter up, the rest down."""
    return token[:1].upper() + token[1:].lower()


def export_map(game: Game, shown: str, command: str) -> Export:
    out = Export()
    diags = out.diagnostics
    m = game.map
    phase = game.start.phase or "S1901M"
    lines = [f"# Written by `{command}` from {dpjudge_word(game.title)}.",
             "# Re-export rather than edit; the game's own data is its Mapwright content folder.",
             f"BEGIN {SEASON.get(phase[0], 'SPRING')} {int(phase[1:-1])} {PHASE.get(phase[-1], 'MOVEMENT')}",
             f"VICTORY {m.victory_centers}"]
    if game.modules is not None:
        lines += [f"RULE {keyword}" for keyword in dpjudge_keywords(game.modules)]
    carried = dpjudge_carried()
    for module in sorted(game.rules or {}):
        if module not in carried:
            diags.append(_diag(shown, NOT_EXPORTED, f"rule module {module} has no DPjudge keyword and is not "
                                                    "exported", "the .map file plays without it"))
    long_ids = sorted(p for p in m.provinces if len(p) != 3)
    if long_ids:
        diags.append(_diag(shown, NOT_EXPORTED, f"{len(long_ids)} province ids are not three letters "
                                                f"({', '.join(long_ids[:5])}...); the MILA engine reads only "
                                                "three-letter names", "Mapwright's importer reads them all"))
    lines.append("")
    homes: dict[str, list[str]] = {}
    for prov in m.provinces.values():
        if prov.supply_center and prov.home in m.powers:
            homes.setdefault(prov.home, []).append(prov.id)
    for power in m.powers.values():
        key = power.id.replace("_", "-")
        adjective = dpjudge_word(power.adjective).replace(" ", "+")
        lines.append(" ".join([key] + ([f"({adjective})"] if adjective else []) + homes.get(power.id, [])))
        owned = sorted(game.start.centers.get(power.id, []))
        if owned != sorted(homes.get(power.id, [])):
            lines.append("OWNS " + " ".join(owned))
        lines += list(game.start.units.get(power.id, []))
        lines.append("")
    others = sorted(set(game.start.units) - set(m.powers))
    if others:
        diags.append(_diag(shown, NOT_EXPORTED, f"starting units of {', '.join(others)} (not a power) are not "
                                                "exported", "DPjudge has no neutral units"))
    if game.default_builds:
        diags.append(_diag(shown, NOT_EXPORTED, "the default builds (a custom start) are not exported",
                           "DPjudge games start with units; give the powers units in the .map file"))
    unowned = [p.id for p in m.provinces.values() if p.supply_center and p.home not in m.powers]
    if unowned:
        lines += ["UNOWNED " + " ".join(unowned), ""]
    for prov in m.provinces.values():
        words = [prov.id.lower()] + [dpjudge_word(a).replace(" ", "+").lower() for a in prov.aliases
                                     if dpjudge_word(a)]
        if prov.abbr and prov.abbr.lower() != prov.id.lower():
            words.append(dpjudge_word(prov.abbr).replace(" ", "+").lower())
        lines.append(f"{dpjudge_word(prov.name) or prov.id} = {' '.join(words)}")
        for coast in prov.coasts:
            lines.append(f"{dpjudge_word(prov.name) or prov.id} ({coast.lower()}) = {prov.id.lower()}/{coast.lower()}")
    lines.append("")
    lines += _abuts_lines(game, diags, shown)
    return Export(files={"map": "\n".join(lines) + "\n"}, diagnostics=diags)


def _abuts_lines(game: Game, diags, shown) -> list[str]:
    m = game.map
    lines = []
    ambiguous = set()
    # a coastal province a module marks (convoying fleets: PORT) is written as that type
    marked = dpjudge_location_types(game.modules) if game.modules is not None else {}
    for prov in m.provinces.values():
        kind = marked.get(prov.id, KIND[prov.type]) if prov.type == "coast" else KIND[prov.type]
        if prov.type in ("impassable", "lake"):
            lines.append(f"SHUT {prov.id} ABUTS")
            continue
        army = sorted(m.army_adj.get(prov.id, ()))
        if prov.coasts:
            # the province's own line (armies), in lower case: fleets stand on its coasts only
            tokens = [q.lower() for q in army]
            water = sorted({province_of(t) for c in prov.coasts for t in m.fleet_adj.get(f"{prov.id}/{c}", ())
                            if m.provinces[province_of(t)].type == "sea"})
            tokens += water
            lines.append(f"{kind} {prov.id.lower()} ABUTS {' '.join(tokens)}".rstrip())
            for coast in prov.coasts:
                loc = f"{prov.id}/{coast}"
                lines.append(f"{kind} {loc} ABUTS {' '.join(sorted(m.fleet_adj.get(loc, ())))}".rstrip())
            continue
        fleet = set(m.fleet_adj.get(prov.id, ()))
        tokens = []
        for target in sorted(set(army) | {province_of(t) for t in fleet}):
            by_fleet = sorted(t for t in fleet if province_of(t) == target)
            if target in army and by_fleet:
                # an upper-case coast also lets armies through (to the province)
                tokens += by_fleet
            elif target in army:
                tokens.append(target.lower())
            elif prov.type == "sea":                # no army stands here: upper case says it
                tokens += by_fleet
            else:
                for loc in by_fleet:
                    titled = _fleet_only(loc)
                    if titled == loc.upper():     # no letter after the first: Title case cannot say it
                        ambiguous.add(loc)
                    tokens.append(titled)
        lines.append(f"{kind} {prov.id} ABUTS {' '.join(tokens)}".rstrip())
    if ambiguous:
        diags.append(_diag(shown, NOT_EXPORTED, f"fleet-only borders to {', '.join(sorted(ambiguous))} cannot be "
                                                "written in DPjudge's case convention (no letter after the first)",
                           "rename those provinces with letters"))
    return lines
