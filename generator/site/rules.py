"""Rules pages as published: rule-number anchors, and every worked example
replaced by the block, the engine's verdict, its drawing and its trace."""
from __future__ import annotations

import re

from ..validate import WorkedExample
from ..escape import admonition_title, md_text, url
from ..markup import with_page_settings
from ..render.figure import figure_size

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


# "see 7.5 and 9.3", "rule 7.2", "rules 6.1, 6.2 or 6.4": a trigger word, then numbers
# joined by commas, "and", "or". Scanned piece by piece (no nested repetition), so the
# time is linear in the line.
_TRIGGER = re.compile(r"\b(?:[Ss]ee|[Rr]ules?)\s+")
_RULE_NUMBER = re.compile(r"\d+(?:\.\d+)+")
_JOIN = re.compile(r",\s*|\s+(?:and|or)\s+")
_FENCE = ("```", "~~~")


def rule_index(pages: dict[str, str]) -> dict[str, str]:
    """Rule number -> the rules page (its file name) whose heading carries it."""
    index: dict[str, str] = {}
    for page, text in sorted(pages.items()):
        fenced = False
        for line in text.split("\n"):
            if line.lstrip().startswith(_FENCE):
                fenced = not fenced
                continue
            m = None if fenced else HEADING.match(line)
            if m:
                index.setdefault(m.group(2), page.rsplit("/", 1)[-1])
    return index


def _link_numbers(segment: str, here: str, index: dict[str, str]) -> str:
    out, pos = [], 0
    for trigger in _TRIGGER.finditer(segment):
        if trigger.start() < pos:
            continue
        at = trigger.end()
        out.append(segment[pos:at])
        while True:
            m = _RULE_NUMBER.match(segment, at)
            if not m:
                break
            number = m.group(0)
            target = index.get(number) or index.get(number.removesuffix(".0"))
            if target is None:
                out.append(number)
            else:
                anchor = rule_anchor(number if number in index else number.removesuffix(".0"))
                out.append(f"[{number}]({'' if target == here else target}#{anchor})")
            at = m.end()
            j = _JOIN.match(segment, at)
            if not j or not _RULE_NUMBER.match(segment, j.end()):
                break
            out.append(j.group(0))
            at = j.end()
        pos = at
    out.append(segment[pos:])
    return "".join(out)


def link_rule_references(text: str, page: str, index: dict[str, str]) -> str:
    """Rule references in prose ("see 13.5.1") linked to the rule's anchor, on this page
    or another rules page of the game. Headings, code and existing links are left alone."""
    if not index:
        return text
    here = page.rsplit("/", 1)[-1]
    out, fenced = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith(_FENCE):
            fenced = not fenced
        elif not fenced and not line.lstrip().startswith("#") and "](" not in line and _TRIGGER.search(line):
            parts = line.split("`")
            if len(parts) % 2 == 1:   # balanced code spans: link only outside them
                line = "`".join(_link_numbers(p, here, index) if i % 2 == 0 else p
                                for i, p in enumerate(parts))
        out.append(line)
    return "\n".join(out)


def code_fence(body: str) -> str:
    """A backtick fence longer than any run of backticks in `body`, so the body cannot
    close its own block (CommonMark: a fence closes only on a run at least as long)."""
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    return "`" * max(3, longest + 1)


def _indent(text: str, by: str = "    ") -> str:
    return "\n".join(by + line if line.strip() else "" for line in text.split("\n"))


def figure_markdown(alt: str, path: str, size: tuple[int, int] | None) -> str:
    """An image that links to itself (the script opens it enlarged, in place)."""
    dims = f' width="{size[0]}" height="{size[1]}"' if size else ""
    target = url(path)
    return f"[![{md_text(alt)}]({target}){{ .mw-figure{dims} }}]({target}){{ .mw-enlarge title=\"Enlarge\" }}"


def example_markdown(worked: WorkedExample, figure_path: str | None, body: str,
                     figure_svg: str | None = None) -> str:
    """The example as published: the diagram, the engine's results, then (folded) the
    trace and the example's YAML source."""
    data, outcome = worked.example.data, worked.outcome
    title = str(data.get("title") or f"Example {worked.example.index}")
    verdict = "verified by the engine" if outcome and outcome.verified else "NOT verified"
    fence = code_fence(body)
    parts = [f'!!! example "{admonition_title(title)} — {verdict}"', ""]
    if outcome is not None:
        if figure_path:
            size = figure_size(figure_svg) if figure_svg else None
            parts += [_indent(figure_markdown(f"Diagram: {title}", figure_path, size)), ""]
        if outcome.markdown:
            parts += [_indent(outcome.markdown.strip()), ""]
        if outcome.trace:
            trace = "\n".join(f"- {md_text(step)}" for step in outcome.trace)
            parts += [_indent('??? info "Why: the engine\'s trace"\n\n' + _indent(trace)), ""]
    source = _indent(f"{fence}yaml\n" + body.rstrip("\n") + f"\n{fence}")
    parts += [_indent('??? note "The example as written (YAML)"\n\n' + source), ""]
    return "\n".join(parts)


def publish_rules_page(page: str, text: str, worked: list[WorkedExample],
                       figure_name, rules: dict[str, str] | None = None) -> tuple[str, dict[str, str]]:
    """The page's published Markdown, and the example figures to write beside it.

    The published page starts with Mapwright's own page settings (none): whatever the
    contributor wrote at the top is read as the page's text, never as its settings.

    `figure_name(page, index)` gives the asset path (relative to the game folder);
    `rules` (page -> text, all the game's rules pages) lets rule references link across pages."""
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
        out.append(example_markdown(w, figure_ref, w.block.body,
                                    w.outcome.figure if figure_ref else None))
        i = w.block.end + 1
    published = link_rule_references("\n".join(out), page, rule_index(rules or {page: text}))
    return with_page_settings(add_rule_anchors(published)), figures


def page_title(text: str, fallback: str) -> str:
    for line in text.split("\n"):
        if line.startswith("# "):
            return re.sub(r"\s*\{#.*\}\s*$", "", line[2:]).strip()
    return fallback
