"""Actions: small frozen values whose JSON form is the docs/records.md action object without ``seat``.

One class serves every game so that records, custom_ids, the table session and the computer
players handle actions alike; each game says which ``type`` values it uses and what their fields
mean (docs/records.md's action table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import RANKS, parse_card, parse_rank, parse_suit, parse_trump

ACTION_TYPES = frozenset(
    {"play", "pass", "take", "bid", "coinche", "surcoinche", "exchange", "call", "trump"}
)
BID_WORDS = ("capot", "generale")


class MalformedAction(ValueError):
    """An action object not written as docs/records.md allows (a record with one is malformed)."""


@dataclass(frozen=True, slots=True)
class Action:
    type: str
    card: str | None = None
    trump: str | None = None
    value: int | str | None = None
    cards: tuple[str, ...] | None = None
    rank: str | None = None
    points: int | None = None
    suit: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The docs/records.md object without ``seat``; fields that are not set are left out."""
        out: dict[str, Any] = {"type": self.type}
        if self.card is not None:
            out["card"] = self.card
        if self.value is not None:
            out["value"] = self.value
        if self.trump is not None:
            out["trump"] = self.trump
        if self.cards is not None:
            out["cards"] = list(self.cards)
        if self.rank is not None:
            out["rank"] = self.rank
        if self.points is not None:
            out["points"] = self.points
        if self.suit is not None:
            out["suit"] = self.suit
        return out

    @staticmethod
    def from_json(obj: Any) -> Action:
        """Parse a docs/records.md action object (``seat`` ignored), normalising card/suit/rank case.

        Raises ``MalformedAction`` with a one-line reason when a field is missing or not written
        as docs/records.md allows. Whether the action is *legal* is the engine's business.
        """
        if not isinstance(obj, dict):
            raise MalformedAction("an action must be a JSON object")
        kind = obj.get("type")
        if kind not in ACTION_TYPES:
            raise MalformedAction(f"unknown action type {kind!r}")
        try:
            if kind == "play":
                return Action("play", card=parse_card(_field(obj, "card")))
            if kind in ("pass", "coinche", "surcoinche"):
                return Action(kind)
            if kind == "take":
                return Action("take", trump=parse_trump(_field(obj, "trump")))
            if kind == "bid":
                return Action(
                    "bid",
                    value=_bid_value(_field(obj, "value")),
                    trump=parse_trump(obj.get("trump")),
                )
            if kind == "exchange":
                cards = _field(obj, "cards")
                if not isinstance(cards, list):
                    raise MalformedAction("exchange cards must be a list of card codes")
                return Action("exchange", cards=tuple(parse_card(c) for c in cards))
            if kind == "call":
                rank = parse_rank(_field(obj, "rank"))
                points = obj.get("points")
                if points is not None and (type(points) is not int):
                    raise MalformedAction(f"call points must be an integer, not {points!r}")
                return Action("call", rank=rank, points=points)
            # kind == "trump"
            return Action("trump", suit=parse_suit(_field(obj, "suit")))
        except ValueError as exc:
            if isinstance(exc, MalformedAction):
                raise
            raise MalformedAction(f"{kind}: {exc}") from None

    @property
    def is_template(self) -> bool:
        """Whether this stands for a family of actions the player completes (``ActionTemplate``)."""
        return False

    def __str__(self) -> str:
        fields = [str(v) for k, v in self.to_json().items() if k != "type"]
        return " ".join([self.type, *fields])


@dataclass(frozen=True, slots=True)
class ActionTemplate(Action):
    """An action whose cards the player chooses, offered once by ``legal_actions`` instead of every
    combination (Piquet's exchange: ``min_count`` to ``max_count`` cards of the hand, C(12, 5)
    choices and more). ``concrete`` fills it in; ``Game.is_legal`` accepts the template itself when
    it is offered, and decides a concrete action by the rules. A template is never applied or
    recorded: it has no ``cards``, so the engine refuses it with a reason."""

    min_count: int = 0
    max_count: int = 0

    @property
    def is_template(self) -> bool:
        return True

    def concrete(self, cards: Sequence[str]) -> Action:
        """The action naming ``cards`` (whether it is legal is the engine's business)."""
        return Action(self.type, cards=tuple(parse_card(c) for c in cards))


def _field(obj: dict[str, Any], name: str) -> Any:
    if name not in obj:
        raise MalformedAction(f"{obj.get('type')} action without {name!r}")
    return obj[name]


def _bid_value(value: Any) -> int | str:
    if type(value) is int and 80 <= value <= 160 and value % 10 == 0:
        return value
    if isinstance(value, str) and value in BID_WORDS:
        return value
    raise MalformedAction(f"bid value {value!r} is not 80…160 by 10, 'capot' or 'generale'")


# Interned actions for the hot paths: engines hand these out instead of building new objects.
PASS = Action("pass")
COINCHE = Action("coinche")
SURCOINCHE = Action("surcoinche")
PLAY: dict[str, Action] = {r + s: Action("play", card=r + s) for s in "SHDC" for r in RANKS}
