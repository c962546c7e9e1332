"""Test fixture, not a shipped module: a hex rule module that is one file and nothing else.

tests/families/hex/test_hex_modules.py puts this folder beside the family's modules/ package: the
registry finds the file, game.yaml can switch it on, and the movement engine asks its hook.
"""
from generator.families.hex.modules import RuleModule


def interdiction(game, params) -> tuple[int, int]:
    return int(params["extra_mp"]), int(params["extra_ap"])


MODULE = RuleModule(
    name="heavy_interdiction", rule="test fixture",
    summary="Interdiction zones cost 3 MPs per hex and 2 APs per rail move.",
    defaults={"extra_mp": 3, "extra_ap": 2}, hooks={"interdiction": interdiction})
