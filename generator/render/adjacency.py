"""Adjacency tables: per province, its neighbours by unit type and coast.

One data structure (`adjacency_rows`) feeds the CSV and JSON downloads, the site page
(an HTML table that mapwright-map.js makes filterable and sortable) and the printable
sheet, so the four can never disagree.
"""
from __future__ import annotations

import csv
import io

from ..escape import csv_cell, json_text
from .mapview import MapView
from ..escape import md_text
from .svg import esc

# Hidden ends of cells (as site/cell_separators.py gives Markdown tables): text read out of
# the page without its layout, as the search index is, keeps the cells and rows apart.
CELL_END = "<span hidden> · </span>"
ROW_END = "<span hidden>; </span>"

CSV_COLUMNS = ["id", "abbr", "name", "type", "supply_center", "home", "army", "fleet", "special"]


def adjacency_rows(view: MapView) -> list[dict]:
    """One dict per province, sorted by id. `fleet` maps a coast ("" when the province has
    no separate coasts) to the fleet locations reachable from it."""
    army: dict[str, set[str]] = {}
    fleet: dict[str, dict[str, set[str]]] = {}
    special: dict[str, set[str]] = {}
    for link in view.links:
        pa, ca = _split(link.a)
        pb, cb = _split(link.b)
        if link.army:
            army.setdefault(pa, set()).add(pb)
            army.setdefault(pb, set()).add(pa)
        if link.fleet:
            fleet.setdefault(pa, {}).setdefault(ca, set()).add(link.b)
            fleet.setdefault(pb, {}).setdefault(cb, set()).add(link.a)
        if link.kind and link.kind.lower() not in ("normal", "default"):
            special.setdefault(pa, set()).add(f"{pb} ({link.kind})")
            special.setdefault(pb, set()).add(f"{pa} ({link.kind})")
    rows = []
    for pid in sorted(view.provinces):
        p = view.provinces[pid]
        rows.append({
            "id": pid, "abbr": p.abbr, "name": p.name, "type": p.kind,
            "supply_center": p.supply_center, "home": p.home or "",
            "army": sorted(army.get(pid, ())),
            "fleet": {coast: sorted(locs) for coast, locs in sorted(fleet.get(pid, {}).items())},
            "special": sorted(special.get(pid, ())),
            "estimated": p.estimated,
            "reasoning": p.reasoning,
        })
    return rows


def _split(loc: str) -> tuple[str, str]:
    if "/" in loc:
        prov, coast = loc.split("/", 1)
        return prov, coast
    return loc, ""


def location_label(view: MapView, loc: str) -> str:
    """A location as the site and the printed sheet write it: the province's code as
    players write it ("GME sw"), with a coast in capitals ("STP/NC")."""
    prov, coast = _split(loc)
    p = view.provinces.get(prov)
    return (p.abbr if p else prov) + (f"/{coast.upper()}" if coast else "")


def fleet_text(fleet: dict[str, list[str]], label=None) -> str:
    """`"a b c"`, or `"nc: a b; sc: c d"` for a province with separate coasts; `label`
    turns each location into its shown form (ids as they are when None)."""
    show = label or (lambda loc: loc)
    if set(fleet) <= {""}:
        return " ".join(show(x) for x in fleet.get("", []))
    return "; ".join(f"{coast or 'any'}: {' '.join(show(x) for x in locs)}" for coast, locs in fleet.items())


def adjacency_csv(view: MapView) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for r in adjacency_rows(view):
        w.writerow([csv_cell(v) for v in (
            r["id"], r["abbr"], r["name"], r["type"], "yes" if r["supply_center"] else "no",
            r["home"], " ".join(r["army"]), fleet_text(r["fleet"]), "; ".join(r["special"]))])
    return out.getvalue()


def adjacency_json(view: MapView) -> str:
    doc = {"title": view.title, "columns": CSV_COLUMNS, "provinces": adjacency_rows(view)}
    return json_text(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


PART_CHARS = 200_000   # a long table is split into pages of about this much HTML each
PAGE_MARK = "<!-- mapwright:page {} {} -->"   # starts a sibling page (name, title) in a page's text: site/paging.py
_HEADS = [("text", "Code"), ("text", "Province"), ("text", "Type"), ("text", "Centre"),
          ("text", "Home"), ("num", "Armies to"), ("num", "Fleets to")]


def _head(heads) -> str:
    last = len(heads) - 1
    return ("<tr>" + "".join(f'<th scope="col" data-mw-sort="{k}">{esc(t)}{CELL_END if i < last else ROW_END}</th>'
                             for i, (k, t) in enumerate(heads)) + "</tr>")


def _home(view: MapView, power: str) -> str:
    """The power's name, as the map's key writes it."""
    p = view.powers.get(view.power_id(power) or power) if power else None
    return p.name if p is not None and p.name else power


def _row_html(view: MapView, r: dict, map_link: str) -> str:
    def locs(items):
        out = []
        # Each neighbour's name is written beside its code (for a reader without script,
        # and for the rows of another part of a long table), kept out of the search
        # index: a search for a name finds that province's row, not its neighbours'.
        for loc in items:
            prov, _ = _split(loc)
            p = view.provinces.get(prov)
            name = (f'<span class="mw-adj-name" data-search-exclude> {esc(p.name)}</span>'
                    if p is not None and p.name else "")
            out.append(f'<a href="{esc(map_link)}#prov={esc(prov)}" data-mw-name="{esc(prov)}">'
                       f'<span class="mw-code">{esc(location_label(view, loc))}</span>{name}</a>')
        return ", ".join(out)

    if set(r["fleet"]) <= {""}:
        fl = locs(r["fleet"].get("", []))
    else:
        fl = "<br>".join(f"<em>{esc((c or 'any').upper())}</em>: {locs(v)}" for c, v in r["fleet"].items())
    n_fleet = len({x for v in r["fleet"].values() for x in v})
    estimated = ""
    if r["estimated"]:
        estimated = (f' <span class="mw-estimated" title="{esc(r["reasoning"] or "estimated")}">'
                     "estimated</span>")
    special = ""
    if r["special"]:
        special = "<br><small>" + esc("; ".join(r["special"])) + "</small>"
    # an empty cell gets no separator: a search snippet reads "land · Ohio", not "land ·  · Ohio"
    return (f'<tr id="adj-{esc(r["id"])}" data-mw-row="{esc(r["id"])}">'
            f'<td class="mw-adj-code"><a href="{esc(map_link)}#prov={esc(r["id"])}"><code>{esc(r["abbr"])}</code></a>{CELL_END}</td>'
            f'<td class="mw-adj-province">{esc(r["name"])}{estimated}{CELL_END}</td>'
            f'<td data-label="Type">{esc(r["type"])}{CELL_END}</td>'
            f"<td data-label=\"Centre\">{'yes' + CELL_END if r['supply_center'] else ''}</td>"
            f'<td data-label="Home">{esc(_home(view, r["home"])) + CELL_END if r["home"] else ""}</td>'
            f'<td data-label="Armies to" data-mw-key="{len(r["army"])}">{locs(r["army"])}{special}{CELL_END if r["army"] or special else ""}</td>'
            f'<td data-label="Fleets to" data-mw-key="{n_fleet}">{fl}{ROW_END}</td></tr>')


def _table(body: list[str], *, searched: bool = True) -> str:
    # a part of a long table (its neighbours' codes) is left out of the search index:
    # the list of every province on the table's first page is searched instead
    exclude = "" if searched else " data-search-exclude"
    return (f'<table class="mw-adjacency mw-sortable" id="mw-adjacency"{exclude}>'
            f"<thead>{_head(_HEADS)}</thead><tbody>{''.join(body)}</tbody></table>")


def adjacency_html(view: MapView, *, map_link: str = "../map/") -> str:
    """The whole table for the site page: escaped, with data-sort keys for the script."""
    return _table([_row_html(view, r, map_link) for r in adjacency_rows(view)])


def _filter_box(placeholder: str) -> str:
    return ('<div class="mw-table-tools"><label>Filter <input type="search" class="mw-filter" '
            f'data-mw-filter="mw-adjacency" placeholder="{esc(placeholder)}"></label> '
            '<span class="mw-filter-count" data-mw-count="mw-adjacency"></span></div>')


def _initial(pid: str) -> str:
    return pid[:1].upper()


def table_parts(rows: list[dict], sizes: list[int], limit: int = PART_CHARS) -> list[list[dict]]:
    """The rows (sorted by id) in parts of at most about `limit` characters of HTML,
    each part a run of whole initials (A–C, D–F, ...), so that a province's part is
    found by its code; one part when the whole table is under `limit`."""
    groups: list[tuple[list[dict], int]] = []
    for row, size in zip(rows, sizes):
        if groups and _initial(groups[-1][0][-1]["id"]) == _initial(row["id"]):
            groups[-1][0].append(row)
            groups[-1] = (groups[-1][0], groups[-1][1] + size)
        else:
            groups.append(([row], size))
    parts: list[tuple[list[dict], int]] = []
    for group, size in groups:
        if parts and parts[-1][1] + size <= limit:
            parts[-1] = (parts[-1][0] + group, parts[-1][1] + size)
        else:
            parts.append((list(group), size))
    return [part for part, _ in parts]


def part_label(part: list[dict]) -> str:
    first, last = _initial(part[0]["id"]), _initial(part[-1]["id"])
    return first if first == last else f"{first}–{last}"


def part_page(part: list[dict]) -> str:
    """The part's page, a sibling of the table's first page: adjacency-a-c.md."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in part_label(part).lower().replace("–", "-"))
    return f"adjacency-{slug}.md"


def _part_links(parts: list[list[dict]], here: int | None) -> str:
    links = [f"**{md_text(part_label(p))}**" if i == here else f"[{md_text(part_label(p))}]({part_page(p)})"
             for i, p in enumerate(parts)]
    return "Provinces by code: " + " · ".join(links)


def _index_html(view: MapView, parts: list[list[dict]], map_link: str) -> str:
    """Every province of a table in parts, with a link to its row: the filter on the
    table's first page finds any of them. Lean (no search separators: the map page is
    what a search for a province finds), so that it stays light on a large board."""
    heads = [("text", "Code"), ("text", "Province"), ("text", "Centre"), ("text", "Home"), ("text", "Row")]
    head = "<tr>" + "".join(f'<th scope="col" data-mw-sort="{k}">{esc(t)}</th>' for k, t in heads) + "</tr>"
    body = []
    for part in parts:
        page, label = "../" + part_page(part).removesuffix(".md") + "/", esc(part_label(part))
        for r in part:
            pid = esc(r["id"])
            body.append(
                f'<tr id="adj-{pid}" data-mw-row="{pid}">'
                f'<td class="mw-adj-code"><a href="{esc(map_link)}#prov={pid}"><code>{esc(r["abbr"])}</code></a></td>'
                f'<td class="mw-adj-province">{esc(r["name"])}</td>'
                f"<td data-label=\"Centre\">{'yes' if r['supply_center'] else ''}</td>"
                f'<td data-label="Home">{esc(_home(view, r["home"]))}</td>'
                f'<td data-label="Row"><a href="{page}#adj-{pid}">{label}</a></td></tr>')
    return ('<table class="mw-adjacency mw-sortable" id="mw-adjacency" data-search-exclude>'
            f"<thead>{head}</thead><tbody>{''.join(body)}</tbody></table>")


_SETTINGS = ["---", "hide:", "  - toc", "---", ""]
_DOWNLOADS = "Downloads: [CSV](adjacency.csv) · [JSON](adjacency.json)"


def adjacency_page(view: MapView, *, title: str, map_link: str = "../map/", limit: int = PART_CHARS) -> str:
    """Markdown page: intro, filter box, downloads, table. A table longer than `limit`
    characters of HTML is split into pages by the initial of the province's code (each
    a sibling page, begun by PAGE_MARK: site/paging.py writes them apart), the first page
    listing every province with a link to its row; no page needs script to show its rows."""
    rows = adjacency_rows(view)
    html_rows = [_row_html(view, r, map_link) for r in rows]
    parts = table_parts(rows, [len(h) for h in html_rows], limit)
    n = len(view.provinces)
    intro = (f"Every province of the board ({n}), with the places an army or a fleet can move to from it. "
             "Provinces with separate coasts list each coast's fleet moves. Type in the box to filter; "
             "click a column heading to sort. Codes link to the province on the interactive map. "
             "Rows marked *estimated* hold values the rulebook does not give (hover for the reasoning).")
    if len(parts) == 1:
        return "\n".join([*_SETTINGS, f"# {md_text(title)}", "", intro, "", _DOWNLOADS, "",
                          _filter_box("code, name or neighbour"), "", _table(html_rows), ""])
    by_id = dict(zip((r["id"] for r in rows), html_rows))
    lines = [*_SETTINGS, f"# {md_text(title)}", "",
             f"Every province of the board ({n}), with the places an army or a fleet can move to from it. "
             f"The table is long, so its rows are on {len(parts)} pages by the first letter of the "
             "province's code; the list below holds every province, with a link to its row. "
             "Codes link to the province on the interactive map.", "",
             _DOWNLOADS, "", _part_links(parts, None), "",
             _filter_box("code, name or home"), "", _index_html(view, parts, map_link), ""]
    for i, part in enumerate(parts):
        label = part_label(part)
        lines += [PAGE_MARK.format(part_page(part), f"Provinces {label}"), *_SETTINGS,
                  f"# {md_text(title)}: {md_text(label)}", "",
                  f"Part {i + 1} of {len(parts)}: the provinces whose code starts with "
                  f"{md_text(label.replace('–', ' to '))}. " + intro.split(". ", 1)[1], "",
                  f"[Every province](adjacency.md) · {_part_links(parts, i)}", "",
                  _filter_box("code, name or neighbour"), "",
                  _table([by_id[r["id"]] for r in part], searched=False), ""]
    return "\n".join(lines)


# ---------------------------------------------------------------- printable sheet

SHEET_W, SHEET_H, SHEET_MARGIN = 190.0, 277.0, 0.0   # an A4 page's printable area, in mm
SHEET_FONT = 2.4                                     # mm (about 6.8 pt)
SHEET_COLUMNS = [("Code", 15), ("Province", 42), ("Type", 15), ("SC", 8), ("Armies to", 55), ("Fleets to", 55)]


def adjacency_sheets(view: MapView, *, title: str) -> list[str]:
    """The adjacency table as A4-proportioned SVG pages sized in millimetres.

    Rows alternate a light shade and carry ruled lines, so the sheet reads in black and
    white; the text never goes below SHEET_FONT after fitting on A4."""
    from .svg import document, el, num, wrap
    from .svg import text as svg_text

    f = SHEET_FONT
    line_h = f * 1.3
    rows = []
    for r in adjacency_rows(view):
        # the codes exactly as the site writes them ("GME sw", "STP/NC")
        label = lambda loc: location_label(view, loc)  # noqa: E731
        cells = [r["abbr"], r["name"], r["type"], "yes" if r["supply_center"] else "",
                 " ".join(label(x) for x in r["army"]), fleet_text(r["fleet"], label)]
        wrapped = [wrap(c, f, w - 2) or [""] for c, (_, w) in zip(cells, SHEET_COLUMNS)]
        rows.append(wrapped)
    pages: list[list[list[list[str]]]] = [[]]
    top = f * 5.5
    used = top
    for wrapped in rows:
        h = max(len(c) for c in wrapped) * line_h + f * 0.5
        if used + h > SHEET_H - f * 2 and pages[-1]:
            pages.append([])
            used = top
        pages[-1].append(wrapped)
        used += h
    out = []
    n = len(pages)
    for i, page in enumerate(pages, start=1):
        body = [svg_text(0, f * 1.6, f"{title} — adjacency ({i}/{n})", font_size=num(f * 1.5, 2),
                         font_weight="bold")]
        x = 0.0
        y = top - f * 1.2
        for name, w in SHEET_COLUMNS:
            body.append(svg_text(x + 1, y, name, font_weight="bold"))
            x += w
        body.append(el("path", d=f"M0 {num(y + f * 0.6, 2)}H{num(SHEET_W, 2)}", stroke="#000000",
                       stroke_width="0.3"))
        y = top
        for k, wrapped in enumerate(page):
            h = max(len(c) for c in wrapped) * line_h + f * 0.5
            if k % 2:
                body.append(el("rect", x="0", y=num(y - f * 0.3, 2), width=num(SHEET_W, 2), height=num(h, 2),
                               fill="#eeeeee"))
            x = 0.0
            for (name, w), lines in zip(SHEET_COLUMNS, wrapped):
                for j, line in enumerate(lines):
                    body.append(svg_text(x + 1, y + f * 0.75 + j * line_h, line,
                                         font_weight="bold" if name == "Code" else None))
                x += w
            y += h
            body.append(el("path", d=f"M0 {num(y - f * 0.3, 2)}H{num(SHEET_W, 2)}", stroke="#999999",
                           stroke_width="0.15"))
        out.append(document(el("g", "".join(body), font_family="DejaVu Sans, Verdana, Arial, sans-serif",
                                font_size=num(f, 2), fill="#000000"),
                            width=SHEET_W, height=SHEET_H, unit="mm", title=f"{title} adjacency",
                            root_attrs={"data-min-font": num(f, 2), "class": "mw-sheet"}))
    return out
