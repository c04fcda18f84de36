"""The deals a seat could have been facing at one of its decisions, as engines at that point.

The hard player's sampler (``games.ai.sampler.Sampler``) draws the unseen cards consistently
with everything the seat's view showed — the play, voids, known cards and, in Coinche, the
auction. A review needs more than hands: after a bid or an exchange the deal goes on, with the
rest of the deck dealt, drawn or exchanged. So each sampled deal is turned into a whole deck:
the cards the seat had not seen are put in the places of the deck of the real deal where the
sampled holder would have received them (the seat's own cards, the cards played and every card
shown stay where they were), the deal is dealt again from that deck and its actions up to the
decision replayed. A deck whose replay is illegal, or that shows the seat anything other than
what it really saw, is not used.

``determined`` says when the seat's information leaves one possible deal (a Briscola for two
once the stock is empty; voids that place every card): the review's costs are then exact.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.actions import Action
from games.ai import knowledge as kn
from games.ai.knowledge import Knowledge
from games.ai.sampler import Sampler
from games.base import Game, IllegalAction
from games.review.moments import Moment, ReviewedDeal
from games.views import GameView

REST = -1
"""Where a card no hand holds is: the stock, the talon, cards still to be dealt or discarded."""


def knowledge(view: GameView) -> Knowledge:
    """What the seat knows, as the sampler reads it; Belote's turned-up card, seen by everybody
    while nobody has taken, is not one of the cards to place."""
    know = Knowledge(view)
    turn_up = kn.field(view, "turn_up")
    if view["game"] == "belote" and isinstance(turn_up, str) and kn.declarer_of(view) is None:
        know.unseen &= ~know.rules.mask([turn_up])
    return know


def _held(know: Knowledge) -> int:
    out = 0
    for mask in know.held:
        out |= mask
    return out


@dataclass(frozen=True)
class World:
    """One sampled deal: the engine at the decision, and the deck it was dealt from."""

    game: Game
    deck: tuple[str, ...]


class Worlds:
    """Sampled deals for one moment of a reviewed deal."""

    def __init__(self, reviewed: ReviewedDeal, moment: Moment) -> None:
        self.reviewed = reviewed
        self.moment = moment
        self.view = moment.game.view(moment.seat)
        self.know = know = knowledge(self.view)
        self.rules = know.rules
        self.sampler = Sampler(know, self.view)
        self.free = know.unseen & ~_held(know)
        """Cards whose place the seat does not know: the ones a sample moves."""
        where: dict[str, int] = {}
        real = moment.game
        for seat in range(real.seats):
            if seat != moment.seat:
                for code in kn.hand(real.view(seat)):
                    where[code] = seat
        self.deck = tuple(reviewed.record.deals[reviewed.deal].deck)
        self.slots: dict[int, list[int]] = {}
        """Where in the deck the free cards are, by where they are at the moment."""
        for position, code in enumerate(self.deck):
            index = self.rules.index.get(code)
            if index is not None and self.free >> index & 1:
                self.slots.setdefault(where.get(code, REST), []).append(position)

    def sample(self, rng: random.Random) -> World | None:
        """One deal the seat could be facing, or ``None`` when the draw did not fit."""
        dealt = self.sampler.sample(rng)
        if dealt is None:
            return None
        hands, rest = dealt
        groups: dict[int, list[str]] = {}
        for seat, mask in enumerate(hands):
            if seat != self.moment.seat:
                groups[seat] = self.rules.cards(mask & self.free)
        loose = [c for c in rest if self.free >> c & 1]
        rng.shuffle(loose)  # the sampler's order of the rest follows its constraints
        groups[REST] = [self.rules.deck[c] for c in loose]
        deck = list(self.deck)
        moved: dict[str, str] = {}
        for place, positions in self.slots.items():
            cards = groups.get(place, [])
            if len(cards) != len(positions):
                return None
            for position, code in zip(positions, cards, strict=True):
                moved[deck[position]] = code
                deck[position] = code
        for place, cards in groups.items():
            if cards and place not in self.slots:
                return None
        game = self.reviewed.start.clone()
        game.deal(deck)
        actions = self.reviewed.record.deals[self.reviewed.deal].actions
        try:
            for seat, action in actions[: self.moment.index]:
                game.apply(seat, _moved(action, moved))
        except IllegalAction:
            return None
        if game.view(self.moment.seat) != self.view:
            return None
        return World(game, tuple(deck))

    def draw(self, rng: random.Random, count: int) -> list[World]:
        """Up to ``count`` sampled deals (fewer when draws keep failing)."""
        out: list[World] = []
        tries = 0
        while len(out) < count and tries < 2 * count + 8:
            tries += 1
            world = self.sample(rng)
            if world is not None:
                out.append(world)
        return out


def _moved(action: Action, moved: dict[str, str]) -> Action:
    """``action`` with the cards of the real deal that a sample moved replaced (an exchange the
    seat did not see names the cards that lie in the same places of the sampled deck)."""
    if action.cards is not None:
        return Action(action.type, cards=tuple(moved.get(c, c) for c in action.cards))
    return action


def determined(view: GameView) -> bool:
    """Whether what the seat knows leaves one possible deal: every card it has not seen can lie
    in one place only (the hand sizes and the voids shown decide), and no order of cards still
    to be drawn or dealt is unknown."""
    know = knowledge(view)
    seats = know.seats
    sizes = kn.hand_sizes(view) or [0] * seats
    need = {s: sizes[s] - know.held[s].bit_count() for s in range(seats) if s != know.seat}
    left = {c for c in range(know.rules.size) if (know.unseen & ~_held(know)) >> c & 1}
    need[REST] = len(left) - sum(need.values())
    if need[REST] < 0:
        return False
    if need[REST] > 1 and (view["game"] == "briscola" or view["phase"] != "play"):
        return False  # a stock, a talon or a deal still to come, in an order nobody knows

    def places(card: int) -> list[int]:
        return [
            p for p, n in need.items() if n > 0 and (p == REST or not know.forbidden[p] >> card & 1)
        ]

    changed = True
    while left and changed:
        changed = False
        # A card that fits one place only goes there; a place that as many cards fit as it
        # needs takes them all (every place is filled exactly).
        for card in sorted(left):
            fits = places(card)
            if len(fits) == 1:
                need[fits[0]] -= 1
                left.discard(card)
                changed = True
        for place in list(need):
            candidates = [c for c in left if place in places(c)]
            if candidates and len(candidates) == need[place]:
                need[place] = 0
                left.difference_update(candidates)
                changed = True
    return not left


__all__ = ["REST", "World", "Worlds", "determined", "knowledge"]
