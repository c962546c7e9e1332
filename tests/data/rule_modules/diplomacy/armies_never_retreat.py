"""Test fixture, not a shipped module: a Diplomacy rule module that is one file and nothing else.

tests/families/diplomacy/test_rule_module_by_file.py puts this folder beside the family's rules/
package: the registry finds the file, game.yaml can switch it on, and the adjudicator asks its hook.
"""
from generator.families.diplomacy.rules import RuleModule


def no_retreat(game, unit, params: dict) -> str | None:
    return "a dislodged army is disbanded (armies_never_retreat)" if unit.kind == "A" else None


MODULE = RuleModule(
    name="armies_never_retreat",
    title="Armies never retreat",
    summary="A dislodged army is disbanded at once; fleets retreat as usual.",
    no_retreat=no_retreat)
