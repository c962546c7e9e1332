"""generator.yaml_text writes YAML that reads back as the same values: a string YAML
would take for something else (an id `no`, `null`, `1e3`, `.inf`) is quoted."""
import yaml
from hypothesis import given, strategies as st

from generator.loader import load_text
from generator.yaml_text import document, flow, scalar

TRICKY = ["no", "No", "NO", "yes", "y", "n", "on", "off", "true", "False", "null", "~", "",
          "1", "1.5", "1e3", "0x1f", ".inf", "-.nan", "12:30", "a: b", "- x", "#x", "x #y",
          "[a]", "{a}", "*ref", "&anchor", "!tag", "'q'", '"q"', "a\\b", "é", "line\nbreak", " pad ",
          "NC", "STP/NC", "GME_E", "A-B", "x.", "x-", "A\n"]


def test_tricky_strings_read_back_as_themselves():
    for text in TRICKY:
        assert yaml.safe_load(f"v: {scalar(text)}")["v"] == text, text


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=4), max_leaves=12))
def test_flow_round_trips(value):
    assert yaml.safe_load(f"v: {flow(value)}")["v"] == value


def test_document_keeps_section_order_and_header():
    text = document(["generated", ""], [("b", [{"id": "no", "n": 1}]), ("a", {"x": [1, 2]})])
    assert text.startswith("# generated\n#\nb:\n")
    assert yaml.safe_load(text) == {"b": [{"id": "no", "n": 1}], "a": {"x": [1, 2]}}


def test_keys_longer_than_yaml_reads_implicitly_read_back():
    """YAML reads an implicit key of at most 1,024 characters: a longer key (a stranger's
    territory name, a long quoted id) made a file PyYAML refused to read."""
    long_plain, long_quoted = "a" * 1100, "é: " * 400
    value = {long_plain: 1, "b": {long_quoted: [1, 2], "c": {"x": 1, "y": 2, "z": 3, "w": 4}},
             "d": {long_plain: {"x": 1, "y": 2, "z": 3, "w": 4}}}
    text = document([], [("s", value), ("f", [{long_plain: 1, "k": long_quoted}])])
    assert yaml.safe_load(text) == {"s": value, "f": [{long_plain: 1, "k": long_quoted}]}
    assert yaml.safe_load(f"v: {flow(value)}")["v"] == value
    doc, diagnostics = load_text(text, "x.yaml")        # and Mapwright's own reader
    assert diagnostics == [] and doc.data == {"s": value, "f": [{long_plain: 1, "k": long_quoted}]}
