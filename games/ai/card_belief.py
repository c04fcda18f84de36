"""A belief shared across cards: one small network scores every (card, holder) pair.

The first belief network (``games.ai.belief``) reads a whole view and gives one output per card
and holder: each of its 96 Coinche outputs learns from one card of a row, and with the few
thousand self-play deals this machine can make it learns little before it over-fits. This one
applies the *same* small network to each card and each seat that could hold it, on features of
that card, that seat and what ties them — what the seat bid in the card's suit, what it played
there (higher or lower than this card), whether it led or threw the suit, how many of the suit
are still out and above the card — plus the deal's context (contract, trick count). Not the house
rules: with a few hundred deals, their 49 inputs all but name each deal, and the network
learned the deals by heart (held-out log-loss up after one epoch). Every card of every row teaches the same weights, and what it learns ("a seat that bid
hearts holds the high hearts still out") holds for every suit and rank alike.

Its output is a logit per card and holder, added like the first network's to the logarithm of
each holder's room (``games.ai.belief.prior``) and masked by the hard constraints
(``games.ai.belief.masked``): an untrained network (last layer at zero) is the uniform draw.

The first layer is linear in features that are each a card's, a holder's, a (suit, holder)'s,
a (card, holder)'s or the deal's, so it is computed per block and broadcast (``forward``):
one decision costs a few small products instead of 4 × 32 rows through the first layer.
The file is an ``Mlp`` (``games.ai.nets``) whose ``meta`` says ``"kind": "per-card"`` and its
block sizes; a file whose blocks are not the ones ``parts`` builds is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from games.ai import belief as bf
from games.ai import knowledge as kn
from games.ai.knowledge import Knowledge
from games.ai.nets import Array, Mlp, load
from games.cards import SUITS
from games.views import GameView

KIND: Final = "per-card"
"""``meta["kind"]`` of a per-card belief's file."""

FEATURES: Final = 3
"""Version of ``parts``' features: a network trained on other features is refused."""

SUIT_HOLDER: Final = 9
CARD_HOLDER: Final = 4
HOLDER_EXTRA: Final = 10
CARD_EXTRA: Final = 9
GLOBAL_FIXED: Final = 14


@cache
def blocks(game: str, seats: int) -> tuple[int, int, int, int, int]:
    """The sizes of the feature blocks (card, holder, suit-holder, card-holder, deal)."""
    deck, _, _ = bf.sizes(game, seats)
    per = deck // 4
    return (per + CARD_EXTRA, seats + HOLDER_EXTRA, SUIT_HOLDER, CARD_HOLDER, GLOBAL_FIXED)


@dataclass(frozen=True)
class Parts:
    """One view's features by block (``H`` holders: the other seats, relative, then no hand;
    ``D`` cards in the canonical order of ``games.ai.belief.canonical``)."""

    card: Array  # (D, card features)
    holder: Array  # (H, holder features)
    suit_holder: Array  # (4, H, suit-holder features), canonical suits
    card_holder: Array  # (D, H, card-holder features)
    deal: Array  # (deal features,)
    order: list[int]


def parts(view: GameView, know: Knowledge | None = None) -> Parts:
    """The features of a seat's view, block by block."""
    know = know or Knowledge(view)
    game, n = view["game"], know.seats
    rules = know.rules
    deck, _, holders = bf.sizes(game, n)
    per = deck // 4
    fc, fh, fsh, fch, fg = blocks(game, n)
    order = bf.canonical(know)
    me = know.seat
    seat_of_holder = [(me + j + 1) % n for j in range(n - 1)]

    # Who played what, who led and who threw which suit; and the cards with which a seat
    # would have taken a trick from the other side but let it go (``ducked``; where its partner
    # was winning, ``spared``).
    played_by = [0] * n
    led = [[0] * 4 for _ in range(n)]
    thrown = [[0] * 4 for _ in range(n)]
    ducked = [0] * n
    spared = [0] * n
    team = know.team
    for trick in [*know.history, know.trick]:
        lead_suit, best, best_seat = -1, -1, -1
        for i, (seat, code) in enumerate(trick):
            c = rules.index.get(code, -1)
            if c < 0 or not 0 <= seat < n:
                continue
            played_by[seat] |= 1 << c
            s = rules.suit[c]
            if i == 0:
                lead_suit = s
                led[seat][s] += 1
                best, best_seat = c, seat
                continue
            if s != lead_suit and not rules.is_trump[c]:
                thrown[seat][s] += 1
            if rules.beats(c, best):
                best, best_seat = c, seat
            elif s == rules.suit[best]:
                beaters = rules.above[best]
                if team[best_seat] == team[seat]:
                    spared[seat] |= beaters
                else:
                    ducked[seat] |= beaters

    # The auction, by seat: its bids' levels and suits, coinches and passes.
    bid_levels: list[list[float]] = [[] for _ in range(n)]
    bid_suits: list[list[int]] = [[] for _ in range(n)]
    coinched = [0.0] * n
    passes = [0] * n
    for entry in kn.auction(view):
        seat = entry["seat"]
        if entry["type"] == "bid":
            bid_levels[seat].append(bf._level(entry["value"]))
            trump = entry.get("trump")
            bid_suits[seat].append(_suit(trump))
        elif entry["type"] in ("coinche", "surcoinche"):
            coinched[seat] = 1.0
        elif entry["type"] == "pass":
            passes[seat] += 1
    for event in kn.events(view):
        if event["type"] == "take":
            seat = event["seat"]
            trump = kn.trump_of(view)
            bid_levels[seat].append(1.0 if event["round"] == 1 else 0.5)
            bid_suits[seat].append(_suit(trump))
        elif event["type"] == "pass" and event.get("round") is not None:
            passes[event["seat"]] += 1

    # The canonical suits' real suits and each card's place in its suit.
    canon_suit = [-1] * 4
    for k, c in enumerate(order):
        if c >= 0:
            canon_suit[k // per] = rules.suit[c]
    block_mask = [0] * 4
    for k, c in enumerate(order):
        if c >= 0:
            block_mask[k // per] |= 1 << c
    unseen, mine, played = know.unseen, know.mine, know.played
    trick_suit = rules.suit[rules.index[know.trick[0][1]]] if know.trick else -1

    card = np.zeros((deck, fc), dtype=np.float32)
    above = [0] * deck
    below = [0] * deck
    for k, c in enumerate(order):
        if c < 0:
            continue
        b = k // per
        rank = k % per
        higher = 0
        for j in range(k + 1, (b + 1) * per):
            if order[j] >= 0:
                higher |= 1 << order[j]
        lower = block_mask[b] & ~higher & ~(1 << c)
        above[k], below[k] = higher, lower
        row = card[k]
        row[0] = float(rules.is_trump[c])
        row[1 + rank] = 1.0
        row[1 + per] = rules.points[c] / 11.0
        row[2 + per] = (unseen & block_mask[b]).bit_count() / per
        row[3 + per] = (mine & block_mask[b]).bit_count() / per
        row[4 + per] = (played & block_mask[b]).bit_count() / per
        row[5 + per] = (unseen & higher).bit_count() / per
        row[6 + per] = (unseen & lower).bit_count() / per
        row[7 + per] = (mine & higher).bit_count() / per
        row[8 + per] = float(canon_suit[b] == trick_suit)

    declarer = kn.declarer_of(view)
    in_trick = {seat for seat, _ in know.trick}
    room = bf.rooms(know, view)
    holder = np.zeros((holders, fh), dtype=np.float32)
    suit_holder = np.zeros((4, holders, fsh), dtype=np.float32)
    card_holder = np.zeros((deck, holders, fch), dtype=np.float32)
    for j in range(holders):
        row = holder[j]
        row[j] = 1.0
        row[n] = room[j] / 10.0
        if j == holders - 1:
            continue  # no hand: its room only
        seat = seat_of_holder[j]
        row[n + 1] = float(declarer == seat)
        row[n + 2] = float(declarer is not None and team[declarer] == team[seat])
        row[n + 3] = float(team[seat] == team[me])
        row[n + 4] = float(seat in in_trick)
        row[n + 5] = float(bool(bid_levels[seat]))
        row[n + 6] = max(bid_levels[seat], default=0.0)
        row[n + 7] = len(bid_levels[seat]) / 4.0
        row[n + 8] = coinched[seat]
        row[n + 9] = passes[seat] / 4.0
        mates = [s for s in range(n) if s != seat and team[s] == team[seat]]
        for b in range(4):
            suit = canon_suit[b]
            if suit < 0:
                continue
            sh = suit_holder[b, j]
            levels = [
                lv for lv, s in zip(bid_levels[seat], bid_suits[seat], strict=True) if s == suit
            ]
            sh[0] = float(bool(levels))
            sh[1] = max(levels, default=0.0)
            sh[2] = float(bool(bid_suits[seat]) and bid_suits[seat][0] == suit)
            sh[3] = float(bool(bid_suits[seat]) and bid_suits[seat][-1] == suit)
            sh[4] = float(any(suit in bid_suits[m] for m in mates))
            sh[5] = (played_by[seat] & block_mask[b]).bit_count() / per
            sh[6] = led[seat][suit] / 4.0
            sh[7] = thrown[seat][suit] / 4.0
            out = unseen & block_mask[b]
            sh[8] = float(out != 0 and out & ~know.forbidden[seat] == 0)
        for k in range(deck):
            if order[k] >= 0:
                card_holder[k, j, 0] = (played_by[seat] & above[k]).bit_count() / per
                card_holder[k, j, 1] = (played_by[seat] & below[k]).bit_count() / per
                card_holder[k, j, 2] = float(ducked[seat] >> order[k] & 1)
                card_holder[k, j, 3] = float(spared[seat] >> order[k] & 1)

    deal = np.zeros(fg, dtype=np.float32)
    deal[0] = len(know.history) * n / deck
    trump = kn.trump_of(view)
    deal[1 + (0 if _suit(trump) >= 0 else 1 if trump == "NT" else 2 if trump == "AT" else 3)] = 1.0
    coinche = kn.as_coinche(view)
    if coinche is not None:
        contract = coinche["contract"] or coinche["bid"]
        if contract is not None:
            deal[5] = bf._level(contract["value"])
        deal[6] = float(coinche["doubled"] >= 1)
        deal[7] = float(coinche["doubled"] >= 2)
    if declarer is None:
        deal[11] = 1.0
    elif declarer == me:
        deal[8] = 1.0
    else:
        deal[9 if team[declarer] == team[me] else 10] = 1.0
    deal[12] = len(know.trick) / n
    deal[13] = sum(room[: holders - 1]) / deck
    return Parts(card, holder, suit_holder, card_holder, deal, order)


def _suit(trump: object) -> int:
    """A trump's suit index, -1 for none, no trumps or all trumps."""
    return (
        SUITS.index(trump) if isinstance(trump, str) and len(trump) == 1 and trump in SUITS else -1
    )


def suit_index(order: list[int], per: int) -> npt.NDArray[np.int64]:
    """Each canonical card's canonical suit (its block)."""
    return np.arange(len(order), dtype=np.int64) // per


def forward(net: Mlp, p: Parts) -> Array:
    """The network's logits (D, H) for one view, the first layer computed block by block."""
    w, b = net.layers[0]
    sizes = [p.card.shape[1], p.holder.shape[1], p.suit_holder.shape[2], p.card_holder.shape[2]]
    cuts = np.cumsum([0, *sizes, p.deal.shape[0]])
    wc, wh, wsh, wch, wg = (w[cuts[i] : cuts[i + 1]] for i in range(5))
    per = len(p.order) // 4
    h = (
        (p.card @ wc)[:, None, :]
        + (p.holder @ wh)[None, :, :]
        + (p.suit_holder @ wsh)[suit_index(p.order, per)]
        + p.card_holder @ wch
        + (p.deal @ wg + b)[None, None, :]
    )
    deck, holders = p.card_holder.shape[0], p.card_holder.shape[1]
    x = np.maximum(h, 0.0).reshape(deck * holders, -1)
    last = len(net.layers) - 1
    for i, (wi, bi) in enumerate(net.layers[1:], start=1):
        x = x @ wi + bi
        if i < last:
            np.maximum(x, 0.0, out=x)
    return np.asarray(x.reshape(deck, holders), dtype=np.float32)


class CardBelief(bf.Belief):
    """A per-card belief network (``KIND``), checked against the blocks ``parts`` builds."""

    def __init__(self, net: Mlp, game: str, seats: int) -> None:
        deck, _, _ = bf.sizes(game, seats)
        meta = net.meta
        if (
            meta.get("kind") != KIND
            or meta.get("features") != FEATURES
            or meta.get("game") != game
            or meta.get("seats") != seats
            or meta.get("blocks") != list(blocks(game, seats))
            or net.inputs != sum(blocks(game, seats))
            or int(net.layers[-1][1].shape[0]) != 1
        ):
            raise ValueError(f"the belief network {meta} was trained on other inputs")
        self.net = net
        self.game = game
        self.seats = seats
        self.deck = deck

    def holders(self, view: GameView, know: Knowledge | None = None) -> list[list[float]]:
        know = know or Knowledge(view)
        p = parts(view, know)
        logits = forward(self.net, p) + bf.prior(know, view)
        return bf.masked(logits, p.order, know, view)


def belief_of(net: Mlp, game: str, seats: int) -> bf.Belief:
    """The belief a network file holds: per card (``CardBelief``) or per view (``Belief``)."""
    if net.meta.get("kind") == KIND:
        return CardBelief(net, game, seats)
    return bf.Belief(net, game, seats)


def has_net(game: str, seats: int) -> bool:
    """Whether a belief network ships for ``game`` at ``seats`` (``games.ai.belief.NETS``)."""
    name = bf.NETS.get((game, seats))
    if name is None:
        return False
    return resources.files("games.ai").joinpath(f"weights/{name}.npz").is_file()


def shipped() -> list[tuple[str, int]]:
    """The (game, seat count) pairs whose belief network ships."""
    return [key for key in sorted(bf.NETS) if has_net(*key)]


@cache
def packaged(game: str, seats: int) -> bf.Belief | None:
    """The shipped belief of ``game`` at ``seats``, of either kind (``None`` where none
    ships), read once."""
    if not has_net(game, seats):
        return None
    return belief_of(load(bf.NETS[(game, seats)]), game, seats)


__all__ = [
    "KIND",
    "CardBelief",
    "Parts",
    "belief_of",
    "blocks",
    "forward",
    "has_net",
    "packaged",
    "parts",
    "shipped",
]
