"""The hex grid: SPI-style XXYY numbers, neighbours, distances and drawing geometry.

Layout (a parameter, documented on the map page): hexes are flat-topped, so they
stand in vertical columns. A hex is numbered column then row, two digits each
("0116" = column 1, row 16), both counted from 1 at the top-left. Every other
column is shifted down by half a hex; `offset` says which:

- "even-columns-down" (the usual SPI look): columns 02, 04, ... sit half a hex lower;
- "odd-columns-down": columns 01, 03, ... sit half a hex lower.

Internally a hex becomes cube coordinates (x, y, z), where distance and
adjacency are simple arithmetic.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

OFFSETS = ("even-columns-down", "odd-columns-down")
HEX_ID = re.compile(r"^(\d{2})(\d{2})$")
# Directions in cube coordinates, clockwise from north: N, NE, SE, S, SW, NW.
DIRECTIONS = ((0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0))
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
CACHED = 20_000      # a 99 x 99 grid has 9,801 hexes


def parse_hex(hex_id: str) -> tuple[int, int] | None:
    """(column, row) of an XXYY id, or None when it is not one."""
    m = HEX_ID.match(str(hex_id))
    if not m:
        return None
    return int(m.group(1)), int(m.group(2))


def format_hex(column: int, row: int) -> str:
    return f"{column:02d}{row:02d}"


def hexside(a: str, b: str) -> tuple[str, str]:
    """The key of the hexside between two adjacent hexes: the pair in sorted order."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    offset: str = "even-columns-down"

    def __post_init__(self):
        if self.offset not in OFFSETS:
            raise ValueError(f"offset must be one of {OFFSETS}")
        if not (1 <= self.columns <= 99 and 1 <= self.rows <= 99):
            raise ValueError("columns and rows must be 1..99 for XXYY numbers")
        # engines ask for the same hexes' cube coordinates and neighbours over and over:
        # each worked out once per grid (at most CACHED entries, whatever ids are asked)
        object.__setattr__(self, "_cubes", {})
        object.__setattr__(self, "_neighbours", {})

    # --- numbering -------------------------------------------------------
    def _shifted(self, column: int) -> bool:
        return (column % 2 == 0) == (self.offset == "even-columns-down")

    def contains(self, hex_id: str) -> bool:
        cr = parse_hex(hex_id)
        return cr is not None and 1 <= cr[0] <= self.columns and 1 <= cr[1] <= self.rows

    def all_hexes(self) -> list[str]:
        return [format_hex(c, r) for c in range(1, self.columns + 1) for r in range(1, self.rows + 1)]

    # --- cube coordinates ------------------------------------------------
    def to_cube(self, hex_id: str) -> tuple[int, int, int]:
        cube = self._cubes.get(hex_id)
        if cube is None:
            cube = self._to_cube(hex_id)
            if len(self._cubes) < CACHED:
                self._cubes[hex_id] = cube
        return cube

    def _to_cube(self, hex_id: str) -> tuple[int, int, int]:
        column, row = parse_hex(hex_id)
        q, r = column - 1, row - 1
        # 1-based even columns are 0-based odd ones ("odd-q" in cube terms).
        if self.offset == "even-columns-down":
            z = r - (q - (q & 1)) // 2
        else:
            z = r - (q + (q & 1)) // 2
        x = q
        return x, -x - z, z

    def from_cube(self, cube: tuple[int, int, int]) -> str:
        x, _, z = cube
        q = x
        if self.offset == "even-columns-down":
            r = z + (q - (q & 1)) // 2
        else:
            r = z + (q + (q & 1)) // 2
        return format_hex(q + 1, r + 1)

    def neighbours(self, hex_id: str) -> list[str]:
        """Adjacent hexes inside the grid, clockwise from north."""
        found = self._neighbours.get(hex_id)
        if found is None:
            found = tuple(self._neighbours_of(hex_id))
            if len(self._neighbours) < CACHED:
                self._neighbours[hex_id] = found
        return list(found)

    def _neighbours_of(self, hex_id: str) -> list[str]:
        x, y, z = self.to_cube(hex_id)
        out = []
        for dx, dy, dz in DIRECTIONS:
            if x + dx < 0:
                continue
            other = self.from_cube((x + dx, y + dy, z + dz))
            if self.contains(other):
                out.append(other)
        return out

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: str, b: str) -> int:
        ax, ay, az = self.to_cube(a)
        bx, by, bz = self.to_cube(b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def within(self, hex_id: str, radius: int) -> list[str]:
        """Every grid hex at distance <= radius, sorted."""
        x, y, z = self.to_cube(hex_id)
        out = []
        for dx in range(-radius, radius + 1):
            for dz in range(max(-radius, -dx - radius), min(radius, -dx + radius) + 1):
                if x + dx < 0:
                    continue
                h = self.from_cube((x + dx, -(x + dx) - (z + dz), z + dz))
                if self.contains(h):
                    out.append(h)
        return sorted(out)

    # --- drawing geometry (unit: side-to-side height of a hex = 1) -------
    def center(self, hex_id: str, height: float = 1.0) -> tuple[float, float]:
        """Centre of a hex; column 1 row 1 is at (0, 0), y grows downwards."""
        column, row = parse_hex(hex_id)
        x = (column - 1) * height * math.sqrt(3) / 2
        y = (row - 1) * height + (height / 2 if self._shifted(column) else 0.0)
        return x, y

    @staticmethod
    def corners(cx: float, cy: float, height: float = 1.0) -> list[tuple[float, float]]:
        """The six corners of a flat-topped hex, clockwise from the east corner."""
        radius = height / math.sqrt(3)
        return [(cx + radius * math.cos(math.radians(60 * i)),
                 cy + radius * math.sin(math.radians(60 * i))) for i in range(6)]

    def shared_edge(self, a: str, b: str, height: float = 1.0):
        """The two end points of the hexside between adjacent hexes a and b."""
        ax, ay = self.center(a, height)
        bx, by = self.center(b, height)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        half = height / math.sqrt(3) / 2
        px, py = -dy / length * half, dx / length * half
        return (mx + px, my + py), (mx - px, my - py)
