"""generator.yaml_text writes YAML that reads back as the same values: a string YAML
would take for something else (an id `no`, `null`, `1e3`, `.inf`) is quoted."""
import yaml
from hypothesis import given, strategies as st

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
