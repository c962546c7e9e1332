"""Reading one game folder: game.yaml, the family's data files, and rules pages.

`read_game` does all the I/O for a game and returns a schema-valid GameSource
(or None when the game cannot be read), plus every diagnostic found on the way.
"""
from __future__ import annotations

import re
import stat
from pathlib import Path

from .diagnostics import Diagnostic, errors, register
from .families import family as family_named, names as family_names
from .families.base import GameSource
from .loader import Document, display_path, load_document
from .markup import check_markdown
from .schemas import validate_document
from .paths import is_inside, unsafe_entries

NOT_A_GAME = register("MW401", "Not a game folder",
                      "A path given to Mapwright is neither a game folder (holding game.yaml) "
                      "nor a folder of game folders. Pass content/ or content/<game>.")
UNKNOWN_FAMILY = register("MW402", "Family not available",
                          "game.yaml names a family whose engine is not installed in this Mapwright.")
UNREAD_FILE = register("MW403", "File not read by the game's family",
                       "A YAML file in the game folder is not one the family reads, so its content "
                       "is ignored. Rename it to a file the family expects, or remove it.", "warning")
ESCAPING_PATH = register("MW404", "Path escapes the game folder",
                         "A content file is a link that points outside its game folder. Content must "
                         "live inside the game folder; replace the link with the file itself.")
BAD_PAGE = register("MW405", "Rules page cannot be read",
                    "A rules page is not a readable file of UTF-8 text (a folder, a broken link, "
                    "control characters), or it is larger than 64 KiB, or rules/ is not a folder. "
                    "Re-save the page as UTF-8 text, split it, or replace the link with the file.")

BAD_NAME = register("MW406", "Game or page name not allowed",
                    "Game folder names and rules page file names become addresses and navigation "
                    "entries on the site, so they are restricted: a game folder is lower-case letters, "
                    "digits and hyphens (not a name the site uses itself: index, reference, guides, "
                    "assets, search); a rules page is letters, digits, hyphens and underscores, ending "
                    "in .md. Rename the folder or file.")

LINKED = register("MW407", "Link or special file in the content folder",
                  "A game folder must be a real folder, and hold only folders, files and links to "
                  "files: a link to a folder can loop (`a -> .`, which a site build walks until "
                  "memory runs out) or bring in another place's files, a link as the game folder "
                  "publishes whatever it points to, and a pipe or device blocks or never ends. "
                  "Replace the link with a copy of the folder, or remove it.")

GAME_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
PAGE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,79}\.md")
RESERVED_GAME_NAMES = {"index", "reference", "guides", "assets", "search", "404"}

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
MAX_PAGE_BYTES = 64 * 1024  # 4x the largest bundled page, 2x the largest vDiplomacy rules.html;
# Python-Markdown reads 30-60 KB/s, so a page at the limit renders in about 2 s at worst


def is_game_dir(path: Path) -> bool:
    return (path / "game.yaml").is_file()


def discover(paths: list[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """Game folders named by `paths` (each a game folder or a folder of them), sorted."""
    games, problems = [], []
    for path in paths:
        if is_game_dir(path):
            games.append(path)
        elif path.is_dir() and any(is_game_dir(p) for p in path.iterdir()):
            games.extend(sorted(p for p in path.iterdir() if is_game_dir(p)))
        else:
            problems.append(Diagnostic(display_path(path), 1, 1, NOT_A_GAME,
                                       f"'{display_path(path)}' holds no game.yaml",
                                       hint="pass content/ or a folder holding game.yaml"))
    usable = []
    for game in games:
        found = linked_problems(game)
        problems.extend(found)
        if not found:
            usable.append(game)
    unique = sorted({p.resolve(): p for p in usable}.values(), key=lambda p: p.resolve())
    return unique, problems


def linked_problems(game_dir: Path) -> list[Diagnostic]:
    """The game folder as a link, or a link to a folder or a special file inside it (MW407):
    the game is not read at all, so no walk of it (Mapwright's or MkDocs') can loop."""
    if game_dir.is_symlink():
        return [Diagnostic(display_path(game_dir), 1, 1, LINKED,
                           f"the game folder '{display_path(game_dir)}' is a link",
                           hint="replace the link with the folder itself (a copy)")]
    return [Diagnostic(display_path(path), 1, 1, LINKED, f"'{display_path(path)}' is {why}",
                       hint="replace it with a copy of what it points to, or remove it")
            for path, why in unsafe_entries(game_dir)]


def _escapes(path: Path, root: Path) -> Diagnostic | None:
    if _exists(path) and not is_inside(path, root):
        return Diagnostic(display_path(path), 1, 1, ESCAPING_PATH,
                          f"'{display_path(path)}' points outside the game folder",
                          hint="copy the file into the game folder instead of linking it")
    return None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, RuntimeError):
        return False


def _not_a_file(path: Path) -> str | None:
    """Why `path` cannot be read as a content file (a dangling or looping link, a folder,
    a device or pipe), or None for a regular file."""
    try:
        mode = path.lstat().st_mode
    except OSError:
        return "it cannot be read"
    if stat.S_ISLNK(mode):
        try:
            mode = path.stat().st_mode
        except (OSError, RuntimeError):
            return "it is a link that points nowhere (or to itself)"
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if not stat.S_ISREG(mode):
        return "it is not a regular file"
    return None


def game_name_hint(name: str) -> str:
    """What to do when `name` cannot name a game folder (it becomes a part of the site's
    address); "" when it can. One rule for validate, `mapwright new` and the importers."""
    if GAME_NAME.fullmatch(name) and name not in RESERVED_GAME_NAMES:
        return ""
    if name in RESERVED_GAME_NAMES:
        return f"'{name}' is used by the site itself: choose another name, e.g. '{name}-game'"
    fixed = re.sub(r"-{2,}", "-", re.sub(r"[^a-z0-9-]", "-", name.lower())).strip("-")[:64].rstrip("-")
    example = fixed if GAME_NAME.fullmatch(fixed) and fixed not in RESERVED_GAME_NAMES else "my-variant"
    return f"use lower-case letters, digits and hyphens (at most 64), e.g. '{example}'"


def name_problem(game_dir: Path) -> Diagnostic | None:
    """A diagnostic when the game folder's name cannot become a part of the site's address."""
    hint = game_name_hint(game_dir.name)
    if not hint:
        return None
    return Diagnostic(display_path(game_dir), 1, 1, BAD_NAME,
                      f"the game folder name '{game_dir.name[:60]}' is not allowed", hint=hint)


def read_rules_pages(game_dir: Path, check=check_markdown) -> tuple[dict[str, str], list[Diagnostic]]:
    """`check(shown path, text)`: each page's markup findings (default `check_markdown`)."""
    pages, found = {}, []
    rules = game_dir / "rules"
    if not rules.is_dir():
        if rules.is_symlink() or _exists(rules):
            found.append(Diagnostic(display_path(rules), 1, 1, BAD_PAGE,
                                    "'rules' is not a folder (a file, or a link that leads nowhere)",
                                    hint="make rules/ a folder of Markdown pages"))
        return pages, found
    for path in sorted(rules.glob("*.md")):
        shown = display_path(path)
        if not PAGE_NAME.fullmatch(path.name):
            found.append(Diagnostic(shown, 1, 1, BAD_NAME, f"the rules page name '{path.name[:60]}' is not allowed",
                                    hint="use letters, digits, hyphens and underscores, e.g. '05-movement.md'"))
            continue
        if path.name == "README.md" and (rules / "index.md").exists():   # MkDocs publishes both as index
            found.append(Diagnostic(shown, 1, 1, BAD_NAME, "README.md and index.md would be the same page: "
                                    "the site publishes a README.md as its folder's index",
                                    hint="rename one of them, e.g. to '00-readme.md'"))
            continue
        escape = _escapes(path, game_dir)
        if escape:
            found.append(escape)
            continue
        why = _not_a_file(path)
        if why:
            found.append(Diagnostic(shown, 1, 1, BAD_PAGE, f"the rules page cannot be read: {why}",
                                    hint="replace it with a UTF-8 Markdown file"))
            continue
        try:
            raw = path.read_bytes()
        except OSError as exc:
            found.append(Diagnostic(shown, 1, 1, BAD_PAGE, f"the rules page cannot be read: {exc.strerror}",
                                    hint="check the file's permissions"))
            continue
        if len(raw) > MAX_PAGE_BYTES:
            found.append(Diagnostic(shown, 1, 1, BAD_PAGE, f"the page is larger than {MAX_PAGE_BYTES // 1024} KiB",
                                    hint="split it into several rules pages (each is one page of the site)"))
            continue
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            found.append(Diagnostic(shown, line, 1, BAD_PAGE, "the page is not UTF-8 text",
                                    hint="re-save the page as UTF-8"))
            continue
        control = _CONTROL.search(text)
        if control:
            line = text.count("\n", 0, control.start()) + 1
            column = control.start() - (text.rfind("\n", 0, control.start()) + 1) + 1
            found.append(Diagnostic(shown, line, column, BAD_PAGE,
                                    f"the page holds the control character U+{ord(control.group()):04X}",
                                    hint="remove it: pages are plain text"))
            continue
        found.extend(check(shown, text))
        pages[f"rules/{path.name}"] = text.replace("\r\n", "\n")
    return pages, found


def read_game(game_dir: Path, pages: tuple | None = None,
              load=load_document) -> tuple[GameSource | None, list[Diagnostic]]:
    """Load and schema-check one game folder; None when it cannot be used further.
    `pages`: its rules pages as `read_rules_pages` gave them, when the caller has them;
    `load`: what reads a YAML file (`loader.load_document`, or a cache of its parses)."""
    game_dir = Path(game_dir)
    found: list[Diagnostic] = []
    bad_name = name_problem(game_dir)
    if bad_name:
        return None, [bad_name]
    meta_path = game_dir / "game.yaml"
    escape = _escapes(meta_path, game_dir)
    if escape:
        return None, [escape]
    meta, diags = load(meta_path)
    found += diags
    if diags and meta.data is None:
        return None, found
    found += validate_document(meta, "game")
    if errors(found):
        return None, found
    fam = family_named(meta.data["family"])
    if fam is None:
        return None, found + [meta.diagnostic("/family", UNKNOWN_FAMILY,
                                              f"the '{meta.data['family']}' family is not available",
                                              hint="families: " + ", ".join(family_names()))]
    docs: dict[str, Document] = {"game.yaml": meta}  # families locate rule-module problems in it
    for name, spec in sorted(fam.files.items()):
        path = game_dir / name
        escape = _escapes(path, game_dir)
        if escape:
            found.append(escape)
            continue
        if not path.exists():
            if spec.required:
                found.append(Diagnostic(display_path(path), 1, 1, "MW006",
                                        f"the {fam.name} family needs '{name}'",
                                        hint=spec.description or f"create {name} (schema: {spec.schema})"))
            continue
        doc, diags = load(path)
        found += diags
        if doc.data is None:
            continue
        found += validate_document(doc, spec.schema)
        docs[name] = doc
    expected = set(fam.files) | {"game.yaml"}
    for path in sorted(game_dir.rglob("*.y*ml")):
        rel = path.relative_to(game_dir).as_posix()
        if rel not in expected and path.suffix in (".yaml", ".yml"):
            found.append(Diagnostic(display_path(path), 1, 1, UNREAD_FILE,
                                    f"'{rel}' is not a file the {fam.name} family reads",
                                    hint="expected files: " + ", ".join(sorted(expected)),
                                    severity="warning"))
    pages, page_diags = pages if pages is not None else read_rules_pages(game_dir)
    if errors(found):
        return None, found + page_diags
    # a rules page's own faults (its markup, a page refused) stop the build, but leave the
    # data files to be checked by the family too: one round of fixes, not two
    return GameSource(game_dir.name, display_path(game_dir), meta.data, docs, pages), found + page_diags
