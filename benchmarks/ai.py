"""Speed of the computer players' search, on one core: what the hard level's budget rests on.

Prints, for Coinche's compact play state (``games.ai.deal.Deal``):

- make/unmake pairs per second and greedy rollouts per second from the first card of a deal;
- double-dummy solves per second (and the median solve time) with 12, 20 and 28 cards left;

the CPU time of each shipped belief network's odds at a decision (``games.ai.belief``), and,
for every game and level, the move time p50/p95 of ``games.ai.choose`` over the moves of a
few deals played by that level at every seat (the hard level at its default sample budget, as
the bot runs it), in wall-clock and in CPU time.

    python benchmarks/ai.py [--deals 2] [--solves 7] [--games coinche,sueca] [--levels hard]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import percentile
from games.ai import LEVELS, choose
from games.ai.belief import NETS
from games.ai.card_belief import packaged
from games.ai.deal import Deal
from games.ai.knowledge import Rules, with_trump
from games.ai.random_play import deal_shuffled
from games.ai.rollout import rollout
from games.ai.solver import Solver
from games.registry import GAME_NAMES, new_game

COINCHE = Rules(with_trump(new_game("coinche").public_view(), "H"))
"""The card rules of a Coinche table with the default rules, hearts trumps."""


def random_deal(rng: random.Random, cards_left: int) -> Deal:
    """A Coinche play state with ``cards_left`` cards in four equal hands, hearts trumps."""
    cards = rng.sample(range(32), cards_left)
    per = cards_left // 4
    hands = [sum(1 << c for c in cards[i * per : (i + 1) * per]) for i in range(4)]
    return Deal(COINCHE, hands, [0, 1, 0, 1], rng.randrange(4), [])


def bench_make_unmake(rng: random.Random) -> float:
    deal = random_deal(rng, 32)
    start = time.perf_counter()
    count = 0
    while time.perf_counter() - start < 0.5:
        for _ in range(32):
            legal = deal.legal()
            deal.play((legal & -legal).bit_length() - 1)
        for _ in range(32):
            deal.unplay()
        count += 32
    return count / (time.perf_counter() - start)


def bench_rollouts(rng: random.Random) -> float:
    deal = random_deal(rng, 32)
    start = time.perf_counter()
    count = 0
    while time.perf_counter() - start < 0.5:
        rollout(deal.copy(), rng)
        count += 1
    return count / (time.perf_counter() - start)


def bench_solves(rng: random.Random, cards_left: int, solves: int) -> tuple[float, float]:
    times = []
    for _ in range(solves):
        deal = random_deal(rng, cards_left)
        start = time.perf_counter()
        Solver().solve(deal)
        times.append(time.perf_counter() - start)
    return len(times) / sum(times), statistics.median(times)


def move_times(name: str, level: str, deals: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each move with a choice; on a shared machine the CPU time
    is what one free core would take."""
    rng = random.Random(seed)
    times = []
    cpu = []
    game = new_game(name)
    for _ in range(deals):
        if game.over:
            game = new_game(name)
        deal_shuffled(game, rng)
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions(seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = choose(view, legal, level, rng, time_cap_s=0)
            if len(legal) > 1:
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            game.apply(seat, action)
    return times, cpu


def belief_times(name: str, seats: int, calls: int, seed: int) -> list[float]:
    """CPU seconds of one belief (``games.ai.belief``: inputs, forward pass, masked odds) at
    the decisions of random deals, with the shipped network."""
    belief = packaged(name, seats)
    if belief is None:
        return []
    rng = random.Random(seed)
    out: list[float] = []
    while len(out) < calls:
        game = new_game(name, seats=seats, dealer=rng.randrange(seats))
        deal_shuffled(game, rng)
        while not game.awaiting_deck and not game.over and len(out) < calls:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions(seat)
            start = time.process_time()
            belief.holders(view)
            out.append(time.process_time() - start)
            game.apply(seat, rng.choice(legal))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2, help="deals per game and level")
    parser.add_argument("--solves", type=int, default=7, help="solves per size")
    parser.add_argument("--sizes", default="12,20,28", help="cards left for the solves")
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"coinche make+unmake: {bench_make_unmake(rng):,.0f} cards/s")
    print(f"coinche greedy rollouts from the first card: {bench_rollouts(rng):,.0f} rollouts/s")
    for size in (int(s) for s in args.sizes.split(",") if s):
        per_s, median = bench_solves(rng, size, args.solves)
        print(
            f"coinche double-dummy solve, {size} cards left: {per_s:,.1f} solves/s "
            f"(median {median * 1000:.1f} ms)"
        )
    for name, seats in sorted(NETS):
        if name in args.games.split(","):
            spent = belief_times(name, seats, 200, args.seed)
            if spent:
                print(
                    f"{name} ({seats}) belief: p50 {percentile(spent, 50) * 1000:.2f} ms, "
                    f"p95 {percentile(spent, 95) * 1000:.2f} ms CPU a decision"
                )
    for name in args.games.split(","):
        for level in args.levels.split(","):
            times, cpu = move_times(name, level, args.deals, args.seed)
            if not times:
                continue
            print(
                f"{name} {level}: move p50 {percentile(times, 50) * 1000:.1f} ms, "
                f"p95 {percentile(times, 95) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
                f"(CPU p50 {percentile(cpu, 50) * 1000:.1f} ms, p95 "
                f"{percentile(cpu, 95) * 1000:.1f} ms; {len(times)} moves)"
            )


if __name__ == "__main__":
    main()
