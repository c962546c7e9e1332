"""Zones of control (11.0-11.6)."""
from __future__ import annotations

from .control import ZOC_BLOCKING, combat_units, friendly_city_or_fort
from .model import HexGame, Position


def stack_zoc(game: HexGame, pos: Position, hex_id: str, side: str) -> tuple[bool, str]:
    """Whether `side`'s stack in `hex_id` exerts a ZOC, and why (11.1, 11.2)."""
    units = combat_units(game, pos, hex_id, side)
    if not units:
        return False, f"no {side} units in {hex_id}"
    sp = sum(game.unit_type(u).strength.value for u in units if not u.disrupted)
    disrupted = [u.id for u in units if u.disrupted]
    if friendly_city_or_fort(game, pos, hex_id, side):
        return False, f"{side} stack in {hex_id} stands in its own city or fort, which negates its ZOC (11.2 B)"
    note = f" (disrupted {', '.join(disrupted)} not counted, 11.2 A)" if disrupted else ""
    if sp >= 2:
        together = sum(1 for u in units if not u.disrupted) > 1
        return True, (f"{side} stack in {hex_id} has {sp} undisrupted SPs{note}: it exerts a ZOC (11.1"
                      + (", its units' SPs counted together, 10.3)" if together else ")"))
    return False, f"{side} stack in {hex_id} has only {sp} undisrupted SP{note}: no ZOC (11.2 C)"


def zoc_reaches(game: HexGame, source: str, target: str) -> tuple[bool, str]:
    feats = game.map.features(source, target)
    blocking = sorted(f for f in feats if f in ZOC_BLOCKING)
    if blocking:
        return False, f"the {'/'.join(blocking)} hexside {source}-{target} stops the ZOC (11.3)"
    return True, ""


def controlled_hexes(game: HexGame, pos: Position, side: str) -> dict[str, list[str]]:
    """Hexes into which `side` projects a ZOC that affects the enemy -> the source hexes."""
    out: dict[str, list[str]] = {}
    sources = sorted({u.hex for u in pos.units.values() if u.side == side})
    for src in sources:
        exerts, _ = stack_zoc(game, pos, src, side)
        if not exerts:
            continue
        for n in game.map.grid.neighbours(src):
            reaches, _ = zoc_reaches(game, src, n)
            if reaches and not friendly_city_or_fort(game, pos, n, game.enemy(side)):
                out.setdefault(n, []).append(src)
    return out


def enemy_controlled(game: HexGame, pos: Position, hex_id: str, mover_side: str) -> tuple[bool, str]:
    """Is `hex_id` in an enemy ZOC for units of `mover_side`? With the reason: the stack whose ZOC
    reaches it, or why each enemy stack next to it does not control it."""
    opp = game.enemy(mover_side)
    if friendly_city_or_fort(game, pos, hex_id, mover_side):
        return False, f"{hex_id} is a {mover_side} city or fort: EZOCs do not extend into it (11.2 B)"
    reaching, misses = [], []
    for src in game.map.grid.neighbours(hex_id):
        if not combat_units(game, pos, src, opp):
            continue
        exerts, why = stack_zoc(game, pos, src, opp)
        if exerts:
            reaches, blocked = zoc_reaches(game, src, hex_id)
            if reaches:
                reaching.append(why)
                continue
            why = blocked
        misses.append(why)
    if reaching:
        also = (f"; it is in {len(reaching) - 1} more {opp} ZOC(s), which add nothing (11.6.2 A)"
                if len(reaching) > 1 else "")
        return True, f"{hex_id} is in a {opp} ZOC: {reaching[0]}{also}"
    return False, f"{hex_id} is not in a {opp} ZOC" + (": " + "; ".join(misses) if misses else "")
