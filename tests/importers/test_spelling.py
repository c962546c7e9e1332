"""Did-you-mean hints at a bounded cost (generator/importers/spelling.py)."""
from generator.importers.spelling import Speller


def test_the_lookups_are_budgeted_and_remembered():
    speller = Speller(lookups=2)
    known = {"London": "LON", "Paris": "PAR"}
    assert speller.close("Londn", known) == ["London"]
    assert speller.close("Londn", known) == ["London"]      # answered from memory: no lookup spent
    assert speller.close("Pariss", known) == ["Paris"]
    assert speller.close("Lndon", known) == []              # the budget is spent


def test_long_names_are_compared_on_their_start():
    long = "A" * 50_000
    assert Speller().close(long + "x", {long + "y": 1, "B": 2}) == [long + "y"]
