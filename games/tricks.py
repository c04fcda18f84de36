"""Trick rules shared by the 40-card games (Briscola, chiamata, Sueca) — docs/rules.md §1.4, §5.1, §7.1.

Belote and Coinche have their own, faster tables in ``games.belote_rules`` because their rank order
depends on the contract; these three games have one fixed order per game.
"""

from __future__ import annotations

from typing import Any, Final

BRISCOLA_ORDER: Final = "A3KQJ76542"
"""High → low in every suit (Briscola and chiamata)."""
SUECA_ORDER: Final = "A7KJQ65432"

BRISCOLA_POINTS: Final = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
SUECA_POINTS: Final = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def strength_table(order: str) -> dict[str, int]:
    """Rank letter → strength (higher wins) for an order written high → low."""
    return {rank: len(order) - i for i, rank in enumerate(order)}


def card_points(card: str, points: dict[str, int]) -> int:
    return points.get(card[0], 0)


def trick_winner(trick: list[list[Any]], strength: dict[str, int], trump: str | None) -> int:
    """Seat that wins ``trick`` (``[[seat, card], ...]`` in play order): the highest trump if any
    was played, otherwise the highest card of the led suit (docs/rules.md §1.4)."""
    best_seat, best_card = trick[0]
    for seat, card in trick[1:]:
        suit = card[1]
        best_suit = best_card[1]
        if suit == best_suit:
            if strength[card[0]] > strength[best_card[0]]:
                best_seat, best_card = seat, card
        elif suit == trump:
            # A trump beats any non-trump. An off-suit card never beats the best card, which is
            # of the led suit or a trump.
            best_seat, best_card = seat, card
    return int(best_seat)
