"""What one deal was worth to a seat, in the unit the review counts it in.

A review compares the choices a seat had by what each would have brought its side at the end of
the deal, counted by the table's own scoring under its options (``games.ai.scorer``, which hands
a played-out deal to the engines' scoring functions): the deal's score in Belote, Coinche and
Piquet (a contract made or set, capot, belote, melds, declarations); card points in the
forty-card games, whose scores (a Briscola hand, a Sueca game, a chiamata stake) are too coarse
to tell two cards apart, and follow from the card points anyway.

Card points are card points alone (the search's ``cards`` objective): the hard player's own
search also counts the deal's result, at ``RESULT_WEIGHT`` card points a unit, and a review
that counted it so once said "28 card points" for a lead that lost 8 and the hand (issue 33).

The review's value is half of the margin over the other side where there are two sides. Where
the figures add up to a constant (card points) a difference of values is then exactly a
difference of the side's own points, and where they do not (a Coinche contract set: the
declarers score nothing, the defenders 160 and the bid) it counts what the side lost and what
the others gained, half each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.ai.scorer import RESULT_WEIGHT, Objective
from games.views import DealRecord

POINTS: Final = "points"
CARD_POINTS: Final = "card points"

UNITS: Final[dict[str, str]] = {
    "belote": POINTS,
    "coinche": POINTS,
    "piquet": POINTS,
    "briscola": CARD_POINTS,
    "chiamata": CARD_POINTS,
    "sueca": CARD_POINTS,
}
"""The unit of each game's review (the ``unit`` of ``python -m games review --json``)."""

OBJECTIVE: Final[Objective] = "cards"
"""The search's objective the review values deals by (``games.ai.scorer``)."""

HALF: Final = 0.5
"""The review's value is this much of the search's (objective ``OBJECTIVE``)."""


def deal_value(game: str, result: DealRecord, teams: Sequence[Sequence[int]], seat: int) -> float:
    """``seat``'s value of a finished deal's ``result`` (a ``Game.deal_results`` entry, as
    ``python -m games replay`` prints it; ``teams`` are the engine's sides): half the value the
    search gives the same finished deal by ``OBJECTIVE``, for a deal that ended without a card
    played (everybody passed) or was scored on the engine."""
    scores = result["scores"]
    points = result["trick_points"] or [0] * len(scores)
    counts_cards = game in RESULT_WEIGHT
    mine = next(i for i, team in enumerate(teams) if seat in team)
    if len(scores) == 2:
        units = scores[mine] - scores[1 - mine]
        cards = points[mine] - points[1 - mine]
    elif game == "chiamata":
        units = scores[seat]
        cards = _chiamata_margin(points, scores, seat)
    else:  # each player alone (three-player Briscola)
        units = scores[seat]
        cards = 2 * points[seat] - sum(points)
    return HALF * (cards if counts_cards else units)


def _chiamata_margin(points: list[int], scores: list[int], seat: int) -> int:
    """Chiamata's card points are per seat, but the deal is played by two sides: the declarer
    (the largest score, won or lost) and the partner score with one sign, the others with the
    other (docs/rules.md §6.5)."""
    declarer = max(range(len(scores)), key=lambda s: abs(scores[s]))
    if scores[declarer] == 0:
        return 0
    side = {s for s in range(len(scores)) if (scores[s] > 0) == (scores[declarer] > 0)}
    ours = sum(points[s] for s in side)
    margin = 2 * ours - sum(points)
    return margin if seat in side else -margin


__all__ = ["CARD_POINTS", "HALF", "OBJECTIVE", "POINTS", "UNITS", "deal_value"]
