"""Who holds what: cities, forts, bridges, and the hexside tests shared by the engines."""
from __future__ import annotations

from .grid import hexside
from .model import HexGame, Position, Unit

ZOC_BLOCKING = ("river", "great-river", "blocked", "sea", "lake")


def city_holder(game: HexGame, pos: Position, hex_id: str) -> str | None:
    """The side holding the city in `hex_id`: its home side unless enemy units occupy it (5.4.1)."""
    city = game.map.city_at(hex_id)
    if city is None:
        return None
    occupants = {u.side for u in pos.at(hex_id) if game.unit_type(u).is_combat_unit}
    foe = game.enemy(city.country)
    if foe in occupants:
        return foe
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
    """Whose home country a hexside lies in. A border hexside belongs to the side map.yaml
    `border.held_by` names (rule 15.1.3 gives the border rivers to one side), or to nobody."""
    ca, cb = game.map.country.get(a), game.map.country.get(b)
    if ca and ca == cb:
        return ca
    if ca and cb:
        return game.map.border_held_by.value or None
    return ca or cb


def bridge_controller(game: HexGame, pos: Position, a: str, b: str) -> str | None:
    """The side holding the bridge on this hexside, 'destroyed', 'nobody' (a border bridge no side
    holds), or None when there is no bridge. Unless captured since (15.2.6), a bridge belongs to
    the home country it lies in (15.2.2 A), a border bridge to the border's holder (15.1.3)."""
    key = hexside(a, b)
    if "bridge" not in game.map.features(a, b):
        return None
    if key in pos.bridges:
        return pos.bridges[key]
    return hexside_country(game, a, b) or "nobody"


def enemy_occupied(game: HexGame, pos: Position, hex_id: str, side: str) -> bool:
    """A hex holding enemy SPs (8.2.1): enemy units or forts, or an enemy-held city."""
    if any(u.side != side for u in pos.at(hex_id)):
        return True
    holder = city_holder(game, pos, hex_id)
    return holder is not None and holder != side and not combat_units(game, pos, hex_id, side)
