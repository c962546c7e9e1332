"""Consistency checks of a hex game, each diagnostic at the file:line:column of the value."""
from __future__ import annotations

from ...diagnostics import Diagnostic, register
from ...loader import escape_pointer_token
from .diag import AIR_DATA, located as _diag
from .modules import answers, registry
from .grid import parse_hex
from .model import HexGame
from .scenarios import side_summary

UNKNOWN_TERRAIN = register("HEX001", "Unknown terrain",
    "A hex names a terrain that terrain.yaml does not define. Use one of the terrain ids listed there, or add the terrain.")
OUTSIDE_GRID = register("HEX002", "Hex outside the grid",
    "A hex number is not inside the grid declared in map.yaml (columns x rows). Fix the number or enlarge the grid.")
MISSING_HEX = register("HEX003", "Grid hex without data",
    "Every hex of the grid needs an entry in map.yaml `hexes` (terrain, and home country for land). Add the missing hex.")
NOT_ADJACENT = register("HEX004", "Hexside between non-adjacent hexes",
    "A hexside must name two adjacent hexes. Fix one of the two numbers.")
UNKNOWN_FEATURE = register("HEX005", "Unknown hexside feature",
    "A hexside feature is not defined in terrain.yaml `hexsides`. Use a defined id or add the feature.")
PLACE_NOT_ON_LAND = register("HEX006", "City or resource centre not on land of its country",
    "A city or resource centre stands in water, prohibited terrain, or a hex of another country. Move it or fix its country.")
LAND_WITHOUT_COUNTRY = register("HEX007", "Land hex without a home country",
    "A passable hex must name the side whose home country it is (rail movement, rivers and reinforcements depend on it).")
UNKNOWN_SIDE = register("HEX008", "Unknown side",
    "A value names a side that map.yaml `sides` does not declare. Use one of the declared side ids (they are case-sensitive), "
    "or declare the side.")
MISSING_SIDE = register("HEX009", "Scenario without a side's forces",
    "Every scenario lists the forces of both sides map.yaml declares. Add the missing side under `sides:`.")
CE_MISMATCH = register("HEX010", "Corps equivalent does not add up",
    "A scenario's printed corps equivalent is not half its infantry divisions (initial + reinforcement + replacement, 16.1 C, 7.0 D). "
    "Fix the force table, or record the reading you use and an erratum explaining it.")
ERRATUM_USED = register("HEX011", "Printed table disagrees; erratum reading used",
    "The printed scenario table does not agree with its own corps equivalent; the data gives a reading that does, and the site "
    "shows the erratum. Nothing to fix unless you disagree with the reading.", "info")
COUNTER_LIMIT = register("HEX012", "Scenario needs more counters than the mix holds",
    "A scenario gives a side more units of a type than the counter mix in units.yaml provides (6.2). Raise the counter count or fix the scenario.")
UNKNOWN_CITY = register("HEX013", "Victory condition names an unknown place",
    "A victory condition names a city, region or kind of place the map does not have, or one of the wrong country. Fix the id.")
TOO_FEW_PLACES = register("HEX014", "Victory condition cannot be met",
    "A victory condition asks for more cities or resource centres of a country than the map holds.")
BORDER_EXAMPLE = register("HEX015", "Rulebook distance example fails on the map",
    "A scenario records the rulebook's example of a hex's distance from the border, and the map gives another distance. "
    "Adjust the map (or its generator's origin) so the example holds.")
UNKNOWN_ERRATUM = register("HEX016", "Unknown erratum id",
    "A scenario side cites an erratum id that scenarios.yaml `errata` does not define.")
CRT_SHAPE = register("HEX020", "CRT rows and columns disagree",
    "Every CRT row needs one result per column, the rolls must run without gaps from 1 to the maximum modified roll, and "
    "every line must have the same number of columns.")
NO_REASONING = register("HEX021", "Estimated value without reasoning",
    "A value marked `source: estimated` must say how it was reconstructed (`reasoning`).")
UNKNOWN_SOURCE = register("HEX022", "Unknown source id",
    "A `source:` cites an id that game.yaml `sources` does not list (or is not `estimated`). Add the source or fix the id.")
MISSING_AP_COST = register("HEX023", "AP cost the engine needs is missing",
    "The engine looks up some AP costs by id (moving, rail, corps breakdown and formation, reinforcements, replacements, "
    "disruption recovery, and the costs of the variant modules switched on in game.yaml). Add a row with that id to "
    "charts.yaml `ap_costs`, or switch the module off.")
CBT_SHAPE = register("HEX025", "City Bombing Table rows and columns disagree",
    "The City Bombing Table needs one row per die face (1 to the die's sides), one result per column in every row, and "
    "columns in ascending order. Fix the table in charts.yaml.")

ENGINE_IDS = register("HEX026", "Feature or unit type the engine needs is missing",
    "The engines look some entries up by id or kind: the `city` and `fort` features of terrain.yaml (their defence, "
    "13.4.3), a unit type of arm `fort` (forts placed at set-up, 16.2 A) and an infantry corps type (two divisions "
    "form one, 7.2); a corps' `components` name unit types. Add the entry the message names, or fix the id.")
UNKNOWN_CONTINGENT_REF = register("HEX027", "Intervention contingent names an unknown contingent or unit type",
    "scenarios.yaml `variant.intervention_forces`: `hostile_to` names other contingents by id and `units` names unit "
    "types of units.yaml. Fix the id the message names.")

# Ids the engines look up, by kind of entry (see ENGINE_IDS).
REQUIRED_FEATURES = ("city", "fort")
# AP cost ids the engines look up, always and per rule module.
REQUIRED_AP_COSTS = ("move-division-or-brigade", "move-corps", "rail-move", "breakdown-corps", "form-corps",
                     "recover-disruption", "receive-reinforcement-division", "receive-replacement-division",
                     "receive-replacement-armour")
UNKNOWN_MODULE = register("HEX030", "Unknown rule module",
    "game.yaml `rules:` names a rule module the hex family does not have. Use one of the modules listed in the hint "
    "(each is a file in generator/families/hex/modules/), or remove the entry.")
UNKNOWN_PARAMETER = register("HEX031", "Unknown rule module parameter",
    "A rule module in game.yaml `rules:` is given a parameter it does not read. Remove it or fix its name "
    "(the module's parameters are listed in the hint).", "warning")
BAD_PARAMETER = register("HEX032", "Rule module parameter the engine cannot use",
    "A rule module's parameter in game.yaml `rules:` has the wrong type or is below its least value (a count the "
    "engine divides by must be at least 1, other counts at least 0). The message says what the parameter takes.")


def _side_refs(game: HexGame):
    """(file, pointer, side id) of every side a data file names, for HEX008."""
    docs = game.source.docs
    m = (docs["map.yaml"].data if "map.yaml" in docs else None) or {}
    for h, v in (m.get("hexes") or {}).items():
        if v.get("country"):
            yield "map.yaml", f"/hexes/{h}/country", v["country"]
    for kind in ("cities", "resource_centres"):
        for i, place in enumerate(m.get(kind) or []):
            yield "map.yaml", f"/{kind}/{i}/country", place["country"]
    if (m.get("border") or {}).get("held_by"):
        yield "map.yaml", "/border/held_by", m["border"]["held_by"]
    for i, sc in enumerate(game.scenarios):
        for side in sc.get("sides", {}):
            yield "scenarios.yaml", f"/scenarios/{i}/sides/{side}", side
        if sc.get("first_player_chooser"):
            yield "scenarios.yaml", f"/scenarios/{i}/first_player_chooser", sc["first_player_chooser"]
        yield "scenarios.yaml", f"/scenarios/{i}/victory/side", sc["victory"]["side"]
        for j, cond in enumerate(sc["victory"]["any_of"]):
            yield "scenarios.yaml", f"/scenarios/{i}/victory/any_of/{j}/country", cond["country"]
    for key, who in sorted((game.scenario_setup or {}).items()):
        if isinstance(who, dict) and who.get("value"):
            yield "scenarios.yaml", f"/setup/{key}/value", who["value"]
    start = (game.charts.get("initiative_track") or {}).get("start") or {}
    if start.get("side"):
        yield "charts.yaml", "/initiative_track/start/side", start["side"]


def check_sides(game: HexGame) -> list[Diagnostic]:
    known = game.side_ids
    out = []
    for i, side in enumerate(known):
        if side in known[:i]:
            out.append(_diag(game, "map.yaml", f"/sides/{i}/id", UNKNOWN_SIDE, f"side '{side}' is declared twice",
                             hint="the two sides need two different ids"))
    for file, pointer, side in _side_refs(game):
        if side not in known:
            out.append(_diag(game, file, pointer, UNKNOWN_SIDE, f"'{side}' is not a side of this game",
                             hint="map.yaml declares: " + ", ".join(known)))
    for i, sc in enumerate(game.scenarios):
        for side in known:
            if side not in sc.get("sides", {}):
                out.append(_diag(game, "scenarios.yaml", f"/scenarios/{i}/sides", MISSING_SIDE,
                                 f"scenario {sc['id']} lists no forces for {side}"))
    return out


def check_map(game: HexGame) -> list[Diagnostic]:
    out = []
    m = game.map
    data = game.source.docs["map.yaml"].data if "map.yaml" in game.source.docs else {}
    for h, v in (data.get("hexes") or {}).items():
        if not m.grid.contains(h):
            out.append(_diag(game, "map.yaml", f"/hexes/{h}", OUTSIDE_GRID, f"hex {h} is outside the {m.grid.columns}x{m.grid.rows} grid"))
        t = v.get("terrain")
        if t not in game.terrain:
            out.append(_diag(game, "map.yaml", f"/hexes/{h}/terrain", UNKNOWN_TERRAIN, f"hex {h}: unknown terrain '{t}'",
                             hint="known: " + ", ".join(sorted(game.terrain))))
        elif game.terrain[t].passable and not v.get("country"):
            out.append(_diag(game, "map.yaml", f"/hexes/{h}", LAND_WITHOUT_COUNTRY, f"hex {h} is {t} but has no country"))
    missing = [h for h in m.grid.all_hexes() if h not in (data.get("hexes") or {})]
    if missing:
        out.append(_diag(game, "map.yaml", "/hexes", MISSING_HEX, f"{len(missing)} grid hex(es) have no entry, e.g. {missing[0]}"))
    for i, side in enumerate(data.get("hexsides") or []):
        a, b = side["hexes"]
        if not (m.grid.contains(a) and m.grid.contains(b)):
            out.append(_diag(game, "map.yaml", f"/hexsides/{i}/hexes", OUTSIDE_GRID, f"hexside {a}-{b} lies outside the grid"))
        elif not m.grid.adjacent(a, b):
            out.append(_diag(game, "map.yaml", f"/hexsides/{i}/hexes", NOT_ADJACENT, f"{a} and {b} are not adjacent"))
        for j, feat in enumerate(side["features"]):
            if feat not in game.hexside_types:
                out.append(_diag(game, "map.yaml", f"/hexsides/{i}/features/{j}", UNKNOWN_FEATURE, f"unknown hexside feature '{feat}'"))
    for kind in ("cities", "resource_centres"):
        for i, place in enumerate(data.get(kind) or []):
            h = place["hex"]
            if not m.grid.contains(h):
                out.append(_diag(game, "map.yaml", f"/{kind}/{i}/hex", OUTSIDE_GRID, f"{place['name']}: hex {h} is outside the grid"))
            elif m.country.get(h) != place["country"] or not game.terrain.get(m.terrain.get(h, ""), None) \
                    or not game.terrain[m.terrain[h]].passable:
                out.append(_diag(game, "map.yaml", f"/{kind}/{i}/hex", PLACE_NOT_ON_LAND,
                                 f"{place['name']} ({place['country']}) is in hex {h}: {m.terrain.get(h)}, {m.country.get(h, 'no country')}"))
    return out


def check_crt(game: HexGame) -> list[Diagnostic]:
    out = []
    crt = game.crt
    if crt is None:
        return out
    widths = {len(v) for v in crt.lines.values()}
    if len(widths) != 1:
        out.append(_diag(game, "crt.yaml", "/lines", CRT_SHAPE, "the differential lines have different numbers of columns"))
    width = max(widths) if widths else 0
    rows = game.source.docs["crt.yaml"].data.get("rows", [])
    for i, row in enumerate(rows):
        if len(row["results"]) != width:
            out.append(_diag(game, "crt.yaml", f"/rows/{i}/results", CRT_SHAPE, f"roll {row['roll']}: {len(row['results'])} results for {width} columns"))
    if sorted(crt.rows) != list(range(1, crt.max_roll + 1)):
        out.append(_diag(game, "crt.yaml", "/rows", CRT_SHAPE, f"rows must cover rolls 1..{crt.max_roll}"))
    for line, heads in sorted(crt.lines.items()):
        if heads != sorted(set(heads)):   # an attack finds its column by the headings' order (13.5 C)
            out.append(_diag(game, "crt.yaml", f"/lines/{line}/differentials", CRT_SHAPE,
                             f"the {line} line's differentials must increase from column to column"))
    return out


def check_contingents(game: HexGame) -> list[Diagnostic]:
    """The ids the intervention engine looks up in a contingent exist (16.7.1)."""
    out = []
    rows = game.scenario_variant.get("intervention_forces", [])
    known = {c["id"] for c in rows}
    for i, c in enumerate(rows):
        base = f"/variant/intervention_forces/{i}"
        for j, other in enumerate(c.get("hostile_to", [])):
            if other not in known:
                out.append(_diag(game, "scenarios.yaml", f"{base}/hostile_to/{j}", UNKNOWN_CONTINGENT_REF,
                                 f"{c['id']} is hostile to an unknown contingent '{other}'",
                                 hint="contingents: " + ", ".join(sorted(known))))
        for unit_type in c.get("units", {}):
            if unit_type not in game.unit_types:
                out.append(_diag(game, "scenarios.yaml", f"{base}/units/{escape_pointer_token(unit_type)}", UNKNOWN_CONTINGENT_REF,
                                 f"{c['id']} brings an unknown unit type '{unit_type}'",
                                 hint="unit types: " + ", ".join(sorted(game.unit_types))))
    return out


def check_engine_ids(game: HexGame) -> list[Diagnostic]:
    """The entries the engines look up by id or kind exist (ENGINE_IDS), so no example dies on a KeyError."""
    out = []
    for fid in REQUIRED_FEATURES:
        if fid not in game.feature_defence:
            out.append(_diag(game, "terrain.yaml", "/features", ENGINE_IDS, f"terrain.yaml has no feature '{fid}', "
                             "whose defence combat adds (13.4.3)", hint=f"add - {{id: {fid}, name: ..., defence: ...}}"))
    kinds = [(t.arm, t.size) for t in game.unit_types.values()]
    if not any(arm == "fort" for arm, _ in kinds):
        out.append(_diag(game, "units.yaml", "/unit_types", ENGINE_IDS,
                         "units.yaml has no unit type of arm 'fort', which set-up places (16.2 A)"))
    if ("infantry", "corps") not in kinds:
        out.append(_diag(game, "units.yaml", "/unit_types", ENGINE_IDS,
                         "units.yaml has no infantry corps type, which two divisions form (7.2)"))
    for i, row in enumerate(game.units_doc.get("unit_types", [])):
        for j, part in enumerate(row.get("components", [])):
            if part not in game.unit_types:
                out.append(_diag(game, "units.yaml", f"/unit_types/{i}/components/{j}", ENGINE_IDS,
                                 f"{row['id']} is made of an unknown unit type '{part}'",
                                 hint="unit types: " + ", ".join(sorted(game.unit_types))))
    return out


def check_scenarios(game: HexGame) -> list[Diagnostic]:
    out = []
    errata = {e["id"] for e in game.errata}
    div_limit = next((t.counters.value for t in game.unit_types.values() if t.size == "division" and not t.variant), None)
    arm_limit = next((t.counters.value for t in game.unit_types.values() if t.arm == "armour" and not t.variant), None)
    fort_limit = next((t.counters.value for t in game.unit_types.values() if t.arm == "fort"), None)
    m = game.map
    for i, sc in enumerate(game.scenarios):
        for side, sd in sc["sides"].items():
            base = f"/scenarios/{i}/sides/{side}"
            s = side_summary(sd)
            if not s["printed_agrees"]:
                if sd.get("reading") and s["reading_agrees"]:
                    out.append(_diag(game, "scenarios.yaml", base + "/reading", ERRATUM_USED,
                                     f"{sc['id']} {side}: the printed table gives {s['printed_ce']:g} corps equivalents, the rulebook says "
                                     f"{s['stated_ce']}; the reading used gives {s['used_ce']:g}"))
                else:
                    out.append(_diag(game, "scenarios.yaml", base + "/corps_equivalent", CE_MISMATCH,
                                     f"{sc['id']} {side}: {s['divisions']} divisions make {s['used_ce']:g} corps equivalents, not {s['stated_ce']}"))
            elif sd.get("reading") and not s["reading_agrees"]:
                out.append(_diag(game, "scenarios.yaml", base + "/reading", CE_MISMATCH,
                                 f"{sc['id']} {side}: the reading gives {s['used_ce']:g} corps equivalents, not {s['stated_ce']}"))
            if sd.get("erratum") and sd["erratum"] not in errata:
                out.append(_diag(game, "scenarios.yaml", base + "/erratum", UNKNOWN_ERRATUM, f"no erratum '{sd['erratum']}'"))
            for what, have, lim in (("infantry divisions", s["divisions"], div_limit), ("armoured brigades", s["armour"], arm_limit),
                                    ("forts", s["forts"], fort_limit)):
                if lim is not None and have > lim:
                    out.append(_diag(game, "scenarios.yaml", base, COUNTER_LIMIT,
                                     f"{sc['id']} {side} needs {have} {what}; the counter mix has {lim}"))
            fd = sd.get("fort_deployment") or {}
            ex = fd.get("example")
            if ex:
                d = border_distance(game, ex["hex"])
                if d != ex["distance"]:
                    out.append(_diag(game, "scenarios.yaml", base + "/fort_deployment/example", BORDER_EXAMPLE,
                                     f"hex {ex['hex']} is {d} hexes from the border on this map; the rulebook says {ex['distance']}"))
        for j, cond in enumerate(sc["victory"]["any_of"]):
            ptr = f"/scenarios/{i}/victory/any_of/{j}"
            country = cond["country"]
            for k, cid in enumerate(cond.get("including_one_of", [])):
                city = m.cities.get(cid)
                if city is None or city.country != country:
                    out.append(_diag(game, "scenarios.yaml", f"{ptr}/including_one_of/{k}", UNKNOWN_CITY,
                                     f"'{cid}' is not a {country} city on the map"))
            if cond["kind"] == "occupy":
                pool = m.cities if cond.get("of") == "cities" else m.resource_centres
                have = sum(1 for p in pool.values() if p.country == country)
                if have < cond.get("count", 1):
                    out.append(_diag(game, "scenarios.yaml", ptr, TOO_FEW_PLACES,
                                     f"the map has {have} {country} {cond.get('of')}, the condition needs {cond.get('count')}"))
            if cond["kind"] == "clear-and-occupy" and cond.get("region") not in m.regions:
                out.append(_diag(game, "scenarios.yaml", ptr + "/region", UNKNOWN_CITY, f"no region '{cond.get('region')}' in map.yaml"))
    return out


def border_distance(game: HexGame, hex_id: str) -> int | None:
    """Hexes from `hex_id` to the nearest hex of the other country (17.3.2's count)."""
    m = game.map
    home = m.country.get(hex_id)
    if home is None or parse_hex(hex_id) is None:
        return None
    others = [h for h, c in m.country.items() if c != home]
    return min((m.grid.distance(hex_id, h) for h in others), default=None)


def check_provenance(game: HexGame) -> list[Diagnostic]:
    ids = {s["id"] for s in game.source.meta.get("sources", [])} | {"estimated"}
    out = []

    def walk(node, pointer, file):
        if isinstance(node, dict):
            src = node.get("source")
            if isinstance(src, str):
                first = src.split(" ")[0]
                if first not in ids:
                    out.append(_diag(game, file, pointer + "/source", UNKNOWN_SOURCE, f"unknown source '{first}'",
                                     hint="sources: " + ", ".join(sorted(ids))))
                if src == "estimated" and not node.get("reasoning"):
                    out.append(_diag(game, file, pointer, NO_REASONING, "estimated value without reasoning"))
            for k, v in node.items():
                walk(v, f"{pointer}/{k}", file)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{pointer}/{i}", file)

    for name, doc in sorted(game.source.docs.items()):
        if name == "map.yaml":
            continue   # thousands of hexes; its single top-level source is checked by the schema
        walk(doc.data, "", name)
    return out


def check_ap_costs(game: HexGame) -> list[Diagnostic]:
    """Every AP cost id an engine will look up exists (HEX023), so no example dies on a KeyError."""
    have = {row.get("id") for row in game.charts.get("ap_costs", [])}
    out = []
    needed = [(cid, "") for cid in REQUIRED_AP_COSTS]
    for on in game.modules:
        needed += [(cid, on.module.name) for cid in on.module.ap_costs]
    for cid, module in needed:
        if cid not in have:
            why = f" (the {module} module is on in game.yaml)" if module else ""
            out.append(_diag(game, "charts.yaml", "/ap_costs", MISSING_AP_COST,
                             f"charts.yaml has no AP cost '{cid}', which the engine needs{why}",
                             hint=f"add - {{id: {cid}, action: ..., ap: ..., per: ..., rule: ..., source: ...}}"))
    return out


def check_air(game: HexGame) -> list[Diagnostic]:
    out = []
    charts = game.charts
    have = {row.get("id") for row in charts.get("ap_costs", [])}
    for i, m in enumerate(charts.get("air_missions", [])):
        if m["ap_cost"] not in have:
            out.append(_diag(game, "charts.yaml", f"/air_missions/{i}/ap_cost", AIR_DATA,
                             f"air mission {m['id']} names AP cost '{m['ap_cost']}', which ap_costs does not define"))
    cbt = charts.get("city_bombing_table")
    if cbt:
        cols = list(cbt["columns"])
        sides = int((cbt.get("die") or {}).get("sides", 6))
        if cols != sorted(set(cols)):
            out.append(_diag(game, "charts.yaml", "/city_bombing_table/columns", CBT_SHAPE, "columns must be ascending and distinct"))
        for i, row in enumerate(cbt["rows"]):
            if len(row["results"]) != len(cols):
                out.append(_diag(game, "charts.yaml", f"/city_bombing_table/rows/{i}/results", CBT_SHAPE,
                                 f"roll {row['roll']}: {len(row['results'])} results for {len(cols)} columns"))
        if sorted(int(r["roll"]) for r in cbt["rows"]) != list(range(1, sides + 1)):
            out.append(_diag(game, "charts.yaml", "/city_bombing_table/rows", CBT_SHAPE, f"rows must cover rolls 1..{sides}"))
    return out


def _parameter_problem(module, key: str, value) -> str | None:
    """What is wrong with a module parameter's value: it takes the type of its default,
    and a number is at least the module's minimum for it (0 unless the module says)."""
    default = module.defaults[key]
    if isinstance(default, bool) or not isinstance(default, int):
        return None if type(value) is type(default) else f"takes a value like {default!r}, not {value!r}"
    if isinstance(value, bool) or not isinstance(value, int):
        return f"takes a whole number, not {value!r}"
    least = module.minimums.get(key, 0)
    return f"is at least {least}, not {value}" if value < least else None


def check_modules(game: HexGame) -> list[Diagnostic]:
    """Every rule module game.yaml names exists and gets only parameters it reads; then each module's own check."""
    out = []
    for name, params in sorted((game.source.rules or {}).items()):
        module = registry().get(name)
        if module is None:
            out.append(_diag(game, "game.yaml", f"/rules/{name}", UNKNOWN_MODULE, f"no rule module '{name}' in the hex family",
                             hint="modules: " + ", ".join(registry())))
            continue
        for key in sorted(params or {}) if isinstance(params, dict) else ():
            if key not in module.defaults:
                out.append(_diag(game, "game.yaml", f"/rules/{name}/{key}", UNKNOWN_PARAMETER,
                                 f"rule module '{name}' has no parameter '{key}'",
                                 hint="parameters: " + (", ".join(module.defaults) or "none")))
                continue
            problem = _parameter_problem(module, key, params[key])
            if problem:
                out.append(_diag(game, "game.yaml", f"/rules/{name}/{key}", BAD_PARAMETER,
                                 f"rule module '{name}': '{key}' {problem}",
                                 hint=f"the default is {module.defaults[key]!r}"))
    for check_module, params in answers(game, "check"):
        out += check_module(game, params)
    return out


def check(game: HexGame) -> list[Diagnostic]:
    return sorted(set(check_sides(game) + check_map(game) + check_crt(game) + check_scenarios(game) + check_provenance(game)
                      + check_ap_costs(game) + check_air(game) + check_modules(game) + check_engine_ids(game)
                      + check_contingents(game)))
