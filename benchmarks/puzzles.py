"""Are the puzzles found in computer-played deals puzzles? Counts, kinds, who solves them, time.

For each game, ``--deals`` deals (a deck and a dealer from the seed and the deal number) are
played by the normal computer player at every seat, and the puzzles of each are found
(``games.puzzles.find_puzzles``). Printed per game: puzzles per 100 deals (deals everybody
passed count too), the share of open-hand and single-dummy ones, how often the easy, normal
and hard players find the answer from the puzzle's seat (each asked ``--tries`` times with its
own seed, seeing that seat's view as it was: the computers never see the hidden hands, not even
in an open-hand puzzle), whether those rates are ordered (easy < normal < hard), and the time
to find the puzzles of one deal, p50/p95, in CPU seconds of the process (the machine is shared:
wall-clock time says more about the neighbours).

Results go line by line to ``--results`` (JSON lines, one per deal); the same command again
resumes them.

    nice -n 10 python benchmarks/puzzles.py --deals 100 [--games sueca,coinche] \\
        [--results benchmarks/results/puzzles.jsonl] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import add_json_option, percentile, report
from games.ai import LEVELS, choose
from games.base import Game
from games.puzzles import Puzzle, find_puzzles
from games.records import ParsedRecord, loads
from games.registry import GAME_NAMES, new_game

SEATS = {"belote": 4, "coinche": 4, "piquet": 2, "briscola": 2, "chiamata": 5, "sueca": 4}


def play(game_name: str, seats: int, deal_no: int, seed: int) -> dict[str, Any]:
    """One deal with the normal player at every seat; its record."""
    setup = random.Random(f"{seed}:{game_name}:{seats}:{deal_no}")
    game = new_game(game_name, seats=seats, dealer=setup.randrange(seats))
    deck = list(game.full_deck())
    setup.shuffle(deck)
    rng = random.Random(f"{seed}:{game_name}:{seats}:{deal_no}:play")
    game.deal(deck)
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, choose(game.view(seat), game.legal_actions(seat), "normal", rng))
    return game.to_record()


def position(record: ParsedRecord, puzzle: Puzzle) -> Game:
    """The engine where the puzzle's seat is to act."""
    game = record.new_game()
    parsed = record.deals[puzzle.deal]
    game.deal(parsed.deck)
    for seat, action in parsed.actions[: puzzle.action_index]:
        game.apply(seat, action)
    return game


def one(job: tuple[str, int, int, int, int]) -> dict[str, Any]:
    """Find one deal's puzzles and ask each level for their answers (in a worker process)."""
    game_name, seats, deal_no, seed, tries = job
    record = loads(json.dumps(play(game_name, seats, deal_no, seed)))
    start = time.process_time()
    puzzles = find_puzzles(record, seed=seed)
    seconds = time.process_time() - start
    rows = []
    for puzzle in puzzles:
        game = position(record, puzzle)
        view = game.view(puzzle.seat)
        legal = game.legal_actions(puzzle.seat)
        found = {}
        for level in LEVELS:
            hits = 0
            for k in range(tries):
                rng = random.Random(f"{seed}:{deal_no}:{puzzle.action_index}:{level}:{k}")
                hits += (
                    choose(view, legal, level, rng, samples=None, time_cap_s=10.0) == puzzle.answer
                )
            found[level] = hits
        values = [v for _, v in puzzle.alternatives]
        rows.append(
            {
                "kind": puzzle.kind,
                "goal": puzzle.goal["type"],
                "legal": len(legal),
                "gap": values[0] - max(values[1:]),
                "found": found,
            }
        )
    return {
        "game": game_name,
        "seats": seats,
        "deal": deal_no,
        "seed": seed,
        "tries": tries,
        "seconds": seconds,
        "puzzles": rows,
    }


def load(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--briscola-seats", type=int, default=2, choices=(2, 3, 4, 6))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--tries", type=int, default=2, help="answers asked of each level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--results", type=Path, help="JSON lines file, resumed when it exists")
    add_json_option(parser)
    args = parser.parse_args()
    games = args.games.split(",")
    seats = {**SEATS, "briscola": args.briscola_seats}
    rows = load(args.results)
    done = {(r["game"], r["seats"], r["deal"], r["seed"], r["tries"]) for r in rows}
    jobs = [
        (g, seats[g], d, args.seed, args.tries)
        for g in games
        for d in range(args.deals)
        if (g, seats[g], d, args.seed, args.tries) not in done
    ]
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for row in pool.map(one, jobs):
            rows.append(row)
            if args.results is not None:
                with args.results.open("a") as out:
                    out.write(json.dumps(row) + "\n")
            print(f"{row['game']} deal {row['deal']}: {len(row['puzzles'])}", file=sys.stderr)
    for game_name in games:
        mine = [
            r
            for r in rows
            if r["game"] == game_name
            and r["seats"] == seats[game_name]
            and r["seed"] == args.seed
            and r["tries"] == args.tries
            and r["deal"] < args.deals
        ]
        if not mine:
            continue
        puzzles = [p for r in mine for p in r["puzzles"]]
        count = len(puzzles)
        per_100 = 100 * count / len(mine)
        kinds = {
            k: sum(1 for p in puzzles if p["kind"] == k) / count if count else 0.0
            for k in ("open", "single")
        }
        asked = count * args.tries
        rates = {
            lv: sum(p["found"][lv] for p in puzzles) / asked if asked else 0.0 for lv in LEVELS
        }
        by_kind = {
            k: {
                lv: (
                    sum(p["found"][lv] for p in puzzles if p["kind"] == k)
                    / max(1, args.tries * sum(1 for p in puzzles if p["kind"] == k))
                )
                for lv in LEVELS
            }
            for k in ("open", "single")
        }
        ordered = rates["easy"] < rates["normal"] < rates["hard"]
        seconds = [r["seconds"] for r in mine]
        name = game_name if game_name != "briscola" else f"briscola{seats['briscola']}"
        rates_text = ", ".join(f"{lv} {rates[lv]:.0%}" for lv in LEVELS)
        line = (
            f"{name}: {per_100:.0f} puzzles per 100 deals ({len(mine)} deals, {count} puzzles;"
            f" open {kinds['open']:.0%}, single {kinds['single']:.0%}); found by {rates_text};"
            f" order {'holds' if ordered else 'does NOT hold'};"
            f" one deal's puzzles p50 {percentile(seconds, 50):.2f} s,"
            f" p95 {percentile(seconds, 95):.2f} s CPU"
        )
        report(
            args,
            line,
            name,
            deals=len(mine),
            puzzles=count,
            per_100_deals=per_100,
            kinds=kinds,
            found=rates,
            found_by_kind=by_kind,
            ordered=ordered,
            seconds={"p50": percentile(seconds, 50), "p95": percentile(seconds, 95)},
        )


if __name__ == "__main__":
    main()
