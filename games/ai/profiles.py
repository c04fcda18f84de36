"""What each game asks of the computer players beyond its view: one small object per game.

The search, the solver, the scoring and the auctions are the same code for every game; where a
game differs, they ask its ``Profile`` (as OpenSpiel's games carry their parameters) instead of
comparing its name: the budgets a move may spend, whether the deal has a stock, whether its
card play follows Belote's engine tables, how a trick scores, which auction the hard player
judges by playing deals out. A new game adds one ``Profile`` here (and its scoring in
``games.ai.scorer``); nothing else in ``games.ai`` names it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Auction = Literal["bid", "take", "call"]
"""The hard player's auctions judged by sampled deals: Coinche's bids (``games.ai.bidding.
choose_bid``), Belote's taking (``choose_take``), chiamata's calls and trumps
(``games.ai.calling``)."""


@dataclass(frozen=True)
class Profile:
    """One game as the computer players see it."""

    name: str
    samples: int
    """Determinizations a hard move samples when given no budget (``games.ai.hard``): sized so
    that a move takes well under a second on one core (``benchmarks/ai.py``)."""
    dd_cards: int
    """Cards left in play (hands and stock) at or below which a sampled deal is solved exactly
    instead of rolled out (``games.ai.search``)."""
    rollouts: int = 200
    """Cap on samples × candidate cards for one move with the default budget."""
    result_weight: int = 0
    """Card points one unit of the deal's score is worth to the hard player's search where card
    points decide the result (``games.ai.scorer.RESULT_WEIGHT``); 0 where the score alone counts."""
    belote_rules: bool = False
    """The engine's Belote bitmask tables, trump duties, melds and belotes (Belote, Coinche)."""
    per_trick: bool = False
    """Tricks score by the trick, not by the card points in them, and the cards bonus goes to
    the most tricks (Piquet)."""
    stock: bool = False
    """Players draw from a stock after each trick; the face-up trump card is drawn last."""
    called_partner: bool = False
    """Each player scores alone and the deal's partner is whoever holds the called card
    (chiamata)."""
    auction: Auction | None = None


PROFILES: Final[dict[str, Profile]] = {
    p.name: p
    for p in (
        Profile("belote", samples=40, dd_cards=14, belote_rules=True, auction="take"),
        Profile("coinche", samples=64, dd_cards=14, belote_rules=True, auction="bid"),
        Profile("piquet", samples=30, dd_cards=10, per_trick=True),
        Profile("briscola", samples=112, dd_cards=10, rollouts=360, result_weight=20, stock=True),
        Profile(
            "chiamata",
            samples=90,
            dd_cards=10,
            rollouts=720,
            result_weight=30,
            called_partner=True,
            auction="call",
        ),
        Profile("sueca", samples=30, dd_cards=12, result_weight=25),
    )
}
"""Every game's profile, by name. Briscola's deals are cheap to play out and its hidden cards
many, so it samples the most: against BriscolaBot-v3, 112 samples scored +6.6 ± 6.2 card points
a deal more than 28 on the same 60 deals. Chiamata's five hands are as cheap and gained from
more samples too (90 against 30: +0.15 ± 0.14 of a stake on 24 deals). A Briscola hand has three
cards and a chiamata hand eight: their rollout caps keep those samples whole. Two-player
Briscola solves from 10 cards (four in the stock): +1.3 ± 0.9 card points a deal over 8 against
BriscolaBot-v3 on 183 deals, for a move CPU p95 of 188 ms; 12 takes up to 5 s a move."""


def profile(game: str) -> Profile:
    """The profile of ``game`` (a view's ``game``)."""
    found = PROFILES.get(game)
    if found is None:
        raise KeyError(f"no computer player knows the game {game!r}")
    return found


__all__ = ["PROFILES", "Auction", "Profile", "profile"]
