"""What the movement resolver decided for one order, and why: one typed value.

As in godip (`Adjudicate` returns nil or a typed failure such as `ErrBounce{prov}`),
the verdict *is* its reason: the decision functions of movement.Resolver build it from
the strengths and units they weighed, and the response's one-line reason is rendered
from it. Each verdict is true when the order succeeds (a move moves, a support is
given, a unit holds, a convoy carries).

Verdicts are slotted dataclasses, not frozen ones (a frozen one pays an
`object.__setattr__` per field: a tenth of a phase's time, one verdict an order), and
are never changed once made, like the orders. Verdicts name units and provinces by
province id; `reason(unit, place)` renders them
with the phase's own names: `unit(p)` is the unit in p as players write it ("F MAO -
SPA/NC"), `place(p)` a province's display name.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Names = Callable[[str], str]


@dataclass(slots=True, unsafe_hash=True)
class Verdict:
    """Base of every verdict: `ok` says whether the order succeeds."""

    ok = False          # (a class constant, not a field: each type is one or the other)

    def __bool__(self) -> bool:
        return self.ok

    def reason(self, unit: Names, place: Names) -> str:
        raise NotImplementedError


# --- moves -------------------------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class Open(Verdict):
    """The move succeeds: nothing holds the destination and nothing else goes there."""
    dest: str
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return f"{place(self.dest)} is open"


@dataclass(slots=True, unsafe_hash=True)
class Beats(Verdict):
    """The move succeeds: its attack beats the defence (head to head) or the hold
    strength in the destination (`against`, 0 if it was empty) and every other
    unit's prevent strength (`prevents`: (strength, province) pairs)."""
    attack: int
    dest: str
    against: int
    head_to_head: bool
    prevents: tuple[tuple[int, str], ...] = ()
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        text = f"attack strength {self.attack}"
        if self.head_to_head:
            text += f" beats defend strength {self.against} of {unit(self.dest)}"
        elif self.against:
            text += f" beats hold strength {self.against} in {place(self.dest)}"
        if self.prevents:
            text += " and prevent strength " + ", ".join(f"{s} of {unit(q)}" for s, q in self.prevents)
        return text


@dataclass(slots=True, unsafe_hash=True)
class Circular(Verdict):
    """The move succeeds as one of a ring of moves (the circular-movement backup rule)."""
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "succeeds as part of a circular movement"


@dataclass(slots=True, unsafe_hash=True)
class Bounced(Verdict):
    """The attack is not stronger than the defence (head to head) or the hold strength
    (`against`) in the destination."""
    attack: int
    dest: str
    against: int
    head_to_head: bool

    def reason(self, unit: Names, place: Names) -> str:
        if self.head_to_head:
            return (f"attack strength {self.attack} against defend strength {self.against} "
                    f"of {unit(self.dest)} (head to head)")
        return f"attack strength {self.attack} against hold strength {self.against} in {place(self.dest)}"


@dataclass(slots=True, unsafe_hash=True)
class OwnUnit(Verdict):
    """The destination holds a unit of the mover's own power that stays: no attack."""
    dest: str
    head_to_head: bool

    def reason(self, unit: Names, place: Names) -> str:
        if self.head_to_head:
            return f"cannot dislodge {unit(self.dest)} of its own power"
        return f"cannot dislodge a unit of its own power in {place(self.dest)}"


@dataclass(slots=True, unsafe_hash=True)
class Standoff(Verdict):
    """Another move into the destination (`by`) prevents it with at least equal strength."""
    attack: int
    prevent: int
    by: str

    def reason(self, unit: Names, place: Names) -> str:
        return f"standoff: attack strength {self.attack} against prevent strength {self.prevent} of {unit(self.by)}"


# --- convoys, from the army's side and the fleet's ------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class Paradox(Verdict):
    """The convoy is part of a paradox, broken by the Szykman rule: the army stays and
    its fleets hold. `fleet`: the convoying fleet's verdict (else the army's)."""
    fleet: bool

    def reason(self, unit: Names, place: Names) -> str:
        if self.fleet:
            return "the convoy is part of a paradox (Szykman rule): the fleet holds"
        return "the convoy is part of a paradox; by the Szykman rule the convoying fleets hold and the army stays"


@dataclass(slots=True, unsafe_hash=True)
class NoConvoyRoute(Verdict):
    """The army goes by convoy, but no fleets are ordered to carry it along a whole route."""

    def reason(self, unit: Names, place: Names) -> str:
        return "no fleets are ordered to convoy it along a complete route"


@dataclass(slots=True, unsafe_hash=True)
class ConvoyBroken(Verdict):
    """Every convoy route is broken by a dislodged fleet. `fleet`: the convoying fleet's
    verdict (else the army's)."""
    fleet: bool

    def reason(self, unit: Names, place: Names) -> str:
        if self.fleet:
            return "the convoy route is broken"
        return "the convoy route is broken: a convoying fleet was dislodged"


@dataclass(slots=True, unsafe_hash=True)
class NoArmyMoving(Verdict):
    """The convoy order matches no army's move."""

    def reason(self, unit: Names, place: Names) -> str:
        return "no army is moving as the convoy says"


@dataclass(slots=True, unsafe_hash=True)
class LandRoute(Verdict):
    """The army the convoy names moves over land (DATC 4.A.3)."""

    def reason(self, unit: Names, place: Names) -> str:
        return "the army takes the land route"


@dataclass(slots=True, unsafe_hash=True)
class ConvoyIntact(Verdict):
    """The convoying fleet carries the army along an unbroken route."""
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "convoy route intact"


# --- supports ----------------------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class SupportGiven(Verdict):
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "support given"


@dataclass(slots=True, unsafe_hash=True)
class Cut(Verdict):
    """An attack by another power's unit (`by`) cuts the support."""
    by: str

    def reason(self, unit: Names, place: Names) -> str:
        return f"cut by {unit(self.by)}"


@dataclass(slots=True, unsafe_hash=True)
class CutByDislodgement(Verdict):
    """The supporting unit is dislodged (by `by`), so its support is cut."""
    by: str

    def reason(self, unit: Names, place: Names) -> str:
        return f"cut: the supporting unit is dislodged by {unit(self.by)}"


@dataclass(slots=True, unsafe_hash=True)
class SupportMismatch(Verdict):
    """The supported unit (in `target`, a unit there or not) does something else."""
    target: str
    is_unit: bool

    def reason(self, unit: Names, place: Names) -> str:
        what = unit(self.target) if self.is_unit else place(self.target)
        return f"does not match: the supported unit does something else ({what})"


# --- the unit in place ---------------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class Holds(Verdict):
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "holds"


@dataclass(slots=True, unsafe_hash=True)
class Dislodged(Verdict):
    """The unit is dislodged by the move from `by` (`convoyed`: that army came by
    convoy). `convoying`: the unit was a fleet ordered to convoy."""
    by: str
    convoyed: bool
    convoying: bool = False

    def reason(self, unit: Names, place: Names) -> str:
        if self.convoying:
            return f"the convoying fleet is dislodged by {unit(self.by)}"
        return f"dislodged by {unit(self.by)}"


# --- orders a rule module adds ---------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class ByRule(Verdict):
    """The verdict of a rule module's order kind: its `decide` hook says (succeeds, why)."""
    succeeds: bool
    why: str

    def __bool__(self) -> bool:
        return self.succeeds

    @property
    def ok(self) -> bool:       # (per verdict here, not per type)
        return self.succeeds

    def reason(self, unit: Names, place: Names) -> str:
        return self.why


# --- retreats and adjustments ---------------------------------------------------------

@dataclass(slots=True, unsafe_hash=True)
class Retreats(Verdict):
    """The dislodged unit retreats to `dest` (no other unit retreats there)."""
    dest: str
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "retreats"


@dataclass(slots=True, unsafe_hash=True)
class RetreatStandoff(Verdict):
    """`rivals` units (this one among them) retreat to `dest`: all are disbanded."""
    rivals: int
    dest: str

    def reason(self, unit: Names, place: Names) -> str:
        return f"standoff: {self.rivals} units retreat to {place(self.dest)}, so all are disbanded"


@dataclass(slots=True, unsafe_hash=True)
class RetreatGivesWay(Verdict):
    """The retreat to `dest` gives way (a rule module's retreat_gives_way) to the retreat there
    of the unit dislodged in `other`, which does not: it is disbanded."""
    dest: str
    other: str

    def reason(self, unit: Names, place: Names) -> str:
        return f"gives way to the retreat from {place(self.other)} to {place(self.dest)}, so it is disbanded"


@dataclass(slots=True, unsafe_hash=True)
class Disbanded(Verdict):
    """The dislodged unit is disbanded as ordered."""
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "disbanded"


@dataclass(slots=True, unsafe_hash=True)
class Built(Verdict):
    """The unit (`"F STP/NC"`) is built."""
    unit: str
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "built"


@dataclass(slots=True, unsafe_hash=True)
class Waived(Verdict):
    """A build the power was due is waived."""
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "build waived"


@dataclass(slots=True, unsafe_hash=True)
class Removed(Verdict):
    """The unit (`"A PAR"`) is removed as ordered."""
    unit: str
    ok = True

    def reason(self, unit: Names, place: Names) -> str:
        return "removed"


# The verdicts that carry no facts, made once (they are immutable): the results of a
# phase name one of these for most orders.
HOLDS, SUPPORT_GIVEN, CONVOY_INTACT, CIRCULAR = Holds(), SupportGiven(), ConvoyIntact(), Circular()
DISBANDED, WAIVED = Disbanded(), Waived()
NO_ARMY_MOVING, LAND_ROUTE, NO_CONVOY_ROUTE = NoArmyMoving(), LandRoute(), NoConvoyRoute()
