"""The normal computer player: a rule-based club player who counts cards.

It judges bids from hand strength and the auction so far, leads trumps when its side holds the
contract and the opponents may still have some, cashes its master cards, keeps its partner's
tricks (and loads them with points when they are safe), takes points cheaply, and tracks what
has been played and who is void in what (``Knowledge``). No search: every decision is a rule a
good player would explain in a sentence.
"""

from __future__ import annotations

import random

from games.actions import Action
from games.ai import knowledge as kn
from games.ai.knowledge import Knowledge, Rules
from games.ai.profiles import profile
from games.cards import SUITS
from games.piquet_declarations import RANK_INDEX as PIQUET_RANK
from games.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS, strength_table
from games.views import GameView

_BRISCOLA_STRENGTH = strength_table(BRISCOLA_ORDER)


# ------------------------------------------------------------------------------ the play
def _beaters_exist(know: Knowledge, seats_after: list[int], best: int, partners: set[int]) -> bool:
    """Whether an opponent still to play in this trick may beat ``best``."""
    rules = know.rules
    suit = rules.suit[best]
    higher = 0
    for c in rules.by_power[suit]:
        if rules.power[c] > rules.power[best]:
            higher |= 1 << c
    trumps = (
        rules.suit_mask[rules.trump_suit]
        if rules.trump_suit >= 0 and not rules.is_trump[best]
        else 0
    )
    for seat in seats_after:
        if seat in partners:
            continue
        possible = know.unseen & ~know.forbidden[seat]
        if possible & higher:
            return True
        void = not possible & rules.suit_mask[suit] or rules.follow == kn.FREE
        if trumps and void and possible & trumps:
            return True
    return False


def choose_play(view: GameView, legal: list[Action], rng: random.Random) -> Action:
    cards = [a.card for a in legal if a.card is not None]
    if len(cards) == 1:
        return legal[0]
    card = play_card(view, cards, rng)
    return next(a for a in legal if a.card == card)


def play_card(view: GameView, cards: list[str], rng: random.Random) -> str:
    know = Knowledge(view)
    rules = know.rules
    me = know.seat
    partners = kn.known_partners(view, me)
    trick = know.trick
    idx = rules.index
    if not trick:
        return _lead(view, know, cards, partners, rng)
    n = know.seats
    win_seat, win_code = rules.winner(trick)
    best = idx[win_code]
    after = [(me + k) % n for k in range(1, n - len(trick))]
    on_table = sum(rules.code_points(c) for _, c in trick)
    opponents_after = [s for s in after if s not in partners]

    def cost(code: str) -> tuple[int, int]:
        c = idx[code]
        return (rules.points[c] * 3 + (12 if rules.is_trump[c] else 0), rules.power[c])

    if win_seat in partners and not _beaters_exist(know, after, best, partners):
        # Safe partner trick: load it with points that are not future winners.
        loads = [
            c
            for c in cards
            if not rules.is_trump[idx[c]]
            and not (know.is_master(idx[c]) and rules.points[idx[c]] > 0)
        ]
        if loads:
            return max(loads, key=lambda c: (rules.code_points(c), -rules.code_power(c)))
        return min(cards, key=cost)
    winners = [c for c in cards if rules.beats(idx[c], best)]
    if win_seat in partners:
        # The partner's card may be beaten: only an overtaking master helps.
        winners = [c for c in winners if not _beaters_exist(know, after, idx[c], partners)]
        if not winners:
            return min(cards, key=cost)
    safe = [c for c in winners if not _beaters_exist(know, opponents_after, idx[c], partners)]
    if safe:
        # A sure winner of the led suit costs nothing: take the trick with the lowest one. A
        # trump is spent only where there are points to win (or a duty to follow made the
        # trick worth contesting).
        plain = [c for c in safe if not rules.is_trump[idx[c]]]
        if plain:
            return min(plain, key=lambda c: (rules.code_power(c), rules.code_points(c)))
        pick = min(safe, key=cost)
        if on_table >= 10 or (rules.follow != kn.FREE and on_table > 0):
            return pick
    if not safe and winners and on_table >= 10 and rules.follow != kn.FREE:
        # Not safe, but points are at stake: make the opponents pay for them.
        return max(winners, key=lambda c: rules.code_power(c))
    return _discard(know, cards, rules)


def _discard(know: Knowledge, cards: list[str], rules: Rules) -> str:
    """The least useful card: no points, no trump, not a master, from a short suit."""
    idx = rules.index
    length = [0, 0, 0, 0]
    for c in kn.hand(know.view):
        length[rules.suit[idx[c]]] += 1

    def value(code: str) -> tuple[int, int, int, int]:
        c = idx[code]
        return (
            1 if rules.is_trump[c] else 0,
            rules.points[c],
            1 if know.is_master(c) else 0,
            rules.power[c] + 2 * length[rules.suit[c]],
        )

    return min(cards, key=value)


def _lead(
    view: GameView,
    know: Knowledge,
    cards: list[str],
    partners: set[int],
    rng: random.Random,
) -> str:
    rules = know.rules
    idx = rules.index
    me = know.seat
    opponents = [s for s in range(know.seats) if s != me and s not in partners]
    trump = rules.trump_suit
    mine = [idx[c] for c in cards]
    trumps = [c for c in mine if rules.is_trump[c]]
    declarer = kn.declarer_of(view)
    our_contract = declarer is not None and (declarer == me or declarer in partners)
    if trump >= 0 and trumps and rules.follow != kn.FREE:
        enemy_trumps = any(
            know.unseen & ~know.forbidden[s] & rules.suit_mask[trump] for s in opponents
        )
        if our_contract and enemy_trumps:
            masters = [c for c in trumps if know.is_master(c)]
            if masters:
                return rules.deck[max(masters, key=lambda c: rules.power[c])]
            if declarer == me and len(trumps) >= 3:
                return rules.deck[min(trumps, key=lambda c: rules.power[c])]
    # Cash masters in suits the opponents can still follow (or cannot trump).
    cash = []
    for c in mine:
        if rules.is_trump[c] or not know.is_master(c):
            continue
        suit = rules.suit[c]
        ruffable = trump >= 0 and any(
            not know.may_hold(s, suit) and know.may_hold(s, trump) for s in opponents
        )
        if not ruffable:
            cash.append(c)
    if cash and rules.follow != kn.FREE:
        return rules.deck[max(cash, key=lambda c: (rules.points[c], rules.power[c]))]
    # Give the partner a ruff: a suit he is void in while he may hold trumps.
    if trump >= 0 and rules.follow != kn.FREE:
        for p in partners:
            for c in sorted(mine, key=lambda c: rules.points[c]):
                s = rules.suit[c]
                if (
                    rules.points[c] == 0
                    and not rules.is_trump[c]
                    and not know.may_hold(p, s)
                    and know.may_hold(p, trump)
                ):
                    return rules.deck[c]
    plain = [c for c in mine if not rules.is_trump[c]] or mine
    length = [0, 0, 0, 0]
    for c in mine:
        length[rules.suit[c]] += 1

    def lead_value(c: int) -> tuple[int, int, int, float]:
        suit = rules.suit[c]
        # A lone ten (or 3 in Briscola) is not led into an ace still out.
        guard = 1 if rules.points[c] >= 10 and not know.is_master(c) else 0
        return (guard, rules.points[c], -length[suit], rules.power[c] + rng.random())

    return rules.deck[min(plain, key=lead_value)]


# ---------------------------------------------------------------------------- the bidding
def trump_strength(cards: list[str], suit: str) -> float:
    """How well ``cards`` play with ``suit`` as trumps in Belote/Coinche (about a trick a point)."""
    score = 0.0
    trumps = [c for c in cards if c[1] == suit]
    ranks = {c[0] for c in trumps}
    for c in trumps:
        score += {"J": 2.5, "9": 1.8, "A": 1.2, "T": 0.9}.get(c[0], 0.5)
    if "9" in ranks and "J" not in ranks and len(trumps) < 3:
        score -= 0.6
    score += max(0, len(trumps) - 3) * 0.6
    lengths = {s: sum(1 for c in cards if c[1] == s) for s in SUITS if s != suit}
    for c in cards:
        if c[1] != suit:
            if c[0] == "A":
                score += 1.0
            elif c[0] == "T" and f"A{c[1]}" in cards:
                score += 0.6
    if len(trumps) >= 3:
        score += sum(0.5 for n in lengths.values() if n == 0)
    return score


def bid_value(strength: float) -> int:
    """The contract a strength supports (80 at 4.4, +10 every 0.65), 0 when too weak to bid."""
    if strength < 4.4:
        return 0
    return min(160, 80 + 10 * int((strength - 4.4) / 0.65))


def _coinche_bid(view: GameView, legal: list[Action]) -> Action:
    cards = kn.hand(view)
    me = kn.seat_of(view)
    pass_ = next((a for a in legal if a.type == "pass"), legal[0])
    kinds = {a.type for a in legal}
    auction = kn.auction(view)
    bid = kn.coinche_bid(view)
    bidder = bid["bidder"] if bid is not None else None
    value = bid["value"] if bid is not None else None
    bid_trump = bid["trump"] if bid is not None else None
    if "surcoinche" in kinds:
        # Only with the contract well in hand: the own (or partner's) contract, 2 units spare.
        if isinstance(value, int) and isinstance(bid_trump, str) and bid_trump in SUITS:
            mine = trump_strength(cards, bid_trump)
            if bidder == me and bid_value(mine - 2.0) >= value:
                return next(a for a in legal if a.type == "surcoinche")
        return pass_
    # The partner's opening in each suit (his first bid in it, made before any bid of ours in
    # that suit): a raise adds what this hand brings to it, once; a re-raise would count the
    # same cards twice.
    partners = kn.known_partners(view, me)
    partner_bid: dict[str, int] = {}
    own_suits: set[str] = set()
    for entry in auction:
        if entry["type"] != "bid":
            continue
        seat, v, t = entry["seat"], entry["value"], entry["trump"]
        if t is None or not isinstance(v, int):
            continue
        if seat == me:
            own_suits.add(t)
        elif seat in partners and t not in own_suits:
            partner_bid.setdefault(t, v)
    worth: dict[str, int] = {}
    for suit in SUITS:
        worth[suit] = bid_value(trump_strength(cards, suit))
        if suit in partner_bid and suit not in own_suits:
            raise_by = 10 * int(_support(cards, suit))
            if raise_by:
                worth[suit] = max(worth[suit], partner_bid[suit] + raise_by)
    partner_holds = bidder in partners
    suit = max(SUITS, key=lambda s: worth[s])
    if (
        partner_holds
        and bid_trump in worth
        and bid_trump != suit
        and isinstance(value, int)
        and worth[suit] < value + 20
    ):
        # Do not take the partner out of his suit without a clearly better contract (a partner
        # at SA or TA, which the hard player bids, has no suit this hand could support).
        suit = str(bid_trump)
    bids = [
        a
        for a in legal
        if a.type == "bid"
        and a.trump == suit
        and isinstance(a.value, int)
        and a.value <= worth[suit]
    ]
    if bids:
        return min(bids, key=lambda a: int(a.value or 0))
    if "coinche" in kinds and isinstance(value, int) and isinstance(bid_trump, str):
        strength = defence(cards, bid_trump)
        if (
            strength >= 4.5
            or (strength >= 3.5 and value >= 110)
            or (strength >= 2.5 and value >= 140)
        ):
            return next(a for a in legal if a.type == "coinche")
    return pass_


def _support(cards: list[str], suit: str) -> float:
    """What a hand adds to its partner's bid in ``suit``: trump honours and side aces."""
    score = 0.0
    for c in cards:
        if c[1] == suit:
            score += {"J": 1.5, "9": 1.0, "A": 0.6}.get(c[0], 0.2)
        elif c[0] == "A":
            score += 1.0
    return score


def defence(cards: list[str], suit: str) -> float:
    """Tricks a hand expects to take against a contract in ``suit``."""
    score = 0.0
    trumps = [c for c in cards if c[1] == suit]
    for c in trumps:
        score += {"J": 1.5, "9": 1.0 if len(trumps) >= 2 else 0.4, "A": 0.5}.get(c[0], 0.2)
    for c in cards:
        if c[1] != suit and c[0] == "A":
            score += 1.0
        elif c[1] != suit and c[0] == "T" and f"A{c[1]}" in cards:
            score += 0.5
    return score


def _belote_take(view: GameView, legal: list[Action]) -> Action:
    cards = kn.hand(view)
    turn_up = kn.turn_up(view)
    extra = [turn_up] if turn_up is not None else []
    pass_ = next((a for a in legal if a.type == "pass"), None)
    best: tuple[float, Action] | None = None
    for action in legal:
        if action.type != "take" or action.trump is None or action.trump not in SUITS:
            continue
        score = trump_strength(cards + extra, str(action.trump))
        if best is None or score > best[0]:
            best = (score, action)
    if best is not None and (best[0] >= 5.4 or pass_ is None):
        return best[1]
    return pass_ or legal[0]


def _chiamata_call(view: GameView, legal: list[Action]) -> Action:
    """Call down to the best card the own best suit lacks, with a hand good enough for 61."""
    cards = kn.hand(view)
    pass_ = next((a for a in legal if a.type == "pass"), legal[0])
    calls = [a for a in legal if a.type == "call" and a.points is None and a.rank]
    if not calls:
        return pass_
    suit, strength = chiamata_strength(cards)
    missing = [r for r in BRISCOLA_ORDER if r + suit not in cards]
    if not missing or strength < 9.0:
        return pass_
    natural = missing[0]
    # A strong hand may go a step or two further down to win the auction.
    steps = 0 if strength < 13 else 1 if strength < 17 else 2
    limit = _BRISCOLA_STRENGTH[natural] - steps
    ok = [a for a in calls if _BRISCOLA_STRENGTH[str(a.rank)] >= limit]
    return max(ok, key=lambda a: _BRISCOLA_STRENGTH[str(a.rank)]) if ok else pass_


def chiamata_strength(cards: list[str]) -> tuple[str, float]:
    """A chiamata hand's best suit for trumps and its strength there (calls start at 9)."""

    def strength(suit: str) -> float:
        own = [c for c in cards if c[1] == suit]
        score = sum(1.5 + BRISCOLA_POINTS.get(c[0], 0) / 4 for c in own)
        score += sum(BRISCOLA_POINTS.get(c[0], 0) / 6 for c in cards if c[1] != suit)
        return score

    suit = max(SUITS, key=strength)
    return suit, strength(suit)


def name_trump(view: GameView, legal: list[Action]) -> Action:
    """Chiamata: name the strongest suit whose called card someone else holds (a partner); a
    suit whose called card is in the own hand only when every suit's is."""
    cards = kn.hand(view)
    chiamata = kn.as_chiamata(view)
    rank = chiamata["called_rank"] if chiamata is not None else None
    if rank is None and chiamata is not None and chiamata["bid"] is not None:
        rank = chiamata["bid"]["rank"]

    def weight(action: Action) -> tuple[int, int, int]:
        suit = action.suit or ""
        own = [c for c in cards if c[1] == suit]
        partnered = 0 if isinstance(rank, str) and rank + suit in cards else 1
        return (partnered, len(own), sum(BRISCOLA_POINTS.get(c[0], 0) for c in own))

    return max(legal, key=weight)


def piquet_exchange(view: GameView, rng: random.Random) -> Action:
    """Keep the point suit, sequences and high sets; discard the most low cards allowed."""
    cards = kn.hand(view)
    piquet = kn.as_piquet(view)
    limits = piquet["exchange"] if piquet is not None else None
    low, high = (limits["min"], min(limits["max"], len(cards))) if limits else (1, 1)
    length = {s: sum(1 for c in cards if c[1] == s) for s in SUITS}
    ranks = {r: sum(1 for c in cards if c[0] == r) for r in "TJQKA"}

    def keep_value(card: str) -> tuple[float, float]:
        rank, suit = PIQUET_RANK[card[0]], card[1]
        value = rank + 1.5 * length[suit]
        if card[0] in ranks and ranks[card[0]] >= 3:
            value += 8
        neighbours = sum(
            1 for other in cards if other[1] == suit and abs(PIQUET_RANK[other[0]] - rank) == 1
        )
        value += 2.5 * neighbours
        if card[0] == "A":
            value += 6
        return (value, rng.random())

    ranked = sorted(cards, key=keep_value)
    weak = [c for c in ranked if keep_value(c)[0] < 14]
    count = max(
        low,
        min(
            high,
            max(
                len(weak), high if piquet is not None and piquet["elder"] == kn.seat_of(view) else 0
            ),
        ),
    )
    return Action("exchange", cards=tuple(ranked[:count]))


def choose_normal(view: GameView, legal: list[Action], rng: random.Random) -> Action:
    kinds = {a.type for a in legal}
    if "exchange" in kinds:
        return piquet_exchange(view, rng)
    if len(legal) == 1:
        return legal[0]
    if "play" in kinds:
        return choose_play(view, [a for a in legal if a.type == "play"], rng)
    game = kn.game_of(view)
    if "take" in kinds:
        return _belote_take(view, legal)
    if profile(game).auction == "bid" or kinds & {"bid", "coinche", "surcoinche"}:
        return _coinche_bid(view, legal)
    if "call" in kinds:
        return _chiamata_call(view, legal)
    if "trump" in kinds:
        return name_trump(view, legal)
    return next((a for a in legal if a.type == "pass"), legal[0])


__all__ = [
    "chiamata_strength",
    "choose_normal",
    "name_trump",
    "play_card",
    "trump_strength",
]
