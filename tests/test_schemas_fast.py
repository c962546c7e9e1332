"""The fast schema check (jsonschema-rs, in generator/schemas.py) gives python-jsonschema's verdict.

`validate_document` trusts a "valid" answer without asking python-jsonschema, and asks
python-jsonschema to explain a "no": a fast check that accepts what python-jsonschema
rejects would hide errors, and one that rejects what python-jsonschema accepts would hide
them too (nothing to explain, so nothing reported: "ENGLAND\n" passed every id pattern
so). One notion of valid: these tests compare both on every bundled content file and
worked example, on the games imported from tests/data's DPjudge maps, on many mutated
copies of them (control characters, trailing newlines and line separators in any string
or key among the mutations), and on every pattern of the schemas with fuzzed text.
"""
import copy
import datetime
import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from generator.examples import extract_examples
from generator.importers.dpjudge import import_map
from generator.loader import load_document, load_text
from generator.schemas import _clearly_valid, fast_check, load_schema, schema_names, validator, validator_class
from generator.paths import SCHEMA_DIR

REPO = Path(__file__).resolve().parents[1]
SCHEMA_LINE = re.compile(r"\$schema=\.\./\.\./schemas/([a-z0-9-]+)\.schema\.json")
EXAMPLE_SCHEMA = {"diplomacy": "diplomacy-example", "election": "election-example", "hex": "hex-example"}


def _trimmed(data, keep: int = 6):
    """Big lists and maps cut down, so jsonschema stays quick on the mutated copies."""
    if isinstance(data, dict):
        return {k: _trimmed(v, keep) for k, v in list(data.items())[:keep * 4]}
    if isinstance(data, list):
        return [_trimmed(v, keep) for v in data[:keep]]
    return data


def _documents():
    docs = []
    for path in sorted((REPO / "content").rglob("*.yaml")):
        match = SCHEMA_LINE.search(path.read_text(encoding="utf-8").split("\n", 1)[0])
        doc, _ = load_document(path)
        if match and doc.data is not None:
            docs.append((path.relative_to(REPO).as_posix(), match.group(1), doc.data))
    for game in sorted((REPO / "content").iterdir()):
        meta, _ = load_document(game / "game.yaml")
        schema = EXAMPLE_SCHEMA.get((meta.data or {}).get("family"))
        for page in sorted((game / "rules").glob("*.md")) if schema else []:
            examples, _ = extract_examples(page.name, str(page), page.read_text(encoding="utf-8"))
            docs += [(f"{page.name} example {ex.index}", schema, ex.doc.data) for ex, _ in examples]
    for path in sorted((REPO / "tests" / "data" / "dpjudge" / "maps").glob("*.map")):
        for name, text in sorted(import_map(path).files.items()):
            match = SCHEMA_LINE.search(text.split("\n", 1)[0])
            if match:
                docs.append((f"{path.name} imported: {name}", match.group(1), load_text(text, name)[0].data))
    return docs


DOCUMENTS = _documents()
TRIMMED = [(name, schema, _trimmed(data)) for name, schema, data in DOCUMENTS]


def test_every_schema_has_a_fast_check():
    assert all(callable(fast_check(name)) for name in schema_names())


def agree(schema: str, data) -> bool:
    """The same verdict; with a value JSON has no type for (a YAML date) the fast check
    may step aside, but it never says valid where python-jsonschema finds an error."""
    fast, slow = _clearly_valid(data, schema, SCHEMA_DIR), validator(schema).is_valid(data)
    return (slow or not fast) if _has_non_json(data) else fast == slow


def _has_non_json(value) -> bool:
    if isinstance(value, dict):
        return any(_has_non_json(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_non_json(v) for v in value)
    if isinstance(value, float):
        return not math.isfinite(value)     # (YAML's .inf: no JSON number, so jsonschema-rs refuses it)
    return not isinstance(value, (str, int, bool, type(None)))


def test_bundled_content_agrees():
    assert len(DOCUMENTS) > 100  # content files, worked examples, imported maps
    assert any("imported" in name for name, _, _ in DOCUMENTS)
    for name, schema, data in DOCUMENTS:
        assert fast_check(schema)(data) == validator(schema).is_valid(data), name


ODD_VALUES = [None, True, False, 0, 1, -1, 1.0, 2.5, -0.5, 10 ** 20, math.inf, "", "x", "X Y",
              "a" * 300, "NC", "army", "fleet", [], [1], ["a", "a"], {}, {"id": "X"},
              datetime.date(2020, 1, 1)]


def _children(node):
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


# What Python's `re` and ECMA-262 read differently, or what might slip past an anchor.
ODD_TEXT = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\u0085", "\x00", "\t", "\x0b", "\x0c", " ",
            "\u00a0", "\u0660", "\uff21", "\U0001F600"]


def odd_text(text: str, draw) -> str:
    odd, where = draw(st.sampled_from(ODD_TEXT)), draw(st.sampled_from(["end", "start", "middle", "only"]))
    half = len(text) // 2
    return {"end": text + odd, "start": odd + text, "middle": text[:half] + odd + text[half:], "only": odd}[where]


def _strings_at(node, path=()):
    """(path, is a key) of every string value and mapping key below `node`."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path + (key,), True
            yield from _strings_at(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings_at(value, path + (i,))
    elif isinstance(node, str):
        yield path, False


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_odd_text_in_any_string_agrees(data):
    """A control character, line break or look-alike in one string or key of a document."""
    name, schema, original = data.draw(st.sampled_from(TRIMMED))
    doc = copy.deepcopy(original)
    spots = list(_strings_at(doc))
    if spots:
        path, is_key = data.draw(st.sampled_from(spots))
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        if is_key:
            parent[odd_text(str(path[-1]), data.draw)] = parent.pop(path[-1])
        else:
            parent[path[-1]] = odd_text(parent[path[-1]], data.draw)
    assert agree(schema, doc), name


def _patterns(node):
    """Every regular expression of a schema: `pattern` values, `patternProperties` keys."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                yield value
            elif key == "patternProperties" and isinstance(value, dict):
                yield from value
            yield from _patterns(value)
    elif isinstance(node, list):
        for value in node:
            yield from _patterns(value)


PATTERNS = sorted({p for name in schema_names() for p in _patterns(load_schema(name))})


@pytest.mark.parametrize("pattern", PATTERNS)
def test_every_pattern_reads_alike_in_both_validators(pattern):
    """Text that matches the pattern, then the same with odd text at an end or inside: as
    a value (`pattern`) and as a key (`patternProperties` with no other keys allowed)."""
    import jsonschema_rs
    schemas = [{"pattern": pattern},
               {"type": "object", "patternProperties": {pattern: {}}, "additionalProperties": False}]
    fast = [jsonschema_rs.Draft202012Validator(s, validate_formats=False, offline=True) for s in schemas]
    slow = [validator_class()(s) for s in schemas]

    @settings(max_examples=60, deadline=None, derandomize=True, database=None)
    @given(st.data())
    def check(data):
        text = data.draw(st.from_regex(pattern, fullmatch=True, alphabet=st.characters(codec="utf-8")))
        if data.draw(st.booleans()):
            text = odd_text(text, data.draw)
        for value, f, s in zip((text, {text: 1}), fast, slow):
            assert f.is_valid(value) == s.is_valid(value), (pattern, value)

    check()


def test_a_trailing_newline_misses_an_id_pattern():
    """The case that made two notions of valid: python-jsonschema found no error where
    jsonschema-rs found one, so the document passed."""
    data = {"id": "ENGLAND\n"}
    schema = {"properties": {"id": {"pattern": "^[A-Z0-9][A-Z0-9_]*$"}}}
    assert not validator_class()(schema).is_valid(data)
    assert [e.validator for e in validator_class()(schema).iter_errors(data)] == ["pattern"]
    keys = {"patternProperties": {"^[A-Z]+$": {}}, "additionalProperties": False}
    assert not validator_class()(keys).is_valid({"ENG\n": 1})
    assert validator_class()(keys).is_valid({"ENG": 1})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_documents_agree(data):
    name, schema, original = data.draw(st.sampled_from(TRIMMED))
    doc = copy.deepcopy(original)
    parent, key, node = None, None, doc
    for _ in range(data.draw(st.integers(0, 6))):  # walk down to a random value
        children = _children(node)
        if not children:
            break
        parent, key = node, data.draw(st.sampled_from(children))
        node = node[key]
    action = data.draw(st.sampled_from(["replace", "delete", "add", "duplicate"]))
    if action == "replace" and parent is not None:
        parent[key] = data.draw(st.sampled_from(ODD_VALUES))
    elif action == "delete" and parent is not None:
        del parent[key]
    elif action == "add" and isinstance(node, dict):
        node[data.draw(st.sampled_from(["zzz", "id", "type", "source", "name", "1"]))] = \
            data.draw(st.sampled_from(ODD_VALUES))
    elif action == "duplicate" and isinstance(node, list) and node:
        node.append(copy.deepcopy(node[0]))
    elif parent is None:
        doc = data.draw(st.sampled_from(ODD_VALUES))
    assert agree(schema, doc), name


@pytest.mark.parametrize("schema, instance, valid", [
    ({"type": "integer"}, 1.0, True), ({"type": "integer"}, True, False),
    ({"type": "number"}, False, False), ({"enum": [1, 2]}, True, False),
    ({"const": 0}, False, False), ({"uniqueItems": True}, [1, True], True),
    ({"uniqueItems": True}, [{"a": 1}, {"a": 1}], False),
    ({"items": False, "prefixItems": [{}]}, [1, 2], False),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 1, False),
    ({"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"minimum": 3}}, 2, False),
    ({"patternProperties": {"^a": {"type": "string"}}, "additionalProperties": False}, {"ab": "x"}, True),
    ({"patternProperties": {"^a": {"type": "string"}}, "additionalProperties": False}, {"b": "x"}, False),
    ({"propertyNames": {"maxLength": 2}}, {"abc": 1}, False),
    ({"maximum": 1000}, 10 ** 30, False), ({"maxLength": 1}, "\U0001F600", True),
    ({"format": "email"}, "not an address", True),     # formats are annotations, as in Mapwright
])
def test_keyword_semantics_match_jsonschema(schema, instance, valid):
    import jsonschema_rs
    from jsonschema import Draft202012Validator
    assert Draft202012Validator(schema).is_valid(instance) is valid
    assert jsonschema_rs.Draft202012Validator(schema, validate_formats=False, offline=True).is_valid(instance) is valid


def test_a_yaml_date_goes_to_python_jsonschema():
    assert not _clearly_valid({"title": datetime.date(2020, 1, 1)}, "game", SCHEMA_DIR)
    assert not validator("game").is_valid({"title": datetime.date(2020, 1, 1)})
