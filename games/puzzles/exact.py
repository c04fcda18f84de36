"""Open-hand puzzles: every hand shown, and exactly one card that reaches the goal.

At a seat's card play, the real deal with every card known is solved exactly (the double-dummy
solver, ``games.ai.solver``) once for each legal card: its value under best play by both sides
from there, by the goal's measure (``games.puzzles.goals``). The position is a puzzle for the
first of the game's goals (``GOALS``) that exactly one legal card reaches — two equivalent
cards that both reach it make no puzzle, nor does a goal every card reaches or none — where the
answer also beats the best other card by at least the game's ``GAP`` (a puzzle won by one card
point teaches nothing), and where the seat has at least ``CHOICES`` legal cards. The answer's
principal line is the solver's: at each turn the first card, strongest first, that keeps the
solved value.

A contract is looked at earlier in the deal than the other goals (``CONTRACT_CARDS``): in
Belote and Coinche it is mostly settled, made or defeated whatever is played, by the last few
tricks, and the positions where one card alone decides it come earlier.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.actions import Action
from games.ai.deal import Deal
from games.ai.solver import Solver, distinct_moves
from games.base import Game
from games.puzzles.goals import Goal, GoalType, Made, Measure
from games.review.playout import open_deal

CHOICES: Final = 3
"""The fewest legal cards a puzzle offers. Between two cards a guess is right half the time:
over computer-played deals the easy player found the answer of 61 % of two-card puzzles and
the normal player 71 %, against 38 % and 55 % with three cards (``benchmarks/puzzles.py``)."""

OPEN_CARDS: Final[dict[str, int]] = {
    "belote": 20,
    "coinche": 16,
    "piquet": 16,
    "briscola": 18,
    "chiamata": 20,
    "sueca": 16,
}
"""Cards left in play (hands and the trick on the table) at or below which a position is
looked at: past them a solve of every legal card takes too long for a deal's puzzles to be
found in a worker's second, and the position is too big to read at a glance anyway."""

CONTRACT_CARDS: Final[dict[str, int]] = {"belote": 24, "coinche": 24}
"""Cards left at or below which a contract goal is looked at, where it is more than
``OPEN_CARDS`` (the other goals wait for those). Over 40 deals of the normal player from 17 to
24 cards, Coinche held 3 more deals with a contract to make or defeat by one card (2 in its
last 16 cards); the solve on ``Made`` costs about 0.4 s a deal there."""

GOALS: Final[dict[str, tuple[GoalType, ...]]] = {
    "belote": ("contract", "score"),
    "coinche": ("contract", "score"),
    "piquet": ("score",),
    "briscola": ("card_points",),
    "chiamata": ("contract", "card_points"),
    "sueca": ("card_points",),
}
"""Each game's goals, the first that makes a puzzle taken."""

GAP: Final[dict[str, float]] = {
    "belote": 10,
    "coinche": 10,
    "piquet": 2,
    "briscola": 4,
    "chiamata": 4,
    "sueca": 4,
}
"""The least the answer must be ahead of the best other card, in the measure of the goal's
margin (card points, or the deal's points); a contract goal's failing cards fail by definition,
so only the score and card-point goals use it."""


@dataclass(frozen=True)
class Solved:
    """One open-hand puzzle's finding, before it is placed in its record."""

    goal: Goal
    answer: Action
    values: tuple[tuple[Action, float, bool], ...]
    """Every legal card: the card, its value (card points, or the deal's score margin), and
    whether it reaches the goal; the answer first, then the others strongest value first."""
    line: tuple[tuple[int, Action], ...]
    """The answer and the solver's best play after it, (seat, card), to the deal's end."""


def cards_left(game: Game) -> int:
    """Cards in hands and on the table (and in Briscola's stock) of the deal in progress."""
    total = len(game.public_view().get("trick") or [])
    for seat in range(game.seats):
        total += len(game.view(seat).get("hand") or [])
    return total + len(getattr(game, "stock", []) or [])


def open_position(game: Game, seat: int) -> bool:
    """Whether ``seat``'s card play in ``game`` can hold an open-hand puzzle: a choice of
    cards, few enough left, no hidden order (Briscola's stock, whose order nobody knows, is
    empty), and in chiamata the sides known to the seat (the called card played, or in its own
    hand): a puzzle that showed a defender the hidden partner would be about something else
    than the seat's play — the hard player, which cannot see it, found fewer of those answers
    than the normal one (42 % against 52 % of 31 card-point puzzles)."""
    if game.decision != "play" or game.to_act != seat:
        return False
    if len(game.legal_actions(seat)) < CHOICES:
        return False
    if getattr(game, "stock", None):
        return False
    if game.NAME == "chiamata" and game.view(seat).get("partner") is None:
        return False  # who plays with whom is the seat's own puzzle until the called card shows
    return cards_left(game) <= max(OPEN_CARDS[game.NAME], CONTRACT_CARDS.get(game.NAME, 0))


def solve_open(game: Game, seat: int) -> Solved | None:
    """The open-hand puzzle at ``seat``'s card play in ``game`` (not changed), or ``None``."""
    if not open_position(game, seat):
        return None
    legal = list(game.legal_actions(seat))
    early = cards_left(game) > OPEN_CARDS[game.NAME]
    for kind in GOALS[game.NAME]:
        if early and kind != "contract":
            continue
        deal, scoring = open_deal(game, seat)
        make = True
        if kind == "contract":
            declaring = scoring.table.team_of[scoring.table.declarer or 0]
            if scoring.table.game == "chiamata":
                partner = scoring.partner
                make = seat in (scoring.table.declarer, partner)
            else:
                make = scoring.table.team_of[seat] == declaring
        measure = Measure(scoring, kind, make)
        found = _solve_goal(deal, measure, legal, game.NAME, kind, make)
        if found is not None:
            return found
    return None


def _solve_goal(
    deal: Deal,
    measure: Measure,
    legal: Sequence[Action],
    name: str,
    kind: GoalType,
    make: bool,
) -> Solved | None:
    rules = deal.rules
    pool = deal.pool
    if kind == "contract":
        made = _values(deal, Made(measure.scoring, make), legal)
        if sum(made) != 1:
            return None
    solver = Solver(measure)  # type: ignore[arg-type]
    values = _values(deal, measure, legal, solver)
    reached = [measure.reached(v) for v in values]
    if kind == "contract":
        if reached != made:  # pragma: no cover - the two searches decide alike
            raise AssertionError("the contract's two searches disagree")
        goal = Goal("contract", 1.0, make=make)
    else:
        best = max(reached)
        goal = Goal(kind, best, of=pool if kind == "card_points" else 0)
    winners = [i for i, r in enumerate(reached) if goal.met(r)]
    if len(winners) != 1:
        return None
    answer = winners[0]
    others = [measure.margin(v) for i, v in enumerate(values) if i != answer]
    if kind != "contract" and reached[answer] - max(others) < GAP[name] - 1e-9:
        return None
    order = sorted(
        range(len(legal)), key=lambda i: (i != answer, -measure.margin(values[i]), str(legal[i]))
    )
    shown = tuple((legal[i], measure.margin(values[i]), goal.met(reached[i])) for i in order)
    line = principal_line(deal, solver, rules.index[legal[answer].card or ""], values[answer])
    return Solved(goal, legal[answer], shown, line)


def _values(
    deal: Deal, measure: Measure, legal: Sequence[Action], solver: Solver | None = None
) -> list[float]:
    """Each legal card's exact value under ``measure`` (``deal`` is left as it was)."""
    solver = solver or Solver(measure)  # type: ignore[arg-type]
    out = []
    for action in legal:
        assert action.card is not None
        deal.play(deal.rules.index[action.card])
        out.append(solver.solve(deal))
        deal.unplay()
    return out


def principal_line(
    deal: Deal, solver: Solver, first: int, value: float
) -> tuple[tuple[int, Action], ...]:
    """``first`` and the play after it that keeps ``value`` (the solved value of ``first``)
    to the deal's end: at each turn, the first card (strongest first) whose solved value is
    ``value``. ``deal`` is left as it was."""
    rules = deal.rules
    line = [(deal.turn, Action("play", card=rules.deck[first]))]
    deal.play(first)
    played = 1
    while not deal.over():
        seat = deal.turn
        for card in distinct_moves(deal, deal.legal()):
            deal.play(card)
            if abs(solver.solve(deal) - value) < 1e-6:
                break
            deal.unplay()
        else:  # pragma: no cover - the solved value is always some card's
            raise AssertionError("no card keeps the solved value")
        line.append((seat, Action("play", card=rules.deck[card])))
        played += 1
    for _ in range(played):
        deal.unplay()
    return tuple(line)


__all__ = [
    "CHOICES",
    "CONTRACT_CARDS",
    "GAP",
    "GOALS",
    "OPEN_CARDS",
    "Solved",
    "cards_left",
    "open_position",
    "solve_open",
]
