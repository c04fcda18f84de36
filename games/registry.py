"""Game name → engine class. Imports lazily so that one game's module never loads the others."""

from __future__ import annotations

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
