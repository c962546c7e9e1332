"""The importers and exporters know rule modules only through the forms the modules
declare (rules/__init__.py: `webdip`, `dpjudge`): no module's name is written in them.

A module's name as a string in an importer or exporter means that adding or renaming a
module touches that file again; the forms make one file (the module's) enough."""
import ast
import json
import re
from pathlib import Path

import pytest

from generator.families.diplomacy.rules import (DPJUDGE_TYPES, EXPORTS, FORMS, dpjudge_module, import_options,
                                                modules, opens_with_builds, recognised, webdip_carried,
                                                webdip_mixins)

ROOT = Path(__file__).resolve().parents[2]
# the files that read or write rule modules (jdip_svg reads SVG, whose `transform` is an attribute)
READERS_AND_WRITERS = [*sorted((ROOT / "generator/exporters").glob("*.py")),
                       *sorted((ROOT / "generator/importers").glob("webdip*.py")),
                       ROOT / "generator/importers/webdiplomacy.py", ROOT / "generator/importers/dpjudge.py"]


def _schema_keys(node) -> set[str]:
    """Every property name of a JSON schema: map.yaml's own keys are data, not module names."""
    keys = set()
    if isinstance(node, dict):
        keys |= set(node.get("properties", {}))
        for value in node.values():
            keys |= _schema_keys(value)
    elif isinstance(node, list):
        for value in node:
            keys |= _schema_keys(value)
    return keys


def _strings(path: Path):
    """(line, text) of the string constants of a file that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def _names_in(text: str, names: set[str]) -> list[str]:
    """Module names a string is, or (for names of several words) contains as a word."""
    return [n for n in names if text == n or ("_" in n and re.search(rf"(?<!\w){n}(?!\w)", text))]


def test_no_module_name_in_the_importers_and_exporters():
    data_keys = _schema_keys(json.loads((ROOT / "schemas/diplomacy-map.schema.json").read_text(encoding="utf-8")))
    names = set(modules()) - data_keys
    found = [f"{path.relative_to(ROOT)}:{line}: {name}" for path in READERS_AND_WRITERS
             for line, text in _strings(path) for name in _names_in(text, names)]
    assert found == []


def test_the_check_finds_a_name_where_one_is_written(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('"""no_retreats in a docstring is fine"""\nX = game.modules.has("no_retreats")\n'
                   'Y = f"the {1} no_retreats module"\n', encoding="utf-8")
    assert [n for _, text in _strings(bad) for n in _names_in(text, set(modules()))] == \
        ["no_retreats", "no_retreats"]


def test_every_declared_form_is_documented_and_leads_back_to_its_module():
    for mod in modules().values():
        form = mod.webdip
        if form is None:
            continue
        assert form.describe
        assert set(form.forms) <= set(FORMS), mod.name
        assert form.export in EXPORTS or (form.export == "" and form.not_exported), mod.name
        for key in (*form.mixins, *form.forms):
            assert mod.name in recognised({key: {}}) or form.read is not None, (mod.name, key)
        if mod.dpjudge:
            assert dpjudge_module(mod.dpjudge) is mod
        if mod.dpjudge_locations:      # a location type carries the module's `provinces`
            assert mod.dpjudge_locations in DPJUDGE_TYPES and mod.dpjudge == "" and "provinces" in mod.params
    assert webdip_mixins()["Transform"] == "transform"


def test_what_is_carried_is_what_the_modules_declare():
    for name in webdip_carried():
        assert modules()[name].webdip.export
    assert not any(m.webdip and m.webdip.export for n, m in modules().items() if n not in webdip_carried())



# -- the import command's rule flags (`--custom-start`) come from the modules -------------

GAPS = ROOT / "tests" / "data" / "webdip" / "gaps"


def test_the_import_command_takes_its_rule_flags_from_the_modules(capsys):
    from generator.cli import main
    flags = import_options()
    assert "custom-start" in flags and flags["custom-start"][0] in modules()["custom_start"].webdip.keys
    with pytest.raises(SystemExit):
        main(["import", "webdiplomacy", "--help"])
    shown = capsys.readouterr().out
    for flag in flags:
        assert f"--{flag}" in shown
    # no flag is written in the command or the importer: a module's flag is its own file's
    sources = [ROOT / "generator/commands/import_.py", *READERS_AND_WRITERS]
    written = [f"{path.name}:{line}" for path in sources for line, text in _strings(path)
               for flag in flags if flag in text]
    assert written == []


def test_a_rule_flag_makes_the_variant_use_the_rule_and_is_recorded(tmp_path):
    """Isle's classes show no opening build phase; with the custom start module's flag its
    start units become the default builds, the game starts in the winter before, and the
    command line written in map.yaml says so, so a re-import reproduces it."""
    from generator.importers.webdiplomacy import ImportOptions, import_variant
    plain = import_variant(GAPS / "Isle")
    assert "custom_start" not in plain.game["rules"] and plain.data["start"]["phase"].startswith("S")
    flagged = import_variant(GAPS / "Isle", ImportOptions(rule_options=("custom-start",)))
    assert "custom_start" in flagged.game["rules"]
    assert flagged.data["start"]["units"] == {} and flagged.data["default_builds"]
    assert flagged.data["start"]["phase"] == f"W{int(plain.data['start']['phase'][1:-1]) - 1}A"
    assert "mapwright import webdiplomacy Isle --custom-start" in flagged.files["map.yaml"]
    assert opens_with_builds({"CustomStart": {}}) and not opens_with_builds({"BuildAnywhere": {}})
