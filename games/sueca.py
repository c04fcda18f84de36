"""Sueca, the Portuguese four-player partnership game (docs/rules.md §7).

The trick play is Briscola's (``FortyCardGame``) with Sueca's rank order and the duty to follow
suit; this module adds the ten-card deal with the dealer's trump card, the 1-or-2-games scoring,
the bandeira and the 60–60 bonus carried to the next hand.

View keys added by Sueca (besides docs/architecture.md's common ones):

- ``trump_card``: the dealer's face-up card that set trumps, until the dealer plays it;
- ``trump_card_seat``: who holds it (the dealer of the deal), ``None`` once played;
- ``teams``: ``[[0, 2], [1, 3]]``;
- ``games_to_win``: the match target;
- ``pending_bonus``: games the next won hand adds after 60–60 hands (docs/rules.md §7.4).

Events: ``trick`` (winner, cards, points) and ``deal_result`` (games scored, bandeira, bonus).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, cast

from games.cards import DECK_40
from games.facts import plain_facts
from games.forty import FortyCardGame
from games.options import choice, integer
from games.tricks import SUECA_ORDER, SUECA_POINTS, strength_table
from games.views import SuecaOptions, SuecaView

_SUECA_STRENGTH: Final = strength_table(SUECA_ORDER)
_SUECA_CARD_POINTS: Final = {c: SUECA_POINTS.get(c[0], 0) for c in DECK_40}


@dataclass(frozen=True)
class HandResult:
    winner: int | None
    scores: list[int]
    bandeira: bool
    bonus_used: int
    pending_bonus: int


def hand_result(
    points: list[int],
    team_tricks: list[int],
    totals: list[int],
    pending_bonus: int,
    options: Mapping[str, Any],
) -> HandResult:
    """Games each team scores for a hand (docs/rules.md §7.4, §10 item 20).

    ``points`` and ``team_tricks`` are per team; ``totals`` are the games before the hand and
    ``pending_bonus`` the games carried by earlier 60–60 hands.
    """
    scores = [0, 0]
    if 10 in team_tricks:
        winner = team_tricks.index(10)
        if options["bandeira"] == "match":
            # Exactly the games still needed, so the match ends; the pending bonus is dropped.
            scores[winner] = options["games_to_win"] - totals[winner]
            return HandResult(winner, scores, True, 0, 0)
        scores[winner] = 4 + pending_bonus
        return HandResult(winner, scores, True, pending_bonus, 0)
    if points[0] == points[1]:
        carried = pending_bonus + 1 if options["draw_bonus"] == "carry_one" else pending_bonus
        return HandResult(None, scores, False, 0, carried)
    winner = 0 if points[0] > points[1] else 1
    scores[winner] = (1 if points[winner] <= 90 else 2) + pending_bonus
    return HandResult(winner, scores, False, pending_bonus, 0)


class Sueca(FortyCardGame):
    NAME = "sueca"
    SEAT_COUNTS = (4,)
    FACTS = plain_facts(SUECA_ORDER, SUECA_POINTS)
    STRENGTH = _SUECA_STRENGTH
    POINTS = _SUECA_CARD_POINTS
    MUST_FOLLOW = True
    OPTIONS = (
        choice("deal_packet", 10, (10, 5, 2, 1), help="cards per packet when dealing"),
        choice(
            "trump_card",
            "dealer_last",
            ("dealer_last", "dealer_first"),
            help="the dealer's last card sets trumps, or the first one",
        ),
        integer(
            "games_to_win",
            4,
            help="games a team needs to win the match",
            command=1,
            suggested=(1, 2, 3, 4, 5, 6),
        ),
        choice(
            "bandeira",
            "match",
            ("match", "four_games"),
            help="all ten tricks win the match, or four games",
        ),
        choice(
            "draw_bonus",
            "carry_one",
            ("carry_one", "none"),
            help="a 60–60 hand gives the next winner one more game, or nothing",
        ),
    )

    trump_seat: int | None
    pending_bonus: int
    trump_card: str | None

    @property
    def sides(self) -> int:
        return 2

    def _init_match(self) -> None:
        self._reset_deal()
        self.trump_seat = None
        self.pending_bonus = 0

    def _reset_deal(self) -> None:
        super()._reset_deal()
        self.trump_card = None

    @classmethod
    def deck_for(cls, options: Mapping[str, Any], seats: int) -> tuple[str, ...]:
        return DECK_40

    def _start_deal(self, deck: list[str]) -> None:
        self._reset_deal()
        dealer = self.dealer
        packet = self.options["deal_packet"]
        # docs/rules.md §7.2 and §10 item 20: packets go round p_0, p_1, p_2, dealer (``dealer_last``,
        # so the dealer's last card is deck[39]) or dealer, p_0, p_1, p_2 (``dealer_first``, so
        # the dealer's first card is deck[0]).
        first = dealer if self.options["trump_card"] == "dealer_first" else (dealer + 1) % 4
        order = [(first + j) % 4 for j in range(4)]
        pos = 0
        for _ in range(10 // packet):
            for seat in order:
                self.hands[seat].extend(deck[pos : pos + packet])
                pos += packet
        self.trump_card = deck[0] if self.options["trump_card"] == "dealer_first" else deck[39]
        self.trump = self.trump_card[1]
        self.trump_seat = dealer
        self.turn = (dealer + 1) % 4
        self.phase = "play"

    def _on_card(self, seat: int, card: str) -> None:
        if card == self.trump_card:
            self.trump_card = None
            self.trump_seat = None

    def _end_deal(self) -> None:
        trick_points = self.side_points()
        won = self.tricks_won
        result = hand_result(
            trick_points,
            [won[0] + won[2], won[1] + won[3]],
            self.totals,
            self.pending_bonus,
            self.options,
        )
        self.pending_bonus = result.pending_bonus
        self.events.append(
            {
                "type": "deal_result",
                "seat": None,
                "winner": result.winner,
                "trick_points": trick_points,
                "scores": result.scores,
                "bandeira": result.bandeira,
                "bonus": result.bonus_used,
            }
        )
        self._settle(result.scores, trick_points)
        winner = result.winner
        if winner is not None and self.totals[winner] >= self.options["games_to_win"]:
            self._close_match([winner])

    def view(self, seat: int | None) -> SuecaView:
        playing = self.phase == "play"
        return {
            **self._common_view(seat),
            "game": "sueca",
            "options": cast(SuecaOptions, dict(self.options)),
            "trump_card": self.trump_card if playing else None,
            "trump_card_seat": self.trump_seat if playing else None,
            "games_to_win": self.options["games_to_win"],
            "pending_bonus": self.pending_bonus,
        }


__all__ = ["HandResult", "Sueca", "hand_result"]
