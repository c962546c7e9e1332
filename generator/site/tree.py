"""Assemble the whole docs tree (path -> content) and its navigation.

Pure: takes validated games, returns files and nav. Writing them is `write_tree`.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from ..escape import nav_title
from ..markup import OWN_SETTINGS, with_page_settings
from ..families.base import Page
from ..validate import GameResult
from .guides import guide_pages
from .paging import split_page
from .reference import diagnostics_page, family_schemas, schema_pages
from .rules import page_title, publish_rules_page
from ..escape import code_span, json_text, md_text, url
from .text import prose, table


@dataclass(frozen=True)
class SiteSettings:
    """What the site-wide pages take from the site's configuration (mkdocs.yml): the
    site is its author's, and Mapwright's own pages are there only when asked for."""

    title: str = "Variant rules"        # site_name: the home page's heading
    home: bool = True                   # a home page (False: the site has a front page of its own)
    # Mapwright's pages for variant authors (install and CI guides, the diagnostics reference,
    # the schemas): False; True, with the schemas of the families the games use; "all" schemas
    reference: bool | str = False
    source_url: str | None = None       # where Mapwright comes from: the guides' install lines


def _players(players) -> str:
    if isinstance(players, dict):
        return f"{players['min']}–{players['max']}"
    return str(players)


def overview_page(result: GameResult, family_pages: list) -> str:
    """A game's landing page, for players: what the game is, its map, how many play,
    where to start; then the rules, the players' pages, credits and sources. The pages
    for the variant's authors are listed apart, at the end."""
    meta, source = result.source.meta, result.source
    paths = {p.path for p in family_pages}
    lines = [f"# {md_text(meta['title'])}", ""]
    if meta.get("subtitle"):
        lines += [f"*{md_text(meta['subtitle'])}*", ""]
    if "thumbnail.svg" in paths:
        picture = f"![Map of {md_text(short_title(meta['title']))}](thumbnail.svg){{ .mw-overview-map }}"
        lines += [f"[{picture}](map.md)" if "map.md" in paths else picture, ""]
    lines += [prose(meta["summary"]), ""]
    if meta.get("status") == "partial":
        lines += ['!!! warning "Partly modelled"', "",
                  "    " + md_text(meta.get("status_note", "Parts of this game are not modelled yet.")), ""]
    kind = getattr(result.family, "kind", "")
    if kind:
        lines.append(f"- **The game:** {md_text(kind)}.")
    lines.append(f"- **Players:** {_players(meta['players'])}")
    if meta.get("year"):
        lines.append(f"- **Published:** {meta['year']}")
    rules = sorted(source.rules_pages.items())
    if rules:
        first, text = rules[0]
        lines.append(f"- **Where to start:** the rules, from [{md_text(page_title(text, first))}]({first})"
                     + (", with the [map](map.md) beside them." if "map.md" in paths else "."))
    lines.append("")
    if rules:
        lines += ["## Rules", ""]
        lines += [f"- [{md_text(page_title(text, page))}]({page})" for page, text in rules] + [""]
    titled = [p for p in family_pages if p.title and p.path.endswith(".md")]
    players = [p for p in titled if getattr(p, "audience", "players") != "authors"]
    if players:
        lines += ["## Maps, tables and charts", ""]
        lines += [f"- [{md_text(p.title)}]({p.path})" for p in players] + [""]
    lines += ["## Credits and licence", ""]
    lines += [f"- {md_text(c['name'])} — {md_text(c['role'])}" for c in meta["credits"]] + [""]
    licence = meta["licence"]
    lines += [f"**Licence:** {md_text(licence['name'])}", ""]
    lines += ["> " + md_text(line) if line.strip() else ">" for line in str(licence["notice"]).split("\n")]
    lines += ["", "## Sources", ""]
    lines += [f"- {md_text(s['title'])}" + (f" ({md_text(s['reference'])})" if s.get("reference") else "")
              for s in meta["sources"]]
    authors = [p for p in titled if p not in players]
    if authors:
        lines += ["", "## Behind these pages", "",
                  "For the variant's authors, how its data was checked: "
                  + ", ".join(f"[{md_text(p.title)}]({p.path})" for p in authors) + "."]
    return "\n".join(lines) + "\n"


def rule_modules_page(result: GameResult) -> str:
    """The named rule modules (game.yaml `rules:`) the engine applies, with their
    parameters: for the game's authors, when the family has no page of its own for them."""
    lines = ["# Rule modules", "",
             "The engine applies these named rule modules (game.yaml `rules:`), with these parameters:", ""]
    for name, params in sorted(result.source.rules.items()):
        shown = ", ".join(f"{code_span(k)} = {code_span(json_text(v, sort_keys=True))}"
                          for k, v in sorted(params.items())) if params else "no parameters"
        lines.append(f"- **{md_text(name)}** — {shown}")
    return "\n".join(lines) + "\n"


AUTHORS = "For variant authors"   # a game's navigation section of the pages for its authors


def authors_pages(game_nav: list) -> set[str]:
    """The pages `game_files` listed in a game's navigation for its authors."""
    def paths(entry) -> list[str]:
        value = next(iter(entry.values()))
        return [value] if isinstance(value, str) else [p for e in value for p in paths(e)]
    return {p for entry in game_nav if AUTHORS in entry for p in paths(entry)}


def short_title(title: str) -> str:
    """A game's name for its navigation tab: the title before a colon or a parenthesis
    ("Dixie: The Second War..." -> "Dixie")."""
    text = str(title)
    for mark in (":", " ("):
        if mark in text and text.index(mark) > 0:
            text = text[:text.index(mark)]
    return " ".join(text.split()) or str(title)


def one_line(summary: str, limit: int = 160) -> str:
    """The first sentence of a summary, cut at a word near `limit` characters."""
    text = " ".join(str(summary).split())
    end = text.find(". ")
    if 0 < end < limit:
        return text[:end + 1]
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + "…"


def home_page(results: list[GameResult], thumbnails: dict[str, str], site: SiteSettings = SiteSettings()) -> str:
    """The landing page, headed by the site's title: a card per game (picture, one line,
    link), then, where the site carries Mapwright's own pages, those for variant authors."""
    lines = ["---", "hide:", "  - navigation", "  - toc", "---", "",
             f"# {md_text(site.title)}", "",
             "Rules built from data: every map, table and worked example on these pages "
             "was checked by the game's engine when the site was built.", "",
             '<div class="mw-cards" markdown>', ""]
    for r in results:
        meta, game_id = r.source.meta, r.source.game_id
        lines.append(f"-   [{md_text(meta['title'])}]({game_id}/index.md){{ .mw-card-title }}")
        if game_id in thumbnails:
            lines += ["", f"    [![Map of {md_text(short_title(meta['title']))}]({game_id}/{thumbnails[game_id]})"
                      f"{{ .mw-card-picture loading=lazy }}]({game_id}/index.md){{ tabindex=-1 aria-hidden=true }}"]
        lines += ["", f"    {md_text(one_line(meta['summary']))}", "",
                  f"    *{md_text(_players(meta['players']))} players*", ""]
    lines += ["</div>", ""]
    if site.reference:
        lines += ["## For variant authors", "",
                  get_mapwright(site.source_url),
                  "- [Checking a variant on every change](guides/ci-for-variant-authors.md): "
                  "validation in CI and before each commit",
                  "- [Diagnostics reference](reference/diagnostics.md): every message's code, "
                  "what it means and what to do",
                  "- [Content schemas](reference/schemas/index.md): the fields of every content file", ""]
    return "\n".join(lines)


def get_mapwright(source_url: str | None) -> str:
    """The home page's line saying where the tool is and how to install it."""
    install = "guides/ci-for-variant-authors.md#installing-mapwright"
    if source_url:
        return (f"- [Mapwright's source]({url(source_url)}): the tool that built this site; "
                f"[how to install it]({install})")
    return (f"- [Installing Mapwright]({install}), the tool that built this site, from a copy of its source "
            "(this site names no public repository)")


def _figure_name(page: str, index: int) -> str:
    stem = page.rsplit("/", 1)[-1].removesuffix(".md")
    return f"examples/{stem}-{index}.svg"


def standard_rules_note(meta: dict, titles: dict[str, str]) -> str:
    """The admonition a variant's rules pages open with, linking the rules it changes
    (`standard_rules` in game.yaml), when that game is on the same site."""
    base = meta.get("standard_rules")
    if not base or base not in titles:
        return ""
    return ('!!! info "Changes to the standard rules"\n\n'
            f"    Everything not changed here is played as in the [standard rules]"
            f"(../../{base}/index.md#rules) of {md_text(titles[base])}.\n")


def _after_title(text: str, note: str) -> str:
    """`note` inserted after the page's first heading (or at the top)."""
    if not note:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("# "):
            return "\n".join(lines[:i + 1] + ["", note] + lines[i + 1:])
    return with_page_settings(note + "\n" + text.removeprefix(OWN_SETTINGS))   # settings stay first


def game_files(result: GameResult, family_pages: list | None = None) -> tuple[dict[str, str | bytes], list]:
    """All files of one game's section (paths relative to docs/), and its nav entries.

    `family_pages`: the family's pages when the caller kept them from an earlier run
    (they depend on the game's data files only, not on its rules pages; those the
    family makes from the rules pages are `result.rules_made`)."""
    game_id, source = result.source.game_id, result.source
    result.draw_figures()
    files: dict[str, str | bytes] = {}
    if family_pages is None:
        family_pages = result.family.pages(result.game)
    family_pages = sorted([*family_pages, *result.rules_made], key=lambda p: p.path)
    if source.rules and not any(p.path == "rule-modules.md" for p in family_pages):
        family_pages.append(Page("rule-modules.md", rule_modules_page(result), "Rule modules", audience="authors"))
    nav: list = [{"Overview": f"{game_id}/index.md"}]
    rules_nav = []
    for page, text in sorted(source.rules_pages.items()):
        published, figures = publish_rules_page(page, text, result.examples.get(page, []), _figure_name,
                                                source.rules_pages)
        files[f"{game_id}/{page}"] = published
        for asset, svg in figures.items():
            files[f"{game_id}/{asset}"] = svg
        rules_nav.append({nav_title(page_title(text, page)): f"{game_id}/{page}"})
    if rules_nav:
        nav.append({"Rules": rules_nav})
    authors = []
    for p in family_pages:
        first, *parts = split_page(p)   # a long table's pages, listed under its first
        for page in (first, *parts):
            files[f"{game_id}/{page.path}"] = page.content
        if p.title and p.path.endswith(".md"):
            entry = {nav_title(p.title): f"{game_id}/{p.path}"}
            if parts:
                entry = {nav_title(p.title): [entry, *({nav_title(q.title): f"{game_id}/{q.path}"} for q in parts)]}
            (authors if getattr(p, "audience", "players") == "authors" else nav).append(entry)
    if authors:   # pages for the variant's authors (geometry review ...), apart from the players'
        nav.append({AUTHORS: authors})
    files[f"{game_id}/index.md"] = overview_page(result, family_pages)
    return files, nav


def docs_tree(results: list[GameResult], site: SiteSettings = SiteSettings()) -> tuple[dict[str, str | bytes], list]:
    return assemble([(r, *game_files(r)) for r in results], site=site)


def assemble(sections: list[tuple[GameResult, dict, list]], *,
             site: SiteSettings = SiteSettings()) -> tuple[dict[str, str | bytes], list]:
    """The whole tree from each game's (result, files, nav), as `game_files` made them
    (the build keeps those per game and makes only the site-wide pages again): the
    games, the home page unless the site has its own, Mapwright's pages if asked for."""
    files: dict[str, str | bytes] = {}
    # the home page's tab names what it holds: every game's card (a game's pages list no other game)
    nav: list = [{"All games": "index.md"}] if site.home else []
    thumbnails = {}
    results = []
    titles = {r.source.game_id: r.source.meta["title"] for r, _, _ in sections}
    for result, game_files_, game_nav in sorted(sections, key=lambda s: s[0].source.game_id):
        results.append(result)
        files.update(game_files_)
        # links to another game's rules depend on the whole site, so they are added here
        # (a game's own files are kept per game between builds)
        note = standard_rules_note(result.source.meta, titles)
        if note:
            prefix = f"{result.source.game_id}/rules/"
            for path in [p for p in game_files_ if p.startswith(prefix) and p.endswith(".md")]:
                files[path] = _after_title(files[path], note)
        if f"{result.source.game_id}/thumbnail.svg" in files:
            thumbnails[result.source.game_id] = "thumbnail.svg"
        nav.append({nav_title(short_title(result.source.meta["title"])): game_nav})
    if site.home:
        files["index.md"] = home_page(results, thumbnails, site)
    if site.reference:
        families = tuple(sorted({str(r.source.meta["family"]) for r in results}))
        reference_files, reference_nav = reference_pages(None if site.reference == "all" else families,
                                                         site.source_url)
        files.update(reference_files)
        nav.append({"Reference": reference_nav})
    return files, nav


def reference_pages(families: tuple[str, ...] | None, source_url: str | None) -> tuple[dict, list]:
    """Mapwright's pages for variant authors and their navigation: the diagnostics
    reference, the schemas (of `families`; None: every schema), the guides."""
    schemas = schema_pages(None if families is None else family_schemas(families))
    files = {**schemas, "reference/diagnostics.md": diagnostics_page()}
    schema_nav = [{"All schemas": "reference/schemas/index.md"}]
    index_lines = ["# Content schemas", "",
                   "Each kind of content file has a JSON Schema (draft 2020-12). These pages are "
                   "generated from the schemas themselves.", ""]
    for path in sorted(p for p in schemas if p.endswith(".md")):
        name = path.rsplit("/", 1)[-1].removesuffix(".md")
        schema_nav.append({name: path})
        index_lines.append(f"- [{name}]({name}.md)")
    files["reference/schemas/index.md"] = "\n".join(index_lines) + "\n"
    guides = guide_pages(source_url)
    files.update(guides)
    nav = ([{"Diagnostics": "reference/diagnostics.md"}, {"Schemas": schema_nav}]
           + [{nav_title(page_title(text, path)): path} for path, text in sorted(guides.items())
              if path.endswith(".md")])
    return files, nav


def write_tree(files: dict[str, str | bytes], out_dir: Path) -> None:
    """Make `out_dir` hold exactly these files (it is Mapwright's own output folder).

    Unchanged files are left untouched, so a live-reloading server sees only real changes."""
    out_dir.mkdir(parents=True, exist_ok=True)
    root = out_dir.resolve()
    wanted = set()
    for rel, content in sorted(files.items()):
        target = out_dir / rel
        if not target.resolve().is_relative_to(root):
            raise ValueError(f"refusing to write outside the output folder: {rel}")
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        wanted.add(target.resolve())
        if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or target.is_dir():
            shutil.rmtree(target) if target.is_dir() and not target.is_symlink() else target.unlink()
        target.write_bytes(data)
    for path in sorted(out_dir.rglob("*"), reverse=True):
        if path.is_symlink() or (path.is_file() and path.resolve() not in wanted):
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
