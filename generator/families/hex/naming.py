"""Units as a reader sees them: an example's unit ids ("red-div-2") are the author's
handles; the pages say "RED infantry division 2", and the diagrams number the counters
a reader has to tell apart."""
from __future__ import annotations

import re
from collections import Counter

from ...escape import Markdown, md_cell


def unit_labels(game, units) -> dict[str, tuple[str, str]]:
    """{unit id: (name, mark)}: the name is the side and the unit type ("RED infantry
    corps"), numbered in the example's order where it holds more than one of a kind;
    the mark is that number ("" for a unit alone of its kind), drawn on its counter."""
    def kind(u):
        t = game.unit_types.get(u.type)
        return f"{u.side} {(t.name if t else u.type).lower()}"
    counts = Counter(kind(u) for u in units)
    seen: Counter = Counter()
    out = {}
    for u in units:
        k = kind(u)
        if counts[k] > 1:
            seen[k] += 1
            out[u.id] = (f"{k} {seen[k]}", str(seen[k]))
        else:
            out[u.id] = (k, "")
    return out


def in_words(texts, names: dict[str, str]):
    """`texts` (strings, or rows of strings) with every id (of more than a plain word)
    replaced by its name; in Markdown (escape.Markdown) the ids are found as md_cell
    wrote them."""
    # an id that is a plain word ("combat", "fort") could be the word itself: left alone
    names = {uid: name for uid, name in names.items() if not uid.isalpha()}
    if not names:
        return texts
    plain = _pattern({uid: name for uid, name in names.items()}, r"[\w-]")
    # names come from the game's data (a unit type's name): escaped where they go into Markdown
    written = _pattern({md_cell(uid): md_cell(name) for uid, name in names.items()}, r"[\w\\-]")

    def say(text):
        if isinstance(text, Markdown):
            return Markdown(written[0].sub(lambda m: written[1][m.group(0)], text))
        return plain[0].sub(lambda m: plain[1][m.group(0)], text) if isinstance(text, str) else text
    return [tuple(say(t) for t in item) if isinstance(item, tuple) else say(item) for item in texts]


def _pattern(names: dict[str, str], word: str):
    ids = sorted(names, key=len, reverse=True)
    return re.compile(f"(?<!{word})(?:" + "|".join(map(re.escape, ids)) + f")(?!{word})"), names


def game_names(game) -> dict[str, str]:
    """The game's own ids a trace may use, by their names: unit types, AP costs, phases
    and airstrike missions (charts.yaml, units.yaml)."""
    def lower(text: str) -> str:
        return text[:1].lower() + text[1:]
    charts = game.charts or {}
    out = {r["id"]: lower(r["action"]) for r in charts.get("ap_costs", []) if r.get("action")}
    out.update({p["id"]: p["name"] for p in charts.get("phases", []) if p.get("name")})
    out.update({m["id"]: lower(m["name"]) for m in charts.get("air_missions", []) if m.get("name")})
    out.update({t.id: lower(t.name) for t in game.unit_types.values()})
    return out


def cite(game, source: str) -> str:
    """A fact's `source` ("rulebook 15.1.3": a source id of game.yaml and a place in it)
    as a reader reads it: "rule 15.1.3"; anything else unchanged."""
    text = str(source)
    for s in game.source.meta.get("sources", []):
        if text == s["id"]:
            return s["title"]
        if text.startswith(s["id"] + " "):
            return "rule " + text[len(s["id"]) + 1:]
    return text
