"""Trace territory outlines from a flat-colour interactive-map image.

webDiplomacy's interactive map (interactiveMap/IA_map.png, Classic's
IA_smallmap.png) paints every territory in one flat colour of its own; the
game finds the territory under a click by comparing the clicked pixel's colour
with the colour found at each territory's small-map label point (sx, sy).
We use the same convention: colour at (sx, sy) -> territory.

Steps, all deterministic:
1. label every pixel with its territory (-1 for the black separator lines and
   anything else); other large flat colours become numbered "decor" labels
   (lakes, say) so they can be drawn too;
2. grow the labels a few pixels into the black separator lines so that
   neighbours touch (broad black areas, impassable land, stay unlabelled);
3. follow the pixel cracks around every region (4-connected pieces, holes
   included) and cut each loop into arcs at the points where three regions
   meet, so the border two territories share is one arc;
4. simplify each arc once (Douglas-Peucker, canonical direction), so the two
   neighbours get exactly the same simplified border and no slivers open.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .simplify import douglas_peucker, ring_area

# Direction codes of crack edges, screen coordinates (y grows downwards).
EAST, SOUTH, WEST, NORTH = 0, 1, 2, 3
_STEP = {EAST: (1, 0), SOUTH: (0, 1), WEST: (-1, 0), NORTH: (0, -1)}
_RIGHT_TURN = {EAST: SOUTH, SOUTH: WEST, WEST: NORTH, NORTH: EAST}


@dataclass
class Traced:
    """Result of tracing: rings per label, contacts, and image facts."""

    width: int
    height: int
    rings: dict[int, list[list[int]]] = field(default_factory=dict)   # label -> flat rings
    contacts: dict[tuple[int, int], int] = field(default_factory=dict)  # (a, b) a<b -> shared px
    pixels: dict[int, int] = field(default_factory=dict)               # label -> pixel count
    decor_colors: dict[int, str] = field(default_factory=dict)         # decor label -> "#rrggbb"


def colour_codes(rgb: np.ndarray) -> np.ndarray:
    """Each pixel's colour as one number, 0xRRGGBB (int32), built in place: no
    temporary wider than the result."""
    codes = rgb[..., 0].astype(np.int32)
    for channel in (1, 2):
        codes <<= 8
        codes |= rgb[..., channel]
    return codes


def label_pixels(rgb: np.ndarray, seeds: list[tuple[int, int]], *, decor_min_pixels: int = 2000,
                 dark_threshold: int = 24) -> tuple[np.ndarray, dict[int, str], dict[int, int]]:
    """Label image: seed i's colour -> i; other big non-dark colours -> decor labels
    (numbered after the seeds, in colour order); the rest -> -1.

    Returns (labels, decor colours, seed index -> colour code)."""
    codes = colour_codes(rgb)
    # the image as runs of one colour along its rows (a flat-colour map has a few runs a row):
    # the colours are sorted and looked up once a run, not once a pixel
    flat = codes.reshape(-1)
    starts = np.flatnonzero(np.concatenate((np.ones(min(flat.size, 1), dtype=bool), flat[1:] != flat[:-1])))
    lengths = np.diff(np.append(starts, flat.size))
    unique, run_colour = np.unique(flat[starts], return_inverse=True)
    counts = np.bincount(run_colour, weights=lengths).astype(np.int64)
    lut = np.full(len(unique), -1, dtype=np.int32)
    seed_colour: dict[int, int] = {}
    h, w = codes.shape
    for index, (x, y) in enumerate(seeds):
        if not (0 <= x < w and 0 <= y < h):
            continue
        code = int(codes[y, x])
        if code == 0:      # pure black is the separator colour, never a territory
            continue
        slot = int(np.searchsorted(unique, code))
        seed_colour[index] = code
        if lut[slot] == -1:
            lut[slot] = index
    decor: dict[int, str] = {}
    next_label = len(seeds)
    for slot, code in enumerate(unique.tolist()):
        if lut[slot] != -1 or counts[slot] < decor_min_pixels:
            continue
        r, g, b = code >> 16, (code >> 8) & 255, code & 255
        if max(r, g, b) < dark_threshold:
            continue
        lut[slot] = next_label
        decor[next_label] = f"#{r:02x}{g:02x}{b:02x}"
        next_label += 1
    labels = np.repeat(lut[run_colour], lengths).reshape(h, w)
    return labels, decor, seed_colour


def grow_labels(labels: np.ndarray, steps: int) -> np.ndarray:
    """Fill unlabelled pixels from labelled 4-neighbours, `steps` times.

    Fixed neighbour order (up, left, down, right) keeps it deterministic. Only the
    unlabelled pixels are visited (the separator lines: a tenth of a map or less), by
    their flat index, so a step costs what they number, not the image."""
    out = labels.copy()
    h, w = out.shape
    flat = out.reshape(-1)              # a view: `out` is a fresh contiguous copy
    empty = np.flatnonzero(flat < 0)
    ys, xs = np.divmod(empty, w)
    for _ in range(steps):
        if empty.size == 0:
            break
        fill = np.full(empty.size, -1, dtype=flat.dtype)
        # neighbour above, left, below, right; the first labelled one wins, read from the
        # labels as they were at the start of the step
        for inside, offset in ((ys > 0, -w), (xs > 0, -1), (ys < h - 1, w), (xs < w - 1, 1)):
            open_ = np.flatnonzero(inside & (fill < 0))
            found = flat[empty[open_] + offset]
            fill[open_] = found
        flat[empty] = np.maximum(fill, -1)
        left = fill < 0
        empty, ys, xs = empty[left], ys[left], xs[left]
    return out


_ALL, _HEAD, _TAIL = slice(None), slice(None, -1), slice(1, None)
# (the pixels, their neighbour): above, left, below, right
_NEIGHBOURS = (((_TAIL, _ALL), (_HEAD, _ALL)), ((_ALL, _TAIL), (_ALL, _HEAD)),
               ((_HEAD, _ALL), (_TAIL, _ALL)), ((_ALL, _HEAD), (_ALL, _TAIL)))


def _shift(a: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """a shifted so that result[y, x] = a[y - dy, x - dx] (outside -> -1)."""
    out = np.full_like(a, -1)
    h, w = a.shape
    ys = slice(max(dy, 0), h + min(dy, 0))
    xs = slice(max(dx, 0), w + min(dx, 0))
    yd = slice(max(-dy, 0), h + min(-dy, 0))
    xd = slice(max(-dx, 0), w + min(-dx, 0))
    out[ys, xs] = a[yd, xd]
    return out


BINCOUNT_LIMIT = 1 << 24     # pairs of labels counted in one array (128 MiB at most), else sorted


def contacts_of(labels: np.ndarray) -> dict[tuple[int, int], int]:
    """Shared boundary length in pixels for each pair of labels (>= 0) that touch."""
    span = int(labels.max(initial=-1)) + 1 if labels.size else 0
    pairs = []
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1, :], labels[1:, :])):
        diff = (a != b) & (a >= 0) & (b >= 0)
        lo = np.minimum(a[diff], b[diff]).astype(np.int64)
        hi = np.maximum(a[diff], b[diff]).astype(np.int64)
        pairs.append(lo * max(span, 1) + hi)
    keys = np.concatenate(pairs) if pairs else np.zeros(0, dtype=np.int64)
    if keys.size == 0:
        return {}
    if span * span <= BINCOUNT_LIMIT:     # a count per pair of labels: no sort of the boundary
        counts = np.bincount(keys, minlength=span * span)
        keys = np.flatnonzero(counts)
        counts = counts[keys]
    else:
        keys, counts = np.unique(keys, return_counts=True)
    return {(int(k // span), int(k % span)): int(c) for k, c in zip(keys, counts)}


def _node_vertices(padded: np.ndarray) -> np.ndarray:
    """Boolean (H+1, W+1) over pixel corners of the unpadded image: True where
    three or more regions meet, or two regions touch only diagonally."""
    tl = padded[:-1, :-1]
    tr = padded[:-1, 1:]
    bl = padded[1:, :-1]
    br = padded[1:, 1:]
    distinct = 1 + (tr != tl).astype(np.int8) + ((bl != tl) & (bl != tr)).astype(np.int8) \
        + ((br != tl) & (br != tr) & (br != bl)).astype(np.int8)
    pinch = (tl == br) & (tr == bl) & (tl != tr)
    return (distinct >= 3) | pinch


def _crack_edges(padded: np.ndarray):
    """All directed boundary edges of labelled regions, clockwise around each
    region's pixels. Returns arrays (label, x0, y0, direction) in unpadded
    corner coordinates."""
    core = padded[1:-1, 1:-1]
    out_label, out_x, out_y, out_dir = [], [], [], []
    # (neighbour array, start corner offset, direction)
    sides = (
        (padded[0:-2, 1:-1], (0, 0), EAST),    # top side, going east from (x, y)
        (padded[1:-1, 2:], (1, 0), SOUTH),     # right side, from (x+1, y)
        (padded[2:, 1:-1], (1, 1), WEST),      # bottom side, from (x+1, y+1)
        (padded[1:-1, 0:-2], (0, 1), NORTH),   # left side, from (x, y+1)
    )
    for neighbour, (ox, oy), direction in sides:
        ys, xs = np.nonzero((core >= 0) & (neighbour != core))     # (the edges only, not a grid)
        out_label.append(core[ys, xs])
        out_x.append(xs + ox)
        out_y.append(ys + oy)
        out_dir.append(np.full(len(ys), direction, dtype=np.int8))
    return (np.concatenate(out_label), np.concatenate(out_x), np.concatenate(out_y),
            np.concatenate(out_dir))


def _loops(labels_e, xs, ys, dirs, width: int):
    """Chain directed edges into closed loops, per label (deterministic order).

    Yields (label, [vertex ids...]) with vertex id = y * (width + 1) + x. Each edge's
    successor is found with array operations: the edge of the same label leaving its
    end vertex, the right turn where two leave it (two pixels of one region touching
    only at a corner); only the walk along the loops is a Python loop."""
    stride = width + 1
    order = np.lexsort((dirs, xs, ys, labels_e))
    lab = labels_e[order].astype(np.int64)
    start = ys[order].astype(np.int64) * stride + xs[order]
    direction = dirs[order].astype(np.int64)
    n = len(lab)
    if n == 0:
        return
    span = int(start.max()) + stride + 2
    key = lab * span + start
    step = np.array([_STEP[d][1] * stride + _STEP[d][0] for d in (EAST, SOUTH, WEST, NORTH)], dtype=np.int64)
    right = np.array([_RIGHT_TURN[d] for d in (EAST, SOUTH, WEST, NORTH)], dtype=np.int64)
    end_key = lab * span + start + step[direction]
    first = np.searchsorted(key, end_key, "left")
    count = np.searchsorted(key, end_key, "right") - first
    succ = np.where(count > 0, first, -1)
    second = np.minimum(first + 1, n - 1)
    wanted = right[direction]
    take_second = (count >= 2) & (direction[np.minimum(first, n - 1)] != wanted) & (direction[second] == wanted)
    succ[take_second] = second[take_second]
    succ_l = succ.tolist()
    start_l = start.tolist()
    lab_l = lab.tolist()
    used = bytearray(n)
    for head in range(n):
        if used[head]:
            continue
        loop = []
        edge = head
        while edge >= 0 and not used[edge]:
            used[edge] = 1
            loop.append(start_l[edge])
            edge = succ_l[edge]
        yield lab_l[head], loop


def _corners_only(points: list[tuple[int, int]], closed: bool) -> list[tuple[int, int]]:
    """Drop vertices in the middle of straight runs (keeps ends of an open arc)."""
    n = len(points)
    if n < 3:
        return points
    keep = []
    for i in range(n):
        if not closed and (i == 0 or i == n - 1):
            keep.append(points[i])
            continue
        ax, ay = points[i - 1]
        bx, by = points[i]
        cx, cy = points[(i + 1) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) != 0:
            keep.append(points[i])
    return keep


class _ArcSimplifier:
    """Simplifies each arc once, in a canonical direction, so that the two
    regions sharing it get identical vertices."""

    def __init__(self, tolerance: float):
        self.tolerance = tolerance
        self.cache: dict[tuple, list[tuple[int, int]]] = {}

    def open_arc(self, points: list[tuple[int, int]]) -> list[tuple[int, int]]:
        reverse = points[-1] < points[0] or (points[-1] == points[0] and points[-2] < points[1])
        canon = tuple(reversed(points)) if reverse else tuple(points)
        result = self.cache.get(canon)
        if result is None:
            result = douglas_peucker(_corners_only(list(canon), closed=False), self.tolerance)
            self.cache[canon] = result
        return list(reversed(result)) if reverse else list(result)

    def closed_ring(self, points: list[tuple[int, int]]) -> list[tuple[int, int]]:
        # start at the smallest vertex; orientation canonical by the next vertex
        k = points.index(min(points))
        ring = points[k:] + points[:k]
        forward = ring[1] < ring[-1]
        canon = tuple(ring) if forward else tuple([ring[0]] + ring[:0:-1])
        result = self.cache.get(canon)
        if result is None:
            corners = _corners_only(list(canon), closed=True)
            if len(corners) < 4:
                result = corners
            else:
                # split at the corner farthest from the start, simplify both halves
                x0, y0 = corners[0]
                far = max(range(len(corners)),
                          key=lambda i: ((corners[i][0] - x0) ** 2 + (corners[i][1] - y0) ** 2, -i))
                first = douglas_peucker(corners[:far + 1], self.tolerance)
                second = douglas_peucker(corners[far:] + [corners[0]], self.tolerance)
                result = first[:-1] + second[:-1]
            self.cache[canon] = result
        if forward:
            return list(result)
        return [result[0]] + list(reversed(result[1:]))


def trace(labels: np.ndarray, *, tolerance: float = 1.5, min_area: float = 4.0,
          decor_colors: dict[int, str] | None = None) -> Traced:
    """Outlines of every labelled region (labels >= 0) of a label image."""
    h, w = labels.shape
    padded = np.pad(labels, 1, constant_values=-1)
    nodes = _node_vertices(padded).ravel()
    stride = w + 1
    labels_e, xs, ys, dirs = _crack_edges(padded)
    simplifier = _ArcSimplifier(tolerance)
    rings: dict[int, list[tuple[float, list[int]]]] = {}
    for label, loop in _loops(labels_e, xs, ys, dirs, w):
        points = [(v % stride, v // stride) for v in loop]
        cut = [i for i, v in enumerate(loop) if nodes[v]]
        if not cut:
            ring = simplifier.closed_ring(points)
        else:
            ring = []
            for j, start in enumerate(cut):
                end = cut[j + 1] if j + 1 < len(cut) else cut[0] + len(points)
                arc = [points[i % len(points)] for i in range(start, end + 1)]
                ring.extend(simplifier.open_arc(arc)[:-1])
        if len(ring) < 3:
            continue
        area = ring_area(ring)
        if abs(area) < min_area:
            continue
        flat = [c for point in ring for c in point]
        rings.setdefault(int(label), []).append((area, flat))
    result = Traced(width=w, height=h, decor_colors=dict(decor_colors or {}))
    for label in sorted(rings):
        # outer pieces (clockwise on screen = positive area here) first, largest first
        result.rings[label] = [flat for area, flat in sorted(rings[label], key=lambda r: (-r[0], r[1]))]
    counts = np.bincount(labels[labels >= 0])      # pixels per label, counted without a sort
    result.pixels = {int(v): int(counts[v]) for v in np.flatnonzero(counts)}
    result.contacts = contacts_of(labels)
    return result


def _neighbours(a: np.ndarray) -> list[np.ndarray]:
    """A boolean image moved one pixel in each of the eight directions (outside: False);
    a square neighbourhood, so that opening keeps the corners of broad areas."""
    as_int = a.astype(np.int8)
    return [_shift(as_int, dy, dx) > 0 for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]


def thick_area(mask: np.ndarray, x: int, y: int, radius: int = 2) -> np.ndarray:
    """The broad part of a mask around (x, y): erode by `radius` pixels (thin lines
    vanish), keep the connected piece holding the point, grow it back inside the
    mask. Used for areas painted in the separator colour, like Classic's black
    Switzerland, which touches every separator line around it.

    Returns a boolean image (all False when the point is not in a broad area)."""
    eroded = mask.astype(bool)
    for _ in range(radius):
        for moved in _neighbours(eroded):
            eroded = eroded & moved
    area = np.zeros(mask.shape, dtype=bool)
    h, w = mask.shape
    if not (0 <= x < w and 0 <= y < h) or not eroded[y, x]:
        return area
    area[y, x] = True
    while True:     # flood fill by repeated growth inside the eroded mask
        grown = area.copy()
        for moved in _neighbours(area):
            grown |= moved
        grown &= eroded
        if np.array_equal(grown, area):
            break
        area = grown
    for _ in range(radius):
        grown = area.copy()
        for moved in _neighbours(area):
            grown |= moved
        area = grown & mask
    return area
