"""Variant rule modules of the Diplomacy family, composed from hooks.

A module is one file in this folder defining `MODULE = RuleModule(...)`: its name,
title, summary, parameters, and the hooks it uses. The registry finds the files by
itself (no list to edit), and a game enables modules in game.yaml:

    rules:
      build_anywhere: {}
      sealanes: {overseer_reach: region}

The engine never asks for a module by name. At each point where a variant may differ
it asks the game's `RuleSet` for the enabled modules' hooks of that kind and applies
them in module-name order, the way godip composes a variant from a parser, a phase
sequence and a list of rules (variants/common/common.go), and gives each order type
its own parse/validate/adjudicate/execute (orders/move.go). The hooks:

    borders(map, params) -> [Border]                  extra borders, added at load
    build_sites(game, power, owned, sites, params)    where a power may build (folded); a site
                                                      need not be owned nor a centre
    opening_sites(game, phase, power, params)         where a power may build in `phase` in place
                                                      of its centres (places it holds at the start,
                                                      no centres among them) -> [province] | None
    home_centres(game, phase, centers, stated, params)
                                                      the home centres in play at `phase`
                                                      when they change in play -> (homes or
                                                      None, carried: the position states them)
    adjustment_due(game, phase, power, owned, due, params)
                                                      the builds (+) or removals (-) a power
                                                      has in an adjustment phase, `owned` its
                                                      centres (folded)
    owners_after(game, phase, units, centers, params) who owns the centres after a phase that
                                                      changes ownership: a fall turn's movement
                                                      or retreats, an adjustment phase (folded)
    orders = (OrderKind, ...)                         extra order kinds (see OrderKind)
    standing_orders(game, units, moves, params)       orders the rules give for a power
                                                      -> {power: [order text]}
    validate(game, units, order, orders, params)      a movement order: return a settled
                                                      Order to allow it, raise IllegalOrder
                                                      to forbid it, None for the standard rules
    no_retreat(game, unit, params) -> reason | None   a dislodged unit disbanded at once
    default_orders(game, phase, power, params)        adjustment orders for a silent power
    neutral_power(params) -> power id | None          a power no player moves: it owns no
                                                      centres and never adjusts
    neutral_builds(game, units, centers, params)      units the rules build for a power no
                                                      player moves in an adjustment phase, which
                                                      is then held for them -> {power: ["A DUB"]}
    victory(game, centers, units, params)             replaces the standard victory test:
                                                      (power, why) or None
    checks(game, params) -> [Problem]                 consistency of the module's data
    pages(game, params) -> [Page]                     pages the module adds to the site
    start(game, params) -> [Markdown line]            how the game starts, for the powers page
    claims = {kind: fn(game, claim params, module params or None)}
                                                      claim kinds about the module's rules
                                                      (claims.yaml; see claims.py)

    convoy_provinces(map, params) -> [province id]    provinces besides open seas whose
                                                      fleets may convoy (added at load)
    neutral_colours(game, params) -> {province: power}
                                                      neutral centres drawn in a power's
                                                      colour (the board's render view)
    uncounted(game, power, owned, params) -> [province]
                                                      owned centres that do not count for the
                                                      power: not for its builds, not for victory

    move_strength(game, units, moves, params) -> {province: fn(strength) -> strength}
                                                      the attack and prevent strengths of some
                                                      of the phase's moves (`moves`: {province:
                                                      destination}), changed by the function
    cuts_no_support(game, units, moves, params) -> {province}
                                                      moves of the phase that cut no support
                                                      (they still dislodge a supporter)
    border_kinds(game, params) -> {frozenset({a, b}): kind}
                                                      how the map draws borders between
                                                      provinces a and b that have no kind of
                                                      their own ("river")
    retreats(game, unit, options, params) -> [location]
                                                      where a dislodged unit may retreat, of
                                                      the standard `options`

    sides(game, params) -> {power: power}             powers the movement adjudication takes for
                                                      another (allies adjudicated as one: they
                                                      neither dislodge nor cut each other, nor
                                                      support an attack on each other's units)

    move_bonus(game, units, moves, params) -> {province: number}
                                                      moves of the phase made stronger by the
                                                      number: in attack, prevent and defence (a
                                                      head-to-head battle), and in hold when the
                                                      move fails (not against the unit's own power);
                                                      with `lingers: true` in the module's params,
                                                      also in the province left when it succeeds

    convoy_strength(game, units, convoys, params) -> {province: (fn(strength) -> strength, through)}
                                                      the attack and prevent strengths of some of
                                                      the phase's convoyed armies (`convoys`:
                                                      {province: (destination, the provinces of the
                                                      fleets ordered to convoy it)}), changed by fn
                                                      unless fleets in every province of `through`
                                                      (empty: never) convoy it and stay
    retreat_gives_way(game, unit, dest, params) -> bool
                                                      a retreat of `unit` to `dest` that gives way:
                                                      with other retreats there, it is disbanded and
                                                      the one retreat that does not give way goes
    shown_year(game, phase, params) -> int | None     the year a phase of the game stands for, when
                                                      the game counts its years otherwise than one
                                                      a Spring/Autumn pair (the site's and the
                                                      API's dates; phase ids keep the engine's)

    placements(game, phase, units, params) -> {power: (sites, most, kind)}
                                                      a power no player moves whose units the rules
                                                      take off the board in the adjustment `phase` and
                                                      place anew where the request says (its build
                                                      orders, the server's dice): at most `most` units
                                                      of `kind`, each in a vacant province of `sites`

The adjudicator asks for move_strength, cuts_no_support, sides, move_bonus and convoy_strength once a
phase, and plays a phase of a game that uses none with the standard resolver, untouched.

A hook is a plain function; a module sets only the ones it uses. `_engine.py` holds
the adjudicator's side (how hooks are applied); files starting with `_` are not modules.

How other tools write the module is declared by the module too, so that the importers
and exporters iterate over the registry and never name a module:

    webdip = WebdipForm(describe, mixins, forms, arrays, country_arrays, read, export,
                        not_exported, countries, country_values)
                            the webDiplomacy/vDiplomacy form. `mixins` name webDiplomacy's
                            classes that are the rule (`class Transform_userOrderDiplomacy`);
                            `forms` are what the importer finds in the data or in code of
                            another name (FORMS in _forms.py); `arrays` are variant.php arrays of
                            terrIDs the module reads (`$convoyCoasts`), given as province
                            ids; `country_arrays` variant.php arrays of territory names by
                            country (`$countryAdditionalSCs`), given as {power id: [ids]}.
                            `read(found) -> params` turns what the importer found
                            ({mixin, form or array: facts}) into the module's parameters
                            (None: the facts found are the parameters). `describe` is the
                            line an imported rules page gives the module. `export` is the
                            form the webDiplomacy exporter writes back (EXPORTS there), or
                            "" with `not_exported` saying why not. `countries`: the
                            mixin's code names the countries it applies to by countryID
                            (given as {powers: [ids]}); `country_values`: arrays in the
                            mixin's code indexed by countryID (given as {name: {power: value}}).
                            `opening`: the rule opens the game with a build phase (the
                            importer makes the start units default builds); `option`: a flag
                            of `mapwright import webdiplomacy` that says a variant uses the
                            rule where its classes do not show it (`custom-start`).
    dpjudge = "BUILD_ANY"   the DPjudge keyword (`RULE BUILD_ANY`) that carries it, "" when
                            the exported map data carries it already, None (default): no
                            DPjudge form.
    dpjudge_locations = "PORT"
                            a DPjudge location type (DPJUDGE_TYPES in _forms.py) that carries
                            the module's `provinces` parameter: the exporter writes that type
                            for the listed provinces, the importer enables the module with the
                            provinces of that type (set dpjudge = "" with it).

A module with no `webdip` is never recognised on import and is reported as not
exported (EXP001).
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import cache
from typing import Callable

from ._forms import DPJUDGE_TYPES, EXPORTS, FORMS, WebdipForm  # noqa: F401  (modules import them from here)


@dataclass(frozen=True)
class Param:
    """A module parameter: its default, what it means, the allowed values (`choices`) or
    the allowed shape (`shape`, one of the checkers below: a message when the value does
    not fit, else None). A value that does not fit is reported and the default used, so
    hooks only ever see values of the right shape."""

    default: object
    description: str
    choices: tuple = ()
    shape: Callable[[object], str | None] | None = None


def _words(value) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def list_of_ids(value) -> str | None:
    return None if _words(value) else "must be a list of ids"


def ids_per_power(value) -> str | None:
    """{POWER: [id, ...]}"""
    ok = isinstance(value, dict) and all(isinstance(k, str) and _words(v) for k, v in value.items())
    return None if ok else "must map each power id to a list of ids"


def count_per_power(value) -> str | None:
    """{POWER: n} with n a positive whole number"""
    ok = isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                                         and v > 0 for k, v in value.items())
    return None if ok else "must map each power id to a positive whole number"


def text(value) -> str | None:
    return None if isinstance(value, str) and value.strip() else "must be a non-empty text"


def boolean(value) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


@dataclass(frozen=True)
class Problem:
    """What a module's `checks` hook found: the file ("map.yaml" or "game.yaml"), the
    JSON pointer of the offending value, the message, the diagnostic code (the
    module registers its own; empty means DIP015, rule module data missing) and what to do."""

    file: str
    pointer: str
    message: str
    code: str = ""
    hint: str = ""


def centres_per_power_problems(game, pointer: str, value: dict, hint: str) -> list[Problem]:
    """What is wrong in a {POWER: [supply centre]} parameter at `pointer` of game.yaml: a power
    the map has not, a place that is no supply centre of the map (`hint`: what the list is for)."""
    m, found = game.map, []
    for power, centres in sorted(value.items()):
        base = f"{pointer}/{power}"
        if power not in m.powers:
            found.append(Problem("game.yaml", base, f"unknown power '{power}'",
                                 hint=f"one of {', '.join(sorted(m.powers))}"))
        for i, centre in enumerate(centres):
            prov = m.provinces.get(centre)
            if prov is None or not prov.supply_center:
                what = f"no province '{centre}'" if prov is None else f"'{centre}' is not a supply centre"
                found.append(Problem("game.yaml", f"{base}/{i}", what, hint=hint))
    return found


@dataclass(frozen=True)
class OrderKind:
    """An order type a module adds.

    `verbs` are the words that follow the ordered unit (`A BRE T F`), or, with
    `leads`, the words an order starts with (`PERMIT F MED`). `parse(reader, power,
    unit, location, text)` reads the rest of the order (reader: orders._Reader);
    `validate(game, units, order, params)` settles a parsed order or raises
    IllegalOrder; `decide(resolver, province, order)` returns (succeeds, reason) once
    the standard decisions are made (a unit with such an order holds meanwhile, unless
    `unit_order` is False: then the order belongs to no unit); `execute(unit, order)`
    returns the unit after a successful order.

    With `travels`, the order takes its unit elsewhere (a rail journey):
    `decide(resolver, province, order, params)` returns (succeeds, reason, the province
    where the unit ends the turn), and the engine moves it there when it succeeds.
    """

    name: str
    verbs: tuple[str, ...]
    parse: Callable
    validate: Callable
    decide: Callable
    execute: Callable | None = None
    leads: bool = False
    unit_order: bool = True
    canonical: Callable | None = None   # (order, display) -> text
    travels: bool = False


HOOKS = ("borders", "build_sites", "opening_sites", "standing_orders", "validate", "no_retreat", "default_orders",
         "neutral_power", "neutral_builds", "victory", "checks", "pages", "start", "convoy_provinces",
         "neutral_colours", "uncounted", "move_strength", "cuts_no_support", "retreats", "border_kinds",
         "home_centres", "adjustment_due", "owners_after", "sides", "move_bonus", "convoy_strength",
         "retreat_gives_way", "shown_year", "placements")


@dataclass(frozen=True)
class RuleModule:
    name: str
    title: str
    summary: str
    params: dict[str, Param] = field(default_factory=dict)
    orders: tuple[OrderKind, ...] = ()
    borders: Callable | None = None
    build_sites: Callable | None = None
    opening_sites: Callable | None = None
    home_centres: Callable | None = None
    adjustment_due: Callable | None = None
    owners_after: Callable | None = None
    standing_orders: Callable | None = None
    validate: Callable | None = None
    no_retreat: Callable | None = None
    default_orders: Callable | None = None
    neutral_power: Callable | None = None
    neutral_builds: Callable | None = None
    victory: Callable | None = None
    checks: Callable | None = None
    pages: Callable | None = None
    start: Callable | None = None
    claims: dict[str, Callable] = field(default_factory=dict)   # claim kinds about its rules
    convoy_provinces: Callable | None = None
    neutral_colours: Callable | None = None
    uncounted: Callable | None = None
    move_strength: Callable | None = None
    cuts_no_support: Callable | None = None
    retreats: Callable | None = None
    border_kinds: Callable | None = None
    sides: Callable | None = None
    move_bonus: Callable | None = None
    placements: Callable | None = None
    webdip: WebdipForm | None = None
    dpjudge: str | None = None
    dpjudge_locations: str = ""
    convoy_strength: Callable | None = None
    retreat_gives_way: Callable | None = None
    shown_year: Callable | None = None

    @property
    def hooks(self) -> list[str]:
        """The hooks this module uses, for the documentation."""
        used = [h for h in HOOKS if getattr(self, h) is not None]
        return used + (["orders"] if self.orders else []) + (["claims"] if self.claims else [])


@cache
def modules() -> dict[str, RuleModule]:
    """Every rule module in this folder, by name (each file's `MODULE`)."""
    found: dict[str, RuleModule] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):   # the engine's side of the hooks (_engine.py)
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}").MODULE
        if mod.name in found:
            raise ValueError(f"two rule modules are named {mod.name!r}")
        found[mod.name] = mod
    return found


@cache
def order_kinds() -> dict[str, OrderKind]:
    """Verb (lower case) -> the module order kind it introduces. Every module's kinds
    are read in every game, so an order of a kind the game does not enable is
    understood and then refused with a reason, instead of being unreadable."""
    out: dict[str, OrderKind] = {}
    for mod in modules().values():
        for kind in mod.orders:
            for verb in kind.verbs:
                out[verb] = kind
    return out


@cache
def _kinds_by_name() -> dict[str, OrderKind]:
    return {kind.name: kind for mod in modules().values() for kind in mod.orders}


def webdip_mixins() -> dict[str, str]:
    """Every webDiplomacy mixin a module declares -> that module's name."""
    return {mixin: mod.name for mod in modules().values() if mod.webdip for mixin in mod.webdip.mixins}


def forms_naming_countries() -> frozenset[str]:
    """The mixins whose code names the countries it applies to (WebdipForm.countries)."""
    return frozenset(mixin for mod in modules().values() if mod.webdip and mod.webdip.countries
                     for mixin in mod.webdip.mixins)


def mixin_country_values() -> dict[str, tuple[str, ...]]:
    """Mixin -> the arrays by countryID in its code that its module reads (WebdipForm.country_values)."""
    return {mixin: mod.webdip.country_values for mod in modules().values()
            if mod.webdip and mod.webdip.country_values for mixin in mod.webdip.mixins}


def webdip_arrays() -> tuple[str, ...]:
    """The variant.php arrays of terrIDs some module reads."""
    return tuple(sorted({a for mod in modules().values() if mod.webdip for a in mod.webdip.arrays}))


def webdip_country_arrays() -> tuple[str, ...]:
    """The variant.php arrays of territory names by country some module reads."""
    return tuple(sorted({a for mod in modules().values() if mod.webdip for a in mod.webdip.country_arrays}))


def webdip_carried() -> frozenset[str]:
    """The modules the webDiplomacy exporter writes back."""
    return frozenset(m.name for m in modules().values() if m.webdip is not None and m.webdip.export)


def dpjudge_carried() -> frozenset[str]:
    """The modules a DPjudge .map file carries."""
    return frozenset(m.name for m in modules().values() if m.dpjudge is not None)


def dpjudge_keywords(rules: RuleSet) -> list[str]:
    """The DPjudge RULE keywords of the enabled modules (`BUILD_ANY`)."""
    known = modules()
    return [known[n].dpjudge for n in rules.enabled if known[n].dpjudge]


def dpjudge_module(keyword: str) -> RuleModule | None:
    """The module a DPjudge RULE keyword (`BUILD_ANY`) stands for."""
    return next((m for m in modules().values() if m.dpjudge and m.dpjudge == keyword), None)


def recognised(found: dict) -> dict[str, dict]:
    """{module name: parameters} of the modules whose webDiplomacy form the importer found."""
    out = {}
    for mod in modules().values():
        params = mod.webdip.params(found) if mod.webdip else None
        if params is not None:
            out[mod.name] = params
    return out


def import_options() -> dict[str, tuple[str, str]]:
    """The flags the webDiplomacy importer takes from the modules (WebdipForm.option): flag ->
    (what the importer then counts as found, the flag's help)."""
    return {mod.webdip.option: (mod.webdip.keys[0], mod.webdip.option_help) for mod in modules().values()
            if mod.webdip and mod.webdip.option and mod.webdip.keys}


def opens_with_builds(found: dict) -> bool:
    """Whether a module the importer found (`found` as in `recognised`) opens the game with a
    build phase (WebdipForm.opening)."""
    return any(mod.webdip.params(found) is not None for mod in modules().values()
               if mod.webdip and mod.webdip.opening)


def dpjudge_location_types(rules: RuleSet) -> dict[str, str]:
    """Province -> the DPjudge location type (PORT) an enabled module writes it as
    (RuleModule.dpjudge_locations)."""
    known = modules()
    return {p: known[n].dpjudge_locations for n, params in rules.enabled.items() if known[n].dpjudge_locations
            for p in (str(listed).split("/")[0] for listed in params.get("provinces", ()))}


def dpjudge_location_modules(types: dict[str, list[str]]) -> dict[str, dict]:
    """{module name: parameters} of the modules a DPjudge map's locations of some type carry:
    `types` is {location type: [province ids]}."""
    return {m.name: {"provinces": sorted(types[m.dpjudge_locations])} for m in modules().values()
            if m.dpjudge_locations and types.get(m.dpjudge_locations)}


def kind_named(name: str) -> OrderKind | None:
    """The module order kind called `name` (e.g. "transform"), or None for standard kinds."""
    return _kinds_by_name().get(name)


class RuleSet:
    """The modules a game enables, with parameters filled from defaults.

    `problems` lists (module, parameter or "", message) for unknown modules,
    unknown parameters and values outside a parameter's choices; the family's
    check turns them into diagnostics.
    """

    def __init__(self, rules: dict | None):
        self.enabled: dict[str, dict] = {}
        self.problems: list[tuple[str, str, str]] = []
        self._hooks: dict[str, tuple[tuple[Callable, dict], ...]] = {}    # hook -> what `hooks` gives
        known = modules()
        for name, given in sorted((rules or {}).items()):
            mod = known.get(name)
            if mod is None:
                self.problems.append((name, "", f"unknown rule module '{name}'"))
                continue
            values = {k: p.default for k, p in mod.params.items()}
            for key, value in sorted((given or {}).items()):
                if key not in mod.params:
                    self.problems.append((name, key, f"rule module '{name}' has no parameter '{key}'"))
                    continue
                choices, shape = mod.params[key].choices, mod.params[key].shape
                if choices and value not in choices:
                    self.problems.append((name, key, f"'{key}' must be one of {', '.join(map(str, choices))}"))
                    continue
                wrong = shape(value) if shape is not None else None
                if wrong:
                    self.problems.append((name, key, f"'{key}' {wrong}"))
                    continue
                values[key] = value
            self.enabled[name] = values
        self._neutrals = tuple(dict.fromkeys(p for p in (fn(params) for fn, params in self.hooks("neutral_power"))
                                             if p))
        self._neutral = self._neutrals[0] if self._neutrals else None

    def has(self, name: str) -> bool:
        return name in self.enabled

    def params(self, name: str) -> dict:
        return self.enabled.get(name, {})

    def hooks(self, hook: str) -> tuple[tuple[Callable, dict], ...]:
        """(function, parameters) of every enabled module that uses `hook`, by module name;
        found once a rule set (the adjudicator asks for some hooks at every phase)."""
        found = self._hooks.get(hook)
        if found is None:
            known = modules()
            found = self._hooks[hook] = tuple((fn, params) for name, params in self.enabled.items()
                                              if (fn := getattr(known[name], hook)) is not None)
        return found

    def kind(self, name: str) -> tuple[OrderKind, dict] | None:
        """The enabled module order kind called `name`, with its module's parameters."""
        known = modules()
        for mod_name, params in self.enabled.items():
            for kind in known[mod_name].orders:
                if kind.name == name:
                    return kind, params
        return None

    def writing(self, form: str) -> tuple[str, dict] | None:
        """(name, parameters) of the enabled module the webDiplomacy exporter writes as
        `form`, or None."""
        known = modules()
        for name, params in self.enabled.items():
            webdip = known[name].webdip
            if webdip is not None and webdip.export == form:
                return name, params
        return None

    @property
    def neutral(self) -> str | None:
        """The power no player moves (the `neutral_power` hook), if any: the first, by module name."""
        return self._neutral

    @property
    def neutrals(self) -> tuple[str, ...]:
        """Every power no player moves (neutral armies, a roving hazard), by module name."""
        return self._neutrals


def enabled(game) -> RuleSet:
    """The game's rule set (an empty one for a model built without game.yaml)."""
    return game.modules if game.modules is not None else RuleSet({})

