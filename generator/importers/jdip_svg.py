"""Province outlines and unit anchors from a jDip-style SVG map.

jDip's maps (the MILA `diplomacy` package ships four) draw each province as one or
more `<path>` or `<polygon>` elements with id `_xxx` (the map's short name in lower
case) inside a layer with a translate transform, and give unit positions as
`<jdipNS:PROVINCE name="stp-nc"><jdipNS:UNIT x= y=/>`. Outlines come out as rings of
flat coordinates in the SVG's viewBox units, curves flattened and simplified.

The XML is parsed with defusedxml (no entity expansion, no external fetches): the
file comes from the internet.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

from ..polyline import douglas_peucker
from .read_file import read_regular

MAX_BYTES = 16 * 1024 * 1024
# what geometry.yaml may hold (its schema): numbers beyond (1e999 is infinity to float) raised
# OverflowError in round() or were written for validate to refuse
MAX_COORDINATE = 1_000_000
MAX_SIZE = 100_000
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"([MmLlHhVvCcSsQqTtAaZz])|({_NUMBER})")
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate)\s*\(([^)]*)\)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
CURVE_STEPS = 8


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _affine(text: str | None):
    """An SVG transform attribute as (a, b, c, d, e, f)."""
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for kind, raw in _TRANSFORM.findall(text or ""):
        v = [float(x) for x in re.findall(_NUMBER, raw)]
        if not all(map(math.isfinite, v)):      # 1e999: no place (math.cos(inf) raised)
            t = (math.nan,) * 6
        elif kind == "translate" and v:
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif kind == "scale" and v:
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif kind == "rotate" and v:
            r = math.radians(v[0])
            cx, cy = (v[1], v[2]) if len(v) >= 3 else (0, 0)
            c, s = math.cos(r), math.sin(r)
            t = (c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy)
        elif kind == "matrix" and len(v) == 6:
            t = tuple(v)
        else:
            continue
        m = _compose(m, t)
    return m


def _compose(m, t):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = t
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _commands(d: str):
    """(command letter, [numbers]) groups of path data, repeated groups split apart."""
    groups: list[tuple[str, list[float]]] = []
    for letter, number in _TOKEN.findall(d):
        if letter:
            groups.append((letter, []))
        elif groups:
            groups[-1][1].append(float(number))
    for letter, numbers in groups:
        need = _ARGS[letter.upper()]
        if need == 0:
            yield letter, []
            continue
        for k in range(0, len(numbers) - need + 1, need):
            # after a move-to, further pairs are line-tos
            yield (letter if k == 0 or letter not in "Mm" else ("l" if letter == "m" else "L")), \
                numbers[k:k + need]


def path_rings(d: str) -> list[list[tuple[float, float]]]:
    """Rings of an SVG path's data (every command; arcs become straight lines)."""
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    x = y = sx = sy = 0.0
    last_ctrl = None
    for command, args in _commands(d):
        kind = command.upper()
        ox, oy = (x, y) if command.islower() else (0.0, 0.0)
        ctrl = None
        if kind == "Z":
            if len(ring) >= 3:
                rings.append(ring)
            ring = []
            x, y = sx, sy
        elif kind == "M":
            if len(ring) >= 3:
                rings.append(ring)
            x, y = ox + args[0], oy + args[1]
            sx, sy = x, y
            ring = [(x, y)]
        elif kind in ("L", "A"):
            x, y = (ox + args[-2], oy + args[-1])
            ring.append((x, y))
        elif kind == "H":
            x = ox + args[0]
            ring.append((x, y))
        elif kind == "V":
            y = (y if command.islower() else 0.0) + args[0]
            ring.append((x, y))
        else:   # C, S, Q, T: flattened cubic Beziers (quadratics raised to cubics)
            mirror = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
            if kind == "C":
                c1, c2, end = (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3]), (ox + args[4], oy + args[5])
            elif kind == "S":
                c1, c2, end = mirror, (ox + args[0], oy + args[1]), (ox + args[2], oy + args[3])
            else:
                q = (ox + args[0], oy + args[1]) if kind == "Q" else mirror
                end = (ox + args[-2], oy + args[-1])
                c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
                c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
            for step in range(1, CURVE_STEPS + 1):
                t = step / CURVE_STEPS
                u = 1 - t
                ring.append((u ** 3 * x + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t ** 3 * end[0],
                             u ** 3 * y + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t ** 3 * end[1]))
            ctrl = c2
            x, y = end
        last_ctrl = ctrl
    if len(ring) >= 3:
        rings.append(ring)
    return rings


def _points(text: str) -> list[tuple[float, float]]:
    values = [float(v) for v in re.findall(_NUMBER, text or "")]
    return list(zip(values[0::2], values[1::2]))


def _near(*values: float) -> bool:
    return all(math.isfinite(v) and abs(v) <= MAX_COORDINATE for v in values)


def _flat(ring, m, tolerance: float) -> list[int] | None:
    """A ring as flat integer coordinates ([] when it is too small; None when a point lies
    beyond MAX_COORDINATE, or is not a number)."""
    pts = []
    for x, y in ring:
        px, py = _apply(m, x, y)
        if not _near(px, py):
            return None
        p = (round(px), round(py))
        if not pts or pts[-1] != p:
            pts.append(p)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if len(pts) < 3:
        return []
    closed = douglas_peucker(pts + [pts[0]], tolerance)[:-1]
    if len(closed) < 3:
        return []
    return [v for p in closed for v in p]


def _area(flat: list[int]) -> float:
    xs, ys = flat[0::2], flat[1::2]
    return abs(sum(xs[i] * ys[i - 1] - xs[i - 1] * ys[i] for i in range(len(xs)))) / 2


def read_geometry(svg_path: Path, province_ids: set[str], coasts: dict[str, list[str]],
                  ids: dict[str, str], tolerance: float = 1.0) -> tuple[dict, list[str]]:
    """(geometry dict, problems). `ids` maps the map's short names and aliases (lower
    case) to province ids."""
    from defusedxml import ElementTree as ET
    from defusedxml.common import DefusedXmlException

    problems: list[str] = []
    try:
        raw = read_regular(Path(svg_path), MAX_BYTES)
        if len(raw) > MAX_BYTES:
            return {}, [f"{svg_path.name} is larger than 16 MiB"]
        root = ET.fromstring(raw)
    except (OSError, ET.ParseError, DefusedXmlException, ValueError) as exc:
        return {}, [f"{svg_path.name} cannot be read as SVG: {exc}"]
    view = [float(v) for v in re.findall(_NUMBER, root.get("viewBox") or "")]
    if len(view) == 4 and view[2] > 0 and view[3] > 0:
        ox, oy, width, height = view
    else:
        ox = oy = 0.0
        width = float((re.findall(_NUMBER, root.get("width") or "") or [0])[0])
        height = float((re.findall(_NUMBER, root.get("height") or "") or [0])[0])
    if not (_near(ox, oy) and 1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
        return {}, [f"{svg_path.name} has no viewBox or size from 1 to {MAX_SIZE:,} units"]
    by_name = ids
    outlines: dict[str, list[list[int]]] = {}
    labels: dict[str, list[int]] = {}
    coast_labels: dict[str, list[int]] = {}
    origin = (1, 0, 0, 1, -ox, -oy)
    far: set[str] = set()       # provinces with a point beyond MAX_COORDINATE (or not a number)
    stack = [(root, origin, None)]
    while stack:
        node, m, owner = stack.pop()
        m = _compose(m, _affine(node.get("transform")))
        tag = _local(node.tag)
        ident = node.get("id") or ""
        if tag in ("path", "polygon", "g") and ident.startswith("_") and owner is None:
            owner = by_name.get(ident[1:].lower())
            if owner is None:
                problems.append(f"{svg_path.name} outlines '{ident[1:]}', which the map does not have")
                owner = ""          # its children belong to no province
        if tag in ("path", "polygon") and owner:
            rings = path_rings(node.get("d") or "") if tag == "path" else [_points(node.get("points"))]
            for ring in rings:
                flat = _flat(ring, m, tolerance)
                if flat is None:
                    far.add(owner)
                elif flat:
                    outlines.setdefault(owner, []).append(flat)
        elif tag == "PROVINCE":
            name = (node.get("name") or "").lower()
            unit = next((c for c in node if _local(c.tag) == "UNIT"), None)
            if unit is not None and unit.get("x") and unit.get("y"):
                try:
                    x, y = float(unit.get("x")) - ox, float(unit.get("y")) - oy
                except ValueError:
                    x = y = math.nan
                point = [round(x), round(y)] if _near(x, y) else None
                if point is None:
                    far.add(name.upper())
                short, _, coast = name.partition("-")
                pid = by_name.get(short)
                if point and pid:
                    if coast and coast.upper() in coasts.get(pid, []):
                        coast_labels[f"{pid}/{coast.upper()}"] = point
                    elif not coast:
                        labels[pid] = point
        stack.extend((child, m, owner) for child in reversed(list(node)))
    if far:
        problems.append(f"{svg_path.name} places points of {', '.join(sorted(far)[:10])} more than "
                        f"{MAX_COORDINATE:,} units away (or not at a number): those are left out")
    for pid in outlines:
        outlines[pid].sort(key=lambda r: -_area(r))
    missing = sorted(province_ids - set(outlines))
    if missing:
        problems.append(f"{svg_path.name} has no outline for {', '.join(missing)}")
    if not outlines:
        return {}, problems
    geometry = {"image": {"width": round(width), "height": round(height)},
                "outlines": {pid: outlines[pid] for pid in sorted(outlines)},
                "labels": labels}
    if coast_labels:
        geometry["coast_labels"] = dict(sorted(coast_labels.items()))
    return geometry, problems
