"""What one deal was worth to a seat, in the unit the review counts it in.

A review compares the choices a seat had by what each would have brought its side at the end of
the deal, in the game's own unit as the table's options count it: the deal's score in Belote,
Coinche and Piquet (a contract made or set, capot, belote, melds, declarations), card points in
the forty-card games, whose scores (hands and games won) are too coarse to tell two cards apart.

The value of a finished deal for a seat is its side's figure less the mean of every side's: half
of the margin over the other side where there are two. Where the figures add up to a constant
(card points) a difference of values is then exactly a difference of the side's own points, and
where they do not (a Coinche contract set: the declarers score nothing, the defenders 160 and
the bid) it counts what the side lost and what the others gained, half each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

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


def relative(figures: Sequence[float], side: int) -> float:
    """``side``'s figure less the mean of all sides' figures."""
    return float(figures[side]) - sum(figures) / len(figures)


def deal_value(
    game: str, result: Mapping[str, Any], teams: Sequence[Sequence[int]], seat: int
) -> float:
    """The value for ``seat`` of a finished deal's ``result`` (a ``Game.deal_results`` entry,
    which ``python -m games replay`` prints); ``teams`` are the engine's sides. In chiamata the
    sides are the deal's own: the declarer and the partner against the others."""
    if UNITS[game] == POINTS:
        figures = [float(x) for x in result["scores"]]
        return relative(figures, _side(teams, seat))
    points = result.get("trick_points")
    if points is None:
        return 0.0  # passed out: nobody took a card point
    per_seat_or_side = [float(x) for x in points]
    if game == "chiamata":
        return _chiamata_value(per_seat_or_side, [int(x) for x in result["scores"]], seat)
    return relative(per_seat_or_side, _side(teams, seat))


def _side(teams: Sequence[Sequence[int]], seat: int) -> int:
    return next(i for i, team in enumerate(teams) if seat in team)


def _chiamata_value(points: list[float], scores: list[int], seat: int) -> float:
    """Chiamata's card points are per seat, but the deal is played by two sides: the declarer
    (the largest score, won or lost) and the partner score with one sign, the others with the
    other (docs/rules.md §6.5)."""
    declarer = max(range(len(scores)), key=lambda s: abs(scores[s]))
    if scores[declarer] == 0:
        return 0.0
    side = {s for s in range(len(scores)) if (scores[s] > 0) == (scores[declarer] > 0)}
    ours = sum(points[s] for s in side)
    theirs = sum(points) - ours
    return relative([ours, theirs], 0 if seat in side else 1)


__all__ = ["CARD_POINTS", "POINTS", "UNITS", "deal_value", "relative"]
