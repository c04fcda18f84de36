"""Deck building and card-visibility oracles shared by the Piquet tests (no tests of its own)."""

from __future__ import annotations

from typing import Any

from games.cards import FRENCH_32, FRENCH_36
from games.piquet import Piquet
from games.piquet_declarations import settle_declarations
from tests.games.conftest import cards_among


def split(text: str) -> list[str]:
    return text.split()


def build_deck(
    elder: list[str], younger: list[str], talon: list[str], packet: int = 2
) -> list[str]:
    """The deck (top card first) that deals these hands and this talon (docs/rules.md §4.4)."""
    assert len(elder) == len(younger) == 12
    deck: list[str] = []
    for start in range(0, 12, packet):
        deck += elder[start : start + packet] + younger[start : start + packet]
    deck += talon
    full = FRENCH_36 if len(deck) == 36 else FRENCH_32
    assert sorted(deck) == sorted(full), "the hands and talon must make a whole deck"
    return deck


def swap_deal(
    elder_after: str, younger_after: str, elder_swap: tuple[str, str], younger_swap: tuple[str, str]
) -> tuple[list[str], list[str], list[str], list[str]]:
    """Hands after a one-card exchange each → (deck, elder_dealt, younger_dealt, talon).

    ``elder_swap = (kept_from_talon, discarded)``: the elder is dealt ``discarded`` instead of
    ``kept_from_talon``, which is ``talon[0]``; the younger likewise with ``talon[1]``.
    """
    e_after, y_after = split(elder_after), split(younger_after)
    e_dealt = [elder_swap[1] if c == elder_swap[0] else c for c in e_after]
    y_dealt = [younger_swap[1] if c == younger_swap[0] else c for c in y_after]
    used = set(e_after) | set(y_after) | {elder_swap[1], younger_swap[1]}
    rest = [c for c in FRENCH_32 if c not in used]
    talon = [elder_swap[0], younger_swap[0], *rest]
    return build_deck(e_dealt, y_dealt, talon), e_dealt, y_dealt, talon


def cards_in(value: Any) -> set[str]:
    return cards_among(value, ALL_CARDS)


ALL_CARDS = frozenset(FRENCH_36)


class Oracle:
    """Follows a game from outside and says which cards each viewer may have seen (§4.5, §4.6,
    §4.7.2), written from the rules independently of the engine's view code."""

    def __init__(self, game: Piquet) -> None:
        self.game = game

    def start_deal(self) -> None:
        g = self.game
        self.elder, self.younger = 1 - g.dealer, g.dealer
        self.dealt = [list(g.hands[0]), list(g.hands[1])]
        self.talon = list(g.log[-1]["deck"][24:])
        self.own: list[set[str]] = [set(self.dealt[0]), set(self.dealt[1])]
        self.public: set[str] = set()
        self.private: list[set[str]] = [set(), set()]
        self.taken = [0, 0]
        self.younger_shown: set[str] = set()
        self.exchanges = 0

    def after_action(self, seat: int, action: Any) -> None:
        g = self.game
        era_max = 8 if g.options["rules_era"] == "c17" else 5
        parlett = g.options["talon_view"] == "parlett"
        if action.type == "exchange":
            n = len(action.cards)
            self.own[seat] |= set(g.hands[seat])
            if seat == self.elder:
                self.taken[seat] = n
                self.private[seat] |= set(self.talon[n:era_max])
                if is_blank(self.dealt[self.younger]):
                    self.public |= set(self.dealt[self.younger])
            else:
                self.taken[seat] = n
                left = self.talon[self.taken[self.elder] + n :]
                if parlett:
                    self.public |= set(left)
                else:
                    self.private[seat] |= set(left)
                if is_blank(self.dealt[self.elder]):
                    self.public |= set(self.dealt[self.elder])
                era = g.options["rules_era"]
                hands = (g.hands[self.elder], g.hands[self.younger])
                for result in settle_declarations(hands[0], hands[1], era):
                    cards = {c for combo in result.combinations for c in combo.cards}
                    if result.winner == 0:
                        self.public |= cards
                    elif result.winner == 1:
                        self.younger_shown |= cards
                if g.phase != "play":
                    self.public |= self.younger_shown
        else:
            self.public.add(action.card)
            self.public |= self.younger_shown

    def allowed(self, seat: int | None) -> set[str]:
        if seat is None:
            return set(self.public)
        return self.public | self.own[seat] | self.private[seat]


def is_blank(hand: list[str]) -> bool:
    return not any(c[0] in "KQJ" for c in hand)
