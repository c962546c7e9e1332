"""Running the DATC test cases (generator/data/datc/datc.json) through `adjudicate`.

Used by the DATC tests and by the DATC conformance page. A case becomes one or
two adjudication requests - a retreat case first plays its movement phase and
chains the retreat request from that phase's result, as a judge would - and its
expectations (order results, positions after, dislodged units) are compared with
the engine's answer. The data is vendored with the package (see the folder's
README.md); where it contradicted the DATC text it was corrected there
(CORRECTIONS.md), never here.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .api import adjudicate as family_adjudicate

DATA = Path(__file__).resolve().parents[2] / "data" / "datc"


def default_path() -> Path:
    return DATA / "datc.json"


def load_cases(path: Path | None = None) -> list[dict]:
    return json.loads(Path(path or default_path()).read_text(encoding="utf-8"))


def _units(items) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u in items or []:
        out.setdefault(u["power"], []).append(f"{u['type']} {u['location'].upper()}")
    return out


def _orders(items) -> tuple[dict[str, list[str]], list[tuple[str, int]]]:
    """Orders per power, and for each DATC order its (power, index) in the request."""
    out: dict[str, list[str]] = {}
    index = []
    for o in items:
        lst = out.setdefault(o["power"], [])
        index.append((o["power"], len(lst)))
        lst.append(o["mila"])
    return out, index


def _result_lookup(response: dict, orders: dict[str, list[str]]):
    """(power, index) -> result dict; results come grouped by sorted power."""
    table = {}
    pos = 0
    results = response["results"]
    for power in sorted(orders):
        for i in range(len(orders[power])):
            table[(power, i)] = results[pos]
            pos += 1
    return table


def _positions(units: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    return sorted((p, u.split()[0], u.split()[1]) for p, us in units.items() for u in us)


@dataclass
class CaseRun:
    key: str
    title: str
    phase: str
    requests: list[dict] = field(default_factory=list)
    responses: list[dict] = field(default_factory=list)
    rows: list[dict] = field(default_factory=list)     # per DATC order: order, expected, got, reason
    mismatches: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def passed(self) -> bool:
        return not self.mismatches


def run_case(game, case: dict, adjudicate=None) -> CaseRun:
    """Run one case; `adjudicate(request) -> response` defaults to the family's engine
    on `game` (the tests pass the public `generator.api.Game.adjudicate`)."""
    adjudicate = adjudicate or (lambda request: family_adjudicate(game, request))
    run = CaseRun(case["key"], case["title"], case["phase"])
    expected = case["expected"]
    if case["phase"] == "retreat":
        pm = case["preceding_movement"]
        orders, _ = _orders(pm["orders"])
        req = {"phase": "S1901M", "units": _units(pm["units"]), "orders": orders}
        resp = adjudicate(req)
        run.requests.append(req)
        run.responses.append(resp)
        after = resp["after"]
        if _positions(after["units"]) != _positions(_units(case["units"])):
            run.mismatches.append("movement before the retreat left a different position")
        orders, index = _orders(case["orders"])
        if after["phase"].endswith("R"):
            req = dict(after, orders=orders)      # the movement's result is the retreat request
        else:   # nothing may retreat: the retreat orders meet a phase with no dislodged unit
            req = dict(after, phase="S1901R", orders=orders)
    elif case["phase"] == "build":
        orders, index = _orders(case["orders"])
        req = {"phase": "W1901A", "units": _units(case["units"]),
               "centers": {p: [c.upper() for c in cs] for p, cs in (case.get("supply_centers") or {}).items()},
               "orders": orders}
    else:
        orders, index = _orders(case["orders"])
        req = {"phase": "S1901M", "units": _units(case["units"]), "orders": orders}
    resp = adjudicate(req)
    run.requests.append(req)
    run.responses.append(resp)
    lookup = _result_lookup(resp, orders)
    for o, want, (power, i) in zip(case["orders"], expected["order_results"], index):
        got = lookup[(power, i)]
        run.rows.append({"power": power, "order": o["mila"], "expected": want, "result": got["result"],
                         "legal": got["legal"], "reason": got["reason"]})
        if want and got["result"] != want:
            run.mismatches.append(f"{o['mila']}: expected {want}, got {got['result']} ({got['reason']})")
    run.note = "; ".join(n for n in case.get("notes") or [] if n.startswith("corrected"))
    want_pos = expected.get("positions_after")
    if want_pos is not None:
        got_pos = _positions(resp["after"]["units"])
        want = sorted((u["power"], u["type"], u["location"].upper()) for u in want_pos)
        if got_pos != want:
            extra = sorted(set(got_pos) - set(want))
            missing = sorted(set(want) - set(got_pos))
            run.mismatches.append(f"positions after differ: unexpected {extra}, missing {missing}")
    if case["phase"] == "movement":
        want_d = sorted((u["power"], u["type"], u["location"].upper()) for u in expected.get("dislodged") or [])
        got_d = sorted((p, d["unit"].split()[0], d["unit"].split()[1])
                       for p, ds in resp["after"]["dislodged"].items() for d in ds)
        got_d += sorted((p, u.split()[0], u.split()[1]) for p, us in resp.get("disbanded", {}).items()
                        for u in us)
        if sorted(got_d) != want_d:
            run.mismatches.append(f"dislodged units differ: expected {want_d}, got {sorted(got_d)}")
    return run
