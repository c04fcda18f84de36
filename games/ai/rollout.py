"""The rollout policy: a deal played to its end, fast, the way a club player with open cards would.

Early in a deal a sampled deal is too big to solve exactly, so the hard player's search
(``games.ai.search``) and its bidding (``games.ai.bidding``) judge a card or a contract by playing
the sampled deal out with this greedy policy instead. It is cheap (thousands of deals a second)
and plays well enough that a card's rollouts rank the way its true value does on average.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final
from weakref import WeakKeyDictionary

from games.ai.deal import Deal
from games.ai.knowledge import FREE, Rules, bits


def rollout(deal: Deal, rng: random.Random) -> None:
    """Play ``deal`` (a copy) to its end with a greedy club-player policy that sees the sampled
    hands: cash sure winners, draw trumps with the master trump, keep a partner's safe trick
    and load it, take a trick with the cheapest card nobody after can beat, else throw low."""
    rules = deal.rules
    if rules.follow == FREE and deal.n == 2:
        _duel_rollout(deal, rng)
        return
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
    for cards in _decisions(deal):
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


KEEP_TRUMP: Final = 3.0
"""What holding a trump is worth beyond its card points, for the lowest trump: a trump takes
any plain card later, so spending one on a poor trick costs this much."""
KEEP_TRUMP_RANK: Final = 0.7
"""Added to ``KEEP_TRUMP`` per rank above the lowest trump: a higher trump beats more of the
trumps still out."""
KEEP_PLAIN: Final = {9: 2.0, 8: 1.5}
"""Plain cards worth keeping by their rank in the suit (9 the ace, 8 the three in Briscola's
order): a plain ace or three is only taken by a trump or a higher card of its suit."""
RANDOM_MOVE: Final = 0.05
"""Share of moves the duel rollout plays at random, so that the rollouts of one sample do not
all follow the same line."""


_KEEP: WeakKeyDictionary[Rules, list[float]] = WeakKeyDictionary()


def _keep_values(rules: Rules) -> list[float]:
    """Each card's worth in hand beyond its card points, by its rank in its suit (Briscola's
    whole deck: ``by_power`` lists a suit's cards from the weakest); computed once per rules."""
    cached = _KEEP.get(rules)
    if cached is not None:
        return cached
    keep = [0.0] * rules.size
    for ranked in rules.by_power:
        for rank, card in enumerate(ranked):
            if rules.is_trump[card]:
                keep[card] = KEEP_TRUMP + KEEP_TRUMP_RANK * rank
            else:
                keep[card] = KEEP_PLAIN.get(rank + 10 - len(ranked), 0.0)
    _KEEP[rules] = keep
    return keep


def _duel_rollout(deal: Deal, rng: random.Random) -> None:
    """Two players with no duty to follow (two-player Briscola): each card is judged by the
    trick it makes against the other's best answer, net of what the cards spent were worth in
    hand. The greedy trick-game policy above leads masters of a suit, which in Briscola any trump
    takes; this one leads the card that loses least to the reply the other would choose. While
    the stock lasts the leader does not see the other hand, so it judges its lead against a hand
    drawn from the cards it has not seen: a leader that saw the hand would never lead into a
    trump it cannot know about."""
    rules = deal.rules
    pts = deal.pts
    beaters = rules.beaters
    keep = _keep_values(rules)
    hands = deal.hands
    for cards in _decisions(deal):
        if rng.random() < RANDOM_MOVE:
            deal.play(cards[int(rng.random() * len(cards))])
            continue
        seat = deal.turn
        if deal.trick:
            deal.play(_best_reply(deal.win_card, cards, pts, beaters, keep, rng)[0])
            continue
        replies = bits(hands[1 - seat])
        hidden = deal.stock[deal.stock_pos : len(deal.stock) - 1]
        if hidden:
            # The leader has not seen the other's hand: it fears a hand drawn from every card
            # it has not seen (that hand and the stock, the face-up trump card aside).
            replies = rng.sample(sorted(replies + hidden), len(replies))
        best, best_value = cards[0], -1e9
        for card in cards:
            if not replies:
                value = -keep[card]
            else:
                _, reply_value = _best_reply(card, replies, pts, beaters, keep, rng)
                value = -reply_value - keep[card]
            value += rng.random() * 0.01
            if value > best_value:
                best, best_value = card, value
        deal.play(best)


def _best_reply(
    led: int,
    cards: list[int],
    pts: list[int],
    beaters: list[int],
    keep: list[float],
    rng: random.Random,
) -> tuple[int, float]:
    """The answer to ``led`` that does best for the one answering: the trick's points won or
    lost, less what the card spent was worth in hand. Returns the card and that value (before
    the leader's own card's worth)."""
    best, best_value = cards[0], -1e9
    beat = beaters[led]
    for card in cards:
        trick = pts[led] + pts[card]
        value = (trick if beat >> card & 1 else -trick) - keep[card] + rng.random() * 0.01
        if value > best_value:
            best, best_value = card, value
    return best, best_value


def _decisions(deal: Deal) -> Iterator[list[int]]:
    """The legal cards of the seat to play at each real choice, to the deal's end: a lone legal
    card is played for it. The loop over them plays one card a turn."""
    while deal.remaining_cards:
        cards = bits(deal.legal())
        if len(cards) == 1:
            deal.play(cards[0])
            continue
        yield cards


__all__ = ["rollout"]
