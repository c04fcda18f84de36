"""Hands sorted the way card players hold them: trumps first, then the other suits alternating
colours, each suit in the game's own order of strength (docs/rules.md rank tables)."""

from __future__ import annotations

from typing import Any, Final

TRUMP_ORDER: Final = {"belote": "J9ATKQ87", "coinche": "J9ATKQ87"}
PLAIN_ORDER: Final = {
    "belote": "ATKQJ987",
    "coinche": "ATKQJ987",
    "piquet": "AKQJT9876",
    "briscola": "A3KQJ765432",
    "chiamata": "A3KQJ765432",
    "sueca": "A7KJQ65432",
}
DEFAULT_ORDER: Final = "AKQJT98765432"
BASE_SUITS: Final = "SHCD"
"""Black, red, black, red: neighbouring suits never share a colour when all four are held."""
RED: Final = frozenset("HD")


def view_trump(view: dict[str, Any]) -> str | None:
    trump = view.get("trump")
    if not trump:
        contract = view.get("contract")
        if isinstance(contract, dict):
            trump = contract.get("trump")
    return trump if isinstance(trump, str) else None


def suit_sequence(held: set[str], trump: str | None) -> list[str]:
    """The order of the suits in hand: trump first, then alternate red and black if possible."""
    rest = [s for s in BASE_SUITS if s in held and s != trump]
    ordered: list[str] = [trump] if trump in held else []
    while rest:
        last_red = ordered[-1] in RED if ordered else None
        pick = next((s for s in rest if last_red is None or (s in RED) != last_red), rest[0])
        ordered.append(pick)
        rest.remove(pick)
    return ordered


def sort_hand(cards: list[str], game: str, trump: str | None) -> list[str]:
    plain = PLAIN_ORDER.get(game, DEFAULT_ORDER)
    trump_order = TRUMP_ORDER.get(game, plain)
    all_trump = trump == "AT"
    suit_trump = trump if trump in ("S", "H", "D", "C") else None
    suits = suit_sequence({c[1] for c in cards}, suit_trump)

    def key(card: str) -> tuple[int, int]:
        order = trump_order if all_trump or card[1] == suit_trump else plain
        rank = order.index(card[0]) if card[0] in order else len(order)
        return (suits.index(card[1]) if card[1] in suits else 9, rank)

    return sorted(cards, key=key)


def winning_index(trick: list[list[Any]], game: str, trump: str | None) -> int | None:
    """Which card of the trick in progress is winning it so far (docs/rules.md §1.4 and §2.5): the
    highest trump if a trump was played, otherwise the highest card of the suit led; under SA the
    led suit in plain order, under TA the led suit in trump order."""
    if not trick:
        return None
    plain = PLAIN_ORDER.get(game, DEFAULT_ORDER)
    trump_order = TRUMP_ORDER.get(game, plain)
    led = str(trick[0][1])[1]
    suit_trump = trump if trump in ("S", "H", "D", "C") else None
    best: int | None = None
    best_key: tuple[int, int] = (-1, -1)
    for i, (_, card) in enumerate(trick):
        rank, suit = str(card)[0], str(card)[1]
        if suit == suit_trump:
            order, tier = trump_order, 2
        elif suit == led:
            order, tier = (trump_order if trump == "AT" else plain), 1
        else:
            continue
        key = (tier, len(order) - order.index(rank) if rank in order else 0)
        if key > best_key:
            best, best_key = i, key
    return best
