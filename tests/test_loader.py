import pytest
import yaml
from hypothesis import given, settings, strategies as st

from generator.loader import (DUPLICATE_KEY, EMPTY_FILE, MAX_DEPTH, MAX_NODES, MULTIPLE_DOCUMENTS, NOT_JSON_NUMBER,
                              NOT_UTF8, TOO_LARGE, YAML_SYNTAX, load_document, load_text)


def test_positions_point_at_keys_and_items():
    doc, diags = load_text("title: x\nprovinces:\n  - id: A\n    coasts: [NC, SC]\n", "f.yaml")
    assert diags == []
    assert doc.where("/provinces/0/coasts/1") == (4, 18)
    assert doc.where("/provinces/0/id") == (3, 5)
    assert doc.where("/provinces/0/missing/deeper") == (3, 5)  # nearest ancestor


def test_duplicate_key_reported_at_second_occurrence():
    _, diags = load_text("a: 1\nb: 2\na: 3\n", "f.yaml")
    assert [(d.code, d.line, d.column) for d in diags] == [(DUPLICATE_KEY, 3, 1)]
    assert "first on line 1" in diags[0].message


def test_syntax_error_has_position():
    _, diags = load_text("a: [1, 2\nb: 3\n", "f.yaml")
    assert diags[0].code == YAML_SYNTAX and diags[0].line >= 2


def test_empty_and_comment_only_files():
    for text in ("", "   \n", "# only a comment\n"):
        _, diags = load_text(text, "f.yaml")
        assert [d.code for d in diags] == [EMPTY_FILE]


def test_second_document_is_reported():
    _, diags = load_text("a: 1\n---\nb: 2\n", "f.yaml")
    assert [d.code for d in diags] == [MULTIPLE_DOCUMENTS]


def test_non_utf8_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"title: caf\xe9\n")
    _, diags = load_document(path)
    assert [(d.code, d.line, d.column) for d in diags] == [(NOT_UTF8, 1, 11)]


def test_non_utf8_byte_is_placed_in_characters_as_an_editor_counts_them(tmp_path):
    path = tmp_path / "bad.yaml"
    # a byte-order mark, then "é" (two bytes, one character) before the bad byte
    path.write_bytes(b"\xef\xbb\xbftitle: caf\xc3\xa9 \xff\n")
    _, diags = load_document(path)
    assert [(d.code, d.line, d.column) for d in diags] == [(NOT_UTF8, 1, 13)]
    path.write_bytes(b"a: 1\nname: Andr\xc3\xa9 \xe9\n")
    _, diags = load_document(path)
    assert [(d.line, d.column) for d in diags] == [(2, 13)]


def test_alias_bomb_is_bounded():
    lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i-1}"] * 10) + "]")
    _, diags = load_text("\n".join(lines) + "\n", "bomb.yaml")
    assert [d.code for d in diags] == [TOO_LARGE]


def test_deep_nesting_is_bounded():
    _, diags = load_text("a: " + "[" * 200 + "]" * 200 + "\n", "deep.yaml")
    assert diags and diags[0].code in (TOO_LARGE, YAML_SYNTAX)


def test_python_tags_are_refused():
    _, diags = load_text("a: !!python/object/apply:os.system ['echo hi']\n", "f.yaml")
    assert diags and diags[0].code == YAML_SYNTAX


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_loads_as_pyyaml_would_or_gives_diagnostics(text):
    doc, diags = load_text(text, "fuzz.yaml")
    if not diags:  # same parser (libyaml when present), same data
        assert doc.data == yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def test_typed_scalars_and_tags_load_as_pyyaml_does():
    text = ("a: [1, -2, 0x1f, 1_000, 1.5, -0.5e+3, 1e3, true, off, null, ~, 2024-01-02, '7', x]\n"
            "i: [0, 7, 10, 012, 0o7, +5, 190:20:30, 00, 0b101, 9007199254740991, -0x1FFFFFFFFFFFFF]\n"
            "b: !!str 12\nc: !!int '42'\nd: !!float 3\n"
            "e: [!!str true, !!null '', !!bool yes]\n1: numeric key\n")
    doc, diags = load_text(text, "f.yaml")
    assert diags == []
    expected = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    expected["1"] = expected.pop(1)  # the loader turns numeric keys into strings
    assert doc.data == expected


@pytest.mark.parametrize("text, line, column", [
    ("a: .inf\n", 1, 4), ("a: 1\nb: [1, -.Inf]\n", 2, 8), ("a:\n  - .nan\n", 2, 5),
    ("a: {b: 1.0e+400, c: d}\n", 1, 8), ("a: [" + ", ".join(["1"] * 30) + ", 1.0e+999]\n", 1, 95),
    (".inf: key\n", 1, 1), ("a: [&x .NaN, *x]\n", 1, 5),
    ("a: [9007199254740992]\n", 1, 5), ("a: {b: [1, 2], c: -99999999999999999}\n", 1, 19),
    ("a: 0x20000000000000\n", 1, 4), ("a:\n  - 1" + "0" * 400 + "\n", 2, 5),
    ("a: [" + ", ".join(["1"] * 30) + ", 1" + "0" * 400 + "]\n", 1, 95)])
def test_a_number_json_cannot_carry_is_refused_where_it_stands(text, line, column):
    """JSON (what the schemas describe) has no infinity or NaN, and keeps integers exactly
    only within ±(2^53 - 1); a renderer handed one divides by it or cannot make it a float.
    Every reader (events, JSON flows, nodes) refuses it alike."""
    doc, diags = load_text(text, "f.yaml")
    assert [(d.code, d.line, d.column) for d in diags] == [(NOT_JSON_NUMBER, line, column)], text
    assert ("finite" in diags[0].message or "2^53" in diags[0].message) and diags[0].hint
    assert len(diags[0].message) < 200


def test_text_that_looks_like_infinity_stays_text():
    doc, diags = load_text('a: ".inf"\nb: inf\nc: [NaN, Infinity]\n', "f.yaml")
    assert diags == [] and doc.data == {"a": ".inf", "b": "inf", "c": ["NaN", "Infinity"]}


def test_scalar_with_a_collection_tag_is_a_diagnostic_not_a_crash():
    for text in ("a: !!map x\n", "a: [!!seq x]\n", "!!map k: v\n"):
        _, diags = load_text(text, "f.yaml")
        assert [d.code for d in diags] == [YAML_SYNTAX], text


def test_loading_restores_the_garbage_collector_state():
    import gc
    assert gc.isenabled()
    load_text("a: [1, 2]\n", "f.yaml")
    load_text("a: [1, 2\n", "f.yaml")  # an error path too
    assert gc.isenabled()
    gc.disable()
    try:
        load_text("a: 1\n", "f.yaml")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_text_is_read_only_as_far_as_a_lookup_needs():
    doc, _ = load_text("a:\n  b: [1, 2]\nc: [3]\n", "f.yaml")
    assert doc._locator is None  # large maps keep only their data and text
    assert doc.where("/a") == (1, 1)   # a top-level key: known from loading, no reading
    assert doc._locator is None
    assert doc.where("/a/b/1") == (2, 10)
    assert doc._locator._kind and not doc._locator._done   # `c` not read yet
    assert doc.where("/a/b/0") == (2, 7) and doc.where("/a/b") == (2, 3) and doc.where("/c/0") == (3, 5)


def _graph_position(text: str, pointer: str) -> tuple[int, int]:
    """The reference the locator is held to: the composed node graph, walked as YAML
    reads it (a mapping's own keys, then those merged with `<<`; the first of two)."""
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    def mark(node):
        return node.start_mark.line + 1, node.start_mark.column + 1

    def entries(node):
        merged = []
        for key, value in node.value:
            if key.tag == "tag:yaml.org,2002:merge":
                merged += [value] if isinstance(value, MappingNode) else \
                    [n for n in getattr(value, "value", []) if isinstance(n, MappingNode)]
            else:
                yield key, value
        for source in merged:
            yield from entries(source)

    node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    found = mark(node)
    for token in (t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]):
        if isinstance(node, MappingNode):
            match = next(((k, v) for k, v in entries(node) if isinstance(k, ScalarNode) and k.value == token), None)
            if match is None:
                return found
            found, node = mark(match[0]), match[1]
        elif isinstance(node, SequenceNode) and token.isdigit() and int(token) < len(node.value):
            node = node.value[int(token)]
            found = mark(node)
        else:
            return found
    return found


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(alphabet="ab/~<1 :", min_size=1, max_size=3),
                       st.one_of(st.integers(-3, 3), st.lists(st.integers(0, 9), max_size=3)), max_size=4),
       st.sampled_from([None, True, False]))
def test_top_level_keys_are_located_at_load_as_the_graph_locates_them(data, flow):
    text = yaml.safe_dump(data, default_flow_style=flow)
    doc, _ = load_text(text, "f.yaml")
    for key in data:
        pointer = "/" + key.replace("~", "~0").replace("/", "~1")
        assert doc.positions[pointer] == _graph_position(text, pointer), (text, pointer)
        assert doc.where(pointer) == _graph_position(text, pointer)
    assert doc._locator is None   # none of those lookups read the text again


def _pointers(data, prefix=""):
    yield prefix
    yield prefix + "/nope"
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _pointers(v, f"{prefix}/{str(k).replace('~', '~0').replace('/', '~1')}")
    elif isinstance(data, list):
        yield prefix + f"/{len(data)}"
        for i, v in enumerate(data):
            yield from _pointers(v, f"{prefix}/{i}")


_keys = st.text(alphabet="ab/~<1 ", min_size=1, max_size=3)
_values = st.recursive(st.one_of(st.integers(-3, 3), st.text(alphabet="xy: ", max_size=3), st.none()),
                       lambda inner: st.one_of(st.lists(inner, max_size=3),
                                               st.dictionaries(_keys, inner, max_size=3)), max_leaves=12)


def _written_at(text: str, line: int, column: int) -> str:
    return text.split("\n")[line - 1][column - 1:]


def _starts_as_dumped(written: str, value) -> bool:
    """`written` begins with `value` as yaml.safe_dump writes a short scalar or key."""
    if isinstance(value, str):
        return written.startswith(value) or written[:1] in "'\"" and written[1:].startswith(value)
    return written.startswith("null" if value is None else str(value))


@settings(max_examples=150, deadline=None)
@given(_values, st.sampled_from([None, True, False]))
def test_every_pointer_is_located_at_its_key_or_item_in_the_text(data, flow):
    """The one locator, checked against the text itself: a mapping entry is found at its
    key, a sequence's scalar item at the item; a pointer to nothing at its nearest
    ancestor's place."""
    text = yaml.safe_dump({"root": data}, default_flow_style=flow)
    doc, diags = load_text(text, "f.yaml")
    assert diags == []

    def check(value, pointer, last):
        line, column = doc.where(pointer)
        if isinstance(last, str):
            assert _starts_as_dumped(_written_at(text, line, column), last), (text, pointer)
        elif not isinstance(value, (dict, list)):
            assert _starts_as_dumped(_written_at(text, line, column), value), (text, pointer)
        assert doc.where(pointer + "/nope") == (line, column), (text, pointer)
        if isinstance(value, dict):
            for k, v in value.items():
                check(v, f"{pointer}/{k.replace('~', '~0').replace('/', '~1')}", k)
        elif isinstance(value, list):
            assert doc.where(f"{pointer}/{len(value)}") == (line, column), (text, pointer)
            for i, v in enumerate(value):
                check(v, f"{pointer}/{i}", i)

    check(data, "/root", "root")


_ANCHORED = ["&a {x: 1, y: [2, 3]}", "&a [1, {x: 2}]", "&a 5", "&a {<<: {z: 1}, x: 0}", "&a {}"]
_USES = ["*a", "{<<: *a, x: 9}", "{<<: [*a, {w: 1}], y: 8}", "[*a, *a]", "{x: 1, x: 2, <<: *a}", "{'<<': *a}",
         "{*a : 1}", "{? [x] : 1, x: 3}", "{<<: *a}", "{<<: [*a]}", "{!!merge <<: *a}", "{<<: 5}", "{y: {<<: *a}}"]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_ANCHORED), st.lists(st.sampled_from(_USES), min_size=1, max_size=4),
       st.sampled_from(["block", "flow"]))
def test_aliases_and_merge_keys_are_located_as_the_composed_graph_says(anchored, uses, style):
    if style == "block":
        text = f"base: {anchored}\n" + "".join(f"u{i}: {use}\n" for i, use in enumerate(uses))
    else:
        text = "{base: " + anchored + ", " + ", ".join(f"u{i}: {use}" for i, use in enumerate(uses)) + "}\n"
    try:
        yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return
    from generator.locator import Locator
    pointers = [f"/u{i}{rest}" for i in range(len(uses)) for rest in
                ("", "/x", "/y", "/y/1", "/z", "/w", "/0", "/1/x", "/0/y/0", "/<<", "/1", "/x/deeper", "/y/x", "/y/z")]
    for pointer in pointers + ["/base/x", "/base/1/x", "/nope", ""]:
        assert Locator(text).locate(pointer) == _graph_position(text, pointer), (text, pointer)
    locator = Locator(text)   # one locator, many lookups, in any order
    for pointer in reversed(pointers):
        assert locator.locate(pointer) == _graph_position(text, pointer), (text, pointer)


def test_aliases_merges_and_odd_keys_are_located_as_yaml_reads_them():
    text = ("base: &b {x: 1, y: [2, 3]}\nuse:\n  <<: *b\n  z: 4\n  y: own\nref: *b\n"
            "? [complex, key]\n: 5\ndup: 1\ndup: 2\n'<<': quoted\nnest: {k: 1, k: 2}\n*b : aliased key\n")
    doc, _ = load_text(text, "f.yaml")
    # merged keys after the mapping's own (which win), the first of two keys, a quoted `<<`
    expected = {"/use/x": (1, 11), "/use/z": (4, 3), "/use/y": (5, 3), "/ref/y/1": (1, 24), "/dup": (9, 1),
                "/<<": (11, 1), "/nest/k": (12, 8), "/base/y/1": (1, 24), "/missing": (1, 1), "": (1, 1),
                "/use/x/deeper": (1, 11)}
    assert {pointer: doc.where(pointer) for pointer in expected} == expected


def _as_written(text):
    """load_text without the number-flow shortcut: the reference it must agree with."""
    return load_text(text, "f.yaml", fast=False)


def _same_reading(text, pointers=()):
    doc, diags = load_text(text, "f.yaml")
    ref, ref_diags = _as_written(text)
    assert (repr(doc.data), diags, doc.positions) == (repr(ref.data), ref_diags, ref.positions), text
    for pointer in pointers:
        assert doc.where(pointer) == ref.where(pointer), (text, pointer)
    return doc, diags


_FLOWS = ["[1, 2]", "[[1, -2, 0], [3]]", "[]", "[ ]", "[012, 1]", "[-0, 00]", "[1e3]", "[1,]", "[- 1]",
          "[[1], 2", "[1, 2]  ", "[[[[[[1]]]]]]", "[1]]", "[" + "9" * 5000 + "]",
          "[[ABD, LTV, 74], [_x, y_1]]", "[yes, ABD]", "[on, Off]", "[Null, n]", "[A-B]", "[12abc]", "[-a]",
          "[True, y, Y, NO, nope]", "[a b, c]", "[x,y]", "[Centre-Sud, a-, a -b, b - c]", "[1], [2]",
          "[Long Range Mountains, a  b , c ]", "[yes no, Null Island, No, on]", "[KKV/EC, 1]", "[Route 66, 1 a]"]
_LINES = ["a{i}: {f}", "  b{i}: {f}", "- c{i}: {f}", "# d{i}: {f}", "e{i}: |\n  f: {f}", "g{i}: 'x\n  y: {f}'",
          "h{i}: {{k: {f}\n  }}", "i{i}: x\n  j: {f}", "[k{i}: {f}]", "l{i}: [m: {f}\n  ]", "n{i}: &a{i} {f}",
          "a{i}: {f}", "\u00e9{i}: {f}", "o{i}:\r\n  p: {f}", "q{i}: 1\u2028r: {f}",
          # what the event reader leaves to the reading as written, and what it reads itself
          "r{i}: &x{i} {f}", "s{i}: *x0", "t{i}: !!str 5", "<<: {{u{i}: 1}}", "a0: dup", "1{i}: number key",
          "1.5: float key", "true: bool key", "~: null key", "2024-01-0{i}: date key", "v{i}: [yes, ~, 1.5, .inf, "
          "2024-01-02, 0x1f, '7', \"8\", 012, 1_000, ! x]", "---", "w{i}: [[1, 2], {{x: {f}}}]", "? [y{i}]\n: z",
          "aa{i}:\n  - {{bb: 1, cc: {f}}}\n  - dd\n  -\n  - []", "bb{i}: !!python/name:os.system", "...", "cc{i}:",
          # a block sequence's items that are one flow mapping each (a map's borders)
          "dd{i}:\n  - {{between: [AB, CD], units: {f}}}\n  - {{between: [CD, EF], units: [army]}}",
          "ee{i}:\n  - {{p: {f}, p: 1}}", "ff{i}:\n  - {{p:{f}}}", "gg{i}:\n  - {{name: Two Words, q: {f}}}",
          "hh{i}:\n  - {{b: yes, c: {f}, d: null, e: Off}}", "ii{i}: |\n  - {{g: {f}}}", "- {{jj{i}: {f}}}",
          "kk{i}:\n  -   {{x: {f}}}  ", "ll{i}:\n- {{y: {f}, z: 1a}}", "mm{i}:\n  - {{a b: {f}}}",
          # words YAML reads as one plain scalar: hyphens, spaces (one, two, after), `.` and `/`
          "nn{i}:\n  - {{id: CTS, name: Centre-Sud, q: {f}}}", "oo{i}:\n  - {{name: Long Range Mountains, l: {f}}}",
          "pp{i}:\n  - {{name: a  b , c: d , e: f -, g: h - i, j: -k}}", "qq{i}:\n  - {{t: St. Johns, u: KKV/EC, v: {f}}}",
          "rr{i}:\n  - {{n: yes no, m: Null Island, o: No, p: on, q: NULL, r: {f}}}", "ss{i}:\n  - {{a: b #c, d: {f}}}",
          "tt{i}:\n  - {{a: b\tc, d: {f}}}", "uu{i}:\n  - {{supply center: x, yes: {f}}}", "vv{i}:\n  - {{null: 1}}",
          "ww{i}:\n  - {{a: 1.5, b: -0.0, c: 1.e3, d: .5, e: 2.50, f: {f}}}", "xx{i}:\n  - {{a: 'x', b: {f}}}",
          # double-quoted strings: plain ones read by json, the others by YAML
          "yy{i}:\n  - {{id: X, color: \"#00c81c\", s: {f}}}", "zz{i}:\n  - {{a: \"x, y: [z\", b: {f}}}",
          "ab{i}:\n  - {{a: \"x\"y, b: {f}}}", "ac{i}:\n  - {{a: \"unclosed, b: {f}}}", "ad{i}:\n  - {{\"q\": \"\u00e9\u0141\"}}",
          "ae{i}:\n  - {{a: \"b\\\"c\", d: {f}}}", "af{i}:\n  - {{a: \"]]]\", b: [[[{f}]]]}}", "ag{i}:\n  - {{\"a\":1, b: {f}}}",
          "ah{i}:\n  - {{a: \"\u2028\", b: {f}}}", "ai{i}:\n  - {{a: \"x\u0085y\"}}", "aj{i}:\n  - {{a: \"\"\"\"}}",
          # a key's flow mapping (a hex map's hexes), and look-alikes
          "ak{i}: {{terrain: clear, country: {f}}}", "\"0{i}01\": {{t: St. Johns, u: [KKV/EC]}}", "al{i}: a- {{b: {f}}}",
          "am{i}: x: {{b: c}}", "an{i}:\n  - - {{b: {f}}}", "ao{i}: {{b: c}} # note", "ap{i}: {{b: c}}  ",
          # runs of a block sequence's items read as one, and what ends them
          "ba{i}:\n  - {{a: 1}}\n  # c\n  - {{b: {f}}}\n\n  - {{c: 2}}\n  - x", "bb{i}:\n- {{a: 1}}\n- {{b: {f}}}\nbc{i}: 1",
          "bd{i}:\n  - - {{a: 1}}\n    - {{b: {f}}}\n  - {{c: 1}}", "be{i}:\n  - {{a: 1}}   \n  - {{b: {f}}}\n   - {{c: 1}}",
          "bf{i}:\n  - {{a: 1}}\n  - {{a: 1, a: 2}}\n  - {{b: {f}}}", "bg{i}: - {{a: 1}}\n  - {{b: 1}}",
          "bh{i}: [\n  - {{a: 1}}\n  - {{b: 1}}]", "bi{i}: |\n  - {{a: 1}}\n  - {{b: {f}}}", "? - {{a: 1}}\n  - {{b: 1}}\n: bj{i}",
          "bk{i}:\n  - {{a: 1}}\n  -  {{b: 1}}\n  - {{c: {f}}}", "bl{i}:\n  - {{a: 1}}\n  - {{b: 1}}\n    - {{c: {f}}}",
          "bm{i}:\n  - {{a: 1}}\n  - {{b: 1}}\n  c: {f}", "bn{i}:\n  - {{a: {f}}}\n\t- {{b: 1}}", "bo{i}:\n  - {{a: 1}}\r\n  - {{b: 1}}",
          # runs of a block mapping's entries whose values are simple flows (a hex map's hexes)
          "ca{i}:\n  \"01\": {{t: a, c: {f}}}\n  \"02\": {{t: b}}\n  x y: {{t: c}}\n  yes: {{t: d}}\n  z: {{t: e}}",
          "cb{i}:\n  A: [1, 2]\n  B: {f}\n  A: [3]", "cc{i}: {{a: 1}}\ncd{i}: {f}\n\u00e9{i}: {f}\nce{i}: {f}",
          "cf{i}: [\n  a: {{b: 1}}\n  c: {{d: {f}}}\n]", "cg{i}: {{\n  a: {{b: 1}}\n  c: {{d: 1}}\n}}",
          "ch{i}:\n  a : {{b: 1}}\n  c: {{d: {f}}}", "ci{i}:\n  \"a\\\\b\": {{b: 1}}\n  \"c\": {{d: 1}}",
          "cj{i}:\n  a: {{b: 1}}\n   c: {{d: 1}}", "ck{i}:\n  a: {{b: 1}}\n  - {{d: 1}}", "cl{i}:\n  a: {{b: 1}}\n  <<: {{d: 1}}",
          "cm{i}:\n  a: {{b: 1}}\n  ? c\n  : {{d: 1}}", "cn{i}:\n  a: &x {{b: 1}}\n  c: {{d: 1}}",
          "co{i}:\n  a: {{b: 1}}\n  c: {{d: 1}} # x\n  e: {f}", "cp{i}:\n  a: {{b: 1}}\n  St. Johns: {{d: 1}}\n  a-b/c_d: {f}",
          "cq{i}:\n  a: {{b: 1}}\n  null: {{d: 1}}\n  Null Island: {{e: 1}}\n  \"a\": {f}", "cr{i}:\n- a: {{b: 1}}\n  c: {f}",
          # a key YAML takes for one only when its `:` comes within 1024 characters
          "da{i}:\n  - {{" + "k" * 1030 + ": 1, b: {f}}}", "db{i}:\n  - {{\"" + "k," * 520 + "\": 1}}",
          "dc{i}:\n  x: {{a: 1}}\n  " + "k" * 1030 + ": {{b: 2}}", "dd{i}:\n  x: {f}\n  \"" + "k" * 1030 + "\": {f}",
          "de{i}:\n  - {{a: " + "v" * 1030 + ", b: \"" + "w" * 1030 + "\"}}", "df{i}:\n  x: [1]\n  " + "k" * 995 + ": [2]"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_LINES), st.sampled_from(_FLOWS)), min_size=1, max_size=6))
def test_simple_flows_read_as_json_give_what_the_text_as_written_gives(lines):
    text = "\n".join(line.format(i=i, f=flow) for i, (line, flow) in enumerate(lines)) + "\n"
    with _every_flow():
        doc, _ = _same_reading(text)
        if isinstance(doc.data, dict):
            pointers = [f"/{k}/{i}" for k, v in doc.data.items() if isinstance(v, list) for i in range(len(v))]
            _same_reading(text, pointers)


def test_each_line_with_each_flow_reads_as_the_text_as_written():
    """Every template alone with every flow (the random mixes above may miss one)."""
    with _every_flow():
        for line in _LINES:
            for flow in _FLOWS:
                text = line.format(i=0, f=flow) + "\n"
                doc, _ = _same_reading(text)
                if isinstance(doc.data, dict):
                    _same_reading(text, list(_pointers(doc.data))[:50])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab1-:[]{}#&*!,'\"|>?~. \n", max_size=60))
def test_any_text_reads_as_the_text_as_written(text):
    _same_reading(text)


def _read_common(text):
    """Whether the faster path read `text` itself (it steps aside otherwise)."""
    from generator.yaml_fast import read_common
    return read_common(text, MAX_NODES, MAX_DEPTH) is not None


def _runs(flows: dict) -> list[int]:
    """How many flows each placeholder stands for (a run of lines read as one)."""
    return [1 + len(entry[3] or ()) for entry in flows.values()]


def _every_flow():
    """Short flows are left to YAML (json costs more there); these tests read them as JSON too."""
    from unittest import mock
    return mock.patch("generator.yaml_fast._SHORTEST_FLOW", 0)


def test_only_long_flows_are_read_as_json():
    from generator.yaml_fast import _simple_flows
    long = "[" + ", ".join(["12"] * 30) + "]"
    assert len(_simple_flows(f"a: {long}\nb: [1, 2]\nc: [[AB, CD, 3], {long}]\n", MAX_NODES, MAX_DEPTH)[1]) == 2


@_every_flow()
def test_simple_flows_keep_positions_inside_them():
    text = ("image: {w: 3}\noutlines:\n  AB: [[10, 20, 30], [40, 50]]\n  \u00e9: [1, 2]\nz: [5]\n"
            "contacts: [[AB, CD_E, 7], [no, x, 1]]\nmore: [[AB, CD_E, 7]]\n")
    doc, diags = _same_reading(text, ["/outlines/AB/1/1", "/outlines/\u00e9/1", "/z/0", "/contacts/1/0", "/more/0/1"])
    assert diags == [] and doc.data["outlines"]["AB"] == [[10, 20, 30], [40, 50]]
    assert doc.data["contacts"] == [["AB", "CD_E", 7], [False, "x", 1]] and doc.data["more"] == [["AB", "CD_E", 7]]
    assert doc.where("/outlines/AB/1/1") == (3, 27)
    from generator.yaml_fast import _simple_flows
    # all were JSON (`image: {w: 3}` too), `no` as false; `z`, `contacts` and `more` one run
    assert _runs(_simple_flows(text, MAX_NODES, MAX_DEPTH)[1]) == [1, 1, 1, 3]
    assert _read_common(text)                # the shortcut read it
    assert not _read_common("a: 1\n# b: [1]\n")  # a flow in a comment: as written


def test_one_line_flow_mappings_are_read_as_json_all_at_once():
    """A map's borders: thousands of `- {between: [A, B], units: [army]}` lines, read by
    json in one call, with the positions inside them those of the text as written."""
    borders = "".join(f"  - {{between: [P{i}, P{i + 1}], units: [army, fleet], sea: {'yes' if i % 2 else 'null'}}}\n"
                      for i in range(200))
    text = "powers:\n  - {id: A, name: Two Words}\nborders:\n" + borders + "after: [1]\n"
    doc, diags = _same_reading(text, ["/borders/0/between/1", "/borders/199/units/1", "/powers/0/name", "/after"])
    assert diags == [] and doc.data["borders"][1] == {"between": ["P1", "P2"], "units": ["army", "fleet"], "sea": True}
    from generator.yaml_fast import _simple_flows
    short, flows = _simple_flows(text, MAX_NODES, MAX_DEPTH)
    assert "Two Words" not in short     # a name of two words: one JSON string
    assert _runs(flows) == [1, 200]      # the borders: one run of items, one placeholder
    assert _read_common(text)
    for odd in ("{a: 1, a: 2}", "{a:b}", "{a: [b, [c]], d: e}", "{x: 1a}"):
        _same_reading(f"m:\n  - {odd}\n  - {{k: v}}\n")


def test_simple_flows_count_towards_the_limits(monkeypatch):
    import generator.loader as loader
    import generator.yaml_fast as yaml_fast
    monkeypatch.setattr(yaml_fast, "_SHORTEST_FLOW", 0)
    monkeypatch.setattr(loader, "MAX_NODES", 50)
    doc, diags = _same_reading("a: 1\nb: [" + ", ".join(["7"] * 60) + "]\n")
    assert [d.code for d in diags] == [TOO_LARGE]
    runs = "m:\n" + "".join(f"  - {{a: [{i}, 2], b: x}}\n" for i in range(8)) + \
        "k:\n" + "".join(f"  k{i}: [1, [2]]\n" for i in range(5))
    for limit in range(30, 70):   # at the limit and around it, both readings agree
        monkeypatch.setattr(loader, "MAX_NODES", limit)
        for text in (runs, "a: 1\nb: [" + ", ".join(["7"] * 60) + "]\n", "- {a: [1, 2]}\n" * 12,
                     "- 1\n" * 60, "".join(f"k{i}: [{i}]\n" for i in range(40))):
            _same_reading(text)
    monkeypatch.setattr(loader, "MAX_NODES", 1_000_000)
    deep = "".join(f"{'  ' * i}k{i}:\n" for i in range(60)) + "  " * 60 + "x: [[[[[1]]]]]\n"
    doc, diags = _same_reading(deep)
    assert [d.code for d in diags] == [TOO_LARGE]


def test_flows_json_refuses_leave_the_others_to_json():
    """Province lines of names with hyphens, several words and quoted colours are read by
    json; one json refuses (a bare colon, `1a`, a key twice) leaves only itself to YAML."""
    lines = [f'  - {{id: P{i}, name: Val-d Or {i}, color: "#{i:06d}", label: [{i}, 2]}}' for i in range(350)]
    lines[7], lines[201], lines[202] = "  - {id: Q, name: a:b}", "  - {id: R, v: 1a}", "  - {id: S, id: T}"
    text = "provinces:\n" + "\n".join(lines) + "\nafter: [1]\n"
    doc, diags = _same_reading(text, ["/provinces/200/color", "/provinces/349/label/1", "/after/0"])
    assert diags and diags[0].code == DUPLICATE_KEY    # the as-written reading reports it
    del lines[202]
    text = "provinces:\n" + "\n".join(lines) + "\nafter: [1]\n"
    doc, diags = _same_reading(text, ["/provinces/200/color", "/provinces/348/label/1", "/after/0"])
    assert diags == [] and doc.data["provinces"][3] == {"id": "P3", "name": "Val-d Or 3", "color": "#000003",
                                                        "label": [3, 2]}
    from generator.yaml_fast import _simple_flows
    runs = _simple_flows(text, MAX_NODES, MAX_DEPTH)[1]    # all but `a:b` and `1a`, in the three runs they leave
    assert _runs(runs) == [7, 193, 147]
    assert _read_common(text)


@_every_flow()
def test_a_flow_followed_by_another_on_its_line_is_left_to_yaml():
    pad = ", ".join(["1"] * 30)
    for text in ("a: [1], [2]\n", "a: [x, y], [z]\n", "b:\n  - {a: 1}, {b: 2}\n",
                 # one left open, the next closing it, a third of two: as many values as flows
                 f"k1: [{pad}, [2]\nk2: [{pad}, 3]]\nk3: [{pad}], [5]\n",
                 f"k1: [{pad}, [x]\nk2: [{pad}, y]]\nk3: [{pad}], [z]\n",
                 "m:\n  - {a: [[1], b: 2}\n  - {c: [3]]]}\n  - {d: 4}\n"):
        doc, diags = _same_reading(text)
        assert [d.code for d in diags] == [YAML_SYNTAX], text


_CONTENT = __import__("pathlib").Path(__file__).resolve().parents[1] / "content"
_MAPS = sorted(str(p) for p in _CONTENT.glob("*/*.yaml") if p.stat().st_size > 50_000)   # maps, geometry
_EDITS = list("[]{},:-#&*!|>'\"%@` \n\t0123456789.eE+xo_~/") + [
    "<<", "yes", "No", "null", "Null Island", "0x1F", "1_000", "0o17", "1:30", ".inf", "~", "2001-12-14",
    "- ", ": ", "  ", "\\u00e9", "\u00e9", "\u2028", "\r\n", "- {a: 1}\n", "  k: [1, 2]\n"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(_MAPS), st.integers(0, 10**6), st.integers(8, 40),
       st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(["insert", "delete", "line"]),
                          st.sampled_from(_EDITS)), min_size=1, max_size=3))
def test_bundled_maps_edited_read_as_the_text_as_written(path, at, size, edits):
    """Lines of the bundled maps (thousands of runs of simple flows), edited as an author
    might mistype them: the shortcut reads what the text as written reads, data,
    diagnostics and positions alike."""
    lines = open(path, encoding="utf-8").read().split("\n")
    first = at % len(lines)
    text = "\n".join(lines[first:first + size]) + "\n"
    for where, how, what in edits:
        i = where % (len(text) + 1)
        if how == "insert":
            text = text[:i] + what + text[i:]
        elif how == "delete":
            text = text[:i] + text[i + 1 + where % 5:]
        else:   # a line repeated elsewhere
            rows = text.split("\n")
            rows.insert(where % len(rows), rows[(where // 7) % len(rows)])
            text = "\n".join(rows)
    with _every_flow():
        doc, diags = _same_reading(text)
    if not diags and doc.data is not None:
        _same_reading(text, list(_pointers(doc.data))[:200])


def test_every_bundled_content_file_is_read_by_the_faster_path_as_by_the_reference():
    """The faster path earns its place on the bundled files (none falls back), and gives
    there what the reference reading gives, data and positions alike."""
    for path in sorted(_CONTENT.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert _read_common(text), path
        doc, diags = _same_reading(text)
        assert diags == [], path
        pointers = list(_pointers(doc.data))
        _same_reading(text, pointers[::max(1, len(pointers) // 100)])


# words YAML reads as text, and words it reads otherwise when plain (as keys, rarer: a
# boolean or null key is a diagnostic, and the faster path steps aside for the whole file)
_TEXT_WORDS = ["ABC", "x", "a b", "Long Range", "Centre-Sud", "St. Johns", "KKV/EC", "\u00e9t\u00e9", "#00c81c", "a: b",
               "- x", "[x]", "'q'", '"q"', "", " lead", "trail ", "a,b", "Y", "k" * 70]
_ODD_WORDS = ["yes", "No", "null", "~", "1", "012", "0x1f", "1.5", ".inf", "2024-01-02", "1_000", "true", "on", "<<"]
_WORDS = st.sampled_from(_TEXT_WORDS * 2 + _ODD_WORDS)
_KEYS = st.sampled_from(_TEXT_WORDS * 5 + ["1", "012", "1.5", "0x1f", "<<", "No", "null"])
_SMALL = st.integers(-10 ** 6, 10 ** 6)
_SCALARS = st.one_of(_WORDS, _WORDS, _SMALL, _SMALL, st.floats(-1e6, 1e6), st.booleans(), st.none(),
                     st.integers(-(2 ** 54), 2 ** 54), st.floats(allow_nan=True, allow_infinity=True))
_ITEMS = st.one_of(st.lists(st.integers(-999, 99999), min_size=8, max_size=40),   # an outline's numbers
                   st.lists(st.one_of(_WORDS, st.integers(0, 99)), max_size=12),   # a contact's ids
                   st.dictionaries(_KEYS, _SCALARS, max_size=5),
                   # a map's provinces and borders, a hex map's hexes: runs of flow mappings
                   st.lists(st.dictionaries(_KEYS, _SCALARS, min_size=1, max_size=5), min_size=1, max_size=8),
                   st.dictionaries(_KEYS, st.dictionaries(_KEYS, _SCALARS, min_size=1, max_size=4), min_size=1,
                                   max_size=6))
_VALUES = st.recursive(st.one_of(_SCALARS, _ITEMS),
                       lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(_KEYS, inner, max_size=5)),
                       max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, min_size=1, max_size=6),
       st.sampled_from(["yaml_text", "block", "flow", "by hand"]), st.booleans())
def test_generated_yaml_reads_the_same_by_the_faster_path_and_the_reference(data, writer, every_flow):
    """Content as Mapwright's own writer (`yaml_text`, the shapes of every generated map),
    PyYAML and an author (`_by_hand`: words left plain that YAML reads as booleans, nulls
    or numbers) write it, from generated values (numbers JSON cannot carry, long flows,
    runs of flow mappings): the faster path gives the reference's data, diagnostics and
    positions, or steps aside."""
    from unittest import mock

    from generator import yaml_text
    if writer == "yaml_text":
        text = yaml_text.document(["generated"], list(data.items()))
    elif writer == "by hand":
        text = _by_hand(data)
    else:
        text = yaml.safe_dump(data, default_flow_style=writer == "flow", allow_unicode=True, width=70)
    with mock.patch("generator.yaml_fast._SHORTEST_FLOW", 0 if every_flow else 60):
        doc, diags = _same_reading(text)
        if not diags:
            _same_reading(text, list(_pointers(doc.data))[:200])
            expected = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
            assert repr(doc.data) == repr(_keys_as_text(expected)), text


def _keys_as_text(value):
    """The data as the loader gives it: a number written as a key is read as its text."""
    if isinstance(value, dict):
        return {k if isinstance(k, str) else str(k): _keys_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_keys_as_text(v) for v in value]
    return value


def _plain(value) -> str:
    """`value` in YAML flow style as an author might type it: a word left unquoted."""
    from generator import yaml_text
    if isinstance(value, str):
        plain = __import__("re").fullmatch(r"[A-Za-z0-9_][-A-Za-z0-9_ ./#]*(?<! )", value)
        return value if plain else __import__("json").dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_plain(k)}: {_plain(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(map(_plain, value)) + "]"
    return yaml_text.scalar(value)


def _by_hand(data: dict) -> str:
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            lines += [f"{_plain(key)}:"] + [f"  - {_plain(item)}" for item in value]   # a run of items
        elif isinstance(value, dict) and value:
            lines += [f"{_plain(key)}:"] + [f"  {_plain(k)}: {_plain(v)}" for k, v in value.items()]
        else:
            lines.append(f"{_plain(key)}: {_plain(value)}")
    return "\n".join(lines) + "\n"
