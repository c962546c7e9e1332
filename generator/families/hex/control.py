"""Who holds what: cities, forts, bridges, and the hexside tests shared by the engines."""
from __future__ import annotations

from .grid import hexside
from .model import HexGame, Position, Unit, enemy

ZOC_BLOCKING = ("river", "great-river", "blocked", "sea", "lake")


def city_holder(game: HexGame, pos: Position, hex_id: str) -> str | None:
    """The side holding the city in `hex_id`: its home side unless enemy units occupy it (5.4.1)."""
    city = game.map.city_at(hex_id)
    if city is None:
        return None
    occupants = {u.side for u in pos.at(hex_id) if game.unit_type(u).is_combat_unit}
    if enemy(city.country) in occupants:
        return enemy(city.country)
    return city.country


def fort_side(game: HexGame, pos: Position, hex_id: str) -> str | None:
    for u in pos.at(hex_id):
        if game.unit_type(u).arm == "fort":
            return u.side
    return None


def friendly_city_or_fort(game: HexGame, pos: Position, hex_id: str, side: str) -> bool:
    return city_holder(game, pos, hex_id) == side or fort_side(game, pos, hex_id) == side


def combat_units(game: HexGame, pos: Position, hex_id: str, side: str | None = None) -> list[Unit]:
    return [u for u in pos.at(hex_id) if game.unit_type(u).is_combat_unit and (side is None or u.side == side)]


def hexside_country(game: HexGame, a: str, b: str) -> str | None:
    """Whose home country a hexside lies in; border hexsides count as USA (15.1.3)."""
    ca, cb = game.map.country.get(a), game.map.country.get(b)
    if ca and ca == cb:
        return ca
    if ca and cb:
        return "USA"
    return ca or cb


def bridge_controller(game: HexGame, pos: Position, a: str, b: str) -> str | None:
    """'USA', 'CSA', 'destroyed', or None when there is no bridge on this hexside."""
    key = hexside(a, b)
    if "bridge" not in game.map.features(a, b):
        return None
    if key in pos.bridges:
        return pos.bridges[key]
    return hexside_country(game, a, b)


def enemy_occupied(game: HexGame, pos: Position, hex_id: str, side: str) -> bool:
    """A hex holding enemy SPs (8.2.1): enemy units or forts, or an enemy-held city."""
    if any(u.side != side for u in pos.at(hex_id)):
        return True
    holder = city_holder(game, pos, hex_id)
    return holder is not None and holder != side and not combat_units(game, pos, hex_id, side)
