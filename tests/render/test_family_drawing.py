"""Families draw through render's public API and write no markup themselves (issue 30).

Two walks over every family's source: its imports of generator.render must name only what
render/__init__.py declares in `__all__` (never a submodule, never a private name), and no
string constant it holds may be an SVG or HTML tag (`<rect`, `</g>`, `<br>`): a family builds
view models, render writes the tags and escapes what they say.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import generator
import generator.render as render

FAMILIES = Path(generator.__file__).resolve().parent / "families"
# the start or end of an element: `<g `, `<rect/`, `<br>`, `</svg>` (not `a < b`, not `<https://…>`)
TAG = re.compile(r"</?[A-Za-z][\w:-]*(?=\s|/?>|$)")
# families not yet drawing through render's public names (strict: a family that does leaves it)
NOT_YET: set[str] = set()


def render_imports(tree: ast.AST, module: list[str]) -> list[tuple[int, str]]:
    """(line, what) of every import from generator.render: `what` is the submodule or name."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name.split(".", 2)[2] if a.name.count(".") > 1 else "")
                    for a in node.names if a.name.startswith("generator.render")]
        elif isinstance(node, ast.ImportFrom):
            base = module[: len(module) - node.level] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            if target == "generator.render":
                out += [(node.lineno, a.name) for a in node.names]
            elif target.startswith("generator.render."):
                out += [(node.lineno, target.removeprefix("generator.render."))]
            elif target == "generator" and any(a.name == "render" for a in node.names):
                out += [(node.lineno, "")]
    return out


def private_render_imports(path: Path, source: str) -> list[str]:
    """Every import in `source` (the file at `path`) of a name render does not make public."""
    parts = ["generator", *path.relative_to(FAMILIES.parent).with_suffix("").parts]
    tree = ast.parse(source, str(path))
    return [f"{path.name}:{line}: imports " + (f"generator.render.{what}" if what else
                                                "the generator.render package whole (its submodules come with it)")
            for line, what in render_imports(tree, parts)
            if what not in render.__all__]


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants in `tree` (prose about tags is not a tag)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def tag_literals(path: Path, source: str) -> list[str]:
    """Every string constant in `source` (docstrings aside) holding an SVG/HTML tag, as
    file:line:col and the first tag in it."""
    tree = ast.parse(source, str(path))
    skip = docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            m = TAG.search(node.value)
            if m:
                out.append((node.lineno, node.col_offset + 1, m.group(0)))
    return [f"{path.name}:{line}:{col}: {tag!r}" for line, col, tag in sorted(set(out))]


def family_files(family: str) -> list[Path]:
    return sorted((FAMILIES / family).rglob("*.py"))


def family_params():
    names = sorted(p.name for p in FAMILIES.iterdir() if p.is_dir() and (p / "__init__.py").is_file())
    return [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="moved onto render by another branch"))
            if n in NOT_YET else n for n in names]


@pytest.mark.parametrize("family", family_params())
def test_a_family_imports_only_renders_public_names(family):
    found = [hit for path in family_files(family) for hit in private_render_imports(path, path.read_text())]
    assert found == [], "import these through generator.render's __all__:\n" + "\n".join(found)


@pytest.mark.parametrize("family", family_params())
def test_a_family_writes_no_tags(family):
    found = [hit for path in family_files(family) for hit in tag_literals(path, path.read_text())]
    assert found == [], "build render's view models instead of markup:\n" + "\n".join(found)


def test_the_public_names_exist():
    assert render.__all__ and all(hasattr(render, name) for name in render.__all__)


@pytest.mark.parametrize("line", [
    "from ...render.svg import wrap",
    "from ...render import legible",
    "from generator.render.svg import num",
    "import generator.render.paper",
    "from ... import render",
    "from ...render import _ATTR_NAMES",
])
def test_a_private_import_fails(line):
    path = FAMILIES / "hex" / "probe.py"
    assert len(private_render_imports(path, line + "\n")) == 1


@pytest.mark.parametrize("text, tags", [
    ("f'<rect x=\"{x}\"/>'", 1), ("'</g>'", 1), ("'a<br>b'", 1), ("'<svg'", 1), ("'<g><title>'", 1),
    ("'a < b'", 0), ("'<https://example.org>'", 0), ("'x <= 3'", 0),
    ('0\ndef f():\n    """Draws a <svg> of it."""\n', 0),
])
def test_a_tag_literal_is_found(text, tags):
    assert len(tag_literals(Path("probe.py"), f"x = 1\ny = {text}\n")) == tags
