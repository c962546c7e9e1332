"""The diagnostic code registry: every code a module registers is on the reference page."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import generator

PACKAGE = Path(generator.__file__).resolve().parent


def registered_in_source(package: Path) -> set[str]:
    """The codes of every `register("CODE", ...)` call in the package's source."""
    codes = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "register" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                codes.add(node.args[0].value)
    return codes


def test_every_code_lists_every_registered_code_in_a_fresh_process():
    # a fresh process: what a build happened to import must not decide what the page lists
    out = subprocess.run([sys.executable, "-c", "import json; from generator.diagnostics import "
                          "every_code; print(json.dumps(sorted(every_code())))"],
                         capture_output=True, text=True, check=True).stdout
    assert set(json.loads(out)) == registered_in_source(PACKAGE)


def test_the_diagnostics_page_lists_every_code():
    from generator.site.reference import diagnostics_page
    page = diagnostics_page()
    missing = [code for code in registered_in_source(PACKAGE) if f'id="{code.lower()}"' not in page]
    assert missing == []
