"""Convert the MILA-derived Classic map (classic_map.json) into content/classic/map.yaml.

Usage (from the repository root):

    python tools/classic_from_mila.py ../shared/reference/classic/classic_map.json \
        > content/classic/map.yaml

The input was generated from the MILA `diplomacy` package (PyPI diplomacy 1.1.2,
diplomacy/maps/standard.map, AGPL-3.0); the output keeps that credit in its header.
Deterministic: the same input always gives byte-identical output.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

# Conventional board colours; a presentation choice, not a fact from the source.
COLORS = {"AUSTRIA": "#c0392b", "ENGLAND": "#1f3a93", "FRANCE": "#3498db", "GERMANY": "#555555",
          "ITALY": "#27ae60", "RUSSIA": "#8e44ad", "TURKEY": "#d4ac0d"}

HEADER = """\
# yaml-language-server: $schema=../../schemas/diplomacy-map.schema.json
# Classic Diplomacy map and 1901 starting position.
# Converted by tools/classic_from_mila.py from shared/reference/classic/classic_map.json,
# itself generated from the MILA `diplomacy` package (PyPI diplomacy 1.1.2,
# diplomacy/maps/standard.map), licensed AGPL-3.0. Do not edit by hand: re-run the tool.
"""


def loc(text: str) -> str:
    return text.upper()


def q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def convert(data: dict) -> str:
    provs = data["provinces"]
    out = [HEADER, "victory: {centers: 18}\n", "powers:\n"]
    for pid in sorted(data["powers"]):
        adj = data["powers"][pid]["adjective"].title()
        out.append(f"  - {{id: {pid}, name: {pid.title()}, adjective: {adj}, color: \"{COLORS.get(pid, '#888888')}\"}}\n")
    out.append("provinces:\n")
    for key in sorted(provs):
        p = provs[key]
        fields = [f"id: {loc(key)}", f"name: {q(p['name'])}", f"type: {p['type']}"]
        if p["sc"]:
            fields.append("supply_center: true")
        if p["home"]:
            fields.append(f"home: {p['home']}")
        if p["coasts"]:
            fields.append("coasts: [" + ", ".join(c.upper() for c in p["coasts"]) + "]")
        aliases = sorted({a.replace("+", " ") for a in p["aliases"]})
        if aliases:
            fields.append("aliases: [" + ", ".join(q(a) for a in aliases) + "]")
        out.append("  - {" + ", ".join(fields) + "}\n")
    # Borders: one entry per pair of locations; a plain province pair usable by both
    # unit types is written once with units [army, fleet].
    army = {tuple(sorted((a, b))) for a, ns in data["adjacency"]["army"].items() for b in ns}
    fleet = {tuple(sorted((a, b))) for a, ns in data["adjacency"]["fleet"].items() for b in ns}
    entries = []
    for pair in sorted(army | fleet):
        units = [u for u, s in (("army", army), ("fleet", fleet)) if pair in s]
        entries.append((pair, units))
    out.append("borders:\n")
    for (a, b), units in entries:
        out.append(f"  - {{between: [{loc(a)}, {loc(b)}], units: [{', '.join(units)}]}}\n")
    out.append("start:\n  phase: S1901M\n  units:\n")
    for pid in sorted(data["powers"]):
        units = [f"{u['type']} {loc(u['location'])}" for u in data["powers"][pid]["starting_units"]]
        out.append(f"    {pid}: [{', '.join(q(u) for u in sorted(units, key=lambda s: s[2:]))}]\n")
    out.append("  centers:\n")
    for pid in sorted(data["powers"]):
        out.append(f"    {pid}: [{', '.join(loc(c) for c in sorted(data['powers'][pid]['home_centers']))}]\n")
    return "".join(out)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.write(convert(json.loads(Path(argv[1]).read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
