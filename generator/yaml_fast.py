"""The loader's faster path: the common content file (no anchors, aliases, tags or merge
keys; string keys, each once) read straight from libyaml's events, its one-line flows of
numbers, words and plain strings by the C json parser. It gives the data, or None when
it cannot promise what the reading as written (`loader.load_text`, nodes then
`_Converter`) gives; it never reports: every diagnostic and limit comes from that
reading. tests/test_loader.py holds the two readings to the same data, positions and
diagnostics (Hypothesis over generated YAML, the bundled maps edited)."""
from __future__ import annotations

import json
import re

import yaml
from yaml.nodes import ScalarNode

from .yaml_subset import (IMPLICIT_FIRST, INT_TAG, SCALAR_CONSTRUCTORS, STR_TAG, Composer, escape_pointer_token,
                          finite_json_float, bracket_nesting, plain_decimal, safe_json_int)

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
    if word[0] not in IMPLICIT_FIRST:
        return f'"{word}"'
    tag = _RESOLVER.resolve(ScalarNode, word, (True, False))
    if tag == STR_TAG:
        return f'"{word}"'
    if tag == "tag:yaml.org,2002:bool":
        return "true" if yaml.constructor.SafeConstructor.bool_values[word.lower()] else "false"
    return "null" if tag == "tag:yaml.org,2002:null" else _NO_JSON


# digits as "1", all else as " ": a run of 16 digits (an integer that may pass
# SAFE_INTEGER) is then found by a substring search, in C (a regular expression tries
# every digit of a map's coordinates: six times slower)
_DIGITS_AS_ONES = bytes(49 if 48 <= b <= 57 else 32 for b in range(256))


def _json_or_none(text: str, careful: bool = False):
    try:
        if careful:   # rare: each integer checked, a Python call each
            return json.loads(text, parse_float=finite_json_float, parse_int=safe_json_int)
        return json.loads(text, parse_float=finite_json_float)
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


def _balanced(flow: str) -> bool:
    """As many `]` as `[` (a flow mapping holds no other brace): json reading the flows in
    one text then ends each where it ends, or counts more values than flows (`[1], [2]`),
    or refuses; one left open would take the next flows in (`[1, [2]`, then `[3]]`)."""
    return flow.count("[") == flow.count("]")


def _simple_flows(text: str, max_nodes: int, max_depth: int) -> tuple[str, dict | None]:
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
        if nodes > max_nodes:
            return text, None
        nesting = openers if openers <= max_depth // 4 else bracket_nesting(bare)
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


def read_common(text: str, max_nodes: int, max_depth: int) -> tuple[object, dict] | None:
    """The data of `text` and its top-level keys' positions (JSON pointer -> line and
    column), read straight from the parser's events with its simple flows read as JSON
    (`_simple_flows`); None when this path cannot promise the answer of the reading as
    written: something to report, a limit (`max_nodes` values, `max_depth` levels) near,
    or a construct it does not read (anchors, aliases, tags, merge keys, complex keys).

    A node per value costs several Python calls (the node, its tag, the path resolvers);
    an event costs one loop step here."""
    short, flows = _simple_flows(text, max_nodes, max_depth)
    if flows is None:
        return None
    top: dict = {}
    try:
        data = _data_from_events(Composer(short), flows, top, max_nodes, max_depth)
    except (_NotShort, yaml.YAMLError, RecursionError, ValueError, OverflowError):
        return None
    return None if data is _NotShort else (data, top)


_ScalarEvent, _SequenceStart, _MappingStart = yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent
_CollectionEnd = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_KEY, _UNSEEN = object(), object()   # a mapping awaiting a key; a value not constructed yet


def _data_from_events(parser, flows: dict, top: dict, max_nodes: int, max_depth: int):
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
                if count > max_nodes:
                    return _NotShort
            elif kind is not _ScalarEvent:   # a collection as a key: a diagnostic
                return _NotShort
            if kind is _ScalarEvent:
                text = event.value
                if not event.implicit[0]:
                    value = text
                else:
                    tag = STR_TAG if text and text[0] not in IMPLICIT_FIRST else \
                        plain_tags.get(text) or resolve(ScalarNode, text, (True, False))
                    if tag == STR_TAG:
                        value = text
                    elif tag == INT_TAG and plain_decimal(text):
                        value = int(text)
                    elif tag in SCALAR_CONSTRUCTORS:   # each immutable: made once per text
                        value = values.get((tag, text), _UNSEEN)
                        if value is _UNSEEN:
                            node = ScalarNode(tag, text, event.start_mark, event.end_mark)
                            value = values[(tag, text)] = SCALAR_CONSTRUCTORS[tag](constructor, node)
                    else:   # the merge key `<<`, or a tag no content may use
                        return _NotShort
            elif kind is _SequenceStart or kind is _MappingStart:
                if len(stack) >= max_depth:
                    return _NotShort
                flow = flows.pop(event.start_mark.index, None)
                if flow is not None:   # the `[]` or `{}` left in a simple flow's place
                    value, nodes, nesting, more, column, items = flow
                    count += nodes - 1   # this event counted one
                    if count > max_nodes or len(stack) + nesting > max_depth or not isinstance(
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
