"""How the cards of one game rank and score, stated once for everyone above the engines.

Each engine class names its ``CardFacts`` (``Game.FACTS``; ``games.registry.card_facts(name)``
finds them by game name). The renderer and the bot's hand panels sort hands with them, and tests
check them against the engines' own trick results. The tables themselves are the engines'
(``games.belote_rules``, ``games.tricks``, ``games.piquet_declarations``): ``CardFacts`` only puts
them behind one interface. The computer players' search needs cards as bit positions:
``games.ai.knowledge.Rules`` builds that form from ``CardFacts`` and the engine's deck
(``Game.deck_for``), and for Belote from the engine's own bitmask tables and legal-play function,
which keeps every module that ranks or counts cards on one set of tables.

A trump is a denomination: a suit letter, ``NT`` (no trump: every suit in plain order) or ``AT``
(all trump: every suit in trump order, none beats another), or ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

BASE_SUITS: Final = "SHCD"
"""Black, red, black, red: neighbouring suits in a held hand never share a colour when they can."""
RED: Final = frozenset("HD")
SUIT_LETTERS: Final = frozenset("SHDC")


def suit_sequence(held: set[str], trump: str | None) -> list[str]:
    """The order of the suits in a hand as card players hold it: the trump suit first, then
    alternating red and black where possible."""
    rest = [s for s in BASE_SUITS if s in held and s != trump]
    ordered: list[str] = [trump] if trump is not None and trump in held else []
    while rest:
        last_red = ordered[-1] in RED if ordered else None
        pick = next((s for s in rest if last_red is None or (s in RED) != last_red), rest[0])
        ordered.append(pick)
        rest.remove(pick)
    return ordered


@dataclass(frozen=True)
class CardFacts:
    """One game's rank orders (written high → low) and card points.

    ``trump_order`` / ``trump_points`` apply to the trump suit (and to every suit under ``AT``);
    games whose trumps rank as the other suits give the plain ones again.
    """

    plain_order: str
    trump_order: str
    plain_points: Mapping[str, int]
    trump_points: Mapping[str, int]
    _plain_strength: dict[str, int] = field(init=False, repr=False, compare=False)
    _trump_strength: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, order in (("plain", self.plain_order), ("trump", self.trump_order)):
            if len(set(order)) != len(order):
                raise ValueError(f"the {name} order {order!r} names a rank twice")
        n = len(self.plain_order)
        object.__setattr__(
            self, "_plain_strength", {r: n - i for i, r in enumerate(self.plain_order)}
        )
        m = len(self.trump_order)
        object.__setattr__(
            self, "_trump_strength", {r: m - i for i, r in enumerate(self.trump_order)}
        )

    def is_trump(self, card: str, trump: str | None) -> bool:
        """Whether ``card`` ranks in trump order under ``trump``."""
        return trump == "AT" or card[1] == trump

    def order(self, suit: str, trump: str | None) -> str:
        """The ranks of ``suit``, high → low, under ``trump``."""
        return self.trump_order if trump == "AT" or suit == trump else self.plain_order

    def strength(self, card: str, trump: str | None) -> int:
        """The card's strength within its suit (higher wins; 0 for a rank the deck lacks)."""
        table = self._trump_strength if self.is_trump(card, trump) else self._plain_strength
        return table.get(card[0], 0)

    def points(self, card: str, trump: str | None) -> int:
        """The card's points on the game's usual scale (Coinche's ``card_values_162`` rescales
        SA and TA: the engine counts with that option, this is the printed table)."""
        table = self.trump_points if self.is_trump(card, trump) else self.plain_points
        return table.get(card[0], 0)

    def beats(self, card: str, best: str, trump: str | None) -> bool:
        """Whether ``card`` takes the trick from ``best``, the card winning it so far: a higher card
        of the same suit, or a trump on a non-trump (docs/rules.md §1.4, §2.5)."""
        if card[1] == best[1]:
            return self.strength(card, trump) > self.strength(best, trump)
        return trump in SUIT_LETTERS and card[1] == trump

    def winning_index(self, trick: Sequence[Sequence[Any]], trump: str | None) -> int | None:
        """Which card of ``trick`` (``[seat, card]`` in play order) wins it so far."""
        if not trick:
            return None
        best = 0
        best_card = str(trick[0][1])
        for i in range(1, len(trick)):
            card = str(trick[i][1])
            if self.beats(card, best_card, trump):
                best, best_card = i, card
        return best

    def winning_seat(self, trick: Sequence[Sequence[Any]], trump: str | None) -> int | None:
        index = self.winning_index(trick, trump)
        return None if index is None else int(trick[index][0])

    def hand_sort_key(self, held: set[str], trump: str | None) -> Callable[[str], tuple[int, int]]:
        """The sort key of a hand holding the suits ``held``: suit by ``suit_sequence``, then
        rank from high to low in the game's order."""
        suit_trump = trump if trump in SUIT_LETTERS else None
        suits = suit_sequence(held, suit_trump)

        def key(card: str) -> tuple[int, int]:
            order = self.order(card[1], trump)
            rank = order.index(card[0]) if card[0] in order else len(order)
            return (suits.index(card[1]) if card[1] in suits else 9, rank)

        return key

    def sort_hand(self, cards: Sequence[str], trump: str | None) -> list[str]:
        """``cards`` sorted the way card players hold them."""
        return sorted(cards, key=self.hand_sort_key({c[1] for c in cards}, trump))


def plain_facts(order: str, points: Mapping[str, int]) -> CardFacts:
    """Facts of a game whose trumps rank and score as the other suits."""
    return CardFacts(order, order, points, points)


def capot_side(tricks_won: Sequence[int], teams: Sequence[Sequence[int]]) -> int | None:
    """The side that won every trick played so far (capot, cappotto by tricks, bandeira), if
    any trick was played and there are at least two sides."""
    if len(teams) < 2:
        return None
    per_side = [sum(tricks_won[s] for s in team if s < len(tricks_won)) for team in teams]
    total = sum(per_side)
    winners = [i for i, count in enumerate(per_side) if count == total and total > 0]
    return winners[0] if winners else None
