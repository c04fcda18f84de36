"""Briscola for 2, 3, 4 or 6 players (docs/rules.md §5), on the forty-card trick play of
``games.forty`` (shared with chiamata and Sueca): this module adds the deal, the stock and the
drawing, and the hand and match scoring.

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

from collections.abc import Mapping
from functools import cache
from typing import Any, Final, cast

from games.cards import DECK_40
from games.facts import plain_facts
from games.forty import FortyCardGame
from games.options import boolean, choice, integer
from games.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS, strength_table
from games.views import BriscolaOptions, BriscolaView

TWOS: Final = ("2C", "2H", "2D", "2S")


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
    FACTS = plain_facts(BRISCOLA_ORDER, BRISCOLA_POINTS)
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
        integer(
            "hands_to_win",
            3,
            help="hands a side needs to win the match",
            command=1,
            suggested=(1, 2, 3, 4, 5),
        ),
        boolean(
            "partners_view_after_stock",
            False,
            help="partners see each other's hands once the stock is empty",
        ),
    )

    stock: list[str]
    trump_card: str | None

    @property
    def sides(self) -> int:
        # docs/rules.md §5.2: alone with 2 or 3 players, two alternating teams with 4 or 6.
        return 2 if self.seats in (4, 6) else self.seats

    def _init_match(self) -> None:
        self._reset_deal()
        self.stock = []

    def _reset_deal(self) -> None:
        super()._reset_deal()
        self.trump_card = None

    @classmethod
    def deck_for(cls, options: Mapping[str, Any], seats: int) -> tuple[str, ...]:
        return _briscola_deck(seats, options["three_player_removed_card"])

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

    def view(self, seat: int | None) -> BriscolaView:
        playing = self.phase == "play"
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
        return {
            **self._common_view(seat),
            "game": "briscola",
            "options": cast(BriscolaOptions, dict(self.options)),
            "stock_size": len(self.stock) if playing else 0,
            "trump_card": self.trump_card if playing else None,
            "hands_to_win": self.options["hands_to_win"],
            "partner_hands": partners,
        }


__all__ = ["Briscola", "FortyCardGame", "hand_winner"]
