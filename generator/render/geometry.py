"""Plane geometry the renderers share: polygon measures, simplification, Voronoi cells,
shared boundaries. Pure functions on flat [x1, y1, x2, y2, ...] lists or (x, y) tuples."""
from __future__ import annotations

import math

from ..polyline import douglas_peucker


def pairs(flat) -> list[tuple[float, float]]:
    return [(flat[i], flat[i + 1]) for i in range(0, len(flat) - 1, 2)]


def flatten(points) -> list[float]:
    return [c for p in points for c in p]


def area(points) -> float:
    """Signed shoelace area of a closed polygon."""
    s = 0.0
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2


def centroid(points) -> tuple[float, float]:
    a = area(points)
    if abs(a) < 1e-9:
        xs = [p[0] for p in points] or [0]
        ys = [p[1] for p in points] or [0]
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    cx = cy = 0.0
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (6 * a), cy / (6 * a))


def label_point(pieces) -> tuple[float, float]:
    """Where a region with no label point of its own is labelled: the centroid of its
    outline piece with the most points."""
    return centroid(pairs(max(pieces, key=len)))


def simplified_pieces(pieces, tolerance: float) -> list[list[float]]:
    """Outline pieces (flat lists) simplified to `tolerance`, pieces smaller than four
    tolerance squares left out (a thumbnail's outlines)."""
    return [flatten(simplify(pairs(r), tolerance)) for r in pieces if abs(area(pairs(r))) > tolerance * tolerance * 4]


def bbox(pieces) -> tuple[float, float, float, float] | None:
    """(min x, min y, max x, max y) of flat-list pieces, or None when empty."""
    xs, ys = [], []
    for piece in pieces:
        xs.extend(piece[0::2])
        ys.extend(piece[1::2])
    if not xs:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def interior_point(points) -> tuple[float, float] | None:
    """A point well inside a polygon: its centroid when that lies inside, else the middle
    of the widest horizontal run through it (a crescent's centroid lies outside)."""
    if len(points) < 3:
        return None
    c = centroid(points)
    if point_in_polygon(c, points):
        return c
    ys = [p[1] for p in points]
    y0, y1 = min(ys), max(ys)
    best, best_w = None, 0.0
    for k in range(1, 8):
        y = y0 + (y1 - y0) * k / 8 + 1e-3
        xs = []
        n = len(points)
        for i in range(n):
            (ax, ay), (bx, by) = points[i], points[(i + 1) % n]
            if (ay > y) != (by > y):
                xs.append(ax + (y - ay) * (bx - ax) / (by - ay))
        xs.sort()
        for a, b in zip(xs[0::2], xs[1::2]):
            if b - a > best_w:
                best, best_w = ((a + b) / 2, y), b - a
    return best


def point_in_polygon(pt, points) -> bool:
    x, y = pt
    inside = False
    n = len(points)
    j = n - 1
    for i in range(n):
        xi, yi = points[i]
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-12) + xi:
            inside = not inside
        j = i
    return inside


def simplify(points, tolerance: float):
    """Ramer-Douglas-Peucker on a closed ring; keeps at least 3 points."""
    if tolerance <= 0 or len(points) < 5:
        return list(points)
    # split the ring at its two farthest-apart-ish points so both halves are open lines
    first = points[0]
    far = max(range(len(points)), key=lambda i: (points[i][0] - first[0]) ** 2 + (points[i][1] - first[1]) ** 2)
    a = douglas_peucker(points[: far + 1], tolerance)
    b = douglas_peucker(points[far:] + [first], tolerance)
    ring = a[:-1] + b[:-1]
    return ring if len(ring) >= 3 else list(points)


def clip_halfplane(poly, a, b, c):
    """Keep the part of convex `poly` where a*x + b*y <= c (Sutherland-Hodgman step)."""
    out = []
    n = len(poly)
    for i in range(n):
        p = poly[i]
        q = poly[(i + 1) % n]
        fp = a * p[0] + b * p[1] - c
        fq = a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


class PointGrid:
    """Points bucketed in square cells about one point apart, for nearest-point searches
    in linear rather than quadratic time. Searches visit rings of cells around a point
    and stop only when no unvisited point can change the answer, computing distances
    with the same expressions as a full scan, so results are identical to one."""

    def __init__(self, pts, x0: float, y0: float, size: float, cols: int, rows: int):
        self.pts, self.x0, self.y0, self.size = pts, x0, y0, size
        self.span = max(cols, rows) + 1
        self.cells: dict[tuple[int, int], list[int]] = {}
        for j, (x, y) in enumerate(pts):
            self.cells.setdefault(self.cell_of(x, y), []).append(j)

    @classmethod
    def of(cls, pts) -> "PointGrid | None":
        """A grid over `pts`, or None when a plain scan is as good (few or odd points)."""
        if len(pts) < 64 or not all(math.isfinite(c) for p in pts for c in p):
            return None
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        x0, y0 = min(xs), min(ys)
        w, h = max(xs) - x0, max(ys) - y0
        size = max(math.sqrt(max(w * h, w * w, h * h, 1e-12) / len(pts)), 1e-9)
        return cls(pts, x0, y0, size, int(w / size) + 1, int(h / size) + 1)

    def cell_of(self, x, y) -> tuple[int, int]:
        return int((x - self.x0) / self.size), int((y - self.y0) / self.size)

    def rings(self, i):
        """(r, indexes of the points in the ring of cells r steps around point i), and
        below each r the distance every point not yet yielded is at least (one cell of
        slack covers points binned into a neighbouring cell by rounding)."""
        cx, cy = self.cell_of(*self.pts[i])
        for r in range(self.span + 1):
            found = []
            for gx in range(cx - r, cx + r + 1):
                for gy in ((cy - r, cy + r) if abs(gx - cx) != r else range(cy - r, cy + r + 1)):
                    found.extend(self.cells.get((gx, gy), ()))
            yield r, found, max(r - 1, 0) * self.size

    def nearest(self, i, k: int) -> list[int]:
        """The k points other than i nearest to it, nearest first, ties by index: exactly
        `sorted(others, key=squared distance)[:k]`."""
        px, py = self.pts[i]
        found: list[tuple[float, int]] = []
        for _, ring, beyond in self.rings(i):
            if len(found) >= k and beyond > 0:
                found.sort()
                if found[k - 1][0] < beyond * beyond:
                    break
            for j in ring:
                if j != i:
                    qx, qy = self.pts[j]
                    found.append(((qx - px) ** 2 + (qy - py) ** 2, j))
        found.sort()
        return [j for _, j in found[:k]]

    def nearest_distance(self, i, default: float) -> float:
        """`min(math.hypot(...) for every other point)`, or `default` when there is none."""
        px, py = self.pts[i]
        best = math.inf
        for _, ring, beyond in self.rings(i):
            if best < beyond:
                break
            for j in ring:
                if j != i:
                    qx, qy = self.pts[j]
                    d = math.hypot(qx - px, qy - py)
                    if d < best:
                        best = d
        return default if best == math.inf else best


def voronoi_cells(sites: dict[str, tuple[float, float]], box, *, max_radius: float | None = None,
                  nearest: int = 40) -> dict[str, list[tuple[float, float]]]:
    """Voronoi cell of each site inside `box` (x0, y0, x1, y1), optionally capped to a
    polygonal disc of `max_radius` so a lone site does not claim half the board.
    Only the `nearest` other sites bound each cell, which is exact in practice and keeps
    the work near-linear for maps of hundreds of provinces."""
    x0, y0, x1, y1 = box
    keys = sorted(sites)
    pts = [sites[k] for k in keys]
    grid = PointGrid.of(pts)
    cells = {}
    for i, k in enumerate(keys):
        px, py = pts[i]
        poly = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        if max_radius:
            disc = [(px + max_radius * math.cos(t * math.pi / 8), py + max_radius * math.sin(t * math.pi / 8))
                    for t in range(16)]
            for j in range(16):
                (ax, ay), (bx, by) = disc[j], disc[(j + 1) % 16]
                # edge normal pointing outward of a counter-clockwise... use site side test
                nx, ny = by - ay, ax - bx
                c = nx * ax + ny * ay
                if nx * px + ny * py > c:
                    nx, ny, c = -nx, -ny, -c
                poly = clip_halfplane(poly, nx, ny, c)
        others = grid.nearest(i, nearest) if grid else \
            sorted((j for j in range(len(pts)) if j != i),
                   key=lambda j: (pts[j][0] - px) ** 2 + (pts[j][1] - py) ** 2)[:nearest]
        for j in others:
            qx, qy = pts[j]
            if (qx, qy) == (px, py):
                continue
            # points closer to p than q: (q - p) . x <= (|q|^2 - |p|^2) / 2
            a, b = qx - px, qy - py
            c = (qx * qx + qy * qy - px * px - py * py) / 2
            poly = clip_halfplane(poly, a, b, c)
            if not poly:
                break
        cells[k] = poly
    return cells


def shared_boundary(pieces_a, pieces_b, tolerance: float = 3.0) -> list[list[tuple[float, float]]]:
    """Runs of A's outline lying within `tolerance` of B's outline: the border they share.

    Outlines traced from a raster rarely share exact vertices, so closeness is used."""
    b_pts = [p for piece in pieces_b for p in pairs(piece)]
    if not b_pts:
        return []
    cell = max(tolerance, 1.0)
    grid: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for p in b_pts:
        grid.setdefault((int(p[0] // cell), int(p[1] // cell)), []).append(p)

    def near(p):
        gx, gy = int(p[0] // cell), int(p[1] // cell)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for q in grid.get((gx + dx, gy + dy), ()):
                    if (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 <= tolerance * tolerance:
                        return True
        return False

    runs = []
    for piece in pieces_a:
        ring = pairs(piece)
        flags = [near(p) for p in ring]
        if all(flags):
            runs.append(ring + [ring[0]])
            continue
        if not any(flags):
            continue
        start = flags.index(False)  # rotate so runs do not wrap around the ring's start
        ring = ring[start:] + ring[:start]
        flags = flags[start:] + flags[:start]
        current = []
        for p, f in zip(ring, flags):
            if f:
                current.append(p)
            elif current:
                runs.append(current)
                current = []
        if current:
            runs.append(current)
    return [r for r in runs if len(r) >= 2]


def polyline_length(points) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:]))


def segment_exit(inside, outside, box) -> tuple[float, float] | None:
    """Where the segment from `inside` (within box (x0, y0, x1, y1)) to `outside` first
    crosses the box's edge; None when `outside` is inside too."""
    x0, y0, x1, y1 = box
    (ax, ay), (bx, by) = inside, outside
    t = 1.0
    for a, d, lo, hi in ((ax, bx - ax, x0, x1), (ay, by - ay, y0, y1)):
        if d > 0:
            t = min(t, (hi - a) / d)
        elif d < 0:
            t = min(t, (lo - a) / d)
    if t >= 1.0:
        return None
    t = max(t, 0.0)
    return (ax + t * (bx - ax), ay + t * (by - ay))


def point_along(points, fraction: float) -> tuple[float, float]:
    """The point `fraction` of the way along a polyline."""
    total = polyline_length(points)
    if total == 0:
        return points[0]
    goal = total * fraction
    for a, b in zip(points, points[1:]):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        if seg >= goal and seg > 0:
            t = goal / seg
            return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        goal -= seg
    return points[-1]
