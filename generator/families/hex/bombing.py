"""The City Bombing Table (variant 13A.4.2): a raid's strikes and one die give the APs its city's
holder loses in its next player-turn. The table is data (charts.yaml `city_bombing_table`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .crt import fraction_text
from .model import HexGame


@dataclass(frozen=True)
class CBT:
    columns: tuple[int, ...]          # strikes heading each column, ascending
    rows: dict[int, tuple[int, ...]]  # die roll -> AP loss per column
    die_sides: int = 6
    estimated: bool = True
    effect: str = ""
    reasoning: str = ""

    def column(self, strikes: int) -> int | None:
        """The column a raid of `strikes` uses: None below the first, the last above it (13A.4.2 C)."""
        if strikes < self.columns[0]:
            return None
        return max(i for i, c in enumerate(self.columns) if c <= strikes)

    def result(self, column: int, roll: int) -> int:
        return self.rows[roll][column]

    def distribution(self, column: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for face in range(1, self.die_sides + 1):
            loss = self.result(column, face)
            out[loss] = out.get(loss, Fraction(0)) + Fraction(1, self.die_sides)
        return dict(sorted(out.items()))

    def heading(self, column: int) -> str:
        last = column == len(self.columns) - 1
        return f"{self.columns[column]}{'+' if last else ''}"


def cbt_of(game: HexGame) -> CBT | None:
    data = game.charts.get("city_bombing_table")
    if not data:
        return None
    rows = {int(r["roll"]): tuple(int(x) for x in r["results"]) for r in data["rows"]}
    return CBT(tuple(int(c) for c in data["columns"]), rows, int((data.get("die") or {}).get("sides", 6)),
               data.get("source") == "estimated", str(data.get("effect", "")), str(data.get("reasoning", "")))


@dataclass
class Raid:
    strikes: int
    column: str | None = None
    distribution: dict[int, Fraction] = field(default_factory=dict)
    roll: int | None = None
    ap_loss: int | None = None
    trace: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"strikes": self.strikes, "column": self.column, "roll": self.roll, "ap_loss": self.ap_loss,
                "distribution": {str(k): fraction_text(v) for k, v in self.distribution.items()}}


def resolve_raid(game: HexGame, strikes: int, roll: int | None = None) -> Raid:
    """Resolve one raid of `strikes` (already net of interception) on the City Bombing Table."""
    raid = Raid(strikes)
    cbt = cbt_of(game)
    if cbt is None:
        raid.trace.append("charts.yaml has no city_bombing_table: the raid cannot be resolved")
        return raid
    col = cbt.column(strikes)
    if col is None:
        raid.trace.append(f"{strikes} strike(s) left after interception: no raid is flown (13A.4.2 C)")
        raid.ap_loss = 0 if roll is not None else None
        raid.distribution = {0: Fraction(1)}
        return raid
    raid.column = cbt.heading(col)
    raid.distribution = cbt.distribution(col)
    mark = " (table estimated)" if cbt.estimated else ""
    raid.trace.append(f"{strikes} strike(s) after interception: column {raid.column} of the City Bombing Table{mark} "
                      "(13A.4.2 C); AP loss odds: "
                      + ", ".join(f"{k} AP {fraction_text(v)}" for k, v in raid.distribution.items()))
    if roll is not None:
        raid.roll = roll
        raid.ap_loss = cbt.result(col, roll)
        raid.trace.append(f"rolled {roll}: the city's holder loses {raid.ap_loss} AP(s) in its next player-turn")
    return raid
