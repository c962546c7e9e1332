"""Safe YAML loading that remembers where every value came from.

`load_document(path)` returns a `Document`: plain Python data (dicts, lists,
scalars) plus a map from JSON pointer to (line, column), so any later check can
report a precise location. Only the safe YAML subset is understood; nothing in a
content file can construct objects or run code. Malformed, oversized or hostile
input becomes diagnostics, never an exception.

Two readings, one answer: the common document is read straight from libyaml's events
(`_read_short`, its one-line flows of numbers, words and plain strings by the C json
parser); a document it does not handle, or with anything to report, is read again as
written, composed into nodes (`_Converter`), which alone makes diagnostics. Positions are
looked up in the text as written, on demand.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from itertools import accumulate
from math import isfinite
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .diagnostics import Diagnostic, register

YAML_SYNTAX = register("MW001", "YAML syntax error",
                       "The file is not valid YAML. Fix the syntax at the reported position.")
DUPLICATE_KEY = register("MW002", "Duplicate key",
                         "A mapping names the same key twice; YAML would silently keep only one.")
NOT_UTF8 = register("MW003", "File is not UTF-8",
                    "Content files must be UTF-8 text. Re-save the file as UTF-8.")
EMPTY_FILE = register("MW004", "Empty file",
                      "The file holds no YAML document. Add the content or delete the file.")
TOO_LARGE = register("MW005", "Content too large or too deep",
                     "The file exceeds Mapwright's limits on size, node count or nesting "
                     "depth (a guard against alias bombs). Split it or remove repeated aliases.")
MISSING_FILE = register("MW006", "Required file missing",
                        "A file the game's family needs does not exist. Create it.")
NON_STRING_KEY = register("MW007", "Mapping key is not a string",
                          "Content keys must be plain strings. Quote the key.")
MULTIPLE_DOCUMENTS = register("MW008", "More than one YAML document",
                              "A content file holds exactly one YAML document; remove the extra `---`.")
NOT_JSON_NUMBER = register("MW009", "Number JSON cannot carry",
                           "Content is checked against JSON Schemas, and JSON has no infinity and no "
                           "NaN: YAML's `.inf`, `.nan`, a float too large (`1.0e+400`) or an integer "
                           "beyond ±(2^53 - 1) (RFC 7493) would reach the renderers as no number they "
                           "can draw. Write a finite number within that range, or quote the value if "
                           "it is text.")

_BASE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Composer(_BASE_LOADER):
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


_COMPOSER = _Composer

MAX_BYTES = 20 * 1024 * 1024
MAX_NODES = 1_000_000
MAX_DEPTH = 64


def escape_pointer_token(token) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


@dataclass
class Document:
    """Plain data plus where each value stands in the file.

    Positions are found on demand by walking the composed YAML nodes (`root`), so
    loading stays fast on large maps; `positions` holds explicit ones (tests, API).
    The loader keeps the source `text` rather than the node graph (a 10,000-province
    map composes to millions of objects that would only slow the garbage collector
    down for the rest of the run); `root` is composed again from it the first time a
    position is asked for, which happens only when there is something to report."""

    path: str  # as shown to users: relative to the working directory when possible
    data: object = None
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    root: object = field(default=None, repr=False)
    line_offset: int = 0  # for documents cut out of a larger file (example blocks)
    text: str | None = field(default=None, repr=False)

    # mapping node -> {key: (key node, value node)}, built the first time a lookup passes
    # through it, so n lookups in a mapping of n keys cost linear time, not quadratic
    _keys: dict | None = field(default=None, init=False, repr=False, compare=False)

    def _root(self):
        if self.root is None and self.text is not None:
            self.root = _first_node(self.text)
            self.text = None
        return self.root

    def _locate(self, pointer: str) -> tuple[int, int] | None:
        root = self._root()
        if root is None:
            return None
        if self._keys is None:
            self._keys = {}
        return _walk(root, pointer, self._keys)

    def where(self, pointer: str) -> tuple[int, int]:
        """Line and column of `pointer`, or of its nearest ancestor that has one."""
        probe = pointer
        while probe not in self.positions and probe:
            probe = probe.rsplit("/", 1)[0]
        found = None if probe in self.positions and probe == pointer else self._locate(pointer)
        if found is not None:
            line, column = found
        elif probe in self.positions:
            line, column = self.positions[probe]
        else:
            line, column = (1, 1)
        return line + self.line_offset, column

    def diagnostic(self, pointer: str, code: str, message: str, *, hint: str = "",
                   severity: str | None = None) -> Diagnostic:
        from .diagnostics import CODES
        line, column = self.where(pointer)
        sev = severity or (CODES[code].severity if code in CODES else "error")
        return Diagnostic(self.path, line, column, code, message, sev, pointer, hint)


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def _mark(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _entries(node: MappingNode):
    """(key node, value node) pairs of a mapping: its own first, then those merged with `<<`."""
    merged = []
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE_TAG:
            merged += [value_node] if isinstance(value_node, MappingNode) else \
                [n for n in getattr(value_node, "value", []) if isinstance(n, MappingNode)]
        else:
            yield key_node, value_node
    for source in merged:
        yield from _entries(source)


def _key_index(node: MappingNode) -> dict:
    index: dict = {}
    for k, v in _entries(node):
        if isinstance(k, ScalarNode):
            index.setdefault(k.value, (k, v))   # the first entry wins, as YAML merge says
    return index


def _walk(root, pointer: str, keys: dict | None = None) -> tuple[int, int]:
    keys = {} if keys is None else keys
    node, found = root, _mark(root)
    for token in (_unescape(t) for t in pointer.split("/")[1:]):
        if isinstance(node, MappingNode):
            index = keys.get(node)
            if index is None:
                index = keys[node] = _key_index(node)
            match = index.get(token)
            if match is None:
                return found
            found, node = _mark(match[0]), match[1]
        elif isinstance(node, SequenceNode) and token.isdigit() and int(token) < len(node.value):
            node = node.value[int(token)]
            found = _mark(node)
        else:
            return found
    return found


class _Limit(Exception):
    def __init__(self, node, why):
        self.node, self.why = node, why


_STANDARD_TAGS = {f"tag:yaml.org,2002:{t}" for t in
                  ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")}
_MERGE_TAG = "tag:yaml.org,2002:merge"
_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
# I-JSON (RFC 7493): the integers every JSON reader keeps exactly (and a float holds)
_SAFE_INTEGER = 2 ** 53 - 1
_NOT_FINITE = "is not a finite number (JSON has no infinity or NaN)"
_TOO_LARGE_INTEGER = "is beyond ±(2^53 - 1), the integers JSON keeps exactly (RFC 7493)"


def _clipped(text: str, most: int = 40) -> str:
    return text if len(text) <= most else f"{text[:most // 2]}…{text[-8:]} ({len(text):,} characters)"


class _NotJsonNumber(ValueError):
    """`.inf`, `.nan`, a float that overflows or an integer past I-JSON's range: no
    number the schemas describe (a ValueError, so the shortcut readers step aside and
    the reading as written reports it with its place)."""

    def __init__(self, node=None, why: str = _NOT_FINITE):
        super().__init__(why)
        self.node, self.why = node, why


def _json_float(constructor, node: ScalarNode) -> float:
    value = constructor.construct_yaml_float(node)
    if not isfinite(value):
        raise _NotJsonNumber(node)
    return value


def _json_int(constructor, node: ScalarNode) -> int:
    value = constructor.construct_yaml_int(node)
    if abs(value) > _SAFE_INTEGER:
        raise _NotJsonNumber(node, _TOO_LARGE_INTEGER)
    return value


def _finite_json_float(text: str) -> float:
    value = float(text)
    if not isfinite(value):
        raise _NotJsonNumber()
    return value


def _safe_json_int(text: str) -> int:
    value = int(text)
    if abs(value) > _SAFE_INTEGER:
        raise _NotJsonNumber(why=_TOO_LARGE_INTEGER)
    return value


# The scalar tags content may use, each with SafeConstructor's function for it (numbers
# checked to be ones JSON, which the schemas describe, carries).
_SCALAR_CONSTRUCTORS = {tag: yaml.constructor.SafeConstructor.yaml_constructors[tag]
                        for tag in _STANDARD_TAGS - {"tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}}
_SCALAR_CONSTRUCTORS[_FLOAT_TAG] = _json_float
_SCALAR_CONSTRUCTORS[_INT_TAG] = _json_int


def _plain_decimal(text: str) -> bool:
    """Digits only, no leading zero (YAML 1.1 reads `012` as octal): int() gives exactly
    what SafeConstructor.construct_yaml_int would, minus its Python-level parsing."""
    return text.isdigit() and text.isascii() and (text[0] != "0" or len(text) == 1) and len(text) < 16


class _BadTag(Exception):
    def __init__(self, node):
        self.node = node


class _Converter:
    """Turns a composed node graph into plain data, counting nodes as it goes."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.path: list = []
        self.count = 0
        self.diagnostics: list[Diagnostic] = []
        self.constructor = yaml.SafeLoader.__new__(yaml.SafeLoader)
        yaml.constructor.SafeConstructor.__init__(self.constructor)

    def pointer(self) -> str:
        return "".join("/" + escape_pointer_token(t) for t in self.path)

    def scalar(self, node: ScalarNode):
        """A scalar's value. Strings (most of any map) skip the constructor; the other
        standard tags call SafeConstructor's function for that tag directly, which is what
        `construct_object` would do minus its per-node bookkeeping."""
        if node.tag == _STR_TAG:
            return node.value
        if node.tag == _INT_TAG and _plain_decimal(node.value):
            return int(node.value)
        construct = _SCALAR_CONSTRUCTORS.get(node.tag)
        if construct is None:  # e.g. `!!map` on a scalar: let the constructor report it
            return self.constructor.construct_object(node, deep=True)
        return construct(self.constructor, node)

    def convert(self, node, depth: int):
        self.count += 1
        if self.count > MAX_NODES:
            raise _Limit(node, f"more than {MAX_NODES:,} values (aliases and merges included)")
        if depth > MAX_DEPTH:
            raise _Limit(node, f"nested more than {MAX_DEPTH} levels deep")
        if node.tag not in _STANDARD_TAGS:
            raise _BadTag(node)
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if isinstance(node, SequenceNode):
            return self.sequence(node, depth)
        if isinstance(node, MappingNode):
            return self.mapping(node, depth)
        raise _Limit(node, f"unsupported YAML node {type(node).__name__}")

    def sequence(self, node: SequenceNode, depth: int) -> list:
        # Scalar items (coordinate lists, id lists: most nodes of a large map) are
        # handled inline, with the same checks in the same order as `convert`.
        out = []
        path, inner = self.path, depth + 1
        for i, item in enumerate(node.value):
            if type(item) is ScalarNode and item.tag in _SCALAR_CONSTRUCTORS and inner <= MAX_DEPTH:
                self.count += 1
                if self.count > MAX_NODES:
                    raise _Limit(item, f"more than {MAX_NODES:,} values (aliases and merges included)")
                tag, value = item.tag, item.value
                if tag == _STR_TAG:
                    out.append(value)
                elif tag == _INT_TAG and value.isdigit() and value.isascii() and (
                        value[0] != "0" or len(value) == 1) and len(value) < 16:   # _plain_decimal inline
                    out.append(int(value))
                else:
                    out.append(_SCALAR_CONSTRUCTORS[tag](self.constructor, item))
            else:
                path.append(i)
                out.append(self.convert(item, inner))
                path.pop()
        return out

    def mapping(self, node: MappingNode, depth: int) -> dict:
        result: dict = {}
        first_line: dict[str, int] = {}
        # the top-level keys' positions are kept (a handful): a diagnostic about a whole
        # section then needs no second pass over the text to find where it starts
        top = self.doc.positions if depth == 0 else None
        merged: dict = {}
        for key_node, value_node in node.value:
            line, column = _mark(key_node)
            if key_node.tag == _MERGE_TAG:  # `<<: *base` or `<<: [*a, *b]`: earlier sources win
                sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
                for source in sources:
                    if not isinstance(source, MappingNode):
                        raise _Limit(source, "a `<<` merge key must name mappings")
                    self.path.append("<<")
                    for k, v in self.convert(source, depth + 1).items():
                        merged.setdefault(k, v)
                    self.path.pop()
                continue
            key = self.scalar(key_node) if isinstance(key_node, ScalarNode) else None
            if not isinstance(key, str):
                if isinstance(key, (int, float)) and not isinstance(key, bool):
                    key = str(key)
                else:
                    self.diagnostics.append(Diagnostic(
                        self.doc.path, line, column, NON_STRING_KEY,
                        f"mapping key {key!r} is not a string", pointer=self.pointer(),
                        hint="write keys as plain words, quoted if they look like numbers or booleans"))
                    continue
            self.path.append(key)
            if key in result:
                self.diagnostics.append(Diagnostic(
                    self.doc.path, line, column, DUPLICATE_KEY,
                    f"key '{key}' appears twice in this mapping (first on line {first_line[key]})",
                    pointer=self.pointer(), hint="remove one of the two entries or rename it"))
            else:
                first_line[key] = line
                if top is not None:
                    top.setdefault("/" + escape_pointer_token(key), (line, column))
                result[key] = self.convert(value_node, depth + 1)
            self.path.pop()
        if merged:  # explicit keys override merged ones, as YAML's merge key says
            return {**merged, **result}
        return result


class _NotShort(Exception):
    """The shortcut cannot give the same answer as reading the text as written."""


# A flow sequence of integers and words that ends its line after `key: ` (a geometry file's
# outlines and contacts, a map's coordinates) holds most of a large map's bytes. With each
# word written as JSON (`_json_word`), JSON reads exactly these as YAML 1.1 does: digits
# and '-' make the same integers (JSON refuses the leading zeros YAML would read as octal,
# and `1a`), and whatever else json refuses is left to YAML. The C json parser reads them
# many times faster than composing one node per value. Anchored after ': ' (':' is not in
# the class) and possessive: each character is read once.
# Group 1: one of numbers only (a province's outline), which json reads with no tokens.
# (A literal start: the search for it stays in C, where a look-behind tries every character.)
_SIMPLE_FLOW = re.compile(r": (?:(\[[-0-9, \[\]]*+$)|(\[[-0-9A-Za-z_, \[\]]*+$))", re.M)
# A flow mapping that ends its line after a block sequence's `- ` or a key's `: `: a map's
# provinces, powers and borders, a hex map's hexes are thousands of them (`- {id: LRM, name:
# Long Range Mountains, color: "#00c81c", label: [12, 34]}`, `"0101": {terrain: clear}`).
# Printable text with no brace inside and no backslash, so a double-quoted string holds no
# escape and reads in JSON as in YAML.
_SIMPLE_MAPPING = re.compile(r" (\{[ -\[\]-z|~\xa0-\u024f]*+\})(?= *+$)", re.M)   # after `-` or `:`
# The words and double-quoted strings of simple flows, in order; JSON reads what lies
# between them (brackets, commas, colons, numbers) or refuses it. A word is a YAML plain
# scalar: it starts with a letter or `_` and goes on with letters, digits, `_-./` and
# spaces (in a flow, a plain scalar runs to `,` `:` `]` `}`: `Long Range Mountains` is
# one; YAML keeps the spaces inside it and drops those after it, as `_json_word` does).
# One character class, repeated: the split stays in C, linear.
_TOKEN = re.compile(r'("[^"]*+"|[A-Za-z_][-./0-9A-Za-z_ ]*+)')
_QUOTED = re.compile(r'"[^"]*+"')
_BARE_COLON = re.compile(r":(?! )")
# YAML takes a key for one only when its `:` comes within 1024 characters of its start
# (libyaml and PyYAML alike): a flow with a token that long (from a delimiter or a quote:
# each character is read from one start at most) is left to YAML.
_LONGEST_KEY = 1000
_LONG_TOKEN = re.compile(r'[,{\[][^,{}\[\]:"]{%d}|"[^"]{%d}' % (_LONGEST_KEY, _LONGEST_KEY))
_RESOLVER = yaml.resolver.Resolver()   # the resolver the loaders use (no path resolvers)
_SHORTEST_FLOW = 60   # characters: below this, a sequence costs YAML less than its placeholder
_CHUNK = 100         # flows read again together when json refuses one of a file's
_NO_JSON = "?"        # a word YAML reads as neither string, boolean nor null: json refuses its flow


def _json_word(token: str) -> str:
    """A token of a simple flow as JSON text reading as YAML reads it: a double-quoted
    string as itself, a word as a string in quotes, `true`/`yes`/`off`... as true or
    false, `null` as null (the resolver decides, on the whole word: `Null Island` is a
    string); `_NO_JSON` for anything else."""
    if token[0] == '"':
        return token
    word = token.rstrip(" ")
    if word[0] not in _IMPLICIT_FIRST:
        return f'"{word}"'
    tag = _RESOLVER.resolve(ScalarNode, word, (True, False))
    if tag == _STR_TAG:
        return f'"{word}"'
    if tag == "tag:yaml.org,2002:bool":
        return "true" if yaml.constructor.SafeConstructor.bool_values[word.lower()] else "false"
    return "null" if tag == "tag:yaml.org,2002:null" else _NO_JSON


# digits as "1", all else as " ": a run of 16 digits (an integer that may pass
# _SAFE_INTEGER) is then found by a substring search, in C (a regular expression tries
# every digit of a map's coordinates: six times slower)
_DIGITS_AS_ONES = bytes(49 if 48 <= b <= 57 else 32 for b in range(256))


def _json_or_none(text: str, careful: bool = False):
    try:
        if careful:   # rare: each integer checked, a Python call each
            return json.loads(text, parse_float=_finite_json_float, parse_int=_safe_json_int)
        return json.loads(text, parse_float=_finite_json_float)
    except (ValueError, RecursionError):
        return None


def _as_json(flows: list[str], words: dict[str, str]) -> list:
    """The value of each of `flows` (simple flows, see above), or None where json refuses
    it (a word YAML reads otherwise, `1a`, a leading zero, two values). All are read in one
    json call, tokens and all: flow by flow they would cost what YAML's events do."""
    pieces = _TOKEN.split(",\n".join(flows))   # between, token, between, ...
    for token in set(pieces[1::2]) - words.keys():
        words[token] = _json_word(token)
    pieces[1::2] = map(words.__getitem__, pieces[1::2])
    return _json_lines("".join(pieces), len(flows))


def _json_lines(text: str, count: int) -> list:
    """The values of the `count` lines of JSON in `text` (joined by `,\n`; none holds a
    line break), None for each json refuses. All in one call; when json refuses that,
    read again a hundred lines at a time, and a hundred it refuses one by one: each line
    is read at most three times, with some count / 100 calls more."""
    careful = b"1" * 16 in text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ONES)
    values = _json_or_none(f"[{text}]", careful) if count else []
    if type(values) is list and len(values) == count:
        return values
    lines = text.split(",\n")
    if len(lines) != count:
        return [None] * count
    values = []
    for at in range(0, len(lines), _CHUNK):
        chunk = lines[at:at + _CHUNK]
        some = _json_or_none("[" + ",".join(chunk) + "]", careful)
        values += some if type(some) is list and len(some) == len(chunk) else \
            (_json_or_none(line, careful) for line in chunk)
    return values


def _nesting(text: str) -> int:
    """The deepest bracket nesting of `text` (an upper bound on its flows' depth): the
    brackets, in order, with a running sum of +1/-1 (loops in C: a map holds some 100,000)."""
    return max(accumulate(map(_DEPTH.__getitem__, _NOT_BRACKETS.sub("", text))), default=0)


def _balanced(flow: str) -> bool:
    """As many `]` as `[` (a flow mapping holds no other brace): json reading the flows in
    one text then ends each where it ends, or counts more values than flows (`[1], [2]`),
    or refuses; one left open would take the next flows in (`[1, [2]`, then `[3]]`)."""
    return flow.count("[") == flow.count("]")


def _simple_flows(text: str) -> tuple[str, dict | None]:
    """`text` with each simple flow replaced by `[]` (a flow mapping by `{}`), and, by the
    character offset of that placeholder in the new text, (its value, an upper bound on
    the node count, nesting, the values after it, their keys' column, whether they are
    items); None for the flows when they may hold more values than a document may (the
    text as written then says so, and nothing is spent on them here). A run of a block
    collection's lines, each a simple flow after `- ` or a plain key (a map's borders, a
    hex map's hexes), is one placeholder, its entry holding the values after the first
    (with their keys); None there for a flow that starts no run."""
    numbers, worded = [], []   # (offset in text, flow, placeholder, the flow minus its strings)
    for match in _SIMPLE_FLOW.finditer(text):
        numeric, flow = match.groups()
        flow = (numeric or flow).rstrip(" ")
        if len(flow) >= _SHORTEST_FLOW and flow.endswith("]") and _balanced(flow):
            (numbers if numeric else worded).append((match.start() + 2, flow, "[]", flow))
    for match in _SIMPLE_MAPPING.finditer(text):
        start = match.start()
        if not start or text[start - 1] not in "-:":
            continue
        flow = match.group(1)
        bare = _QUOTED.sub("0", flow) if '"' in flow else flow
        # every colon outside a string a key's (one with no space after is part of a YAML
        # word); every quote paired, within its own flow
        if '"' not in bare and not _BARE_COLON.search(bare) and _balanced(bare) and not (
                len(flow) > _LONGEST_KEY and _LONG_TOKEN.search(flow)):
            worded.append((start + 1, flow, "{}", bare))
    words: dict[str, str] = {}   # token -> its JSON, for the flows and the keys of runs
    values = _json_lines(",\n".join(item[1] for item in numbers), len(numbers)) + \
        (_as_json([item[1] for item in worded], words) if worded else [])
    found = sorted(zip(numbers + worded, values), key=lambda item: item[0][0])
    pieces, flows, last, size, nodes = [], {}, 0, 0, 0
    # The run being read as one placeholder: [value, bound, nesting, the values after the
    # first (with their keys, in a mapping), the keys' column, whether items]; and what
    # lies between two of its flows: a line break, then the first's `- ` (the same column),
    # or the indentation of its key (the next key follows).
    run, step = None, ""
    for (start, flow, placeholder, bare), value in found:
        # fewer keys than colons: a key repeated
        if value is None or placeholder == "{}" and len(value) != bare.count(":"):
            continue
        # every value follows a comma or opens its collection: values <= commas + openers,
        # and the flow itself; it is nested no deeper than it has openers (counted exactly
        # when they are many)
        openers = bare.count("[") + bare.count("{")
        bound = bare.count(",") + openers + 1
        nodes += bound
        if nodes > MAX_NODES:
            return text, None
        nesting = openers if openers <= MAX_DEPTH // 4 else _nesting(bare)
        if run is not None and text.startswith(step, last):
            key = (_ITEM if start - last == len(step) else None) if run[5] else \
                _entry_key(text, last + len(step), start, words)
            if key is not None:
                # the next item or entry of the same block collection, on the next line: it
                # joins the run, and its line is left empty (the reader takes the run's
                # values at the first's place; the lines below keep their numbers)
                run[3].append(value if key is _ITEM else (key, value))
                run[1] += bound
                run[2] = max(run[2], nesting)
                pieces.append("\n")
                size += 1
                last = start + len(flow)
                continue
        pieces.append(text[last:start])
        size += start - last
        line = text.rfind("\n", 0, start) + 1
        lead = text[line:start]
        column = len(lead) - len(lead.lstrip(" "))
        if len(lead) == column + 2 and lead.endswith("- "):   # the line's first thing: a run's
            run, step = [value, bound, nesting, [], column, True], "\n" + lead
        elif _entry_key(text, line + column, start, words) is not None:
            run, step = [value, bound, nesting, [], column, False], "\n" + lead[:column]
        else:
            run = None
        flows[size] = run or (value, bound, nesting, None, 0, False)
        pieces.append(placeholder)
        size += 2
        last = start + len(flow)
    pieces.append(text[last:])
    return "".join(pieces), flows


_ITEM = object()   # a block sequence's item (`- `), in a run
_PLAIN_KEY = re.compile(r'"[ !#-\[\]-~]*+"|[A-Za-z_][-./0-9A-Za-z_ ]*+(?<! )')


def _entry_key(text: str, at: int, start: int, words: dict[str, str]) -> str | None:
    """The key from `at` to the `: ` before the flow at `start` when it is plain text YAML
    reads as a string (in double quotes with no escape, or a word), else None."""
    if not text.startswith(": ", start - 2) or start - at > _LONGEST_KEY:
        return None
    key = _PLAIN_KEY.fullmatch(text, at, start - 2)
    if key is None:
        return None
    key = key.group()
    if key[0] == '"':
        return key[1:-1]
    as_json = words.get(key)
    if as_json is None:
        as_json = words[key] = _json_word(key)
    return key if as_json == f'"{key}"' else None


def _read_short(text: str, doc: Document) -> bool:
    """Read the data of `text` straight from the parser's events, its simple flows read
    as JSON (`_simple_flows`). True when that gave the data and there is nothing to
    report; otherwise the caller reads the text as written (nodes, then `_Converter`), so
    every diagnostic and limit comes from one place. Positions are looked up later in the
    text as written.

    The common case, read without a node graph: no anchors, aliases, tags or merge keys,
    string (or number) keys, each once. A node per value costs several Python calls
    (the node, its tag, the path resolvers); an event costs one loop step here."""
    short, flows = _simple_flows(text)
    if flows is None:
        return False
    try:
        data = _data_from_events(_COMPOSER(short), flows, doc.positions)
    except (_NotShort, yaml.YAMLError, RecursionError, ValueError, OverflowError):
        data = _NotShort
    if data is _NotShort:
        doc.positions.clear()
        return False
    doc.data, doc.text = data, text
    return True


_ScalarEvent, _SequenceStart, _MappingStart = yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent
_CollectionEnd = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
# a plain scalar starting with any other character is a string (the resolver's own index)
_IMPLICIT_FIRST = frozenset(k for k in _COMPOSER.yaml_implicit_resolvers if k)
_KEY, _UNSEEN = object(), object()   # a mapping awaiting a key; a value not constructed yet


def _data_from_events(parser, flows: dict, top: dict):
    """The first document's data, or _NotShort. `top` gets the root mapping's key positions."""
    get, plain_tags, resolve = parser.get_event, parser._plain_tags, parser.resolve
    values: dict = {}   # constructed scalars by (tag, text): bools, nulls, numbers, dates
    constructor = yaml.SafeLoader.__new__(yaml.SafeLoader)
    yaml.constructor.SafeConstructor.__init__(constructor)
    # the containers being filled, each with its key awaiting a value (None in a sequence)
    stack: list = []
    container, key, count, block = None, None, 0, False   # block: not a flow collection
    event = get()
    while not isinstance(event, yaml.DocumentStartEvent):
        if isinstance(event, yaml.StreamEndEvent):
            return _NotShort
        event = get()
    while True:
        event = get()
        kind = type(event)
        if kind in _CollectionEnd:
            value = container
            container, key, block = stack.pop()
        else:
            if event.anchor is not None or kind is yaml.AliasEvent or event.tag is not None:
                return _NotShort
            if key is not _KEY:
                count += 1   # values only, as `_Converter` counts
                if count > MAX_NODES:
                    return _NotShort
            elif kind is not _ScalarEvent:   # a collection as a key: a diagnostic
                return _NotShort
            if kind is _ScalarEvent:
                text = event.value
                if not event.implicit[0]:
                    value = text
                else:
                    tag = _STR_TAG if text and text[0] not in _IMPLICIT_FIRST else \
                        plain_tags.get(text) or resolve(ScalarNode, text, (True, False))
                    if tag == _STR_TAG:
                        value = text
                    elif tag == _INT_TAG and _plain_decimal(text):
                        value = int(text)
                    elif tag in _SCALAR_CONSTRUCTORS:   # each immutable: made once per text
                        value = values.get((tag, text), _UNSEEN)
                        if value is _UNSEEN:
                            node = ScalarNode(tag, text, event.start_mark, event.end_mark)
                            value = values[(tag, text)] = _SCALAR_CONSTRUCTORS[tag](constructor, node)
                    else:   # the merge key `<<`, or a tag no content may use
                        return _NotShort
            elif kind is _SequenceStart or kind is _MappingStart:
                if len(stack) >= MAX_DEPTH:
                    return _NotShort
                flow = flows.pop(event.start_mark.index, None)
                if flow is not None:   # the `[]` or `{}` left in a simple flow's place
                    value, nodes, nesting, more, column, items = flow
                    count += nodes - 1   # this event counted one
                    if count > MAX_NODES or len(stack) + nesting > MAX_DEPTH or not isinstance(
                            get(), yaml.SequenceEndEvent if kind is _SequenceStart else yaml.MappingEndEvent):
                        return _NotShort
                    if more:   # a run of a block collection's lines, the first in its place
                        if not block or (key is None) is not items or key is _KEY:
                            return _NotShort
                        if items:
                            container.append(value)
                            container.extend(more)
                            continue
                        container[key] = value
                        line = event.start_mark.line + 1
                        for line, (key, value) in enumerate(more, line + 1):
                            if key in container:
                                return _NotShort   # a duplicate: reported by the reading as written
                            container[key] = value
                            if len(stack) == 1:
                                top.setdefault("/" + escape_pointer_token(key), (line, column + 1))
                        key = _KEY
                        continue
                else:
                    stack.append((container, key, block))
                    container, key = ([], None) if kind is _SequenceStart else ({}, _KEY)
                    block = not event.flow_style
                    continue
            else:
                return _NotShort
        # `value` is complete: it goes into `container`
        if not stack and container is None:
            break
        if key is None:
            container.append(value)
        elif key is _KEY:   # `value` is a key
            if type(value) is not str:
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    value = str(value)
                else:
                    return _NotShort
            if value in container:
                return _NotShort   # a duplicate: reported by the reading as written
            key = value
            if len(stack) == 1:
                mark = event.start_mark
                top.setdefault("/" + escape_pointer_token(value), (mark.line + 1, mark.column + 1))
        else:
            container[key] = value
            key = _KEY
    if flows or not isinstance(get(), yaml.DocumentEndEvent) or \
            not isinstance(get(), yaml.StreamEndEvent):   # a flow not read as one, a second document
        return _NotShort
    return value


def _flow_depth_exceeds(text: str, limit: int) -> bool:
    """A cheap upper bound on bracket nesting, so libyaml's recursive composer never
    sees a document deep enough to overflow the C stack."""
    return _nesting(text) > limit


_NOT_BRACKETS = re.compile(r"[^\[\]{}]++")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def _event_depth_exceeds(text: str, limit: int):
    """The exact check, on the event stream (libyaml's parser does not recurse)."""
    depth = 0
    for event in yaml.parse(text, Loader=_COMPOSER):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > limit:
                return event.start_mark
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
    return None


def display_path(path: Path) -> str:
    """`path` as users see it: relative to the working directory when inside it. The
    folder is resolved, not the file, so a link is shown as itself (and a looping or
    dangling one does not raise)."""
    path = Path(path)
    try:
        folder = path.parent.resolve()
        return str((folder / path.name).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


def load_text(text: str, shown_path: str) -> tuple[Document, list[Diagnostic]]:
    """Parse YAML text already decoded; the pure core of `load_document`."""
    doc = Document(shown_path)
    if not text.strip() or all(line.lstrip().startswith("#") or not line.strip()
                               for line in text.splitlines()):
        return doc, [Diagnostic(shown_path, 1, 1, EMPTY_FILE, "the file is empty",
                                hint="add the content this file should hold, or delete it")]
    try:
        if _read_short(text, doc):   # it reads no document nested deeper than MAX_DEPTH
            return doc, []
        if _flow_depth_exceeds(text, MAX_DEPTH):
            mark = _event_depth_exceeds(text, MAX_DEPTH)
            if mark is not None:
                return doc, [Diagnostic(shown_path, mark.line + 1, mark.column + 1, TOO_LARGE,
                                        f"content is too large: nested more than {MAX_DEPTH} levels deep",
                                        hint=f"keep nesting below {MAX_DEPTH} levels")]
        nodes = list(yaml.compose_all(text, Loader=_COMPOSER))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or "invalid YAML"
        started = f" started on line {exc.context_mark.line + 1}" \
            if exc.context_mark and exc.problem_mark and exc.context_mark.line != exc.problem_mark.line else ""
        context = f" ({exc.context}{started})" if exc.context else ""
        return doc, [Diagnostic(shown_path, line, column, YAML_SYNTAX, f"{problem}{context}",
                                hint="check indentation, colons and quoting at this position")]
    except yaml.YAMLError as exc:  # errors without a position
        return doc, [Diagnostic(shown_path, 1, 1, YAML_SYNTAX, str(exc).splitlines()[0],
                                hint="check the file's YAML syntax")]
    except RecursionError:
        return doc, [Diagnostic(shown_path, 1, 1, TOO_LARGE, "the document is nested too deeply to read",
                                hint=f"keep nesting below {MAX_DEPTH} levels")]
    nodes = [n for n in nodes if n is not None]
    if not nodes:
        return doc, [Diagnostic(shown_path, 1, 1, EMPTY_FILE, "the file holds no YAML document",
                                hint="add the content this file should hold, or delete it")]
    diagnostics: list[Diagnostic] = []
    if len(nodes) > 1:
        mark = nodes[1].start_mark
        diagnostics.append(Diagnostic(shown_path, mark.line + 1, mark.column + 1, MULTIPLE_DOCUMENTS,
                                      "a second YAML document starts here",
                                      hint="keep one document per file"))
    converter = _Converter(doc)
    try:
        doc.data = converter.convert(nodes[0], 0)
    except _Limit as limit:
        mark = limit.node.start_mark
        doc.data = None
        return doc, [Diagnostic(shown_path, mark.line + 1, mark.column + 1, TOO_LARGE,
                                f"content is too large: {limit.why}",
                                hint="remove repeated aliases or split the file")]
    except _BadTag as bad:
        mark = bad.node.start_mark
        return doc, [Diagnostic(shown_path, mark.line + 1, mark.column + 1, YAML_SYNTAX,
                                f"the YAML tag '{bad.node.tag}' is not allowed in content",
                                hint="remove the tag: content files hold plain values only")]
    except _NotJsonNumber as bad:
        mark = bad.node.start_mark
        return doc, [Diagnostic(shown_path, mark.line + 1, mark.column + 1, NOT_JSON_NUMBER,
                                f"'{_clipped(bad.node.value)}' {bad.why}",
                                hint="write a finite number within that range, or quote the value if it is text")]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return doc, [Diagnostic(shown_path, line, column, YAML_SYNTAX, f"cannot read a value: {exc.problem}",
                                hint="check the value's syntax")]
    except (yaml.YAMLError, ValueError, OverflowError) as exc:
        return doc, [Diagnostic(shown_path, 1, 1, YAML_SYNTAX, f"cannot read a value: {exc}",
                                hint="check the value's syntax")]
    doc.text = text  # positions are composed again from it when first asked for
    return doc, diagnostics + converter.diagnostics


def _first_node(text: str):
    """The first document's node graph; the text was composed once already, so it parses."""
    try:
        return next((n for n in yaml.compose_all(text, Loader=_COMPOSER) if n is not None), None)
    except (yaml.YAMLError, RecursionError):
        return None


def load_document(path: Path) -> tuple[Document, list[Diagnostic]]:
    """Read one YAML content file; never raises for bad content."""
    shown = display_path(path)
    raw, problem = read_content_file(path, shown)
    if problem is not None:
        return Document(shown), [problem]
    return load_bytes(raw, shown)


def read_content_file(path: Path, shown: str) -> tuple[bytes, Diagnostic | None]:
    """A content file's bytes, or the diagnostic saying why it cannot be read."""
    if not path.is_file():
        what = "is a folder, not a file" if path.is_dir() else "not found"
        return b"", Diagnostic(shown, 1, 1, MISSING_FILE, f"file {what}", hint="create the file or fix the path")
    try:
        if path.stat().st_size > MAX_BYTES:
            return b"", Diagnostic(shown, 1, 1, TOO_LARGE, f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                                   hint="split the file")
        return path.read_bytes(), None
    except OSError as exc:
        return b"", Diagnostic(shown, 1, 1, MISSING_FILE, f"the file cannot be read: {exc.strerror or exc}",
                               hint="check that it is a readable file")


def decode_content(raw: bytes, shown: str) -> tuple[str, Diagnostic | None]:
    """A content file's bytes as text, or the diagnostic naming the first byte that is not UTF-8."""
    body = raw.removeprefix(b"\xef\xbb\xbf")     # a byte-order mark is no text
    try:
        return body.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line, column = undecodable_at(body, exc.start)
        return "", Diagnostic(shown, line, column, NOT_UTF8, f"byte 0x{body[exc.start]:02x} is not valid UTF-8",
                              hint="re-save the file with UTF-8 encoding")


def load_bytes(raw: bytes, shown: str) -> tuple[Document, list[Diagnostic]]:
    """A content file's bytes (as read from the file `shown`) parsed; never raises."""
    text, problem = decode_content(raw, shown)
    if problem is not None:
        return Document(shown), [problem]
    return load_text(text, shown)


def undecodable_at(raw: bytes, start: int) -> tuple[int, int]:
    """(line, column), from 1, of the byte at `start`, the first that is not UTF-8. The
    column counts characters, as every other diagnostic's does (the bytes before it
    are valid UTF-8)."""
    before = raw[:start]
    return before.count(b"\n") + 1, len(before.rsplit(b"\n", 1)[-1].decode("utf-8")) + 1
