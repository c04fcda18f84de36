"""Deals of the unseen cards that fit what a seat knows: the hidden-information half of the search.

A computer player sees its own hand and the public play only. The search plays out many complete
deals instead (determinizations), so each must be one that could be the real deal: every card
played, every void shown by not following, every card known to be held (the turn-up, melds, a
belote, Sueca's trump card) or out of play (Briscola's face-up trump, its removed 2, Piquet's
discards) where ``Knowledge`` says. In Coinche the auction says more — a
seat that bid 120♥ holds hearts — so ``Sampler`` draws hands in proportion to how well they fit
each other seat's bids, passes and coinches (its ``Claim``s), as the normal player's own hand
valuation would have made them.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from games.ai import knowledge as kn
from games.ai.knowledge import Knowledge, events
from games.ai.normal import bid_value, defence, trump_strength
from games.cards import SUITS
from games.views import GameView

AUCTION_WEIGHTS = True
"""Draw Coinche hands in proportion to how well they fit the auction (``Sampler.plausibility``)."""
AUCTION_TRIES: Final = 20
"""Draws per sample before the most plausible one drawn is kept."""
BID_SLACK: Final = 10
BID_SLACK_SUPPORTED: Final = 30
BID_SCALE: Final = 15.0
"""A bid ``BID_SCALE`` points above what its sampled hand supports (beyond the slack) makes
that hand e (2.7) times less likely."""
COINCHE_DEFENCE: Final = 3.0
"""``normal.defence`` below which a coinche is unlikely (``DEFENCE_SCALE`` per trick short)."""
DEFENCE_SCALE: Final = 1.0
PASS_SLACK: Final = 20
PASS_SCALE: Final = 20.0


@dataclass(frozen=True)
class Claim:
    """What one call of a Coinche auction says about its caller's hand: a ``bid`` of ``value``
    in ``suit`` (``supported`` when the partner named that suit first), a ``pass`` when the
    contract stood at ``value``, a ``coinche`` of a contract in ``suit``."""

    kind: str
    seat: int
    suit: str
    value: int
    supported: bool = False


class Sampler:
    """Deals of the unseen cards consistent with a view's ``Knowledge``."""

    def __init__(self, know: Knowledge, view: GameView) -> None:
        self.know = know
        rules = know.rules
        sizes = [int(n) for n in kn.field(view, "hand_sizes") or [0] * know.seats]
        self.sizes = sizes
        self.seat = know.seat
        self.unseen = [c for c in range(rules.size) if know.unseen >> c & 1]
        self.weight = [[1.0] * rules.size for _ in range(know.seats)]
        self._auction_weights(view)
        self._auction_claims(view)

    def _auction_weights(self, view: GameView) -> None:
        """Soft knowledge: a bidder is likelier to hold the suit he named."""
        rules = self.know.rules
        if rules.game not in ("coinche", "belote"):
            return
        for event in events(view):
            seat = kn.field(event, "seat")
            trump = kn.field(event, "trump")
            if (
                kn.field(event, "type") in ("bid", "take")
                and isinstance(seat, int)
                and seat != self.seat
                and trump in ("S", "H", "D", "C")
            ):
                for c in self.unseen:
                    if rules.deck[c][1] == trump:
                        self.weight[seat][c] = 3.0 if rules.points[c] >= 10 else 2.0

    def _auction_claims(self, view: GameView) -> None:
        """What each other seat's Coinche bids, passes and coinches say about its hand.

        Without this a sampled opponent who bid 120♥ holds hearts only a little more often
        than anyone else, so the search believes contracts fail that are made, coinches them
        and loses twice over. A bid claims a hand that ``normal.bid_value`` would bid about as
        high in that suit (less is asked of a bid in a suit the partner named first); a pass
        claims no clearly higher bid in any suit; a coinche, tricks against the trumps.
        """
        self.claims: list[Claim] = []
        if self.know.rules.game != "coinche" or not AUCTION_WEIGHTS:
            return
        current = 0
        current_trump: str | None = None
        named: set[tuple[int, str]] = set()
        for entry in kn.auction(view):
            kind, seat = entry.get("type"), entry.get("seat")
            value, trump = entry.get("value"), entry.get("trump")
            if not isinstance(seat, int):
                continue
            if kind == "bid" and isinstance(value, int) and isinstance(trump, str):
                # An SA or TA bid claims nothing that ``bid_value`` measures, but raises the
                # contract that later passes are measured against.
                if seat != self.seat and trump in SUITS:
                    supported = any((p, trump) in named for p in kn.known_partners(view, seat))
                    self.claims.append(Claim("bid", seat, trump, value, supported))
                named.add((seat, trump))
                current, current_trump = value, trump
            elif kind == "pass" and seat != self.seat:
                self.claims.append(Claim("pass", seat, "", current))
            elif kind == "coinche" and seat != self.seat and current_trump is not None:
                self.claims.append(Claim("coinche", seat, current_trump, current))

    def plausibility(self, hands: list[int]) -> float:
        """How well ``hands`` fit the auction's claims: 1 when every bid and pass is what
        ``normal.bid_value`` would make of its hand, less the further each one strays."""
        deck = self.know.rules.deck
        weight = 1.0
        cache: dict[int, list[str]] = {}
        for claim in self.claims:
            seat = claim.seat
            cards = cache.get(seat)
            if cards is None:
                cards = []
                m = hands[seat]
                while m:
                    low = m & -m
                    cards.append(deck[low.bit_length() - 1])
                    m ^= low
                cache[seat] = cards
            if claim.kind == "coinche":
                short = COINCHE_DEFENCE - defence(cards, claim.suit)
                if short > 0:
                    weight *= math.exp(-short / DEFENCE_SCALE)
            elif claim.kind == "bid":
                implied = bid_value(trump_strength(cards, claim.suit)) or 60
                slack = BID_SLACK_SUPPORTED if claim.supported else BID_SLACK
                short = claim.value - slack - implied
                if short > 0:
                    weight *= math.exp(-short / BID_SCALE)
            else:
                implied = max(bid_value(trump_strength(cards, t)) for t in SUITS)
                over = implied - max(claim.value, 80) - PASS_SLACK
                if over > 0:
                    weight *= math.exp(-over / PASS_SCALE)
        return weight

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]] | None:
        """Hands for every seat (the own hand as it is) and the cards left over, or ``None`` if
        the constraints could not be met after a few tries. After a Coinche auction, hands are
        drawn in proportion to how well they fit it (rejection sampling; after
        ``AUCTION_TRIES`` draws, the most plausible one drawn)."""
        best: tuple[list[int], list[int]] | None = None
        best_w = -1.0
        failed = drawn = 0
        while failed < 24 and drawn < AUCTION_TRIES:
            out = self._try(rng, relax=failed >= 16)
            if out is None:
                failed += 1
                continue
            if not self.claims:
                return out
            drawn += 1
            w = self.plausibility(out[0])
            if rng.random() < w:
                return out
            if w > best_w:
                best, best_w = out, w
        return best

    def _try(self, rng: random.Random, relax: bool) -> tuple[list[int], list[int]] | None:
        know = self.know
        seats = know.seats
        hands = [0] * seats
        hands[self.seat] = know.mine
        room = list(self.sizes)
        room[self.seat] = 0
        pool = []
        for c in self.unseen:
            holder = -1
            for s in range(seats):
                if s != self.seat and know.held[s] >> c & 1:
                    holder = s
            if holder >= 0 and room[holder] > 0:
                hands[holder] |= 1 << c
                room[holder] -= 1
            else:
                pool.append(c)
        rest_room = len(pool) - sum(room)
        if rest_room < 0:
            return None
        rng.shuffle(pool)
        forbidden = know.forbidden
        # Most constrained cards first.
        pool.sort(key=lambda c: sum(1 for s in range(seats) if not forbidden[s] >> c & 1))
        rest: list[int] = []
        for c in pool:
            total = 0.0
            choices: list[tuple[int, float]] = []
            for s in range(seats):
                if room[s] > 0 and (relax or not forbidden[s] >> c & 1):
                    w = room[s] * self.weight[s][c]
                    choices.append((s, w))
                    total += w
            if rest_room > 0:
                choices.append((-1, float(rest_room)))
                total += rest_room
            if not choices:
                return None
            pick = rng.random() * total
            chosen = choices[-1][0]
            for s, w in choices:
                pick -= w
                if pick < 0:
                    chosen = s
                    break
            if chosen < 0:
                rest.append(c)
                rest_room -= 1
            else:
                hands[chosen] |= 1 << c
                room[chosen] -= 1
        return hands, rest


__all__ = ["AUCTION_WEIGHTS", "Claim", "Sampler"]
