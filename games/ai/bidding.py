"""The hard level's auctions: Coinche bids and Belote's taking judged by playing sampled deals out.

For each trump (the suits, and SA and TA where the table offers them) the hand is played in
deals sampled consistently with the auction so far (``games.ai.sampler``: hands are drawn as
likely as they fit what each seat bid, passed and coinched, or took and passed), with the
rollout policy of ``games.ai.rollout`` for every seat, and each deal is scored by the table's
own scoring (``games.ai.scorer``) under the contract each action would leave standing. Each
action is then judged by the deal's expected score if the auction ended with it — capot and
generale calls too.
"""

from __future__ import annotations

import random
from typing import Final

from games.actions import Action
from games.ai import contract_value as cv
from games.ai import knowledge as kn
from games.ai.belief import Belief
from games.ai.deal import Deal
from games.ai.knowledge import Knowledge, Rules
from games.ai.nets import Mlp
from games.ai.rollout import rollout
from games.ai.sampler import Sampler
from games.ai.scorer import DealScoring, TableScoring
from games.cards import SUITS
from games.coinche import LEVELS
from games.views import GameView

EV_MARGIN: Final = 10.0
"""What a bid must be worth beyond the contract that stands (or beyond no contract) to be made:
the sampled deals are played by seats that see every card, which flatters a declarer."""
PARTNER_MARGIN: Final = 20.0
"""And beyond that, to take the partner out of his contract."""
COINCHE_MARGIN: Final = 20.0
"""What a coinche (or surcoinche) must be worth beyond leaving the contract as it is."""
SURCOINCHE_ODDS: Final = 0.85
"""And a surcoinche, made in this share of the deals at least: the coincher has seen his cards."""


def denominations(view: GameView, legal: list[Action]) -> tuple[str, ...]:
    """The trumps the hard auction weighs: the suits, and SA (``NT``) and TA (``AT``) when the
    auction offers them or one stands (their points are scored on the table's scale)."""
    bid = kn.coinche_bid(view)
    offered = {a.trump for a in legal if a.type == "bid"}
    offered.add(bid["trump"] if bid is not None else None)
    return (*SUITS, *(t for t in ("NT", "AT") if t in offered))


def _sides(view: GameView, me: int) -> list[int]:
    """Each seat's side for the playouts: 0 for ``me`` and my partners, 1 for the others."""
    team = kn.team_of(view)
    return [0 if team[s] == team[me] else 1 for s in range(len(team))]


Played = list[tuple[Deal, DealScoring]]
"""Sampled deals played out in one denomination, each with its scoring."""


def estimate(
    view: GameView,
    rng: random.Random,
    samples: int,
    trumps: tuple[str, ...] = tuple(SUITS),
    belief: Belief | None = None,
) -> dict[str, Played]:
    """For each of ``trumps``: deals sampled to fit the auction so far, played out with the
    rollout policy in that denomination, each with its scoring (``games.ai.scorer``: melds,
    belotes and the points as the table counts them, whatever contract is then asked of it)."""
    know = Knowledge(view)
    sampler = Sampler(know, view, belief)
    me = know.seat
    leader = (view["dealer"] + 1) % 4
    side = _sides(view, me)
    dealt = sampler.hands(rng, samples)
    out: dict[str, Played] = {}
    for suit in trumps:
        trumped = kn.with_trump(view, suit)
        rules = Rules(trumped)
        table = TableScoring(trumped, "score")
        played: Played = []
        for hands in dealt:
            deal = Deal(rules, list(hands), side, leader, [])
            scoring = table.start(deal)
            rollout(deal, random.Random(rng.random()))
            played.append((deal, scoring))
        out[suit] = played
    return out


def choose_bid(
    view: GameView,
    legal: list[Action],
    rng: random.Random,
    samples: int,
    net: Mlp | None = None,
    belief: Belief | None = None,
) -> Action | None:
    """The hard player's auction action (``None`` if no deal could be sampled).

    Every action is judged by the deal's expected score if the auction ended with it, counted
    by the table's own scoring (``games.ai.scorer``: bonus-only or not, rounding, capot, belote,
    SA/TA on the table's scale): a bid by the contract it makes (a capot or generale too), a pass
    by the contract that stands (nothing when none does), a coinche by the contract doubled.
    Against colver's IS-DD player, bidding by threshold odds instead ("bid when made in 62 % of
    the deals", "coinche when failed in 75 %") lost 19 points a deal; this, with hands sampled
    to fit the auction, gains 30 (benchmarks/results/README.md).

    With ``net`` (``games.ai.contract_value``), a bid of its own in a suit is judged by the
    learned value of that contract instead of the sampled deals.
    """
    kinds = {a.type for a in legal}
    pass_ = next((a for a in legal if a.type == "pass"), None)
    if pass_ is None:
        return None
    me = kn.seat_of(view)
    my_team = kn.team_of(view)[me]
    coinche = kn.as_coinche(view)
    if coinche is None:
        return None
    bid = coinche["bid"]
    value = bid["value"] if bid is not None else None
    trump = bid["trump"] if bid is not None else None
    bidder = bid["bidder"] if bid is not None else None
    table = estimate(view, rng, samples, denominations(view, legal), belief)
    if not table["S"]:
        return None

    def ev(suit: str, level: int, declarer: int, mult: int) -> float:
        total = 0.0
        for deal, scoring in table[suit]:
            scores = scoring.contract_score(deal, declarer, level, mult).scores
            total += scores[my_team] - scores[1 - my_team]
        return total / len(table[suit])

    learned: dict[str, dict[int, float]] = (
        cv.margins(view, net, [t for t in table if t in cv.SUIT_CODES]) if net is not None else {}
    )

    def own_bid(suit: str, level: int) -> float:
        found = learned.get(suit, {}).get(level)
        return ev(suit, level, me, 1) if found is None else found

    def made(suit: str, level: int, declarer: int) -> float:
        rows = table[suit]
        return sum(1 for d, sc in rows if sc.contract_score(d, declarer, level, 1).made) / len(rows)

    ours = isinstance(bidder, int) and bidder in {me, *kn.known_partners(view, me)}
    mult_now = {0: 1, 1: 2, 2: 4}.get(coinche["doubled"], 1)
    standing_contract = isinstance(bidder, int) and isinstance(trump, str) and trump in table
    level_now = LEVELS.get(value, 0) if isinstance(value, int | str) else 0
    if "surcoinche" in kinds:
        if (
            ours
            and standing_contract
            and made(str(trump), level_now, int(bidder or 0)) >= SURCOINCHE_ODDS
            and ev(str(trump), level_now, int(bidder or 0), 4)
            > ev(str(trump), level_now, int(bidder or 0), 2) + COINCHE_MARGIN
        ):
            return next(a for a in legal if a.type == "surcoinche")
        return pass_
    standing = ev(str(trump), level_now, int(bidder or 0), mult_now) if standing_contract else 0.0
    best, best_ev = pass_, standing
    for action in legal:
        if action.type != "bid" or action.trump not in table or action.value is None:
            continue
        worth = own_bid(str(action.trump), LEVELS[action.value]) - EV_MARGIN
        if ours:
            worth -= PARTNER_MARGIN
        if worth > best_ev:
            best, best_ev = action, worth
    if "coinche" in kinds and standing_contract and not ours:
        worth = ev(str(trump), level_now, int(bidder or 0), 2) - COINCHE_MARGIN
        if worth > best_ev and worth > standing:
            return next(a for a in legal if a.type == "coinche")
    return best


TAKE_ODDS: Final = 0.8
"""Share of sampled deals in which the contract must be made (as the table scores it: melds,
belote, the success basis) to take."""


def choose_take(
    view: GameView,
    legal: list[Action],
    rng: random.Random,
    samples: int,
    belief: Belief | None = None,
) -> Action | None:
    """Belote's taking (docs/rules.md §2.4) judged by playing sampled deals out: the taker gets the
    turned-up card and two more, everybody else three (the deals fitted to the passes made
    before, ``games.ai.sampler``); the deal is played with the rollout policy and the contract
    must be made often enough."""
    takes = [a for a in legal if a.type == "take" and a.trump in ("S", "H", "D", "C")]
    pass_ = next((a for a in legal if a.type == "pass"), None)
    turn_up = kn.turn_up(view)
    if not takes or turn_up is None:
        return None
    me = kn.seat_of(view)
    mine = kn.hand(view)
    if len(mine) != 5:
        return None
    rules0 = Rules(kn.with_trump(view, "S"))
    unseen = [c for c in range(32) if rules0.deck[c] not in mine and rules0.deck[c] != turn_up]
    leader = (view["dealer"] + 1) % 4
    side = _sides(view, me)
    sampler = Sampler(Knowledge(view), view, belief)

    def draw() -> list[int]:
        pool = list(unseen)
        rng.shuffle(pool)
        hands = [0, 0, 0, 0]
        hands[me] = rules0.mask([*mine, turn_up]) | (1 << pool[0]) | (1 << pool[1])
        rest = pool[2:]
        others = [s for s in range(4) if s != me]
        for k, s in enumerate(others):
            for c in rest[8 * k : 8 * k + 8]:
                hands[s] |= 1 << c
        return hands

    # The deals are fitted to the passes made so far (``Sampler``'s claims).
    worlds = []
    for _ in range(samples):
        hands = sampler.fitted(rng, draw, lambda h: h)
        if hands is not None:
            worlds.append(hands)
    best: tuple[float, Action] | None = None
    for action in takes:
        suit = str(action.trump)
        taken = kn.as_belote(kn.with_trump(view, suit))
        assert taken is not None, "only Belote takes a turned-up card"
        taken["contract"] = {"trump": suit, "taker": me, "value": None, "multiplier": 1}
        rules = Rules(taken)
        table = TableScoring(taken, "score")
        wins = 0
        for hands in worlds:
            deal = Deal(rules, list(hands), side, leader, [])
            scoring = table.start(deal)
            rollout(deal, random.Random(rng.random()))
            wins += bool(scoring.score(deal).made)
        odds = wins / max(1, len(worlds))
        if best is None or odds > best[0]:
            best = (odds, action)
    if best is not None and (best[0] >= TAKE_ODDS or pass_ is None):
        return best[1]
    return pass_
