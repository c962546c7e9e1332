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
