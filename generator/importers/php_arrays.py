"""Read the literal data of webDiplomacy PHP files as TEXT.

install.php, variant.php and the variant's classes are PHP source; running them is
never an option (they are code from the internet). The data we need sits in
literal arrays,

    $territoryRawData=array( array('Name (ABC)', 'Coast', 'Yes', 3, 10, 20, 10, 20), ... );
    $bordersRawData=array( array('From', 'To', 'Yes', 'No'), ... );
    protected $countryUnits = array('England' => array('London' => 'Fleet', ...), ...);

and, for the install.php tables, a `list($name, $type, ...)=$territoryRawRow;` line
naming the columns (their order differs between variants). This module tokenises
only PHP string literals, numbers, `true/false/null`, `$variables` (kept as names,
never evaluated), `=>` and the `array(` `)` `[` `]` `,` punctuation; any other
token inside an array is an error with its line. Limits keep hostile input cheap:
arrays nest at most MAX_DEPTH deep and numbers have at most MAX_DIGITS digits.
Written by hand: no maintained Python library reads PHP literals without running
PHP, and this subset is all the variant files use.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

MAX_DEPTH = 8
MAX_DIGITS = 18


class PhpDataError(ValueError):
    """The text does not hold the data in the expected literal form."""

    def __init__(self, message: str, line: int = 0):
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.reason = message


@dataclass(frozen=True)
class PhpVar:
    """A `$variable` inside data (Baron1900's `$turkeyFlag`): kept by name, never evaluated."""
    name: str


class Lines:
    """Line numbers of text offsets in O(log n) each (line starts computed once)."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, pos: int) -> int:
        return bisect.bisect_right(self.starts, pos)


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>//[^\n]*|\#[^\n]*|/\*.*?\*/)
  | (?P<string>'(?:[^'\\]|\\.)*')
  | (?P<dstring>"(?:[^"\\$]|\\.)*")
  | (?P<number>-?\d+(?:\.\d+)?)
  | (?P<open>array\s*\(|\[)
  | (?P<close>[)\]])
  | (?P<arrow>=>)
  | (?P<comma>,)
  | (?P<var>\$[A-Za-z_][A-Za-z0-9_]*)
  | (?P<const>(?i:true|false|null)\b)
""", re.VERBOSE | re.DOTALL | re.IGNORECASE)

_DQ_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "$": "$", "0": "\0"}


def php_single_quoted(literal: str) -> str:
    """Value of a PHP single-quoted literal: only \\\\ and \\' are escapes."""
    return re.sub(r"\\([\\'])", r"\1", literal[1:-1])


def php_double_quoted(literal: str) -> str:
    """Value of a PHP double-quoted literal without interpolation (the tokeniser refuses `$`)."""
    return re.sub(r"\\(.)", lambda m: _DQ_ESCAPES.get(m.group(1), "\\" + m.group(1)), literal[1:-1])


def parse_literal(text: str, pos: int, lines: Lines | None = None, starts: list[int] | None = None):
    """Parse one PHP literal (string, number, constant, variable or array) at `pos`.

    Returns (value, end). Arrays become lists, or dicts (in order) when they have keys.
    When `starts` is given and the literal is an array, the offset of each of its
    elements is appended to it (for line numbers of rows)."""
    lines = lines or Lines(text)
    m = _skip(text, pos, lines)
    if m is None:
        raise PhpDataError(f"unexpected text {text[pos:pos + 30]!r}", lines.line(pos))
    kind = m.lastgroup
    if kind == "open":
        return _parse_array(text, m.end(), lines, 1, m.group() == "[", starts)
    if kind in ("string", "dstring", "number", "const", "var"):
        return _scalar(m, lines), m.end()
    raise PhpDataError(f"expected a value, found {m.group()[:30]!r}", lines.line(m.start()))


def _skip(text: str, pos: int, lines: Lines):
    """The next token that is not space or a comment (None at an unreadable place)."""
    while True:
        m = _TOKEN.match(text, pos)
        if m is None or m.lastgroup not in ("space", "comment"):
            if m is None and pos < len(text) and text.startswith("/*", pos):
                raise PhpDataError("unterminated /* comment", lines.line(pos))
            return m
        pos = m.end()


def _scalar(m, lines: Lines):
    kind, raw = m.lastgroup, m.group()
    if kind == "string":
        return php_single_quoted(raw)
    if kind == "dstring":
        return php_double_quoted(raw)
    if kind == "number":
        if len(raw.replace("-", "").replace(".", "")) > MAX_DIGITS:
            raise PhpDataError(f"number with more than {MAX_DIGITS} digits", lines.line(m.start()))
        return float(raw) if "." in raw else int(raw)
    if kind == "var":
        return PhpVar(raw[1:])
    return {"true": True, "false": False, "null": None}[raw.lower()]


def _parse_array(text: str, pos: int, lines: Lines, depth: int, square: bool,
                 starts: list[int] | None = None):
    if depth > MAX_DEPTH:
        raise PhpDataError(f"arrays nested more than {MAX_DEPTH} deep", lines.line(pos))
    items: list = []
    keys: list = []
    has_keys = False
    expect_value = True
    closer = "]" if square else ")"
    while True:
        m = _skip(text, pos, lines)
        if m is None:
            what = "end of file" if pos >= len(text) else repr(text[pos:pos + 30])
            raise PhpDataError(f"unexpected {what} inside an array", lines.line(min(pos, len(text))))
        kind = m.lastgroup
        pos = m.end()
        if kind == "close":
            if m.group() != closer:
                raise PhpDataError(f"'{m.group()}' closes an array opened with '{'[' if square else 'array('}'",
                                   lines.line(m.start()))
            if has_keys:
                auto = 0
                out = {}
                for key, value in zip(keys, items):
                    if key is None:
                        key = auto
                    if isinstance(key, int):
                        auto = max(auto, key + 1)
                    out[key] = value
                return out, pos
            return items, pos
        if kind == "comma":
            if expect_value:
                raise PhpDataError("empty array element", lines.line(m.start()))
            expect_value = True
            continue
        if kind == "arrow":
            if expect_value or keys[-1] is not None or isinstance(items[-1], (list, dict)):
                raise PhpDataError("'=>' without a key before it", lines.line(m.start()))
            key = items.pop()
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise PhpDataError("array key must be a string or a whole number", lines.line(m.start()))
            keys[-1] = key
            has_keys = True
            m = _skip(text, pos, lines)
            if m is None or m.lastgroup in ("close", "comma", "arrow"):
                raise PhpDataError("'=>' without a value after it", lines.line(pos))
            value, pos = _value(m, text, lines, depth)
            items.append(value)
            continue
        if not expect_value:
            raise PhpDataError(f"missing comma before {m.group()[:30]!r}", lines.line(m.start()))
        if starts is not None:
            starts.append(m.start())
        value, pos = _value(m, text, lines, depth)
        items.append(value)
        keys.append(None)
        expect_value = False


def _value(m, text: str, lines: Lines, depth: int):
    """The value starting with token m: a scalar, or a nested array."""
    if m.lastgroup == "open":
        return _parse_array(text, m.end(), lines, depth + 1, m.group() == "[")
    if m.lastgroup in ("string", "dstring", "number", "const", "var"):
        return _scalar(m, lines), m.end()
    raise PhpDataError(f"unexpected {m.group()[:30]!r} inside an array", lines.line(m.start()))


def strip_comments(text: str) -> str:
    """PHP text with comments blanked (newlines kept, so offsets and lines stay right).

    Strings are skipped over, so a `//` inside a string is kept. One linear pass."""
    out = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "'\"":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i) or ch == "#":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            j = i
            while j < n and text[j] not in "'\"/#":
                j += 1
            if j == i:          # a lone '/'
                j = i + 1
            out.append(text[i:j])
            i = j
    return "".join(out)


def find_arrays(text: str, variable: str) -> list[tuple[object, int]]:
    """Every literal assigned to `$variable` (`$x = ...;`, `protected $x = ...;`), with its line.

    `text` should have its comments stripped first (strip_comments), so that a
    commented-out assignment does not count."""
    lines = Lines(text)
    found, end = [], 0
    for m in re.finditer(r"\$" + re.escape(variable) + r"\s*=(?!=)\s*", text):
        if m.start() < end:     # inside the literal just read (a string naming the variable)
            continue
        value, end = parse_literal(text, m.end(), lines)
        found.append((value, lines.line(m.start())))
    return found


@dataclass
class RawTable:
    columns: list[str]
    rows: list[list]
    lines: list[int]        # install.php line of each row (for messages)
    header: int = 0         # line of the list(...) naming the columns


def read_tables(text: str, variable: str, row_variable: str) -> list[RawTable]:
    """The rows of every `$<variable>=array(...)` block, each with the column names
    from the first `list(...)=$<row_variable>;` after it. A variant may define its
    territories in two blocks (Baron1900: the second adds a build-flags column)."""
    lines = Lines(text)
    tables = []
    # a column list is short: the bound keeps unclosed `list(`s from each costing a scan to the end
    header_re = re.compile(r"list\s*\(([^)]{0,2000})\)\s*=\s*\$" + re.escape(row_variable) + r"\s*;")
    header, end = None, 0
    for start in re.finditer(r"\$" + re.escape(variable) + r"\s*=\s*(?=array\s*\(|\[)", text):
        if start.start() < end:     # inside the table just read
            continue
        starts: list[int] = []
        rows, end = parse_literal(text, start.end(), lines, starts)
        if not isinstance(rows, list):
            raise PhpDataError(f"${variable} has keys; expected a list of rows", lines.line(start.start()))
        # the first column list after the table; the one found for the last table serves while
        # it still lies ahead (20,000 tables before one column list were a scan each)
        if header is None or header.start() < end:
            header = header_re.search(text, end)
        if not header:
            raise PhpDataError(f"no list(...)=${row_variable}; line naming the columns after this table",
                               lines.line(start.start()))
        columns = [c.strip().lstrip("$") for c in header.group(1).split(",")]
        row_lines = [lines.line(offset) for offset in starts]
        for row, line in zip(rows, row_lines):
            if not isinstance(row, list):
                raise PhpDataError(f"row is not a list of values: write array({', '.join('$' + c for c in columns)})",
                                   line)
            if len(row) < len(columns):
                missing = ", ".join("$" + c for c in columns[len(row):])
                raise PhpDataError(f"row has {len(row)} values, but the list(...) line {lines.line(header.start())} "
                                   f"names {len(columns)} columns: write the missing {missing} at the row's end",
                                   line)
        tables.append(RawTable(columns, rows, row_lines, lines.line(header.start())))
    if not tables:
        raise PhpDataError(f"no ${variable}=array(...) in the file")
    return tables


def read_table(text: str, variable: str, row_variable: str) -> RawTable:
    """The first table (see read_tables)."""
    return read_tables(text, variable, row_variable)[0]


def read_install_php(text: str) -> tuple[list[dict], list[dict]]:
    """Territory rows and border rows of an install.php, as dicts keyed by column name.

    Each dict also has `_line` (its line in install.php). Territory blocks are
    concatenated in file order (webDiplomacy numbers territories in that order). A row
    with more values than the list(...) line names is read as PHP's list() reads it:
    the named columns, the rest ignored; such a row also has `_extra` (the values
    ignored) and `_header` (the list line), for the caller to say so."""
    text = strip_comments(text)

    def rows(variable: str, row_variable: str) -> list[dict]:
        out = []
        for table in read_tables(text, variable, row_variable):
            width = len(table.columns)
            for row, line in zip(table.rows, table.lines):
                item = dict(zip(table.columns, row), _line=line)
                if len(row) > width:
                    item.update(_extra=row[width:], _header=table.header)
                out.append(item)
        return out

    return rows("territoryRawData", "territoryRawRow"), rows("bordersRawData", "borderRawRow")
