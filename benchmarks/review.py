"""Does the deal review tell a weak player from a strong one? Mean cost per deal by level.

For each game, ``--deals`` duplicate deals (a deck and a dealer from the seed and the deal
number): each is played once per level with every seat at that level, and every seat's play is
reviewed (``games.review.review``, ``--samples`` sampled deals per decision); a deal's figure
is the mean cost per seat. A review worth showing orders the levels: mean cost per deal
easy > normal > hard, each 95 % interval clear of the next. Printed per game: each level's mean
cost per deal with its 95 % interval, the paired differences (same decks) with theirs, whether
the order holds (the intervals of the means apart, and the paired intervals above 0), and the
time of one review (one seat, one deal: what a player waits for) p50/p95, in CPU seconds of
the process (the machine is shared: wall-clock time says more about the neighbours).

    nice -n 10 python benchmarks/review.py --deals 24 [--games coinche,sueca] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import add_json_option, percentile, report
from games.ai import LEVELS, choose
from games.records import loads
from games.registry import GAME_NAMES, new_game
from games.review import review

SEATS = {"belote": 4, "coinche": 4, "piquet": 2, "briscola": 2, "chiamata": 5, "sueca": 4}


def play(game_name: str, seats: int, deal_no: int, seed: int, level: str) -> dict[str, Any]:
    """One deal with every seat at ``level``; its record."""
    setup = random.Random(f"{seed}:{game_name}:{deal_no}")
    dealer = setup.randrange(seats)
    game = new_game(game_name, seats=seats, dealer=dealer)
    deck = list(game.full_deck())
    setup.shuffle(deck)
    rng = random.Random(f"{seed}:{game_name}:{deal_no}:play")
    game.deal(deck)
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, choose(game.view(seat), game.legal_actions(seat), level, rng))
    return game.to_record()


def one(job: tuple[str, int, int, str, int]) -> dict[str, Any]:
    """Play and review one deal at one level (in a worker process)."""
    game_name, deal_no, seed, level, samples = job
    seats = SEATS[game_name]
    record = loads(json.dumps(play(game_name, seats, deal_no, seed, level)))
    costs, seconds = [], []
    for seat in range(seats):
        start = time.process_time()
        # The benchmark's own measure, the seat's costs added up (a player is never shown it:
        # two decisions of one auction overlap, issue 33.3).
        costs.append(sum(d.cost for d in review(record, seat, 0, samples, seed).decisions))
        seconds.append(time.process_time() - start)
    return {
        "game": game_name,
        "deal": deal_no,
        "level": level,
        "cost": statistics.fmean(costs),
        "seconds": seconds,
    }


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    add_json_option(parser)
    args = parser.parse_args()
    games = args.games.split(",")
    jobs = [
        (g, d, args.seed, level, args.samples)
        for g in games
        for d in range(args.deals)
        for level in LEVELS
    ]
    rows = []
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for row in pool.map(one, jobs):
            rows.append(row)
            print(
                f"{len(rows)}/{len(jobs)} {row['game']} deal {row['deal']} {row['level']}",
                file=sys.stderr,
                flush=True,
            )
    for game_name in games:
        mine = [r for r in rows if r["game"] == game_name]
        cost = {
            level: [r["cost"] for r in sorted(mine, key=lambda r: r["deal"]) if r["level"] == level]
            for level in LEVELS
        }
        means = {level: interval(cost[level]) for level in LEVELS}
        pairs = {
            f"{a}-{b}": interval([x - y for x, y in zip(cost[a], cost[b], strict=True)])
            for a, b in (("easy", "normal"), ("normal", "hard"))
        }
        ordered = all(
            means[a][0] - means[a][1] > means[b][0] + means[b][1]
            and pairs[f"{a}-{b}"][0] > pairs[f"{a}-{b}"][1]
            for a, b in (("easy", "normal"), ("normal", "hard"))
        )
        seconds = [s for r in mine for s in r["seconds"]]
        unit = "card points" if game_name in ("briscola", "chiamata", "sueca") else "points"
        levels_text = ", ".join(f"{lv} {m:.1f} ± {h:.1f}" for lv, (m, h) in means.items())
        pairs_text = ", ".join(f"{k} {m:+.1f} ± {h:.1f}" for k, (m, h) in pairs.items())
        line = (
            f"{game_name}: mean cost per deal ({unit}, {args.deals} deals) {levels_text};"
            f" paired {pairs_text}; order {'holds' if ordered else 'does NOT hold'};"
            f" one review p50 {percentile(seconds, 50):.2f} s, p95 {percentile(seconds, 95):.2f} s CPU"
        )
        report(
            args,
            line,
            game_name,
            deals=args.deals,
            samples=args.samples,
            unit=unit,
            cost={lv: {"mean": m, "half_width": h} for lv, (m, h) in means.items()},
            paired={k: {"mean": m, "half_width": h} for k, (m, h) in pairs.items()},
            ordered=ordered,
            seconds={"p50": percentile(seconds, 50), "p95": percentile(seconds, 95)},
        )


if __name__ == "__main__":
    main()
