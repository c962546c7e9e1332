"""game.yaml and the rules page of an imported webDiplomacy variant.

Both are starting points the author owns once written: the importer writes them
only when the game folder lacks them (map.yaml and geometry.yaml, by contrast,
are rewritten on every import). They carry what variant.php says (names,
credits, version, homepage, the licence header's notice), the rule modules the
classes were found to use, and, for what no module reproduces, `status:
partial` with a note, so the site tells players what is not modelled.
"""
from __future__ import annotations

import re
from pathlib import Path

from .. import escape
from ..diagnostics import CODES, Diagnostic
from ..families.diplomacy.rules import modules as rule_modules
from .page_fit import fit_page
from .webdip_classes import ClassFacts
from .webdip_rules import rules_markdown
from .webdip_variant import VariantPhp, licence_name, read_text
from .yaml_writer import document

AGPL_URL = "https://www.gnu.org/licenses/agpl-3.0.html"
GPL_URL = "https://www.gnu.org/licenses/gpl-3.0.html"


def _people(text: str) -> list[str]:
    """'Jared Kish (Kurt) and Oliver Auth' -> ['Jared Kish (Kurt)', 'Oliver Auth']."""
    people, depth, current = [], 0, []
    for piece in re.split(r"(\s*(?:,|&|\band\b|/)\s*|[()])", text):
        depth += (piece == "(") - (piece == ")")
        if depth == 0 and re.fullmatch(r"\s*(?:,|&|\band\b|/)\s*", piece or ""):
            people.append("".join(current))
            current = []
        else:
            current.append(piece or "")
    people.append("".join(current))
    return [p.strip() for p in people if p.strip()][:20]


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def game_files(variant_dir: Path, variant: VariantPhp, facts: ClassFacts, modules: dict, powers: list,
               command: str, diags: list) -> tuple[dict, dict[str, str]]:
    """(game.yaml data, {file name: text}) for game.yaml and rules/01-rules.md."""
    props = variant.props
    folder = variant_dir.name
    title = _short(props.get("fullName") or props.get("name") or folder, 200)
    description = props.get("description", "")
    credits = []
    for person in _people(props.get("author", "")):
        credits.append({"name": _short(person, 200), "role": "variant author"})
    for person in _people(props.get("adapter", "")):
        credits.append({"name": _short(person, 200), "role": "webDiplomacy adapter"})
    credits.append({"name": "vDiplomacy / webDiplomacy contributors",
                    "role": f"variant data (variants/{folder})"})
    notice = variant.notice
    if notice and variant.notice_from and variant.notice_from != folder:
        notice = f"From the parent variant {variant.notice_from}: {notice}"
    if not notice:
        notice = (f"variants/{folder}/variant.php carries no licence notice. Ask the variant's authors "
                  "under which terms its data may be published, and write them here.")
        diags.append(Diagnostic(f"{folder}/variant.php", 1, 1, "IMP012",
                                "variant.php has no licence header; game.yaml says so",
                                CODES["IMP012"].severity, "",
                                "ask the authors for the terms and write them in game.yaml licence.notice"))
    licence = {"name": licence_name(variant.notice), "notice": _short(notice, 4000)}
    if licence["name"].startswith("AGPL"):
        licence["url"] = AGPL_URL
    elif licence["name"].startswith("GPL"):
        licence["url"] = GPL_URL
    version = props.get("version") or props.get("codeVersion")
    reference = f"variants/{folder} (install.php, variant.php, classes/" + \
        (", rules page" if _rules_file(variant_dir) else "") + ")"
    if version:
        reference += f", version {version}"
    if props.get("codeVersion") and props.get("codeVersion") != version:
        reference += f", code version {props['codeVersion']}"
    sources = [{"id": "webdip-variant", "title": _short(f"{title}: the webDiplomacy/vDiplomacy variant", 300),
                "reference": _short(reference, 500)}]
    homepage = props.get("homepage", "")
    if re.match(r"^https?://\S+$", homepage):
        sources.append({"id": "variant-homepage", "title": _short(f"{title}: the variant's homepage", 300),
                        "reference": _short(homepage, 500)})
    unmodelled = [message for _, _, message in facts.unmodelled]
    unread = [message for _, _, message in facts.unread]
    summary = (description.rstrip(".") + ". " if description else "") + \
        f"A {len(powers)}-player Diplomacy variant, imported from the webDiplomacy/vDiplomacy variant {folder}."
    game = {"title": title}
    if description and description != title:
        game["subtitle"] = _short(description, 300)
    game.update({"family": "diplomacy", "players": max(1, len(powers)), "summary": _short(summary, 4000),
                 "credits": credits, "licence": licence, "sources": sources,
                 "rules": {name: modules[name] for name in sorted(modules)}})
    if unmodelled or unread:
        notes = ([f"Not read (the variant's code names files the import did not have): {'; '.join(unread)}"]
                 if unread else [])
        notes += [f"Not modelled (the game plays by the standard rules there): {'; '.join(unmodelled)}"] \
            if unmodelled else []
        game["status"] = "partial"
        game["status_note"] = _short(". ".join(notes), 2000)
    else:
        game["status"] = "complete"
    header = ["yaml-language-server: $schema=../../schemas/game.schema.json",
              f"Written by `{command}` as a starting point; yours to edit",
              "(the importer never rewrites it). Facts from the variant's variant.php."]
    files = {"game.yaml": document(header, list(game.items()))}
    files["rules/01-rules.md"] = _rules_page(variant_dir, title, credits, facts, modules, diags)
    return game, files


def _rules_file(variant_dir: Path) -> Path | None:
    for name in ("rules.html", "rules.php", "rules.htm"):
        if (variant_dir / name).is_file():
            return variant_dir / name
    return None


def _rules_page(variant_dir: Path, title: str, credits: list, facts: ClassFacts, modules: dict,
                diags: list) -> str:
    folder = variant_dir.name
    source = _rules_file(variant_dir)
    out = [f"# {escape.md_text(title)}", ""]
    origin = f"variants/{folder}/{source.name}" if source else f"variants/{folder}"
    out.append(f"Imported from {escape.code_span(origin)} of the webDiplomacy/vDiplomacy variant "
               f"by `mapwright import webdiplomacy`.")
    people = [f"{escape.md_text(c['name'])} ({escape.md_text(c['role'])})" for c in credits[:-1]]
    if people:
        out += ["", "Credits: " + "; ".join(people) + "."]
    if modules:
        known = rule_modules()
        out += ["", "## Rules as modelled", ""]
        out += [f"- {escape.md_text(known[name].webdip.describe)} ({escape.code_span(name)})"
                for name in sorted(modules)]
    if facts.unmodelled:
        out += ["", "## Not modelled", "",
                "The variant's code changes these rules; Mapwright plays the standard rules there:", ""]
        out += [f"- {escape.md_text(message)} ({escape.code_span(path)})" for path, _, message in facts.unmodelled]
    if facts.unread:
        out += ["", "## Not read", "",
                "The variant's code names files the import did not have; what they do is not part of this "
                "game:", ""]
        out += [f"- {escape.md_text(message)} ({escape.code_span(path)})" for path, _, message in facts.unread]
    if source is not None:
        try:
            body, dropped = rules_markdown(read_text(source, variant_dir.parent))
        except (OSError, ValueError) as exc:
            body, dropped = "", [str(exc)]
        if dropped:
            diags.append(Diagnostic(f"{folder}/{source.name}", 1, 1, "IMP016",
                                    f"left out of the rules page: {', '.join(dropped)}",
                                    CODES["IMP016"].severity, "", "check the converted page"))
        if body.strip():
            out += ["", "## The variant's rules page", "", body]
    else:
        out += ["", "The variant folder has no rules page (rules.html); describe its rules here."]
    page, changed = fit_page("\n".join(out))
    if changed:
        diags.append(Diagnostic(f"{folder}/{source.name if source else 'variant.php'}", 1, 1, "IMP016",
                                f"the rules page was fitted to the site's limits for a page: {'; '.join(changed)}",
                                CODES["IMP016"].severity, "", "check the converted page; split a long rules "
                                "page into several pages by hand"))
    return page
