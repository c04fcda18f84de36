"""The rollout policy: a deal played to its end, fast, the way a club player with open cards would.

Early in a deal a sampled deal is too big to solve exactly, so the hard player's search
(``games.ai.search``) and its bidding (``games.ai.bidding``) judge a card or a contract by playing
the sampled deal out with this greedy policy instead. It is cheap (thousands of deals a second)
and plays well enough that a card's rollouts rank the way its true value does on average.
"""

from __future__ import annotations

import random

from games.ai.deal import Deal
from games.ai.knowledge import FREE


def rollout(deal: Deal, rng: random.Random) -> None:
    """Play ``deal`` (a copy) to its end with a greedy club-player policy that sees the sampled
    hands: cash sure winners, draw trumps with the master trump, keep a partner's safe trick
    and load it, take a trick with the cheapest card nobody after can beat, else throw low."""
    rules = deal.rules
    power, pts, side, suit_of, is_trump = (
        rules.power,
        deal.pts,
        deal.side,
        rules.suit,
        rules.is_trump,
    )
    beaters, suit_mask = rules.beaters, rules.suit_mask
    free = rules.follow == FREE
    trump = rules.trump_suit
    trumps = suit_mask[trump] if trump >= 0 else 0
    n = deal.n
    hands = deal.hands
    while deal.remaining_cards:
        legal = deal.legal()
        if not legal & (legal - 1):
            deal.play(legal.bit_length() - 1)
            continue
        cards = []
        m = legal
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        seat = deal.turn
        mine = side[seat]
        trick = deal.trick
        if not trick:
            opponents = 0
            for s in range(n):
                if side[s] != mine:
                    opponents |= hands[s]
            others = opponents
            for s in range(n):
                if s != seat:
                    others |= hands[s]
            best = -1
            best_key = -1
            for c in cards:
                if beaters[c] & others & suit_mask[suit_of[c]]:
                    continue  # not the master of its suit
                if is_trump[c]:
                    key = 100 + pts[c] if opponents & trumps else -1
                elif opponents & trumps and any(
                    side[s] != mine and not hands[s] & suit_mask[suit_of[c]] and hands[s] & trumps
                    for s in range(n)
                ):
                    continue  # an opponent would trump it
                else:
                    key = 50 + pts[c]
                if key > best_key:
                    best, best_key = c, key
            if best < 0 or rng.random() < 0.1:
                best = min(cards, key=lambda c: (is_trump[c], pts[c], power[c] + rng.random()))
            deal.play(best)
            continue
        led = suit_of[trick[0]]
        later = [(seat + k) % n for k in range(1, n - len(trick))]
        enemies = [s for s in later if side[s] != mine]

        def safe(card: int, enemies: list[int] = enemies, led: int = led) -> bool:
            for s in enemies:
                h = hands[s]
                if not free and h & suit_mask[led]:
                    h &= suit_mask[led]
                if h & beaters[card]:
                    return False
            return True

        win_card = deal.win_card
        if side[deal.win_seat] == mine and deal.win_seat != seat and safe(win_card):
            loads = [c for c in cards if not is_trump[c]]
            if loads:
                deal.play(max(loads, key=lambda c: (pts[c], -power[c])))
            else:
                deal.play(min(cards, key=lambda c: (pts[c], power[c])))
            continue
        on_table = 0
        for c in trick:
            on_table += pts[c]
        winners = [c for c in cards if beaters[win_card] >> c & 1]
        sure = [c for c in winners if safe(c)]
        if sure and (on_table > 0 or not free or not any(is_trump[c] for c in sure)):
            if enemies:
                card = min(sure, key=lambda c: (power[c], pts[c]))
            else:
                card = max(sure, key=lambda c: (not is_trump[c], pts[c], -power[c]))
        elif winners and on_table >= 10 and not free:
            card = max(winners, key=lambda c: power[c])
        else:
            card = min(cards, key=lambda c: (is_trump[c], pts[c], power[c]))
        deal.play(card)


__all__ = ["rollout"]
