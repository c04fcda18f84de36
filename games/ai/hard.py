"""The hard computer player: determinized search in the card play and in the auctions.

For a card to play it samples deals of the unseen cards consistent with the view and keeps the
card that scores best on average (``games.ai.search``), except at two-player Briscola, where it
looks one trick ahead and judges where each card leaves it by a value learned in self-play
(``games.ai.duel_value``; ``LEARNED_BRISCOLA2``); its Coinche bids are judged by playing
sampled deals out, and so are its Belote taking (``games.ai.bidding``) and its chiamata calls
and trumps (``games.ai.calling``); elsewhere it bids like the normal player. Its budget is a
number of samples, so it is deterministic for a seed; the wall-clock cap only stops a search
early on an overloaded machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from games.actions import Action
from games.ai import duel_value
from games.ai.belief import Belief
from games.ai.bidding import choose_bid, choose_take
from games.ai.calling import CALL_SAMPLES, choose_call, choose_trump
from games.ai.card_belief import packaged
from games.ai.nets import Mlp
from games.ai.normal import choose_normal, play_card
from games.ai.profiles import PROFILES, Auction, profile
from games.ai.search import search_play
from games.views import GameView

DEFAULT_SAMPLES: Final[dict[str, int]] = {name: p.samples for name, p in PROFILES.items()}
"""Determinizations per move when ``choose`` is given no ``samples``, by game
(``games.ai.profiles.Profile.samples``; two-player Briscola's learned player samples as many of
the other's hands for a lead)."""

LEARNED_BRISCOLA2: Final = True
"""Whether the hard player plays two-player Briscola by the learned value by default. It does:
on 450 paired deals never used in training it beat the sampled search by +2.2 ± 1.6 card
points a deal (game score 0.536 ± 0.030), at a move CPU p95 of 31 ms against 196 ms. The value
is now the mean of four generations' networks (4 to 7 of the self-play run): against
BriscolaBot-v3, 0.563 over 2,000 games on held-out deals, and +1.4 ± 1.1 card points a deal
over generation 7 alone on 900 paired deals, at a move CPU p95 of 107 ms
(``benchmarks/results/README.md``, issue 36). ``False`` brings the search back."""

MIN_SAMPLES: Final = 16
"""With the default budget the samples never fall below this, whatever the game's rollout cap
(``Profile.rollouts``) and the number of candidate cards."""

BID_SAMPLES: Final = 64
"""Sampled deals per suit behind a Coinche auction decision (at most the move's budget)."""

BELIEFS: Final = True
"""Whether the hard player draws its card play's sampled deals by the game's learned belief
(``games.ai.belief``, ``games.ai.card_belief``) where one ships, instead of uniformly fitted to
hand-written claims. On: each per-card belief that ships won a duplicate against the same player
without it, over 1,000 paired deals on random house rules at about the same move CPU —
Coinche's (6,030 self-play deals) by +26.5 ± 12.8 points a deal (2.5 times the deals:
``BELIEF_WORLDS``; p50 85 against 99 ms, p95 295 against 288 ms), Sueca's (4,740 deals) by
+1.6 ± 0.9 card points (p50 22.5 against 21.4 ms). Where no belief ships, nothing changes
(``benchmarks/results/README.md``, issue 46)."""

BELIEF_AUCTION: Final = False
"""Whether the auction's sampled deals are drawn by the belief too. Off: the belief is for the
card play, and the auction keeps the hand-written claims (a Coinche duplicate with the claims
left out of the auction lost, −96.6 ± 77.3 over 34 deals: ``benchmarks/results/README.md``)."""

BELIEF_WORLDS: Final[Mapping[str, float]] = MappingProxyType({"coinche": 2.5})
"""With the default budget, how many times as many deals the card play samples when the
belief draws them, by game (1 where not named). In Coinche its draws cost a fraction of the
claims' (one draw a deal instead of up to ``games.ai.sampler.TRIES`` weighed by the claims), so
the move costs about the same CPU as without it with 2.5 times the worlds
(``benchmarks/belief_judge.py`` times both: a median 1.03 of the move CPU without it over 200
held-out positions, p95 283 against 351 ms). Elsewhere the claims cost little: in Sueca 2.5
times the worlds cost 2.4 times the move CPU (p50 53 against 22 ms over 115 positions)."""

BELIEF_WEIGHTED: Final = False
"""Whether the belief weighs the card play's deals instead of drawing them: deals drawn
uniformly within the hard constraints, each counted in proportion to its likelihood under the
belief (``games.ai.search.play_values``). Off: the weights are uneven (a median effective
share of the deals of 0.32), and on twice the deals it judged −0.0 ± 1.7 points a decision
over 5,955 held-out positions, no better than drawing."""

DEFAULT_TIME_CAP_S: Final = 2.0
"""A safety net only: the sample budget is what normally ends a search."""


def choose_hard(
    view: GameView,
    legal: list[Action],
    rng: random.Random,
    samples: int | None = None,
    time_cap_s: float | None = None,
    learned: bool | None = None,
    bid_net: Mlp | None = None,
    beliefs: bool | Belief | None = None,
    worlds: float | None = None,
    weighted: bool | None = None,
) -> Action:
    """The hard player's action. ``learned`` says whether two-player Briscola's card play uses
    the learned value (``games.ai.duel_value``) or the sampled search; by default
    ``LEARNED_BRISCOLA2`` (the benchmarks set it to compare the two). ``bid_net``: Coinche's
    own suit bids judged by that learned contract value (``games.ai.contract_value``).
    ``beliefs``: whether the sampled deals are drawn by the game's learned belief
    (``games.ai.belief``) where one ships; by default ``BELIEFS``; a ``Belief`` to use that one.
    ``worlds``: with the default budget, the card play's samples are multiplied by it (by
    default the game's ``BELIEF_WORLDS`` with a belief, 1 without). ``weighted``: the belief weighs uniformly drawn deals
    instead of drawing them (by default ``BELIEF_WEIGHTED``)."""
    game = profile(view["game"])
    belief = _belief(view, BELIEFS if beliefs is None else beliefs)
    budget = samples if samples is not None else game.samples
    plays = [a for a in legal if a.type == "play" and a.card is not None]
    if game.auction is not None and not plays and len(legal) > 1:
        in_auction = belief if BELIEF_AUCTION else None
        action = _auction(game.auction, view, legal, rng, budget, bid_net, in_auction)
        if action is not None:
            return action
    if len(plays) != len(legal) or len(plays) < 2:
        return choose_normal(view, legal, rng)
    use_learned = LEARNED_BRISCOLA2 if learned is None else learned
    if use_learned and duel_value.applies(view):
        code = duel_value.choose_card(view, [str(a.card) for a in plays], rng, budget)
        return next(a for a in plays if a.card == code)
    # A budget given in samples is honoured exactly (deterministic for a seed) unless the caller
    # also sets a cap; the default budget comes with the default safety cap.
    cap = (0.0 if samples is not None else DEFAULT_TIME_CAP_S) if time_cap_s is None else time_cap_s
    deadline = time.monotonic() + cap if cap > 0 else None
    cards = [str(a.card) for a in plays]
    if samples is None:
        # Many candidate cards make each sample dearer: keep the move's work about constant.
        budget = min(budget, max(MIN_SAMPLES, game.rollouts // len(cards)))
        factor = (
            worlds
            if worlds is not None
            else BELIEF_WORLDS.get(view["game"], 1.0)
            if belief is not None
            else 1.0
        )
        if factor != 1.0:
            budget = max(1, round(budget * factor))
    # The normal player's choice breaks ties and stands in if no deal can be sampled.
    fallback_rng = random.Random(rng.random())
    preferred = play_card(view, cards, fallback_rng)
    card = search_play(
        view,
        cards,
        rng,
        budget,
        game.dd_cards,
        deadline,
        lambda: preferred,
        belief,
        BELIEF_WEIGHTED if weighted is None else weighted,
    )
    return next(a for a in plays if a.card == card)


def _auction(
    kind: Auction,
    view: GameView,
    legal: list[Action],
    rng: random.Random,
    budget: int,
    bid_net: Mlp | None,
    belief: Belief | None,
) -> Action | None:
    """The game's auction judged by sampled deals (``Profile.auction``); ``None`` where it has
    nothing to say (no deal could be sampled, or not its kind of decision): the normal
    player's call then."""
    if kind == "bid":
        return choose_bid(view, legal, rng, min(budget, BID_SAMPLES), bid_net, belief)
    if kind == "take":
        return choose_take(view, legal, rng, min(budget, BID_SAMPLES), belief)
    kinds = {a.type for a in legal}
    calls = min(budget, CALL_SAMPLES)
    if "call" in kinds:
        return choose_call(view, legal, rng, calls, belief)
    if "trump" in kinds:
        return choose_trump(view, legal, rng, calls, belief)
    return None


def _belief(view: GameView, wanted: bool | Belief) -> Belief | None:
    """The belief the sampled deals are drawn by: the given one, the game's shipped one when
    wanted, else none (uniform deals fitted to the claims)."""
    if isinstance(wanted, Belief):
        return wanted
    return packaged(view["game"], view["seats"]) if wanted else None
