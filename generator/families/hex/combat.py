"""Combat (13.0-13.5): strengths, differential, CRT line and column, AP cost, DRM, result."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .control import bridge_controller, city_holder, combat_units, fort_side
from .crt import Column, Result, fraction_text
from .losses import LossOption, attacker_options, corps_note, defender_options
from .model import HexGame, Position
from .modules import first, refusal


@dataclass
class Attack:
    attackers: list[str]
    defender: str            # the hex attacked
    drm: int = 0             # +1..+6 bought with APs (13.5.1 C)
    roll: int | None = None  # the die roll, when given
    airstrikes: int = 0      # tactical support strikes (variant 13A.4.1)
    interceptors: int = 0    # enemy interceptors over the attacked hex (variant 13A.4.4)
    support_range: bool = True  # check the strikes' range from friendly-held cities (13A.3)
    ignored: tuple[str, ...] = ()  # units that retreated into the hex earlier this phase (13.8.2 D)
    line: str | None = None        # the line the attacker says it reads the attack on (checked, 13.1.5)
    differential: int | None = None  # the differential the attacker says it attacks at (checked, 13.1.5)


@dataclass
class CombatReport:
    legal: bool
    attack_strength: int = 0
    defence_strength: int = 0
    differential: int = 0
    line: str = "normal"
    column: Column | None = None
    attacking_hexes: list[str] = field(default_factory=list)
    ap_cost: int = 0
    ap_breakdown: dict = field(default_factory=dict)
    drm: int = 0
    modified_roll: int | None = None
    result: Result | None = None
    distribution: dict[str, Fraction] = field(default_factory=dict)
    first_to_lose: str = ""
    attacker_options: list[LossOption] = field(default_factory=list)
    defender_options: list[LossOption] = field(default_factory=list)
    idle: list[str] = field(default_factory=list)     # phasing units stacked with attackers, left out (13.2.2)
    trace: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"legal": self.legal, "attack": self.attack_strength, "defence": self.defence_strength,
                "differential": self.differential, "line": self.line,
                "column": None if self.column is None else self.column.differential,
                "attacking_hexes": self.attacking_hexes, "ap": self.ap_cost, "ap_breakdown": self.ap_breakdown,
                "drm": self.drm, "modified_roll": self.modified_roll,
                "result": None if self.result is None else str(self.result),
                "distribution": {k: fraction_text(v) for k, v in self.distribution.items()},
                "first_to_lose": self.first_to_lose,
                "attacker_options": [o.to_dict() for o in self.attacker_options],
                "defender_options": [o.to_dict() for o in self.defender_options],
                "problems": self.problems}


def attack_ap_cost(hexes: int, drm: int, amphibious_hexsides: int = 0, amphibious_ap: int = 6) -> dict:
    """13.0 C, 13.5.1, 15.4 D: coordination, die-roll modifier and amphibious assault APs."""
    coordination = max(0, hexes - 1)
    modifier = drm * hexes
    amphibious = amphibious_hexsides * amphibious_ap
    return {"coordination": coordination, "modifier": modifier, "amphibious": amphibious,
            "total": coordination + modifier + amphibious}


def evaluate_attack(game: HexGame, pos: Position, attack: Attack) -> CombatReport:
    rep = CombatReport(False)
    crt = game.crt
    units = [pos.units.get(uid) for uid in attack.attackers]
    if not units or any(u is None for u in units):
        rep.problems.append("unknown attacking unit(s): " + ", ".join(a for a, u in zip(attack.attackers, units) if u is None))
        return rep
    side = units[0].side
    if any(u.side != side for u in units):
        rep.problems.append("all attackers must belong to one side")
        return rep
    target = attack.defender
    foe = game.enemy(side)
    defenders = [u for u in combat_units(game, pos, target, foe) if u.id not in attack.ignored]
    if attack.ignored:
        rep.trace.append(f"{', '.join(attack.ignored)} retreated into {target} this phase: ignored in this attack (13.8.2 D)")
    amphibious_hexsides, river_only = 0, True
    hexes = sorted({u.hex for u in units})
    for u in units:
        t = game.unit_type(u)
        if not t.is_combat_unit or u.disrupted:
            rep.problems.append(f"{u.id} may not attack ({'disrupted, 13.7.3 A' if u.disrupted else 'not a combat unit'})")
        if not game.map.grid.contains(u.hex) or not game.map.grid.adjacent(u.hex, target):
            rep.problems.append(f"{u.id} in {u.hex} is not adjacent to {target} (13.1.1)")
    if hexes and all(game.map.grid.contains(h) and game.map.grid.adjacent(h, target) for h in hexes):
        rep.trace.append(f"attacking from {', '.join(hexes)}: {'each' if len(hexes) > 1 else 'it'} is next to {target} "
                         f"(13.1.1); any of the six hexes around it may join (13.1.3)")
    ids = set(attack.attackers)
    for h in hexes:
        idle = [u.id for u in combat_units(game, pos, h, side) if u.id not in ids]
        rep.idle += idle
        if idle:
            rep.trace.append(f"{', '.join(idle)} in {h} stays out of this attack (13.2.2) and its result does not "
                             "touch it (13.1.2 B)")
    for h in hexes:
        if not game.map.grid.adjacent(h, target):
            continue
        feats = game.map.features(h, target)
        if any(f in feats for f in ("blocked", "sea", "lake")):
            rep.problems.append(f"no attack across the blocked/sea/lake hexside {h}-{target}")
        if "great-river" in feats:
            ctrl = bridge_controller(game, pos, h, target)
            if ctrl in (None, "destroyed"):
                amphibious_hexsides += 1
                rep.trace.append(f"{h}-{target} crosses a great river without a bridge: amphibious assault (15.4)")
                if any(game.unit_type(u).moves_as_armour for u in units if u.hex == h):
                    rep.problems.append(f"armour in {h} may not join an amphibious assault (15.4 E)")
            else:
                rep.trace.append(f"{h}-{target} is a bridged great river: treated as an ordinary river (15.2.7)")
        elif "river" not in feats:
            river_only = False
    # strengths (13.0 B, 13.4)
    rep.attack_strength = sum(int(game.unit_type(u).strength.value) for u in units)
    rep.defence_strength = sum(int(game.unit_type(u).strength.value) for u in defenders)
    if defenders:
        rep.trace.append(f"every unit in {target} defends, as one strength: {rep.defence_strength} SP (13.2.1)")
    fort = fort_side(game, pos, target)
    holder = city_holder(game, pos, target)
    city = game.map.city_at(target)
    fort_or_city = ""
    if fort == foe:
        rep.defence_strength += int(game.feature_defence["fort"].value)
        fort_or_city = "fort"
        rep.trace.append(f"the fort in {target} adds {game.feature_defence['fort'].value} SPs (13.4.1 A, "
                         + ("13.4.3 A)" if defenders else "13.4.3 B: it defends alone)"))
    if city is not None and holder == foe:
        fort_or_city = fort_or_city or "city"
        if city.country == foe:
            rep.defence_strength += int(game.feature_defence["city"].value)
            rep.trace.append(f"{city.name} adds {game.feature_defence['city'].value} SP (13.4.1 B, "
                             + ("13.4.3 A)" if defenders else "13.4.3 B: it defends alone)"))
        else:
            rep.trace.append(f"{city.name} is a captured city: it adds no strength (13.4.3 A, 13.4.4 A)")
    if not defenders and not fort_or_city:
        if hexes and amphibious_hexsides == len(hexes):
            rep.trace.append(f"{target} is empty: an amphibious assault may be made against an empty hex (15.4 C)")
        else:
            rep.problems.append(f"{target} holds nothing of {foe}'s to attack; only an amphibious assault, every "
                                "attacking hex across an unbridged great river, may strike an empty hex (15.4 C)")
    rep.differential = rep.attack_strength - rep.defence_strength
    rep.trace.append(f"attack {rep.attack_strength} SP - defence {rep.defence_strength} SP = differential {rep.differential:+d} (13.5 A)")
    terrain = game.terrain[game.map.terrain[target]]
    da_terrain = terrain.combat_line.value == "defender-advantage"
    rep.line = "defender-advantage" if (da_terrain or river_only) else "normal"
    if rep.line == "defender-advantage":
        why = (f"the defender's own hex is {terrain.name.lower()} (13.3.1)" if da_terrain
               else "every attack crosses a river hexside")
        rep.trace.append(f"{why}: the Defender's Advantage line is used (13.3.2 B, 13.5 B)")
        if da_terrain and river_only:
            rep.trace.append("every attack also crosses a river, but terrain benefits do not add up: "
                             "the same line (13.3.3)")
    else:
        rep.trace.append("the Normal Differential line is used (13.3.2 B, 13.5 B)")
    _stated(game, attack, rep)
    rep.column = crt.column(rep.line, rep.differential)
    if rep.column is None:
        rep.problems.append(f"differential {rep.differential:+d} is below the lowest column "
                            f"({crt.lines[rep.line][0]:+d}) of that line: the attack cannot be made (13.5 D)")
    elif rep.column.clamped:
        rep.trace.append(f"differential above the table: the highest column {rep.column.differential:+d} is used (13.5 C)")
    if not 0 <= attack.drm <= 6:
        rep.problems.append("the bought die-roll modifier must be 0 to 6 (13.0 C)")
    amphibious_ap = int(game.hexside_types["great-river"].amphibious_assault_ap.value or 6) if "great-river" in game.hexside_types else 6
    rep.attacking_hexes = hexes
    rep.ap_breakdown = attack_ap_cost(len(hexes), attack.drm, amphibious_hexsides, amphibious_ap)
    rep.ap_cost = rep.ap_breakdown["total"]
    rep.trace.append(f"APs: {rep.ap_breakdown['coordination']} for {len(hexes)} attacking hex(es) (13.5.1 A) + "
                     f"{len(hexes)} x {attack.drm} = {rep.ap_breakdown['modifier']} for the +{attack.drm} DRM (13.5.1 C)"
                     + (f" + {rep.ap_breakdown['amphibious']} amphibious (15.4 D)" if amphibious_hexsides else "")
                     + f" = {rep.ap_cost}")
    rep.drm = attack.drm
    if any(u.disrupted for u in defenders):
        rep.drm += 2
        rep.trace.append("a disrupted unit is attacked: +2 DRM (13.7.3 D)")
    if attack.airstrikes:
        if first(game, "tactical_support", pos, side, attack, rep) is None:
            rep.problems.append(refusal("tactical_support", "airstrikes need a rule module providing tactical support "
                                                            "({module}, 13A)"))
    elif attack.interceptors:
        rep.problems.append("interceptors go only where enemy strikes are (13A.4.4 B)")
    if rep.problems:
        rep.trace.append("the attack is not legal: " + rep.problems[0])
        if attack.airstrikes:
            rep.trace.append("its supporting strikes are removed without effect and may not fly another mission (13A.4.1 D)")
        return rep
    rep.distribution = crt.distribution(rep.column, rep.drm)
    rep.trace.append("result odds for one die: " + ", ".join(f"{k} {fraction_text(v)}" for k, v in rep.distribution.items()))
    rep.legal = True
    if attack.roll is None:
        return rep
    rep.modified_roll = crt.modified_roll(attack.roll, rep.drm)
    capped = " (never above 12, 13.5.1 D)" if attack.roll + rep.drm > crt.max_roll else ""
    rep.result = crt.result(rep.column, rep.modified_roll)
    rep.trace.append(f"die {attack.roll} + {rep.drm} = {rep.modified_roll}{capped}: result {rep.result} "
                     f"(attacker {rep.result.attacker} LP, defender {rep.result.defender} LP, 13.5 F)")
    a, d = rep.result.attacker, rep.result.defender
    if a > d or fort_or_city:
        rep.first_to_lose = "attacker"
        why = "a fort or city is attacked (13.6.1 A, 13.4.2)" if fort_or_city and a <= d else "the attacker's LPs are greater (13.6.1 A)"
        if fort_or_city == "city" and city is not None and city.country == side and a <= d:
            why += f"; {city.name} is {side}'s own city, but held by {foe} (13.4.5)"
    else:
        rep.first_to_lose = "defender"
        why = "the defender's LPs are greater or equal (13.6.1 B)"
    rep.trace.append(f"the {rep.first_to_lose} takes losses first: {why}")
    rep.attacker_options = attacker_options(game, units, a)
    rep.trace += [f"attacker: {line}" for line in corps_note(game, units, a)]
    opts, dtrace = defender_options(game, pos, target, defenders, d, fort_or_city=fort_or_city)
    rep.defender_options = opts
    rep.trace += dtrace
    rep.trace.append(f"{len(rep.attacker_options)} way(s) for the attacker, {len(rep.defender_options)} for the defender (13.6)")
    return rep


def _stated(game: HexGame, attack: Attack, rep: CombatReport) -> None:
    """13.1.5: an attack is read at its true differential on its true line, whatever the attacker states."""
    names = game.crt.line_names
    if attack.line is not None and attack.line != rep.line:
        rep.problems.append(f"the attack is read on the {names.get(rep.line, rep.line)}, not the "
                            f"{names.get(attack.line, attack.line)}: the attacker may not use another line (13.1.5)")
    if attack.differential is not None and attack.differential != rep.differential:
        rep.problems.append(f"the differential is {rep.differential:+d}, not {attack.differential:+d}: the attacker may "
                            "never lower it (13.1.5)")
    if (attack.line, attack.differential) != (None, None) and not rep.problems:
        rep.trace.append("the line and differential stated are the true ones (13.1.5)")
