"""Reference pages generated from the project itself: one per schema, rendered from
the schema, and the diagnostics reference, rendered from the registered codes.

A site carries them only when its configuration asks (the plugin's `reference`
setting); an author's site asks for the schemas of the families its games use
(`family_schemas`), Mapwright's own for all of them."""
from __future__ import annotations

import json
from functools import cache

from ..diagnostics import every_code
from ..families import family as family_named
from ..schemas import ID_PREFIX, load_schema, schema_names
from ..escape import code_span, md_text
from .text import table

MAX_DEPTH = 6


def with_code(text) -> str:
    """The project's own prose (schema descriptions, diagnostic explanations), where
    `backticked` words are code: each code part through code_span, the rest through
    md_text, so nothing is escaped twice. One split, linear in the text."""
    parts = str(text).split("`")
    if len(parts) % 2 == 0:          # an unpaired backtick: show it all as text
        return md_text(text)
    return "".join(code_span(p) if i % 2 else md_text(p) for i, p in enumerate(parts))


def _resolve(schema: dict, root: dict) -> tuple[dict, str]:
    ref = schema.get("$ref")
    if not ref:
        return schema, ""
    target_file, _, fragment = ref.partition("#")
    name = target_file.rsplit("/", 1)[-1].removesuffix(".schema.json")
    doc = load_schema(name) if target_file else root
    node = doc
    for token in [t for t in fragment.split("/") if t]:
        node = node.get(token, {})
    link = f"[{name}]({name}.md)" if target_file else ""
    merged = {**node, **{k: v for k, v in schema.items() if k != "$ref"}}
    return merged, link


def _type(schema: dict) -> str:
    if "enum" in schema:
        return "one of " + ", ".join(code_span(json.dumps(v)) for v in schema["enum"])
    if "const" in schema:
        return code_span(json.dumps(schema["const"]))
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return " or ".join(md_text(k) for k in kinds)
    if kinds == "array":
        items = schema.get("items", {})
        inner = _type(items) if isinstance(items, dict) and items else "any"
        return f"list of {inner}"
    if kinds:
        return md_text(kinds)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return " or ".join(_type(b) for b in schema[key] if isinstance(b, dict))
    return "see description"


def _rows(schema: dict, root: dict, prefix: str, depth: int, rows: list) -> None:
    if depth > MAX_DEPTH:
        return
    schema, _ = _resolve(schema, root)
    required = set(schema.get("required", []))
    for name, sub in sorted(schema.get("properties", {}).items()):
        sub, link = _resolve(sub, root)
        path = f"{prefix}{name}"
        rows.append([code_span(path), _type(sub) + (f" ({link})" if link else ""),
                     "yes" if name in required else "", with_code(sub.get("description", ""))])
        _descend(sub, root, path, depth, rows)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict) and extra:
        extra, link = _resolve(extra, root)
        path = f"{prefix}<name>"
        rows.append([code_span(path), _type(extra) + (f" ({link})" if link else ""), "",
                     with_code(extra.get("description", ""))])
        _descend(extra, root, path, depth, rows)


def _descend(sub: dict, root: dict, path: str, depth: int, rows: list) -> None:
    if sub.get("type") == "object" or "properties" in sub:
        _rows(sub, root, path + ".", depth + 1, rows)
    items = sub.get("items")
    if isinstance(items, dict):
        items, _ = _resolve(items, root)
        if items.get("type") == "object" or "properties" in items:
            _rows(items, root, path + "[].", depth + 1, rows)
    for branch in sub.get("oneOf", []) + sub.get("anyOf", []):
        if isinstance(branch, dict) and "properties" in branch:
            _rows(branch, root, path + ".", depth + 1, rows)


def schema_page(name: str) -> str:
    schema = load_schema(name)
    rows: list[list[str]] = []
    _rows(schema, schema, "", 0, rows)
    for key in ("oneOf", "anyOf"):
        for branch in schema.get(key, []):
            if isinstance(branch, dict):
                _rows(branch, schema, "", 0, rows)
    title = schema.get("title", name)
    parts = [f"# Schema: {md_text(title)}", "",
             with_code(schema.get("description", "")), "",
             f"`$id`: {code_span(schema.get('$id', ID_PREFIX + name + '.schema.json'))} · "
             f"[download the schema]({name}.schema.json) · JSON Schema draft 2020-12", "",
             "Put this line at the top of a content file so editors can complete and check it:", "",
             f"```yaml\n# yaml-language-server: $schema=../../schemas/{name}.schema.json\n```", ""]
    if rows:
        parts += ["## Fields", "", table(["Field", "Type", "Required", "Meaning"], rows)]
    return "\n".join(parts)


def _referenced(node) -> set[str]:
    """The schemas `node` (a schema or a part of one) refers to by file name."""
    if isinstance(node, dict):
        found = set()
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.split("#", 1)[0]:
            found.add(ref.split("#", 1)[0].rsplit("/", 1)[-1].removesuffix(".schema.json"))
        for value in node.values():
            found |= _referenced(value)
        return found
    if isinstance(node, list):
        return set().union(*map(_referenced, node)) if node else set()
    return set()


@cache
def family_schemas(families: tuple[str, ...]) -> tuple[str, ...]:
    """The schemas of a site whose games are of `families`: game.yaml's, each family's
    content files' and example blocks', and every schema those refer to."""
    wanted = {"game"}
    for name in families:
        fam = family_named(name)
        if fam is not None:
            wanted |= {spec.schema for spec in fam.files.values()} | ({fam.example_schema} - {""})
    todo = sorted(wanted)
    while todo:
        for name in _referenced(load_schema(todo.pop())) - wanted:
            wanted.add(name)
            todo.append(name)
    return tuple(sorted(wanted))


@cache   # the schemas do not change while Mapwright runs (serve rebuilds often)
def schema_pages(names: tuple[str, ...] | None = None) -> dict[str, str | bytes]:
    """Each schema's page and file (`names`; None: every schema)."""
    files: dict[str, str | bytes] = {}
    for name in schema_names() if names is None else names:
        files[f"reference/schemas/{name}.md"] = schema_page(name)
        files[f"reference/schemas/{name}.schema.json"] = json.dumps(load_schema(name), indent=2) + "\n"
    return files


def diagnostics_page() -> str:
    rows = [[f'<span id="{c.code.lower()}"></span>{code_span(c.code)}', md_text(c.severity),
             with_code(c.title), with_code(c.explanation)]
            for c in sorted(every_code().values(), key=lambda c: c.code)]
    return "\n".join([
        "# Diagnostics reference", "",
        "Every message Mapwright prints carries one of these stable codes, with the file, line "
        "and column it is about. `mapwright validate --format json` and `--format github` carry "
        "the same codes.", "",
        table(["Code", "Severity", "Title", "What it means and what to do"], rows)])
