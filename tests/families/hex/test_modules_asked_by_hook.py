"""No engine, page or exporter asks for a rule module by name, nor for a capability: they ask hooks.

Outside a module's own file, the hex and election families, the exporters and the site never hold
`capability(...)`, nor test, look up or index a rules/modules collection with a module's name; and
the hex engines hold no module name at all (their messages take it from the registry), save the
scenarios.yaml section `variant.intervention_forces`, which is data, and the diagnostic reference
texts registered with `register(...)`, which tell users what to write in game.yaml.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from generator.families.diplomacy.rules import modules as diplomacy_modules
from generator.families.election.modules import registry as election_registry
from generator.families.hex.modules import registry as hex_registry

REPO = Path(__file__).resolve().parents[3]
GENERATOR = REPO / "generator"
SCOPE = [GENERATOR / "families" / "hex", GENERATOR / "families" / "election", GENERATOR / "exporters", GENERATOR / "site"]
MODULE_FOLDERS = {GENERATOR / "families" / "hex" / "modules", GENERATOR / "families" / "election" / "modules"}
ASKING = re.compile(r"rule|module|registry|enabled|capabilit", re.I)   # what holds modules, by how the code names it
DATA_SECTIONS = {"intervention_forces"}   # scenarios.yaml `variant:` sections named like the module that reads them


def all_module_names() -> set[str]:
    return set(hex_registry()) | set(election_registry()) | set(diplomacy_modules())


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _names(node: ast.AST, names: set[str]) -> str | None:
    return node.value if isinstance(node, ast.Constant) and node.value in names else None


def asking_by_name(source: str, names: set[str]) -> list[tuple[int, str]]:
    """(line, what) for each `capability(...)` call and each module name used to ask a rules collection."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if func == "capability":
                found.append((node.lineno, "a capability(...) call"))
            if ASKING.search(ast.unparse(node.func)):
                found += [(node.lineno, f"{ast.unparse(node.func)}({n!r})") for a in node.args if (n := _names(a, names))]
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(ASKING.search(ast.unparse(s)) for s in sides):
                found += [(node.lineno, f"{n!r} compared with a rules collection") for s in sides if (n := _names(s, names))]
        elif isinstance(node, ast.Subscript) and ASKING.search(ast.unparse(node.value)):
            if n := _names(node.slice, names):
                found.append((node.lineno, f"{ast.unparse(node.value)}[{n!r}]"))
    return found


def naming(source: str, names: set[str]) -> list[tuple[int, str]]:
    """(line, text) for each string in code that holds a module name as a word (hex engines)."""
    tree = ast.parse(source)
    parents = _parents(tree)
    word = re.compile(r"\b(" + "|".join(sorted(map(re.escape, names))) + r")\b")
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str) and word.search(node.value)):
            continue
        up, inside = node, []
        while up in parents:
            up = parents[up]
            inside.append(up)
        registered = any(isinstance(p, ast.Call) and getattr(p.func, "id", "") == "register" for p in inside)
        docstring = isinstance(parents.get(node), ast.Expr)
        data = (node.value in DATA_SECTIONS and "scenario_variant" in ast.unparse(parents[node])) or \
            node.value.startswith("/variant/")
        if not (registered or docstring or data):
            found.append((node.lineno, node.value))
    return found


def _files():
    for folder in SCOPE:
        for path in sorted(folder.rglob("*.py")):
            if not any(path.is_relative_to(m) for m in MODULE_FOLDERS):
                yield path


def test_no_engine_page_or_exporter_asks_for_a_module_by_name():
    names = all_module_names()
    found = [f"{path.relative_to(REPO)}:{line}: {what}" for path in _files()
             for line, what in asking_by_name(path.read_text(encoding="utf-8"), names)]
    assert not found, "ask the modules' hooks instead:\n" + "\n".join(found)


def test_no_capability_call_even_in_the_hex_modules():
    for path in sorted((GENERATOR / "families" / "hex").rglob("*.py")):
        assert "capability(" not in path.read_text(encoding="utf-8"), path


def test_the_hex_engines_hold_no_module_name():
    names = set(hex_registry())
    found = [f"{path.relative_to(REPO)}:{line}: {text!r}" for path in sorted((GENERATOR / "families" / "hex").glob("*.py"))
             for line, text in naming(path.read_text(encoding="utf-8"), names)]
    assert not found, "take the module's name from the registry (modules.refusal):\n" + "\n".join(found)


# The checks find what they look for (so the tests above can fail).

BAD = '''
def engine(game):
    if game.capability("shock-corps") is None:
        return "shock corps need the shock_corps module"
    if "momentum" in game.rules:
        return game.modules.params("transform")
    return registry()["airpower"]
'''


def test_the_checks_find_capability_calls_and_modules_asked_by_name():
    names = all_module_names()
    assert sorted(line for line, _ in asking_by_name(BAD, names)) == [3, 5, 6, 7]
    assert [text for _, text in naming(BAD, {"shock_corps", "airpower"})] == ["shock corps need the shock_corps module",
                                                                              "airpower"]
    assert asking_by_name('ROWS = {"momentum": 1}\nif kind == "momentum": pass\n', names) == []
