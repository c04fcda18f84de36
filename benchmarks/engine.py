"""Random-legal deals per second of every engine, on one core.

The work of one deal: a shuffled deck; an auction (where the game has one) in which each player
passes with probability 0.7 and otherwise makes a uniformly random legal bid, call, coinche or
surcoinche; then uniformly random legal actions to the end of the deal, with ``legal_actions``
computed at every step. Piquet's discards are drawn at random within the exchange limits the
view gives (``apply`` checks them). Deals passed out are not counted. Each figure is the median of 7 runs.

If the native Coinche engine colver (``pip install colver==0.11.1``, benchmark-only) is installed,
the same work is measured with it and the ratio printed beside ours.

    python benchmarks/engine.py [--runs 7] [--deals 2000] [--games coinche,belote]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import add_json_option, report
from games.actions import Action
from games.ai import random_play
from games.base import Game
from games.registry import GAME_NAMES, new_game

SEATS = {"briscola": 4}
AUCTION_TYPES = {"bid", "coinche", "surcoinche", "take", "call"}


def _pick(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1 and legal[0].type == "exchange" and legal[0].cards is None:
        return random_play.concrete(game.view(seat), legal[0], rng)
    if any(a.type == "pass" for a in legal):
        others = [a for a in legal if a.type != "pass"]
        if others and rng.random() >= 0.7:
            return rng.choice(others)
        return next(a for a in legal if a.type == "pass")
    return rng.choice(legal)


def play_deals(name: str, deals: int, seed: int) -> int:
    """Play ``deals`` counted deals of ``name``; returns how many deals were passed out."""
    rng = random.Random(seed)
    game = new_game(name, seats=SEATS.get(name), dealer=0)
    deck = list(game.full_deck())
    counted = passed = 0
    while counted < deals:
        if game.over:
            game = new_game(name, seats=SEATS.get(name), dealer=rng.randrange(game.seats))
        rng.shuffle(deck)
        game.deal(deck)
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            game.apply(seat, _pick(game, seat, legal, rng))
        if game.deal_results[-1]["trick_points"] is None:
            passed += 1
        else:
            counted += 1
    return passed


def colver_deals(deals: int, seed: int) -> int:
    import colver  # type: ignore[import-not-found]

    rng = random.Random(seed)
    counted = i = 0
    while counted < deals:
        env = colver.Env.deal(dealer=i % 4, seed=seed * 1_000_003 + i)
        i += 1
        played = False
        while not env.is_terminal():
            legal = env.legal_actions()
            if env.phase() == 0:
                others = [a for a in legal if a != 0]
                action = rng.choice(others) if others and rng.random() >= 0.7 else 0
            else:
                played = True
                action = rng.choice(legal)
            env.step(action)
        counted += played
    return counted


def median_rate(run: Callable[[int, int], object], deals: int, runs: int) -> float:
    rates = []
    for r in range(runs):
        start = time.perf_counter()
        run(deals, 1000 + r)
        rates.append(deals / (time.perf_counter() - start))
    return statistics.median(rates)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--deals", type=int, default=2000, help="counted deals per run")
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    add_json_option(parser)
    args = parser.parse_args(argv)
    for name in args.games.split(","):
        rate = median_rate(lambda n, s, g=name: play_deals(g, n, s), args.deals, args.runs)
        line = f"{name}: {rate:.0f} deals/s"
        native: float | None = None
        if name == "coinche":
            try:
                native = median_rate(colver_deals, args.deals, args.runs)
            except ImportError:
                line += "  (colver not installed: pip install colver==0.11.1)"
            else:
                line += f"  (colver {native:.0f} deals/s, ratio {rate / native:.2f})"
        report(args, line, name, deals_per_s=rate, colver_deals_per_s=native)


if __name__ == "__main__":
    main()
