"""Worked examples: the family's `run_example`.

An ```example block holds an adjudication request (phase, units, centers,
dislodged, contested, orders; schema: diplomacy-example) plus `expect:`:

    expect:
      results: {"A PAR - BUR": fails, "A MAR - BUR": fails}   # order as written -> succeeds|fails|illegal
      units: {FRANCE: [A PAR, A MAR]}          # optional: whole position after the phase
      dislodged: {ENGLAND: [F NTH]}            # optional: units dislodged (movement phase)
      retreats: {"F NTH": [EDI, YOR]}          # optional: legal retreats of a dislodged unit
      centers: {FRANCE: [PAR, MAR, BRE]}       # optional: ownership after the phase
      phase: F1901R                            # optional: next phase
      winner: FRANCE                           # optional (null for none)

`Outcome.result` is the adjudicate response (JSON, made at this edge from the typed
`PhaseResult`); the check, `Outcome.markdown` (a table of the orders with result and
reason) and the figure read each order's decision (decisions.py); mismatches list every
disagreement with `expect`.
"""
from __future__ import annotations

import dataclasses
import html

from ...diagnostics import register
from ..base import Example, Outcome
from .api import AdjudicationError, PhaseResult, adjudicate_phase, parse_unit
from .decisions import Decision, decisions
from .model import province_of
from .orders import OrderSyntaxError, parse_order
from .pages_render import order_figure
from .rules._engine import shown_year

BAD_EXAMPLE = register("DIP020", "Worked example cannot be adjudicated",
                       "An ```example block on a rules page is not a valid adjudication request "
                       "(unknown power or province, a unit where it cannot stand, a malformed phase...). "
                       "The message says what; fix the block.")

REQUEST_KEYS = ("phase", "units", "centers", "dislodged", "contested", "orders")


def _norm(text: str) -> str:
    return " ".join(str(text).upper().split())


def _units_set(game, mapping, where: str) -> set[tuple[str, str]]:
    out = set()
    for power, units in (mapping or {}).items():
        for text in units or []:
            u = parse_unit(game, text, str(power).upper(), where)
            out.add((u.power, f"{u.kind} {u.location}"))
    return out


def _power_id(game, name: str) -> str:
    for p in game.map.powers.values():
        if name.lower() in (p.id.lower(), p.name.lower()):
            return p.id
    return name.upper()


def compare(game, expect: dict, request: dict, result: PhaseResult) -> list[str]:
    """Every way the adjudication `result` of `request` disagrees with `expect`."""
    out: list[str] = []
    given = _given(game, decisions(result))
    for order, want in (expect.get("results") or {}).items():
        wanted = _reading(game, order)
        d = next((d for d, readings in given if wanted in readings), None)
        if d is None:
            out.append(f"expect.results names '{order}', which is not among the orders")
            continue
        want_s = str(want).lower()
        done = "succeeds" if d.succeeds else "fails"     # (an order that is not legal fails)
        if want_s == "illegal":
            got = "illegal" if not d.legal else f"legal, {done}"
        else:
            got = done
        if got != want_s:
            out.append(f"'{order}': expected {want_s}, engine says {got} ({d.why})")
    after = result.after
    if "units" in expect:
        want = {(_power_id(game, p), u) for p, u in _units_set(game, {
            _power_id(game, p): v for p, v in (expect["units"] or {}).items()}, "expect.units")}
        got = {(p, u) for p, us in after.units.items() for u in us}
        if want != got:
            out.append("units after: " + _diff(want, got))
    if "dislodged" in expect:
        want = _units_set(game, {_power_id(game, p): v for p, v in (expect["dislodged"] or {}).items()},
                          "expect.dislodged")
        got = {(p, d["unit"]) for p, ds in after.dislodged.items() for d in ds}
        if want != got:
            out.append("dislodged: " + _diff(want, got))
    if "retreats" in expect:
        table = {d["unit"]: d["retreats"] for ds in after.dislodged.values() for d in ds}
        for unit, locs in (expect["retreats"] or {}).items():
            # written as players write them ("F ENG se", "MSB n"), compared as location ids
            u = parse_unit(game, str(unit), "", "expect.retreats")
            key = f"{u.kind} {u.location}"
            if key not in table:
                out.append(f"retreats: {unit} is not dislodged")
                continue
            want_l = sorted(_location(game, x) for x in locs or [])
            if sorted(table[key]) != want_l:
                out.append(f"retreats of {unit}: expected {want_l or 'none'}, engine says {sorted(table[key]) or 'none'}")
    if "centers" in expect:
        want = {(_power_id(game, p), (game.map.lookup(str(c)) or str(c))) for p, cs in (expect["centers"] or {}).items()
                for c in cs or []}
        got = {(p, c) for p, cs in after.centers.items() for c in cs}
        if want != got:
            out.append("centres after: " + _diff(want, got))
    if "phase" in expect and str(expect["phase"]) != after.phase:
        out.append(f"next phase: expected {expect['phase']}, engine says {after.phase}")
    if "winner" in expect:
        want_w = _power_id(game, expect["winner"]) if expect["winner"] else None
        if want_w != after.winner:
            out.append(f"winner: expected {want_w}, engine says {after.winner}")
    return out


def _given(game, decided: dict) -> list[tuple[Decision, tuple]]:
    """Each order of the phase (the rules' standing orders too), in the results' order,
    with its decision and the readings an expectation may name it by: the order as
    written and as adjudicated."""
    return [(d, (_reading(game, d.order), _reading(game, d.canonical))) for d in decided.values()]


def _reading(game, text: str):
    """An order as the family reads it, whoever gives it (for comparing two writings of
    one order); text that is no order stands for itself, spaces and case evened."""
    try:
        return dataclasses.replace(parse_order(text, "", game.map), text="")
    except OrderSyntaxError:
        return _norm(text)


def _location(game, text) -> str:
    """A location as written ("ENG nw", "STP/NC", "St. Petersburg (nc)") -> its id form."""
    from .orders import OrderSyntaxError, _Reader
    try:
        r = _Reader(str(text), game.map)
        loc = r.location("retreat location")
        if r.done():
            return loc
    except OrderSyntaxError:
        pass
    return _norm(text)


def _diff(want: set, got: set) -> str:
    missing = sorted(want - got)
    extra = sorted(got - want)
    parts = []
    if missing:
        parts.append("expected but missing " + ", ".join(f"{u} ({p})" for p, u in missing))
    if extra:
        parts.append("not expected " + ", ".join(f"{u} ({p})" for p, u in extra))
    return "; ".join(parts)


def _cell(text: str) -> str:
    return html.escape(str(text), quote=False).replace("|", "\\|").replace("\n", " ")


def outcome_table(game, result: PhaseResult) -> str:
    """A Markdown table of orders with result and reason, then the position after."""
    lines = ["| Power | Order | Result | Why |", "| --- | --- | --- | --- |"]
    for d in decisions(result).values():
        name = game.map.powers[d.power].name if d.power in game.map.powers else d.power
        mark = {"succeeds": "✔ succeeds", "fails": "✘ fails", "illegal": "✘ illegal"}[d.outcome]
        lines.append(f"| {_cell(name)} | `{_cell(d.order)}` | {mark} | {_cell(d.why)} |")
    after = result.after
    extra = []
    shown = game.map.display
    dis = [f"{d['unit'][:2]}{shown(d['unit'][2:])} ({p}; may retreat to "
           f"{', '.join(shown(x) for x in d['retreats']) or 'nowhere'})"
           for p, ds in after.dislodged.items() for d in ds]
    if dis:
        extra.append("**Dislodged:** " + _cell("; ".join(dis)))
    if after.contested:
        extra.append("**Standoff left empty:** " + _cell(", ".join(shown(x) for x in after.contested)))

    def power_name(pid: str) -> str:
        return game.map.powers[pid].name if pid in game.map.powers else pid
    if result.phase.startswith("F") and after.phase[0] in "WS" and after.centers:
        # after a fall turn the owners change: show who holds what now
        extra.append("**Supply centres after the fall:** " + _cell("; ".join(
            f"{power_name(p)}: {', '.join(shown(c) for c in cs)}" for p, cs in sorted(after.centers.items()))))
    if after.adjustments:
        extra.append("**Adjustments due:** " + _cell(", ".join(
            f"{power_name(p)} {'builds' if n > 0 else 'removes'} {abs(n)}"
            for p, n in sorted(after.adjustments.items()))))
    if after.winner:
        extra.append(f"**Winner:** {_cell(after.winner)}")
    year = shown_year(game, after.phase)     # a game that counts its years otherwise (turn_years)
    extra.append(f"**Next phase:** {_cell(after.phase if year is None else f'{after.phase} ({year})')}")
    return "\n".join(lines) + "\n\n" + "  \n".join(extra) + "\n"


def diagram(game, request: dict, result: PhaseResult, title: str = "") -> str:
    """The order diagram of a request adjudicated as `result` (pages_render.order_figure)."""
    return order_figure(game, request, result, title=title)


def run_example(game, example: Example) -> Outcome:
    data = example.data or {}
    request = {k: data[k] for k in REQUEST_KEYS if k in data}
    try:
        result = adjudicate_phase(game, request)
    except AdjudicationError as exc:
        d = example.doc.diagnostic(exc.pointer, BAD_EXAMPLE, f"example {example.index}: {exc}",
                                   hint="see the diplomacy-example schema for the block's keys")
        return Outcome(result={}, mismatches=[str(exc)], diagnostics=[d])
    try:
        mismatches = compare(game, data.get("expect") or {}, request, result)
    except AdjudicationError as exc:
        mismatches = [f"expect: {exc}"]
    return Outcome(result=result.to_json(), trace=list(result.trace), mismatches=mismatches,
                   figure=lambda: diagram(game, request, result, str(data.get("title") or "")),
                   markdown=outcome_table(game, result))


def province(text: str) -> str:
    return province_of(text)
