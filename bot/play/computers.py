"""How a computer player decides, away from any table: the level that plays a stored seat, the
worker a decision runs in (a process for a search, a thread otherwise), a fixed budget for a
challenge's deal, and what a seat plays when its computer player fails.

A table's computer turns (``bot.play.driving``) and a challenge's par (``bot.play.par``) both
decide here, so both play the same computer players the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Executor

from bot.play import workers
from games.actions import Action
from games.ai import LEVELS as AI_LEVELS
from games.ai import choose
from games.base import Game
from games.views import GameView

ChooseFn = Callable[[GameView, list[Action], str, random.Random], Action]

AI_TIME_CAP_S = 5.0
"""A safety net for the search-based levels: a computer player never holds a table longer."""


def default_choose(
    view: GameView,
    legal: list[Action],
    level: str,
    rng: random.Random,  # see ChooseFn
) -> Action:
    return choose(view, legal, ai_level(level), rng, time_cap_s=AI_TIME_CAP_S)


def budget_choose(
    view: GameView,
    legal: list[Action],
    level: str,
    rng: random.Random,  # see ChooseFn
    samples: int,
) -> Action:
    """A move searched with exactly ``samples`` samples and no wall-clock cap: what a
    duplicate table's computers play, so that the move depends on the view and the seed alone,
    never on how busy the machine is."""
    return choose(view, legal, ai_level(level), rng, samples=samples, time_cap_s=0.0)


async def decide(
    choose_fn: ChooseFn,
    view: GameView,
    legal: list[Action],
    level: str,
    rng: random.Random,
    samples: int | None = None,
) -> Action:
    """A computer player's move, in a worker: a process for a search (when the bot plays with
    its own players), a thread otherwise; with a ``samples`` budget, searched exactly that much
    (``budget_choose``)."""
    if choose_fn is default_choose and ai_level(level) in workers.SEARCH_LEVELS:
        executor: Executor = workers.ai_processes()
    else:
        executor = workers.ai_threads()
    if samples is not None and choose_fn is default_choose:
        return await workers.run_ai(executor, budget_choose, view, legal, level, rng, samples)
    return await workers.run_ai(executor, choose_fn, view, legal, level, rng)


def ai_level(level: str) -> str:
    """The games.ai level that plays a seat stored at ``level`` (the stored level is kept even
    if games.ai does not know it, for when it does)."""
    return level if level in AI_LEVELS else AI_LEVELS[0]


def fallback_action(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """What a seat whose computer player failed plays: one of ``legal``, or for a template
    (Piquet's exchange of 1 to 5 cards) the smallest exchange the engine accepts."""
    # An exchange without cards is a template, not an action (games.piquet's ``is_legal``
    # accepts it although ``apply`` refuses it).
    concrete = [
        a
        for a in legal
        if not (a.type == "exchange" and a.cards is None) and game.is_legal(seat, a)
    ]
    if concrete:
        return rng.choice(concrete)
    hand = list(game.view(seat).get("hand") or [])
    for size in range(len(hand) + 1):
        candidate = Action("exchange", cards=tuple(hand[-size:]) if size else ())
        if game.is_legal(seat, candidate):
            return candidate
    raise RuntimeError(f"no legal action for seat {seat}")
