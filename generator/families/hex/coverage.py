"""Rules coverage: which worked examples check each numbered section of the rulebook, or why none do.

The sections and the explicit links come from coverage.yaml; the examples from the rules pages'
fenced example blocks (their `title:` and `rule:` lines, read one line at a time). An example
covers its `rule:` section and that section's parents (13.4.4 B covers 13.4.4 and 13.4).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...diagnostics import Diagnostic, register
from .diag import located

UNCOVERED = register("HEX040", "Rule section without an example or a reason",
    "coverage.yaml lists a section that no worked example checks (by its `rule:`), that names no example in `examples:` "
    "and gives no `none:` reason. Write the example, name one, or say why the section has none.")
UNKNOWN_EXAMPLE = register("HEX041", "Coverage names an unknown example",
    "coverage.yaml names an example title that the rules pages do not hold (renamed or removed). Fix the title.", "warning")


@dataclass(frozen=True)
class PageExample:
    page: str
    title: str
    rule: str


def _value(line: str, key: str) -> str:
    text = line[len(key) + 1:].strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    return text


def page_examples(rules_pages: dict[str, str]) -> list[PageExample]:
    out = []
    for page, text in sorted(rules_pages.items()):
        inside, title, rule = False, "", ""
        for line in text.splitlines():
            if not inside and line.startswith("```example"):
                inside, title, rule = True, "", ""
            elif inside and line.startswith("```"):
                out.append(PageExample(page, title, rule))
                inside = False
            elif inside and line.startswith("title:"):
                title = _value(line, "title")
            elif inside and line.startswith("rule:"):
                rule = _value(line, "rule")
    return out


def touches(lines, section: str) -> bool:
    """Whether an engine's explanation names `section` or one of its subsections or paragraphs, as
    traces name rules ("(13.4.4 B, 5.4.1)": 13.4.4 B touches 13.4.4 and 13.4; 7.3 is not 17.3)."""
    chapter = section[:-2] if section.endswith(".0") else ""   # 15.0 is touched by any 15.x
    body = re.escape(chapter) + r"\.[0-9]" if chapter else re.escape(section)
    pattern = re.compile(r"(?<![\w.])" + body + r"(?![\w]|\.\w*[a-zA-Z]{2})")
    return any(pattern.search(str(line)) for line in lines)


def _section(rule: str) -> str:
    return rule.split(" ")[0]


def coverage(game, rules_pages: dict[str, str]) -> list[dict]:
    """Each section of coverage.yaml with the examples of `rules_pages` that check it and
    the reason when none do."""
    examples = page_examples(rules_pages)
    by_title = {e.title: e for e in examples}
    # the examples under each section (`covers`): "13.4.2" is under 13, 13.4 and 13.4.2
    under: dict[str, list] = {}
    for e in examples:
        if e.rule:
            parts = _section(e.rule).split(".")
            for k in range(1, len(parts) + 1):
                under.setdefault(".".join(parts[:k]), []).append(e)
    rows = []
    for s in game.coverage:
        own = under.get(s["id"], [])
        named = [by_title[t] for t in s.get("examples", []) if t in by_title]
        missing = [t for t in s.get("examples", []) if t not in by_title]
        seen, found = set(), []
        for e in own + named:
            if e.title not in seen:
                seen.add(e.title)
                found.append(e)
        rows.append({"id": s["id"], "title": s["title"], "examples": found, "none": s.get("none", ""), "missing": missing})
    return rows


def check_coverage(game, rows: list[dict]) -> list[Diagnostic]:
    """`rows`: `coverage(game, rules_pages)`."""
    out = []
    for i, row in enumerate(rows):
        for t in row["missing"]:
            out.append(located(game, "coverage.yaml", f"/sections/{i}/examples", UNKNOWN_EXAMPLE,
                               f"{row['id']}: no worked example titled '{t}' on the rules pages"))
        if not row["examples"] and not row["missing"] and not row["none"]:
            out.append(located(game, "coverage.yaml", f"/sections/{i}", UNCOVERED,
                               f"{row['id']} {row['title']}: no worked example checks it and no reason is given"))
    return out
