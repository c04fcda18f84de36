"""Computer players: ``choose(view, legal_actions, level, rng, ...)`` for every game.

They see a seat's view only — never a hidden card — and return one of ``legal_actions`` (for
Piquet's exchange template, a concrete exchange within the view's limits). Three levels:

- ``easy``: a few card-table habits, no counting (``games.ai.easy``);
- ``normal``: a rule-based club player who counts cards (``games.ai.normal``);
- ``hard``: determinized search over sampled deals for the card play and for the Coinche
  auction and Belote taking, the normal player's calls elsewhere (``games.ai.hard``);
  at two-player Briscola a one-trick lookahead on a value network learned by self-play
  (``games.ai.duel_value``, numpy; trained by ``training/``; ``games.ai.hard.
  LEARNED_BRISCOLA2``): deterministic for a seed when
  the budget is a number of samples.

What the hard player's search weighs for a card is public: ``games.ai.search.play_values``
gives, for a seat's view, the deals it sampled and each candidate card's value in each of them — by the
hard player's measure, or (``objective="score"``) the seat's deal score in the game's unit,
counted by the engines' own scoring under the table's options (``games.ai.scorer``, whose
``start_deal`` also scores any deal played out from a view, the real one included).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.actions import Action
from games.ai.easy import choose_easy
from games.ai.hard import DEFAULT_SAMPLES, DEFAULT_TIME_CAP_S, choose_hard
from games.ai.normal import choose_normal
from games.views import GameView

LEVELS = ("easy", "normal", "hard")
"""Levels a table may seat, weakest first."""

__all__ = ["DEFAULT_SAMPLES", "DEFAULT_TIME_CAP_S", "LEVELS", "choose"]


def choose(
    view: GameView,
    legal_actions: Sequence[Action],
    level: str,
    rng: random.Random,
    samples: int | None = None,
    time_cap_s: float | None = None,
) -> Action:
    """One action for the seat of ``view``; deterministic for a given ``rng`` state and, for the
    hard level, a given ``samples`` budget (``None``: ``DEFAULT_SAMPLES`` of the game, with
    ``time_cap_s`` — default ``DEFAULT_TIME_CAP_S`` — as a wall-clock safety net)."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; the levels are {', '.join(LEVELS)}")
    if not legal_actions:
        raise ValueError("the computer player was asked to act with no legal action")
    legal = list(legal_actions)
    if level == "easy":
        return choose_easy(view, legal, rng)
    if level == "normal":
        return choose_normal(view, legal, rng)
    return choose_hard(view, legal, rng, samples, time_cap_s)
