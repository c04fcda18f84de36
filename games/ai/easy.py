"""The easy computer player: a few card-table habits, no search.

It bids only with a clearly strong hand, wins a trick when there are points in it and it can do so
cheaply, throws points on a trick its partner is winning, and otherwise gets rid of its least
useful card. That is how a beginner plays: sensible, never clever.
"""

from __future__ import annotations

import random
from typing import Any

from games.actions import Action
from games.cards import SUITS

# Rank strength (higher wins) and card points per game family.
_PLAIN_BELOTE = {r: i for i, r in enumerate("789JQKTA")}
_TRUMP_BELOTE = {r: i for i, r in enumerate("78QKTA9J")}
_POINTS_PLAIN = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
_POINTS_TRUMP = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
_PIQUET = {r: i for i, r in enumerate("6789TJQKA")}
_BRISCOLA = {r: i for i, r in enumerate("24567JQK3A")}
_BRISCOLA_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
_SUECA = {r: i for i, r in enumerate("23456QJK7A")}
_SUECA_POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}


def _trump_of(view: dict[str, Any]) -> str | None:
    trump = view.get("trump")
    contract = view.get("contract")
    if trump is None and isinstance(contract, dict):
        trump = contract.get("trump")
    return trump if isinstance(trump, str) else None


class _Table:
    """How cards rank and score in this view's game and contract."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.game = view.get("game", "")
        self.trump = _trump_of(view)

    def is_trump(self, card: str) -> bool:
        return self.trump == "AT" or card[1] == self.trump

    def strength(self, card: str) -> int:
        if self.game in ("belote", "coinche"):
            return (_TRUMP_BELOTE if self.is_trump(card) else _PLAIN_BELOTE)[card[0]]
        if self.game == "piquet":
            return _PIQUET[card[0]]
        if self.game == "sueca":
            return _SUECA[card[0]]
        return _BRISCOLA[card[0]]

    def points(self, card: str) -> int:
        if self.game in ("belote", "coinche"):
            return (_POINTS_TRUMP if self.is_trump(card) else _POINTS_PLAIN).get(card[0], 0)
        if self.game == "piquet":
            return 1 if card[0] in "AKQJT" else 0
        if self.game == "sueca":
            return _SUECA_POINTS.get(card[0], 0)
        return _BRISCOLA_POINTS.get(card[0], 0)

    def beats(self, card: str, best: str, led: str) -> bool:
        """Whether ``card`` would beat ``best`` in a trick led in suit ``led``."""
        trump = None if self.trump in ("NT", "AT") else self.trump
        if card[1] == best[1]:
            return self.strength(card) > self.strength(best)
        return trump is not None and card[1] == trump

    def winner(self, trick: list[list[Any]]) -> tuple[int, str]:
        seat, best = trick[0][0], trick[0][1]
        led = best[1]
        for s, card in trick[1:]:
            if self.beats(card, best, led):
                seat, best = s, card
        return int(seat), str(best)


def _partner_of(view: dict[str, Any], seat: int) -> set[int]:
    """Seats known to be on ``seat``'s side (never guessed: chiamata's partner is secret)."""
    seats = int(view.get("seats", 0))
    if view.get("game") in ("belote", "coinche", "sueca") or (
        view.get("game") == "briscola" and seats in (4, 6)
    ):
        return {s for s in range(seats) if s % 2 == seat % 2 and s != seat}
    # Chiamata: the holder of the called card knows the declarer is his ally, and everybody knows
    # once the called card is played; the view says so through ``partner`` and ``declarer``.
    partner, declarer = view.get("partner"), view.get("declarer")
    if partner == seat and isinstance(declarer, int) and declarer != seat:
        return {declarer}
    return {partner} if isinstance(partner, int) and partner != seat else set()


def _play(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    table = _Table(view)
    seat = view.get("seat")
    trick = view.get("trick") or []
    cards = [a.card for a in legal if a.card is not None]

    def cheap(card: str) -> tuple[int, int, float]:
        return (table.points(card), table.strength(card), rng.random())

    if not trick:
        # Lead a low card; keep the points for later.
        pick = min(cards, key=cheap)
        return next(a for a in legal if a.card == pick)
    win_seat, best = table.winner(trick)
    led = trick[0][1][1]
    on_table = sum(table.points(c) for _, c in trick)
    if isinstance(seat, int) and win_seat in _partner_of(view, seat):
        # Partner holds the trick: give it points.
        pick = max(cards, key=lambda c: (table.points(c), -table.strength(c), rng.random()))
        return next(a for a in legal if a.card == pick)
    winners = [c for c in cards if table.beats(c, best, led)]
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


def _take_or_pass(view: dict[str, Any], legal: list[Action]) -> Action:
    hand = list(view.get("hand", []))
    turn_up = view.get("turn_up")
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


def _bid_or_pass(view: dict[str, Any], legal: list[Action]) -> Action:
    hand = list(view.get("hand", []))
    bids = [a for a in legal if a.type == "bid" and isinstance(a.value, int)]
    pass_ = next((a for a in legal if a.type == "pass"), legal[0])
    if not bids:
        return pass_
    suit = max(SUITS, key=lambda s: _suit_strength(hand, s))
    strength = _suit_strength(hand, suit)
    worth = 80 + int(strength - 6.0) * 10
    affordable = [a for a in bids if a.trump == suit and isinstance(a.value, int)]
    affordable = [a for a in affordable if a.value is not None and int(a.value) <= worth]
    return min(affordable, key=lambda a: int(a.value or 0)) if affordable else pass_


def _call_or_pass(view: dict[str, Any], legal: list[Action]) -> Action:
    hand = list(view.get("hand", []))
    pass_ = next((a for a in legal if a.type == "pass"), legal[0])
    points = sum(_BRISCOLA_POINTS.get(c[0], 0) for c in hand)
    calls = [a for a in legal if a.type == "call" and a.points is None]
    if points < 30 or not calls:
        return pass_
    # The strongest rank still allowed that the hand does not hold in every suit.
    for action in sorted(calls, key=lambda a: -_BRISCOLA[a.rank or "2"]):
        if sum(1 for c in hand if c[0] == action.rank) < 4:
            return action
    return pass_


def _name_trump(view: dict[str, Any], legal: list[Action]) -> Action:
    hand = list(view.get("hand", []))

    def weight(action: Action) -> tuple[int, int]:
        suit = action.suit or ""
        cards = [c for c in hand if c[1] == suit]
        return (len(cards), sum(_BRISCOLA_POINTS.get(c[0], 0) for c in cards))

    return max(legal, key=weight)


def _exchange(view: dict[str, Any], rng: random.Random) -> Action:
    """Piquet: keep the long suit and the high cards, discard as many low cards as allowed."""
    hand = list(view.get("hand", []))
    limits = view.get("exchange") or {}
    low, high = int(limits.get("min", 1)), int(limits.get("max", 1))
    length = {s: sum(1 for c in hand if c[1] == s) for s in SUITS}

    def keep_value(card: str) -> tuple[int, int, float]:
        return (_PIQUET[card[0]] + 2 * length[card[1]], length[card[1]], rng.random())

    ranked = sorted(hand, key=keep_value)
    weak = [c for c in ranked if _PIQUET[c[0]] < _PIQUET["J"]]
    count = max(low, min(high, len(weak)))
    return Action("exchange", cards=tuple(ranked[:count]))


def choose_easy(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1 and legal[0].type != "exchange":
        return legal[0]
    kinds = {a.type for a in legal}
    if "exchange" in kinds:
        return _exchange(view, rng)
    if "play" in kinds:
        return _play(view, [a for a in legal if a.type == "play"], rng)
    if "take" in kinds:
        return _take_or_pass(view, legal)
    if "bid" in kinds or "coinche" in kinds:
        return _bid_or_pass(view, legal)
    if "call" in kinds:
        return _call_or_pass(view, legal)
    if "trump" in kinds:
        return _name_trump(view, legal)
    return rng.choice(legal)
