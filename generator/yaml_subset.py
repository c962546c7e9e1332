"""The YAML that content may hold, shared by the loader's reading (`loader`), its
faster path (`yaml_fast`) and the locator (`locator`): the parser, the scalar tags allowed with the function that
makes each value (numbers only those JSON carries), and the pointer and nesting helpers
both need. No reading happens here."""
from __future__ import annotations

import re
from itertools import accumulate
from math import isfinite

import yaml
from yaml.nodes import ScalarNode

_BASE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Composer(_BASE_LOADER):
    """libyaml's parser when present (much faster on large maps); same safe node graph
    either way. The tag of a plain scalar depends on its text alone, so it is resolved
    once per distinct text in a document (a map repeats its ids and coordinates: the
    regular expressions were a third of composing it). The memo lives with the loader
    object, one per document: linear in the document's size."""

    def __init__(self, stream):
        super().__init__(stream)
        self._plain_tags: dict[str, str] = {}

    def resolve(self, kind, value, implicit):
        if kind is ScalarNode and implicit[0]:
            tag = self._plain_tags.get(value)
            if tag is None:
                tag = self._plain_tags[value] = super().resolve(kind, value, implicit)
            return tag
        return super().resolve(kind, value, implicit)


# a plain scalar starting with any other character is a string (the resolver's own index)
IMPLICIT_FIRST = frozenset(k for k in Composer.yaml_implicit_resolvers if k)


def escape_pointer_token(token) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


STANDARD_TAGS = {f"tag:yaml.org,2002:{t}" for t in
                 ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")}
MERGE_TAG = "tag:yaml.org,2002:merge"
STR_TAG = "tag:yaml.org,2002:str"
INT_TAG = "tag:yaml.org,2002:int"
FLOAT_TAG = "tag:yaml.org,2002:float"
# I-JSON (RFC 7493): the integers every JSON reader keeps exactly (and a float holds)
SAFE_INTEGER = 2 ** 53 - 1
NOT_FINITE = "is not a finite number (JSON has no infinity or NaN)"
TOO_LARGE_INTEGER = "is beyond ±(2^53 - 1), the integers JSON keeps exactly (RFC 7493)"


class NotJsonNumber(ValueError):
    """`.inf`, `.nan`, a float that overflows or an integer past I-JSON's range: no
    number the schemas describe (a ValueError, so the shortcut readers step aside and
    the reading as written reports it with its place)."""

    def __init__(self, node=None, why: str = NOT_FINITE):
        super().__init__(why)
        self.node, self.why = node, why


def _json_float(constructor, node: ScalarNode) -> float:
    value = constructor.construct_yaml_float(node)
    if not isfinite(value):
        raise NotJsonNumber(node)
    return value


def _json_int(constructor, node: ScalarNode) -> int:
    value = constructor.construct_yaml_int(node)
    if abs(value) > SAFE_INTEGER:
        raise NotJsonNumber(node, TOO_LARGE_INTEGER)
    return value


def finite_json_float(text: str) -> float:
    value = float(text)
    if not isfinite(value):
        raise NotJsonNumber()
    return value


def safe_json_int(text: str) -> int:
    value = int(text)
    if abs(value) > SAFE_INTEGER:
        raise NotJsonNumber(why=TOO_LARGE_INTEGER)
    return value


# The scalar tags content may use, each with SafeConstructor's function for it (numbers
# checked to be ones JSON, which the schemas describe, carries).
SCALAR_CONSTRUCTORS = {tag: yaml.constructor.SafeConstructor.yaml_constructors[tag]
                        for tag in STANDARD_TAGS - {"tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}}
SCALAR_CONSTRUCTORS[FLOAT_TAG] = _json_float
SCALAR_CONSTRUCTORS[INT_TAG] = _json_int


def plain_decimal(text: str) -> bool:
    """Digits only, no leading zero (YAML 1.1 reads `012` as octal): int() gives exactly
    what SafeConstructor.construct_yaml_int would, minus its Python-level parsing."""
    return text.isdigit() and text.isascii() and (text[0] != "0" or len(text) == 1) and len(text) < 16


_NOT_BRACKETS = re.compile(r"[^\[\]{}]++")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def bracket_nesting(text: str) -> int:
    """The deepest bracket nesting of `text` (an upper bound on its flows' depth): the
    brackets, in order, with a running sum of +1/-1 (loops in C: a map holds some 100,000)."""
    return max(accumulate(map(_DEPTH.__getitem__, _NOT_BRACKETS.sub("", text))), default=0)
