"""Two-player Briscola while the stock lasts: a one-card lookahead on a learned value.

Sampling the hidden cards and rolling each deal out (``games.ai.search``) is weakest in
Briscola's stock phase: a sampled deal fixes the order of the stock, so every rollout plays as
if it knew what the next draws bring, and a rollout's result swings by tens of card points with
the draws, which a move's few hundred rollouts cannot average away. This player looks one trick
ahead instead and judges where that trick leaves it with a value learned by self-play
(``training/``): the expected outcome of the deal for the player who holds a hand, seen from
that player's own information only — its hand, the cards gone, the face-up trump card, the card
points, the stock left, who leads next, the table's tie rule — just after a trick and before its
draw. The network so averages over the draws and over the other hand itself.

- Replying to a lead, the trick is known: each card's trick, then the value of where it leaves
  the player.
- Leading, the other's answer is not: hands of the unseen cards are sampled (all of them once
  few are possible), the other answers each candidate card with the card that its own value,
  from its own view, rates best, and the lead is judged by the mean value of the answers.
- After the last trick with a draw (two cards in the stock, the face-up one included) every
  card will be known: the value is then exact (the three ways the unseen cards can lie, each
  solved to the end), and once the stock is empty the play is solved exactly.

Everything here works on card indices of ``games.cards.DECK_40`` and bitmasks of them, so the
training's self-play (``training/briscola``) runs the very functions a table's player runs.
The value a player maximises is ``UTILITY``: the deal won (+1), drawn (0) or lost (−1), plus
``MARGIN_WEIGHT`` times the final card points margin over 120.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from games.ai import knowledge as kn
from games.ai.knowledge import Knowledge, bits
from games.ai.nets import Array, Mlp, load
from games.cards import DECK_40, SUITS
from games.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS, card_points
from games.views import GameView

NET: Final = "briscola2"
"""The packaged value network (``games/ai/weights/briscola2.npz``)."""
FEATURES: Final = 1
"""Version of ``encode``'s inputs: a network trained on other inputs is refused."""
INPUTS: Final = 116

MARGIN_WEIGHT: Final = 0.5
"""What the final card points margin (over 120) adds to a deal's result (+1 won, 0 drawn, −1
lost): the result decides; the margin orders deals whose result is settled."""

TIE: Final = 1e-6
"""Values closer than this are equal: the first card of the hand's order is played (a network's
float32 sums may differ in their last bits from one processor to another)."""

SIZE: Final = 40
RANKS: Final = "A234567JQK"
POINTS: Final = tuple(card_points(c, BRISCOLA_POINTS) for c in DECK_40)
STRENGTH: Final = tuple(len(BRISCOLA_ORDER) - BRISCOLA_ORDER.index(c[0]) for c in DECK_40)
"""Each card's rank in its suit, 1 (the two) to 10 (the ace)."""
FULL: Final = (1 << SIZE) - 1


def suit_of(card: int) -> int:
    return card // 10


@cache
def beats_table(trump: int) -> tuple[tuple[bool, ...], ...]:
    """``[led][answer]``: whether the answer takes the trick from the card led (no duty to
    follow: a higher card of the suit led, or a trump on a plain card)."""
    out = []
    for led in range(SIZE):
        row = []
        for answer in range(SIZE):
            if suit_of(answer) == suit_of(led):
                row.append(STRENGTH[answer] > STRENGTH[led])
            else:
                row.append(suit_of(answer) == trump)
        out.append(tuple(row))
    return tuple(out)


@cache
def net_order(trump: int) -> tuple[int, ...]:
    """The network's card order for a trump suit: the trumps first, then the three other suits
    in ``SUITS`` order, each from its lowest card up, so that one network serves every trump
    suit. Returns the ``DECK_40`` index of each of the network's 40 cards."""
    suits = [trump, *(s for s in range(4) if s != trump)]
    order = []
    for s in suits:
        order += sorted(range(s * 10, s * 10 + 10), key=lambda c: STRENGTH[c])
    return tuple(order)


# -------------------------------------------------------------------------- positions
@dataclass(frozen=True)
class Table:
    """What stays the same through a deal: the face-up trump card and the tie rule."""

    trump_card: int
    tie_last: bool
    """A tie goes to the last trick's winner (``tie_rule = last_trick``); otherwise it is a draw."""

    @property
    def trump(self) -> int:
        return suit_of(self.trump_card)


@dataclass(frozen=True)
class After:
    """A player's position just after a trick and before its draw, as that player sees it."""

    hand: int
    """The cards it still holds (a mask)."""
    gone: int
    """Every card played so far, this trick's included."""
    mine: int
    theirs: int
    """Card points so far, its own and the other's."""
    stock: int
    """Cards in the stock before this trick's draw, the face-up trump card included."""
    lead: bool
    """It took the trick: it draws first and leads next."""


def encode(table: Table, rows: Sequence[After]) -> Array:
    """The network's inputs for positions of one table (one row each)."""
    n = len(rows)
    return encode_arrays(
        np.array([r.hand for r in rows], dtype=np.int64),
        np.array([r.gone for r in rows], dtype=np.int64),
        np.array([r.mine for r in rows], dtype=np.int64),
        np.array([r.theirs for r in rows], dtype=np.int64),
        np.array([r.stock for r in rows], dtype=np.int64),
        np.array([r.lead for r in rows], dtype=np.int64),
        np.full(n, table.trump_card, dtype=np.int64),
        np.full(n, table.tie_last, dtype=np.int64),
    )


def encode_arrays(
    hands: npt.NDArray[np.int64],
    gones: npt.NDArray[np.int64],
    mine: npt.NDArray[np.int64],
    theirs: npt.NDArray[np.int64],
    stock: npt.NDArray[np.int64],
    lead: npt.NDArray[np.int64],
    trump_card: npt.NDArray[np.int64],
    tie_last: npt.NDArray[np.int64],
) -> Array:
    """``encode`` with every field an array of one value per row (the training's batches mix
    tables): the hand and the cards gone in the network's card order (``net_order``), the
    face-up trump card's rank, who leads next, the stock left, the card points, the tie rule."""
    n = len(hands)
    orders = np.array([net_order(t) for t in range(4)], dtype=np.int64)[trump_card // 10]
    rows = np.arange(n)[:, None]
    shifts = np.arange(SIZE, dtype=np.int64)
    x = np.zeros((n, INPUTS), dtype=np.float32)
    x[:, 0:40] = ((hands[:, None] >> shifts) & 1)[rows, orders]
    x[:, 40:80] = ((gones[:, None] >> shifts) & 1)[rows, orders]
    strength = np.array(STRENGTH, dtype=np.int64)
    x[np.arange(n), 80 + strength[trump_card] - 1] = 1.0
    x[:, 90] = lead
    x[np.arange(n), 91 + np.clip(stock // 2, 0, 17)] = 1.0
    x[:, 109] = stock / 34.0
    x[:, 110] = mine / 120.0
    x[:, 111] = theirs / 120.0
    x[:, 112] = (120.0 - mine - theirs) / 120.0
    x[:, 113] = mine > 60
    x[:, 114] = theirs > 60
    x[:, 115] = tie_last
    return x


def utility(outputs: Array) -> Array:
    """``UTILITY`` from the network's outputs: logits of won, drawn, lost, and the final margin
    over 120."""
    logits = outputs[:, :3].astype(np.float64)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    return np.asarray(p[:, 0] - p[:, 2] + MARGIN_WEIGHT * outputs[:, 3], dtype=np.float64)


def result_utility(mine: int, theirs: int, last_mine: bool, tie_last: bool) -> float:
    """A finished deal's worth to a player: its result and margin (``MARGIN_WEIGHT``)."""
    if mine > theirs:
        result = 1.0
    elif mine < theirs:
        result = -1.0
    else:
        result = (1.0 if last_mine else -1.0) if tie_last else 0.0
    return result + MARGIN_WEIGHT * (mine - theirs) / 120.0


# ------------------------------------------------------------------------ exact endings
class Endings:
    """Exact values of the open end of a deal (the stock empty, both hands known), memoised."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.beats = beats_table(table.trump)
        self.memo: dict[tuple[int, int, bool, int, int], float] = {}

    def solve(self, mine: int, theirs: int, lead: bool, pm: int, pt: int) -> float:
        """The deal's worth (``result_utility``) to the player holding ``mine`` against
        ``theirs``, with best play by both, ``lead`` if it leads the next trick, from card
        points ``pm`` and ``pt``."""
        if not mine:
            return result_utility(pm, pt, not lead, self.table.tie_last)
        key = (mine, theirs, lead, pm, pt)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        beats = self.beats
        first, second = (mine, theirs) if lead else (theirs, mine)
        # The leader picks the card whose best answer is least good for it.
        outer: list[float] = []
        for x in bits(first):
            inner: list[float] = []
            for y in bits(second):
                points = POINTS[x] + POINTS[y]
                # Who took it, from the player's side: the second player if it answered higher.
                took = beats[x][y] != lead
                inner.append(
                    self.solve(
                        mine & ~(1 << (x if lead else y)),
                        theirs & ~(1 << (y if lead else x)),
                        took,
                        pm + (points if took else 0),
                        pt + (0 if took else points),
                    )
                )
            outer.append(min(inner) if lead else max(inner))
        best_outer = max(outer) if lead else min(outer)
        self.memo[key] = best_outer
        return best_outer

    def last_draw(self, after: After) -> float:
        """The exact worth of a position after the last trick with a draw: the mean of
        ``worlds``."""
        worlds = self.worlds(after)
        return sum(worlds) / len(worlds)

    def worlds(self, after: After) -> list[float]:
        """A position after the last trick with a draw, once drawn: the hidden stock card goes
        to the trick's winner and the face-up trump card to the other, and from there every
        card is known. Its worth in each of the three ways the unseen cards may lie (which of
        them is the hidden one)."""
        trump_card = self.table.trump_card
        unseen = FULL & ~after.hand & ~after.gone & ~(1 << trump_card)
        out = []
        for hidden in bits(unseen):
            theirs = unseen & ~(1 << hidden)
            if after.lead:
                mine_hand, their_hand = after.hand | 1 << hidden, theirs | 1 << trump_card
            else:
                mine_hand, their_hand = after.hand | 1 << trump_card, theirs | 1 << hidden
            out.append(self.solve(mine_hand, their_hand, after.lead, after.mine, after.theirs))
        return out


Row = tuple[int, int, int, int, bool]
"""A position after a trick as ``After`` has it, less the stock (one per decision): hand, cards
gone, card points of the player and of the other, whether it leads next."""


class Evaluator:
    """Values of positions after a trick: the network's, or exact after the last draw."""

    def __init__(self, table: Table, net: Mlp) -> None:
        if net.meta.get("features") != FEATURES or net.inputs != INPUTS:
            raise ValueError(f"the network {net.meta} was trained on other inputs")
        self.table = table
        self.net = net
        self.endings = Endings(table)

    def values(self, rows: Sequence[Row], stock: int) -> list[float]:
        """The value of each position (each row), ``stock`` cards in the stock before the
        trick's draw."""
        unique = list(dict.fromkeys(rows))
        if stock <= 2:
            last = self.endings.last_draw
            found = {r: last(After(r[0], r[1], r[2], r[3], stock, r[4])) for r in unique}
        else:
            n = len(unique)
            columns = [np.array([r[k] for r in unique], dtype=np.int64) for k in range(5)]
            x = encode_arrays(
                columns[0],
                columns[1],
                columns[2],
                columns[3],
                np.full(n, stock, dtype=np.int64),
                columns[4],
                np.full(n, self.table.trump_card, dtype=np.int64),
                np.full(n, self.table.tie_last, dtype=np.int64),
            )
            found = dict(zip(unique, utility(self.net(x)).tolist(), strict=True))
        return [found[r] for r in rows]


def _after(hand: int, gone: int, mine: int, theirs: int, points: int, took: bool) -> Row:
    return (hand, gone, mine + points if took else mine, theirs if took else theirs + points, took)


def reply(ev: Evaluator, hand: int, gone: int, mine: int, theirs: int, stock: int, led: int) -> int:
    """The answer to ``led`` (the stock not empty) whose trick leaves the best value."""
    beats = ev.endings.beats[led]
    cards = bits(hand)
    rows = [
        _after(
            hand & ~(1 << card),
            gone | 1 << led | 1 << card,
            mine,
            theirs,
            POINTS[led] + POINTS[card],
            beats[card],
        )
        for card in cards
    ]
    return cards[_best(ev.values(rows, stock))]


def lead(
    ev: Evaluator,
    hand: int,
    gone: int,
    mine: int,
    theirs: int,
    stock: int,
    unseen: int,
    other_size: int,
    rng: random.Random,
    samples: int,
) -> int:
    """The lead (the stock not empty) with the best mean value over the other's answers: its
    hand sampled from the ``unseen`` cards (every hand when there are no more than
    ``samples``), its answer the card its own value rates best from its own view."""
    beats = ev.endings.beats
    cards = bits(hand)
    pool = bits(unseen)
    if math.comb(len(pool), other_size) <= samples:
        hands = [sum(1 << c for c in combo) for combo in combinations(pool, other_size)]
    else:
        hands = [sum(1 << c for c in rng.sample(pool, other_size)) for _ in range(samples)]
    # The player's position after each (lead, answer) depends on the answer only; the other's
    # on its hand too.
    mine_keys: list[tuple[int, int]] = []
    mine_rows: list[Row] = []
    their_rows: list[Row] = []
    index: list[tuple[int, int, int]] = []  # (card, sampled hand, answer)
    for card in cards:
        rest = hand & ~(1 << card)
        row = beats[card]
        for answer in pool:
            mine_keys.append((card, answer))
            mine_rows.append(
                _after(
                    rest,
                    gone | 1 << card | 1 << answer,
                    mine,
                    theirs,
                    POINTS[card] + POINTS[answer],
                    not row[answer],
                )
            )
        for k, other in enumerate(hands):
            for answer in bits(other):
                their_rows.append(
                    _after(
                        other & ~(1 << answer),
                        gone | 1 << card | 1 << answer,
                        theirs,
                        mine,
                        POINTS[card] + POINTS[answer],
                        row[answer],
                    )
                )
                index.append((card, k, answer))
    mine_values = dict(zip(mine_keys, ev.values(mine_rows, stock), strict=True))
    their_values = ev.values(their_rows, stock)
    # The other's answer in each sampled hand: the best for it (the first of equals).
    chosen: dict[tuple[int, int], tuple[float, int]] = {}
    for (card, k, answer), value in zip(index, their_values, strict=True):
        best = chosen.get((card, k))
        if best is None or value > best[0] + TIE:
            chosen[(card, k)] = (value, answer)
    totals = []
    for card in cards:
        total = 0.0
        for k in range(len(hands)):
            total += mine_values[(card, chosen[(card, k)][1])]
        totals.append(total / len(hands))
    return cards[_best(totals)]


def _best(values: Sequence[float]) -> int:
    """The index of the best value, the first of equals (values within ``TIE``)."""
    top = max(values)
    return next(i for i, v in enumerate(values) if v >= top - TIE)


def best_ending(ev: Evaluator, hand: int, other: int, mine: int, theirs: int, led: int) -> int:
    """With the stock empty every card is known: the card that is best with best play on
    both sides (``led`` < 0: the player leads)."""
    endings = ev.endings
    beats = endings.beats
    cards = bits(hand)
    values = []
    for card in cards:
        rest = hand & ~(1 << card)
        if led < 0:
            worst = math.inf
            for answer in bits(other):
                points = POINTS[card] + POINTS[answer]
                took = not beats[card][answer]
                worst = min(
                    worst,
                    endings.solve(
                        rest,
                        other & ~(1 << answer),
                        took,
                        mine + (points if took else 0),
                        theirs + (0 if took else points),
                    ),
                )
            values.append(worst)
        else:
            points = POINTS[led] + POINTS[card]
            took = beats[led][card]
            values.append(
                endings.solve(
                    rest,
                    other,
                    took,
                    mine + (points if took else 0),
                    theirs + (0 if took else points),
                )
            )
    return cards[_best(values)]


# --------------------------------------------------------------------------- from a view
def applies(view: GameView) -> bool:
    """Whether this player plays the view's decision: two-player Briscola's card play."""
    return kn.as_briscola(view) is not None and kn.seat_count(view) == 2


def choose_card(
    view: GameView,
    cards: Sequence[str],
    rng: random.Random,
    samples: int,
    net: Mlp | None = None,
) -> str:
    """The card to play from ``cards`` (the seat's legal cards: its hand) at two-player
    Briscola, by the learned value while the stock lasts (``net``, by default the packaged
    one) and exactly once it is empty."""
    know = Knowledge(view)
    seat = know.seat
    index = {c: i for i, c in enumerate(DECK_40)}
    briscola = kn.as_briscola(view)
    if briscola is None:
        raise ValueError("the learned duel value plays two-player Briscola only")
    trump_code = briscola["trump"]
    trump_card = briscola["trump_card"]
    stock = briscola["stock_size"]
    if trump_card is None:
        # Drawn already: only its suit matters from here (the stock is empty).
        drawn = [e["card"] for e in kn.events(view) if e["type"] == "trump_card_drawn"]
        trump_card = next((c for c in drawn if c is not None), f"2{trump_code}")
    table = Table(index[trump_card], briscola["options"]["tie_rule"] == "last_trick")
    if SUITS[table.trump] != trump_code:
        raise ValueError(f"the trump card {trump_card} is not of the trump suit {trump_code}")
    hand = sum(1 << index[c] for c in cards)
    trick = know.trick
    gone = 0
    for past in know.history:
        for _, code in past:
            gone |= 1 << index[code]
    points = view["scores"]["deal"]
    team = kn.team_of(view)
    mine, theirs = int(points[team[seat]]), int(points[1 - team[seat]])
    unseen = FULL & ~hand & ~gone
    if stock > 0:
        unseen &= ~(1 << table.trump_card)
    led = index[trick[0][1]] if trick else -1
    if led >= 0:
        unseen &= ~(1 << led)
    ev = Evaluator(table, net or load(NET))
    if stock == 0:
        card = best_ending(ev, hand, unseen, mine, theirs, led)
    elif led >= 0:
        card = reply(ev, hand, gone, mine, theirs, stock, led)
    else:
        other = kn.hand_sizes(view)[1 - seat]
        card = lead(ev, hand, gone, mine, theirs, stock, unseen, other, rng, samples)
    return DECK_40[card]


__all__ = [
    "FEATURES",
    "MARGIN_WEIGHT",
    "NET",
    "After",
    "Endings",
    "Evaluator",
    "Table",
    "applies",
    "best_ending",
    "choose_card",
    "encode",
    "lead",
    "reply",
    "result_utility",
    "utility",
]
