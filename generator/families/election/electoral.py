"""Victory and defeat (11.0-11.2): the electoral count, the House, automatic defeat.

The winning number: a game whose `victory_settings` fix a majority (Divided Republic
prints 152 in 9.0, 11.0 and 11.1) keeps it whatever territories are admitted, since
the rulebook's words name that number and no rule changes it; without a fixed
number a majority is one more than half the votes in play."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .model import Game
from .modules import first


def total_votes(game: Game, admitted=()) -> int:
    """All electoral votes in play: the states, plus territories once admitted."""
    return sum(s.ev for s in game.states.values() if not s.territory or s.id in admitted)


def settings(game: Game) -> dict:
    return first(game, "victory_settings") or {}


def majority(total: int) -> int:
    """One more than half, rounded down: 152 of 303 (11.0)."""
    return total // 2 + 1


def needed_to_win(game: Game, total: int) -> tuple[int, str]:
    """The electoral votes that win, and why."""
    fixed = settings(game).get("majority")
    if isinstance(fixed, int):
        return fixed, f"{fixed} needed to win, the number the rules print (11.0)"
    need = majority(total)
    return need, f"{need} needed to win, one more than half (11.0)"


@dataclass
class Count:
    votes: dict[str, int]
    states_won: dict[str, int]
    total: int
    needed: int
    winner: str | None = None
    decided_by: str = ""
    probabilities: dict[str, Fraction] = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        out = {"votes": dict(sorted(self.votes.items())), "states_won": dict(sorted(self.states_won.items())),
               "total": self.total, "majority": self.needed, "winner": self.winner,
               "decided_by": self.decided_by, "defeat": self.winner is None}
        if self.probabilities:
            out["probabilities"] = {k: str(v) for k, v in sorted(self.probabilities.items())}
        return out


def house_candidates(game: Game, votes: dict[str, int]) -> list[str]:
    """The top three in electoral votes (ties at third place all stay in), 11.1."""
    limit = int(settings(game).get("house_candidates", 3))
    ranked = sorted((v for v in votes.values() if v > 0), reverse=True)
    if not ranked:
        return []
    cut = ranked[min(limit, len(ranked)) - 1]
    return sorted(p for p, v in votes.items() if v >= cut and v > 0)


def count(game: Game, votes: dict[str, int], states_won: dict[str, int], *, admitted=(),
          secession: Fraction = Fraction(0)) -> Count:
    total = total_votes(game, admitted)
    needed, why = needed_to_win(game, total)
    result = Count(dict(votes), dict(states_won), total, needed)
    result.trace.append(f"{total} electoral votes in play; {why}. "
                        + ", ".join(f"{p} {v}" for p, v in sorted(votes.items())) + ".")
    leaders = [p for p, v in votes.items() if v >= needed]
    if leaders:
        result.winner, result.decided_by = leaders[0], "electoral majority"
        result.trace.append(f"{leaders[0]} has a majority and wins the White House (11.0).")
    else:
        candidates = house_candidates(game, votes)
        result.trace.append("Nobody has a majority: the election goes to the House, choosing among "
                            + ", ".join(candidates or ["nobody"]) + " (11.1).")
        held = {p: states_won.get(p, 0) for p in candidates}
        best = max(held.values(), default=0)
        top = [p for p, n in held.items() if n == best and n > 0]
        if len(top) == 1:
            result.winner, result.decided_by = top[0], "House: most states"
            result.trace.append(f"{top[0]} controls the most states ({best}) and is chosen (11.1).")
        else:
            result.decided_by = "automatic defeat"
            result.trace.append("No candidate controls more states than the others: automatic "
                                "defeat for every player (11.1, 11.2).")
    if secession:
        outcome = result.winner or "defeat"
        result.probabilities = {"defeat": secession}
        result.probabilities[outcome] = result.probabilities.get(outcome, Fraction(0)) + (1 - secession)
        result.trace.append(f"A state may secede first (chance {secession}): the result above holds "
                            f"only if none does (9.6, 11.3).")
    return result
