"""A fast yes/no check of a document against a JSON Schema, for the common case.

jsonschema builds a validator object, a resolver lookup and an error generator for
every value it visits; on a 10,000-province map that is most of the validation time,
spent proving that nothing is wrong. `compile_check(schema, resolver)` turns the
schema once into nested closures that only answer "valid?". When the answer is yes,
there is nothing to report; when it is no, `schemas.validate_document` asks jsonschema
for the errors, so messages and positions come from one place.

The closures implement exactly the keywords Mapwright's schemas use, with
jsonschema's own semantics (Draft 2020-12 type checks, bool is not a number,
`equal`/`uniq` from jsonschema, `re.search`, `format` as an annotation).
A schema using any other keyword gets no fast check (`None`): jsonschema does it all.
"""
from __future__ import annotations

import numbers
import re

from jsonschema._utils import equal, uniq

# Keywords that never affect validity here (format is an annotation: Mapwright's
# validators have no format checker).
_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description",
                          "examples", "default", "deprecated", "readOnly", "writeOnly", "format",
                          "then", "else"})  # then/else are read by `if`
_SUPPORTED = frozenset({"type", "properties", "patternProperties", "additionalProperties",
                        "required", "propertyNames", "items", "prefixItems", "minItems", "maxItems",
                        "uniqueItems", "enum", "const", "minimum", "maximum", "exclusiveMinimum",
                        "exclusiveMaximum", "minLength", "maxLength", "pattern", "allOf", "anyOf",
                        "oneOf", "not", "if", "$ref"})


class Unsupported(Exception):
    """The schema uses something this checker does not implement."""


def _is_integer(x) -> bool:
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or (isinstance(x, float) and x.is_integer())


def _is_number(x) -> bool:
    return not isinstance(x, bool) and isinstance(x, numbers.Number)


_TYPES = {
    "array": lambda x: isinstance(x, list),
    "boolean": lambda x: isinstance(x, bool),
    "integer": _is_integer,
    "null": lambda x: x is None,
    "number": _is_number,
    "object": lambda x: isinstance(x, dict),
    "string": lambda x: isinstance(x, str),
}


def compile_check(schema, resolver):
    """A function instance -> bool (True: jsonschema finds no error), or None when the
    schema needs keywords this module does not implement."""
    try:
        return _Compiler().compile(schema, resolver)
    except Unsupported:
        return None


class _Compiler:
    def __init__(self):
        self.done: dict[int, object] = {}   # id(subschema) -> check (refs may recurse)

    def compile(self, schema, resolver):
        if schema is True:
            return _always
        if schema is False:
            return _never
        if not isinstance(schema, dict):
            raise Unsupported(f"schema {schema!r}")
        key = id(schema)
        if key in self.done:
            return self.done[key]
        if "$id" in schema and resolver is not None:  # a nested resource: refs resolve against it
            resolver = resolver.in_subresource(_resource(schema))
        cell: list = []
        self.done[key] = lambda x: cell[0](x)   # placeholder while compiling (recursive refs)
        unknown = set(schema) - _SUPPORTED - _ANNOTATIONS
        if unknown:
            raise Unsupported(", ".join(sorted(unknown)))
        checks = [self.keyword(name, schema[name], schema, resolver) for name in sorted(schema)
                  if name in _SUPPORTED]
        checks = [c for c in checks if c is not None]
        check = _all(checks)
        cell.append(check)
        self.done[key] = check
        return check

    # Each keyword mirrors jsonschema._keywords: applies only to its instance type.
    def keyword(self, name, value, schema, resolver):
        sub = self.compile
        if name == "type":
            names = [value] if isinstance(value, str) else list(value)
            if not all(isinstance(t, str) and t in _TYPES for t in names):
                raise Unsupported(f"type {value!r}")
            tests = [_TYPES[t] for t in names]
            if len(tests) == 1:
                return tests[0]
            return lambda x: any(t(x) for t in tests)
        if name == "properties":
            props = {k: sub(v, resolver) for k, v in value.items()}

            def properties(x):
                if isinstance(x, dict):
                    for k, v in x.items():
                        check = props.get(k)
                        if check is not None and not check(v):
                            return False
                return True
            return properties
        if name == "patternProperties":
            pats = [(re.compile(p).search, sub(v, resolver)) for p, v in value.items()]

            def pattern_properties(x):
                if isinstance(x, dict):
                    for search, check in pats:
                        for k, v in x.items():
                            if search(k) and not check(v):
                                return False
                return True
            return pattern_properties
        if name == "additionalProperties":
            declared = schema.get("properties", {})
            joined = "|".join(schema.get("patternProperties", {}))
            matches = re.compile(joined).search if joined else None
            check = sub(value, resolver) if isinstance(value, dict) else None

            def additional(x):
                if isinstance(x, dict):
                    for k in x:
                        if k in declared or (matches is not None and matches(k)):
                            continue
                        if check is None:
                            if not value:
                                return False
                        elif not check(x[k]):
                            return False
                return True
            return additional
        if name == "required":
            keys = list(value)
            return lambda x: not isinstance(x, dict) or all(k in x for k in keys)
        if name == "propertyNames":
            check = sub(value, resolver)
            return lambda x: not isinstance(x, dict) or all(map(check, x))
        if name == "items":
            prefix = len(schema.get("prefixItems", []))
            if value is False:
                return lambda x: not isinstance(x, list) or len(x) <= prefix
            check = sub(value, resolver)
            if prefix:
                return lambda x: not isinstance(x, list) or all(map(check, x[prefix:]))
            return lambda x: not isinstance(x, list) or all(map(check, x))
        if name == "prefixItems":
            checks = [sub(v, resolver) for v in value]
            return lambda x: not isinstance(x, list) or all(c(v) for c, v in zip(checks, x))
        if name == "minItems":
            return lambda x: not isinstance(x, list) or len(x) >= value
        if name == "maxItems":
            return lambda x: not isinstance(x, list) or len(x) <= value
        if name == "uniqueItems":
            if not value:
                return None
            return lambda x: not isinstance(x, list) or uniq(x)
        if name == "enum":
            strings = frozenset(v for v in value if isinstance(v, str))
            if len(strings) == len(value):   # the usual case: a set lookup is `equal` for str
                return lambda x: isinstance(x, str) and x in strings
            return lambda x: any(equal(each, x) for each in value)
        if name == "const":
            return lambda x: equal(x, value)
        if name in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            bound = value
            if name == "minimum":
                return lambda x: not _is_number(x) or not x < bound
            if name == "maximum":
                return lambda x: not _is_number(x) or not x > bound
            if name == "exclusiveMinimum":
                return lambda x: not _is_number(x) or not x <= bound
            return lambda x: not _is_number(x) or not x >= bound
        if name == "minLength":
            return lambda x: not isinstance(x, str) or len(x) >= value
        if name == "maxLength":
            return lambda x: not isinstance(x, str) or len(x) <= value
        if name == "pattern":
            search = re.compile(value).search
            return lambda x: not isinstance(x, str) or search(x) is not None
        if name == "allOf":
            checks = [sub(v, resolver) for v in value]
            return lambda x: all(c(x) for c in checks)
        if name == "anyOf":
            checks = [sub(v, resolver) for v in value]
            return lambda x: any(c(x) for c in checks)
        if name == "oneOf":
            checks = [sub(v, resolver) for v in value]
            return lambda x: sum(1 for c in checks if c(x)) == 1
        if name == "not":
            check = sub(value, resolver)
            return lambda x: not check(x)
        if name == "if":
            cond = sub(value, resolver)
            then = sub(schema["then"], resolver) if "then" in schema else _always
            else_ = sub(schema["else"], resolver) if "else" in schema else _always
            return lambda x: then(x) if cond(x) else else_(x)
        if name == "$ref":
            if resolver is None:
                raise Unsupported("$ref without a registry")
            try:
                resolved = resolver.lookup(value)
            except Exception as exc:  # unresolvable: let jsonschema report it its own way
                raise Unsupported(f"$ref {value!r}: {exc}") from None
            return sub(resolved.contents, resolved.resolver)
        raise Unsupported(name)


def _resource(schema):
    from referencing.jsonschema import DRAFT202012
    return DRAFT202012.create_resource(schema)


def _always(_x) -> bool:
    return True


def _never(_x) -> bool:
    return False


def _all(checks):
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    checks = tuple(checks)

    def every(x):
        for check in checks:
            if not check(x):
                return False
        return True
    return every
