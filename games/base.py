"""The engine contract every game implements (docs/architecture.md, "The game engine contract").

``Game`` holds what is common to all six games — options, the deck and action log of every deal
(from which records are exported), the per-deal results that ``python -m games replay`` prints, the
public events of the deal, and JSON snapshots — so that each game module contains only its rules.

Life of a game::

    game = Coinche(options={"target_score": 2000}, seats=4, dealer=3)
    while not game.over:
        game.deal(shuffled_deck)              # when game.awaiting_deck
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            action = pick(game.legal_actions(seat))
            game.apply(seat, action)          # IllegalAction leaves the state unchanged

Rules for subclasses:
- ``_apply`` must validate completely before it mutates anything, and raise ``IllegalAction``
  with a reason a player can read ("must follow hearts", "it is seat 2's turn"). Engines put that
  test in ``_validate`` (which ``is_legal`` and ``check`` use without copying the game).
- All state lives in instance attributes holding JSON types only (int, str, bool, None, lists and
  dicts with ``str`` keys) so that ``to_dict`` / ``from_dict`` are exact. No tuples, no sets.
- When a deal ends, call ``_finish_deal`` (it records the result and moves to the next deal) and
  set ``over`` / ``winners`` / ``totals`` as the rules say.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, TypeVar

from games import reasons
from games.actions import Action
from games.cards import parse_card
from games.facts import CardFacts
from games.options import OptionSpec, validate
from games.views import DealRecord, Decision, Event, GameView

RECORD_FORMAT = "atout-record/1"

DECISIONS: Final[dict[str, Decision]] = {
    "taking": "take",
    "auction": "bid",
    "bidding": "bid",
    "exchange": "exchange",
    "trump": "trump",
    "play": "play",
}
"""The decision asked of the seat to act in each phase an engine uses."""

G = TypeVar("G", bound="Game")


def seat_teams(seats: int, sides: int) -> list[list[int]]:
    """The seats of each side when sides alternate round the table (``side = seat % sides``): the
    rule of every game here, partnerships sitting opposite, a side per player otherwise."""
    return [list(range(side, seats, sides)) for side in range(sides)]


class IllegalAction(Exception):
    """An action the rules forbid now, as a ``code`` with ``params`` (``games.reasons``) so that
    each player reads it in their language; ``reason`` is the engines' English sentence, without
    a full stop, for the command line and records."""

    def __init__(self, code: str, /, **params: str | int | None) -> None:
        self.code = code
        self.params = params
        self.reason = reasons.english(code, params)
        super().__init__(self.reason)


class Game(ABC):
    NAME: ClassVar[str]
    SEAT_COUNTS: ClassVar[tuple[int, ...]]
    OPTIONS: ClassVar[tuple[OptionSpec, ...]]
    ACTION_TYPES: ClassVar[frozenset[str]]
    FACTS: ClassVar[CardFacts]
    """How this game's cards rank and score (``games.facts``)."""
    CLONE_NESTED: ClassVar[frozenset[str]] = frozenset()
    """Attributes holding lists whose items the engine changes in place (``hands`` as lists of
    cards): ``clone`` copies those items too. Everything else nested is replaced, never changed."""
    ENGINE_VERSION: ClassVar[int] = 1
    """Bump when a rule change would make a stored snapshot wrong; the bot then replays the log."""

    def __init__(
        self, options: Mapping[str, Any] | None = None, seats: int | None = None, dealer: int = 0
    ) -> None:
        if seats is None:
            seats = self.SEAT_COUNTS[0]
        self.options: dict[str, Any] = self.check_options(options, seats)
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise ValueError(f"dealer must be a seat from 0 to {seats - 1}, not {dealer!r}")
        self.seats: int = seats
        self.dealer: int = dealer
        self.phase: str = "deal"
        self.over: bool = False
        self.winners: list[int] = []
        self.totals: list[int] = [0] * self.sides
        self.log: list[dict[str, Any]] = []
        self.deal_results: list[DealRecord] = []
        self.events: list[Event] = []
        self.turn: int | None = (dealer + 1) % seats
        self._init_match()

    # ----------------------------------------------------------------- what a game must define
    @abstractmethod
    def _init_match(self) -> None:
        """Set the match-level state that is not in ``Game.__init__`` (carry-overs, game counts…)."""

    @classmethod
    @abstractmethod
    def deck_for(cls, options: Mapping[str, Any], seats: int) -> tuple[str, ...]:
        """The cards a deal uses at a table of these rules (every key, as ``options`` holds
        them) and this many seats, in any order: a class fact, so that a computer player holding
        only a view (its ``options`` and ``seats``) reads the deck here rather than keep a copy
        of each game's deck rules."""

    @classmethod
    def follows_suit(cls, options: Mapping[str, Any]) -> bool:
        """Whether a player must follow the suit led when he can, under these rules (Belote's
        trump duties come on top of it; Briscola has no duty, chiamata makes it an option)."""
        return True

    def full_deck(self) -> tuple[str, ...]:
        """The cards of this game with these options and this many seats, in any order."""
        return self.deck_for(self.options, self.seats)

    @abstractmethod
    def _start_deal(self, deck: list[str]) -> None:
        """Deal ``deck`` (validated, upper case, top card first) exactly as docs/rules.md describes."""

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` between deals and once the game is over.
        Engines keep the seat to act in ``turn``; Piquet, whose exchanges follow their own
        order, overrides this."""
        if self.over or self.phase == "deal":
            return None
        return self.turn

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat``, which is the seat to act."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Validate completely, then apply; raise ``IllegalAction`` before changing anything."""

    @abstractmethod
    def view(self, seat: int | None) -> GameView:
        """What ``seat`` may see (``None``: the public): ``games.views.common_view`` builds the
        common keys, the engine adds its own (its ``games.views`` type)."""

    @abstractmethod
    def winning_seat(self) -> int | None:
        """The seat winning the trick in progress, ``None`` when no card is on the table."""

    @abstractmethod
    def _partial_trick_points(self) -> list[int] | None:
        """Card points per side of the completed tricks of the deal in progress (no last-trick
        bonus), ``None`` before the first card (docs/rules.md §10 item 13)."""

    # -------------------------------------------------------------------- optional hooks
    @classmethod
    def check_options(
        cls, options: Mapping[str, Any] | None, seats: int | None = None
    ) -> dict[str, Any]:
        """The options a table of ``seats`` would play with, every default filled in; raises
        ``OptionError`` (or ``ValueError`` for the seat count) with the engines' sentence. The
        one check behind the engine, ``/<game> start`` and the lobby's house rules, so a value
        one of them accepts is never refused by another."""
        if seats is not None and (type(seats) is not int or seats not in cls.SEAT_COUNTS):
            allowed = ", ".join(str(n) for n in cls.SEAT_COUNTS)
            raise ValueError(f"{cls.NAME} is played by {allowed} players, not {seats!r}")
        return cls.resolve_options(validate(cls.OPTIONS, options, cls.NAME))

    @classmethod
    def resolve_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults that depend on other keys (Coinche's ``target_score``); check combinations."""
        return options

    @property
    def sides(self) -> int:
        """How many sides score: 2 in partnership games, one per player where players score alone."""
        return self.seats

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    def teams(self) -> list[list[int]]:
        """The seats of each scoring side (one seat each where players score alone): the one
        source of "who plays with whom" for side names and partners. Overriding ``side_of``
        means overriding this too."""
        return seat_teams(self.seats, self.sides)

    @property
    def decision(self) -> Decision | None:
        """What the seat to act decides now (``None`` when nobody acts)."""
        if self.to_act is None:
            return None
        return DECISIONS.get(self.phase)

    def match_games_won(self) -> list[int] | None:
        """Games won per side where a match counts games (Piquet's), else ``None``: the match's
        result is then its points."""
        return None

    def result_extras(self) -> dict[str, Any]:
        """Extra keys of the replay output (Piquet's ``games_won``)."""
        won = self.match_games_won()
        return {} if won is None else {"games_won": won}

    # ------------------------------------------------------------------------ public API
    @property
    def awaiting_deck(self) -> bool:
        return self.phase == "deal" and not self.over

    def deal(self, deck: Sequence[str]) -> None:
        """Start the next deal from ``deck`` (full deck order, top card first)."""
        if self.over:
            raise IllegalAction("game_over")
        if self.phase != "deal":
            raise IllegalAction("deal_not_finished")
        cards = [parse_card(c) for c in deck]
        if sorted(cards) != sorted(self.full_deck()):
            raise ValueError(
                f"the deck is not a permutation of the {len(self.full_deck())}-card deck of {self.NAME}"
            )
        self.log.append({"dealer": self.dealer, "deck": cards, "actions": []})
        self.events = []
        self._start_deal(cards)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or self.phase == "deal" or seat != self.to_act:
            return []
        return self._legal_actions(seat)

    def is_legal(self, seat: int, action: Action) -> bool:
        """The engine's own check, without side effects. A template (``ActionTemplate``) is legal
        when ``legal_actions`` offers it: its concrete actions are decided one by one."""
        if action.is_template:
            return action in self.legal_actions(seat)
        try:
            self.check(seat, action)
        except IllegalAction:
            return False
        return True

    def check(self, seat: int, action: Action) -> None:
        """Raise ``IllegalAction`` if ``apply`` would; never changes the state."""
        self._check_moment(action)
        self._validate(seat, action)

    def _check_moment(self, action: Action) -> None:
        """What makes any action illegal whatever the game: no deal in progress, a foreign type."""
        if self.over:
            raise IllegalAction("game_over")
        if self.phase == "deal":
            raise IllegalAction("deal_complete")
        if action.type not in self.ACTION_TYPES:
            raise IllegalAction("no_such_action", game=self.NAME, action=action.type)

    def _validate(self, seat: int, action: Action) -> None:
        """The game's own legality test. This default applies the action to a copy; engines
        override it with a direct test (``_apply`` calls the same test before mutating), since
        search and the bot's button checks call it often."""
        self.clone()._apply(seat, action)

    def apply(self, seat: int, action: Action) -> None:
        self._check_moment(action)
        self._apply(seat, action)
        entry = {"seat": seat}
        entry.update(action.to_json())
        self.log[-1]["actions"].append(entry)

    def public_view(self) -> GameView:
        return self.view(None)

    @property
    def action_count(self) -> int:
        """Actions applied since the start of the game: the table's version in custom_ids."""
        return sum(len(d["actions"]) for d in self.log)

    # -------------------------------------------------------------------------- results
    def _finish_deal(
        self, trick_points: list[int] | None, scores: list[int], next_dealer: int | None = None
    ) -> None:
        self.deal_results.append(
            {
                "dealer": self.dealer,
                "complete": True,
                "trick_points": trick_points,
                "scores": list(scores),
            }
        )
        self.phase = "deal"
        self.dealer = (self.dealer + 1) % self.seats if next_dealer is None else next_dealer

    def replay_result(self) -> dict[str, Any]:
        """The object ``python -m games replay`` prints (docs/records.md)."""
        deals = [dict(d) for d in self.deal_results]
        if len(self.log) > len(self.deal_results):
            deals.append(
                {
                    "dealer": self.log[-1]["dealer"],
                    "complete": False,
                    "trick_points": self._partial_trick_points(),
                    "scores": [0] * self.sides,
                }
            )
        out: dict[str, Any] = {
            "game": self.NAME,
            "deals": deals,
            "totals": list(self.totals),
            "over": self.over,
            "winners": list(self.winners),
        }
        out.update(self.result_extras())
        return out

    def to_record(self, completed_only: bool = False) -> dict[str, Any]:
        """The canonical record (docs/records.md). ``completed_only`` leaves out the deal in progress,
        whose deck would reveal the hands."""
        deals = self.log[: len(self.deal_results)] if completed_only else self.log
        return {
            "format": RECORD_FORMAT,
            "game": self.NAME,
            "seats": self.seats,
            "options": dict(self.options),
            "deals": [
                {
                    "dealer": d["dealer"],
                    "deck": list(d["deck"]),
                    "actions": [dict(a) for a in d["actions"]],
                }
                for d in deals
            ],
        }

    # ------------------------------------------------------------------------ snapshots
    CACHES: ClassVar[tuple[str, ...]] = ()
    """Attributes that are caches, not state: left out of snapshots."""

    def _state(self) -> dict[str, Any]:
        state = vars(self)
        if self.CACHES:
            state = {k: v for k, v in state.items() if k not in self.CACHES}
        return state

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.to_json())
        return data

    def to_json(self) -> str:
        """``to_dict`` as compact JSON, encoded once from the game itself: what a step's
        snapshot stores (the dictionary was built by a JSON round trip, then encoded again)."""
        data = {"game": self.NAME, "engine_version": self.ENGINE_VERSION, "state": self._state()}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_dict(cls: type[G], data: Mapping[str, Any]) -> G:
        if data.get("game") != cls.NAME:
            raise ValueError(f"a {data.get('game')!r} snapshot is not a {cls.NAME} game")
        if data.get("engine_version") != cls.ENGINE_VERSION:
            raise ValueError("snapshot from another engine version: replay the log instead")
        game = cls.__new__(cls)
        game.__dict__.update(json.loads(json.dumps(data["state"])))
        return game

    def clone(self: G) -> G:
        """An independent copy for search and checks, without the JSON round trip of a snapshot.

        The engines keep to one discipline that makes this shallow copy enough: a top-level list
        or dict attribute may be changed in place (it is copied here), the items of the lists
        named in ``CLONE_NESTED`` too (copied one level deeper), and the current deal's action
        list (copied); every other nested value — events, finished deals, past tricks, cards —
        is replaced when it changes, never mutated, so the copy shares it safely.
        ``tests/games/test_contract.py`` plays on clones of every game and checks the original
        is untouched."""
        game = self.__class__.__new__(self.__class__)
        state = self.__dict__.copy()
        for key, value in state.items():
            kind = type(value)
            if kind is list or kind is dict:
                state[key] = value.copy()
        for key in self.CLONE_NESTED:
            state[key] = [list(item) for item in state[key]]
        log = state["log"]
        if log:
            last = dict(log[-1])
            last["actions"] = list(last["actions"])
            log[-1] = last
        game.__dict__.update(state)
        return game
