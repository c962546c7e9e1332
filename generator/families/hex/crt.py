"""The Combat Results Table: differential lines, columns, die rolls and results."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Result:
    attacker: int
    defender: int

    def __str__(self) -> str:
        return f"{self.attacker}/{self.defender}"

    @staticmethod
    def parse(text: str) -> "Result":
        a, d = str(text).split("/")
        return Result(int(a), int(d))


@dataclass(frozen=True)
class Column:
    line: str
    index: int
    differential: int       # the heading of the column on that line
    clamped: bool           # the real differential was above the line's highest heading


@dataclass
class CRT:
    lines: dict[str, list[int]]
    line_names: dict[str, str]
    rows: dict[int, list[Result]]
    die_sides: int = 6
    max_roll: int = 12
    estimated: bool = True

    @property
    def min_roll(self) -> int:
        return min(self.rows)

    def column(self, line: str, differential: int) -> Column | None:
        """The column an attack at `differential` uses on `line` (13.5 C-D); None: not allowed."""
        heads = self.lines[line]
        if differential < heads[0]:
            return None
        if differential >= heads[-1]:
            return Column(line, len(heads) - 1, heads[-1], differential > heads[-1])
        # headings are usually consecutive integers; use the last heading <= differential
        index = max(i for i, h in enumerate(heads) if h <= differential)
        return Column(line, index, heads[index], False)

    def modified_roll(self, roll: int, drm: int) -> int:
        """The die roll plus modifiers, never above the table's maximum (13.5.1 D)."""
        return max(self.min_roll, min(self.max_roll, roll + drm))

    def result(self, column: Column, modified_roll: int) -> Result:
        return self.rows[modified_roll][column.index]

    def distribution(self, column: Column, drm: int) -> dict[str, Fraction]:
        """Probability of each result for one die roll plus `drm`."""
        out: dict[str, Fraction] = {}
        for face in range(1, self.die_sides + 1):
            r = str(self.result(column, self.modified_roll(face, drm)))
            out[r] = out.get(r, Fraction(0)) + Fraction(1, self.die_sides)
        return dict(sorted(out.items(), key=lambda kv: (Result.parse(kv[0]).defender - Result.parse(kv[0]).attacker, kv[0])))


def crt_from_data(data: dict) -> CRT:
    lines = {k: list(v["differentials"]) for k, v in data["lines"].items()}
    names = {k: v["name"] for k, v in data["lines"].items()}
    rows = {int(r["roll"]): [Result.parse(x) for x in r["results"]] for r in data["rows"]}
    die = data["die"]
    return CRT(lines, names, rows, int(die["sides"]), int(die["max_modified_roll"]),
               data.get("source") == "estimated")


def fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
