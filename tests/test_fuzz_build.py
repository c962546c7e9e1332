"""Fuzzing what comes after validation: content that VALIDATES must also build.

test_fuzz_content.py shows that validation copes with mutated content. This file takes
the mutations that pass it (0 errors) and runs what `mapwright build` does with a game
before MkDocs (the family's pages and printables, the worked examples' figures, the
game's section of the docs tree, the PDFs' sheets, the site-wide pages) and what
`mapwright print --format svg` does, and asserts that nothing raises: a value the
checks let through must be one the renderers can draw.

Besides test_fuzz_content's mutations, values a renderer finds hard are tried where
they keep their type (so that they often pass the schemas): zero, negative and huge
numbers, empty, blank, long and unusual strings, emptied or one-item lists, and
degenerate outlines (one point repeated, a line, points far outside the image).

One file per kind of content of the smallest bundled game of each family, as in
test_fuzz_content.py, for about MAPWRIGHT_BUILD_FUZZ_SECONDS each (3 s; raise it for a
longer hunt). Rules pages are left out (their examples would stop most mutations), and
with them the files whose checks need them (claims, coverage); the worked examples are
fuzzed apart, one at a time, expecting nothing. Classic's DATC page (165 diagrams, 2 s a
build) is left out of its mutated copies but one test, which builds it from mutated maps.
"""
from __future__ import annotations

import copy
import os
import shutil
import time
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, note, seed, settings
from hypothesis import strategies as st

from generator.build import BuildOptions, _game_entry
from generator.diagnostics import errors
from generator.render.paper import PAPERS, for_paper
from generator.render.print import print_documents
from generator.site.tree import assemble, game_files
from generator.validate import validate_game
from test_fuzz_content import CONTENT, ODD_VALUES, _dump, _parent, apply_changes, mutate, pristine

# Files whose checks read the rules pages, which the copies leave out.
NEEDS_RULES = {"claims.yaml", "coverage.yaml"}
# Seconds per fuzzed file; raise it for a longer hunt.
FUZZ_SECONDS = float(os.environ.get("MAPWRIGHT_BUILD_FUZZ_SECONDS", "3.0"))


def _families() -> dict[str, str]:
    return {game.name: yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))["family"]
            for game in sorted(CONTENT.iterdir()) if (game / "game.yaml").is_file()}


def _targets() -> list[tuple[str, str]]:
    """(game id, file name): per family and file kind, the smallest bundled file."""
    from generator.families import family
    smallest: dict[tuple[str, str], tuple[int, str]] = {}
    for game_id, fam in _families().items():
        for name in ["game.yaml", *sorted(family(fam).files)]:
            path = CONTENT / game_id / name
            if name in NEEDS_RULES or not path.is_file():
                continue
            size = path.stat().st_size
            if (fam, name) not in smallest or size < smallest[fam, name][0]:
                smallest[fam, name] = (size, game_id)
    return sorted((game_id, name) for (_, name), (_, game_id) in smallest.items())


TARGETS = _targets()


def copy_for_build(game_id: str, into: Path, *, datc: bool = False) -> Path:
    """The game without rules pages, the files that need them and (unless `datc`) the
    DATC page's rule module."""
    game = into / "content" / game_id
    shutil.copytree(CONTENT / game_id, game, ignore=shutil.ignore_patterns("rules", *NEEDS_RULES))
    if not datc:
        header, meta = pristine(game_id, "game.yaml")
        (game / "game.yaml").write_text(_dump(_without_datc(meta), header), encoding="utf-8")
    return game


def _without_datc(meta: dict) -> dict:
    meta = copy.deepcopy(meta)
    (meta.get("rules") or {}).pop("datc_page", None)
    return meta


# -- the build's steps -------------------------------------------------------------

def validated(game: Path):
    """The game's validation when it has no errors, else None."""
    result = validate_game(game)
    return result if result.game is not None and not errors(result.diagnostics) else None


def build_steps(result, paper: str = "A4") -> None:
    """What build and print do with a game that validated (`result`)."""
    entry, _ = _game_entry(result, BuildOptions(content=result.path.parent, pdf=True), None)
    assemble([(entry.result(), entry.files, entry.nav)])
    docs = result.family.printables(result.game) if result.family.printables else {}
    for what, items in sorted(docs.items()):
        chosen = for_paper(items, paper)
        if chosen:
            print_documents(chosen, paper, "svg", title=str(result.source.meta["title"]))


# -- mutations a renderer finds hard -------------------------------------------------

ODD_STRINGS = st.sampled_from([
    "", " ", "   ", "\t", "x" * 3000, "W" * 200 + " " + "W" * 200, "\u200b", "\u202e\u202d",
    "\u0301", "\U0001F600" * 20, "日本語のなまえ", "<&>'\"", "a\nb", "-", "#", "%", "{}", "0",
])
ODD_NUMBERS = st.sampled_from([0, 1, -1, 2, 0.5, -0.5, 1e-9, 1e6, -1e6, 1e12, 9007199254740991,
                               -9007199254740991, 1e300, 5e-324])


def _flat_ring(node) -> bool:
    return (isinstance(node, list) and len(node) >= 6 and len(node) % 2 == 0
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in node))


def _degenerate(ring: list, how: str) -> list:
    x, y = ring[0], ring[1]
    return {"one point": [x, y] * (len(ring) // 2),
            "two points": [x, y, ring[2], ring[3]] * (len(ring) // 4 + 1),
            "a line": [v for i in range(len(ring) // 2) for v in (x + i, y)],
            "far away": [999_000 + v / 100 for v in ring],   # far outside the image, within the schema's bound
            "negative": [-v for v in ring],
            "repeated points": [v for i in range(0, len(ring), 2) for v in ring[i:i + 2] * 2],
            "reversed": [v for i in range(len(ring) - 2, -1, -2) for v in ring[i:i + 2]],
            "self-crossing": ring[:2] + ring[4:6] + ring[2:4] + ring[6:]}[how]


def tweak(data, draw) -> tuple[object, list[str]]:
    """1–3 changes that keep each value's type: odd numbers, odd strings, lists emptied,
    shortened or repeated, degenerate outlines."""
    return apply_changes(data, draw, _tweak_node)


def _tweak_node(data, paths, path, draw) -> str | None:
    parent, last = _parent(data, path), path[-1]
    value = parent[last]
    if _flat_ring(value):
        how = draw(st.sampled_from(["one point", "two points", "a line", "far away", "negative",
                                    "repeated points", "reversed", "self-crossing"]))
        parent[last] = _degenerate(value, how)
    elif isinstance(value, bool):
        parent[last], how = not value, "negated"
    elif isinstance(value, (int, float)):
        new = draw(ODD_NUMBERS)
        parent[last], how = (int(new) if isinstance(value, int) and abs(new) < 2 ** 53 else new), "number"
    elif isinstance(value, str):
        parent[last], how = draw(ODD_STRINGS), "string"
    elif isinstance(value, list):
        how = draw(st.sampled_from(["empty", "first only", "repeat", "reverse"]))
        parent[last] = {"empty": [], "first only": value[:1], "repeat": value + copy.deepcopy(value),
                        "reverse": value[::-1]}[how]
    elif isinstance(value, dict):
        how = draw(st.sampled_from(["empty", "odd"]))
        parent[last] = {} if how == "empty" else {k: draw(ODD_VALUES) for k in value}
    else:
        return None
    return how


# -- the property ----------------------------------------------------------------------

# Each fuzzed file gets about FUZZ_SECONDS: a first run of CALIBRATION examples measures
# what one costs here, a second run takes as many as fit in the rest (at most
# MAX_EXAMPLES), so the test's time grows neither with a slow machine nor with a large
# game. Both runs have fixed seeds: every run tries the same examples in the same order.
CALIBRATION = 3
MAX_EXAMPLES = 40
# Most mutations break a schema or a check: each example tries up to ATTEMPTS of them
# (validation is cheap) and builds the first that validates.
ATTEMPTS = 8


def fuzz(one) -> None:
    """Run `one(data)` on as many examples as fit in about FUZZ_SECONDS."""
    start = time.monotonic()
    _run(one, CALIBRATION, 0)
    spent = time.monotonic() - start
    more = min(MAX_EXAMPLES, int((FUZZ_SECONDS - spent) / (spent / CALIBRATION)))
    if more > 0:
        _run(one, more, 1)


def _run(one, examples: int, which: int) -> None:
    # No shrinking, as in test_fuzz_content: the failing steps are printed (`note`).
    @seed(which)
    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.explicit, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def check(data):
        one(data)

    check()


def _changed(original, draw) -> tuple[object, list[str]]:
    how = draw(st.sampled_from(["mutate", "tweak", "tweak", "both"]))
    mutated, done = original, []
    if how in ("mutate", "both"):
        mutated, done = mutate(mutated, draw)
    if how in ("tweak", "both"):
        mutated, more = tweak(mutated, draw)
        done += more
    return mutated, done


def build_one_mutation(game: Path, game_id: str, name: str, data):
    """Build the first of up to ATTEMPTS mutations of `name` that validates; returns
    its validation, or None when none did."""
    header, original = pristine(game_id, name)
    if name == "game.yaml":   # as in the copy
        original = _without_datc(original)
    paper = data.draw(st.sampled_from(sorted(PAPERS)))
    for _ in range(ATTEMPTS):
        mutated, done = _changed(original, data.draw)
        (game / name).write_text(_dump(mutated, header), encoding="utf-8")
        result = validated(game)
        if result is not None:
            note(f"{game_id}/{name} on {paper}: " + "; ".join(done))
            build_steps(result, paper)   # must not raise
            return result
    return None


@pytest.mark.parametrize("game_id, name", TARGETS, ids=[f"{g}/{n}" for g, n in TARGETS])
def test_content_that_validates_builds(tmp_path, game_id, name):
    game = copy_for_build(game_id, tmp_path)
    fuzz(lambda data: build_one_mutation(game, game_id, name, data))


def test_the_datc_page_builds_from_mutated_maps(tmp_path):
    """Classic's DATC page adjudicates the DATC's cases on the game's own map: a mutated
    map that validates must still give the page."""
    game = copy_for_build("classic", tmp_path, datc=True)
    fuzz(lambda data: build_one_mutation(game, "classic", "map.yaml", data))


# -- worked examples ---------------------------------------------------------------------

def _example_games() -> list[str]:
    """Per family, the game with the fewest worked examples (it has some)."""
    fewest: dict[str, tuple[int, str]] = {}
    for game_id, fam in _families().items():
        count = len(bundled_examples(game_id))
        if count and (fam not in fewest or count < fewest[fam][0]):
            fewest[fam] = (count, game_id)
    return sorted(game_id for _, game_id in fewest.values())


@lru_cache(maxsize=None)
def bundled_examples(game_id: str) -> tuple:
    from generator.examples import extract_examples
    found = []
    for page in sorted((CONTENT / game_id / "rules").glob("*.md")):
        extracted, _ = extract_examples(f"rules/{page.name}", str(page), page.read_text(encoding="utf-8"))
        found += [example.data for example, _ in extracted if isinstance(example.data, dict)]
    return tuple(found)


def build_one_example(game: Path, game_id: str, data):
    """A bundled worked example, expecting nothing (so that any outcome verifies) and
    mutated, alone on a rules page: the first of ATTEMPTS that validates has its figure
    drawn and its page published. An engine crash on an example that fits the example
    schema is a Mapwright bug too (MW204)."""
    examples = bundled_examples(game_id)
    for _ in range(ATTEMPTS):
        example = dict(examples[data.draw(st.integers(0, len(examples) - 1))], expect={})
        mutated, done = _changed(example, data.draw)
        body = yaml.dump(mutated, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False,
                         allow_unicode=True)
        (game / "rules" / "01-example.md").write_text(f"# Example\n\n```example\n{body}```\n", encoding="utf-8")
        result = validate_game(game)
        crashed = [d for d in result.diagnostics if d.code == "MW204"]
        assert not crashed, f"{'; '.join(done)}: {crashed[0].message}\n{body}"
        if result.game is not None and not errors(result.diagnostics):
            note(f"{game_id} example: " + "; ".join(done) + "\n" + body)
            game_files(result, [])   # draws the figure, publishes the page
            return result
    return None


@pytest.mark.parametrize("game_id", _example_games())
def test_worked_examples_that_validate_are_drawn(tmp_path, game_id):
    game = copy_for_build(game_id, tmp_path)
    (game / "rules").mkdir()
    fuzz(lambda data: build_one_example(game, game_id, data))


def test_targets_cover_every_family():
    assert {_families()[g] for g, _ in TARGETS} == {"diplomacy", "hex", "election"}, TARGETS


def test_degenerate_outlines_are_what_they_say():
    ring = [0, 0, 10, 0, 10, 10, 0, 10]
    assert _degenerate(ring, "one point") == [0, 0] * 4
    assert _degenerate(ring, "a line") == [0, 0, 1, 0, 2, 0, 3, 0]
    assert _degenerate(ring, "reversed") == [0, 10, 10, 10, 10, 0, 0, 0]
    assert len(_degenerate(ring, "repeated points")) == 16
