"""build_anywhere: a power may build in any vacant supply centre it owns, not only
in its home centres."""
from . import RuleModule

MODULE = RuleModule(
    name="build_anywhere",
    title="Build anywhere",
    summary="Builds may be placed in any vacant supply centre the power owns, not only in home centres.")


def build_sites(game, power: str, owned: list[str]) -> set[str]:
    """Where `power` may build when the module is enabled."""
    return set(owned)
