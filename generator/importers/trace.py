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

from .png_image import colour_codes  # noqa: F401  (the tracer's callers use it from here)
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


def label_pixels(rgb: np.ndarray, seeds: list[tuple[int, int]], *, decor_min_pixels: int = 2000,
                 dark_threshold: int = 24) -> tuple[np.ndarray, dict[int, str], dict[int, int]]:
    """Label image: seed i's colour -> i; other big non-dark colours -> decor labels
    (numbered after the seeds, in colour order); the rest -> -1.

    Returns (labels, decor colours, seed index -> colour code)."""
    from PIL import Image

    codes = colour_codes(rgb)
    h, w = codes.shape
    label_of: dict[int, int] = {}
    seed_colour: dict[int, int] = {}
    for index, (x, y) in enumerate(seeds):
        if not (0 <= x < w and 0 <= y < h):
            continue
        code = int(codes[y, x])
        if code == 0:      # pure black is the separator colour, never a territory
            continue
        seed_colour[index] = code
        label_of.setdefault(code, index)
    counted = {(r << 16) | (g << 8) | b: count for count, (r, g, b) in _colour_counts(Image.fromarray(rgb))}
    decor: dict[int, str] = {}
    next_label = len(seeds)
    for code in sorted(counted):
        if code in label_of or counted[code] < decor_min_pixels:
            continue
        r, g, b = code >> 16, (code >> 8) & 255, code & 255
        if max(r, g, b) < dark_threshold:
            continue
        label_of[code] = next_label
        decor[next_label] = f"#{r:02x}{g:02x}{b:02x}"
        next_label += 1
    # label + 1 per colour code; zero-filled lazily by the system, so only the pages of
    # the colours present are ever touched
    lut = np.zeros(1 << 24, dtype=np.int32)
    if label_of:
        lut[np.fromiter(label_of, dtype=np.int64)] = np.fromiter(label_of.values(), dtype=np.int32) + 1
    labels = lut[codes]
    labels -= 1
    return labels, decor, seed_colour


def _colour_counts(image) -> list[tuple[int, tuple[int, int, int]]]:
    """(pixels, colour) of every colour of an RGB image: Pillow's hash count, no sort of
    every pixel. Its hash table is as large as the number of colours allowed: a small one
    is slow (long probes), the largest is costly to set up, and a map within the
    importer's limits has fewer colours than 2**20 (at most one more than its
    MAX_BORDER colour changes), so that, or the pixel count when smaller, is allowed."""
    pixels = image.width * image.height
    return image.getcolors(min(pixels, 1 << 20)) or image.getcolors(pixels)


def grow_labels(labels: np.ndarray, steps: int) -> np.ndarray:
    """Fill unlabelled pixels from labelled 4-neighbours, `steps` times.

    Fixed neighbour order (up, left, down, right) keeps it deterministic. Each step
    looks only at its front (the unlabelled pixels next to a labelled one, by flat
    index), not at the whole image."""
    out = labels.copy()
    if steps <= 0:
        return out
    h, w = out.shape
    np.maximum(out, -1, out=out)           # every unlabelled pixel reads -1
    flat = out.reshape(-1)
    labelled = out >= 0
    near = np.zeros_like(labelled)
    near[1:] |= labelled[:-1]
    near[:-1] |= labelled[1:]
    near[:, 1:] |= labelled[:, :-1]
    near[:, :-1] |= labelled[:, 1:]
    front = np.flatnonzero(near & ~labelled)
    del labelled, near
    for _ in range(steps):
        if not len(front):
            break
        ys, xs = np.divmod(front, w)
        inside = ((ys > 0, -w), (xs > 0, -1), (ys < h - 1, w), (xs < w - 1, 1))
        fill = np.full(len(front), -1, dtype=out.dtype)
        # neighbour above, left, below, right (outside the image: the pixel itself,
        # unlabelled); first one found wins, all read before any is written
        for ok, offset in inside:
            source = flat[np.where(ok, front + offset, front)]
            take = (fill < 0) & (source >= 0)
            fill[take] = source[take]
        flat[front] = fill
        # the next front: the still unlabelled neighbours of this one
        after = np.concatenate([(front + offset)[ok] for ok, offset in inside])
        front = np.unique(after[flat[after] < 0])
    return out


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


def _label_at(labels: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """labels[ys, xs], -1 outside the image."""
    h, w = labels.shape
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    out = np.full(len(xs), -1, dtype=labels.dtype)
    out[inside] = labels[ys[inside], xs[inside]]
    return out


@dataclass
class _Borders:
    """Every pair of neighbouring pixels whose labels differ (the frame included), found
    with two whole-image comparisons; the crack edges and the contacts both come from it.
    Side by side: row y, pixels x - 1 and x (x from 0 to W). One above the other:
    column x, pixels y - 1 and y (y from 0 to H)."""

    row_y: np.ndarray
    row_x: np.ndarray
    left: np.ndarray
    right: np.ndarray
    column_y: np.ndarray
    column_x: np.ndarray
    above: np.ndarray
    below: np.ndarray


def _borders(labels: np.ndarray) -> _Borders:
    """The pairs inside the image from two comparisons; those with the outside (-1)
    from the first and last row and column (no framed copy of the image)."""
    h, w = labels.shape
    row_y, row_x = np.nonzero(labels[:, :-1] != labels[:, 1:])
    row_x += 1
    column_y, column_x = np.nonzero(labels[:-1] != labels[1:])
    column_y += 1
    edge_rows = np.arange(h)
    edge_columns = np.arange(w)
    first_column = np.flatnonzero(labels[:, 0] != -1)
    last_column = np.flatnonzero(labels[:, -1] != -1)
    first_row = np.flatnonzero(labels[0] != -1)
    last_row = np.flatnonzero(labels[-1] != -1)
    row_y = np.concatenate([row_y, edge_rows[first_column], edge_rows[last_column]])
    row_x = np.concatenate([row_x, np.zeros(len(first_column), dtype=row_x.dtype),
                            np.full(len(last_column), w, dtype=row_x.dtype)])
    column_x = np.concatenate([column_x, edge_columns[first_row], edge_columns[last_row]])
    column_y = np.concatenate([column_y, np.zeros(len(first_row), dtype=column_y.dtype),
                               np.full(len(last_row), h, dtype=column_y.dtype)])
    return _Borders(row_y, row_x, _label_at(labels, row_x - 1, row_y), _label_at(labels, row_x, row_y),
                    column_y, column_x, _label_at(labels, column_x, column_y - 1),
                    _label_at(labels, column_x, column_y))


def _contacts(borders: _Borders) -> dict[tuple[int, int], int]:
    pairs = []
    for a, b in ((borders.left, borders.right), (borders.above, borders.below)):
        both = (a >= 0) & (b >= 0)
        lo = np.minimum(a[both], b[both]).astype(np.int64)
        hi = np.maximum(a[both], b[both]).astype(np.int64)
        pairs.append(lo * (1 << 20) + hi)
    keys, counts = np.unique(np.concatenate(pairs), return_counts=True)
    return {(int(k >> 20), int(k & ((1 << 20) - 1))): int(c) for k, c in zip(keys, counts)}


def contacts_of(labels: np.ndarray) -> dict[tuple[int, int], int]:
    """Shared boundary length in pixels for each pair of labels (>= 0) that touch."""
    return _contacts(_borders(labels))


def _node_flags(labels: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """For pixel corners (xs, ys): True where three or more regions meet, or two
    regions touch only diagonally (looked up at those corners only, not over the
    whole image; outside it is a region of its own, -1)."""
    tl = _label_at(labels, xs - 1, ys - 1)
    tr = _label_at(labels, xs, ys - 1)
    bl = _label_at(labels, xs - 1, ys)
    br = _label_at(labels, xs, ys)
    distinct = 1 + (tr != tl).astype(np.int8) + ((bl != tl) & (bl != tr)).astype(np.int8) \
        + ((br != tl) & (br != tr) & (br != bl)).astype(np.int8)
    pinch = (tl == br) & (tr == bl) & (tl != tr)
    return (distinct >= 3) | pinch


def _crack_edges(borders: _Borders):
    """All directed boundary edges of labelled regions, clockwise around each
    region's pixels. Returns arrays (label, x0, y0, direction) in unpadded
    corner coordinates."""
    # (labels, start corner x, y, direction) of each side: the left pixel's right side runs
    # south from corner (x, y), the right pixel's left side north from (x, y + 1); the upper
    # pixel's bottom side west from (x + 1, y), the lower pixel's top side east from (x, y)
    sides = ((borders.left, borders.row_x, borders.row_y, SOUTH),
             (borders.right, borders.row_x, borders.row_y + 1, NORTH),
             (borders.above, borders.column_x + 1, borders.column_y, WEST),
             (borders.below, borders.column_x, borders.column_y, EAST))
    out_label, out_x, out_y, out_dir = [], [], [], []
    for label, xs, ys, direction in sides:
        mine = label >= 0
        out_label.append(label[mine])
        out_x.append(xs[mine])
        out_y.append(ys[mine])
        out_dir.append(np.full(int(np.count_nonzero(mine)), direction, dtype=np.int8))
    return (np.concatenate(out_label), np.concatenate(out_x), np.concatenate(out_y),
            np.concatenate(out_dir))


@dataclass
class _Loops:
    """Closed crack loops, their edges one after another in walking order."""

    labels: list[int]          # label of each loop
    bounds: list[int]          # loop k is edges bounds[k]:bounds[k + 1]
    xs: np.ndarray             # start corner of each edge
    ys: np.ndarray
    directions: np.ndarray


def _loops(labels_e, xs, ys, dirs, width: int) -> _Loops:
    """Chain directed edges into closed loops, per label (deterministic order: each
    loop starts at its first edge in (label, y, x, direction) order).

    Each edge's successor is found with array operations: the edge of the same label
    leaving its end vertex, the right turn where two leave it (two pixels of one region
    touching only at a corner); only the walk along the loops is a Python loop, which
    lists edge numbers and nothing else."""
    stride = width + 1
    order = np.lexsort((dirs, xs, ys, labels_e))
    lab = labels_e[order].astype(np.int64)
    start = ys[order].astype(np.int64) * stride + xs[order]
    direction = dirs[order].astype(np.int64)
    n = len(lab)
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return _Loops([], [0], empty, empty, empty)
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
    used = bytearray(n)
    walk: list[int] = []
    bounds: list[int] = []
    heads: list[int] = []
    for head in range(n):
        if used[head]:
            continue
        bounds.append(len(walk))
        heads.append(head)
        edge = head
        while edge >= 0 and not used[edge]:
            used[edge] = 1
            walk.append(edge)
            edge = succ_l[edge]
    bounds.append(len(walk))
    walked = np.array(walk, dtype=np.int64)
    return _Loops(lab[heads].tolist(), bounds, start[walked] % stride, start[walked] // stride, direction[walked])


class _ArcSimplifier:
    """Simplifies each arc once, in a canonical direction, so that the two
    regions sharing it get identical vertices. Arcs come as their corners only
    (the vertices where the outline turns, and an open arc's two ends): a crack
    path is fixed by its corners, so they serve as the arc's key too."""

    def __init__(self, tolerance: float):
        self.tolerance = tolerance
        self.cache: dict[tuple, list[tuple[int, int]]] = {}

    def open_arc(self, corners: list[tuple[int, int]], second: tuple[int, int],
                 second_last: tuple[int, int]) -> list[tuple[int, int]]:
        """corners: the arc's ends and turns; second, second_last: the vertices next
        to its ends (which way round is canonical when the arc ends where it began)."""
        reverse = corners[-1] < corners[0] or (corners[-1] == corners[0] and second_last < second)
        canon = tuple(reversed(corners)) if reverse else tuple(corners)
        result = self.cache.get(canon)
        if result is None:
            result = douglas_peucker(list(canon), self.tolerance)
            self.cache[canon] = result
        return list(reversed(result)) if reverse else list(result)

    def closed_ring(self, corners: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """corners: the turns of a loop with no node on it."""
        # start at the smallest vertex (always a turn); orientation canonical by the next turn
        k = corners.index(min(corners))
        ring = corners[k:] + corners[:k]
        forward = ring[1] < ring[-1]
        canon = tuple(ring) if forward else tuple([ring[0]] + ring[:0:-1])
        result = self.cache.get(canon)
        if result is None:
            if len(canon) < 4:
                result = list(canon)
            else:
                # split at the corner farthest from the start, simplify both halves
                x0, y0 = canon[0]
                far = max(range(len(canon)),
                          key=lambda i: ((canon[i][0] - x0) ** 2 + (canon[i][1] - y0) ** 2, -i))
                first = douglas_peucker(list(canon[:far + 1]), self.tolerance)
                second = douglas_peucker(list(canon[far:]) + [canon[0]], self.tolerance)
                result = first[:-1] + second[:-1]
            self.cache[canon] = result
        if forward:
            return list(result)
        return [result[0]] + list(reversed(result[1:]))


def _loop_rings(loops: _Loops, nodes: np.ndarray, simplifier: _ArcSimplifier):
    """Yield (label, simplified ring) per loop: each loop cut into arcs at its nodes,
    each arc simplified once. Only the turns and nodes reach Python lists."""
    previous = np.arange(-1, len(loops.directions) - 1)
    previous[loops.bounds[:-1]] = np.array(loops.bounds[1:]) - 1     # a loop's first edge follows its last
    kept = np.flatnonzero((loops.directions != loops.directions[previous]) | nodes) \
        if len(previous) else np.zeros(0, dtype=np.int64)
    points = list(zip(loops.xs[kept].tolist(), loops.ys[kept].tolist()))
    is_node = nodes[kept].tolist()
    position = kept.tolist()
    cuts_at = np.searchsorted(kept, loops.bounds).tolist()

    def vertex(i: int) -> tuple[int, int]:
        return int(loops.xs[i]), int(loops.ys[i])

    for k, label in enumerate(loops.labels):
        lo, hi = cuts_at[k], cuts_at[k + 1]
        first_edge, end_edge = loops.bounds[k], loops.bounds[k + 1]
        turns = points[lo:hi]
        cut = [i for i in range(hi - lo) if is_node[lo + i]]
        if not cut:
            yield label, simplifier.closed_ring(turns) if len(turns) >= 3 else turns
            continue
        ring = []
        for j, start in enumerate(cut):
            if j + 1 < len(cut):
                arc = turns[start:cut[j + 1] + 1]
                end_at = position[lo + cut[j + 1]]
            else:
                arc = turns[start:] + turns[:cut[0] + 1]
                end_at = position[lo + cut[0]]
            start_at = position[lo + start]
            after = start_at + 1 if start_at + 1 < end_edge else first_edge
            before = end_at - 1 if end_at > first_edge else end_edge - 1
            ring.extend(simplifier.open_arc(arc, vertex(after), vertex(before))[:-1])
        yield label, ring


def _label_counts(labels: np.ndarray) -> np.ndarray:
    """Pixels per label (>= 0): a count per label, not a sort of every pixel; a band of
    rows at a time, so that no temporary is as large as the image."""
    counts = np.zeros(0, dtype=np.int64)
    band = max(1, (1 << 20) // max(labels.shape[1], 1))
    for top in range(0, labels.shape[0], band):
        rows = labels[top:top + band]
        found = np.bincount(rows[rows >= 0])
        if len(found) > len(counts):
            found[:len(counts)] += counts
            counts = found
        else:
            counts[:len(found)] += found
    return counts


def trace(labels: np.ndarray, *, tolerance: float = 1.5, min_area: float = 4.0,
          decor_colors: dict[int, str] | None = None) -> Traced:
    """Outlines of every labelled region (labels >= 0) of a label image."""
    h, w = labels.shape
    borders = _borders(labels)
    loops = _loops(*_crack_edges(borders), w)
    nodes = _node_flags(labels, loops.xs, loops.ys)
    simplifier = _ArcSimplifier(tolerance)
    rings: dict[int, list[tuple[float, list[int]]]] = {}
    for label, ring in _loop_rings(loops, nodes, simplifier):
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
    counts = _label_counts(labels)
    result.pixels = {int(v): int(counts[v]) for v in np.flatnonzero(counts)}
    result.contacts = _contacts(borders)
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
