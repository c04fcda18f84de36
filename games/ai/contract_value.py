"""Coinche's auction: a learned value of the contracts a hand could declare.

The hard auction (``games.ai.bidding``) judges a bid by playing deals out that it samples to fit
the auction, the hidden hands drawn as likely as they fit hand-written claims of what each call
says. This network learns that instead, from self-play: it reads the hand, the auction so far
and the table's rules, and gives, for one trump suit, the deal's expected score margin for the
bidder's side if the auction ended with the bidder declaring each level in that suit. Its
training deals (``training/coinche.py``) were dealt and bid for real, so what a partner's or an
opponent's call says of their hands is learned from the hands that made it.

The hand is seen with its suits renamed, the candidate trump first, so that one network serves
every trump suit; the table's rules (``OPTIONS``) are inputs, so that the values follow every
table's scoring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from games.ai import knowledge as kn
from games.ai.nets import Array, Mlp
from games.coinche import LEVELS
from games.views import BidEvent, CoincheAuctionEntry, GameView

NET: Final = "coinche_bid"
"""The packaged network (``games/ai/weights/coinche_bid.npz``)."""
FEATURES: Final = 1
"""Version of ``encode``'s inputs: a network trained on other inputs is refused."""

SUIT_CODES: Final = "SHDC"
RANK_CODES: Final = "789TJQKA"
BID_LEVELS: Final = (80, 90, 100, 110, 120, 130, 140, 150, 160, LEVELS["capot"])
"""The contracts valued, one output each: 80 to 160 and a capot."""
SCALE: Final = 100.0
"""Margins are learned in hundreds of points."""

OPTIONS: Final[tuple[tuple[str, tuple[Any, ...]], ...]] = (
    ("scoring_method", ("standard", "bonus_only", "belote_plus_bonus")),
    ("contract_basis", ("all", "cards_belote", "cards", "cards_melds")),
    ("eighty_needs_82", (True,)),
    ("success_needs_more", (True,)),
    ("unbid_capot", ("bonus", "replaces_cards", "none")),
    ("failed_contract_melds", ("defenders_own", "all_to_defenders", "none")),
    ("multiply_belote", (True,)),
    ("rounding", ("half_up_10",)),
    ("trump_lead_overtrump", ("always", "never", "not_over_partner")),
    ("must_undertrump", (True,)),
    ("partner_winning_trump", ("overtrump_only",)),
    ("melds_enabled", (True,)),
    ("belote_king_first", (True,)),
    ("sa_ta_enabled", (True,)),
)
"""The table's rules the network sees: each a one-hot of the listed values (a yes/no rule, one
input for yes). The others do not change what a suit contract scores or how it is played."""

HAND: Final = 32
SEATS_IN: Final = 3 * 6
"""Partner, left and right: bid at all, highest level, last bid in the trump / another suit /
SA or TA, passes."""
STANDING: Final = 4 + 2 + 2
"""No contract / mine / partner's / theirs; its level, in the trump; coinched, surcoinched."""
MINE: Final = 2 + 4 + 1
"""My own highest bid and whether in the trump; my place in the auction; how far it went."""
OPTION_INPUTS: Final = sum(len(values) for _, values in OPTIONS)
INPUTS: Final = HAND + SEATS_IN + STANDING + MINE + OPTION_INPUTS


def _level(value: Any) -> float:
    """A bid's level as an input: 0 for 80 … 0.8 for 160, 0.9 a capot, 1 a generale."""
    level = LEVELS.get(value, 0) if isinstance(value, int | str) else 0
    return (level - 80) / 100.0 if level else 0.0


def suit_order(trump: str) -> tuple[str, ...]:
    """The suits as the network sees them: the trump first, then the others in ``SUIT_CODES``
    order."""
    return (trump, *(s for s in SUIT_CODES if s != trump))


def encode_state(
    hand: Sequence[str],
    auction: Sequence[CoincheAuctionEntry],
    seat: int,
    dealer: int,
    options: Mapping[str, Any],
    trump: str,
) -> Array:
    """One row of inputs: ``seat``'s ``hand`` with ``trump`` as the candidate trump, after
    ``auction`` (the view's entries, oldest first), at a table dealt by ``dealer``."""
    x = np.zeros(INPUTS, dtype=np.float32)
    order = suit_order(trump)
    for card in hand:
        x[order.index(card[1]) * 8 + RANK_CODES.index(card[0])] = 1.0
    at = HAND
    relative = {(seat + 2) % 4: 0, (seat + 1) % 4: 1, (seat + 3) % 4: 2}
    mine_level, mine_in_trump = 0.0, 0.0
    standing: BidEvent | None = None
    doubled = 0
    for entry in auction:
        who = entry["seat"]
        if entry["type"] == "bid":
            standing = entry
            doubled = 0
            level = _level(entry["value"])
            if who == seat:
                mine_level = max(mine_level, level + 0.1)
                mine_in_trump = float(entry["trump"] == trump)
                continue
            base = at + 6 * relative[who]
            x[base] = 1.0
            x[base + 1] = max(float(x[base + 1]), level + 0.1)
            bid_trump = str(entry["trump"])
            x[base + 2 : base + 5] = 0.0
            kind_of_trump = 0 if bid_trump == trump else 1 if bid_trump in SUIT_CODES else 2
            x[base + 2 + kind_of_trump] = 1.0
        elif entry["type"] == "pass" and who != seat:
            x[at + 6 * relative[who] + 5] += 0.5
        elif entry["type"] == "coinche":
            doubled = 1
        elif entry["type"] == "surcoinche":
            doubled = 2
    at += SEATS_IN
    if standing is None:
        x[at] = 1.0
    else:
        bidder = standing["seat"]
        x[at + (1 if bidder == seat else 2 if bidder == (seat + 2) % 4 else 3)] = 1.0
        x[at + 4] = _level(standing["value"]) + 0.1
        x[at + 5] = float(standing["trump"] == trump)
        x[at + 6] = float(doubled >= 1)
        x[at + 7] = float(doubled >= 2)
    at += STANDING
    x[at] = mine_level
    x[at + 1] = mine_in_trump
    x[at + 2 + (seat - dealer - 1) % 4] = 1.0
    x[at + 6] = min(len(auction), 12) / 12.0
    at += MINE
    for name, values in OPTIONS:
        value = options.get(name)
        for k, wanted in enumerate(values):
            x[at + k] = float(value == wanted)
        at += len(values)
    return x


def encode(view: GameView, trumps: Sequence[str]) -> Array:
    """The inputs of a view's auction decision, one row per candidate trump."""
    hand = kn.hand(view)
    coinche = kn.as_coinche(view)
    auction = coinche["auction"] if coinche is not None else []
    seat = kn.seat_of(view)
    dealer = view["dealer"]
    options = view["options"]
    return np.stack([encode_state(hand, auction, seat, dealer, options, t) for t in trumps])


def margins(view: GameView, net: Mlp, trumps: Sequence[str]) -> dict[str, dict[int, float]]:
    """For each trump suit of ``trumps``: the expected score margin of the seat's side, by
    ``BID_LEVELS`` (``LEVELS`` numbers), were it to declare that level and the auction end."""
    if net.meta.get("features") != FEATURES or net.inputs != INPUTS:
        raise ValueError(f"the network {net.meta} was trained on other inputs")
    out = net(encode(view, trumps)) * SCALE
    return {
        t: {level: float(out[i, k]) for k, level in enumerate(BID_LEVELS)}
        for i, t in enumerate(trumps)
    }


__all__ = [
    "BID_LEVELS",
    "FEATURES",
    "INPUTS",
    "NET",
    "OPTIONS",
    "SCALE",
    "encode",
    "encode_state",
    "margins",
    "suit_order",
]
