"""Game name → engine class. Imports lazily so that one game's module never loads the others."""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from games.base import Game
from games.facts import CardFacts

GAME_NAMES = ("belote", "coinche", "piquet", "briscola", "chiamata", "sueca")

_CLASSES = {
    "belote": "Belote",
    "coinche": "Coinche",
    "piquet": "Piquet",
    "briscola": "Briscola",
    "chiamata": "Chiamata",
    "sueca": "Sueca",
}


def game_class(name: str) -> type[Game]:
    if name not in _CLASSES:
        raise KeyError(f"unknown game {name!r}; the games are {', '.join(GAME_NAMES)}")
    cls: Any = getattr(import_module(f"games.{name}"), _CLASSES[name])
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"games.{name} does not define a Game")
    return cls


def card_facts(name: str) -> CardFacts:
    """How ``name``'s cards rank and score (``Game.FACTS``), for code that holds only a view."""
    return game_class(name).FACTS


def new_game(
    name: str, options: dict[str, Any] | None = None, seats: int | None = None, dealer: int = 0
) -> Game:
    return game_class(name)(options=options, seats=seats, dealer=dealer)


def random_rules(name: str, rng: random.Random) -> dict[str, Any]:
    """House rules of ``name`` drawn at random from what the lobby offers: every yes/no rule and
    every choice at random, every number among the values the command suggests (or its
    default). What the duels on random rules (``benchmarks/ai_duel.py --rules random``) and the
    training's self-play deal under, so that both see the same tables."""
    options: dict[str, Any] = {}
    for spec in game_class(name).OPTIONS:
        if spec.kind == "bool":
            options[spec.name] = rng.random() < 0.5
        elif spec.kind == "choice" and spec.choices:
            options[spec.name] = rng.choice(spec.choices)
        elif spec.suggested:
            options[spec.name] = rng.choice(spec.suggested)
    return options
