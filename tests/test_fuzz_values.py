"""Fuzzing data values against the worked examples: a value that validates must run them.

test_fuzz_content.py mutates the shape of content files (without rules pages) and
test_fuzz_build.py draws what validates. Here the rules pages stay: each example changes
one or two VALUES of a data file of a game of each family (numbers to zero, negative or
huge, strings to another id of the file or with a trailing newline or line separator,
lists emptied, cut to one item or with an item repeated, mappings emptied or missing a
key) and runs `validate_game`. The engines then run every worked example on the changed
data, and whatever the change:

- validation never raises, and every diagnostic has a line and column ≥ 1, a registered
  code and a file of the game: a data file, or a rules page whose example the change
  made disagree with its `expect:` (MW202, a fine outcome: the data changed);
- no MW901 (an engine crashed on the data) and no MW204 (an engine crashed on a worked
  example): the bundled games validate clean, so an example that cannot run is the
  changed value's doing, and a value the engine cannot use must be an error at the data
  file's line (the schema's or the family check's), not a crash at the example's.

Deterministic (fixed seed) and about MAPWRIGHT_VALUE_FUZZ_EXAMPLES examples a file (8:
about a minute in all); raise it for a longer hunt, e.g. MAPWRIGHT_VALUE_FUZZ_EXAMPLES=400.
"""
from __future__ import annotations

import copy
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, note, seed, settings
from hypothesis import strategies as st

from generator.diagnostics import CODES
from generator.families import family
from generator.validate import validate_game
from test_fuzz_content import CONTENT, _dump, _parent, _paths, _strings, pristine

# One game a family: the smallest with worked examples.
GAMES = {"diplomacy": "classic", "hex": "dixie", "election": "divided-republic"}
EXAMPLES = int(os.environ.get("MAPWRIGHT_VALUE_FUZZ_EXAMPLES", "8"))


def _targets() -> list[tuple[str, str]]:
    found = []
    for fam, game_id in sorted(GAMES.items()):
        for name in ["game.yaml", *sorted(family(fam).files)]:
            if (CONTENT / game_id / name).is_file():
                found.append((game_id, name))
    return found


TARGETS = _targets()

ODD_TEXT = ["\n", "\r\n", "\u2028", "\u0085", "\x00", " ", "\t"]


def _change_value(data, path, draw) -> str | None:
    """One value changed, keeping its place (so the file often still fits its schema)."""
    parent, last = _parent(data, path), path[-1]
    value = parent[last]
    if isinstance(value, bool):
        parent[last] = not value
        return "negated"
    if isinstance(value, int):
        parent[last] = draw(st.sampled_from([0, 1, -1, value + 1, value - 1, 2 * value, 10 ** 6]))
        return f"number {parent[last]}"
    if isinstance(value, float):
        parent[last] = draw(st.sampled_from([0.0, 0.5, -0.5, value * 2, 1e6]))
        return f"number {parent[last]}"
    if isinstance(value, str):
        how = draw(st.sampled_from(["other", "other", "odd end", "odd start", "empty"]))
        if how == "other":    # another string of the file: an id where another was meant
            parent[last] = draw(st.sampled_from(sorted(set(_strings(data)))[:500]))
        elif how == "odd end":
            parent[last] = value + draw(st.sampled_from(ODD_TEXT))
        elif how == "odd start":
            parent[last] = draw(st.sampled_from(ODD_TEXT)) + value
        else:
            parent[last] = ""
        return f"string ({how}) {parent[last]!r}"
    if isinstance(value, list):
        how = draw(st.sampled_from(["empty", "first only", "repeat first", "reverse", "drop one"]))
        i = draw(st.integers(0, max(0, len(value) - 1)))
        parent[last] = {"empty": [], "first only": value[:1], "repeat first": value + copy.deepcopy(value[:1]),
                        "reverse": value[::-1], "drop one": value[:i] + value[i + 1:]}[how]
        return how
    if isinstance(value, dict):
        how = draw(st.sampled_from(["empty", "drop one", "rename key"]))
        keys = sorted(value, key=str)
        if how == "empty" or not keys:
            parent[last] = {}
            return "emptied"
        key = keys[draw(st.integers(0, len(keys) - 1))]
        if how == "drop one":
            del value[key]
            return f"dropped {key!r}"
        new = str(key) + draw(st.sampled_from(ODD_TEXT))
        value[new] = value.pop(key)
        return f"key {new!r}"
    return None


def _copy(game_id: str, into: Path) -> Path:
    game = into / "content" / game_id
    shutil.copytree(CONTENT / game_id, game)
    return game


def _kind(value) -> str:
    return ("bool" if isinstance(value, bool) else "number" if isinstance(value, (int, float))
            else "string" if isinstance(value, str) else "list" if isinstance(value, list)
            else "mapping" if isinstance(value, dict) else "other")


def change_values(original, draw) -> tuple[object, list[str]]:
    """One or two values changed. The kind of value is drawn first, then a value of that
    kind: a map's thousands of strings would otherwise leave its few numbers untried."""
    data, done = copy.deepcopy(original), []
    for _ in range(draw(st.integers(1, 2))):
        by_kind: dict[str, list] = {}
        for path in _paths(data):
            by_kind.setdefault(_kind(_parent(data, path)[path[-1]]), []).append(path)
        kinds = sorted(set(by_kind) - {"other"})
        if not kinds:
            break
        paths = by_kind[draw(st.sampled_from(kinds))]
        path = paths[draw(st.integers(0, len(paths) - 1))]
        how = _change_value(data, path, draw)
        if how is not None:
            done.append(f"{how} at {'/'.join(map(str, path))}")
    return data, done


def check_one_change(game: Path, game_id: str, name: str, data):
    header, original = pristine(game_id, name)
    changed, done = change_values(original, data.draw)
    note(f"{game_id}/{name}: " + "; ".join(done))
    text = _dump(changed, header)
    (game / name).write_text(text, encoding="utf-8")
    result = validate_game(game)   # must not raise
    for d in result.diagnostics:
        assert Path(d.file).resolve().is_relative_to(game.resolve()) and d.line >= 1 and d.column >= 1, d
        assert d.code in CODES, f"unregistered code {d.code}"
        assert d.code not in ("MW901", "MW204"), \
            f"{game_id}/{name} ({'; '.join(done)}): {d.file}:{d.line}: {d.code} {d.message}"
    return result


@pytest.mark.parametrize("game_id, name", TARGETS, ids=[f"{g}/{n}" for g, n in TARGETS])
def test_changed_values_are_reported_not_crashed_on(tmp_path, game_id, name):
    game = _copy(game_id, tmp_path)

    # No shrinking (as in test_fuzz_content): the change is already 1–2 steps, printed by `note`.
    @seed(20260532)
    @settings(max_examples=EXAMPLES, deadline=None, database=None, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def check(data):
        check_one_change(game, game_id, name, data)

    check()


def test_targets_cover_every_family():
    assert {g for g, _ in TARGETS} == set(GAMES.values())
    assert all(family(fam).files for fam in GAMES)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.data())
def test_changes_are_changes_of_values(data):
    original = {"n": 3, "s": "ID", "l": [1, 2], "m": {"a": True}}
    before = copy.deepcopy(original)
    changed, done = change_values(original, data.draw)
    assert original == before and 1 <= len(done) <= 2
    if len(done) == 1 and not any(word in done[0] for word in ("number", "reverse", "other", "repeat")):
        assert changed != original, done   # (a number or string may be drawn as it was; two steps may undo)
