"""The facts of a webDiplomacy variant that live in its variant.php, read as text.

    class A_Modern_EuropeVariant extends WDVariant {
        public $name = 'A_Modern_Europe';  public $fullName = 'A Modern Europe';
        public $author = '...';  public $countries = array('Czechia', ...);
        public function __construct() { parent::__construct();
            $this->variantClasses['drawMap'] = $this->name;  $this->supplyCenterTarget = 18; }
        public function turnAsDate($turn) { ... (floor($turn/2) + 2020); }
    }

A variant that `extends ClassicVariant` inherits Classic's facts: the parent's
folder is looked up beside this one, inside the variants folder only (never a
path the file names). `variantClasses` maps each overridden class to the variant
folder whose classes/<class>.php holds it.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..families.diplomacy.rules import webdip_arrays, webdip_country_arrays
from ..paths import is_inside
from .php_arrays import Lines, PhpDataError, parse_literal, strip_comments
from .read_file import read_regular

PROPS = ("name", "fullName", "description", "author", "adapter", "version", "codeVersion", "homepage")
_FOLDER = re.compile(r"^[A-Za-z0-9_]{1,80}$")
MAX_PHP_BYTES = 4_000_000


@dataclass
class VariantPhp:
    folder: str
    props: dict[str, str] = field(default_factory=dict)
    countries: list[str] = field(default_factory=list)
    sc_target: int | None = None
    start_year: int | None = None
    calendar: str = "standard"          # standard | stepped (N years a turn pair) | other
    year_step: int = 1
    classes: dict[str, str] = field(default_factory=dict)   # class -> variant folder holding it
    notice: str | None = None
    notice_from: str | None = None      # folder whose header gave the notice
    parent: str | None = None
    neutral_hold: list[int] = field(default_factory=list)   # terrIDs whose neutral army support-holds
    arrays: dict[str, list[int]] = field(default_factory=dict)   # terrID arrays rule modules read
    # {country name: [territory name]} arrays rule modules read
    country_lists: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    # variant.php's own functions -> the properties they read (`$this->river_left`): a class that
    # calls one (`->river_move(`) reads those arrays
    methods: dict[str, set[str]] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)     # fact -> line in variant.php
    problems: list[tuple[str, int, str]] = field(default_factory=list)  # (file, line, message)
    unread: list[tuple[str, int, str]] = field(default_factory=list)    # code not read: a missing parent


def read_text(path: Path, root: Path) -> str:
    """A variant's file as text: size-limited, UTF-8 or else Latin-1 (old variants are).
    `root` is the variants folder: a file that is a link to a place outside it is refused
    (a stranger's folder could link rules.html to a private file, which the import would
    publish in the rules page)."""
    if not is_inside(path, root):
        raise PhpDataError("the file is a link to a place outside the variants folder, which the importer "
                           "never reads; replace the link with the file itself")
    data = read_regular(path, MAX_PHP_BYTES)
    if len(data) > MAX_PHP_BYTES:
        raise PhpDataError(f"file larger than {MAX_PHP_BYTES // 1_000_000} MB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def clean(text: str) -> str:
    """A PHP string as shown: HTML entities decoded, whitespace runs collapsed."""
    return " ".join(html.unescape(str(text)).split())


def licence_header(text: str) -> str | None:
    """The first comment block that carries a copyright or licence notice, as one paragraph
    (up to a `---` separator or a Changelog, which are not part of the notice)."""
    head = text[:200_000]
    start = head.find("/*")
    while start >= 0:       # each comment's end found once (a lazy regex read to the end per '/*')
        end = head.find("*/", start + 2)
        if end < 0:
            return None
        body, start = head[start + 2:end], head.find("/*", end + 2)
        if re.search(r"copyright|licen[cs]e", body, re.IGNORECASE):
            body = re.split(r"\n\s*(?:-{3,}|changelog)", body, maxsplit=1, flags=re.IGNORECASE)[0]
            lines = [ln.strip().lstrip("*").strip() for ln in body.splitlines()]
            return " ".join(" ".join(lines).split()) or None
    return None


def licence_name(notice: str | None) -> str:
    if not notice:
        return "unknown"
    affero = re.search(r"affero", notice, re.IGNORECASE)
    gpl = re.search(r"general public license", notice, re.IGNORECASE)
    later = re.search(r"any later version", notice, re.IGNORECASE)
    if gpl and re.search(r"version 3", notice, re.IGNORECASE):
        return ("AGPL-3.0" if affero else "GPL-3.0") + ("-or-later" if later else "-only")
    if gpl:
        return "AGPL" if affero else "GPL"
    return "see notice"


def read_variant(variants_root: Path, folder: str, _seen: tuple[str, ...] = ()) -> VariantPhp:
    """variant.php of variants_root/folder, with what it inherits from a parent variant."""
    out = VariantPhp(folder=folder)
    shown = f"{folder}/variant.php"
    path = variants_root / folder / "variant.php"
    if not path.is_file():
        out.problems.append((shown, 1, "variant.php not found"))
        return out
    try:
        raw = read_text(path, variants_root)
    except (OSError, PhpDataError) as exc:
        out.problems.append((shown, 1, f"cannot read variant.php: {exc}"))
        return out
    text = strip_comments(raw)
    lines = Lines(text)
    out.notice = licence_header(raw)
    out.notice_from = folder if out.notice else None
    cls = re.search(r"class\s+(\w+?)Variant\s+extends\s+(\w+?)Variant\b", text)
    if cls and cls.group(2) not in ("WD", ""):
        parent = cls.group(2)
        if parent in _seen or parent == folder or not _FOLDER.match(parent) \
                or not (variants_root / parent / "variant.php").is_file():
            out.unread.append((shown, lines.line(cls.start()),
                               f"the parent variant '{parent}' is not a folder beside this one "
                               f"(or extends itself): its facts and classes are not inherited"))
        else:
            base = read_variant(variants_root, parent, _seen + (folder,))
            out.parent = parent
            out.problems += base.problems
            out.unread += base.unread
            for name in ("props", "countries", "sc_target", "start_year", "calendar", "year_step",
                         "classes", "notice", "notice_from", "neutral_hold", "arrays", "country_lists",
                         "methods"):
                setattr(out, name, getattr(base, name))
            out.props = dict(base.props)
            out.classes = dict(base.classes)
    # `public $x =`, `public static $x =` and a bare `static $x =` (Colonial's $transSibTerritories)
    for m in re.finditer(r"\b(?:(?:public|protected|var)\s+(?:static\s+)?|static\s+)\$(\w+)\s*=\s*", text):
        prop = m.group(1)
        if prop not in PROPS + ("countries", "supplyCenterTarget", "neutralHold") + webdip_arrays() \
                + webdip_country_arrays():
            continue
        try:
            value, _ = parse_literal(text, m.end(), lines)
        except PhpDataError as exc:
            out.problems.append((shown, exc.line or lines.line(m.start()), f"${prop}: {exc.reason}"))
            continue
        out.lines[prop] = lines.line(m.start())
        if prop == "countries":
            if isinstance(value, list) and all(isinstance(c, str) for c in value):
                out.countries = [clean(c) for c in value]
            else:
                out.problems.append((shown, out.lines[prop], "$countries is not a list of names"))
        elif prop == "neutralHold":
            if isinstance(value, dict):
                # terrID => terrID: the unit in the first support-holds the one in the second
                ids = {str(k) for k in value}
                # decimal: '²' is a digit to isdigit, not to int()
                out.neutral_hold = sorted(int(t) for t in ids if t.isdecimal() and len(t) < 7)
        elif prop in webdip_country_arrays():
            if isinstance(value, dict):
                out.country_lists[prop] = {str(k): [str(t) for t in (v if isinstance(v, list) else [])]
                                           for k, v in value.items()}
        elif prop in webdip_arrays():
            # terrIDs, written as numbers or strings ('72'); decimal: '²' is a digit to isdigit
            items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
            out.arrays[prop] = [int(t) for t in map(str, items) if t.isdecimal() and len(t) < 7]
        elif prop == "supplyCenterTarget":
            if isinstance(value, int) and not isinstance(value, bool):
                out.sc_target = value
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            out.props[prop] = clean(value)
    for m in re.finditer(r"\$this->supplyCenterTarget\s*=\s*(\d{1,6})\s*;", text):
        out.sc_target = int(m.group(1))
        out.lines["supplyCenterTarget"] = lines.line(m.start())
    for m in re.finditer(r"\$this->variantClasses\[\s*['\"](\w+)['\"]\s*\]\s*=\s*"
                         r"(?:\$this->name|['\"](\w+)['\"])\s*;", text):
        out.classes[m.group(1)] = m.group(2) or folder
        out.lines[f"variantClasses:{m.group(1)}"] = lines.line(m.start())
    _calendar(out, text, lines, shown)
    out.methods = {**out.methods, **_methods(text)}
    return out


_METHOD = re.compile(r"\bfunction\s+(\w+)\s*\(")


def _methods(text: str) -> dict[str, set[str]]:
    """Each function of variant.php -> the `$this->` properties read up to the next function."""
    found = list(_METHOD.finditer(text))
    return {m.group(1): set(re.findall(r"\$this->(\w+)", text[m.end():nxt.start() if nxt else len(text)]))
            for m, nxt in zip(found, found[1:] + [None])}


_FLOOR = re.compile(r"floor\(\s*\$turn\s*/\s*2\s*\)\s*(?:\*\s*(\d{1,3})\s*)?\+\s*(-?\d{1,5})")
_LINEAR = re.compile(r"\$turn\s*\*\s*(\d{1,3})\s*\)?\s*\+\s*(-?\d{1,5})")


def _calendar(out: VariantPhp, text: str, lines: Lines, shown: str) -> None:
    """Start year from turnAsDate: turn 0 is Spring of `floor($turn/2) [* N] + YEAR`."""
    m = re.search(r"function\s+turnAsDate\s*\(", text)
    if not m:
        return
    body = text[m.end():m.end() + 2000]
    end = body.find("function")
    body = body if end < 0 else body[:end]
    out.lines["turnAsDate"] = lines.line(m.start())
    floor = _FLOOR.search(body)
    if floor:
        out.start_year = int(floor.group(2))
        out.year_step = int(floor.group(1) or 1)
        out.calendar = "standard" if out.year_step == 1 else "stepped"
        return
    linear = _LINEAR.search(body)
    if linear:
        out.start_year = int(linear.group(2))
        out.year_step = int(linear.group(1))
        out.calendar = "other"
        return
    out.calendar = "other"
    out.problems.append((shown, out.lines["turnAsDate"],
                         "turnAsDate is not `floor($turn/2) + YEAR`; the start year is not known"))


def include_target(text: str) -> tuple[str, int] | None:
    """(the variant folder, line) an install.php only require_once's (BuildAnywhere: Classic's);
    None when it includes nothing but webDiplomacy's own variants/install.php."""
    text = strip_comments(text)
    for m in re.finditer(r"(?:require|include)(?:_once)?\s*\(?\s*['\"]variants/([^'\"/]+)/install\.php['\"]", text):
        return m.group(1), Lines(text).line(m.start())
    return None
