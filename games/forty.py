"""The trick play of the forty-card games — Briscola, Briscola a chiamata and Sueca (docs/rules.md §5,
§6, §7) — written once.

``FortyCardGame`` holds what the three games share: a fixed trump suit per deal, one card per seat
per trick, the winner by ``games.tricks.trick_winner``, card points counted per seat and per side,
the trick events and the common view. Each game adds its deal, its follow rule
(``must_follow``), its bidding where it has one, and its scoring (``_end_deal``). Hands are lists of
card codes: with 40 cards a list scan is cheaper than any index structure, and the state stays
plain JSON.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from games.actions import PLAY, Action
from games.base import Game, IllegalAction
from games.tricks import trick_winner
from games.views import CommonView, Scores, common_view


class FortyCardGame(Game):
    """Trick play with a fixed trump suit and card points (Briscola §5.4, chiamata §6.4,
    Sueca §7.3)."""

    STRENGTH: ClassVar[dict[str, int]]
    """Rank letter → strength (higher wins): ``FACTS`` in the engines' own fast form."""
    POINTS: ClassVar[dict[str, int]]
    """Card code → points, for every card of the deck."""
    MUST_FOLLOW: ClassVar[bool] = False
    ACTION_TYPES: ClassVar[frozenset[str]] = frozenset({"play"})
    CLONE_NESTED: ClassVar[frozenset[str]] = frozenset({"hands"})

    # The deal state; set by ``_reset_deal`` and ``_start_deal``.
    hands: list[list[str]]
    trump: str | None
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
        self.trick = []
        self.last_trick = None
        self.turn = 0
        self.tricks_won = [0] * n
        self.points = [0] * n
        self.tricks_played = 0
        self.last_winner = None

    # ------------------------------------------------------------------------ hooks
    @classmethod
    def follows_suit(cls, options: Mapping[str, Any]) -> bool:
        return cls.MUST_FOLLOW

    def must_follow(self) -> bool:
        """``follows_suit`` for this table, on the play's hot path without a dictionary
        look-up where the game has no option for it."""
        return self.MUST_FOLLOW

    def _on_card(self, seat: int, card: str) -> None:
        """Called after ``card`` left ``seat``'s hand and joined the trick (Sueca: the face-up
        trump card is played; chiamata: the called card reveals the partner)."""

    def _after_trick(self, winner: int) -> None:
        """Called after a trick is taken, before the next lead (Briscola: drawing)."""

    @abstractmethod
    def _end_deal(self) -> None:
        """Score the finished deal: call ``_settle`` and end the match when it is won."""

    # --------------------------------------------------------------------- the contract
    def _play_actions(self, seat: int) -> list[Action]:
        """The (interned) plays ``seat`` may make to the trick in progress."""
        hand = self.hands[seat]
        if self.trick and self.must_follow():
            led = self.trick[0][1][1]
            follow = [PLAY[c] for c in hand if c[1] == led]
            if follow:
                return follow
        return [PLAY[c] for c in hand]

    def _legal_actions(self, seat: int) -> list[Action]:
        return self._play_actions(seat)

    def _check_follow(self, seat: int, card: str) -> None:
        if self.trick and self.must_follow():
            led = self.trick[0][1][1]
            if card[1] != led and any(c[1] == led for c in self.hands[seat]):
                raise IllegalAction("must_follow", suit=led)

    def _check_play(self, seat: int, action: Action) -> str:
        """The card ``action`` plays, once it is known to be legal; raises ``IllegalAction``."""
        if action.type != "play" or action.card is None:
            raise IllegalAction("no_such_action", game=self.NAME, action=action.type)
        if seat != self.turn:
            raise IllegalAction("not_your_turn", seat=self.turn)
        card = action.card
        if card not in self.hands[seat]:
            raise IllegalAction("card_not_in_hand", card=card)
        self._check_follow(seat, card)
        return card

    def _validate(self, seat: int, action: Action) -> None:
        self._check_play(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        self._play_card(seat, self._check_play(seat, action))

    def _play_card(self, seat: int, card: str) -> None:
        """Play a card already known to be legal: the trick, its winner, points and events."""
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

    def winning_seat(self) -> int | None:
        if not self.trick:
            return None
        return trick_winner(self.trick, self.STRENGTH, self.trump)

    # ---------------------------------------------------------------------- helpers
    def side_points(self) -> list[int]:
        """Card points of the completed tricks of this deal, per side."""
        out = [0] * self.sides
        for seat, pts in enumerate(self.points):
            out[self.side_of(seat)] += pts
        return out

    def _settle(self, scores: list[int], trick_points: list[int]) -> None:
        """Record the deal's result and add its scores to the match totals."""
        self._finish_deal(trick_points, scores)
        for side, score in enumerate(scores):
            self.totals[side] += score

    def _close_match(self, winners: list[int]) -> None:
        self.over = True
        self.winners = winners
        self.phase = "over"

    def _common_view(self, seat: int | None) -> CommonView[None]:
        scores: Scores = {"deal": self.side_points(), "game": list(self.totals)}
        return common_view(
            self,
            seat,
            phase="over" if self.over else self.phase,
            hand=list(self.hands[seat]) if seat is not None else [],
            hand_sizes=[len(h) for h in self.hands],
            trick=self.trick,
            last_trick=self.last_trick,
            tricks_won=list(self.tricks_won),
            trump=self.trump,
            scores=scores,
            events=self.events,
        )


__all__ = ["FortyCardGame"]
