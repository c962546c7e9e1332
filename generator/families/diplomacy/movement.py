"""Movement-phase adjudication.

The resolver follows the decision model of Lucas Kruijswijk's "The Math of
Adjudication" (DATC appendix): every order carries one yes/no decision (a move
*succeeds*, a support is *given*, a convoying fleet is *not dislodged*), each
decided from attack, hold, defend and prevent strengths. A decision that depends
on itself is settled by guess-and-check: try "no", then "yes"; if both agree
the answer stands, and if not the cycle is settled by the backup rule:

* a cycle of moves only (circular movement) - every move in it succeeds;
* a cycle through a convoy (paradox) - Szykman rule: the convoyed armies in it
  do not move and have no effect, their fleets just hold.

Rule choices follow the DATC v3.0 preferences: multi-route convoys are disrupted
only when every route is; an army adjacent to its destination goes by convoy
only when the order says VIA or a fleet of its own power is ordered to convoy it
(no fallback to the land route); a convoyed attack on a unit supporting an attack
on the army's own province does not cut that support; own units never cut
support or dislodge each other; illegal orders are ignored (the unit holds).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import compress
from operator import attrgetter

from .model import DiplomacyMap, province_of
from .orders import Order
from .verdicts import (CIRCULAR, CONVOY_INTACT, HOLDS, LAND_ROUTE, NO_ARMY_MOVING, NO_CONVOY_ROUTE, SUPPORT_GIVEN,
                       Beats, Bounced, ByRule, ConvoyBroken, Cut, CutByDislodgement, Dislodged, Open, OwnUnit,
                       Paradox, Standoff, SupportMismatch, Verdict)


@dataclass(slots=True)
class Unit:
    power: str
    kind: str          # "A" | "F"
    location: str      # "STP/NC"
    name: str = field(init=False, repr=False, compare=False)   # "F STP/NC", made once

    def __post_init__(self) -> None:
        self.name = f"{self.kind} {self.location}"

    def __str__(self) -> str:
        return self.name


class IllegalOrder(Exception):
    """A well-formed order that the position does not allow; the message says why."""


@dataclass(slots=True)
class OrderResult:
    """A retreat or adjustment order's row (a movement phase makes its rows at once, in
    adjudicate_movement); `verdict`, None for an order that is not legal, is the decision
    that `result` and `reason` say (see `decided`)."""
    power: str
    order: str          # as written (normalised spaces)
    canonical: str
    legal: bool
    result: str         # succeeds | fails
    reason: str
    unit: str = ""      # the unit the order applied to, e.g. "F NTH"
    verdict: Verdict | None = None

    def to_dict(self) -> dict:
        return {"power": self.power, "order": self.order, "canonical": self.canonical,
                "unit": self.unit, "legal": self.legal, "result": self.result, "reason": self.reason}


def decided(power: str, order: str, canonical: str, verdict: Verdict, place, unit: str = "") -> OrderResult:
    """The row of a legal order: its outcome and reason read from its verdict (`place`:
    a province's display name)."""
    return OrderResult(power, order, canonical, True, "succeeds" if verdict.ok else "fails",
                       verdict.reason(str, place), unit, verdict)


@dataclass
class MovementOutcome:
    results: list[dict]                     # OrderResult.to_dict() rows, in order given
    units: dict[str, Unit]                  # province -> unit after movement (not dislodged)
    dislodged: dict[str, tuple[Unit, str, bool]]  # province -> (unit, attacker origin, attacker came by convoy)
    contested: set[str]                     # provinces left empty by a standoff
    transformed: dict[str, Unit] = field(default_factory=dict)   # changed by a rule module's order
    trace: list[str] = field(default_factory=list)    # one line a result: "order: result, reason"
    verdicts: list[Verdict | None] = field(default_factory=list)  # a result's verdict (None: not legal)


_KIND, _POWER, _IS_F = attrgetter("kind"), attrgetter("power"), "F".__eq__
CORE_KINDS = frozenset({"hold", "move", "support", "convoy"})   # others come from rule modules


# --- static legality -------------------------------------------------------------

def convoy_route_exists(m: DiplomacyMap, src: str, dest: str, fleets_at: set[str] | frozenset,
                        exclude: str | None = None) -> bool:
    """Is there a chain of fleets in open sea linking the coasts of src and dest?"""
    if src not in m.coastal or dest not in m.coastal:
        return False
    start = m.shore_seas.get(src, frozenset()) & fleets_at
    if exclude in start:
        start = start - {exclude}
    seen = set(start)
    stack = list(start)
    while stack:
        s = stack.pop()
        if dest in m.fleet_reach.get(s, ()):
            return True
        for t in m.sea_adj.get(s, ()):
            if t not in seen and t in fleets_at and t != exclude:
                seen.add(t)
                stack.append(t)
    return False


def fleet_on_useful_route(m: DiplomacyMap, src: str, dest: str, fleet: str, fleets_at) -> bool:
    """Could `fleet` be needed to convoy from src to dest? (DATC 6.G.19: the convoy order
    of a fleet that no convoy route needs is impossible, hence illegal.)"""
    none = frozenset()
    if fleet in m.shore_seas.get(src, none) and fleet in m.shore_seas.get(dest, none):
        return fleet in fleets_at and fleet in m.convoy_seas        # a chain of one fleet
    fleets = m.convoy_seas & fleets_at
    return on_convoy_route(m.sea_adj, set(fleets), set(m.shore_seas.get(src, none) & fleets),
                           set(m.shore_seas.get(dest, none) & fleets), fleet)


def on_convoy_route(adj, fleets: set[str], starts: set[str], ends: set[str], v: str) -> bool:
    """Is `v` on a convoy route: a chain of distinct, adjacent fleets f1..fk where only f1
    borders the army's coast (`starts`) and only fk the destination (`ends`)?

    A fleet before the last that already borders the destination, or one after the
    first that borders the army, makes the fleets beyond it unnecessary (6.G.19). That
    is the whole reading: asking also that no two fleets of the chain be adjacent
    (an "induced" chain) would make the question NP-complete (an induced path through
    a given vertex), and changes no outcome other than the intent a fleet's own order
    expresses. So: v in starts and ends is a chain of one; v in starts (or ends) needs a
    path through free fleets to the other side; a free fleet needs two vertex-disjoint
    paths, one to each side - a maximum flow of 2 through v in the split-vertex graph
    (two augmenting paths found by BFS: O(fleets + borders)).
    """
    if v not in fleets:
        return False
    a, b = starts - ends, ends - starts
    if v in starts and v in ends:
        return True
    free = fleets - starts - ends
    if v in a or v in b:
        goal = b if v in a else a
        seen, stack = {v}, [v]
        while stack:
            x = stack.pop()
            for y in adj.get(x, ()):
                if y in goal:
                    return True
                if y in free and y not in seen:
                    seen.add(y)
                    stack.append(y)
        return False
    # v is free: residual graph on (node, side) with unit capacities; v's own capacity is 2.
    cap: dict[tuple, dict[tuple, int]] = {}

    def arc(x, y, c=1):
        cap.setdefault(x, {})[y] = cap.get(x, {}).get(y, 0) + c
        cap.setdefault(y, {}).setdefault(x, 0)
    for x in free:
        if x != v:
            arc((x, 0), (x, 1))
        for y in adj.get(x, ()):
            if y in free:
                arc((x, 1), (y, 0))
            elif y in a:
                arc((x, 1), (y, "a"))
            elif y in b:
                arc((x, 1), (y, "b"))
    for y in a:
        arc((y, "a"), ("A", None))
    for y in b:
        arc((y, "b"), ("B", None))
    if ("A", None) not in cap or ("B", None) not in cap:
        return False
    arc(("A", None), ("Z", None))
    arc(("B", None), ("Z", None))
    source, sink = (v, 1), ("Z", None)
    for _ in range(2):
        parent = {source: None}
        queue = [source]
        for x in queue:
            if x == sink:
                break
            for y, c in cap.get(x, {}).items():
                if c > 0 and y not in parent:
                    parent[y] = x
                    queue.append(y)
        if sink not in parent:
            return False
        y = sink
        while parent[y] is not None:
            x = parent[y]
            cap[x][y] -= 1
            cap[y][x] += 1
            y = x
    return True


def fleet_destination(m: DiplomacyMap, unit: Unit, dest: str) -> str:
    """The location a fleet at unit.location reaches in dest's province (DATC 4.B.1-4.B.3)."""
    dprov = province_of(dest)
    reachable = [loc for loc in m.fleet_adj.get(unit.location, ()) if province_of(loc) == dprov]
    if not reachable:
        raise IllegalOrder(f"a fleet in {m.display(unit.location)} cannot reach {m.display(dprov)}")
    if "/" in dest:
        prov = m.provinces[dprov]
        if not prov.coasts:       # irrelevant coast written to a plain province: ignored (4.B.6)
            return reachable[0]
        if dest.split("/", 1)[1] not in prov.coasts:    # a coast the province lacks: ignored (4.B.6)
            return fleet_destination(m, unit, dprov)
        if dest not in reachable:
            raise IllegalOrder(f"a fleet in {m.display(unit.location)} cannot reach {m.display(dest)}")
        return dest
    if len(reachable) == 1:
        return reachable[0]
    raise IllegalOrder(f"{m.display(dprov)} has several coasts the fleet could reach: name one "
                       f"({', '.join(m.display(x) for x in sorted(reachable))})")


def _reach(m: DiplomacyMap, unit: Unit, prov: str) -> bool:
    if unit.kind == "A":
        return prov in m.army_adj.get(province_of(unit.location), ())
    return prov in m.fleet_reach.get(unit.location, ())


def _can_move(m: DiplomacyMap, unit: Unit, dest: str, fleets_at, exclude: str | None = None) -> bool:
    src = province_of(unit.location)
    if dest == src:
        return False
    if unit.kind == "F":
        return dest in m.fleet_reach.get(unit.location, ())
    if m.provinces[dest].type not in ("land", "coast"):
        return False
    return dest in m.army_adj.get(src, ()) or convoy_route_exists(m, src, dest, fleets_at, exclude)


def check_movement_order(m: DiplomacyMap, units: dict[str, Unit], order: Order, fleets_at,
                         rules=None) -> Order:
    """Return the order with locations settled, or raise IllegalOrder saying why.
    `rules` (rules.MovementRules) lets the game's rule modules allow, forbid or settle
    an order first, and validates the order kinds they add."""
    if rules is not None and (rules.validates or order.kind not in CORE_KINDS):
        settled = rules.check(units, order, fleets_at)
        if settled is not None:
            return settled
    prov = order.province
    unit = units.get(prov)
    if order.kind in ("retreat", "build", "disband", "waive"):
        raise IllegalOrder(f"a {order.kind} order is not allowed in a movement phase")
    if unit is None:
        raise IllegalOrder(f"there is no unit in {m.display(prov)}")
    if unit.power != order.power:
        raise IllegalOrder(f"the unit in {m.display(prov)} belongs to {unit.power}, not {order.power}")
    loc = unit.location
    if order.kind == "hold":
        return _settled(order, location=loc, unit=unit.kind)
    if order.kind == "move":
        dprov = province_of(order.dest)
        if dprov == prov:
            raise IllegalOrder("a unit cannot move to the province it stands in")
        if unit.kind == "F":
            return _settled(order, location=loc, unit="F", dest=fleet_destination(m, unit, order.dest), via=False)
        ptype = m.provinces[dprov].type
        if ptype not in ("land", "coast"):
            raise IllegalOrder(f"an army cannot enter {m.display(dprov)} ({ptype})")
        if dprov in m.army_adj.get(prov, ()):
            return _settled(order, location=loc, unit="A", dest=dprov)
        if convoy_route_exists(m, prov, dprov, fleets_at):
            return _settled(order, location=loc, unit="A", dest=dprov, via=True)
        raise IllegalOrder(f"{m.display(dprov)} is not next to {m.display(prov)} and no chain of fleets "
                           "at sea could convoy the army there")
    if order.kind == "support":
        tprov = province_of(order.target)
        target = units.get(tprov)
        if target is None:
            raise IllegalOrder(f"there is no unit in {m.display(tprov)} to support")
        if tprov == prov:
            raise IllegalOrder("a unit cannot support itself")
        if not order.dest:
            if not _reach(m, unit, tprov):
                raise IllegalOrder(f"{unit} could not move to {m.display(tprov)}, so cannot support there")
            return _settled(order, location=loc, unit=unit.kind, target=tprov, target_unit=target.kind)
        dprov = province_of(order.dest)
        if dprov == prov:
            raise IllegalOrder("a unit cannot support a move into its own province")
        if not _reach(m, unit, dprov):
            raise IllegalOrder(f"{unit} could not move to {m.display(dprov)}, so cannot support a move there")
        if not _can_move(m, target, dprov, fleets_at, exclude=prov):
            raise IllegalOrder(f"{target} could not move to {m.display(dprov)}")
        keep = order.dest if (target.kind == "F" and "/" in order.dest
                              and order.dest.split("/", 1)[1] in m.provinces[dprov].coasts) else dprov
        return _settled(order, location=loc, unit=unit.kind, target=tprov, target_unit=target.kind, dest=keep)
    if order.kind == "convoy":
        if unit.kind != "F" or prov not in m.convoy_seas:
            raise IllegalOrder("only a fleet in open sea can convoy")
        tprov = province_of(order.target)
        target = units.get(tprov)
        if target is None:
            raise IllegalOrder(f"there is no unit in {m.display(tprov)} to convoy")
        if target.kind != "A":
            raise IllegalOrder("only armies can be convoyed")
        dprov = province_of(order.dest)
        if dprov == tprov or dprov not in m.coastal or tprov not in m.coastal:
            raise IllegalOrder(f"no convoy can take {target} to {m.display(dprov)}")
        if not fleet_on_useful_route(m, tprov, dprov, prov, fleets_at):
            raise IllegalOrder(f"{unit} is not on any convoy route from {m.display(tprov)} "
                               f"to {m.display(dprov)}")
        return _settled(order, location=loc, unit="F", target=tprov, target_unit="A", dest=dprov)
    raise IllegalOrder(f"a {order.kind} order is not part of this game's rules")


def _settled(order: Order, location: str, unit: str, dest: str | None = None, via: bool | None = None,
             target: str | None = None, target_unit: str | None = None) -> Order:
    """The order with the ordered unit's location and type written in (and what else the
    check settled: a fleet's coast, a convoyed move, the supported unit); the order
    itself when it says so already, as most do (the reading made once per text is then
    shared, its canonical text with it)."""
    if (order.location == location and order.unit == unit and (dest is None or order.dest == dest)
            and (via is None or order.via == via) and (target is None or order.target == target)
            and (target_unit is None or order.target_unit == target_unit)):
        return order
    settled = {"dest": dest, "via": via, "target": target, "target_unit": target_unit}
    return replace(order, location=location, unit=unit, **{k: v for k, v in settled.items() if v is not None})


# --- the resolver ----------------------------------------------------------------

class Resolver:
    """Decides one movement phase for legal orders keyed by the ordered unit's province.

    Per-phase state is a few dicts keyed by province (kind, dest, power, into, sup) and
    sets (conv: armies going by convoy); the decisions are settled in `done` (booleans:
    the guess-and-check loop allocates nothing), and each order's Verdict is kept in
    `verdicts` once its decision is settled (see `verdict`)."""

    __slots__ = ("m", "units", "orders", "order", "power", "kind", "dest", "into", "sup", "unmatched",
                 "convoyers", "done", "guess", "reads", "pending", "paradox", "verdicts", "described",
                 "conv", "candidates", "head_to_head")

    def __init__(self, m: DiplomacyMap, units: dict[str, Unit], orders: dict[str, Order],
                 sides: dict[str, str] | None = None):
        self.m = m
        self.units = units
        self.orders = orders
        power = self.power = dict(zip(units, map(_POWER, units.values())))     # province -> power
        if sides:       # allied powers adjudicated as one (a rule module's `sides`): one power here
            for p, pw in power.items():
                power[p] = sides.get(pw, pw)
        kind = self.kind = dict.fromkeys(units, "hold")
        dest: dict[str, str] = {}
        into: dict[str, list[str]] = {}
        self.dest, self.into = dest, into
        sup: dict[str, list[str]] = {}      # unit -> the supports matching what it does
        self.sup = sup
        unmatched = self.unmatched = set()
        convoyers: dict[str, list[str]] = {}    # army province -> matching convoy fleets
        self.convoyers = convoyers
        self.done: dict[str, bool] = {}          # settled decisions
        self.guess: dict[str, bool] = {}         # decisions being guessed, and the guess
        self.reads: list[str] = []               # guesses read, by the frames still open
        self.pending: list[str] = []             # decisions left open by those frames
        self.paradox: set[str] = set()
        self.verdicts: dict[str, Verdict] = {}   # kept verdicts, by the ordered unit's province
        self.described: dict[str, str] = {}
        moves: list[str] = []
        others: list[str] = []      # supports and convoys
        # sorted: the outcome and its wording never depend on input order
        self.order = sorted(units)
        for p in self.order:
            o = orders.get(p)
            if o is None:
                continue
            k = o.kind
            if k == "move":
                d = dest[p] = o.dest_province
                if d in into:
                    into[d].append(p)
                else:
                    into[d] = [p]
                moves.append(p)
                kind[p] = k
            elif k == "support" or k == "convoy":
                dest[p] = o.dest_province
                others.append(p)
                kind[p] = k
            # (a rule module's order kind: the unit holds meanwhile)
        # Convoy orders that match an army's move; supports that match what the
        # supported unit does.
        for p in others:
            o = orders[p]
            t = o.target
            tk = kind.get(t)
            if kind[p] == "convoy":
                if tk == "move" and dest[t] == o.dest:
                    convoyers.setdefault(t, []).append(p)
            elif o.dest:
                if tk == "move" and dest[t] == o.dest_province and ("/" not in o.dest or orders[t].dest == o.dest):
                    sup.setdefault(t, []).append(p)
                else:
                    unmatched.add(p)
            elif tk != "move":
                sup.setdefault(t, []).append(p)
            else:
                unmatched.add(p)
        # Which army moves go by convoy (DATC 4.A.3, 2000/2023 rules without fallback),
        # and the fleets that could carry each (`candidates`).
        conv = self.conv = set()
        candidates = self.candidates = {}
        army_adj = m.army_adj
        for p in moves:
            if units[p].kind != "A":
                continue
            fleets = convoyers.get(p)
            if (dest[p] in army_adj.get(p, ()) and not orders[p].via
                    and (fleets is None or all(power[f] != power[p] for f in fleets))):
                continue
            conv.add(p)
            candidates[p] = self._route_fleets(p)
        # Head-to-head battles: two units moving into each other's province, neither by convoy.
        self.head_to_head = {p for p in moves if p not in conv and kind.get(dest[p]) == "move"
                             and dest[dest[p]] == p and dest[p] not in conv}
        # Decisions that read no other decision, settled now (what `decide` would find):
        # a support that matches nothing is not given; an unattacked unit that holds,
        # convoys or supports is not dislodged, and its support is given.
        done = self.done
        for p in unmatched:
            done[p] = False
        for p in self.order:
            if p not in into and p not in done and kind[p] != "move":
                done[p] = True

    # structural candidates: matching fleets that lie on some route from src to dest
    def _route_fleets(self, p: str) -> frozenset[str]:
        m = self.m
        d = self.dest[p]
        ordered = self.convoyers.get(p)
        if not ordered:
            return frozenset()
        if len(ordered) == 1:       # (the common case: one fleet, on the route if it touches both ends)
            reach = m.fleet_reach.get(ordered[0], ())
            return frozenset(ordered) if p in reach and d in reach else frozenset()
        fleets = set(ordered)

        def spread(starts):
            seen = set(starts)
            stack = list(starts)
            while stack:
                s = stack.pop()
                for t in m.sea_adj.get(s, ()):
                    if t in fleets and t not in seen:
                        seen.add(t)
                        stack.append(t)
            return seen
        a = spread([f for f in fleets if p in m.fleet_reach.get(f, ())])
        b = spread([f for f in fleets if d in m.fleet_reach.get(f, ())])
        return frozenset(a & b)

    # --- guess-and-check core ------------------------------------------------------
    # Every open evaluation appends the guesses it reads to `reads` and the decisions it
    # leaves unsettled to `pending`; a frame's share is what was added after it began.
    # A result is kept only when it read no guess; a decision that read its own guess is
    # re-decided with the other guess (Kruijswijk's guess-and-check); one that read an
    # outer decision's guess is left for that outer decision to settle.
    def resolve(self, p: str) -> bool:
        known = self.done.get(p)
        if known is not None:
            return known
        guess = self.guess
        guessed = guess.get(p)
        if guessed is not None:
            self.reads.append(p)
            return guessed
        reads, pending = self.reads, self.pending
        r0, m0 = len(reads), len(pending)
        guess[p] = False
        first = self.decide(p)
        if len(reads) == r0:            # read no guess: settled (the common case)
            del guess[p]
            self.done[p] = first
            return first
        if p not in reads[r0:]:         # read only outer guesses: theirs to settle
            del guess[p]
            pending.append(p)
            return first
        t1 = {x for x in reads[r0:] if x != p}
        m1 = pending[m0:]
        del reads[r0:], pending[m0:]
        guess[p] = True
        second = self.decide(p)
        outer = t1.union(reads[r0:])
        outer.discard(p)
        cycle = {p, *m1, *pending[m0:]}
        del reads[r0:], pending[m0:]
        del guess[p]
        if outer:
            reads += outer
            pending += cycle
            return first
        if first == second:
            self.done[p] = first
            return first
        done = self.done
        for q in cycle:
            if q not in done:
                guess.pop(q, None)
        self.backup(cycle)
        return self.resolve(p)

    def _settle(self, q: str, value: bool) -> None:
        self.guess.pop(q, None)
        self.done[q] = value

    def backup(self, cycle: set[str]) -> None:
        """Settle a decision cycle with no or two consistent outcomes."""
        if not any(self.kind[q] == "convoy" for q in cycle):
            # circular movement: the moves that chase each other round all succeed
            moves = {q for q in cycle if self.kind[q] == "move"}
            ring = set()
            for q in sorted(moves):
                seen = []
                x = q
                while x in moves and x not in seen:
                    seen.append(x)
                    x = self.dest[x]
                if x in seen:
                    ring |= set(seen[seen.index(x):])
            for q in ring or moves:
                self._settle(q, True)
                self.verdicts[q] = CIRCULAR
            return
        # Szykman: armies convoyed through the paradox do not move; their fleets hold.
        fleets = {q for q in cycle if self.kind[q] == "convoy"}
        before = len(self.paradox)
        for q in cycle:
            if self.kind[q] == "move" and q in self.conv:
                self.paradox.add(q)
        for army, route in self.candidates.items():
            if route & fleets:
                self.paradox.add(army)
        if len(self.paradox) == before:   # nothing to break: treat as circular
            for q in cycle:
                if self.kind[q] == "move":
                    self._settle(q, True)
                    self.verdicts[q] = CIRCULAR

    # --- the decisions ----------------------------------------------------------------
    # One function a decision. Inside guess-and-check each answers yes/no and allocates
    # nothing; with `record` (once the decision is settled, see `verdict`) the same code,
    # weighing the same strengths, returns the Verdict that says why instead.
    def decide(self, p: str, record: bool = False) -> bool | Verdict:
        k = self.kind[p]
        if k == "move":
            return self._move(p, record)
        if k == "support":
            return self._support(p, record)
        return self._stays(p, record)      # hold, convoy (and a rule module's order): not dislodged

    def verdict(self, p: str) -> Verdict:
        """The verdict on the order of the unit in p: its decision settled, then recorded
        once (or the one a backup rule kept when it settled a cycle). A convoy's verdict
        says whether it carries its army, which needs the fleet to stay and the route to
        hold: it can fail while the fleet's own decision (not dislodged) is yes."""
        verdicts = self.verdicts
        kept = verdicts.get(p)
        if kept is None:
            if p not in self.done:
                self.resolve(p)
                kept = verdicts.get(p)      # (the backup rule may have kept it, settling a cycle)
            if kept is None:
                kept = verdicts[p] = self.decide(p, True)
        return kept

    def _move(self, p: str, record: bool = False) -> bool | Verdict:
        """Does the move from p succeed?"""
        if record and self.done.get(p) and p not in self.head_to_head:
            d = self.dest[p]     # succeeded, alone, into an empty province: its strength says nothing
            if len(self.into[d]) == 1 and not self.hold_strength(d):
                return Open(d)
        if p in self.conv and not self.path_ok(p):
            return self._convoy_failure(p) if record else False
        a = self._attack(p)
        d = self.dest[p]
        h2h = p in self.head_to_head
        if a == 0:          # (a unit of its own power stays in d)
            return OwnUnit(d, h2h) if record else False
        against = self.defend_strength(d) if h2h else self.hold_strength(d)
        if a <= against:
            return Bounced(a, d, against, h2h) if record else False
        prevents = [] if record else None
        for q in self.into[d]:
            if q != p:
                s = self.prevent_strength(q)
                if a <= s:
                    return Standoff(a, s, q) if record else False
                if record:
                    prevents.append((s, q))
        if not record:
            return True
        if not h2h and not prevents and not against:
            return Open(d)
        return Beats(a, d, against, h2h, tuple(prevents))

    def _convoy_failure(self, p: str) -> Verdict:
        """Why the army in p, going by convoy, has no route."""
        if p in self.paradox:
            return Paradox(fleet=False)
        if not self.candidates.get(p):
            return NO_CONVOY_ROUTE
        return ConvoyBroken(fleet=False)

    def _support(self, p: str, record: bool = False, cutters: list[str] | None = None) -> bool | Verdict:
        """Is the support from p given? `cutters`: the attackers that may cut it, when a rule
        module spares some (rules._engine); all of them by default."""
        if p in self.unmatched:
            if not record:
                return False
            t = self.orders[p].target
            return SupportMismatch(t, t in self.units)
        attackers = self.into.get(p)
        if not attackers:
            return SUPPORT_GIVEN if record else True
        sd = self.dest.get(p) or None
        power, mine, conv = self.power, self.power[p], self.conv
        cut = None
        for q in attackers if cutters is None else cutters:
            if power[q] == mine or q == sd:
                continue
            if q not in conv or self.path_ok(q):
                if not record:
                    return False
                cut = q
                break
        resolve = self.resolve
        for q in attackers:
            if resolve(q):      # (said first: being dislodged is why the support is cut)
                return CutByDislodgement(q) if record else False
        if cut is not None:
            return Cut(cut)
        return SUPPORT_GIVEN if record else True

    def _stays(self, p: str, record: bool = False) -> bool | Verdict:
        """Is the unit in p, not moving, left in place (not dislodged)?"""
        attackers = self.into.get(p)
        if attackers:
            done = self.done
            for q in attackers:
                moved = done.get(q)
                if moved if moved is not None else self.resolve(q):
                    return Dislodged(q, q in self.conv, self.kind[p] == "convoy") if record else False
        if not record:
            return True
        return self._convoy_verdict(p) if self.kind[p] == "convoy" else HOLDS

    def _convoy_verdict(self, p: str) -> Verdict:
        """The fleet in p convoys and stays: does it carry the army it names?"""
        t = self.orders[p].target
        if p not in self.convoyers.get(t, ()):
            return NO_ARMY_MOVING
        if t not in self.conv:
            return LAND_ROUTE
        if t in self.paradox:
            return Paradox(fleet=True)
        if not self.path_ok(t) or p not in self.candidates.get(t, ()):
            return ConvoyBroken(fleet=True)
        return CONVOY_INTACT

    # --- strengths -------------------------------------------------------------------
    def path_ok(self, p: str) -> bool:
        if p not in self.conv:
            return True
        if p in self.paradox:
            return False
        fleets = self.candidates.get(p)
        if not fleets:
            return False
        m = self.m
        d = self.dest[p]
        frontier = [f for f in sorted(fleets) if p in m.fleet_reach.get(f, ())]
        seen = set()
        while frontier:
            f = frontier.pop()
            if f in seen:
                continue
            seen.add(f)
            if not self.resolve(f):
                continue
            if d in m.fleet_reach.get(f, ()):
                return True
            for g in m.sea_adj.get(f, ()):
                if g in fleets and g not in seen:
                    frontier.append(g)
        return False

    def supports(self, p: str, exclude_power: str | None = None) -> int:
        """How many supports of p's move (or hold) are given, those of a power left out."""
        sup = self.sup.get(p)
        if not sup:
            return 0
        n = 0
        done, power = self.done, self.power
        for s in sup:
            if power[s] != exclude_power:
                given = done.get(s)         # (most are settled: no call)
                if given is None:
                    given = self.resolve(s)
                if given:
                    n += 1
        return n

    def hold_strength(self, d: str) -> int:
        k = self.kind.get(d)
        if k is None:
            return 0
        if k == "move":
            moved = self.done.get(d)
            return 0 if (moved if moved is not None else self.resolve(d)) else 1
        return 1 + self.supports(d)

    def _attack(self, p: str) -> int:
        """The attack strength of the move from p, its convoy route (if any) known to hold."""
        d = self.dest[p]
        k = self.kind.get(d)
        if k is None:
            return 1 + self.supports(p)
        if k == "move" and p not in self.head_to_head:
            left = self.done.get(d)
            if left if left is not None else self.resolve(d):
                return 1 + self.supports(p)
        power = self.power
        if power[d] == power[p]:
            return 0
        return 1 + self.supports(p, power[d])

    def defend_strength(self, p: str) -> int:
        return 1 + self.supports(p)

    def prevent_strength(self, p: str) -> int:
        if p in self.conv and not self.path_ok(p):
            return 0
        if p in self.head_to_head and self.resolve(self.dest[p]):
            return 0
        return 1 + self.supports(p)

    def run(self) -> None:
        order = self.order
        kind, done, resolve = self.kind, self.done, self.resolve
        for p in order:
            if kind[p] != "hold" and p not in done:     # moves, supports and convoys first
                resolve(p)
        for p in order:
            if p not in done:
                resolve(p)

    # --- outcome ---------------------------------------------------------------------
    def dislodger(self, p: str) -> str | None:
        if self.kind[p] == "move" and self.resolve(p):
            return None
        attackers = self.into.get(p)
        if attackers:
            for q in attackers:
                if self.resolve(q):
                    return q
        return None

    def describe(self, p: str) -> str:
        """The unit in p and its move, as players write them ("F MAO - SPA/NC"); made
        once a phase (several reasons may name one unit)."""
        text = self.described.get(p)
        if text is None:
            show = self.m.display
            u = self.units[p]
            text = f"{u.kind} {show(u.location)}"
            if self.kind[p] == "move":
                text += f" - {show(self.dest[p])}"
            self.described[p] = text
        return text


def adjudicate_movement(m: DiplomacyMap, units: dict[str, Unit],
                        submitted: list[tuple[str, Order | None, str, str]],
                        rules=None) -> MovementOutcome:
    """Resolve a movement phase.

    `submitted` lists (power, parsed order or None, text as written, syntax error or "").
    """
    fleets_at = None
    checked: list[tuple[str, str, Order | None, str]] = []   # (power, text, legal order, why illegal)
    final: dict[str, Order] = {}            # province -> the unit's legal order
    repeated: dict[str, list[int]] = {}     # province -> indexes of all its orders, if several
    others = False                          # a rule module's order kind is among them
    # a module's validation hook may read the other orders of the phase: no cache then
    cacheable = rules is None or not rules.validates
    for power, order, text, error in submitted:
        if order is None:
            checked.append((power, text, None, f"not understood: {error}"))
            continue
        unit = units.get(order.province)
        key = entry = memo = None
        if cacheable and unit is not None and unit.power == power:
            # the checked order kept on the order itself, by the unit (and supported unit) met
            if order.kind == "support":
                target = units.get(order.target_province)
                key = (unit.name, target.name if target is not None else "")
            else:
                key = unit.name
            memo = order.checked
            if memo is not None and memo[0] is m:
                entry = memo[1].get(key)
        if entry is None:
            if fleets_at is None:
                # the fleets' provinces, picked by builtins (compress keeps the keys whose unit is "F")
                fleets_at = frozenset(compress(units, map(_IS_F, map(_KIND, units.values()))))
            try:
                legal = check_movement_order(m, units, order, fleets_at, rules)
            except IllegalOrder as exc:
                checked.append((power, text, None, f"illegal: {exc}"))
                continue
            # what the results need of the checked order, worked out once per entry
            p = legal.province
            entry = (legal, p, legal.kind in CORE_KINDS, legal.canonical(m), units[p].name if p in units else "")
            if key is not None and _unit_only(m, legal):
                if memo is None or memo[0] is not m:
                    memo = order.checked = (m, {})
                if len(memo[1]) < 64:       # (a few units ever stand where an order names)
                    memo[1][key] = entry
        legal, p, core, _, _ = entry
        if p:       # (a rule module's order may name no unit)
            if p in final:
                if p not in repeated:       # rare: the index of its first order, looked up
                    repeated[p] = [next(i for i, c in enumerate(checked) if c[2] is not None and c[2][1] == p)]
                repeated[p].append(len(checked))
            else:
                final[p] = legal
        if not core:
            others = True
        checked.append((power, text, entry, ""))
    # DATC 4.D.3: several different orders to one unit make all of them void.
    for p, idx in repeated.items():
        if len({checked[i][2][0].canonical() for i in idx}) > 1:
            del final[p]
            for i in idx:
                pw, tx, _, _ = checked[i]
                checked[i] = (pw, tx, None, "void: the unit received different orders, so it holds")
    # (a module that changes strengths or support cuts plays the phase with its own resolver)
    r = Resolver(m, units, final) if rules is None or not rules.reweighs else rules.resolver(m, units, final)
    r.run()
    # the response's rows and trace lines made here at once (OrderResult.to_dict's shape):
    # one dict a result, its outcome and reason read from the order's verdict
    results: list[dict] = []
    trace: list[str] = []
    verdicts: list[Verdict | None] = []
    ruled: dict[str, Verdict] = {}      # a rule module's orders by unit (executed when they succeed)
    verdict, unit, place = r.verdict, r.describe, m.display
    for power, text, entry, why in checked:
        if entry is None:
            unit_there = units.get(province_of_text(m, text))
            results.append({"power": power, "order": text, "canonical": text,
                            "unit": str(unit_there) if unit_there else "",
                            "legal": False, "result": "fails", "reason": why})
            trace.append(f"{text}: fails, {why}")
            verdicts.append(None)
            continue
        o, p, core, shown, name = entry
        if core:
            got = verdict(p)
        else:                       # (a unit's repeated, identical order: decided once)
            got = ruled.get(p) if p else None
            if got is None:
                got = ByRule(*rules.decide(r, p, o))
                if p:
                    ruled[p] = got
        result = "succeeds" if got.ok else "fails"
        reason = got.reason(unit, place)
        results.append({"power": power, "order": text, "canonical": shown, "unit": name,
                        "legal": True, "result": result, "reason": reason})
        trace.append(f"{shown}: {result}, {reason}")
        verdicts.append(got)
    after: dict[str, Unit] = {}
    dislodged: dict[str, tuple[Unit, str, bool]] = {}
    moved: list[str] = []
    kind, into, done = r.kind, r.into, r.done
    for p, u in units.items():
        if kind[p] == "move":
            ok = done.get(p)
            if ok is None:
                ok = r.resolve(p)
            if ok:
                moved.append(p)
                continue
        by = r.dislodger(p) if p in into else None
        if by:
            dislodged[p] = (u, by, by in r.conv)
        else:
            after[p] = u
    for p in moved:
        u = units[p]
        after[r.dest[p]] = Unit(u.power, u.kind, final[p].dest if u.kind == "F" else r.dest[p])
    transformed: dict[str, Unit] = {}
    for p, o in final.items() if others else ():
        if o.kind not in CORE_KINDS and (got := ruled.get(p)) is not None and got.ok:
            changed = rules.execute(after[p], o)
            if changed is not None:
                transformed[p] = after[p] = changed
    contested = set()
    for d, movers in into.items():
        if d in after or d in dislodged:
            continue
        for q in movers:
            if r.prevent_strength(q) > 0:
                contested.add(d)
                break
    return MovementOutcome(results, after, dislodged, contested, transformed, trace, verdicts)


def _unit_only(m: DiplomacyMap, order: Order) -> bool:
    """Does the checked form of this order depend only on the text and the ordered unit
    (not on other units)? Then it is cached by (power, text, unit): holds, fleet moves
    and army moves over land; supports, convoys and convoyed moves look at the board."""
    if order.kind == "hold":
        return True
    if order.kind == "move":
        return order.unit == "F" or province_of(order.dest) in m.army_adj.get(order.province, ())
    if order.kind == "support":     # the key holds the supported unit too
        return (not order.dest or order.target_unit == "F"
                or province_of(order.dest) in m.army_adj.get(order.target, ()))
    return False


def province_of_text(m: DiplomacyMap, text: str) -> str:
    """Best-effort province of an unreadable order, to name the unit in the report."""
    words = text.replace("/", " ").split()
    for w in words[:3]:
        pid = m.lookup(w)
        if pid:
            return pid
    return ""
