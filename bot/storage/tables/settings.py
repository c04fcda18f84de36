"""A table's settings that are not rules, as one typed value (docs/architecture.md: rule options
and records hold the rules; these sit beside them): the computer players' level, the deck style,
the turn timer, whether the table is rated, its language, who stepped away from it, and what
makes a table a challenge's deal.

It is parsed once, where a row is read (``TableSettings.from_json``), and written as JSON
(``to_json``): nobody above storage reads a raw key or guesses a default again. Reading is
lenient, as rows written by older versions of the bot must still open: a missing or unreadable
key reads its default. Whether a value is one a person may *choose* is the command's question
(``bot.play.settings.chosen_settings``), not the reader's.

Storage writes the column (``tables``, ``challenges``) and parses it where it reads a row
(``TableStore``, ``ChallengeStore``, ``RatingStore``); no statement reads a key inside it. In
JSON, ``away`` is an object ``{"<seat>": {"user_id": …, "name": …}}`` and ``duplicate`` is
absent on an ordinary table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Final

from games.duplicate import FixedDeal, step_rng
from games.records import Json

DEFAULT_LEVEL: Final = "easy"
DEFAULT_DECK_STYLE: Final = "auto"
DEFAULT_LANGUAGE: Final = "en"
"""Tables stored before languages existed are English."""

ORDINARY: Final = "ordinary"
CHALLENGE: Final = "challenge"
OPEN: Final = "open"
"""The kinds of table (``bot.play.kinds``): what a table is, as its settings say."""


@dataclass(frozen=True)
class AwaySeat:
    """A person whose seat a computer player keeps until they come back (``/table leave``, or
    too many turns missed). Written before the computer sits, so a crash never loses the way
    back; the ratings read it too: who left is rated at their seat."""

    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class Duplicate:
    """The fixed deal of a challenge's table (docs/challenges.md): one deal from a given dealer
    and deck, whose computer players draw their randomness from the deal's seed and the step
    (``games.duplicate.step_rng``) and search with a fixed sample budget, so everybody who plays
    the deal meets the same answers to the same decisions."""

    deal: FixedDeal
    seed: str
    samples: int

    def rng(self, action_count: int) -> random.Random:
        """The computer player's randomness for the step after ``action_count`` actions."""
        return step_rng(self.seed, action_count)


@dataclass(frozen=True)
class ChallengeDeal:
    """Which challenge, and which of its deals, a table plays."""

    challenge_id: int
    deal_no: int


@dataclass(frozen=True)
class TableSettings:
    level: str = DEFAULT_LEVEL
    """The level of the computer players the table brings in (a seat left, a turn missed)."""
    deck_style: str = DEFAULT_DECK_STYLE
    turn_timer: int = 0
    """Seconds a player has for a turn; 0 = no timer."""
    rated: bool = True
    """Tables are rated unless the starter unticked Rated in the lobby."""
    language: str = DEFAULT_LANGUAGE
    """What everybody at the table reads: the table message and image, the thread, the lobby."""
    away: tuple[AwaySeat, ...] = ()
    """By seat."""
    duplicate: Duplicate | None = None
    """The fixed deal of a challenge's table; None for an ordinary table."""
    private: bool = False
    """Seen by its one seated player only (a challenge's deal): never in its channel."""
    challenge: ChallengeDeal | None = None
    open: bool = False
    """An open table: players of any server of the instance, each seeing it in their own
    server (its mirrors), rated on the instance's ladder (docs/architecture.md)."""

    @property
    def kind(self) -> str:
        """``ORDINARY``, ``CHALLENGE`` (a fixed deal) or ``OPEN``: the one place that says
        what kind of table these settings make (``bot.play.kinds`` says what each does)."""
        if self.duplicate is not None:
            return CHALLENGE
        return OPEN if self.open else ORDINARY

    # ------------------------------------------------------------------ who stepped away
    def away_at(self, seat: int) -> AwaySeat | None:
        return next((away for away in self.away if away.seat == seat), None)

    def away_seat_of(self, user_id: int) -> AwaySeat | None:
        return next((away for away in self.away if away.user_id == user_id), None)

    def with_away(self, away: AwaySeat) -> TableSettings:
        kept = [other for other in self.away if other.seat != away.seat]
        return replace(self, away=tuple(sorted([*kept, away], key=lambda a: a.seat)))

    def without_away(self, seat: int) -> TableSettings:
        return replace(self, away=tuple(away for away in self.away if away.seat != seat))

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> Json:
        data: Json = {
            "level": self.level,
            "deck_style": self.deck_style,
            "turn_timer": self.turn_timer,
            "rated": self.rated,
            "language": self.language,
        }
        if self.away:
            data["away"] = {
                str(away.seat): {"user_id": away.user_id, "name": away.name} for away in self.away
            }
        if self.duplicate is not None:
            data["duplicate"] = {
                "dealer": self.duplicate.deal.dealer,
                "deck": list(self.duplicate.deal.deck),
                "seed": self.duplicate.seed,
                "samples": self.duplicate.samples,
            }
        if self.private:
            data["private"] = True
        if self.open:
            data["open"] = True
        if self.challenge is not None:
            data["challenge"] = {
                "id": self.challenge.challenge_id,
                "deal": self.challenge.deal_no,
            }
        return data

    @classmethod
    def from_json(cls, data: object) -> TableSettings:
        """The settings a stored row holds; a key missing, or one this version cannot read,
        is its default (a row is never refused for its settings)."""
        if not isinstance(data, dict):
            return cls()
        return cls(
            level=_text(data.get("level"), DEFAULT_LEVEL),
            deck_style=_text(data.get("deck_style"), DEFAULT_DECK_STYLE),
            turn_timer=_seconds(data.get("turn_timer")),
            rated=data.get("rated", True) is not False,
            language=_text(data.get("language"), DEFAULT_LANGUAGE),
            away=_away(data.get("away")),
            duplicate=_duplicate(data.get("duplicate")),
            private=data.get("private") is True,
            challenge=_challenge(data.get("challenge")),
            open=data.get("open") is True,
        )


def _text(value: object, default: str) -> str:
    return value if isinstance(value, str) and value else default


def _seconds(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        return 0
    return int(value)


def _away(value: object) -> tuple[AwaySeat, ...]:
    if not isinstance(value, dict):
        return ()
    seats: list[AwaySeat] = []
    for seat, who in value.items():
        if not isinstance(who, dict) or not str(seat).isdigit():
            continue
        user_id = who.get("user_id")
        if isinstance(user_id, int) and not isinstance(user_id, bool):
            seats.append(AwaySeat(int(seat), user_id, str(who.get("name") or "")))
    return tuple(sorted(seats, key=lambda away: away.seat))


def _duplicate(value: object) -> Duplicate | None:
    if not isinstance(value, dict):
        return None
    try:
        deal = FixedDeal(int(value["dealer"]), tuple(str(card) for card in value["deck"]))
        return Duplicate(deal, str(value["seed"]), int(value["samples"]))
    except (KeyError, TypeError, ValueError):
        return None


def _challenge(value: object) -> ChallengeDeal | None:
    if not isinstance(value, dict):
        return None
    try:
        return ChallengeDeal(int(value["id"]), int(value["deal"]))
    except (KeyError, TypeError, ValueError):
        return None
