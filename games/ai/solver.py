"""The double-dummy solver: the exact value of a deal whose every hand is known.

Near the end of a deal few cards are left, and the best play for both sides with all hands open
can be searched to the end exactly. That is worth more than any rollout, so the hard player's
search (``games.ai.search``) solves each sampled deal once it has no more than a game's
``DD_CARDS`` left. Alpha-beta on the searching side's margin, a transposition table at the start
of each trick, and equivalent cards tried once keep a 12-card Coinche solve to a fraction of a
millisecond (``benchmarks/ai.py`` prints the rates).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.ai.deal import Deal, piquet_bonus

if TYPE_CHECKING:
    from games.ai.scorer import DealScoring

EXACT, LOWER, UPPER = 0, 1, 2


# ------------------------------------------------------------------------- move ordering
def distinct_moves(deal: Deal, legal: int) -> list[int]:
    """Legal cards, one per group of equivalent cards, strongest first.

    Two cards of one hand are equivalent when no card still in play lies between them in their
    suit's order and they are worth the same: whichever is played, the deal goes the same way.
    """
    rules = deal.rules
    live = legal
    for h in deal.hands:
        live |= h
    for c in deal.stock[deal.stock_pos :]:
        live |= 1 << c
    out = []
    pts = deal.pts
    for suit in range(4):
        if not legal & rules.suit_mask[suit]:
            continue
        prev = -1
        for c in reversed(rules.by_power[suit]):  # strongest first
            if not live >> c & 1:
                continue
            if legal >> c & 1:
                if prev >= 0 and pts[prev] == pts[c] and deal.lead_pts[prev] == deal.lead_pts[c]:
                    prev = c
                    continue
                out.append(c)
                prev = c
            else:
                prev = -1
    out.sort(key=lambda c: -rules.power[c])
    return out


# ------------------------------------------------------------------------- double dummy
class Solver:
    """Alpha-beta with a transposition table at trick starts, equivalent cards grouped: on
    side 0's card points margin from here to the end of the deal, or, given a deal's scoring
    (``games.ai.scorer.DealScoring``), on what the finished deal is worth to side 0 as the table
    scores it (the transposition key then holds what that score depends on so far)."""

    def __init__(self, scoring: DealScoring | None = None) -> None:
        self.table: dict[tuple[int, ...], tuple[float, int, int]] = {}
        self.scoring = scoring
        self.bounded = True
        """Prune with the points left (card points margins only, and not in Piquet, whose
        bonus is not card points)."""
        self.bounds = scoring.bounds if scoring is not None else None
        """With a scoring, prune with the least and the most the deal can still be worth
        where the scoring knows them (``DealScoring.bounds``): 23 % less time on Briscola's
        solves from 10 cards, every value the same."""

    def solve(self, deal: Deal) -> float:
        """With best play by everyone, both sides seeing all the cards (the double-dummy value
        of this determinization): side 0's margin over the rest of the deal, or with a scoring,
        the finished deal's value to side 0."""
        if self.scoring is not None:
            self.bounded = False
            return self._search(deal, -(10.0**9), 10.0**9)
        base = deal.points[0] - deal.points[1]
        self.bounded = not deal.piquet
        return self._search(deal, -(10.0**9), 10.0**9) - base

    def _search(self, deal: Deal, alpha: float, beta: float) -> float:
        scoring = self.scoring
        if deal.remaining_cards == 0 and not deal.trick:
            if scoring is not None:
                return scoring.value(deal)
            return deal.points[0] - deal.points[1] + piquet_bonus(deal, 0) - piquet_bonus(deal, 1)
        at_start = not deal.trick
        key: tuple[int, ...] = ()
        here = 0 if scoring is not None else deal.points[0] - deal.points[1]
        if self.bounded:
            # Even winning every point left cannot lift the margin above alpha (or below beta).
            pool = deal.pool
            if here + pool <= alpha:
                return here + pool
            if here - pool >= beta:
                return here - pool
        elif self.bounds is not None:
            worst, best_left = self.bounds(deal)
            if best_left <= alpha:
                return best_left
            if worst >= beta:
                return worst
        first = -1
        if at_start:
            key = deal.key() if scoring is None else (*deal.key(), *scoring.state(deal))
            hit = self.table.get(key)
            if hit is not None:
                value, flag, first = hit
                value += here
                if flag == EXACT:
                    return value
                if flag == LOWER and value >= beta:
                    return value
                if flag == UPPER and value <= alpha:
                    return value
        a0, b0 = alpha, beta
        maximize = deal.side[deal.turn] == 0
        best = -(10.0**9) if maximize else 10.0**9
        best_card = -1
        moves = distinct_moves(deal, deal.legal())
        if first >= 0 and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        for card in moves:
            deal.play(card)
            value = self._search(deal, alpha, beta)
            deal.unplay()
            if maximize:
                if value > best:
                    best, best_card = value, card
                if best > alpha:
                    alpha = best
            else:
                if value < best:
                    best, best_card = value, card
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if at_start:
            flag = EXACT
            if best <= a0:
                flag = UPPER
            elif best >= b0:
                flag = LOWER
            self.table[key] = (best - here, flag, best_card)
        return best


__all__ = ["Solver", "distinct_moves"]
