"""The hard level's Coinche auction: bids judged by playing sampled deals out.

For each trump (the suits, and SA and TA where the table allows them) the hand is played in
deals sampled consistently with the auction so far (``games.ai.sampler``: hands are drawn as
likely as they fit what each seat bid, passed and coinched), with the rollout policy of
``games.ai.rollout`` for every seat, and the points each side takes are counted. Each action is
then judged by the deal's expected score if the auction ended with it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

from games.actions import Action
from games.ai import knowledge as kn
from games.ai.deal import Deal
from games.ai.knowledge import Knowledge, Rules
from games.ai.rollout import rollout
from games.ai.sampler import Sampler
from games.belote_rules import KING, QUEEN
from games.cards import SUITS
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


def _need(value: int, view: GameView) -> int:
    """The points a ``value`` contract needs: 82 for an 80 where the table says so."""
    eighty_needs_82 = view["game"] == "coinche" and view["options"]["eighty_needs_82"]
    return 82 if value == 80 and eighty_needs_82 else value


def denominations(view: GameView, legal: list[Action]) -> tuple[str, ...]:
    """The trumps the hard auction weighs: the suits, and SA (``NT``) and TA (``AT``) when the
    auction offers them (or one stands) and the table counts their points on the 162 scale,
    where a contract's value and the points taken compare as in a suit contract."""
    if view["game"] != "coinche" or view["options"]["sa_ta_scale"] != "card_values_162":
        return tuple(SUITS)
    bid = kn.field(view, "bid")
    offered = {a.trump for a in legal if a.type == "bid"}
    offered.add(bid.get("trump") if isinstance(bid, Mapping) else None)
    return (*SUITS, *(t for t in ("NT", "AT") if t in offered))


def _sides(view: GameView, me: int) -> list[int]:
    """Each seat's side for the playouts: 0 for ``me`` and my partners, 1 for the others."""
    team = kn.team_of(view)
    return [0 if team[s] == team[me] else 1 for s in range(len(team))]


def estimate(
    view: GameView,
    rng: random.Random,
    samples: int,
    trumps: tuple[str, ...] = tuple(SUITS),
) -> dict[str, list[tuple[int, int]]]:
    """For each of ``trumps``: (own side's points, the other side's) in sampled deals."""
    know = Knowledge(view)
    sampler = Sampler(know, view)
    me = know.seat
    dealer = int(kn.field(view, "dealer") or 0)
    leader = (dealer + 1) % 4
    side = _sides(view, me)
    dealt: list[list[int]] = []
    for _ in range(samples):
        sampled = sampler.sample(rng)
        if sampled is not None:
            dealt.append(sampled[0])
    out: dict[str, list[tuple[int, int]]] = {}
    for suit in trumps:
        rules = Rules(kn.with_trump(view, suit))
        # Belote is counted in a suit contract only (SA has none; TA's is left out: cautious).
        pair = (
            (1 << (SUITS.index(suit) * 8 + KING)) | (1 << (SUITS.index(suit) * 8 + QUEEN))
            if suit in SUITS
            else 0
        )
        results = []
        for hands in dealt:
            deal = Deal(rules, list(hands), side, leader, [])
            rollout(deal, random.Random(rng.random()))
            points = list(deal.points)
            for seat, hand in enumerate(hands):
                if pair and hand & pair == pair:
                    points[side[seat]] += 20
            results.append((points[0], points[1]))
        out[suit] = results
    return out


def _margin(row: tuple[int, int], decl: int, value: int, mult: int, need: int) -> float:
    """The own side's margin in a sampled deal whose points (belote included) were ``row`` (own,
    other), if side ``decl`` (0: own) plays a ``value`` contract at ``mult``."""
    d, o = row[decl], row[1 - decl]
    m = (value + d - o) * mult if d >= need else -(160 + value) * mult
    return m if decl == 0 else -m


def choose_bid(
    view: GameView, legal: list[Action], rng: random.Random, samples: int
) -> Action | None:
    """The hard player's auction action, or ``None`` to leave it to the normal player (a capot
    call, or SA/TA counted on another scale than 162).

    Every action is judged by the deal's expected score if the auction ended with it: a bid by
    the contract it makes, a pass by the contract that stands (nothing when none does), a coinche
    by the contract doubled. Against colver's IS-DD player, bidding by threshold odds instead
    ("bid when made in 62 % of the deals", "coinche when failed in 75 %") lost 19 points a deal;
    this, with hands sampled to fit the auction, gains 30 (benchmarks/results/README.md).
    """
    kinds = {a.type for a in legal}
    pass_ = next((a for a in legal if a.type == "pass"), None)
    if pass_ is None:
        return None
    me = kn.seat_of(view)
    bid = kn.field(view, "bid")
    value = bid.get("value") if isinstance(bid, Mapping) else None
    trump = bid.get("trump") if isinstance(bid, Mapping) else None
    bidder = bid.get("bidder") if isinstance(bid, Mapping) else None
    weighed = denominations(view, legal)
    if isinstance(value, str) or (trump is not None and trump not in weighed):
        return None
    table = estimate(view, rng, samples, weighed)
    if not table["S"]:
        return None

    def ev(suit: str, level: int, decl: int, mult: int) -> float:
        rows = table[suit]
        need = _need(level, view)
        return sum(_margin(r, decl, level, mult, need) for r in rows) / len(rows)

    def made(suit: str, level: int) -> float:
        need = _need(level, view)
        return sum(1 for r in table[suit] if r[0] >= need) / len(table[suit])

    ours = isinstance(bidder, int) and bidder in {me, *kn.known_partners(view, me)}
    mult_now = {0: 1, 1: 2, 2: 4}.get(int(kn.field(view, "doubled") or 0), 1)
    standing_contract = isinstance(value, int) and isinstance(trump, str)
    if "surcoinche" in kinds:
        if (
            ours
            and standing_contract
            and made(str(trump), int(value or 0)) >= SURCOINCHE_ODDS
            and ev(str(trump), int(value or 0), 0, 4)
            > ev(str(trump), int(value or 0), 0, 2) + COINCHE_MARGIN
        ):
            return next(a for a in legal if a.type == "surcoinche")
        return pass_
    standing = (
        ev(str(trump), int(value or 0), 0 if ours else 1, mult_now) if standing_contract else 0.0
    )
    best, best_ev = pass_, standing
    for action in legal:
        if (
            action.type != "bid"
            or not isinstance(action.value, int)
            or action.trump is None
            or action.trump not in table
        ):
            continue
        worth = ev(str(action.trump), action.value, 0, 1) - EV_MARGIN
        if ours:
            worth -= PARTNER_MARGIN
        if worth > best_ev:
            best, best_ev = action, worth
    if "coinche" in kinds and standing_contract and not ours:
        worth = ev(str(trump), int(value or 0), 1, 2) - COINCHE_MARGIN
        if worth > best_ev and worth > standing:
            return next(a for a in legal if a.type == "coinche")
    return best


TAKE_ODDS: Final = 0.8
"""Share of sampled deals in which the own side must outscore the defenders to take."""


def choose_take(
    view: GameView, legal: list[Action], rng: random.Random, samples: int
) -> Action | None:
    """Belote's taking (docs/rules.md §2.4) judged by playing sampled deals out: the taker gets the
    turned-up card and two more, everybody else three; the deal is played with the rollout
    policy and the own side must take more than half the points often enough."""
    takes = [a for a in legal if a.type == "take" and a.trump in ("S", "H", "D", "C")]
    pass_ = next((a for a in legal if a.type == "pass"), None)
    turn_up = kn.field(view, "turn_up")
    if not takes or not isinstance(turn_up, str):
        return None
    me = kn.seat_of(view)
    mine = kn.hand(view)
    if len(mine) != 5:
        return None
    rules0 = Rules(kn.with_trump(view, "S"))
    unseen = [c for c in range(32) if rules0.deck[c] not in mine and rules0.deck[c] != turn_up]
    dealer = int(kn.field(view, "dealer") or 0)
    leader = (dealer + 1) % 4
    side = _sides(view, me)
    worlds = []
    for _ in range(samples):
        pool = list(unseen)
        rng.shuffle(pool)
        hands = [0, 0, 0, 0]
        hands[me] = rules0.mask([*mine, turn_up]) | (1 << pool[0]) | (1 << pool[1])
        rest = pool[2:]
        others = [s for s in range(4) if s != me]
        for k, s in enumerate(others):
            for c in rest[8 * k : 8 * k + 8]:
                hands[s] |= 1 << c
        worlds.append(hands)
    best: tuple[float, Action] | None = None
    for action in takes:
        suit = str(action.trump)
        rules = Rules(kn.with_trump(view, suit))
        pair = (1 << (SUITS.index(suit) * 8 + KING)) | (1 << (SUITS.index(suit) * 8 + QUEEN))
        wins = 0
        for hands in worlds:
            deal = Deal(rules, list(hands), side, leader, [])
            rollout(deal, random.Random(rng.random()))
            points = list(deal.points)
            for seat, hand in enumerate(hands):
                if hand & pair == pair:
                    points[side[seat]] += 20
            wins += points[0] > points[1]
        odds = wins / max(1, len(worlds))
        if best is None or odds > best[0]:
            best = (odds, action)
    if best is not None and (best[0] >= TAKE_ODDS or pass_ is None):
        return best[1]
    return pass_
