"""homeland: a centre whose owner follows its power's standing, whoever stands there.

The Dutch Revolt (webDiplomacy's DutchRevolt), its rules page: "This special 'homeland' SC
can not be entered by any unit and is always under Spanish control. It is used to build
fleets. If this is the only SC left for Spain the country is defeated." Its processGame's
updateOwners, after webDiplomacy's own change of ownership, counts the supply centres the
country owns besides the homeland: none, and the homeland is set to no one
(`UPDATE wD_TerrStatus SET countryID = 0 WHERE ... terrID = N`); some, and it is set back
to the country (`SET countryID = C`), whoever stands there.

So after every change of ownership (a fall turn's, an adjustment phase's) a homeland
centre belongs to its power while the power owns another supply centre (one that is not
one of its homeland centres), and to no one otherwise. A power left with its homeland
alone owns nothing: it builds nothing and removes every unit it has, its unit in the
homeland too.

The builds class's companion (`elseif ($this->type == 'Destroy' && $this->toTerrID == N)
return true;`): webDiplomacy checks a removal against the owner of the territory, not of
the unit, so a unit standing in a homeland that belongs to no one could not be removed by
its own power; the class lets it. The engine's removals stand on the power's own units,
whoever owns the centre they stand in, so the engine plays that already.

That no unit may enter the homeland is the borders' rule (the one_way_borders module).

    rules:
      homeland: {centres: {SPAIN: [SPAIN]}}
"""
from __future__ import annotations

from ...base import Page
from ....escape import md_text
from . import _example as example
from . import Param, Problem, RuleModule, WebdipForm, centres_per_power_problems, ids_per_power


def owners_after(game, phase: str, units: dict, centers: dict[str, list[str]], params: dict) -> dict[str, list[str]]:
    """Each homeland centre to its power while the power owns another centre, to no one otherwise."""
    homes = params["centres"]
    if not homes:
        return centers
    owner = {c: p for p, cs in centers.items() for c in cs}
    for power, listed in homes.items():
        standing = any(p == power and c not in listed for c, p in owner.items())
        for centre in listed:
            if standing:
                owner[centre] = power
            else:
                owner.pop(centre, None)
    out: dict[str, list[str]] = {}
    for c, p in owner.items():
        out.setdefault(p, []).append(c)
    return out


def checks(game, params: dict) -> list[Problem]:
    """Every power a power of the game, every centre one of the map's supply centres."""
    found = [] if params["centres"] else [Problem(
        "game.yaml", "/rules/homeland/centres", "the module is enabled but lists no centre",
        hint="list, for a power, its homeland centres: {POWER: [CENTRE]}")]
    return found + centres_per_power_problems(
        game, "/rules/homeland/centres", params["centres"],
        "a homeland is a supply centre its power owns while it stands: name it by its province id")


def example_of(game) -> dict | None:
    """A fall turn in which a power owning a homeland centre and one other centre loses that
    other centre: it owns nothing afterwards, its homeland included."""
    m = game.map
    for power, centres in sorted(game.modules.params("homeland")["centres"].items()):
        if power not in m.powers or not all(c in m.provinces for c in centres):
            continue
        others = [c for c in m.home_centers(power) if c not in centres] or \
                 [c for c in sorted(m.supply_centers) if c not in centres]
        enemy = next((p for p in sorted(m.powers) if p != power), None)
        for other in others:
            for kind in ("A", "F"):
                here = next((loc for loc in m.neighbours(other, kind) if loc.split("/")[0] not in centres), None)
                if here is None or enemy is None:
                    continue
                move = f"{kind} {here} - {other}"
                year = _year(game)
                return {"phase": f"F{year}M", "units": {enemy: [f"{kind} {here}"]},
                        "centers": {power: [*centres, other]}, "orders": {enemy: [move]},
                        "expect": {"results": {move: "succeeds"}, "centers": {enemy: [other]}},
                        "power": power, "enemy": enemy, "lost": other}
    return None


def _year(game) -> int:
    """The year of the game's first movement phase (1901 when the start says none)."""
    start = str(game.start.phase or "")
    year = start[1:-1]
    if not year.isdecimal():
        return 1901
    return int(year) + (1 if start.startswith("W") else 0)


def _played(game):
    found = example_of(game)
    if found is None:
        return None
    return example.play(game, {k: v for k, v in found.items() if k not in ("power", "enemy", "lost")})


def example_checks(game, params: dict) -> list[Problem]:
    return checks(game, params) or example.problems("homeland", _played(game))


def pages(game, params: dict) -> list[Page]:
    m = game.map

    def name(pid: str, table) -> str:
        return md_text(table[pid].name if pid in table else pid)
    lines = ["# Homeland centres", ""]
    for power, centres in sorted(params["centres"].items()):
        lines.append(f"- {', '.join(name(c, m.provinces) for c in centres)}: the homeland of {name(power, m.powers)}")
    lines += ["", "After every change of ownership (a fall turn's, an adjustment phase's), a homeland centre "
              "belongs to its power while the power owns another supply centre, and to no one otherwise, "
              "whoever stands there. A power left with its homeland alone owns nothing: it builds nothing "
              "and removes its units, the one in its homeland too (a power may always remove its own "
              "unit there, whoever owns the centre).", ""]
    found, played = example_of(game), _played(game)
    lines += example.section(game, played)
    if found and played:
        after = played[1].after
        lines += ["", f"{name(found['enemy'], m.powers)} takes {name(found['lost'], m.provinces)}: "
                      f"{name(found['power'], m.powers)} owns "
                      + (", ".join(name(c, m.provinces) for c in after.centers.get(found["power"], [])) or "nothing")
                  + " after the fall, its homeland gone with its last other centre."]
    return [Page("homeland.md", "\n".join(lines).rstrip() + "\n", "Homeland centres")]


def start(game, params: dict) -> list[str]:
    m = game.map
    return [f"{md_text(m.provinces[c].name if c in m.provinces else c)} is the homeland of "
            f"{md_text(m.powers[p].name if p in m.powers else p)}: it belongs to that power while the power "
            "owns another supply centre, and to no one otherwise."
            for p, cs in sorted(params["centres"].items()) for c in cs]


def _read(found: dict) -> dict | None:
    return {"centres": (found.get("Homeland") or {}).get("by_power", {})} if "Homeland" in found else None


MODULE = RuleModule(
    name="homeland",
    title="Homeland centres",
    summary=("A centre that belongs to its power while the power owns another supply centre, and to no one "
             "otherwise, whoever stands there."),
    params={"centres": Param({}, "The homeland centres, by power: {POWER: [CENTRE]}.", shape=ids_per_power)},
    owners_after=owners_after, checks=example_checks, pages=pages, start=start,
    webdip=WebdipForm("a homeland centre: its power's while the power owns another centre, no one's otherwise "
                      "(DutchRevolt's Spain)", forms=("Homeland",), read=_read,
                      export="Homeland"))
