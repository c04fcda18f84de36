"""The decisions a seat made in one deal of a record, each with the game as it stood then.

A review looks at every action of one seat that was a choice: the seat had more than one legal
action (Piquet's exchange, whose choices are combinatorial, is always one). Each ``Moment`` keeps
an independent copy of the engine just before the action, which is what both the review's
sampled deals (the seat's view of it) and the real deal's values (the engine itself, every card
known once the deal is over) are taken from.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.actions import Action
from games.base import Game
from games.records import MalformedRecord, ParsedRecord, replay, replay_before
from games.review.choices import is_choice


class NothingToReview(ValueError):
    """The record holds no such deal or seat, or the deal is not finished (exit code 2)."""


@dataclass(frozen=True)
class Moment:
    """One decision of the reviewed seat."""

    index: int
    """The action's index in the deal's ``actions`` (from 0)."""
    seat: int
    choice: Action
    legal: tuple[Action, ...]
    """What the engine offered (for Piquet's exchange, its template)."""
    game: Game
    """The engine just before the action (a copy of its own)."""


@dataclass(frozen=True)
class ReviewedDeal:
    """One finished deal of a record and the reviewed seat's decisions in it."""

    record: ParsedRecord
    deal: int
    seat: int
    start: Game
    """The engine before this deal was dealt (the earlier deals replayed)."""
    end: Game
    """The engine once this deal is over."""
    moments: tuple[Moment, ...]


def reviewed_deal(record: ParsedRecord, deal: int, seat: int) -> ReviewedDeal:
    """Replay ``record`` (it must replay without an error, as ``python -m games replay`` would)
    and collect ``seat``'s decisions in deal ``deal``. Raises ``IllegalRecordAction`` or
    ``MalformedRecord`` as the replay does, and ``NothingToReview`` for a seat not at the table
    or a deal that the record does not hold to its end."""
    whole = replay(record)
    if not 0 <= seat < record.seats:
        raise NothingToReview(f"seat {seat} is not at the table (seats 0 to {record.seats - 1})")
    if not 0 <= deal < len(record.deals):
        count = len(record.deals)
        deals = "1 deal" if count == 1 else f"{count} deals"
        raise NothingToReview(f"the record has no deal {deal} (it has {deals}, counted from 0)")
    if deal >= len(whole.deal_results):
        raise NothingToReview(f"deal {deal} is not finished: only a whole deal can be reviewed")
    game = replay_before(record, deal)
    start = game.clone()
    parsed = record.deals[deal]
    if parsed.dealer is not None and parsed.dealer != game.dealer:
        raise MalformedRecord(f"deal {deal}: the dealer must be seat {game.dealer}")
    game.deal(parsed.deck)
    moments: list[Moment] = []
    for index, (who, action) in enumerate(parsed.actions):
        if who == seat:
            legal = tuple(game.legal_actions(who))
            if is_choice(legal, len(game.view(who)["hand"])):
                moments.append(Moment(index, who, action, legal, game.clone()))
        game.apply(who, action)
    return ReviewedDeal(record, deal, seat, start, game, tuple(moments))


__all__ = ["Moment", "NothingToReview", "ReviewedDeal", "reviewed_deal"]
