"""Helpers shared by the engine tests: random options and random legal play for any game."""

from __future__ import annotations

import random
from typing import Any

from games.actions import Action
from games.ai import random_play
from games.base import Game
from games.registry import game_class

SMALL_INTS = {
    "target_score": (1, 400),
    "hands_to_win": (1, 3),
    "games_to_win": (1, 4),
    "games_to_win_match": (1, 2),
    "match_deals": (5, 5),
}


def random_options(name: str, rng: random.Random) -> dict[str, Any]:
    """A random value for a random subset of the game's option keys (small integer targets)."""
    options: dict[str, Any] = {}
    for spec in game_class(name).OPTIONS:
        if rng.random() < 0.4:
            continue
        if spec.kind == "bool":
            options[spec.name] = rng.random() < 0.5
        elif spec.kind == "int":
            low, high = SMALL_INTS.get(spec.name, (spec.minimum, spec.minimum + 3))
            options[spec.name] = rng.randint(low, high) // spec.multiple_of * spec.multiple_of
        else:
            assert spec.choices is not None
            options[spec.name] = rng.choice(spec.choices)
    return options


def random_seats(name: str, rng: random.Random) -> int:
    return rng.choice(game_class(name).SEAT_COUNTS)


def random_action(game: Game, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action; a random legal discard for Piquet's exchange template."""
    legal = game.legal_actions(seat)
    assert legal, f"seat {seat} is to act but has no legal action"
    action = rng.choice(legal)
    # Only a template (Piquet's exchange, its cards unchosen) reads the seat's view: the other
    # actions are spared building one at every step of every random game.
    if action.type == "exchange" and action.cards is None:
        action = random_play.concrete(game.view(seat), action, rng)
    assert game.is_legal(seat, action), f"{action} drawn from the view is not legal"
    return action


def shuffled_deck(game: Game, rng: random.Random) -> list[str]:
    deck = list(game.full_deck())
    rng.shuffle(deck)
    return deck


def state_text(game: Game) -> str:
    """The game's snapshot as JSON text, to tell whether anything changed: ``Game.to_json``,
    the attributes encoded once, caches left out (a third of ``to_dict``'s cost, a JSON round
    trip then an encoding: a long match's log is in each)."""
    return game.to_json()


def cards_among(value: Any, deck: frozenset[str]) -> set[str]:
    """Every card of ``deck`` anywhere in a view (keys and values, at any depth). The audits ask
    this of every view after every action: the plain values a view is mostly made of (strings,
    numbers) are looked at where they are met, without a call or a stack of their own."""
    found: set[str] = set()
    add = found.add

    def walk(item: Any) -> None:
        kind = type(item)
        if kind is dict:
            for key in item:
                if type(key) is str:
                    if key in deck:
                        add(key)
                else:
                    walk(key)
            inners = item.values()
        elif kind is list or kind is tuple:
            inners = item
        else:
            inners = None
        if inners is not None:
            for inner in inners:
                plain = type(inner)
                if plain is str:
                    if inner in deck:
                        add(inner)
                elif plain is not int and inner is not None and plain is not bool:
                    walk(inner)
        elif isinstance(item, str):
            if item in deck:
                add(item)
        elif isinstance(item, dict):
            for key, inner in item.items():
                walk(key)
                walk(inner)
        elif isinstance(item, list | tuple):
            for inner in item:
                walk(inner)

    walk(value)
    return found
