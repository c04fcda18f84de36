"""The whole custom_id grammar of Atout (docs/discord.md, "The custom_id contract"):
``atout:<verb>:<table>[:<version>[:values]]``, the leaderboard's ``atout:board|record|reset``,
the challenge card's ``atout:challenge:<verb>:<challenge>``, a puzzle's
``atout:puzzle:<puzzle>[:<card>]``, the ``/play`` answer's ``atout:queue:<verb>`` and an open
table's quick chat ``atout:chat:<table>``.

Every id is built and read here, and nowhere else (``tests/bot/ui/test_custom_id_grammar.py`` fails on an
``"atout:`` literal in any other module): a button posted by an older version of the bot is read
by the same templates, so it keeps working after an upgrade. Each kind of id is a frozen
dataclass whose ``custom_id`` builds it and whose ``parse`` reads it back (``None`` for an id of
another kind); its ``TEMPLATE`` is what the ``DynamicItem`` answering it registers.

``<version>`` is the game's action count when the hand was drawn, so a click on an old hand is
recognised and refused. ``action_from_button`` / ``action_from_select`` turn a click back into an
``Action`` without any state, which is what lets the buttons work after a restart.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Hashable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final, Literal, Self, cast, get_args, get_type_hints

from games.actions import Action

PREFIX: Final = "atout"
ANY_TEMPLATE: Final = PREFIX + r":.*"
"""Every id of Atout, of this version or an older one (those that no item answers are refused by
``bot.ui.components.answer_unknown``)."""

BUTTON_TEMPLATE = (
    # An exchange with values is a button (Piquet's "keep my hand"); without, the discard select.
    r"atout:(?!exchange:[0-9]+:[0-9]+$)(?P<verb>play|bid|pass|coinche|surcoinche|take|exchange)"
    r":(?P<table>[0-9]+):(?P<version>[0-9]+)(?::(?P<args>[A-Za-z0-9:]+))?"
)
KEEP_HAND = "keep"
PENDING = "pending"
"""Piquet's exchange button before the marked cards make a legal discard (disabled)."""
SELECT_TEMPLATE = (
    # A long list of calls is spread over several selects: ``:<n>`` tells them apart.
    r"atout:(?P<verb>exchange|call|trump):(?P<table>[0-9]+):(?P<version>[0-9]+)(?::(?P<index>[0-9]+))?"
)
LobbyVerb = Literal["join", "leave", "addbot", "rmbot", "start", "house", "rated"]
TableVerb = Literal[LobbyVerb, "hand", "last", "rejoin"]
LOBBY_VERBS: Final[tuple[LobbyVerb, ...]] = get_args(LobbyVerb)
TABLE_VERBS: Final[tuple[TableVerb, ...]] = (*LOBBY_VERBS, "hand", "last", "rejoin")


def table_template(*verbs: str) -> str:
    """The template of the table buttons with these verbs (``TABLE_TEMPLATE`` has them all)."""
    return (
        rf"atout:(?P<verb>{'|'.join(verbs)})"
        r":(?P<table>[0-9]+)"
        r"(?::(?P<arg>[a-z]+))?"
    )


TABLE_TEMPLATE = table_template(*TABLE_VERBS)
RULE_TEMPLATE = r"atout:rule:(?P<table>[0-9]+)(?::(?P<key>[a-z0-9_]+))?"
LEVEL_TEMPLATE = r"atout:level:(?P<table>[0-9]+):(?P<version>[0-9]+)"
PICK_TEMPLATE = r"atout:pick:(?P<table>[0-9]+):(?P<version>[0-9]+):(?P<card>[2-9TJQKA][SHDC])"
CARD = re.compile(r"[2-9TJQKA][SHDC]")
BOARD_TEMPLATE = (
    r"atout:board:(?P<game>[a-z]+):(?P<period>[a-z0-9]+):(?P<page>[0-9]+):(?P<user>[0-9]+)"
    r"(?::(?P<scope>everywhere))?"
)
RECORD_TEMPLATE = r"atout:record:(?P<table>[0-9]+)"
REVIEW_TEMPLATE = r"atout:review:(?P<table>[0-9]+):(?P<deal>[0-9]+)"
REVIEW_SELECT_TEMPLATE = r"atout:review:(?P<table>[0-9]+)"
RESET_TEMPLATE = r"atout:reset:(?P<game>[a-z]+)"
ChallengeVerb = Literal["play", "standings"]
CHALLENGE_VERBS: Final[tuple[ChallengeVerb, ...]] = get_args(ChallengeVerb)
CHALLENGE_TEMPLATE = rf"atout:challenge:(?P<verb>{'|'.join(CHALLENGE_VERBS)}):(?P<challenge>[0-9]+)"
PUZZLE_TEMPLATE = r"atout:puzzle:(?P<puzzle>[0-9]+)(?::(?P<card>[2-9TJQKA][SHDC]))?"
QueueVerb = Literal["leave", "now"]
QUEUE_VERBS: Final[tuple[QueueVerb, ...]] = get_args(QueueVerb)
QUEUE_TEMPLATE = rf"atout:queue:(?P<verb>{'|'.join(QUEUE_VERBS)})"
CHAT_TEMPLATE = r"atout:chat:(?P<table>[0-9]+)"
SEASON_TEMPLATE = (
    r"atout:season:(?P<game>[a-z]+):(?P<season>[0-9]+):(?P<division>[0-9]+):(?P<page>[0-9]+)"
    r":(?P<user>[0-9]+)"
)


class CustomId:
    """One kind of id: its fields, in the order the id spells them after ``atout:`` (and after
    ``VERB``, for a kind with a fixed verb), each named as the group of ``TEMPLATE`` that reads
    it back. An absent optional field (``None``) is left out of the id."""

    VERB: ClassVar[str] = ""
    TEMPLATE: ClassVar[str]

    @property
    def custom_id(self) -> str:
        values = [getattr(self, f.name) for f in fields(self)]  # type: ignore[arg-type]
        verb = [self.VERB] if self.VERB else []
        return ":".join([PREFIX, *verb, *(str(v) for v in values if v is not None)])

    @classmethod
    def parse(cls, text: str | None) -> Self | None:
        """The id ``text`` spells, or ``None`` when it is not one of this kind."""
        match = re.fullmatch(cls.TEMPLATE, text or "")
        if match is None:
            return None
        numbers = _number_fields(cast(Hashable, cls))
        given = {
            f.name: int(match[f.name]) if f.name in numbers and match[f.name] else match[f.name]
            for f in fields(cls)  # type: ignore[arg-type]
        }
        return cls(**given)


@functools.cache
def _number_fields(cls: Hashable) -> frozenset[str]:
    """The fields an id spells as digits, read once a kind: ``get_type_hints`` compiles the
    module's string annotations again at every call (1.6 ms a click under load, 2,000 clicks
    profiled in ``benchmarks/load.py``)."""
    hints = get_type_hints(cast(type, cls))
    return frozenset(name for name, hint in hints.items() if hint is int or int in get_args(hint))


@dataclass(frozen=True)
class ActionButtonId(CustomId):
    """A card, Pass, Coinche, Surcoinche, a bid or a take on a player's hand; ``args`` is what
    follows the version (``JH``, ``110:S``), decoded by ``action``."""

    verb: str
    table: int
    version: int
    args: str | None = None
    TEMPLATE: ClassVar[str] = BUTTON_TEMPLATE

    def action(self) -> Action:
        """``ValueError`` for an id that no hand ever shows."""
        return action_from_button(self.verb, self.args)


@dataclass(frozen=True)
class ActionSelectId(CustomId):
    """Piquet's discards, chiamata's call (``index``: which of several call selects) and trump."""

    verb: str
    table: int
    version: int
    index: int | None = None
    TEMPLATE: ClassVar[str] = SELECT_TEMPLATE

    def action(self, values: list[str]) -> Action:
        return action_from_select(self.verb, values)


@dataclass(frozen=True)
class LevelSelectId(CustomId):
    """Coinche's bid-level select: not an action, it redraws the bidding panel."""

    table: int
    version: int
    VERB: ClassVar[str] = "level"
    TEMPLATE: ClassVar[str] = LEVEL_TEMPLATE


@dataclass(frozen=True)
class PickButtonId(CustomId):
    """Piquet's discards, one card button each: not an action, it marks or unmarks the card
    and redraws the hand; the exchange button then names the marked cards."""

    table: int
    version: int
    card: str
    VERB: ClassVar[str] = "pick"
    TEMPLATE: ClassVar[str] = PICK_TEMPLATE


@dataclass(frozen=True)
class TableButtonId(CustomId):
    """A button about a table, with no version: the lobby's (Join … Start), the table
    message's Hand and Last trick, the turn ping's Rejoin; ``arg`` is the computer level of
    an "add computer" choice."""

    verb: TableVerb
    table: int
    arg: str | None = None
    TEMPLATE: ClassVar[str] = TABLE_TEMPLATE


@dataclass(frozen=True)
class RuleSelectId(CustomId):
    """The lobby's house rules: the rule select (no ``key``), then the value select of one."""

    table: int
    key: str | None = None
    VERB: ClassVar[str] = "rule"
    TEMPLATE: ClassVar[str] = RULE_TEMPLATE


@dataclass(frozen=True)
class BoardButtonId(CustomId):
    """The leaderboard's Previous / Next: the page to show, and whose board it is."""

    game: str
    period: str
    page: int
    user: int
    scope: str | None = None
    """``everywhere``: the instance's ladder (``/leaderboard scope:everywhere``)."""
    VERB: ClassVar[str] = "board"
    TEMPLATE: ClassVar[str] = BOARD_TEMPLATE


@dataclass(frozen=True)
class RecordButtonId(CustomId):
    """``/history``'s button that sends one table's record."""

    table: int
    VERB: ClassVar[str] = "record"
    TEMPLATE: ClassVar[str] = RECORD_TEMPLATE


@dataclass(frozen=True)
class ReviewButtonId(CustomId):
    """ "Review my play" under a deal summary: the table and the deal (from 0)."""

    table: int
    deal: int
    VERB: ClassVar[str] = "review"
    TEMPLATE: ClassVar[str] = REVIEW_TEMPLATE


@dataclass(frozen=True)
class ReviewSelectId(CustomId):
    """The game-over post's "Review my play" select: its values are the deals (from 0)."""

    table: int
    VERB: ClassVar[str] = "review"
    TEMPLATE: ClassVar[str] = REVIEW_SELECT_TEMPLATE


@dataclass(frozen=True)
class ResetButtonId(CustomId):
    """The confirmation of ``/atout ratings-reset`` for one game."""

    game: str
    VERB: ClassVar[str] = "reset"
    TEMPLATE: ClassVar[str] = RESET_TEMPLATE


@dataclass(frozen=True)
class ChallengeButtonId(CustomId):
    """A challenge card's Play and Standings (docs/challenges.md); the server is the click's."""

    verb: ChallengeVerb
    challenge: int
    VERB: ClassVar[str] = "challenge"
    TEMPLATE: ClassVar[str] = CHALLENGE_TEMPLATE


@dataclass(frozen=True)
class PuzzleButtonId(CustomId):
    """A puzzle's answer, one button per legal card (``card``), and the daily post's "Solve it"
    (no card) (docs/puzzles.md); who may answer is the puzzle's and the click's, never the id's."""

    puzzle: int
    card: str | None = None
    VERB: ClassVar[str] = "puzzle"
    TEMPLATE: ClassVar[str] = PUZZLE_TEMPLATE


@dataclass(frozen=True)
class QueueButtonId(CustomId):
    """The ``/play`` answer's Leave the queue and Start now with computers; whose place it is
    is the click's, never the id's."""

    verb: QueueVerb
    VERB: ClassVar[str] = "queue"
    TEMPLATE: ClassVar[str] = QUEUE_TEMPLATE


@dataclass(frozen=True)
class ChatSelectId(CustomId):
    """An open table's quick chat on a player's hand: a phrase (``well_played``…), or
    ``mute:<seat>`` (who sits there, for good)."""

    table: int
    VERB: ClassVar[str] = "chat"
    TEMPLATE: ClassVar[str] = CHAT_TEMPLATE


@dataclass(frozen=True)
class SeasonButtonId(CustomId):
    """A season's standings' Previous / Next page and division up / down (issue 45): the game,
    the season's number, the division (0: none), the page and whose message it is; the server
    is the click's."""

    game: str
    season: int
    division: int
    page: int
    user: int
    VERB: ClassVar[str] = "season"
    TEMPLATE: ClassVar[str] = SEASON_TEMPLATE


def custom_id(verb: str, table_id: int, version: int, *values: object) -> str:
    """An action's id (``atout:<verb>:<table>:<version>[:values]``)."""
    return ":".join([PREFIX, verb, str(table_id), str(version), *(str(v) for v in values)])


def pending_exchange_id(table_id: int, version: int) -> str:
    """The id of Piquet's exchange button while it is disabled: never an action."""
    return custom_id("exchange", table_id, version, PENDING)


def button_id(table_id: int, version: int, action: Action) -> str:
    """The custom_id of the button that takes ``action``."""
    if action.type == "play":
        return custom_id("play", table_id, version, action.card)
    if action.type in ("pass", "coinche", "surcoinche"):
        return custom_id(action.type, table_id, version)
    if action.type == "take":
        return custom_id("take", table_id, version, action.trump)
    if action.type == "bid":
        return custom_id("bid", table_id, version, action.value, action.trump)
    if action.type == "exchange" and action.cards == ():
        return custom_id("exchange", table_id, version, KEEP_HAND)
    if action.type == "exchange" and action.cards:
        return custom_id("exchange", table_id, version, *action.cards)
    raise ValueError(f"no button for {action}")


def action_from_button(verb: str, args: str | None) -> Action:
    """Inverse of ``button_id``; ``ValueError`` for a custom_id that no hand ever shows."""
    parts = args.split(":") if args else []
    if verb == "play" and len(parts) == 1:
        return Action.from_json({"type": "play", "card": parts[0]})
    if verb in ("pass", "coinche", "surcoinche") and not parts:
        return Action.from_json({"type": verb})
    if verb == "take" and len(parts) == 1:
        return Action.from_json({"type": "take", "trump": parts[0]})
    if verb == "exchange" and parts == [KEEP_HAND]:
        return Action.from_json({"type": "exchange", "cards": []})
    if verb == "exchange" and parts and all(CARD.fullmatch(part) for part in parts):
        return Action.from_json({"type": "exchange", "cards": parts})
    if verb == "bid" and len(parts) == 2:
        value: int | str = int(parts[0]) if parts[0].isdigit() else parts[0]
        return Action.from_json({"type": "bid", "value": value, "trump": parts[1]})
    raise ValueError(f"malformed {verb} button")


def select_value(action: Action) -> str:
    """The option value of ``action`` in its select (call and trump selects)."""
    if action.type == "call":
        assert action.rank is not None
        return action.rank if action.points is None else f"{action.rank}:{action.points}"
    if action.type == "trump":
        assert action.suit is not None
        return action.suit
    raise ValueError(f"no select value for {action}")


def action_from_select(verb: str, values: list[str]) -> Action:
    if verb == "exchange":
        return Action.from_json({"type": "exchange", "cards": list(values)})
    if len(values) != 1:
        raise ValueError(f"{verb} takes one value")
    value = values[0]
    if verb == "call":
        rank, _, points = value.partition(":")
        obj: dict[str, Any] = {"type": "call", "rank": rank}  # JSON: an action (docs/records.md)
        if points:
            obj["points"] = int(points)
        return Action.from_json(obj)
    if verb == "trump":
        return Action.from_json({"type": "trump", "suit": value})
    raise ValueError(f"malformed {verb} select")
