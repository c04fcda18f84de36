"""Game records (docs/records.md): validation, replay and canonical export.

A record is checked in two passes, as docs/records.md requires: first its shape (anything malformed is
reported before a single action is replayed), then the replay itself, where an illegal action and
the few malformations that only replaying can reveal (a wrong later dealer, a deal after an
incomplete deal or after the end of the match) are reported in the order they occur.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from games.actions import Action, MalformedAction
from games.base import RECORD_FORMAT, Game, IllegalAction
from games.cards import is_card_code
from games.options import OptionError
from games.registry import GAME_NAMES, game_class

Json = dict[str, Any]
"""A JSON object as ``json.loads`` gives it: a record, an action, a deal's result, or a JSON
column of storage (a table's settings, a server's). The bot's one name for it."""


class MalformedRecord(ValueError):
    """The record is not a well-formed atout-record/1 document (replay exit code 2)."""


class IllegalRecordAction(Exception):
    """A well-formed action the rules forbid at that point (replay exit code 1)."""

    def __init__(self, deal: int, action: int, seat: int, reason: str) -> None:
        self.deal, self.action, self.seat, self.reason = deal, action, seat, reason
        super().__init__(f"deal {deal}, action {action} (seat {seat}): {reason}")


@dataclass(frozen=True)
class ParsedDeal:
    dealer: int | None
    deck: list[str]
    actions: list[tuple[int, Action]]


@dataclass(frozen=True)
class ParsedRecord:
    game: str
    seats: int
    options: dict[str, Any]
    deals: list[ParsedDeal]

    def new_game(self) -> Game:
        dealer = self.deals[0].dealer if self.deals else 0
        return game_class(self.game)(options=self.options, seats=self.seats, dealer=dealer or 0)


def loads(text: str | bytes) -> ParsedRecord:
    """Parse and check a record's JSON text; ``MalformedRecord`` says what is wrong."""
    try:
        obj = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise MalformedRecord(f"not JSON: {exc}") from None
    except RecursionError:
        raise MalformedRecord("not a record: JSON nested too deeply") from None
    return parse(obj)


def parse(obj: Any) -> ParsedRecord:
    if not isinstance(obj, dict):
        raise MalformedRecord("a record must be a JSON object")
    if obj.get("format") != RECORD_FORMAT:
        raise MalformedRecord(f"format must be {RECORD_FORMAT!r}, not {obj.get('format')!r}")
    name = obj.get("game")
    if name not in GAME_NAMES:
        raise MalformedRecord(f"unknown game {name!r}")
    cls = game_class(name)
    seats = obj.get("seats", cls.SEAT_COUNTS[0])
    if type(seats) is not int or seats not in cls.SEAT_COUNTS:
        raise MalformedRecord(f"{name} cannot be played by {seats!r} players")
    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise MalformedRecord("options must be a JSON object")
    try:
        probe = cls(options=options, seats=seats, dealer=0)
    except (OptionError, ValueError) as exc:
        raise MalformedRecord(str(exc)) from None
    full_deck = sorted(probe.full_deck())
    deals = obj.get("deals")
    if not isinstance(deals, list):
        raise MalformedRecord("the record has no 'deals' list")
    parsed = [_parse_deal(i, d, cls, seats, full_deck) for i, d in enumerate(deals)]
    if parsed and parsed[0].dealer is None:
        raise MalformedRecord("deal 0 has no 'dealer'")
    return ParsedRecord(name, seats, dict(options), parsed)


def _parse_deal(
    index: int, deal: Any, cls: type[Game], seats: int, full_deck: list[str]
) -> ParsedDeal:
    where = f"deal {index}"
    if not isinstance(deal, dict):
        raise MalformedRecord(f"{where} is not a JSON object")
    dealer = deal.get("dealer")
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < seats):
        raise MalformedRecord(f"{where}: dealer {dealer!r} is not a seat")
    deck = deal.get("deck")
    if not isinstance(deck, list):
        raise MalformedRecord(f"{where} has no 'deck' list")
    if not all(is_card_code(c) for c in deck):
        raise MalformedRecord(f"{where}: the deck holds something that is not a card code")
    cards = [c.upper() for c in deck]
    if sorted(cards) != full_deck:
        raise MalformedRecord(
            f"{where}: the deck is not a permutation of the {len(full_deck)}-card deck"
        )
    actions = deal.get("actions")
    if not isinstance(actions, list):
        raise MalformedRecord(f"{where} has no 'actions' list")
    parsed: list[tuple[int, Action]] = []
    for j, raw in enumerate(actions):
        here = f"{where}, action {j}"
        if not isinstance(raw, dict):
            raise MalformedRecord(f"{here} is not a JSON object")
        seat = raw.get("seat")
        if type(seat) is not int or not 0 <= seat < seats:
            raise MalformedRecord(f"{here}: seat {seat!r} is not at the table")
        kind = raw.get("type")
        # A list or an object is not hashable: test the type before looking it up.
        if not isinstance(kind, str) or kind not in cls.ACTION_TYPES:
            raise MalformedRecord(f"{here}: {cls.NAME} has no {_short(kind)} action")
        try:
            action = Action.from_json(raw)
        except MalformedAction as exc:
            raise MalformedRecord(f"{here}: {exc}") from None
        parsed.append((seat, action))
    return ParsedDeal(dealer, cards, parsed)


def _short(value: Any) -> str:
    """``repr`` cut to one short line: the error names the culprit without echoing a huge value."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def replay(record: ParsedRecord, game: Game | None = None) -> Game:
    """Replay every deal; raises ``IllegalRecordAction`` or ``MalformedRecord`` where it stops.

    The one replay of a log: records, a table's restart and ``migrate-db``'s check all come
    here. ``game`` is the engine to replay onto when the caller knows more than the record (a
    table's first dealer before its first deal); by default, the record's own new game."""
    game = record.new_game() if game is None else game
    for i, deal in enumerate(record.deals):
        if game.over:
            raise MalformedRecord(f"deal {i} comes after the end of the match")
        if not game.awaiting_deck:
            raise MalformedRecord(f"deal {i} comes after a deal that is not complete")
        if deal.dealer is not None and deal.dealer != game.dealer:
            raise MalformedRecord(
                f"deal {i}: the dealer must be seat {game.dealer}, not seat {deal.dealer}"
            )
        game.deal(deal.deck)
        for j, (seat, action) in enumerate(deal.actions):
            try:
                game.apply(seat, action)
            except IllegalAction as exc:
                raise IllegalRecordAction(i, j, seat, exc.reason) from None
    return game


def replay_before(record: ParsedRecord, deal: int) -> Game:
    """The match as it stood when deal ``deal`` (counted from 0) was about to be dealt: the
    record's deals before it replayed by ``replay``, with its checks. What a puzzle, a
    review or a position served from a record starts from."""
    return replay(replace(record, deals=record.deals[:deal]), record.new_game())
