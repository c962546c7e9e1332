"""The control map's key says what the drawing shows (issue 28 item 9): grey was "a third
party" where the Southern Democrats are grey too, and every drawing, examples or not, said
"black outline: states in this example"."""
from __future__ import annotations

from pathlib import Path

from generator.families.election.pages import setup_position
from generator.families.election.tilemap import control_map
from generator.validate import validate_game

CONTENT = Path(__file__).resolve().parents[3] / "content"


def test_the_control_key_names_third_parties_by_initials_and_outlines_only_examples():
    game = validate_game(CONTENT / "divided-republic").game
    plain = control_map(game, setup_position(game), title="Control after the fixed set-up")
    assert "light grey with initials: a third party" in plain and "in this example" not in plain
    example = control_map(game, setup_position(game), highlight=["ohio"], title="An example")
    assert "black outline: states in this example" in example
