"""Test data for the renderer tests: a tiny synthetic board (outlines, coasts, a river,
a bridge, a strait, a lake, an impassable province, a coloured neutral centre) and the
bundled Diplomacy games loaded through their family."""
from __future__ import annotations

from pathlib import Path

import pytest


REPO = Path(__file__).resolve().parents[2]


def _square(x, y, w=100, h=100):
    return [[x, y, x + w, y, x + w, y + h, x, y + h]]


def tiny_game(outlines: bool = True, name_suffix: str = "") -> dict:
    """A 3x3 board.      NOR(sea)  ICE(land, island far away)
                          WES(coast)  MID(coast, 2 coasts)  EAS(land)
                          SOU(sea)    LAK(lake)   ALP(impassable)"""
    provinces = [
        dict(id="NOR", name="Northern Sea" + name_suffix, abbr="NOR", type="sea", label=[150, 50]),
        dict(id="WES", name="Westland", abbr="WES", type="coast", supply_center=True, home="RED", label=[50, 150]),
        dict(id="MID", name="Midland", abbr="MID", type="coast", supply_center=True, coasts=["NC", "SC"],
             label=[150, 150]),
        dict(id="EAS", name="Eastland", abbr="EAS", type="land", supply_center=True, home="BLUE", label=[250, 150]),
        dict(id="SOU", name="Southern Sea", abbr="SOU", type="sea", label=[100, 250]),
        dict(id="LAK", name="Lake Deep", abbr="LAK", type="lake", label=[250, 250]),
        dict(id="ALP", name="High Alps", abbr="ALP", type="impassable", label=[250, 50]),
        dict(id="ISL", name="Isle", abbr="ISL", type="coast", supply_center=True, label=[40, 40]),
    ]
    borders = [
        dict(between=["NOR", "MID/NC"], units=["fleet"]),
        dict(between=["NOR", "WES"], units=["fleet"]),
        dict(between=["SOU", "MID/SC"], units=["fleet"]),
        dict(between=["SOU", "WES"], units=["fleet"]),
        dict(between=["WES", "MID"], units=["army"], kind="river"),
        dict(between=["MID", "EAS"], units=["army"], kind="bridge"),
        dict(between=["NOR", "SOU"], units=["fleet"]),
        dict(between=["ISL", "NOR"], units=["fleet"]),
        dict(between=["ISL", "WES"], units=["army"], kind="strait"),
    ]
    geometry = None
    if outlines:
        geometry = {
            "image": {"width": 300, "height": 300, "source": "synthetic"},
            "outlines": {
                "NOR": [[100, 0, 200, 0, 200, 100, 100, 100]],
                "WES": _square(0, 100), "MID": _square(100, 100), "EAS": _square(200, 100),
                "SOU": [[0, 200, 200, 200, 200, 300, 0, 300]],
                "LAK": _square(200, 200), "ALP": _square(200, 0),
                # two pieces: the island and a far-off islet
                "ISL": [[10, 10, 70, 10, 70, 70, 10, 70], [20, 80, 90, 80, 90, 95, 20, 95]],
            },
            "coast_labels": {"MID/NC": [150, 115], "MID/SC": [150, 185]},
        }
    board = {
        "provinces": provinces,
        "powers": [dict(id="RED", name="Red", color="#cc2222"), dict(id="BLUE", name="Blue", color="#2244cc")],
        "borders": borders,
    }
    return {
        "title": "Tiny <Test> & Co" + name_suffix,
        "map": board,
        "geometry": geometry,
        "colored_neutral_centers": {"RED": ["ISL"]},
        "start": {"units": {"RED": ["A WES"], "BLUE": ["A EAS"]}, "centers": {"RED": ["WES"], "BLUE": ["EAS"]}},
    }


def model_of(data, rules: dict | None = None):
    """A board given as plain data (tiny_game's shape) as the family's model
    (families/diplomacy/loading.py), as a loaded game is: `rules` enabled (by default the
    colored_neutral_centers module when the data lists such centres). A model is passed
    through."""
    from generator.families.diplomacy.loading import game_from_data
    from generator.families.diplomacy.model import Game
    if isinstance(data, Game):
        return data
    coloured = data.get("colored_neutral_centers") or {}
    if rules is None:
        rules = {"colored_neutral_centers": {}} if coloured else {}
    board = dict(data["map"], start=data.get("start") or {}, colored_neutral_centers=coloured)
    return game_from_data("test", {"title": data["title"], "rules": rules}, board, data.get("geometry"))


def tiny_model(outlines: bool = True):
    """The tiny board as the family's model, its coloured neutral centre by the
    `colored_neutral_centers` module's hook."""
    return model_of(tiny_game(outlines))


def units_of(by_power: dict) -> tuple:
    """Test units written {"RED": ["A WES", "F MID/NC"]}, typed as render takes them
    (a family reads its own text: board_view.unit_views)."""
    from generator.render import UnitView
    return tuple(UnitView(power, text[0], text[2:]) for power, texts in by_power.items() for text in texts)


def view_of(game):
    """The family's view of a board given as plain data (model_of) or as its model."""
    from generator.families.diplomacy.board_view import view_of as board_view
    return board_view(model_of(game))


_LOADED: dict = {}


def bundled(game_id: str):
    """(family, game) for content/<game_id>, loaded once per test session; skips the test
    when the game or its family is not in this checkout."""
    if game_id not in _LOADED:
        path = REPO / "content" / game_id
        if not (path / "game.yaml").is_file():
            _LOADED[game_id] = None
        else:
            from generator.commands.common import load_game
            fam, game = load_game(str(path))
            _LOADED[game_id] = (fam, game) if fam is not None else None
    if _LOADED[game_id] is None:
        pytest.skip(f"{game_id} cannot be loaded in this checkout")
    return _LOADED[game_id]
