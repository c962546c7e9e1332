"""Rules pages as published: rule-number anchors, and every worked example
replaced by the block, the engine's verdict, its drawing and its trace."""
from __future__ import annotations

import re

from ..validate import WorkedExample
from .text import admonition_title, plain

HEADING = re.compile(r"^(#{1,6})\s++(\d++(?:\.\d++)*+)\.?\s")  # linear: nothing to backtrack


def rule_anchor(number: str) -> str:
    return "rule-" + number.replace(".", "-")


def add_rule_anchors(text: str) -> str:
    seen: set[str] = set()
    out = []
    for line in text.split("\n"):
        m = HEADING.match(line)
        if m and "{#" not in line:
            anchor = rule_anchor(m.group(2))
            if anchor not in seen:
                seen.add(anchor)
                line = f"{line} {{#{anchor}}}"
        out.append(line)
    return "\n".join(out)


def code_fence(body: str) -> str:
    """A backtick fence longer than any run of backticks in `body`, so the body cannot
    close its own block (CommonMark: a fence closes only on a run at least as long)."""
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    return "`" * max(3, longest + 1)


def _indent(text: str, by: str = "    ") -> str:
    return "\n".join(by + line if line.strip() else "" for line in text.split("\n"))


def example_markdown(worked: WorkedExample, figure_path: str | None, body: str) -> str:
    data, outcome = worked.example.data, worked.outcome
    title = str(data.get("title") or f"Example {worked.example.index}")
    verdict = "verified by the engine" if outcome and outcome.verified else "NOT verified"
    fence = code_fence(body)
    parts = [f'!!! example "{admonition_title(title)} — {verdict}"', "",
             _indent(f"{fence}yaml\n" + body.rstrip("\n") + f"\n{fence}"), ""]
    if outcome is not None:
        if figure_path:
            parts += [_indent(f"![Diagram: {plain(title)}]({figure_path}){{ .mw-figure }}"), ""]
        if outcome.markdown:
            parts += [_indent(outcome.markdown.strip()), ""]
        if outcome.trace:
            trace = "\n".join(f"- {plain(step)}" for step in outcome.trace)
            parts += [_indent('??? info "Why: the engine\'s trace"\n\n' + _indent(trace)), ""]
    return "\n".join(parts)


def publish_rules_page(page: str, text: str, worked: list[WorkedExample],
                       figure_name) -> tuple[str, dict[str, str]]:
    """The page's published Markdown, and the example figures to write beside it.

    `figure_name(page, index)` gives the asset path (relative to the game folder)."""
    lines = text.split("\n")
    figures: dict[str, str] = {}
    by_start = {w.block.start: w for w in worked}
    out, i = [], 0
    while i < len(lines):
        w = by_start.get(i)
        if w is None:
            out.append(lines[i])
            i += 1
            continue
        figure_ref = None
        if w.outcome is not None and w.outcome.figure:
            asset = figure_name(page, w.example.index)
            figures[asset] = w.outcome.figure
            figure_ref = "../" + asset  # rules pages live in <game>/rules/
        out.append(example_markdown(w, figure_ref, w.block.body))
        i = w.block.end + 1
    return add_rule_anchors("\n".join(out)), figures


def page_title(text: str, fallback: str) -> str:
    for line in text.split("\n"):
        if line.startswith("# "):
            return re.sub(r"\s*\{#.*\}\s*$", "", line[2:]).strip()
    return fallback
