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

from typing import Any, Final

from games.ai.knowledge import Rules
from games.piquet import cards_bonus, last_trick_point

PIQUET_TRICKS: Final = 12
PIQUE_AT: Final = 30
"""Points a Piquet player reaches, the other having none, to score a pique (§4.10)."""


class Deal:
    """A fully dealt play phase (one determinization), with make/unmake for search.

    Sides are 0 (the searching seat's) and 1 (everybody else's). ``points`` are each side's card
    points so far *from the searching seat's current decision on* (``seat_points`` the same per
    seat); the caller adds what was already scored. ``dealt`` keeps the hands as they were given
    (the cards of the trick on the table included): what a deal's scoring reads melds, belotes
    and the called card's holder from.

    Piquet scores a "pique" when a player reaches 30 points in the hand before the other has
    any (§4.10): ``piquet_start`` gives the hand's points and tricks before the decision, and
    ``pique_seat`` says who scored it in this deal (-1: nobody).
    """

    __slots__ = (
        "dealt",
        "follow_pts",
        "h",
        "hands",
        "last_bonus",
        "last_seat",
        "lead_paid",
        "lead_pts",
        "leader",
        "n",
        "pique_open",
        "pique_seat",
        "piquet",
        "points",
        "pool",
        "pts",
        "queen_watch",
        "queen_watch_king",
        "remaining_cards",
        "rules",
        "seat_points",
        "seat_tricks",
        "side",
        "stock",
        "stock_pos",
        "trick",
        "tricks",
        "tricks_before",
        "turn",
        "undo",
        "voided",
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
        self.dealt = tuple(hands)
        self.side = side
        self.stock = stock or []
        self.stock_pos = 0
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.seat_tricks = [0] * self.n
        self.seat_points = [0] * self.n
        self.last_seat = -1
        self.undo: list[tuple[Any, ...]] = []
        self.piquet = rules.profile.per_trick
        self.h = [0] * self.n
        self.tricks_before = [0] * self.n
        self.pique_open = False
        self.pique_seat = -1
        self.queen_watch = 0
        self.queen_watch_king: dict[int, int] = {}
        self.voided = 0
        # A Piquet lead scores at once: the lead of the trick on the table is already counted.
        self.lead_paid = self.piquet and bool(trick)
        if self.piquet:
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

    def watch_queens(self, pairs: list[tuple[int, int]]) -> None:
        """Belotes that count only if the king comes first (``belote_king_first``): for each
        (king, queen) of one hand, a queen played while the king is still held voids it
        (``voided``)."""
        for king, queen in pairs:
            self.queen_watch |= 1 << queen
            self.queen_watch_king[queen] = king

    def piquet_start(self, h: list[int], tricks: list[int], pique_open: bool) -> None:
        """The Piquet hand's points ``h`` and tricks per seat before the decision, and whether a
        pique may still be scored (no repique or pique yet)."""
        self.h = list(h)
        self.tricks_before = list(tricks)
        self.pique_open = pique_open

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
        if self.queen_watch >> card & 1 and self.hands[seat] >> self.queen_watch_king[card] & 1:
            self.voided |= 1 << card  # the queen before the king: no belote (king first)
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
        previous = (self.last_seat, self.pique_seat, self.pique_open, self.lead_paid)
        credits: tuple[tuple[int, int], ...]
        if self.piquet:
            credits = self._piquet_credits(winner)
            for s, p in credits:
                gained[self.side[s]] += p
                self.seat_points[s] += p
        else:
            for c in trick:
                gained[side] += pts[c]
            if self.remaining_cards == 0:
                gained[side] += self.last_bonus
            credits = ((winner, gained[side]),)
            self.seat_points[winner] += gained[side]
        self.last_seat = winner
        drawn: list[tuple[int, int]] = []
        stock = self.stock
        if self.stock_pos < len(stock):
            for k in range(self.n):
                s = (winner + k) % self.n
                c = stock[self.stock_pos]
                self.stock_pos += 1
                self.hands[s] |= 1 << c
                drawn.append((s, c))
        self.points[0] += gained[0]
        self.points[1] += gained[1]
        self.pool -= gained[0] + gained[1]
        self.tricks[side] += 1
        self.seat_tricks[winner] += 1
        self.undo.append((*record, self.leader, trick, gained, drawn, credits, previous))
        self.trick = []
        self.turn = winner
        self.leader = winner

    def _piquet_credits(self, winner: int) -> tuple[tuple[int, int], ...]:
        """A Piquet trick's points in the order the engine credits them — the lead, the
        follower's win, the last trick — with the pique each may bring (``games.piquet``)."""
        rules = self.rules
        leader, trick = self.leader, self.trick
        out = []
        if not self.lead_paid and self.lead_pts[trick[0]]:
            out.append((leader, self.lead_pts[trick[0]]))
        self.lead_paid = False
        if winner != leader and self.follow_pts[self.win_card]:
            out.append((winner, self.follow_pts[self.win_card]))
        if self.remaining_cards == 0:
            capot = self.tricks_before[winner] + self.seat_tricks[winner] + 1 == PIQUET_TRICKS
            if last_trick_point(capot, rules.deck[self.win_card], rules.options):
                out.append((winner, self.last_bonus))
        if self.pique_open:
            run = [self.h[0] + self.seat_points[0], self.h[1] + self.seat_points[1]]
            for s, p in out:
                before = run[s]
                run[s] += p
                if before < PIQUE_AT <= run[s] and run[1 - s] == 0:
                    self.pique_seat = s
                    self.pique_open = False
                    break
        return tuple(out)

    def unplay(self) -> None:
        record = self.undo.pop()
        seat, card = record[0], record[1]
        self.voided &= ~(1 << card)
        if len(record) > 4:
            leader, trick, gained, drawn = record[4], record[5], record[6], record[7]
            for s, p in record[8]:
                self.seat_points[s] -= p
            self.last_seat, self.pique_seat, self.pique_open, self.lead_paid = record[9]
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
        other.seat_points = list(self.seat_points)
        other.undo = []
        return other

    def key(self) -> tuple[int, ...]:
        """Transposition key at a trick's start: the future depends on nothing else (Piquet's
        end bonus depends on the tricks won, which it adds)."""
        extra = tuple(self.seat_tricks) if self.piquet else ()
        return (*self.hands, self.leader, self.stock_pos, *extra)


def piquet_bonus(deal: Deal, side: int) -> int:
    """Piquet's "cards" bonus (§4.9), which the deal's last trick decides."""
    if not deal.piquet:
        return 0
    return cards_bonus(deal.tricks[side])


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
