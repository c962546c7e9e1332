"""render/ knows no family: families hand it view models (and their order notation)."""
import ast
from pathlib import Path

RENDER = Path(__file__).resolve().parents[2] / "generator" / "render"


def _imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names]
    return found


def test_render_imports_no_family_and_nothing_above_it():
    offending = {p.name: [m for m in _imports(p) if "families" in m or "site" in m.split(".")]
                 for p in sorted(RENDER.glob("*.py"))}
    assert not {k: v for k, v in offending.items() if v}
