"""The schemas themselves: valid draft 2020-12, self-describing, resolvable offline,
and named by every content file."""
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from generator.schemas import ID_PREFIX, schema_names, validator

REPO = Path(__file__).resolve().parents[1]
NAMES = schema_names()


def walk(node, path="#"):
    """Every (path, property-name, property-schema) in a schema, nested ones included."""
    if isinstance(node, dict):
        for name, sub in (node.get("properties") or {}).items():
            yield path, name, sub
        for key, value in node.items():
            if key in ("properties", "$defs", "patternProperties"):
                for name, sub in (value or {}).items():
                    yield from walk(sub, f"{path}/{key}/{name}")
            elif isinstance(value, (dict, list)) and key not in ("enum", "const", "examples", "default", "if", "not"):
                yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from walk(item, f"{path}/{i}")


@pytest.mark.parametrize("name", NAMES)
def test_schema_is_valid_and_identified(name):
    schema = json.loads((REPO / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"{ID_PREFIX}{name}.schema.json"
    assert schema.get("description"), "the schema says what file it describes"
    validator(name)  # every $ref resolves locally (the registry holds only files on disk)


@pytest.mark.parametrize("name", NAMES)
def test_every_property_has_a_description(name):
    schema = json.loads((REPO / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    missing = [f"{path}/{prop}" for path, prop, sub in walk(schema)
               if isinstance(sub, dict) and not sub.get("description")
               and not (set(sub) == {"$ref"})]
    assert not missing, missing


def test_every_content_file_names_its_schema():
    for path in sorted((REPO / "content").rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith("# yaml-language-server: $schema=../../schemas/"), path
        name = first.rsplit("/", 1)[-1].removesuffix(".schema.json")
        assert name in NAMES, f"{path} names an unknown schema {name}"


def test_unknown_keys_are_refused_in_game_yaml():
    errors = list(validator("game").iter_errors({
        "title": "t", "family": "hex", "players": 2, "summary": "s", "licence": {"name": "x", "notice": "y"},
        "credits": [{"name": "a", "role": "b"}], "sources": [{"id": "s", "title": "t"}], "titel": "typo"}))
    assert [e.validator for e in errors] == ["additionalProperties"]


def test_the_family_enum_is_the_family_registry():
    from generator.families import names
    from generator.schemas import load_schema
    on_disk = json.loads((REPO / "schemas" / "game.schema.json").read_text(encoding="utf-8"))
    assert load_schema("game")["properties"]["family"]["enum"] == list(names())
    assert on_disk["properties"]["family"]["enum"] == list(names()), \
        "schemas/game.schema.json lists other families than generator/families/ holds"
    assert names() == ("diplomacy", "election", "hex")


# Values that validated and then crashed or exhausted the build's renderers (found by
# tests/test_fuzz_build.py): the schemas refuse them where they stand.
# (game, file, text replaced, replacement, code, pointer)
BUILD_BOUNDS = [
    # a renderer squares distances: past ~1e154 the square overflows (OverflowError)
    ("classic", "geometry.yaml", "LVP: [[167, 122,", "LVP: [[1.0e+160, 122,", "MW101", "/outlines/LVP/0/0"),
    ("modern-europe", "overlay.yaml", "  - {id: MDR, island: true,", "  - {id: MDR, label: [1.0e+160, 5], island: true,",
     "MW101", "/provinces/0/label/0"),
    # the CRT page and chart read both lines the engine knows (KeyError: 'normal')
    ("dixie", "crt.yaml", "  normal:\n    name: Normal Differential Line\n    differentials: [-2, -1, 0, 1, 2, 3, 4, 5, 6]\n",
     "", "MW103", "/lines"),
    # one counter drawn per marker: a billion exhausted memory (MemoryError)
    ("dixie", "scenarios.yaml", "air_markers: 3", "air_markers: 1000000000000", "MW101",
     "/scenarios/0/sides/USA/air_markers"),
    ("dixie", "units.yaml", "per_side: 1, source", "per_side: 1000000000, source", "MW101", "/markers/0/per_side"),
    # the scenarios page prints the limit and the example's hex; the check compares its distance
    ("dixie", "scenarios.yaml", 'fort_deployment: {max_hexes_from_border: 3, example: {hex: "0116", distance: 3}}',
     'fort_deployment: {example: {hex: "0116", distance: 3}}', "MW103", "/scenarios/2/sides/CSA/fort_deployment"),
    ("dixie", "scenarios.yaml", 'example: {hex: "0116", distance: 3}', 'example: {hex: "0116"}', "MW103",
     "/scenarios/2/sides/CSA/fort_deployment/example"),
]


@pytest.mark.parametrize("game_id, name, old, new, code, pointer", BUILD_BOUNDS,
                         ids=[f"{g}/{n}:{p}" for g, n, _, _, _, p in BUILD_BOUNDS])
def test_values_the_build_cannot_draw_are_refused_by_the_schema(game_copy, game_id, name, old, new, code, pointer):
    from generator.validate import validate_game
    game = game_copy(game_id)
    text = (game / name).read_text(encoding="utf-8")
    assert text.count(old) >= 1
    (game / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    found = validate_game(game).diagnostics
    assert (code, pointer) in [(d.code, d.pointer) for d in found], [(d.code, d.pointer, d.message) for d in found]
    assert not any(d.code == "MW901" for d in found), found


def test_an_id_with_a_trailing_newline_is_refused_at_its_line(tmp_path):
    """"ENGLAND\\n" everywhere once validated clean (python-jsonschema's `$` matches before
    a final newline) and `export dpjudge` then split the line: now each is an MW101."""
    from generator.loader import load_document
    from generator.schemas import validate_document
    text = (REPO / "content" / "classic" / "map.yaml").read_text(encoding="utf-8")
    path = tmp_path / "map.yaml"
    path.write_text(text.replace("ENGLAND", '"ENGLAND\\n"').replace('""ENGLAND\\n""', '"ENGLAND\\n"'),
                    encoding="utf-8")
    doc, _ = load_document(path)
    assert "ENGLAND\n" in [p["id"] for p in doc.data["powers"]]
    found = validate_document(doc, "diplomacy-map")
    assert found and {d.code for d in found} <= {"MW101", "MW102"}
    values = {n for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1)
              if ': "ENGLAND\\n"' in line}   # (a key's error is at its mapping's line)
    assert len(values) >= 3 and values <= {d.line for d in found}


def test_a_missing_key_is_named_from_the_error_not_its_message(tmp_path):
    """The key comes from the `required` error itself: a key holding a `'` (which the error's
    message quotes with `"`) was named by the message's text between two `'`."""
    from generator.loader import load_text
    from generator.schemas import validate_document
    (tmp_path / "t.schema.json").write_text(json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
        "required": ["it's", "plain"]}), encoding="utf-8")
    doc, _ = load_text("other: 1\n", "t.yaml")
    found = validate_document(doc, "t", schema_dir=tmp_path)
    assert sorted(d.message for d in found) == ["missing required key 'it's'",
                                                "missing required key 'plain'"]
    assert {d.code for d in found} == {"MW103"}
