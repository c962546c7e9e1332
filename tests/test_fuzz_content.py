"""Fuzzing the bundled content: mutate VALID files and check that validation copes.

Each example takes one content file of a bundled game, deletes, duplicates, retypes or
renames a few of its nodes (keys and values), writes it into a copy of the game and
runs `validate_game`. Whatever the mutation:

- validation never raises;
- when the mutated data breaks its JSON Schema, at least one error is reported;
- every diagnostic has a file, a line and column ≥ 1 (and within the file), a
  registered code, and none is MW901 (an engine crash is a Mapwright bug).

One file per kind of content (per family and schema) is fuzzed, the smallest bundled
one, so the test stays quick as games are added. Files of a family that does not
import yet are left out until it does.
"""
from __future__ import annotations

import copy
import json
import os
import re
import shutil
import tempfile
import time
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from generator.diagnostics import CODES, ERROR
from generator.validate import validate_game

REPO = Path(__file__).resolve().parents[1]
CONTENT = REPO / "content"
SCHEMAS = REPO / "schemas"
HEADER = re.compile(r"\$schema=\.\./\.\./schemas/([a-z0-9-]+)\.schema\.json")


# -- what to fuzz ------------------------------------------------------------------

def _family_files(name: str | None) -> dict | None:
    try:
        from generator.families import family
        fam = family(name)
    except Exception:  # a family still being written
        return None
    return None if fam is None else fam.files


def _targets() -> list[tuple[str, str, str]]:
    """(game id, file name, schema) — the smallest bundled file of each kind."""
    smallest: dict[tuple[str, str], tuple[int, str, str]] = {}
    for game in sorted(p for p in CONTENT.iterdir() if (p / "game.yaml").is_file()):
        family = (yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8")) or {}).get("family")
        files = _family_files(family)
        if files is None:
            continue
        wanted = {"game.yaml": "game", **{name: spec.schema for name, spec in files.items()}}
        for name, schema in sorted(wanted.items()):
            path = game / name
            if not path.is_file() or not (SCHEMAS / f"{schema}.schema.json").is_file():
                continue
            key = (family, schema)
            size = path.stat().st_size
            if key not in smallest or size < smallest[key][0]:
                smallest[key] = (size, game.name, name)
    return sorted((g, n, s) for (_, s), (_, g, n) in smallest.items())


TARGETS = _targets()

# Examples per file: about FUZZ_SECONDS of validation each (measured on the pristine
# copy), between 8 and 50, so heavy games do not dominate the test run. Raise
# MAPWRIGHT_FUZZ_SECONDS for a longer hunt.
FUZZ_SECONDS = float(os.environ.get("MAPWRIGHT_FUZZ_SECONDS", "1.0"))


def copy_game(game_id: str, target: str, into: Path) -> Path:
    """The game without rules pages and without optional files other than `target`."""
    source = CONTENT / game_id
    game = into / "content" / game_id
    shutil.copytree(source, game, ignore=shutil.ignore_patterns("rules"))
    family = yaml.safe_load((source / "game.yaml").read_text(encoding="utf-8"))["family"]
    for other, spec in (_family_files(family) or {}).items():
        if other != target and not spec.required and (game / other).exists():
            (game / other).unlink()
    return game


@lru_cache(maxsize=None)
def budget(game_id: str, target: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        game = copy_game(game_id, target, Path(tmp))
        validate_game(game)  # warm caches (schemas, imports)
        start = time.perf_counter()
        validate_game(game)
        took = time.perf_counter() - start
    return max(8, min(50, int(FUZZ_SECONDS / max(took, 1e-3))))


@lru_cache(maxsize=None)
def schema_validator(name: str) -> Draft202012Validator:
    """A plain jsonschema validator, built here independently of generator.schemas."""
    resources = []
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(schema)
        resources += [(schema["$id"], resource), (path.name, resource)]
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=Registry().with_resources(resources))


# -- mutations ---------------------------------------------------------------------

def _paths(node, prefix=()) -> list[tuple]:
    """Paths (tuples of keys and indexes) of every node below the root."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append(prefix + (key,))
            found += _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.append(prefix + (i,))
            found += _paths(value, prefix + (i,))
    return found


def _strings(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return list(node) + [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def _parent(root, path):
    node = root
    for step in path[:-1]:
        node = node[step]
    return node


ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.just(""), st.just([]), st.just({}),
    st.integers(-10 ** 6, 10 ** 6),
    st.sampled_from([0, -1, 2 ** 63, 10 ** 400, -(10 ** 400)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=24),
    st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=6), st.integers(-3, 3), max_size=2),
)


def _mangle(text: str, how: str) -> str:
    return {"upper": text.upper(), "lower": text.lower(), "suffix": text + "_X",
            "truncate": text[:-1], "space": f" {text} "}[how]


def apply_changes(data, draw, change) -> tuple[object, list[str]]:
    """1–3 changes, each to a node picked at random: `change(data, paths, path, draw)`
    makes it in place and names it (None: it made none). Returns the new data and what
    was done."""
    data = copy.deepcopy(data)
    done = []
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        if not paths:
            break
        path = paths[draw(st.integers(0, len(paths) - 1))]
        how = change(data, paths, path, draw)
        if how is not None:
            done.append(f"{how} at {'/'.join(map(str, path))}")
    return data, done


def mutate(data, draw) -> tuple[object, list[str]]:
    """Apply 1–3 random node mutations; returns the new data and what was done."""
    return apply_changes(data, draw, _mutate_node)


def _mutate_node(data, paths, path, draw) -> str | None:
    parent, last = _parent(data, path), path[-1]
    op = draw(st.sampled_from(["delete", "duplicate", "retype", "rename_key", "rename_value",
                               "swap"]))
    if op == "delete":
        del parent[last]
    elif op == "duplicate":
        if isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif f"{last}_copy" not in parent:  # a near-copy, like a pasted entry
            parent[f"{last}_copy"] = copy.deepcopy(parent[last])
        else:
            return None
    elif op == "retype":
        value = draw(ODD_VALUES)
        if value == parent[last] and type(value) is type(parent[last]):
            return None
        parent[last] = value
    elif op == "rename_key" and isinstance(parent, dict):
        choice = draw(st.one_of(st.sampled_from(sorted(set(_strings(data)))[:200] or ["x"]),
                                st.text(max_size=12),
                                st.sampled_from(["upper", "lower", "suffix", "truncate", "space"])
                                .map(lambda how: _mangle(str(last), how))))
        if choice in parent:
            return None
        parent[choice] = parent.pop(last)
    elif op == "rename_value" and isinstance(parent[last], str):
        strings = sorted(set(_strings(data)))[:500]
        value = draw(st.one_of(
            st.sampled_from(strings),  # an id from elsewhere: a dangling or crossed reference
            st.sampled_from(["upper", "lower", "suffix", "truncate", "space"])
            .map(lambda how: _mangle(parent[last], how)),
            st.text(max_size=12)))
        if value == parent[last]:
            return None
        parent[last] = value
    elif op == "swap":  # the value of another node: right type, wrong place
        other = paths[draw(st.integers(0, len(paths) - 1))]
        if other[:len(path)] != path and path[:len(other)] != other:
            parent[last] = copy.deepcopy(_parent(data, other)[other[-1]])
    else:
        return None
    return op


# -- the property ------------------------------------------------------------------

_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _dump(data, header: str) -> str:
    return header + yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=100)


@pytest.mark.skipif(not TARGETS, reason="no bundled game has a family that imports")
@pytest.mark.parametrize("game_id, name, schema", TARGETS, ids=[f"{g}/{n}" for g, n, _ in TARGETS])
def test_mutated_content_is_reported_never_crashes(tmp_path, game_id, name, schema):
    examples = budget(game_id, name)

    # No shrinking: a mutation is already 1–3 steps, and shrinking an engine crash in a
    # large file costs minutes. The failing steps are printed (`note`).
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def check(data):
        check_one_mutation(tmp_path, game_id, name, schema, data)

    check()


@lru_cache(maxsize=None)
def pristine(game_id: str, name: str) -> tuple[str, object]:
    """The file's schema header line and its data, as bundled."""
    text = (CONTENT / game_id / name).read_text(encoding="utf-8")
    header = "".join(line + "\n" for line in text.splitlines() if HEADER.search(line))[:200]
    return header, yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def check_one_mutation(tmp_path, game_id, name, schema, data):
    from generator.loader import load_document
    game = tmp_path / "content" / game_id
    if not game.exists():  # one copy per test; each example rewrites only `name`
        copy_game(game_id, name, tmp_path)
    header, original = pristine(game_id, name)
    mutated, done = mutate(original, data.draw)
    note(f"{game_id}/{name}: " + "; ".join(done))
    text = _dump(mutated, header)
    (game / name).write_text(text, encoding="utf-8")

    result = validate_game(game)  # must not raise

    doc, _ = load_document(game / name)
    schema_valid = doc.data is not None and schema_validator(schema).is_valid(doc.data)
    found = result.diagnostics
    if not schema_valid:
        assert any(d.severity == ERROR for d in found), "schema-invalid data passed without an error"
    lines = text.count("\n") + 1
    for d in found:
        assert d.file and d.line >= 1 and d.column >= 1, d
        assert d.code in CODES, f"unregistered code {d.code}"
        assert d.code != "MW901", f"engine crash on {game_id}/{name} ({'; '.join(done)}): {d.message}"
        if d.file.endswith(f"{game_id}/{name}"):
            assert d.line <= lines, f"line {d.line} past the end of a {lines}-line file: {d}"


def test_targets_cover_game_yaml():
    """Content is fuzzed at all: at least one game.yaml (game.yaml's family imports)."""
    assert any(name == "game.yaml" for _, name, _ in TARGETS), TARGETS


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_mutations_change_the_data_and_leave_the_original_alone(data):
    original = {"a": [1, 2, {"b": "x"}], "c": "y", "d": {"e": [True, None]}}
    before = copy.deepcopy(original)
    mutated, done = mutate(original, data.draw)
    assert original == before
    # a swap, or a duplicate whose copy a later step deletes, may give the data back unchanged
    undone = any(step.startswith("swap") for step in done) or (
        any(step.startswith("duplicate") for step in done) and any(step.startswith("delete") for step in done))
    if done and not undone:
        assert json.dumps(mutated, sort_keys=True) != json.dumps(original, sort_keys=True), done


def test_schema_check_detects_a_broken_game_yaml():
    valid = yaml.safe_load((CONTENT / "classic" / "game.yaml").read_text(encoding="utf-8"))
    assert schema_validator("game").is_valid(valid)
    broken = dict(valid)
    del broken["title"]
    assert not schema_validator("game").is_valid(broken)
    # what the fuzzer writes survives the YAML round trip it relies on
    odd = {"x": float("inf"), "y": 10 ** 400, "z": "", "w": None}
    assert yaml.safe_load(_dump(odd, "# header\n")) == odd
