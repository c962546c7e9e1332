"""build_anywhere: a power may build in any vacant supply centre it owns, not only
in its home centres."""
from . import RuleModule, WebdipForm


def build_sites(game, power: str, owned: list[str], sites: set[str], params: dict) -> set[str]:
    """Every owned centre is a build site."""
    return sites | set(owned)


MODULE = RuleModule(
    name="build_anywhere",
    title="Build anywhere",
    summary="Builds may be placed in any vacant supply centre the power owns, not only in home centres.",
    build_sites=build_sites,
    webdip=WebdipForm("builds on any owned supply centre", mixins=("BuildAnywhere",), forms=("BuildAnywhere",),
                      export="BuildAnywhere"),
    dpjudge="BUILD_ANY")
