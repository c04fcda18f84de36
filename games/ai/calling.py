"""The hard level's chiamata auction and choice of trumps, judged by playing sampled deals out.

A call is worth what the deal would pay the caller if the auction ended with it: the other four
hands are sampled to fit the auction so far (``games.ai.sampler``), and for each trump suit the
called card's holder in that deal is the partner (the caller himself when he holds it: alone).
Each such deal is played out by the rollout policy (``games.ai.rollout``) and paid by the
engine's own scoring (``games.chiamata.score_chiamata_deal``, the table's options: cappotto,
first lead), so a call is judged by its stakes, not by a count of high cards. The trump suit a
winning declarer names is the one whose deals pay best, which may make him his own partner.

Against four normal players (``benchmarks/ai_duel.py chiamata hard normal --seed 31 --rules
random``), the hard player in each seat in turn won +0.58 ± 0.10 stakes a deal, where calling
like the normal player it won +0.11 ± 0.05 on the same 150 deals (paired: +0.47 ± 0.11).
"""

from __future__ import annotations

import random
from typing import Final

from games.actions import Action
from games.ai import knowledge as kn
from games.ai.belief import Belief
from games.ai.deal import Deal
from games.ai.knowledge import Knowledge, Rules
from games.ai.rollout import rollout
from games.ai.sampler import Sampler
from games.cards import SUITS
from games.chiamata import BASE_TARGET, PLAYERS, score_chiamata_deal
from games.views import ChiamataView, GameView

CALL_SAMPLES: Final = 24
"""Sampled deals behind an auction decision: each is played out once per trump suit and partner,
so a decision costs up to 4 × 4 × this many rollouts."""
CALL_CANDIDATES: Final = 4
"""The calls weighed at a turn, the least committing first: a call only has to beat the
standing one, and a lower one can still be made at the next turn."""
CALL_MARGIN: Final = 0.3
"""Stakes a call must be expected to win (a pass pays nothing if everybody passes): the deals
are played out by seats that see every card and know the partner, which flatters a declarer."""


def _outcomes(
    view: GameView, dealt: list[list[int]], suit: str, partners: list[list[int]], rng: random.Random
) -> list[dict[int, tuple[int, int]]]:
    """For each sampled deal, the declarer's side's points and tricks with ``suit`` trumps for
    each partner of ``partners`` (one per deal)."""
    me = kn.seat_of(view)
    rules = Rules(kn.with_trump(view, suit))
    chiamata = _chiamata(view)
    first = chiamata["options"]["first_lead"]
    leader = me if first == "declarer" else (view["dealer"] + 1) % PLAYERS
    out: list[dict[int, tuple[int, int]]] = []
    for hands, wanted in zip(dealt, partners, strict=True):
        played: dict[int, tuple[int, int]] = {}
        seed = rng.random()
        for partner in wanted:
            if partner in played:
                continue
            side = [0 if s in (me, partner) else 1 for s in range(PLAYERS)]
            deal = Deal(rules, list(hands), side, leader, [])
            rollout(deal, random.Random(seed))
            played[partner] = (deal.points[0], deal.tricks[0])
        out.append(played)
    return out


def _chiamata(view: GameView) -> ChiamataView:
    found = kn.as_chiamata(view)
    if found is None:
        raise ValueError("the chiamata auction needs a chiamata view")
    return found


def _holder(rules: Rules, hands: list[int], card: str) -> int:
    bit = 1 << rules.index[card]
    return next(s for s, hand in enumerate(hands) if hand & bit)


def _values(
    view: GameView, dealt: list[list[int]], calls: list[tuple[str, int]], rng: random.Random
) -> dict[tuple[str, int], dict[str, float]]:
    """Each call's (rank, target) expected stake for the seat as declarer, by trump suit."""
    me = kn.seat_of(view)
    options = view["options"]
    rules = Rules(kn.with_trump(view, "S"))
    out: dict[tuple[str, int], dict[str, float]] = {call: {} for call in calls}
    for suit in SUITS:
        partners = [[_holder(rules, hands, rank + suit) for rank, _ in calls] for hands in dealt]
        played = _outcomes(view, dealt, suit, partners, rng)
        for k, (rank, target) in enumerate(calls):
            total = 0
            for who, outcome in zip(partners, played, strict=True):
                partner = who[k]
                taken, tricks = outcome[partner]
                scores, _, _ = score_chiamata_deal(me, partner, taken, tricks, target, options)
                total += scores[me]
            out[(rank, target)][suit] = total / len(dealt)
    return out


def choose_call(
    view: GameView,
    legal: list[Action],
    rng: random.Random,
    samples: int = CALL_SAMPLES,
    belief: Belief | None = None,
) -> Action | None:
    """The hard player's call or pass (``None`` when no deal could be sampled): the least
    committing of the next calls whose deals pay the caller ``CALL_MARGIN`` at least, under
    the best trump suit for it; else a pass."""
    pass_ = next((a for a in legal if a.type == "pass"), None)
    calls = [a for a in legal if a.type == "call" and a.rank][:CALL_CANDIDATES]
    if pass_ is None or not calls:
        return None
    dealt = Sampler(Knowledge(view), view, belief).hands(rng, samples)
    if not dealt:
        return None
    standing = _chiamata(view)["target"] or BASE_TARGET
    keys = [(str(a.rank), a.points or standing) for a in calls]
    values = _values(view, dealt, keys, rng)
    for action, key in zip(calls, keys, strict=True):
        if max(values[key].values()) >= CALL_MARGIN:
            return action
    return pass_


def choose_trump(
    view: GameView,
    legal: list[Action],
    rng: random.Random,
    samples: int = CALL_SAMPLES,
    belief: Belief | None = None,
) -> Action | None:
    """The declarer's trump suit: the one whose sampled deals pay him best with the called rank
    in it (``None`` when no deal could be sampled)."""
    chiamata = _chiamata(view)
    rank = chiamata["called_rank"]
    suits = [a for a in legal if a.type == "trump" and a.suit is not None and a.suit in SUITS]
    if rank is None or not suits:
        return None
    dealt = Sampler(Knowledge(view), view, belief).hands(rng, samples)
    if not dealt:
        return None
    target = chiamata["target"] or BASE_TARGET
    values = _values(view, dealt, [(rank, target)], rng)[(rank, target)]
    return max(suits, key=lambda a: values[str(a.suit)])


__all__ = ["CALL_MARGIN", "CALL_SAMPLES", "choose_call", "choose_trump"]
