"""Read the data arrays of a webDiplomacy install.php as TEXT.

install.php is PHP source; running it is never an option (it is code from the
internet). The data we need sits in two literal arrays of rows,

    $territoryRawData=array( array('Name (ABC)', 'Coast', 'Yes', 3, 10, 20, 10, 20), ... );
    $bordersRawData=array( array('From', 'To', 'Yes', 'No'), ... );

followed by a `list($name, $type, ...)=$territoryRawRow;` line naming the
columns (their order differs between variants). This module tokenises only
PHP single-quoted strings, numbers and the `array(` `)` `,` punctuation; any
other token inside an array is an error reported with its line number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass


class PhpDataError(ValueError):
    """The install.php text does not hold the arrays in the expected literal form."""

    def __init__(self, message: str, line: int = 0):
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>//[^\n]*|\#[^\n]*|/\*.*?\*/)
  | (?P<string>'(?:[^'\\]|\\.)*')
  | (?P<number>-?\d+(?:\.\d+)?)
  | (?P<open>array\s*\()
  | (?P<close>\))
  | (?P<comma>,)
""", re.VERBOSE | re.DOTALL | re.IGNORECASE)


def php_single_quoted(literal: str) -> str:
    """Value of a PHP single-quoted literal: only \\\\ and \\' are escapes."""
    body = literal[1:-1]
    return re.sub(r"\\([\\'])", r"\1", body)


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _parse_array(text: str, pos: int, starts: list[int] | None = None) -> tuple[list, int]:
    """Parse `array( ... )` starting just after its `array(`; returns (items, end).

    When `starts` is given, the text offset of each element is appended to it."""
    items: list = []
    expect_value = True
    while True:
        m = _TOKEN.match(text, pos)
        if not m:
            raise PhpDataError(f"unexpected text {text[pos:pos + 30]!r}", _line_of(text, pos))
        kind = m.lastgroup
        pos = m.end()
        if kind in ("space", "comment"):
            continue
        if kind == "close":
            return items, pos
        if kind == "comma":
            if expect_value:
                raise PhpDataError("empty array element", _line_of(text, m.start()))
            expect_value = True
            continue
        if not expect_value:
            raise PhpDataError("missing comma between array elements", _line_of(text, m.start()))
        if starts is not None:
            starts.append(m.start())
        if kind == "string":
            items.append(php_single_quoted(m.group()))
        elif kind == "number":
            number = m.group()
            items.append(float(number) if "." in number else int(number))
        elif kind == "open":
            sub, pos = _parse_array(text, pos)
            items.append(sub)
        expect_value = False


@dataclass
class RawTable:
    columns: list[str]
    rows: list[list]
    lines: list[int]        # install.php line of each row (for messages)


def read_table(text: str, variable: str, row_variable: str) -> RawTable:
    """The rows of `$<variable>=array(...)` and the column names from
    `list(...)=$<row_variable>;`."""
    start = re.search(r"\$" + re.escape(variable) + r"\s*=\s*array\s*\(", text)
    if not start:
        raise PhpDataError(f"no ${variable}=array(...) in the file")
    starts: list[int] = []
    rows, _ = _parse_array(text, start.end(), starts)
    header = re.search(r"list\s*\(([^)]*)\)\s*=\s*\$" + re.escape(row_variable) + r"\s*;", text)
    if not header:
        raise PhpDataError(f"no list(...)=${row_variable}; line naming the columns")
    columns = [c.strip().lstrip("$") for c in header.group(1).split(",")]
    lines = [_line_of(text, offset) for offset in starts]
    for row, line in zip(rows, lines):
        if not isinstance(row, list) or len(row) != len(columns):
            raise PhpDataError(f"row does not have the {len(columns)} columns {columns}", line)
    return RawTable(columns, rows, lines)


def read_install_php(text: str) -> tuple[list[dict], list[dict]]:
    """Territory rows and border rows of an install.php, as dicts keyed by column name.

    Each dict also has `_line` (its line in install.php)."""
    terr = read_table(text, "territoryRawData", "territoryRawRow")
    bord = read_table(text, "bordersRawData", "borderRawRow")
    territories = [dict(zip(terr.columns, row), _line=line) for row, line in zip(terr.rows, terr.lines)]
    borders = [dict(zip(bord.columns, row), _line=line) for row, line in zip(bord.rows, bord.lines)]
    return territories, borders
