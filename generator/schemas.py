"""JSON Schema validation of loaded documents, with positions and helpful hints.

Schemas live in schemas/<kind>.schema.json and refer to each other by `$id`
(https://mapwright.dev/schemas/<kind>.schema.json); the registries serve them
from disk, so nothing is ever fetched from the network.

Two validators, one verdict: most documents are valid, and proving that with
python-jsonschema costs most of the time on a large map (it builds an error generator
for every value it visits). So `validate_document` first asks jsonschema-rs (compiled,
Draft 2020-12) for a yes/no; only when the answer is no does python-jsonschema find
the errors, so messages and positions come from one place. tests/test_schemas_fast.py
checks the two agree on every bundled file and on many mutated ones. python-jsonschema
(and its `referencing`) is imported only then: a clean validate never loads it.
"""
from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache
from pathlib import Path

from typing import TYPE_CHECKING

import jsonschema_rs

from .diagnostics import Diagnostic, register
from .loader import Document, escape_pointer_token
from .paths import SCHEMA_DIR, family_names

SCHEMA_ERROR = register("MW101", "Value does not match the schema",
                        "A value has the wrong type, is out of range or misses a pattern. "
                        "The message says what the schema expects; see the schema's reference page.")
UNKNOWN_KEY = register("MW102", "Unknown key",
                       "A key that the schema does not define (often a typo). Rename it to one the "
                       "schema lists; the hint suggests the closest.")
MISSING_KEY = register("MW103", "Required key missing",
                       "The schema requires this key. Add it.")
UNKNOWN_SCHEMA = register("MW104", "Unknown schema",
                          "A family names a schema that does not exist in schemas/. This is a "
                          "Mapwright bug or a broken installation: reinstall.")

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

ID_PREFIX = "https://mapwright.dev/schemas/"


def schema_names(schema_dir: Path = SCHEMA_DIR) -> list[str]:
    return sorted(p.name[: -len(".schema.json")] for p in schema_dir.glob("*.schema.json"))


@lru_cache(maxsize=None)
def load_schema(name: str, schema_dir: Path = SCHEMA_DIR) -> dict:
    """The schema as validation and the site use it. game.yaml's `family` enum is the
    family registry's list (paths.family_names()); the file on disk carries the same list
    for editors, and a test keeps the two equal."""
    schema = json.loads((schema_dir / f"{name}.schema.json").read_text(encoding="utf-8"))
    if name == "game":
        schema["properties"]["family"]["enum"] = list(family_names())
    return schema


@lru_cache(maxsize=None)
def _registry(schema_dir: Path = SCHEMA_DIR) -> Registry:
    from referencing import Registry, Resource
    resources = []
    for name in schema_names(schema_dir):
        schema = load_schema(name, schema_dir)
        resource = Resource.from_contents(schema)
        resources.append((schema.get("$id", ID_PREFIX + f"{name}.schema.json"), resource))
        resources.append((f"{name}.schema.json", resource))
    return Registry().with_resources(resources)


# One notion of valid. A JSON Schema `pattern` is an ECMA-262 regular expression, and
# jsonschema-rs (like the editors' schema support) reads it so: `$` is the end of the
# text. python-jsonschema hands it to Python's `re`, whose `$` also matches before a final
# "\n", so "ENGLAND\n" passed "^[A-Z0-9_]+$" there while jsonschema-rs refused it, and as
# python-jsonschema explains a refusal, nothing was reported. Rather than rewrite every
# pattern of the schemas (and every pattern to come) in a form both engines read alike, the
# python-jsonschema validator matches patterns the ECMA way: `$` outside a character class
# becomes `\Z`. The schemas' patterns use nothing else whose meaning differs between the
# two dialects (no `.`, `\d`, `\w`, `\s`, `\b`); tests/test_schemas_fast.py holds every
# pattern of the schemas to jsonschema-rs's verdict on fuzzed text.
@lru_cache(maxsize=None)
def ecma_regex(pattern: str) -> re.Pattern:
    """`pattern` (an ECMA-262 regular expression, without flags) as a Python regex."""
    out, in_class, escaped = [], False, False
    for ch in pattern:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "$":
            ch = r"\Z"
        out.append(ch)
    return re.compile("".join(out))


def _extra_keys(instance: dict, schema: dict) -> list:
    """The keys of `instance` that neither `properties` nor `patternProperties` of `schema` name."""
    declared = schema.get("properties", {})
    patterns = [ecma_regex(p) for p in schema.get("patternProperties", {})]
    return [k for k in instance if k not in declared and not any(p.search(k) for p in patterns)]


def _pattern(validator, pattern, instance, schema):
    from jsonschema.exceptions import ValidationError
    if validator.is_type(instance, "string") and not ecma_regex(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _required(validator, required, instance, schema):
    """python-jsonschema's `required`, each error keeping its missing key (`missing_key`):
    its message is the key's repr, which says it in double quotes when it holds a `'`."""
    from jsonschema.exceptions import ValidationError
    if validator.is_type(instance, "object"):
        for key in required:
            if key not in instance:
                error = ValidationError(f"{key!r} is a required property")
                error.missing_key = key
                yield error


def _pattern_properties(validator, patterns, instance, schema):
    if validator.is_type(instance, "object"):
        for pattern, subschema in patterns.items():
            for key, value in instance.items():
                if ecma_regex(pattern).search(key):
                    yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(validator, additional, instance, schema):
    from jsonschema.exceptions import ValidationError
    if not validator.is_type(instance, "object"):
        return
    extras = _extra_keys(instance, schema)
    if validator.is_type(additional, "object"):
        for key in extras:
            yield from validator.descend(instance[key], additional, path=key)
    elif additional is False and extras:
        yield ValidationError(f"unknown keys: {', '.join(sorted(map(repr, extras)))}")


@lru_cache(maxsize=None)
def validator_class():
    """Draft 2020-12 of python-jsonschema, its three keywords that match patterns matching
    them the ECMA way (see `ecma_regex`), its `required` errors naming the key (`_required`)."""
    from jsonschema import Draft202012Validator
    from jsonschema.validators import extend
    return extend(Draft202012Validator, {"pattern": _pattern, "patternProperties": _pattern_properties,
                                         "additionalProperties": _additional_properties,
                                         "required": _required})


@lru_cache(maxsize=None)
def validator(name: str, schema_dir: Path = SCHEMA_DIR) -> Draft202012Validator:
    return validator_class()(load_schema(name, schema_dir), registry=_registry(schema_dir))


@lru_cache(maxsize=None)
def _rs_registry(schema_dir: Path = SCHEMA_DIR) -> jsonschema_rs.Registry:
    return jsonschema_rs.Registry([(load_schema(n, schema_dir).get("$id", ID_PREFIX + f"{n}.schema.json"),
                                    load_schema(n, schema_dir)) for n in schema_names(schema_dir)])


@lru_cache(maxsize=None)
def fast_check(name: str, schema_dir: Path = SCHEMA_DIR):
    """The compiled yes/no check of schema `name` (jsonschema-rs; formats are annotations,
    as for the python-jsonschema validator, and nothing is fetched)."""
    compiled = jsonschema_rs.Draft202012Validator(load_schema(name, schema_dir), registry=_rs_registry(schema_dir),
                                                  validate_formats=False, offline=True)
    return compiled.is_valid


def _clearly_valid(data, name: str, schema_dir: Path) -> bool:
    try:
        return fast_check(name, schema_dir)(data)
    except ValueError:   # a value JSON has no type for (a YAML date, say): python-jsonschema decides
        return False


def _pointer(path) -> str:
    return "".join("/" + escape_pointer_token(p) for p in path)


_SUGGEST = 200  # unknown keys per object that get a did-you-mean


def _declared_keys(schema: dict) -> list[str]:
    keys = list(schema.get("properties", {}))
    for branch in schema.get("allOf", []) + schema.get("anyOf", []) + schema.get("oneOf", []):
        if isinstance(branch, dict):
            keys += list(branch.get("properties", {}))
    return keys


def _unknown_keys(error: ValidationError) -> list[str]:
    instance, schema = error.instance, error.schema
    return sorted(_extra_keys(instance, schema)) if isinstance(instance, dict) else []


def _specific(error: ValidationError) -> ValidationError:
    """For oneOf/anyOf failures, the branch error that says most about the problem."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        from jsonschema.exceptions import best_match
        return _specific(best_match(error.context))
    return error


def _short(value, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _expected(error: ValidationError) -> str:
    """What the failed keyword wanted, in words; empty for keywords without a short form."""
    value = error.validator_value
    if error.validator == "enum":
        return "one of " + ", ".join(_short(v, 30) for v in value)
    words = {"type": "type {}", "const": "{}", "pattern": "text matching {}", "minimum": "a number ≥ {}",
             "maximum": "a number ≤ {}", "exclusiveMinimum": "a number > {}", "exclusiveMaximum": "a number < {}",
             "minLength": "at least {} characters", "maxLength": "at most {} characters",
             "minItems": "at least {} items", "maxItems": "at most {} items", "format": "format {}"}
    shown = _short(value) if error.validator == "const" else value
    return words[error.validator].format(shown) if error.validator in words else ""


def diagnostics_for(error: ValidationError, doc: Document, schema_name: str) -> list[Diagnostic]:
    error = _specific(error)
    pointer = _pointer(error.absolute_path)
    reference = f"see the '{schema_name}' schema reference page"
    if error.validator == "additionalProperties":
        found = []
        declared = _declared_keys(error.schema)
        allowed = f"allowed keys here: {', '.join(sorted(declared)) or 'none'}"
        for n, key in enumerate(_unknown_keys(error)):
            # a near miss is a typo worth naming; past the first few hundred unknown keys
            # the file is not mistyped but something else, and difflib's cost adds up
            close = difflib.get_close_matches(key, declared, n=1, cutoff=0.6) if n < _SUGGEST else []
            hint = f"did you mean '{close[0]}'?" if close else allowed
            found.append(doc.diagnostic(f"{pointer}/{escape_pointer_token(key)}", UNKNOWN_KEY,
                                        f"unknown key '{key}'", hint=hint))
        if found:
            return found
    if error.validator == "required":
        missing = error.missing_key
        return [doc.diagnostic(pointer, MISSING_KEY, f"missing required key '{missing}'",
                               hint=f"add '{missing}' here; {reference}")]
    where = f" at {pointer}" if pointer else ""
    message = error.message
    expected = _expected(error)
    if expected:
        message = f"{_short(error.instance)} is not valid{where}: expected {expected}"
    hint = error.schema.get("description", "") if isinstance(error.schema, dict) else ""
    return [doc.diagnostic(pointer, SCHEMA_ERROR, message,
                           hint=(f"{hint} ({reference})" if hint else reference))]


def validate_document(doc: Document, schema_name: str, schema_dir: Path = SCHEMA_DIR) -> list[Diagnostic]:
    """All schema problems of one document, each at the line and column of the offending value."""
    if not (schema_dir / f"{schema_name}.schema.json").is_file():
        return [doc.diagnostic("", UNKNOWN_SCHEMA, f"no schema named '{schema_name}'")]
    if _clearly_valid(doc.data, schema_name, schema_dir):  # most documents: no errors to explain
        return []
    found: list[Diagnostic] = []
    for error in validator(schema_name, schema_dir).iter_errors(doc.data):
        found.extend(diagnostics_for(error, doc, schema_name))
    return sorted(set(found))
