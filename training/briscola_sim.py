"""Two-player Briscola deals played fast, for self-play: the players of ``games.ai.duel_value``.

A deal is its 40 cards in order and the table's tie rule; each seat sees only what a seat at a
real table sees (its hand, the cards gone, the card points, the stock left, the face-up trump
card, the card led to it) and calls the same functions the table's hard player calls. The deal's
rules are the engine's (``games.briscola``: the winner draws first, the face-up trump card is the
stock's last card, no duty to follow); ``tests/training/test_briscola_sim.py`` plays deals here
and in the engine side by side and checks they agree card for card.

``play_deal`` returns the positions each seat met just after a trick with a draw still to come
(the network's inputs, ``games.ai.duel_value.After``), and how the deal ended for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from games.ai import duel_value as dv
from games.ai.duel_value import After, Evaluator, Table
from games.ai.knowledge import bits
from games.ai.nets import Mlp

Policy = Callable[["Seat"], int]


@dataclass
class Seat:
    """What one seat knows at a decision, and the means to decide."""

    table: Table
    hand: int
    gone: int
    mine: int
    theirs: int
    stock: int
    led: int
    """The card led to it, -1 when it leads."""
    unseen: int
    other_size: int
    other_hand: int
    """The other's hand: for the exact play once the stock is empty (every card is known)."""
    rng: random.Random


@dataclass
class DealRecord:
    """One deal's positions after each trick with a draw to come, per seat, and its end."""

    table: Table
    rows: list[list[After]] = field(default_factory=lambda: [[], []])
    points: list[int] = field(default_factory=lambda: [0, 0])
    last: int = -1
    cards: list[tuple[int, int]] = field(default_factory=list)
    """Every card played, in order, with its seat."""

    def utility(self, seat: int) -> float:
        return dv.result_utility(
            self.points[seat], self.points[1 - seat], self.last == seat, self.table.tie_last
        )

    def result(self, seat: int) -> int:
        """+1 won, 0 drawn, −1 lost, for ``seat``."""
        mine, theirs = self.points[seat], self.points[1 - seat]
        if mine != theirs:
            return 1 if mine > theirs else -1
        if self.table.tie_last:
            return 1 if self.last == seat else -1
        return 0


def new_deal(rng: random.Random) -> tuple[list[int], bool]:
    """A shuffled deck (``DECK_40`` indices) and a tie rule drawn at random."""
    deck = list(range(dv.SIZE))
    rng.shuffle(deck)
    return deck, rng.random() < 0.5


def play_deal(
    deck: list[int],
    tie_last: bool,
    first: int,
    policies: tuple[Policy, Policy],
    rng: random.Random,
) -> DealRecord:
    """Play a deal dealt from ``deck`` (the first three cards to ``first``, the next three to
    the other, the seventh face up as trumps and last of the stock), each seat by its policy."""
    hands = [0, 0]
    for k in range(3):
        hands[first] |= 1 << deck[k]
        hands[1 - first] |= 1 << deck[3 + k]
    trump_card = deck[6]
    stock = [*deck[7:], trump_card]
    table = Table(trump_card, tie_last)
    record = DealRecord(table)
    gone = 0
    leader = first
    while hands[0] or hands[1]:
        trick: list[int] = []
        for k in range(2):
            seat = (leader + k) % 2
            led = trick[0] if trick else -1
            unseen = dv.FULL & ~hands[seat] & ~gone
            if stock:
                unseen &= ~(1 << trump_card)
            if led >= 0:
                unseen &= ~(1 << led)
            view = Seat(
                table,
                hands[seat],
                gone,
                record.points[seat],
                record.points[1 - seat],
                len(stock),
                led,
                unseen,
                hands[1 - seat].bit_count(),
                hands[1 - seat],
                rng,
            )
            card = policies[seat](view)
            if not hands[seat] >> card & 1:
                raise AssertionError(f"seat {seat} played {card} it does not hold")
            hands[seat] &= ~(1 << card)
            trick.append(card)
            record.cards.append((seat, card))
        led, answer = trick
        second = 1 - leader
        winner = second if dv.beats_table(table.trump)[led][answer] else leader
        points = dv.POINTS[led] + dv.POINTS[answer]
        record.points[winner] += points
        record.last = winner
        gone |= 1 << led | 1 << answer
        if stock:
            for seat in (0, 1):
                record.rows[seat].append(
                    After(
                        hands[seat],
                        gone,
                        record.points[seat],
                        record.points[1 - seat],
                        len(stock),
                        winner == seat,
                    )
                )
            hands[winner] |= 1 << stock.pop(0)
            hands[1 - winner] |= 1 << stock.pop(0)
        leader = winner
    return record


# ---------------------------------------------------------------------------- policies
def heuristic(seat: Seat) -> int:
    """A plain club player, to start the self-play from: answer a lead worth taking with the
    cheapest card that takes it, otherwise throw the cheapest card; lead the cheapest card
    (trumps last)."""
    trump = seat.table.trump
    cards = bits(seat.hand)

    def cost(card: int) -> tuple[int, int, int]:
        return (dv.suit_of(card) == trump, dv.POINTS[card], dv.STRENGTH[card])

    if seat.led >= 0:
        beats = dv.beats_table(trump)[seat.led]
        takers = [c for c in cards if beats[c]]
        worth = dv.POINTS[seat.led]
        if takers and (worth >= 10 or any(dv.suit_of(c) != trump for c in takers)):
            return min(takers, key=cost)
        if takers and worth >= 2:
            return min(takers, key=cost)
    return min(cards, key=cost)


def learned(net: Mlp, samples: int, explore: float) -> Policy:
    """The table's hard player at two-player Briscola (``games.ai.duel_value``) with its value
    ``net`` and ``samples`` sampled hands a lead, playing a random card ``explore`` of the time
    while the stock lasts (so that the self-play sees the moves it would not make)."""

    def policy(seat: Seat) -> int:
        ev = Evaluator(seat.table, net)
        if seat.stock and explore and seat.rng.random() < explore:
            return seat.rng.choice(bits(seat.hand))
        if not seat.stock:
            return dv.best_ending(ev, seat.hand, seat.other_hand, seat.mine, seat.theirs, seat.led)
        if seat.led >= 0:
            return dv.reply(ev, seat.hand, seat.gone, seat.mine, seat.theirs, seat.stock, seat.led)
        return dv.lead(
            ev,
            seat.hand,
            seat.gone,
            seat.mine,
            seat.theirs,
            seat.stock,
            seat.unseen,
            seat.other_size,
            seat.rng,
            samples,
        )

    return policy


def exact_ending(policy: Policy) -> Policy:
    """``policy`` while the stock lasts, the exact play once it is empty."""

    def wrapped(seat: Seat) -> int:
        if seat.stock:
            return policy(seat)
        ev = Evaluator.__new__(Evaluator)
        ev.endings = dv.Endings(seat.table)
        return dv.best_ending(ev, seat.hand, seat.other_hand, seat.mine, seat.theirs, seat.led)

    return wrapped


# ----------------------------------------------------------------------------- targets
def outcome(u: float) -> tuple[int, float]:
    """A finished deal's result (+1, 0, −1) and card points margin over 120 from its worth
    (``duel_value.result_utility``): a won deal is worth 1 or more, a lost one −1 or less, a
    drawn one 0."""
    result = 1 if u >= 1 - 1e-9 else -1 if u <= -1 + 1e-9 else 0
    return result, (u - result) / dv.MARGIN_WEIGHT


def targets(record: DealRecord, net: Mlp | None, lam: float) -> list[np.ndarray]:
    """Each seat's training targets, one row per position (won, drawn, lost, margin / 120):
    at the last position with a draw, the exact outcomes of its three ways to lie (both seats
    play the open ending exactly); before it, the TD(λ) return — ``lam`` of the next
    position's target and ``1 - lam`` of what ``net`` (the network that played) made of the
    next position (``lam`` = 1, or no network: the exact outcomes, all the way back)."""
    endings = dv.Endings(record.table)
    out = []
    for seat in (0, 1):
        rows = record.rows[seat]
        n = len(rows)
        last = rows[-1]
        if last.stock != 2:
            raise AssertionError("a deal's last position with a draw has two cards in the stock")
        exact = np.zeros(4)
        worlds = endings.worlds(last)
        for u in worlds:
            result, margin = outcome(u)
            exact[1 - result] += 1
            exact[3] += margin
        exact /= len(worlds)
        predicted = np.zeros((n, 4))
        if net is not None and lam < 1 and n > 1:
            x = dv.encode(record.table, rows[:-1])
            raw = net(x).astype(np.float64)
            logits = raw[:, :3] - raw[:, :3].max(axis=1, keepdims=True)
            p = np.exp(logits)
            predicted[:-1, :3] = p / p.sum(axis=1, keepdims=True)
            predicted[:-1, 3] = raw[:, 3]
        predicted[-1] = exact
        rows_out = np.zeros((n, 4))
        ret = exact
        rows_out[-1] = exact
        for t in range(n - 2, -1, -1):
            if net is not None:
                ret = (1 - lam) * predicted[t + 1] + lam * ret
            rows_out[t] = ret
        out.append(rows_out)
    return out


# ------------------------------------------------------------------------------ shards
ROW_FIELDS = ("hand", "gone", "mine", "theirs", "stock", "lead", "trump_card", "tie_last")


def to_arrays(
    records: list[DealRecord], net: Mlp | None = None, lam: float = 1.0
) -> dict[str, np.ndarray]:
    """The positions of ``records`` as columns, with each one's targets (``targets``: the
    chances of won, drawn, lost, and the margin over 120), and as the deal ended for the seat
    (its result and card points margin)."""
    columns: dict[str, list[int]] = {name: [] for name in (*ROW_FIELDS, "result", "margin", "deal")}
    goals = []
    for number, record in enumerate(records):
        aims = targets(record, net, lam)
        for seat in (0, 1):
            result = record.result(seat)
            margin = record.points[seat] - record.points[1 - seat]
            goals.append(aims[seat])
            for row in record.rows[seat]:
                columns["hand"].append(row.hand)
                columns["gone"].append(row.gone)
                columns["mine"].append(row.mine)
                columns["theirs"].append(row.theirs)
                columns["stock"].append(row.stock)
                columns["lead"].append(int(row.lead))
                columns["trump_card"].append(record.table.trump_card)
                columns["tie_last"].append(int(record.table.tie_last))
                columns["result"].append(result)
                columns["margin"].append(margin)
                columns["deal"].append(number)
    out = {name: np.array(values, dtype=np.int64) for name, values in columns.items()}
    out["target"] = np.concatenate(goals).astype(np.float32)
    return out


__all__ = [
    "DealRecord",
    "Seat",
    "exact_ending",
    "heuristic",
    "learned",
    "new_deal",
    "play_deal",
    "to_arrays",
]
