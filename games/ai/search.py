"""Determinized search for the play phase: sampled deals, a compact state, a double-dummy solver.

The hard level does what strong card programs do with hidden cards: deal the unseen cards many
times in ways consistent with everything the view revealed (``sample``), score each candidate card
in every such deal — exactly with the double-dummy solver near the end of the deal, by a fast
greedy rollout earlier — and play the card that does best on average.

Search needs speed that the engines' JSON-friendly state cannot give, so the play phase has its
own compact state here: hands as bitmasks over the game's deck, the trick as a list of card
indices, make/unmake instead of copies. All rules come from ``Rules`` (itself built on the
engine modules), so this state cannot drift from the engines.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.ai import knowledge as kn
from games.ai.knowledge import FREE, Knowledge, Rules, declarer_of, events
from games.ai.normal import bid_value, defence, trump_strength
from games.cards import SUITS
from games.views import GameView

EXACT, LOWER, UPPER = 0, 1, 2


class Deal:
    """A fully dealt play phase (one determinization), with make/unmake for search.

    Sides are 0 (the searching seat's) and 1 (everybody else's). ``points`` are each side's card
    points so far *from the searching seat's current decision on*; the caller adds what was
    already scored.
    """

    __slots__ = (
        "follow_pts",
        "hands",
        "last_bonus",
        "lead_pts",
        "leader",
        "n",
        "points",
        "pool",
        "pts",
        "remaining_cards",
        "rules",
        "seat_tricks",
        "side",
        "stock",
        "stock_pos",
        "trick",
        "tricks",
        "turn",
        "undo",
        "win_card",
        "win_seat",
    )

    def __init__(
        self,
        rules: Rules,
        hands: list[int],
        side: list[int],
        leader: int,
        trick: list[int],
        stock: list[int] | None = None,
    ) -> None:
        self.rules = rules
        self.n = len(hands)
        self.hands = hands
        self.side = side
        self.stock = stock or []
        self.stock_pos = 0
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.seat_tricks = [0] * self.n
        self.undo: list[tuple[Any, ...]] = []
        if rules.game == "piquet":
            # Piquet scores per trick, not per card: a point for a lead, a point for winning a
            # trick as follower (with a ten or higher under the old rules), one for the last trick.
            old = rules.points  # 1 for T and higher
            modern = not rules.piquet_old
            self.pts = [0] * rules.size
            self.lead_pts = [1] * rules.size if modern else list(old)
            self.follow_pts = [1] * rules.size if modern else list(old)
            self.last_bonus = 1
        else:
            self.pts = rules.points
            self.lead_pts = [0] * rules.size
            self.follow_pts = self.lead_pts
            self.last_bonus = rules.last_bonus
        self.trick: list[int] = []
        self.leader = leader
        self.turn = leader
        self.win_seat = leader
        self.win_card = -1
        self.remaining_cards = sum(h.bit_count() for h in hands) + len(self.stock)
        # Card points not yet won by anybody (a bound for the solver's pruning).
        pool = self.last_bonus
        for c in range(rules.size):
            if any(h >> c & 1 for h in hands):
                pool += self.pts[c]
        self.pool = pool + sum(self.pts[c] for c in self.stock)
        for card in trick:
            self.play(card)
        self.undo.clear()

    # ----------------------------------------------------------------------------- moves
    def legal(self) -> int:
        seat = self.turn
        trick = self.trick
        if not trick:
            return self.hands[seat]
        win = self.win_seat
        return self.rules.legal(
            self.hands[seat],
            trick[0],
            self.win_card,
            win != seat and self.side[win] == self.side[seat],
        )

    def over(self) -> bool:
        return self.remaining_cards == 0 and not self.trick

    def play(self, card: int) -> None:
        seat = self.turn
        rules = self.rules
        self.hands[seat] ^= 1 << card
        self.remaining_cards -= 1
        trick = self.trick
        record: tuple[Any, ...] = (seat, card, self.win_seat, self.win_card)
        if not trick:
            self.leader = seat
            self.win_seat = seat
            self.win_card = card
        else:
            win = self.win_card
            if rules.suit[card] == rules.suit[win]:
                if rules.power[card] > rules.power[win]:
                    self.win_seat = seat
                    self.win_card = card
            elif rules.is_trump[card] and not rules.is_trump[win]:
                self.win_seat = seat
                self.win_card = card
        trick.append(card)
        if len(trick) < self.n:
            self.turn = (seat + 1) % self.n
            self.undo.append(record)
            return
        # The trick is complete.
        winner = self.win_seat
        side = self.side[winner]
        pts = self.pts
        gained = [0, 0]
        for c in trick:
            gained[side] += pts[c]
        lead = trick[0]
        gained[self.side[self.leader]] += self.lead_pts[lead]
        if winner != self.leader:
            gained[side] += self.follow_pts[self.win_card]
        drawn: list[tuple[int, int]] = []
        stock = self.stock
        if self.stock_pos < len(stock):
            for k in range(self.n):
                s = (winner + k) % self.n
                c = stock[self.stock_pos]
                self.stock_pos += 1
                self.hands[s] |= 1 << c
                drawn.append((s, c))
        if self.remaining_cards == 0:
            gained[side] += self.last_bonus
        self.points[0] += gained[0]
        self.points[1] += gained[1]
        self.pool -= gained[0] + gained[1]
        self.tricks[side] += 1
        self.seat_tricks[winner] += 1
        self.undo.append((*record, self.leader, trick, gained, drawn))
        self.trick = []
        self.turn = winner
        self.leader = winner

    def unplay(self) -> None:
        record = self.undo.pop()
        seat, card = record[0], record[1]
        if len(record) > 4:
            leader, trick, gained, drawn = record[4], record[5], record[6], record[7]
            for holder, c in drawn:
                self.hands[holder] ^= 1 << c
            self.stock_pos -= len(drawn)
            winner = self.win_seat
            self.points[0] -= gained[0]
            self.points[1] -= gained[1]
            self.pool += gained[0] + gained[1]
            self.tricks[self.side[winner]] -= 1
            self.seat_tricks[winner] -= 1
            self.trick = trick
            self.leader = leader
        self.trick.pop()
        self.win_seat, self.win_card = record[2], record[3]
        self.hands[seat] |= 1 << card
        self.remaining_cards += 1
        self.turn = seat

    def copy(self) -> Deal:
        other = Deal.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.points = list(self.points)
        other.tricks = list(self.tricks)
        other.seat_tricks = list(self.seat_tricks)
        other.undo = []
        return other

    def key(self) -> tuple[int, ...]:
        """Transposition key at a trick's start: the future depends on nothing else (Piquet's
        end bonus depends on the tricks won, which it adds)."""
        extra = tuple(self.seat_tricks) if self.rules.game == "piquet" else ()
        return (*self.hands, self.leader, self.stock_pos, *extra)


# ------------------------------------------------------------------------- move ordering
def distinct_moves(deal: Deal, legal: int) -> list[int]:
    """Legal cards, one per group of equivalent cards, strongest first.

    Two cards of one hand are equivalent when no card still in play lies between them in their
    suit's order and they are worth the same: whichever is played, the deal goes the same way.
    """
    rules = deal.rules
    live = legal
    for h in deal.hands:
        live |= h
    for c in deal.stock[deal.stock_pos :]:
        live |= 1 << c
    out = []
    pts = deal.pts
    for suit in range(4):
        if not legal & rules.suit_mask[suit]:
            continue
        prev = -1
        for c in reversed(rules.by_power[suit]):  # strongest first
            if not live >> c & 1:
                continue
            if legal >> c & 1:
                if prev >= 0 and pts[prev] == pts[c] and deal.lead_pts[prev] == deal.lead_pts[c]:
                    prev = c
                    continue
                out.append(c)
                prev = c
            else:
                prev = -1
    out.sort(key=lambda c: -rules.power[c])
    return out


# ------------------------------------------------------------------------- double dummy
class Solver:
    """Alpha-beta on side 0's margin (its points minus side 1's from here to the end of the
    deal), with a transposition table at trick starts, equivalent cards grouped."""

    def __init__(self) -> None:
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.bounded = True
        """Prune with the points left (not in Piquet, whose bonus is not card points)."""

    def solve(self, deal: Deal) -> int:
        """Side 0's margin over the rest of the deal with best play by everyone (both sides see
        all the cards: the double-dummy value of this determinization)."""
        base = deal.points[0] - deal.points[1]
        self.bounded = deal.rules.game != "piquet"
        return self._search(deal, -(10**6), 10**6) - base

    def _search(self, deal: Deal, alpha: int, beta: int) -> int:
        self.nodes += 1
        if deal.remaining_cards == 0 and not deal.trick:
            return deal.points[0] - deal.points[1] + _piquet_bonus(deal, 0) - _piquet_bonus(deal, 1)
        at_start = not deal.trick
        key: tuple[int, ...] = ()
        here = deal.points[0] - deal.points[1]
        if self.bounded:
            # Even winning every point left cannot lift the margin above alpha (or below beta).
            pool = deal.pool
            if here + pool <= alpha:
                return here + pool
            if here - pool >= beta:
                return here - pool
        first = -1
        if at_start:
            key = deal.key()
            hit = self.table.get(key)
            if hit is not None:
                value, flag, first = hit
                value += here
                if flag == EXACT:
                    return value
                if flag == LOWER and value >= beta:
                    return value
                if flag == UPPER and value <= alpha:
                    return value
        a0, b0 = alpha, beta
        maximize = deal.side[deal.turn] == 0
        best = -(10**6) if maximize else 10**6
        best_card = -1
        moves = distinct_moves(deal, deal.legal())
        if first >= 0 and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        for card in moves:
            deal.play(card)
            value = self._search(deal, alpha, beta)
            deal.unplay()
            if maximize:
                if value > best:
                    best, best_card = value, card
                if best > alpha:
                    alpha = best
            else:
                if value < best:
                    best, best_card = value, card
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if at_start:
            flag = EXACT
            if best <= a0:
                flag = UPPER
            elif best >= b0:
                flag = LOWER
            self.table[key] = (best - here, flag, best_card)
        return best


def _piquet_bonus(deal: Deal, side: int) -> int:
    """Piquet's "cards" bonus (§4.9), which the deal's last trick decides."""
    if deal.rules.game != "piquet":
        return 0
    won = deal.tricks[side]
    return 40 if won == 12 else 10 if won >= 7 else 0


def future_points(deal: Deal) -> int:
    """Card points still to be scored in ``deal`` (the last-trick bonus included)."""
    total = deal.last_bonus
    for h in deal.hands:
        m = h
        while m:
            low = m & -m
            total += deal.pts[low.bit_length() - 1]
            m ^= low
    for c in deal.stock[deal.stock_pos :]:
        total += deal.pts[c]
    for c in deal.trick:
        total += deal.pts[c]
    return total


# ---------------------------------------------------------------------------- rollouts
def rollout(deal: Deal, rng: random.Random) -> None:
    """Play ``deal`` (a copy) to its end with a greedy club-player policy that sees the sampled
    hands: cash sure winners, draw trumps with the master trump, keep a partner's safe trick
    and load it, take a trick with the cheapest card nobody after can beat, else throw low."""
    rules = deal.rules
    power, pts, side, suit_of, is_trump = (
        rules.power,
        deal.pts,
        deal.side,
        rules.suit,
        rules.is_trump,
    )
    beaters, suit_mask = rules.beaters, rules.suit_mask
    free = rules.follow == FREE
    trump = rules.trump_suit
    trumps = suit_mask[trump] if trump >= 0 else 0
    n = deal.n
    hands = deal.hands
    while deal.remaining_cards:
        legal = deal.legal()
        if not legal & (legal - 1):
            deal.play(legal.bit_length() - 1)
            continue
        cards = []
        m = legal
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        seat = deal.turn
        mine = side[seat]
        trick = deal.trick
        if not trick:
            opponents = 0
            for s in range(n):
                if side[s] != mine:
                    opponents |= hands[s]
            others = opponents
            for s in range(n):
                if s != seat:
                    others |= hands[s]
            best = -1
            best_key = -1
            for c in cards:
                if beaters[c] & others & suit_mask[suit_of[c]]:
                    continue  # not the master of its suit
                if is_trump[c]:
                    key = 100 + pts[c] if opponents & trumps else -1
                elif opponents & trumps and any(
                    side[s] != mine and not hands[s] & suit_mask[suit_of[c]] and hands[s] & trumps
                    for s in range(n)
                ):
                    continue  # an opponent would trump it
                else:
                    key = 50 + pts[c]
                if key > best_key:
                    best, best_key = c, key
            if best < 0 or rng.random() < 0.1:
                best = min(cards, key=lambda c: (is_trump[c], pts[c], power[c] + rng.random()))
            deal.play(best)
            continue
        led = suit_of[trick[0]]
        later = [(seat + k) % n for k in range(1, n - len(trick))]
        enemies = [s for s in later if side[s] != mine]

        def safe(card: int, enemies: list[int] = enemies, led: int = led) -> bool:
            for s in enemies:
                h = hands[s]
                if not free and h & suit_mask[led]:
                    h &= suit_mask[led]
                if h & beaters[card]:
                    return False
            return True

        win_card = deal.win_card
        if side[deal.win_seat] == mine and deal.win_seat != seat and safe(win_card):
            loads = [c for c in cards if not is_trump[c]]
            if loads:
                deal.play(max(loads, key=lambda c: (pts[c], -power[c])))
            else:
                deal.play(min(cards, key=lambda c: (pts[c], power[c])))
            continue
        on_table = 0
        for c in trick:
            on_table += pts[c]
        winners = [c for c in cards if beaters[win_card] >> c & 1]
        sure = [c for c in winners if safe(c)]
        if sure and (on_table > 0 or not free or not any(is_trump[c] for c in sure)):
            if enemies:
                card = min(sure, key=lambda c: (power[c], pts[c]))
            else:
                card = max(sure, key=lambda c: (not is_trump[c], pts[c], -power[c]))
        elif winners and on_table >= 10 and not free:
            card = max(winners, key=lambda c: power[c])
        else:
            card = min(cards, key=lambda c: (is_trump[c], pts[c], power[c]))
        deal.play(card)


# ---------------------------------------------------------------------------- sampling
AUCTION_WEIGHTS = True
"""Draw Coinche hands in proportion to how well they fit the auction (``Sampler.plausibility``)."""
AUCTION_TRIES: Final = 20
"""Draws per sample before the most plausible one drawn is kept."""
BID_SLACK: Final = 10
BID_SLACK_SUPPORTED: Final = 30
BID_SCALE: Final = 15.0
"""A bid ``BID_SCALE`` points above what its sampled hand supports (beyond the slack) makes
that hand e (2.7) times less likely."""
COINCHE_DEFENCE: Final = 3.0
"""``normal.defence`` below which a coinche is unlikely (``DEFENCE_SCALE`` per trick short)."""
DEFENCE_SCALE: Final = 1.0
PASS_SLACK: Final = 20
PASS_SCALE: Final = 20.0


@dataclass(frozen=True)
class Claim:
    """What one call of a Coinche auction says about its caller's hand: a ``bid`` of ``value``
    in ``suit`` (``supported`` when the partner named that suit first), a ``pass`` when the
    contract stood at ``value``, a ``coinche`` of a contract in ``suit``."""

    kind: str
    seat: int
    suit: str
    value: int
    supported: bool = False


class Sampler:
    """Deals of the unseen cards consistent with a view's ``Knowledge``."""

    def __init__(self, know: Knowledge, view: GameView) -> None:
        self.know = know
        rules = know.rules
        sizes = [int(n) for n in kn.field(view, "hand_sizes") or [0] * know.seats]
        self.sizes = sizes
        self.seat = know.seat
        self.unseen = [c for c in range(rules.size) if know.unseen >> c & 1]
        self.weight = [[1.0] * rules.size for _ in range(know.seats)]
        self._auction_weights(view)
        self._auction_claims(view)

    def _auction_weights(self, view: GameView) -> None:
        """Soft knowledge: a bidder is likelier to hold the suit he named."""
        rules = self.know.rules
        if rules.game not in ("coinche", "belote"):
            return
        for event in events(view):
            seat = kn.field(event, "seat")
            trump = kn.field(event, "trump")
            if (
                kn.field(event, "type") in ("bid", "take")
                and isinstance(seat, int)
                and seat != self.seat
                and trump in ("S", "H", "D", "C")
            ):
                for c in self.unseen:
                    if rules.deck[c][1] == trump:
                        self.weight[seat][c] = 3.0 if rules.points[c] >= 10 else 2.0

    def _auction_claims(self, view: GameView) -> None:
        """What each other seat's Coinche bids, passes and coinches say about its hand.

        Without this a sampled opponent who bid 120♥ holds hearts only a little more often
        than anyone else, so the search believes contracts fail that are made, coinches them
        and loses twice over. A bid claims a hand that ``normal.bid_value`` would bid about as
        high in that suit (less is asked of a bid in a suit the partner named first); a pass
        claims no clearly higher bid in any suit; a coinche, tricks against the trumps.
        """
        self.claims: list[Claim] = []
        if self.know.rules.game != "coinche" or not AUCTION_WEIGHTS:
            return
        current = 0
        current_trump: str | None = None
        named: set[tuple[int, str]] = set()
        for entry in kn.auction(view):
            kind, seat = entry.get("type"), entry.get("seat")
            value, trump = entry.get("value"), entry.get("trump")
            if not isinstance(seat, int):
                continue
            if kind == "bid" and isinstance(value, int) and isinstance(trump, str):
                # An SA or TA bid claims nothing that ``bid_value`` measures, but raises the
                # contract that later passes are measured against.
                if seat != self.seat and trump in SUITS:
                    supported = any((p, trump) in named for p in kn.known_partners(view, seat))
                    self.claims.append(Claim("bid", seat, trump, value, supported))
                named.add((seat, trump))
                current, current_trump = value, trump
            elif kind == "pass" and seat != self.seat:
                self.claims.append(Claim("pass", seat, "", current))
            elif kind == "coinche" and seat != self.seat and current_trump is not None:
                self.claims.append(Claim("coinche", seat, current_trump, current))

    def plausibility(self, hands: list[int]) -> float:
        """How well ``hands`` fit the auction's claims: 1 when every bid and pass is what
        ``normal.bid_value`` would make of its hand, less the further each one strays."""
        deck = self.know.rules.deck
        weight = 1.0
        cache: dict[int, list[str]] = {}
        for claim in self.claims:
            seat = claim.seat
            cards = cache.get(seat)
            if cards is None:
                cards = []
                m = hands[seat]
                while m:
                    low = m & -m
                    cards.append(deck[low.bit_length() - 1])
                    m ^= low
                cache[seat] = cards
            if claim.kind == "coinche":
                short = COINCHE_DEFENCE - defence(cards, claim.suit)
                if short > 0:
                    weight *= math.exp(-short / DEFENCE_SCALE)
            elif claim.kind == "bid":
                implied = bid_value(trump_strength(cards, claim.suit)) or 60
                slack = BID_SLACK_SUPPORTED if claim.supported else BID_SLACK
                short = claim.value - slack - implied
                if short > 0:
                    weight *= math.exp(-short / BID_SCALE)
            else:
                implied = max(bid_value(trump_strength(cards, t)) for t in SUITS)
                over = implied - max(claim.value, 80) - PASS_SLACK
                if over > 0:
                    weight *= math.exp(-over / PASS_SCALE)
        return weight

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]] | None:
        """Hands for every seat (the own hand as it is) and the cards left over, or ``None`` if
        the constraints could not be met after a few tries. After a Coinche auction, hands are
        drawn in proportion to how well they fit it (rejection sampling; after
        ``AUCTION_TRIES`` draws, the most plausible one drawn)."""
        best: tuple[list[int], list[int]] | None = None
        best_w = -1.0
        failed = drawn = 0
        while failed < 24 and drawn < AUCTION_TRIES:
            out = self._try(rng, relax=failed >= 16)
            if out is None:
                failed += 1
                continue
            if not self.claims:
                return out
            drawn += 1
            w = self.plausibility(out[0])
            if rng.random() < w:
                return out
            if w > best_w:
                best, best_w = out, w
        return best

    def _try(self, rng: random.Random, relax: bool) -> tuple[list[int], list[int]] | None:
        know = self.know
        seats = know.seats
        hands = [0] * seats
        hands[self.seat] = know.mine
        room = list(self.sizes)
        room[self.seat] = 0
        pool = []
        for c in self.unseen:
            holder = -1
            for s in range(seats):
                if s != self.seat and know.held[s] >> c & 1:
                    holder = s
            if holder >= 0 and room[holder] > 0:
                hands[holder] |= 1 << c
                room[holder] -= 1
            else:
                pool.append(c)
        rest_room = len(pool) - sum(room)
        if rest_room < 0:
            return None
        rng.shuffle(pool)
        forbidden = know.forbidden
        # Most constrained cards first.
        pool.sort(key=lambda c: sum(1 for s in range(seats) if not forbidden[s] >> c & 1))
        rest: list[int] = []
        for c in pool:
            total = 0.0
            choices: list[tuple[int, float]] = []
            for s in range(seats):
                if room[s] > 0 and (relax or not forbidden[s] >> c & 1):
                    w = room[s] * self.weight[s][c]
                    choices.append((s, w))
                    total += w
            if rest_room > 0:
                choices.append((-1, float(rest_room)))
                total += rest_room
            if not choices:
                return None
            pick = rng.random() * total
            chosen = choices[-1][0]
            for s, w in choices:
                pick -= w
                if pick < 0:
                    chosen = s
                    break
            if chosen < 0:
                rest.append(c)
                rest_room -= 1
            else:
                hands[chosen] |= 1 << c
                room[chosen] -= 1
        return hands, rest


# ---------------------------------------------------------------------------- utility
class Scorer:
    """Turns a finished determinized deal into what the searching seat cares about: its side's
    margin in the deal's own scoring (a Coinche contract made or failed, Sueca's games…)."""

    def __init__(self, view: GameView, know: Knowledge) -> None:
        self.view = view
        self.know = know
        self.game = know.rules.game
        scores = kn.field(view, "scores")
        deal_scores = scores.get("deal") if isinstance(scores, Mapping) else None
        self.deal_scores = [int(x) for x in deal_scores or []]
        self.declarer = declarer_of(view)
        self.teams = view["teams"]
        self.team = kn.team_of(view)
        self.bonus = [0] * len(self.teams)  # belote and melds, by team
        self._belote_extras()

    def _belote_extras(self) -> None:
        if self.game not in ("belote", "coinche"):
            return
        for event in events(self.view):
            kind = kn.field(event, "type")
            seat = kn.field(event, "seat")
            if kind == "belote" and isinstance(seat, int):
                self.bonus[self.team[seat]] += 20
            elif kind == "melds" and isinstance(kn.field(event, "side"), int):
                self.bonus[int(event["side"])] += int(kn.field(event, "points") or 0)

    def already(self, side_of_seat: list[int]) -> list[int]:
        """Points each search side scored before the search began (the view's deal scores are
        per team, in the order of its ``teams``)."""
        out = [0, 0]
        for team, points in zip(self.teams, self.deal_scores, strict=False):
            out[side_of_seat[team[0]]] += points
        return out

    def utility(self, p0: int, p1: int, tricks: list[int], extra: int, decl_side: int) -> float:
        """Side 0's margin for final deal points ``p0``/``p1`` (including what was scored before
        the search), side tricks ``tricks`` and Piquet's bonus margin ``extra``."""
        game = self.game
        if game == "piquet":
            return p0 - p1 + extra
        if game in ("belote", "coinche"):
            return self._belote_margin(p0, p1, tricks)
        diff = p0 - p1
        if game == "sueca":
            if tricks[0] == 10 or tricks[1] == 10:
                return diff + (120 if tricks[0] == 10 else -120)
            games = (1 if p0 > 60 else 0) + (1 if p0 > 90 else 0)
            games -= (1 if p1 > 60 else 0) + (1 if p1 > 90 else 0)
            return diff + 25 * games
        if game == "chiamata":
            target = int(kn.field(self.view, "target") or 61)
            decl = p0 if decl_side == 0 else p1
            made = decl >= target
            mine = made if decl_side == 0 else not made
            return diff + (30 if mine else -30)
        return diff + (20 if diff > 0 else -20 if diff < 0 else 0)

    def _belote_margin(self, p0: int, p1: int, tricks: list[int]) -> float:
        me = self.team[self.know.seat]
        bonus = [self.bonus[me], self.bonus[1 - me]]
        decl = self.declarer
        if decl is None:
            return p0 - p1
        d = 0 if self.team[decl] == me else 1
        o = 1 - d
        pts = [p0, p1]
        tot = [pts[i] + bonus[i] for i in (0, 1)]
        if self.game == "belote":
            if tot[d] > tot[o]:
                return tot[0] - tot[1]
            out = [0, 0]
            out[o] = 162 + tot[o]
            return out[0] - out[1]
        c = kn.field(self.view, "contract")
        value = c.get("value") if isinstance(c, Mapping) else None
        mult = int(c.get("multiplier") or 1) if isinstance(c, Mapping) else 1
        if isinstance(value, int):
            view = self.view
            needs_82 = view["game"] == "coinche" and view["options"]["eighty_needs_82"]
            need = 82 if value == 80 and needs_82 else value
            made = tot[d] >= need
            level = value
        else:
            made = tricks[d] == 8
            level = 250
        out = [0, 0]
        if made:
            out[d] = (level + pts[d]) * mult + bonus[d]
            out[o] = pts[o] * mult + bonus[o]
        else:
            out[d] = bonus[d]
            out[o] = (160 + level) * mult + bonus[o]
        return out[0] - out[1]


# ------------------------------------------------------------------------------ search
def sides_for(know: Knowledge, view: GameView, hands: list[int]) -> tuple[list[int], int]:
    """Search sides (0: the searching seat's team of ``view["teams"]``) for one determinization,
    and the declarer's side: in chiamata, whose players score alone, the sides are the deal's
    (the partner is whoever holds the called card in that determinization)."""
    seats = know.seats
    me = know.seat
    if view["game"] == "chiamata":
        declarer = kn.field(view, "declarer")
        partner = kn.field(view, "partner")
        if not isinstance(partner, int):
            called = kn.field(view, "called_card")
            partner = declarer
            if isinstance(called, str) and called in know.rules.index:
                bit = 1 << know.rules.index[called]
                for s, h in enumerate(hands):
                    if h & bit:
                        partner = s
        team = {declarer, partner}
        mine = me in team
        side = [0 if (s in team) == mine else 1 for s in range(seats)]
        return side, 0 if mine else 1
    of = know.team
    return [0 if of[s] == of[me] else 1 for s in range(seats)], 0


def search_play(
    view: GameView,
    candidates: list[str],
    rng: random.Random,
    samples: int,
    dd_cards: int,
    deadline: float | None,
    fallback: Callable[[], str],
) -> str:
    """The candidate card with the best mean utility over ``samples`` determinizations."""
    know = Knowledge(view)
    rules = know.rules
    sampler = Sampler(know, view)
    scorer = Scorer(view, know)
    trick = [rules.index[c] for _, c in know.trick]
    leader = know.trick[0][0] if know.trick else know.seat
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    for _ in range(samples):
        if deadline is not None and done and time.monotonic() > deadline:
            break
        dealt = sampler.sample(rng)
        if dealt is None:
            break
        hands, rest = dealt
        # Put the cards of the current trick back so that the deal replays it from its lead.
        for i, card in enumerate(trick):
            hands[(leader + i) % know.seats] |= 1 << card
        stock: list[int] = []
        if rules.game == "briscola" and int(kn.field(view, "stock_size") or 0) > 0:
            # Cards left over beyond the stock (the unknown removed 2 of three-player Briscola)
            # are out of play.
            stock = list(rest)[: int(kn.field(view, "stock_size") or 0) - 1]
            trump_card = kn.field(view, "trump_card")
            if isinstance(trump_card, str):
                stock.append(rules.index[trump_card])
        side, decl_side = sides_for(know, view, hands)
        deal = Deal(rules, hands, side, leader, trick, stock)
        before = scorer.already(side)
        solver = Solver() if deal.remaining_cards <= dd_cards else None
        seed = rng.random()
        for code in candidates:
            card = rules.index[code]
            if solver is not None:
                deal.play(card)
                margin = solver.solve(deal)
                total = future_points(deal)
                f0, f1 = (total + margin) // 2, (total - margin) // 2
                tricks = list(deal.tricks)
                left = (deal.remaining_cards + len(deal.trick) + deal.n - 1) // deal.n
                if f1 <= 0 < total:
                    tricks[0] += left
                elif f0 <= 0 < total:
                    tricks[1] += left
                p0 = before[0] + deal.points[0] + f0
                p1 = before[1] + deal.points[1] + f1
                extra = 0
                if rules.game == "piquet":
                    p0, p1 = before[0] + deal.points[0], before[1] + deal.points[1]
                    extra = margin
                deal.unplay()
            else:
                sim = deal.copy()
                sim.play(card)
                rollout(sim, random.Random(seed))
                p0, p1 = before[0] + sim.points[0], before[1] + sim.points[1]
                tricks = sim.tricks
                extra = _piquet_bonus(sim, 0) - _piquet_bonus(sim, 1)
            totals[code] += scorer.utility(p0, p1, tricks, extra, decl_side)
        done += 1
    if not done:
        return fallback()
    best = max(totals.values())
    ties = [c for c in candidates if totals[c] >= best - 1e-9]
    if len(ties) == 1:
        return ties[0]
    preferred = fallback()
    return preferred if preferred in ties else ties[0]


__all__ = [
    "FREE",
    "Deal",
    "Sampler",
    "Scorer",
    "Solver",
    "distinct_moves",
    "rollout",
    "search_play",
    "sides_for",
]
