"""Pages a family writes as one text that holds several: a long table's parts.

A family page's text may begin further pages of its own, each at a line that is
exactly `<!-- mapwright:page NAME.md TITLE -->` (render/adjacency.py writes them for a
long adjacency table): the lines after it, up to the next such line, are the page
NAME.md beside it, titled TITLE; the navigation lists them under the first page
(site/tree.py), whose title MkDocs would otherwise read, unescaped, from their text. One family page stays
one Page for the families and the cache; the site gets every page apart, so that no
page is heavier than its part (a reader's page weight, issue #28).
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..families.base import Page

_MARK = re.compile(r"^<!-- mapwright:page ([a-z0-9][a-z0-9-]*\.md) ([^<>\n]+?) -->$", re.M)


def split_page(page: Page) -> list[Page]:
    """`page` and the pages its text begins, each with its own text and title; the
    further pages are siblings of `page` (same folder)."""
    if not isinstance(page.content, str) or not page.path.endswith(".md") or "<!-- mapwright:page" not in page.content:
        return [page]
    marks = list(_MARK.finditer(page.content))
    if not marks:
        return [page]
    folder = page.path.rpartition("/")[0]
    out = [replace(page, content=page.content[:marks[0].start()].rstrip() + "\n")]
    for mark, after in zip(marks, [*marks[1:], None]):
        text = page.content[mark.end():after.start() if after else len(page.content)].strip("\n") + "\n"
        path = f"{folder}/{mark.group(1)}" if folder else mark.group(1)
        out.append(Page(path, text, mark.group(2), audience=page.audience))
    return out


def split_pages(pages: list[Page]) -> list[Page]:
    """Every page of `pages` with the pages their texts begin (see split_page)."""
    return [part for page in pages for part in split_page(page)]
