"""A learned belief: where each unseen card is likely to be, from what a seat has seen.

The hard player's search deals the hidden cards many times (``games.ai.sampler``). Dealt
uniformly within the hard constraints (voids shown, cards known held), a deal throws away what
the others' bids and plays said; the hand-written claims weigh a deal only by what the normal
player's valuation would have bid. A belief network reads what the seat knows — its hand, the
cards each seat has played, the voids and holdings the rules reveal, the trick, the auction and
the house rules that change the play — and gives, for each card the seat has not seen, the
chance that each other seat holds it (or that it lies in the stock, undealt). It is learned
from self-play of the hard player (``training/belief.py``), whose hands are known; so it knows
how the hard player bids and plays, which the claims could only guess.

Sampling stays masked by the hard constraints: a card never goes where the rules say it
cannot be, whatever the network says (``Sampler``, which draws each card in proportion to the
belief times the room left in each hand). The network sees the suits renamed, the trump suit
first and each suit's cards from the weakest up, so that it learns ranks rather than card codes.

One network per game and seat count (``NETS``), each a small MLP run by numpy
(``games.ai.nets``): one forward pass per decision, well under a millisecond. A network whose
inputs are not the ones ``encode`` builds (``FEATURES``, the input count, the game) is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

import numpy as np

from games.ai import knowledge as kn
from games.ai.knowledge import Knowledge
from games.ai.nets import Array, Mlp
from games.ai.profiles import profile
from games.cards import SUITS
from games.coinche import LEVELS
from games.registry import game_class
from games.tricks import BRISCOLA_ORDER
from games.views import GameView

FEATURES: Final = 1
"""Version of ``encode``'s inputs: a network trained on other inputs is refused."""

NETS: Final[dict[tuple[str, int], str]] = {
    ("belote", 4): "belief_belote4",
    ("coinche", 4): "belief_coinche4",
    ("sueca", 4): "belief_sueca4",
    ("chiamata", 5): "belief_chiamata5",
    ("briscola", 3): "belief_briscola3",
    ("briscola", 4): "belief_briscola4",
    ("briscola", 6): "belief_briscola6",
}
"""The belief networks by game and seat count (``games/ai/weights/<name>.npz``)."""

PRIOR_FLOOR: Final = 0.5
"""The room of a holder with none left, in the prior's logarithm (it is masked out anyway)."""

FLOOR: Final = 0.02
"""No allowed holder's chance falls below this: a network that is sure and wrong must still let
the true deal be drawn now and then."""

AUCTION_PER_SEAT: Final = 6


def _option_slots(game: str) -> list[tuple[str, tuple[Any, ...]]]:
    """The house rules as inputs: each choice one-hot, each yes/no rule one input (numbers,
    such as a target score, do not change the play and are left out)."""
    out: list[tuple[str, tuple[Any, ...]]] = []
    for spec in game_class(game).OPTIONS:
        if spec.kind == "bool":
            out.append((spec.name, (True,)))
        elif spec.kind == "choice" and spec.choices:
            out.append((spec.name, tuple(spec.choices)))
    return out


@cache
def sizes(game: str, seats: int) -> tuple[int, int, int]:
    """(deck size, inputs, holders) of a game at ``seats``: the holders are the other seats
    and the stock (cards in no hand)."""
    deck = 32 if profile(game).belote_rules else 40
    blocks = 1 + seats + 2 * (seats - 1) + 2
    scalars = (
        (seats - 1)  # the others' hand sizes
        + 1  # the stock
        + 5  # trump: a suit, SA, TA, none yet; tricks done
        + seats  # cards on the table
        + 2 * (seats + 1)  # declarer, partner (relative; none)
        + AUCTION_PER_SEAT * seats
        + 4  # contract level, coinched, surcoinched, target
        + sum(len(values) for _, values in _option_slots(game))
    )
    return deck, deck * blocks + scalars, seats


def canonical(know: Knowledge) -> list[int]:
    """The network's card order: the trump suit first (when there is one), then the others in
    ``SUITS`` order, each suit from its weakest card up. Returns the deck index (``Rules``) of
    each of the network's cards, -1 for a card the table's deck leaves out (three-player
    Briscola's removed 2, always its suit's weakest)."""
    rules = know.rules
    trump = rules.trump_suit
    suits = [trump, *(s for s in range(4) if s != trump)] if trump >= 0 else list(range(4))
    per_suit = (32 if rules.profile.belote_rules else 40) // 4
    out: list[int] = []
    for s in suits:
        ranked = rules.by_power[s]
        out += [-1] * (per_suit - len(ranked)) + ranked
    return out


def _level(value: Any) -> float:
    level = LEVELS.get(value, 0) if isinstance(value, int | str) else 0
    return (level - 70) / 100.0 if level else 0.0


def encode(view: GameView, know: Knowledge | None = None) -> tuple[Array, list[int]]:
    """The inputs of a seat's view (one row), and the canonical card order they use."""
    know = know or Knowledge(view)
    game, n = view["game"], know.seats
    deck, inputs, _ = sizes(game, n)
    rules = know.rules
    order = canonical(know)
    me = know.seat
    x = np.zeros(inputs, dtype=np.float32)

    def block(k: int, mask: int) -> None:
        if mask:
            x[k * deck : (k + 1) * deck] = [(mask >> c) & 1 if c >= 0 else 0 for c in order]

    def rel(seat: int) -> int:
        return (seat - me) % n

    block(0, know.mine)
    played = [0] * n
    for trick in [*know.history, know.trick]:
        for seat, code in trick:
            played[rel(seat)] |= 1 << rules.index[code]
    for r in range(n):
        block(1 + r, played[r])
    for r in range(1, n):
        seat = (me + r) % n
        block(n + r, know.forbidden[seat] & know.unseen)
        block(2 * n - 1 + r, know.held[seat])
    block(3 * n - 1, rules.mask([c for _, c in know.trick]))
    special = _special_card(view)
    block(3 * n, rules.mask([special]) if special else 0)
    at = deck * (3 * n + 1)
    sizes_now = kn.hand_sizes(view)
    for r in range(1, n):
        x[at + r - 1] = sizes_now[(me + r) % n] / 10.0
    at += n - 1
    x[at] = kn.stock_size(view) / deck
    at += 1
    trump = kn.trump_of(view)
    x[
        at
        + (
            0
            if trump is not None and trump in SUITS
            else 1
            if trump == "NT"
            else 2
            if trump == "AT"
            else 3
        )
    ] = 1.0
    x[at + 4] = len(know.history) * n / deck
    at += 5
    x[at + len(know.trick) % n] = 1.0
    at += n
    declarer = kn.declarer_of(view)
    x[at + (rel(declarer) if declarer is not None else n)] = 1.0
    at += n + 1
    chiamata = kn.as_chiamata(view)
    partner = chiamata["partner"] if chiamata is not None else None
    x[at + (rel(partner) if partner is not None else n)] = 1.0
    at += n + 1
    at = _auction(view, x, at, rel, trump)
    at = _contract(view, x, at)
    options: Mapping[str, Any] = view["options"]
    for name, values in _option_slots(game):
        value = options.get(name)
        for k, wanted in enumerate(values):
            x[at + k] = float(value == wanted)
        at += len(values)
    assert at == inputs, (at, inputs)
    return x, order


def _special_card(view: GameView) -> str | None:
    """The one card a game shows apart: Belote's turn-up, Briscola's and Sueca's face-up trump
    card, chiamata's called card."""
    belote, chiamata = kn.as_belote(view), kn.as_chiamata(view)
    if belote is not None:
        return belote["turn_up"]
    if chiamata is not None:
        return chiamata["called_card"]
    return kn.face_up_trump(view)


def _auction(view: GameView, x: Array, at: int, rel: Any, trump: str | None) -> int:
    """Per seat: called at all, its highest level, its last call in the trump suit, coinched,
    passes, a take in the first round (Belote)."""
    n = view["seats"]
    for entry in kn.auction(view):
        base = at + AUCTION_PER_SEAT * rel(entry["seat"])
        if entry["type"] == "bid":
            x[base] = 1.0
            x[base + 1] = max(float(x[base + 1]), _level(entry["value"]))
            x[base + 2] = float(trump is not None and entry["trump"] == trump)
        elif entry["type"] == "call":
            # A call further down the ranks (or to more points) says a stronger hand.
            x[base] = 1.0
            depth = BRISCOLA_ORDER.index(entry["rank"]) / len(BRISCOLA_ORDER)
            points = entry.get("points")
            level = depth + (points - 61) / 60.0 if points is not None else depth
            x[base + 1] = max(float(x[base + 1]), level)
        elif entry["type"] in ("coinche", "surcoinche"):
            x[base + 3] = 1.0
        elif entry["type"] == "pass":
            x[base + 4] += 0.25
    for event in kn.events(view):
        if event["type"] == "take":
            base = at + AUCTION_PER_SEAT * rel(event["seat"])
            x[base] = 1.0
            x[base + 5] = 1.0 if event["round"] == 1 else 0.5
        elif event["type"] == "pass" and event.get("round") is not None:
            x[at + AUCTION_PER_SEAT * rel(event["seat"]) + 4] += 0.25
    return at + AUCTION_PER_SEAT * n


def _contract(view: GameView, x: Array, at: int) -> int:
    coinche, chiamata = kn.as_coinche(view), kn.as_chiamata(view)
    if coinche is not None:
        contract = coinche["contract"] or coinche["bid"]
        if contract is not None:
            x[at] = _level(contract["value"])
        x[at + 1] = float(coinche["doubled"] >= 1)
        x[at + 2] = float(coinche["doubled"] >= 2)
    elif chiamata is not None:
        x[at + 3] = chiamata["target"] / 120.0
    return at + 4


# ------------------------------------------------------------------------------ the belief
class Belief:
    """A game's belief network, checked against the inputs ``encode`` builds."""

    def __init__(self, net: Mlp, game: str, seats: int) -> None:
        deck, inputs, holders = sizes(game, seats)
        meta = net.meta
        if (
            meta.get("features") != FEATURES
            or meta.get("game") != game
            or meta.get("seats") != seats
            or net.inputs != inputs
            or int(net.layers[-1][1].shape[0]) != deck * holders
        ):
            raise ValueError(f"the belief network {meta} was trained on other inputs")
        self.net = net
        self.game = game
        self.seats = seats
        self.deck = deck

    def holders(self, view: GameView, know: Knowledge | None = None) -> list[list[float]]:
        """For each card of the deck (``Rules`` index): the chance that each seat holds it
        (the last column: in no hand), masked by the hard constraints: 0 where the card is
        seen or cannot be, at least ``FLOOR`` of the row where it can."""
        know = know or Knowledge(view)
        x, order = encode(view, know)
        logits = self.net(x[None, :])[0].reshape(self.deck, self.seats) + prior(know, view)
        return masked(logits, order, know, view)


def rooms(know: Knowledge, view: GameView) -> list[int]:
    """The cards still to place in each other hand (relative seats 1…n−1) and in no hand, once
    the known holdings are placed: the odds by which the uniform sampler draws a card."""
    n = know.seats
    sizes_now = kn.hand_sizes(view)
    room = [sizes_now[s] - know.held[s].bit_count() for s in range(n)]
    pool = know.unseen.bit_count() - sum(know.held[s].bit_count() for s in range(n))
    rest = pool - sum(room[s] for s in range(n) if s != know.seat)
    return [room[(know.seat + r) % n] for r in range(1, n)] + [rest]


def prior(know: Knowledge, view: GameView) -> Array:
    """What the network's outputs are added to: the logarithm of each holder's room
    (``rooms``), the same for every card. An untrained network (its last layer at zero) is the
    uniform sampler; training learns only how the play and the auction move the odds."""
    room = np.maximum(np.array(rooms(know, view), dtype=np.float32), PRIOR_FLOOR)
    return np.asarray(np.log(room)[None, :], dtype=np.float32)


def masked(
    logits: Array, order: Sequence[int], know: Knowledge, view: GameView
) -> list[list[float]]:
    """Each unseen card's holders (absolute seats, then the stock) from the network's logits
    (canonical order, relative seats 1…n−1 then the stock), with every holder the hard
    constraints rule out at 0 (``allowed``)."""
    n = know.seats
    me = know.seat
    allow = allowed(know, view)
    out = [[0.0] * (n + 1) for _ in range(know.rules.size)]
    for k, card in enumerate(order):
        if card < 0:
            continue
        row = allow[card]
        if not any(row):
            continue
        z = logits[k].astype(np.float64)
        z = z - z.max()
        p = np.exp(z)
        probs = [0.0] * (n + 1)
        for r in range(1, n):
            seat = (me + r) % n
            probs[seat] = float(p[r - 1]) if row[seat] else 0.0
        probs[n] = float(p[n - 1]) if row[n] else 0.0
        total = sum(probs)
        count = sum(row)
        for h in range(n + 1):
            if row[h]:
                share = probs[h] / total if total > 0 else 1.0 / count
                probs[h] = FLOOR / count + (1.0 - FLOOR) * share
        out[card] = probs
    return out


def allowed(know: Knowledge, view: GameView) -> list[list[bool]]:
    """Where each card may be (absolute seats, then the stock), by the hard constraints alone:
    an unseen card in a hand that may hold it and has room, or in the stock when some cards
    are in no hand."""
    n = know.seats
    sizes_now = kn.hand_sizes(view)
    room = [sizes_now[s] - know.held[s].bit_count() for s in range(n)]
    in_hands = sum(sizes_now[s] for s in range(n) if s != know.seat)
    unseen = know.unseen
    spare = unseen.bit_count() > in_hands
    out = []
    for c in range(know.rules.size):
        row = [False] * (n + 1)
        if unseen >> c & 1:
            held = [s for s in range(n) if know.held[s] >> c & 1]
            if held:
                row[held[0]] = True
            else:
                for s in range(n):
                    if s != know.seat and room[s] > 0 and not know.forbidden[s] >> c & 1:
                        row[s] = True
                row[n] = spare
        out.append(row)
    return out


__all__ = [
    "FEATURES",
    "NETS",
    "Belief",
    "allowed",
    "canonical",
    "encode",
    "masked",
    "prior",
    "rooms",
    "sizes",
]
