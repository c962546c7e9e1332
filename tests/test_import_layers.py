"""Imports point down the layers of DESIGN.md, held by a walk over every module's imports.

The layers, top to bottom (a module may import its own layer and the layers below):

    top        cli, __main__, api, commands        parse arguments or take plain data, report
    site       site/, mkdocs_plugin/, build         pages and the site build
    pipeline   game, validate, examples,            content read, checked and converted through
               importers/, exporters/               the families
    families   families/                            one folder per family; never another family
    render     render/                              SVG from view models; knows no family
    core       everything else at the top level     loader, schemas, diagnostics, paths, ...

DESIGN.md's box draws render above families, but its text says which way the imports go:
render "knows no family" and families draw through render's public names, so render sits
below families here. Every import counts: at module level, inside a function, or under
TYPE_CHECKING. There are no exceptions.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import generator

PACKAGE = Path(generator.__file__).resolve().parent

LAYERS = {   # first part of the module name below `generator` -> layer (higher imports lower)
    "cli": 5, "__main__": 5, "api": 5, "commands": 5,
    "site": 4, "mkdocs_plugin": 4, "build": 4,
    "game": 3, "validate": 3, "examples": 3, "importers": 3, "exporters": 3,
    "families": 2,
    "render": 1,
}
CORE = 0
NAMES = {5: "top", 4: "site", 3: "pipeline", 2: "families", 1: "render", 0: "core"}


def module_name(path: Path, package: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(tree: ast.AST, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, module name) of every import in `tree`, relative ones resolved; for
    `from X import y` both X and X.y are candidates, so a submodule imported by name counts."""
    here = module.split(".") if is_package else module.split(".")[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            out += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
    return out


def layer(module: str, root: str) -> int | None:
    """The layer of `module`, or None for a module outside the package."""
    parts = module.split(".")
    if parts[0] != root:
        return None
    return LAYERS.get(parts[1], CORE) if len(parts) > 1 else CORE


def family_of(module: str, package: Path) -> str | None:
    """The family folder `module` is in (families/base.py and the like are in none)."""
    parts = module.split(".")
    if len(parts) > 2 and parts[:2] == [package.name, "families"]:
        return parts[2] if (package / "families" / parts[2]).is_dir() else None
    return None


def upward_imports(package: Path) -> list[str]:
    """Every import in `package` that points up a layer or from one family into another."""
    root = package.name
    found = []
    for path in sorted(package.rglob("*.py")):
        module = module_name(path, package)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        mine = layer(module, root)
        for line, target in imported(tree, module, path.name == "__init__.py"):
            theirs = layer(target, root)
            where = f"{path.relative_to(package.parent)}:{line}"
            if theirs is not None and theirs > mine:
                found.append(f"{where}: {module} ({NAMES[mine]}) imports {target} ({NAMES[theirs]})")
            elif family_of(module, package) and family_of(target, package) not in (None, family_of(module, package)):
                found.append(f"{where}: family {family_of(module, package)} imports {target}")
    return found


def test_every_import_points_down():
    assert upward_imports(PACKAGE) == []


@pytest.mark.parametrize("where, line, why", [
    ("schemas.py", "from .families import names", "core imports families"),
    ("render/svg.py", "def f():\n    from ..families import base", "render imports families, lazily"),
    ("families/diplomacy/x.py", "from ...site.text import plain", "a family imports site"),
    ("families/diplomacy/x.py", "from ..hex import model", "a family imports another family"),
    ("site/x.py", "import pkg.commands.build", "site imports commands, absolutely"),
    ("loader.py", "if TYPE_CHECKING:\n    from .game import Game", "core imports the pipeline for typing"),
])
def test_an_upward_import_fails(tmp_path, where, line, why):
    package = tmp_path / "pkg"
    (package / "families" / "hex").mkdir(parents=True)   # a second family to import from
    (package / where).parent.mkdir(parents=True, exist_ok=True)
    for folder in [package, *(package / where).parents]:
        if folder.is_relative_to(package):
            (folder / "__init__.py").touch()
    (package / where).write_text(line + "\n", encoding="utf-8")
    assert len(upward_imports(package)) == 1, why


def test_a_downward_import_passes(tmp_path):
    package = tmp_path / "pkg"
    (package / "families" / "diplomacy").mkdir(parents=True)
    for folder in (package, package / "families", package / "families" / "diplomacy"):
        (folder / "__init__.py").touch()
    (package / "families" / "diplomacy" / "checks.py").write_text(
        "from ...diagnostics import register\nfrom ..base import Family\nfrom . import model\n"
        "from ...render import svg\n", encoding="utf-8")
    assert upward_imports(package) == []
