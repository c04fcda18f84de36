"""The easy computer player: a few card-table habits, no search.

It bids only with a clearly strong hand, wins a trick when there are points in it and it can do so
cheaply, throws points on a trick its partner is winning, and otherwise gets rid of its least
useful card. That is how a beginner plays: sensible, never clever.
"""

from __future__ import annotations

import random

from games.actions import Action
from games.ai import knowledge as kn
from games.ai.knowledge import Rules
from games.cards import SUITS
from games.piquet_declarations import RANK_INDEX as PIQUET_RANK
from games.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS, strength_table
from games.views import GameView

_BRISCOLA_STRENGTH = strength_table(BRISCOLA_ORDER)


def _play(view: GameView, legal: list[Action], rng: random.Random) -> Action:
    rules = Rules(view)
    seat = kn.seat_of(view)
    trick = kn.current_trick(view)
    cards = [a.card for a in legal if a.card is not None]

    def cheap(card: str) -> tuple[int, int, float]:
        return (rules.code_points(card), rules.code_power(card), rng.random())

    if not trick:
        # Lead a low card; keep the points for later.
        pick = min(cards, key=cheap)
        return next(a for a in legal if a.card == pick)
    win_seat, best = rules.winner(trick)
    on_table = sum(rules.code_points(c) for _, c in trick)
    if win_seat in kn.known_partners(view, seat):
        # Partner holds the trick: give it points.
        pick = max(cards, key=lambda c: (rules.code_points(c), -rules.code_power(c), rng.random()))
        return next(a for a in legal if a.card == pick)
    winners = [c for c in cards if rules.beats(rules.index[c], rules.index[best])]
    if winners and (on_table >= 10 or rng.random() < 0.5):
        pick = min(winners, key=cheap)
    else:
        pick = min(cards, key=cheap)
    return next(a for a in legal if a.card == pick)


def _suit_strength(hand: list[str], suit: str) -> float:
    score = 0.0
    for card in hand:
        if card[1] == suit:
            score += {"J": 3.0, "9": 2.0, "A": 1.5, "T": 1.0}.get(card[0], 0.5)
        elif card[0] == "A":
            score += 0.75
    return score


def _take_or_pass(view: GameView, legal: list[Action]) -> Action:
    hand = kn.hand(view)
    turn_up = kn.turn_up(view)
    takes = [a for a in legal if a.type == "take"]
    best: tuple[float, Action] | None = None
    for action in takes:
        if action.trump is None or action.trump not in SUITS:
            continue
        extra = [turn_up] if isinstance(turn_up, str) else []
        score = _suit_strength(hand + extra, action.trump)
        if best is None or score > best[0]:
            best = (score, action)
    forced = not any(a.type == "pass" for a in legal)
    if best is not None and (best[0] >= 5.0 or forced):
        return best[1]
    if forced:
        return legal[0]
    return next(a for a in legal if a.type == "pass")


def _bid_or_pass(view: GameView, legal: list[Action]) -> Action:
    hand = kn.hand(view)
    bids = [a for a in legal if a.type == "bid" and isinstance(a.value, int)]
    pass_ = next((a for a in legal if a.type == "pass"), legal[0])
    if not bids:
        # Coinche and surcoinche are left to stronger players: an easy player never doubles.
        return pass_
    suit = max(SUITS, key=lambda s: _suit_strength(hand, s))
    strength = _suit_strength(hand, suit)
    worth = 80 + int(strength - 6.0) * 10
    affordable = [a for a in bids if a.trump == suit and isinstance(a.value, int)]
    affordable = [a for a in affordable if a.value is not None and int(a.value) <= worth]
    return min(affordable, key=lambda a: int(a.value or 0)) if affordable else pass_


def _call_or_pass(view: GameView, legal: list[Action]) -> Action:
    hand = kn.hand(view)
    pass_ = next((a for a in legal if a.type == "pass"), legal[0])
    points = sum(BRISCOLA_POINTS.get(c[0], 0) for c in hand)
    calls = [a for a in legal if a.type == "call" and a.points is None]
    if points < 30 or not calls:
        return pass_
    # The strongest rank still allowed that the hand does not hold in every suit.
    for action in sorted(calls, key=lambda a: -_BRISCOLA_STRENGTH[a.rank or "2"]):
        if sum(1 for c in hand if c[0] == action.rank) < 4:
            return action
    return pass_


def _name_trump(view: GameView, legal: list[Action]) -> Action:
    """The longest suit whose called card another player holds: naming a suit whose called card
    is in the own hand would mean playing alone, which an easy player never means to do."""
    hand = kn.hand(view)
    chiamata = kn.as_chiamata(view)
    rank = chiamata["called_rank"] if chiamata is not None else None

    def weight(action: Action) -> tuple[int, int, int]:
        suit = action.suit or ""
        cards = [c for c in hand if c[1] == suit]
        partnered = 0 if isinstance(rank, str) and rank + suit in hand else 1
        return (partnered, len(cards), sum(BRISCOLA_POINTS.get(c[0], 0) for c in cards))

    return max(legal, key=weight)


def _exchange(view: GameView, rng: random.Random) -> Action:
    """Piquet: keep the long suit and the high cards, discard as many low cards as allowed."""
    hand = kn.hand(view)
    piquet = kn.as_piquet(view)
    limits = piquet["exchange"] if piquet is not None else None
    low, high = (limits["min"], limits["max"]) if limits else (1, 1)
    length = {s: sum(1 for c in hand if c[1] == s) for s in SUITS}

    def keep_value(card: str) -> tuple[int, int, float]:
        return (PIQUET_RANK[card[0]] + 2 * length[card[1]], length[card[1]], rng.random())

    ranked = sorted(hand, key=keep_value)
    weak = [c for c in ranked if PIQUET_RANK[c[0]] < PIQUET_RANK["J"]]
    count = max(low, min(high, len(weak)))
    return Action("exchange", cards=tuple(ranked[:count]))


def choose_easy(view: GameView, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1 and legal[0].type != "exchange":
        return legal[0]
    kinds = {a.type for a in legal}
    if "exchange" in kinds:
        return _exchange(view, rng)
    if "play" in kinds:
        return _play(view, [a for a in legal if a.type == "play"], rng)
    if "take" in kinds:
        return _take_or_pass(view, legal)
    if kinds & {"bid", "coinche", "surcoinche"}:
        return _bid_or_pass(view, legal)
    if "call" in kinds:
        return _call_or_pass(view, legal)
    if "trump" in kinds:
        return _name_trump(view, legal)
    return rng.choice(legal)
