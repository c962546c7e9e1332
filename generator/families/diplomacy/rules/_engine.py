"""How the adjudicators apply the enabled modules' hooks (the engine's side of rules/)."""
from __future__ import annotations

from ..model import province_of
from ..movement import IllegalOrder, Resolver, Unit
from ..retreats import retreat_options as standard_retreats
from . import enabled, kind_named


class MovementRules:
    """The movement adjudicator's view of a game's modules (movement.adjudicate_movement
    takes one): module validation hooks and the order kinds modules add. `orders` are
    all orders of the phase, parsed (some hooks read each other's orders: a canal
    permission and the move that uses it)."""

    def __init__(self, game, orders):
        self.game = game
        self.rules = enabled(game)
        self.validators = self.rules.hooks("validate")
        self.validates = bool(self.validators)      # a module checks the standard orders
        self.orders = [o for o in orders if o is not None] if self.validates else []
        self.ends: dict[str, str] = {}      # province -> where a travelling order takes its unit
        # hooks that change how the resolver weighs moves: without them, the standard resolver
        self.strengths = self.rules.hooks("move_strength")
        self.uncut = self.rules.hooks("cuts_no_support")
        self.bonuses = self.rules.hooks("move_bonus")
        self.convoyed = self.rules.hooks("convoy_strength")
        # powers the resolver takes for one (allied powers): power -> the power it counts as
        self.sides = {pw: side for fn, params in self.rules.hooks("sides")
                      for pw, side in fn(game, params).items()}
        self.reweighs = bool(self.strengths or self.uncut or self.sides or self.bonuses or self.convoyed)

    def resolver(self, m, units: dict, orders: dict) -> Resolver:
        """The phase's resolver with the modules' strengths and support cuts (`reweighs`)."""
        return Reweighed(self.game, self.strengths, self.uncut, m, units, orders, self.sides, self.bonuses,
                         self.convoyed)

    def check(self, units: dict, order, fleets_at):
        """A settled order when a module decides its legality (raising IllegalOrder to
        forbid it), or None: the standard rules decide."""
        if kind_named(order.kind) is not None:
            found = self.rules.kind(order.kind)
            if found is None:
                raise IllegalOrder(f"a {order.kind} order is not part of this game's rules")
            kind, params = found
            if kind.unit_order:
                unit = units.get(order.province)
                if unit is None:
                    raise IllegalOrder(f"there is no unit in {self.game.map.display(order.province)}")
                if unit.power != order.power:
                    raise IllegalOrder(f"the unit in {self.game.map.display(order.province)} belongs "
                                       f"to {unit.power}, not {order.power}")
            return kind.validate(self.game, units, order, params)
        for fn, params in self.validators:
            settled = fn(self.game, units, order, self.orders, params)
            if settled is not None:
                return settled
        return None

    def decide(self, resolver, province: str, order) -> tuple[bool, str]:
        kind, params = self.rules.kind(order.kind)
        if kind.travels:
            ok, why, self.ends[province] = kind.decide(resolver, province, order, params)
            return ok, why
        return kind.decide(resolver, province, order)

    def execute(self, unit, order):
        kind, _ = self.rules.kind(order.kind)
        if kind.travels:
            return Unit(unit.power, unit.kind, self.ends[order.province])
        return kind.execute(unit, order) if kind.execute is not None else None


class Reweighed(Resolver):
    """The resolver of a phase some module weighs otherwise (move_strength, cuts_no_support,
    sides): the standard decisions, with the attack and prevent strengths of the moves a module
    names passed through its function, the support cuts of the moves it spares left
    out (a spared move still dislodges a supporter, which then gives no support), and allied
    powers taken for one wherever the standard rules ask whether two units share a power, and
    the moves a module gives a bonus (move_bonus) stronger in attack, prevent and defence, and
    in hold when they fail (and when they succeed too, in the province left, for a module whose
    params say `lingers`), and the convoyed armies a module weighs (convoy_strength) passed
    through its function unless the fleets it names all convoy them and stay."""

    __slots__ = ("weights", "cutters", "bonus", "lingering", "convoy_weights")

    def __init__(self, game, strengths: list, uncut: list, m, units: dict, orders: dict,
                 sides: dict | None = None, bonuses: list = (), convoyed: list = ()):
        super().__init__(m, units, orders, sides)
        kind, dest = self.kind, self.dest
        moves = {p: dest[p] for p in self.order if kind[p] == "move"}
        weights: dict = {}
        for fn, params in strengths:
            for p, weigh in fn(game, units, moves, params).items():
                before = weights.get(p)
                weights[p] = weigh if before is None else (lambda s, f=weigh, g=before: f(g(s)))
        self.weights = weights
        bonus: dict = {}
        lingering: dict = {}        # the part of a move's bonus its hold keeps after it succeeds
        for fn, params in bonuses:
            for p, extra in fn(game, units, moves, params).items():
                bonus[p] = bonus.get(p, 0) + extra
                if params.get("lingers"):
                    lingering[p] = lingering.get(p, 0) + extra
        self.bonus, self.lingering = bonus, lingering
        spared = {p for fn, params in uncut for p in fn(game, units, moves, params)}
        # a supporter attacked by a spared move -> the attackers that still cut its support
        self.cutters = {d: [q for q in qs if q not in spared] for d, qs in self.into.items()
                        if not spared.isdisjoint(qs)}
        convoys = {p: (dest[p], frozenset(self.convoyers.get(p, ()))) for p in sorted(self.conv)}
        self.convoy_weights = {p: found for fn, params in convoyed if convoys
                               for p, found in fn(game, units, convoys, params).items()}

    def _convoy_weighed(self, p: str, strength):
        """`strength` of the convoyed army in p, weighed by a module's convoy_strength unless the
        fleets it names (`through`) all convoy the army and are not dislodged."""
        found = self.convoy_weights.get(p)
        if found is None or not strength:
            return strength
        weigh, through = found
        carried = self.convoyers.get(p, ())
        if through and all(q in carried for q in through) and all(self.resolve(q) for q in through):
            return strength
        return weigh(strength)

    def _attack(self, p: str):
        strength = Resolver._attack(self, p)
        weigh = self.weights.get(p)
        strength = strength if weigh is None else weigh(strength)
        if p in self.convoy_weights:
            strength = self._convoy_weighed(p, strength)
        # (no bonus where the move has no strength at all: against its own power's unit)
        return strength + self.bonus[p] if strength and p in self.bonus else strength

    def prevent_strength(self, p: str):
        strength = Resolver.prevent_strength(self, p)
        weigh = self.weights.get(p)
        strength = strength if weigh is None else weigh(strength)
        if p in self.convoy_weights:
            strength = self._convoy_weighed(p, strength)
        return strength + self.bonus[p] if strength and p in self.bonus else strength

    def defend_strength(self, p: str):
        return Resolver.defend_strength(self, p) + self.bonus.get(p, 0)

    def hold_strength(self, d: str):
        strength = Resolver.hold_strength(self, d)
        if d not in self.bonus or self.kind[d] != "move":
            return strength
        # a move's hold strength is 0 when it leaves, 1 when it fails: stronger when it fails, and
        # when it leaves by a lingering bonus only (vDiplomacy's Pirates adds it after the test)
        return strength + (self.bonus[d] if strength else self.lingering.get(d, 0))

    def _support(self, p: str, record: bool = False, cutters=None):
        return Resolver._support(self, p, record, self.cutters.get(p))


def retreat_options(game, dislodged, occupied: set[str], contested: set[str]) -> list[str]:
    """Where a dislodged unit may retreat: the standard places, less those a module forbids."""
    options = standard_retreats(game.map, dislodged, occupied, contested)
    for fn, params in enabled(game).hooks("retreats"):
        options = fn(game, dislodged.unit, options, params)
    return options


def retreat_gives_way(game):
    """(unit, destination) -> whether that retreat gives way to others into the same province
    (a module's retreat_gives_way), or None when no module says any does."""
    hooks = enabled(game).hooks("retreat_gives_way")
    if not hooks:
        return None
    return lambda unit, dest: any(fn(game, unit, dest, params) for fn, params in hooks)


def relocated(units: dict, changed: dict) -> tuple[dict, list[tuple[str, object]]]:
    """The movement outcome's units with those a module's order took elsewhere (a rail
    journey: MovementRules.execute) filed under the province they reached, and the
    (province left, unit) of those journeys. The adjudicator files a module's changed
    unit under its old province; nothing else may stand where it arrives (the module's
    decide makes sure)."""
    moved = [(p, u) for p, u in changed.items() if province_of(u.location) != p]
    if not moved:
        return units, []
    out = {p: u for p, u in units.items() if p not in changed or province_of(u.location) == p}
    for _, u in moved:
        out[province_of(u.location)] = u
    return out, moved


def add_borders(game_map, rules) -> None:
    """The borders the modules derive (sealanes), added to the drawn ones (the hooks read
    the borders and sea regions; the caller rebuilds the map's tables after)."""
    extra = [b for fn, params in rules.hooks("borders") for b in fn(game_map, params)]
    if extra:
        game_map.borders = list(game_map.borders) + extra


def add_convoy_provinces(game_map, rules) -> None:
    """The coastal provinces the modules let convoy (convoy_coasts); the caller rebuilds the
    map's tables after, so the convoy routes run through them."""
    extra = {p for fn, params in rules.hooks("convoy_provinces") for p in fn(game_map, params)}
    if extra:
        game_map.convoy_coasts = frozenset(extra)


def build_sites(game, power: str, owned: list[str], homes: dict[str, list[str]] | None = None) -> set[str]:
    """Where `power` may build: its owned home centres (the map's, or `homes`: those in
    play, see home_centres), then each module's change."""
    if homes is None:
        sites = {c for c in owned if game.map.provinces[c].home == power}
    else:
        sites = set(owned) & set(homes.get(power, ()))
    for fn, params in enabled(game).hooks("build_sites"):
        sites = fn(game, power, owned, sites, params)
    return sites


def opening_sites(game, phase: str, power: str) -> set[str] | None:
    """Where `power` may build in `phase` in place of its owned centres, when a module says
    so (places it holds at the start, no centres among them); None: the standard sites."""
    for fn, params in enabled(game).hooks("opening_sites"):
        places = fn(game, phase, power, params)
        if places is not None:
            return set(places)
    return None


def home_centres(game, phase: str, centers: dict[str, list[str]],
                 stated: dict[str, list[str]] | None) -> tuple[dict[str, list[str]] | None, bool] | None:
    """The home centres in play at `phase` when a module changes them in play: (each power's
    home centres, or None when the position must state them and `stated` does not; whether
    the position carries them, as a request's `home_centers`). None: the map's, always."""
    for fn, params in enabled(game).hooks("home_centres"):
        return fn(game, phase, centers, stated, params)
    return None


def adjustment_due(game, phase: str, power: str, owned, due: int) -> int:
    """The builds (positive) or removals (negative) `power` has in the adjustment `phase`:
    centres less units, then each module's change (`owned`: the centres it owns, all of them)."""
    for fn, params in enabled(game).hooks("adjustment_due"):
        due = fn(game, phase, power, owned, due, params)
    return due


def builds_due(game, phase: str, power: str, owned, units: int) -> int:
    """The builds (+) or removals (-) `power` has in the adjustment `phase` with `units`
    units: the centres that count for it (counted_centres) less its units, then each
    module's change (adjustment_due); the one count the adjudicator and the position use."""
    return adjustment_due(game, phase, power, owned, len(counted_centres(game, power, owned)) - units)


def owners_after(game, phase: str, units: dict, centers: dict[str, list[str]]) -> dict[str, list[str]]:
    """Who owns the supply centres after `phase` (`units`: after it), a phase that changes
    ownership (a fall turn's movement or retreats: `centers` as the standard rules give them;
    an adjustment phase: as before it), then each module's change."""
    for fn, params in enabled(game).hooks("owners_after"):
        centers = fn(game, phase, units, centers, params)
    return centers


def standing_orders(game, units: dict, moves: dict[str, str]) -> dict[str, list[str]]:
    """Orders the modules give (for powers no player moves)."""
    out: dict[str, list[str]] = {}
    for fn, params in enabled(game).hooks("standing_orders"):
        for power, texts in fn(game, units, moves, params).items():
            out.setdefault(power, []).extend(texts)
    return out


def no_retreat(game, unit) -> str | None:
    """Why a dislodged `unit` is disbanded at once instead of retreating, or None."""
    for fn, params in enabled(game).hooks("no_retreat"):
        why = fn(game, unit, params)
        if why:
            return why
    return None


def default_orders(game, phase: str, power: str) -> list[str]:
    """Adjustment orders for a power that gave none (the first module that has some)."""
    for fn, params in enabled(game).hooks("default_orders"):
        orders = fn(game, phase, power, params)
        if orders:
            return orders
    return []


def neutral_builds(game, units: dict, centers: dict[str, list[str]]) -> dict[str, list[str]]:
    """Units ("A DUB") the modules build, in an adjustment phase starting from this position,
    for the powers no player moves; a power listed here makes the phase be held."""
    out: dict[str, list[str]] = {}
    for fn, params in enabled(game).hooks("neutral_builds"):
        for power, texts in fn(game, units, centers, params).items():
            out.setdefault(power, []).extend(texts)
    return out


def placements(game, phase: str, units: dict) -> dict[str, tuple[set[str], int, str]]:
    """{power: (sites, most, unit kind)} of the powers no player moves whose units the rules take off in the
    adjustment `phase` and place anew where the request says (a roving hazard)."""
    out: dict[str, tuple[set[str], int, str]] = {}
    for fn, params in enabled(game).hooks("placements"):
        out.update(fn(game, phase, units, params))
    return out


def counted_centres(game, power: str, owned) -> list[str]:
    """The centres of `owned` that count for `power`, for its builds and for victory: all
    but those a module's `uncounted` hook names for that power."""
    hooks = enabled(game).hooks("uncounted")
    if not hooks:
        return list(owned)
    left = {c for fn, params in hooks for c in fn(game, power, owned, params)}
    return [c for c in owned if c not in left] if left else list(owned)


def winner(game, centers: dict[str, list[str]], units: dict) -> tuple[str, str] | None:
    """(power, why) when a power has won, by the modules' victory rules if any enable
    one, else by the standard rule: the most centres, at least `victory.centers` and
    strictly more than anyone else. Either way only the centres that count for a power
    (counted_centres) are its centres."""
    centers = {p: counted_centres(game, p, v) for p, v in centers.items()}
    hooks = enabled(game).hooks("victory")
    for fn, params in hooks:
        won = fn(game, centers, units, params)
        if won:
            return won
    if hooks:
        return None
    need = game.map.victory_centers
    most, leader, second = -1, None, -1
    for p, v in centers.items():
        if len(v) > most:
            most, leader, second = len(v), p, most
        elif len(v) > second:
            second = len(v)
    if leader is not None and most >= need and second < most:
        return leader, f"{leader} owns {most} supply centres and wins (victory needs {need})"
    return None


def problems(game) -> list:
    """What the enabled modules' checks find in the game's data (rules.Problem)."""
    return [p for fn, params in enabled(game).hooks("checks") for p in fn(game, params)]


def pages(game) -> list:
    return [page for fn, params in enabled(game).hooks("pages") for page in fn(game, params)]


def start_notes(game) -> list[str]:
    """Markdown paragraphs the modules add to the powers page about the start."""
    out: list[str] = []
    for fn, params in enabled(game).hooks("start"):
        lines = fn(game, params)
        if lines:
            out += lines + [""]
    return out


def shown_year(game, phase: str) -> int | None:
    """The year `phase` stands for when a module counts the game's years otherwise (the first
    module's answer), None when the phase id's year is the year."""
    for fn, params in enabled(game).hooks("shown_year"):
        year = fn(game, phase, params)
        if year is not None:
            return year
    return None
