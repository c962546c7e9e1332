"""Running DATC test cases (the shared reference file datc.json) through `adjudicate`.

Used by the DATC tests and by the DATC conformance page. A case becomes one or
two adjudication requests (a retreat case first replays its movement phase) and
its expectations - order results, positions after, dislodged units - are compared
with the engine's answer.

Known, documented differences between the data file and the DATC preferences:
`KNOWN_DATA_ERRORS` maps a case key to what the DATC text prefers; the checks use
the text, and the page says so.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .api import adjudicate

# 6.G.11: the data file (taken from another adjudicator) has the army in Sweden
# advance, but the DATC v3.0 text prefers "no fallback": the fleet in the North Sea
# dislodges the Russian fleet in Skagerrak and the army in Sweden does not advance.
KNOWN_DATA_ERRORS = {
    "6.G.11": {
        "order_results": {"F NTH - SKA": "succeeds", "A SWE - NWY": "fails"},
        "positions_after": [("ENGLAND", "F", "NWY"), ("ENGLAND", "F", "SKA"),
                            ("RUSSIA", "A", "SWE"), ("RUSSIA", "F", "BAR")],
        "dislodged": [("RUSSIA", "F", "SKA")],
        "why": ("the data file's expectation comes from an adjudicator that falls back to the land "
                "route; the DATC v3.0 text prefers no fallback, which Mapwright follows"),
    },
    # 6.J.9 (second position): the DATC text removes the army farthest away (the data file
    # puts it in Albania: three moves from Sevastopol), because the fleet in Skagerrak is
    # two moves from St Petersburg's north coast; the data file removes the fleet instead.
    "6.J.9@2023~2": {
        "order_results": {},
        "positions_after": [("RUSSIA", "A", "SEV"), ("RUSSIA", "F", "SKA")],
        "dislodged": [],
        "why": ("the data file removes the fleet in Skagerrak, but the DATC v3.0 text says the fleet is "
                "two moves from St Petersburg (north coast) and the army farther away is removed"),
    },
}


def default_path() -> Path:
    return Path(__file__).resolve().parents[3] / ".." / "shared" / "reference" / "datc" / "datc.json"


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


def run_case(game, case: dict) -> CaseRun:
    run = CaseRun(case["key"], case["title"], case["phase"])
    known = KNOWN_DATA_ERRORS.get(case["key"])
    expected = case["expected"]
    if case["phase"] == "retreat":
        pm = case["preceding_movement"]
        orders, _ = _orders(pm["orders"])
        req = {"phase": "F1901M", "units": _units(pm["units"]), "orders": orders}
        resp = adjudicate(game, req)
        run.requests.append(req)
        run.responses.append(resp)
        after = resp["after"]
        if _positions(after["units"]) != _positions(_units(case["units"])):
            run.mismatches.append("movement before the retreat left a different position")
        orders, index = _orders(case["orders"])
        req = {"phase": "F1901R", "units": after["units"], "centers": {},
               "dislodged": {p: [{k: d[k] for k in ("unit", "attacker_from", "via_convoy")} for d in ds]
                             for p, ds in after["dislodged"].items()},
               "contested": after["contested"], "orders": orders}
    elif case["phase"] == "build":
        orders, index = _orders(case["orders"])
        req = {"phase": "W1901A", "units": _units(case["units"]),
               "centers": {p: [c.upper() for c in cs] for p, cs in (case.get("supply_centers") or {}).items()},
               "orders": orders}
    else:
        orders, index = _orders(case["orders"])
        req = {"phase": "S1901M", "units": _units(case["units"]), "orders": orders}
    resp = adjudicate(game, req)
    run.requests.append(req)
    run.responses.append(resp)
    lookup = _result_lookup(resp, orders)
    for o, want, (power, i) in zip(case["orders"], expected["order_results"], index):
        got = lookup[(power, i)]
        if known and o["mila"] in known["order_results"]:
            want = known["order_results"][o["mila"]]
        run.rows.append({"power": power, "order": o["mila"], "expected": want, "result": got["result"],
                         "legal": got["legal"], "reason": got["reason"]})
        if want and got["result"] != want:
            run.mismatches.append(f"{o['mila']}: expected {want}, got {got['result']} ({got['reason']})")
    want_pos = expected.get("positions_after")
    if known:
        want_pos = [{"power": p, "type": t, "location": loc} for p, t, loc in known["positions_after"]]
        run.note = known["why"]
    if want_pos is not None:
        got_pos = _positions(resp["after"]["units"])
        if case["phase"] == "movement" or case["phase"] == "retreat":
            pass
        want = sorted((u["power"], u["type"], u["location"].upper()) for u in want_pos)
        if got_pos != want:
            extra = sorted(set(got_pos) - set(want))
            missing = sorted(set(want) - set(got_pos))
            run.mismatches.append(f"positions after differ: unexpected {extra}, missing {missing}")
    if case["phase"] == "movement":
        want_d = expected.get("dislodged") or []
        want_d = sorted((u["power"], u["type"], u["location"].upper()) for u in want_d)
        if known:
            want_d = sorted(known["dislodged"])
        got_d = sorted((p, d["unit"].split()[0], d["unit"].split()[1])
                       for p, ds in resp["after"]["dislodged"].items() for d in ds)
        if got_d != want_d:
            run.mismatches.append(f"dislodged units differ: expected {want_d}, got {got_d}")
    return run
