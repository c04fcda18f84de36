"""The compact play state the search runs on: one fully dealt deal, with make and unmake.

The engines keep JSON-friendly state, which is exact and easy to snapshot but far too slow to
play out thousands of times a move. A ``Deal`` holds the play phase of one determinization (every
hand known) as bitmasks over the game's deck, the trick as card indices, and undoes a card instead
of copying: what the rollouts (``games.ai.rollout``), the double-dummy solver
(``games.ai.solver``) and the hard player's search (``games.ai.search``) all play on. Its rules
come from ``games.ai.knowledge.Rules``, itself built on the engine modules, so it cannot drift
from the engines.
"""

from __future__ import annotations

from typing import Any

from games.ai.knowledge import Rules


class Deal:
    """A fully dealt play phase (one determinization), with make/unmake for search.

    Sides are 0 (the searching seat's) and 1 (everybody else's). ``points`` are each side's card
    points so far *from the searching seat's current decision on*; the caller adds what was
    already scored.
    """

    __slots__ = (
        "follow_pts",
        "hands",
        "last_bonus",
        "lead_pts",
        "leader",
        "n",
        "points",
        "pool",
        "pts",
        "remaining_cards",
        "rules",
        "seat_tricks",
        "side",
        "stock",
        "stock_pos",
        "trick",
        "tricks",
        "turn",
        "undo",
        "win_card",
        "win_seat",
    )

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        side: list[int],
        leader: int,
        trick: list[int],
        stock: list[int] | None = None,
    ) -> None:
        self.rules = rules
        self.n = len(hands)
        self.hands = hands
        self.side = side
        self.stock = stock or []
        self.stock_pos = 0
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.seat_tricks = [0] * self.n
        self.undo: list[tuple[Any, ...]] = []
        if rules.game == "piquet":
            # Piquet scores per trick, not per card: a point for a lead, a point for winning a
            # trick as follower (with a ten or higher under the old rules), one for the last trick.
            old = rules.points  # 1 for T and higher
            modern = not rules.piquet_old
            self.pts = [0] * rules.size
            self.lead_pts = [1] * rules.size if modern else list(old)
            self.follow_pts = [1] * rules.size if modern else list(old)
            self.last_bonus = 1
        else:
            self.pts = rules.points
            self.lead_pts = [0] * rules.size
            self.follow_pts = self.lead_pts
            self.last_bonus = rules.last_bonus
        self.trick: list[int] = []
        self.leader = leader
        self.turn = leader
        self.win_seat = leader
        self.win_card = -1
        self.remaining_cards = sum(h.bit_count() for h in hands) + len(self.stock)
        # Card points not yet won by anybody (a bound for the solver's pruning).
        pool = self.last_bonus
        for c in range(rules.size):
            if any(h >> c & 1 for h in hands):
                pool += self.pts[c]
        self.pool = pool + sum(self.pts[c] for c in self.stock)
        for card in trick:
            self.play(card)
        self.undo.clear()

    # ----------------------------------------------------------------------------- moves
    def legal(self) -> int:
        seat = self.turn
        trick = self.trick
        if not trick:
            return self.hands[seat]
        win = self.win_seat
        return self.rules.legal(
            self.hands[seat],
            trick[0],
            self.win_card,
            win != seat and self.side[win] == self.side[seat],
        )

    def over(self) -> bool:
        return self.remaining_cards == 0 and not self.trick

    def play(self, card: int) -> None:
        seat = self.turn
        rules = self.rules
        self.hands[seat] ^= 1 << card
        self.remaining_cards -= 1
        trick = self.trick
        record: tuple[Any, ...] = (seat, card, self.win_seat, self.win_card)
        if not trick:
            self.leader = seat
            self.win_seat = seat
            self.win_card = card
        else:
            win = self.win_card
            if rules.suit[card] == rules.suit[win]:
                if rules.power[card] > rules.power[win]:
                    self.win_seat = seat
                    self.win_card = card
            elif rules.is_trump[card] and not rules.is_trump[win]:
                self.win_seat = seat
                self.win_card = card
        trick.append(card)
        if len(trick) < self.n:
            self.turn = (seat + 1) % self.n
            self.undo.append(record)
            return
        # The trick is complete.
        winner = self.win_seat
        side = self.side[winner]
        pts = self.pts
        gained = [0, 0]
        for c in trick:
            gained[side] += pts[c]
        lead = trick[0]
        gained[self.side[self.leader]] += self.lead_pts[lead]
        if winner != self.leader:
            gained[side] += self.follow_pts[self.win_card]
        drawn: list[tuple[int, int]] = []
        stock = self.stock
        if self.stock_pos < len(stock):
            for k in range(self.n):
                s = (winner + k) % self.n
                c = stock[self.stock_pos]
                self.stock_pos += 1
                self.hands[s] |= 1 << c
                drawn.append((s, c))
        if self.remaining_cards == 0:
            gained[side] += self.last_bonus
        self.points[0] += gained[0]
        self.points[1] += gained[1]
        self.pool -= gained[0] + gained[1]
        self.tricks[side] += 1
        self.seat_tricks[winner] += 1
        self.undo.append((*record, self.leader, trick, gained, drawn))
        self.trick = []
        self.turn = winner
        self.leader = winner

    def unplay(self) -> None:
        record = self.undo.pop()
        seat, card = record[0], record[1]
        if len(record) > 4:
            leader, trick, gained, drawn = record[4], record[5], record[6], record[7]
            for holder, c in drawn:
                self.hands[holder] ^= 1 << c
            self.stock_pos -= len(drawn)
            winner = self.win_seat
            self.points[0] -= gained[0]
            self.points[1] -= gained[1]
            self.pool += gained[0] + gained[1]
            self.tricks[self.side[winner]] -= 1
            self.seat_tricks[winner] -= 1
            self.trick = trick
            self.leader = leader
        self.trick.pop()
        self.win_seat, self.win_card = record[2], record[3]
        self.hands[seat] |= 1 << card
        self.remaining_cards += 1
        self.turn = seat

    def copy(self) -> Deal:
        other = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.points = list(self.points)
        other.tricks = list(self.tricks)
        other.seat_tricks = list(self.seat_tricks)
        other.undo = []
        return other

    def key(self) -> tuple[int, ...]:
        """Transposition key at a trick's start: the future depends on nothing else (Piquet's
        end bonus depends on the tricks won, which it adds)."""
        extra = tuple(self.seat_tricks) if self.rules.game == "piquet" else ()
        return (*self.hands, self.leader, self.stock_pos, *extra)


def piquet_bonus(deal: Deal, side: int) -> int:
    """Piquet's "cards" bonus (§4.9), which the deal's last trick decides."""
    if deal.rules.game != "piquet":
        return 0
    won = deal.tricks[side]
    return 40 if won == 12 else 10 if won >= 7 else 0


def future_points(deal: Deal) -> int:
    """Card points still to be scored in ``deal`` (the last-trick bonus included)."""
    total = deal.last_bonus
    for h in deal.hands:
        m = h
        while m:
            low = m & -m
            total += deal.pts[low.bit_length() - 1]
            m ^= low
    for c in deal.stock[deal.stock_pos :]:
        total += deal.pts[c]
    for c in deal.trick:
        total += deal.pts[c]
    return total


__all__ = ["Deal", "future_points", "piquet_bonus"]
