"""The review as a value: born here, printed by ``python -m games review --json``, stored by the
bot as that JSON and read back into the same types (``Review.from_json``), so nobody on the way
re-parses a dict or guesses a default.

A ``Review`` lists the seat's decisions in the order they were played. Each ``Decision`` holds
what the seat saw at that moment (``Seen``: its hand, the trick and who played each card, the
trump, the contract, the auction so far and the bid to beat, who was partner and who opponent),
its choice against the best alternative, and a ``verdict``: a *mistake* costs more than the
unit's ``THRESHOLD`` on average over the deals the seat could face; a choice that cost nothing on
average but did worse in the real deal than an alternative (``hindsight``) was *unlucky*: the seat
could not know; anything else is *fine*.

The JSON form carries ``FORMAT``: a stored review written before it (or in another form) does not
read (``StaleReview``) and is computed again, never shown half.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeVar, cast

from games.actions import Action, MalformedAction
from games.review.units import CARD_POINTS, POINTS

FORMAT: Final = "atout-review/3"
"""The JSON form's name and version (``format``); an older stored review has none."""

THRESHOLD: Final[dict[str, float]] = {POINTS: 10.0, CARD_POINTS: 4.0}
"""A decision costing more than this on average (in the review's unit) is a mistake; no more
is within what a review can tell apart from play as good: a Coinche score moves by tens, a card
point by ones."""

Verdict = Literal["mistake", "unlucky", "fine"]
VERDICTS: Final[tuple[Verdict, ...]] = ("mistake", "unlucky", "fine")

Side = Literal["you", "partner", "opponent", "unknown"]
"""What a seat was to the reviewed seat as it knew then (``unknown``: chiamata's hidden partner,
and everybody in its auction)."""
SIDES: Final[tuple[Side, ...]] = ("you", "partner", "opponent", "unknown")

EPSILON: Final = 1e-9

T = TypeVar("T")


class StaleReview(ValueError):
    """A JSON object that is not a review of ``FORMAT`` (one stored by an older version)."""


def verdict(cost: float, real_choice: float, real_best: float, unit: str) -> Verdict:
    """A mistake costs more than the unit's threshold on average; an unlucky choice costs no
    more, but did worse in the real deal than the best there."""
    if cost > THRESHOLD.get(unit, 0.0):
        return "mistake"
    if real_choice < real_best - EPSILON:
        return "unlucky"
    return "fine"


@dataclass(frozen=True)
class Contract:
    """The contract standing at a decision, as the seat saw it."""

    seat: int
    """The declarer (Belote's taker)."""
    action: Action
    """What made it: Coinche's bid, Belote's take, chiamata's call (its target in ``points``)."""
    multiplier: int = 1
    """2 coinched, 4 surcoinched."""
    called: str | None = None
    """chiamata's called card."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": self.action.to_json(),
            "multiplier": self.multiplier,
            "called": self.called,
        }

    @staticmethod
    def from_json(obj: Any) -> Contract:
        o = _object(obj, "contract")
        called = o.get("called")
        return Contract(
            _int(o, "seat"),
            _action(o.get("action")),
            _int(o, "multiplier"),
            called if isinstance(called, str) else None,
        )


@dataclass(frozen=True)
class Seen:
    """What the reviewed seat saw when it decided: nothing it could not see then."""

    hand: tuple[str, ...]
    trick: tuple[tuple[int, str], ...]
    """The cards on the table, in the order played, each with its player."""
    trump: str | None
    contract: Contract | None
    auction: tuple[tuple[int, Action], ...]
    """Who said what in this deal's auction so far (bids, passes, takes, calls), in order."""
    to_beat: tuple[int, Action] | None
    """The highest bid or call so far, and who made it (Coinche, chiamata)."""
    turn_up: str | None
    """Belote's turned-up card while it is still offered."""
    sides: tuple[Side, ...]
    """Each seat as the reviewed seat knew it then."""
    trick_number: int
    """The trick in play, from 1 (0 before the first card)."""
    scores: tuple[int, ...] = ()
    """Each side's points of the deal so far, as the table showed them (card points in
    Briscola, Sueca and chiamata)."""
    trump_card: str | None = None
    """The face-up trump card (Briscola's under the stock, Sueca's turned by the dealer)."""
    stock: int | None = None
    """The cards left in Briscola's stock."""
    played: int = 0
    """The cards gone: played in this deal before the decision."""
    deck: int = 0
    """The cards of the whole deck (40, 32…), so that ``played`` reads "12 of 40"."""

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": list(self.hand),
            "trick": [[s, c] for s, c in self.trick],
            "trump": self.trump,
            "contract": None if self.contract is None else self.contract.to_json(),
            "auction": [[s, a.to_json()] for s, a in self.auction],
            "to_beat": None
            if self.to_beat is None
            else [self.to_beat[0], self.to_beat[1].to_json()],
            "turn_up": self.turn_up,
            "sides": list(self.sides),
            "trick_number": self.trick_number,
            "scores": list(self.scores),
            "trump_card": self.trump_card,
            "stock": self.stock,
            "played": self.played,
            "deck": self.deck,
        }

    @staticmethod
    def from_json(obj: Any) -> Seen:
        o = _object(obj, "seen")
        contract = o.get("contract")
        to_beat = o.get("to_beat")
        sides = _list(o, "sides")
        if any(s not in SIDES for s in sides):
            raise StaleReview(f"unknown side in {sides!r}")
        return Seen(
            tuple(str(c) for c in _list(o, "hand")),
            tuple(_seat_and(p, str) for p in _list(o, "trick")),
            _optional_str(o, "trump"),
            None if contract is None else Contract.from_json(contract),
            tuple(_seat_and(p, _action) for p in _list(o, "auction")),
            None if to_beat is None else _seat_and(to_beat, _action),
            _optional_str(o, "turn_up"),
            tuple(cast(Side, s) for s in sides),
            _int(o, "trick_number"),
            tuple(_score(v) for v in _list(o, "scores")),
            _optional_str(o, "trump_card"),
            _optional_int(o, "stock"),
            _int(o, "played"),
            _int(o, "deck"),
        )


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, against its best alternative."""

    index: int
    """The action's index in the deal's ``actions`` (from 0)."""
    choice: Action
    best: Action
    cost: float
    """The best alternative's mean value less the choice's (0 when the choice was best)."""
    better_share: float
    """The share of sampled deals in which ``best`` did better than ``choice``."""
    real_choice: float
    real_best: float
    """The choice's value in the real deal, and the best value an alternative had there: every
    alternative's once few enough cards are left to solve the real deal exactly, else
    ``best``'s."""
    deals: int
    """How many sampled deals the values are means over (1 when ``exact``)."""
    exact: bool
    """The seat's information left one possible deal, solved to the end: ``cost`` is exact."""
    verdict: Verdict
    hindsight: Action | None
    """The alternative that did best in the real deal, where one did better than the choice."""
    seen: Seen

    def to_json(self) -> dict[str, Any]:
        return {
            "action_index": self.index,
            "choice": self.choice.to_json(),
            "best": self.best.to_json(),
            "cost": round(self.cost, 2),
            "better_share": round(self.better_share, 3),
            "real": {"choice": round(self.real_choice, 2), "best": round(self.real_best, 2)},
            "verdict": self.verdict,
            "exact": self.exact,
            "deals": self.deals,
            "hindsight": None if self.hindsight is None else self.hindsight.to_json(),
            "seen": self.seen.to_json(),
        }

    @staticmethod
    def from_json(obj: Any) -> Decision:
        o = _object(obj, "decision")
        real = _object(o.get("real"), "real")
        found = o.get("verdict")
        if found not in VERDICTS:
            raise StaleReview(f"unknown verdict {found!r}")
        exact = o.get("exact")
        if not isinstance(exact, bool):
            raise StaleReview("a decision's exact must be true or false")
        hindsight = o.get("hindsight")
        return Decision(
            _int(o, "action_index"),
            _action(o.get("choice")),
            _action(o.get("best")),
            _float(o, "cost"),
            _float(o, "better_share"),
            _float(real, "choice"),
            _float(real, "best"),
            _int(o, "deals"),
            exact,
            cast(Verdict, found),
            None if hindsight is None else _action(hindsight),
            Seen.from_json(o.get("seen")),
        )


@dataclass(frozen=True)
class Review:
    """One seat's decisions in one finished deal, in the order played."""

    game: str
    seat: int
    deal: int
    unit: str
    seats: int
    decisions: tuple[Decision, ...]

    @property
    def threshold(self) -> float:
        return THRESHOLD.get(self.unit, 0.0)

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.verdict == "mistake")

    @property
    def unlucky(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.verdict == "unlucky")

    def to_json(self) -> dict[str, Any]:  # JSON: the review object of docs/records.md
        """The ``--json`` object of ``python -m games review`` (docs/records.md), which the bot
        stores as it is."""
        return {
            "format": FORMAT,
            "game": self.game,
            "seat": self.seat,
            "deal": self.deal,
            "unit": self.unit,
            "seats": self.seats,
            "threshold": self.threshold,
            "mistakes": len(self.mistakes),
            "decisions": [d.to_json() for d in self.decisions],
        }

    @staticmethod
    def from_json(obj: Any) -> Review:
        """The review ``to_json`` wrote; ``StaleReview`` for anything else (an older form)."""
        o = _object(obj, "review")
        if o.get("format") != FORMAT:
            raise StaleReview(f"not a review of format {FORMAT}")
        unit = o.get("unit")
        if unit not in THRESHOLD:
            raise StaleReview(f"unknown unit {unit!r}")
        game = o.get("game")
        if not isinstance(game, str):
            raise StaleReview("a review names its game")
        decisions = tuple(Decision.from_json(d) for d in _list(o, "decisions"))
        if [d.index for d in decisions] != sorted(d.index for d in decisions):
            raise StaleReview("decisions must be in the order played")
        return Review(game, _int(o, "seat"), _int(o, "deal"), unit, _int(o, "seats"), decisions)


def _object(obj: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(obj, dict):
        raise StaleReview(f"{what} must be a JSON object")
    return cast(Mapping[str, Any], obj)


def _list(o: Mapping[str, Any], key: str) -> Sequence[Any]:
    found = o.get(key)
    if not isinstance(found, list):
        raise StaleReview(f"{key} must be a list")
    return found


def _int(o: Mapping[str, Any], key: str) -> int:
    found = o.get(key)
    if type(found) is not int:
        raise StaleReview(f"{key} must be an integer")
    return found


def _float(o: Mapping[str, Any], key: str) -> float:
    found = o.get(key)
    if isinstance(found, bool) or not isinstance(found, int | float):
        raise StaleReview(f"{key} must be a number")
    return float(found)


def _optional_str(o: Mapping[str, Any], key: str) -> str | None:
    found = o.get(key)
    if found is not None and not isinstance(found, str):
        raise StaleReview(f"{key} must be a string or null")
    return found


def _score(value: Any) -> int:
    if type(value) is not int:
        raise StaleReview("a score must be an integer")
    return value


def _optional_int(o: Mapping[str, Any], key: str) -> int | None:
    found = o.get(key)
    if found is not None and type(found) is not int:
        raise StaleReview(f"{key} must be an integer or null")
    return found


def _action(obj: Any) -> Action:
    try:
        return Action.from_json(obj)
    except MalformedAction as exc:
        raise StaleReview(str(exc)) from None


def _seat_and(pair: Any, read: Callable[[Any], T]) -> tuple[int, T]:
    if not (isinstance(pair, list) and len(pair) == 2 and type(pair[0]) is int):
        raise StaleReview("expected [seat, value]")
    return pair[0], read(pair[1])


__all__ = [
    "FORMAT",
    "SIDES",
    "THRESHOLD",
    "VERDICTS",
    "Contract",
    "Decision",
    "Review",
    "Seen",
    "Side",
    "StaleReview",
    "Verdict",
    "verdict",
]
