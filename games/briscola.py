"""Briscola for 2, 3, 4 or 6 players (docs/rules.md §5), and the trick play it shares with Sueca.

``FortyCardGame`` holds what Briscola and Sueca have in common — a fixed trump suit, one card per
seat per trick, card points counted per side, and the views — so that each game only adds its deal,
its follow rule and its scoring. It keeps hands as lists of card codes: with 40 cards a list scan
is cheaper than any index structure, and the state stays plain JSON.

View keys added by Briscola (besides docs/architecture.md's common ones):

- ``stock_size``: cards left in the stock, the face-up trump card included;
- ``trump_card``: the face-up trump card while it lies under the stock, ``None`` once drawn;
- ``teams``: the seats of each side (one seat per side with 2 or 3 players);
- ``hands_to_win``: the match target;
- ``partner_hands``: ``{seat: cards}`` of the viewer's partners, only under
  ``partners_view_after_stock`` once the stock is empty (docs/rules.md §5.4), otherwise ``{}``.

Events: ``trick`` (winner, cards, points), ``trump_card_drawn`` (who took the face-up card: it is
seen going into that hand) and ``deal_result``. Drawing other cards is never an event's business:
which card each player drew is hidden.
"""

from __future__ import annotations

from abc import abstractmethod
from functools import cache
from typing import Any, ClassVar, Final, TypeVar

from games.actions import PLAY, Action
from games.base import Game, IllegalAction
from games.cards import DECK_40, SUIT_NAMES
from games.options import boolean, choice, integer
from games.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS, strength_table, trick_winner

F = TypeVar("F", bound="FortyCardGame")

TWOS: Final = ("2C", "2H", "2D", "2S")


class FortyCardGame(Game):
    """Trick play with a fixed trump suit and card points (Briscola §5.4, Sueca §7.3)."""

    STRENGTH: ClassVar[dict[str, int]]
    POINTS: ClassVar[dict[str, int]]
    """Card code → points, for every card of the deck."""
    MUST_FOLLOW: ClassVar[bool]
    ACTION_TYPES: ClassVar[frozenset[str]] = frozenset({"play"})

    # The deal state; set by ``_reset_deal`` and ``_start_deal``.
    hands: list[list[str]]
    trump: str | None
    trump_card: str | None
    trick: list[list[Any]]
    last_trick: list[list[Any]] | None
    turn: int
    tricks_won: list[int]
    points: list[int]
    tricks_played: int
    last_winner: int | None

    def _reset_deal(self) -> None:
        n = self.seats
        self.hands = [[] for _ in range(n)]
        self.trump = None
        self.trump_card = None
        self.trick = []
        self.last_trick = None
        self.turn = 0
        self.tricks_won = [0] * n
        self.points = [0] * n
        self.tricks_played = 0
        self.last_winner = None

    # ------------------------------------------------------------------------ hooks
    def _on_card(self, seat: int, card: str) -> None:
        """Called after ``card`` left ``seat``'s hand (Sueca: the face-up trump card is played)."""

    def _after_trick(self, winner: int) -> None:
        """Called after a trick is taken, before the next lead (Briscola: drawing)."""

    @abstractmethod
    def _end_deal(self) -> None:
        """Score the finished deal: call ``_settle`` and end the match when it is won."""

    # --------------------------------------------------------------------- the contract
    def _legal_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.MUST_FOLLOW and self.trick:
            led = self.trick[0][1][1]
            follow = [PLAY[c] for c in hand if c[1] == led]
            if follow:
                return follow
        return [PLAY[c] for c in hand]

    def _check_play(self, seat: int, action: Action) -> str:
        """The card ``action`` plays, once it is known to be legal; raises ``IllegalAction``."""
        if action.type != "play" or action.card is None:
            raise IllegalAction(f"{self.NAME} has no {action.type!r} action")
        if seat != self.turn:
            raise IllegalAction(f"it is seat {self.turn}'s turn")
        card = action.card
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(f"{card} is not in your hand")
        if self.MUST_FOLLOW and self.trick:
            led = self.trick[0][1][1]
            if card[1] != led and any(c[1] == led for c in hand):
                raise IllegalAction(f"must follow {SUIT_NAMES[led]}")
        return card

    def _validate(self, seat: int, action: Action) -> None:
        self._check_play(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        card = self._check_play(seat, action)
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        self._on_card(seat, card)
        if len(self.trick) < self.seats:
            self.turn = (seat + 1) % self.seats
            return
        trick = self.trick
        winner = trick_winner(trick, self.STRENGTH, self.trump)
        points = sum(self.POINTS[c] for _, c in trick)
        self.points[winner] += points
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        self.last_trick = trick
        self.last_winner = winner
        self.trick = []
        self.turn = winner
        self.events.append(
            {"type": "trick", "seat": winner, "winner": winner, "cards": trick, "points": points}
        )
        self._after_trick(winner)
        if not self.hands[winner]:
            self._end_deal()

    def _partial_trick_points(self) -> list[int] | None:
        if self.tricks_played == 0 and not self.trick:
            return None
        return self.side_points()

    # ---------------------------------------------------------------------- helpers
    def side_points(self) -> list[int]:
        """Card points of the completed tricks of this deal, per side."""
        out = [0] * self.sides
        for seat, pts in enumerate(self.points):
            out[self.side_of(seat)] += pts
        return out

    def teams(self) -> list[list[int]]:
        teams: list[list[int]] = [[] for _ in range(self.sides)]
        for seat in range(self.seats):
            teams[self.side_of(seat)].append(seat)
        return teams

    def _settle(self, scores: list[int], trick_points: list[int]) -> None:
        """Record the deal's result and add its scores to the match totals."""
        self._finish_deal(trick_points, scores)
        for side, score in enumerate(scores):
            self.totals[side] += score

    def _close_match(self, winners: list[int]) -> None:
        self.over = True
        self.winners = winners
        self.phase = "over"

    def _common_view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.NAME,
            "seats": self.seats,
            "seat": seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [list(p) for p in self.trick],
            "last_trick": None if self.last_trick is None else [list(p) for p in self.last_trick],
            "tricks_won": list(self.tricks_won),
            "trump": self.trump,
            "contract": None,
            "scores": {"deal": self.side_points(), "game": list(self.totals)},
            "events": [_copy_event(e) for e in self.events],
            "teams": self.teams(),
        }

    def clone(self: F) -> F:
        """A copy that shares only what is never mutated (finished deals, past events, cards)."""
        game = self.__class__.__new__(self.__class__)
        state = dict(vars(self))
        state["options"] = dict(self.options)
        state["totals"] = list(self.totals)
        state["winners"] = list(self.winners)
        if self.log:
            last = dict(self.log[-1])
            last["actions"] = list(last["actions"])
            state["log"] = [*self.log[:-1], last]
        else:
            state["log"] = []
        state["deal_results"] = list(self.deal_results)
        state["events"] = list(self.events)
        state["hands"] = [list(h) for h in self.hands]
        state["trick"] = list(self.trick)
        state["tricks_won"] = list(self.tricks_won)
        state["points"] = list(self.points)
        self._clone_extra(state)
        game.__dict__.update(state)
        return game

    def _clone_extra(self, state: dict[str, Any]) -> None:
        """Copy the game's own mutable attributes into ``state``."""


def _copy_event(event: dict[str, Any]) -> dict[str, Any]:
    """A view's own copy of an event (lists of cards or points, one level of nesting), so that
    whoever holds the view cannot change the game through it."""
    return {
        key: [list(x) if isinstance(x, list) else x for x in value]
        if isinstance(value, list)
        else value
        for key, value in event.items()
    }


@cache
def _briscola_deck(seats: int, removed: str) -> tuple[str, ...]:
    if seats == 3:
        return tuple(c for c in DECK_40 if c != removed)
    if seats == 6:
        return tuple(c for c in DECK_40 if c[0] != "2")
    return DECK_40


def hand_winner(side_points: list[int], last_trick_side: int, tie_rule: str) -> int | None:
    """The side that wins a Briscola hand, ``None`` for a draw (docs/rules.md §5.5).

    Under ``tie_rule = last_trick`` the side of the last trick's winner breaks a tie only when it
    is one of the tied leaders (§10 item 17); with two sides it always is.
    """
    top = max(side_points)
    leaders = [side for side, pts in enumerate(side_points) if pts == top]
    if len(leaders) == 1:
        return leaders[0]
    if tie_rule == "last_trick" and last_trick_side in leaders:
        return last_trick_side
    return None


_BRISCOLA_STRENGTH: Final = strength_table(BRISCOLA_ORDER)
_BRISCOLA_CARD_POINTS: Final = {c: BRISCOLA_POINTS.get(c[0], 0) for c in DECK_40}


class Briscola(FortyCardGame):
    NAME = "briscola"
    SEAT_COUNTS = (2, 3, 4, 6)
    STRENGTH = _BRISCOLA_STRENGTH
    POINTS = _BRISCOLA_CARD_POINTS
    MUST_FOLLOW = False
    OPTIONS = (
        choice(
            "three_player_removed_card",
            "2C",
            TWOS,
            help="which 2 leaves the deck with three players",
        ),
        choice("deal_packet", 3, (3, 1), help="cards per packet when dealing"),
        choice(
            "trump_card_source",
            "next_card",
            ("next_card", "bottom_card"),
            help="the face-up trump: the card after the deal, or the bottom card",
        ),
        choice(
            "tie_rule",
            "draw",
            ("draw", "last_trick"),
            help="a tied hand is drawn, or won by the last trick's winner",
        ),
        integer("hands_to_win", 3, help="hands a side needs to win the match"),
        boolean(
            "partners_view_after_stock",
            False,
            help="partners see each other's hands once the stock is empty",
        ),
    )

    stock: list[str]

    @property
    def sides(self) -> int:
        # docs/rules.md §5.2: alone with 2 or 3 players, two alternating teams with 4 or 6.
        return 2 if self.seats in (4, 6) else self.seats

    def _init_match(self) -> None:
        self._reset_deal()
        self.stock = []

    def full_deck(self) -> tuple[str, ...]:
        return _briscola_deck(self.seats, self.options["three_player_removed_card"])

    def _start_deal(self, deck: list[str]) -> None:
        n = self.seats
        self._reset_deal()
        first = (self.dealer + 1) % n
        if self.options["deal_packet"] == 3:
            for k in range(n):
                self.hands[(first + k) % n] = deck[3 * k : 3 * k + 3]
        else:
            for k in range(n):
                self.hands[(first + k) % n] = [deck[r * n + k] for r in range(3)]
        # The stock in drawing order; the face-up trump card is always its last card.
        if self.options["trump_card_source"] == "next_card":
            self.trump_card = deck[3 * n]
            self.stock = [*deck[3 * n + 1 :], deck[3 * n]]
        else:
            self.trump_card = deck[-1]
            self.stock = deck[3 * n :]
        self.trump = self.trump_card[1]
        self.turn = first
        self.phase = "play"

    def _after_trick(self, winner: int) -> None:
        stock = self.stock
        if not stock:
            return
        n = self.seats
        hands = self.hands
        for k in range(n):
            seat = (winner + k) % n
            hands[seat].append(stock.pop(0))
        if not stock:
            self.events.append(
                {"type": "trump_card_drawn", "seat": (winner + n - 1) % n, "card": self.trump_card}
            )
            self.trump_card = None

    def _end_deal(self) -> None:
        trick_points = self.side_points()
        assert self.last_winner is not None
        winner = hand_winner(trick_points, self.side_of(self.last_winner), self.options["tie_rule"])
        scores = [0] * self.sides
        if winner is not None:
            scores[winner] = 1
        self.events.append(
            {
                "type": "deal_result",
                "seat": None,
                "winner": winner,
                "trick_points": trick_points,
                "scores": scores,
            }
        )
        self._settle(scores, trick_points)
        if winner is not None and self.totals[winner] >= self.options["hands_to_win"]:
            self._close_match([winner])

    def _clone_extra(self, state: dict[str, Any]) -> None:
        state["stock"] = list(self.stock)

    def view(self, seat: int | None) -> dict[str, Any]:
        out = self._common_view(seat)
        playing = self.phase == "play"
        out["stock_size"] = len(self.stock) if playing else 0
        out["trump_card"] = self.trump_card if playing else None
        out["hands_to_win"] = self.options["hands_to_win"]
        partners: dict[str, list[str]] = {}
        if (
            seat is not None
            and playing
            and not self.stock
            and self.options["partners_view_after_stock"]
            and self.sides < self.seats
        ):
            side = self.side_of(seat)
            for other in range(self.seats):
                if other != seat and self.side_of(other) == side:
                    partners[str(other)] = list(self.hands[other])
        out["partner_hands"] = partners
        return out


__all__ = ["Briscola", "FortyCardGame", "hand_winner"]
