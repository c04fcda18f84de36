"""Self-play records of today's hard player: the data the belief networks learn from.

    nice -n 19 python -m training.selfplay --run training/runs/selfplay --game coinche:4=600

Each deal is dealt at random under house rules drawn at random from the lobby's (as
``benchmarks/ai_duel.py --rules random`` draws them) and played to its end by the hard player
at every seat, as a table's hard player plays but without its learned belief (a network learns
the search's habits, not an earlier network's) and on ``--samples`` sampled deals a decision
(the table's default budget when 0; no time cap: deterministic for the seed). A smaller budget
plays the same way with noisier estimates, at a fraction of the CPU: what the machine allows.
What is kept is the deal's record (``atout-record/1``: the rules, the dealer, the deck and
every action), not any view or feature: the networks' inputs are rebuilt from the records by
replaying them (``games.records.replay``), so a change of inputs needs no new self-play, only a
change of the player does (``training.player`` tells when: a shipped network's fingerprint).

The records go in shards of ``SHARD`` deals (``shards/<game><seats>_KKK.jsonl.gz``), each written
whole; stop the command at any time and run it again to go on.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from games.ai.hard import choose_hard
from games.ai.normal import choose_normal
from games.base import RECORD_FORMAT, Game
from games.registry import new_game, random_rules
from training.runs import ROOT, Run, atomic_write, deadline_of

SHARD = 10
"""Deals a shard: the unit a stopped run loses at most (a Coinche deal is seconds of CPU)."""


def random_deal(
    game_name: str, seats: int, rng: random.Random
) -> tuple[Game, dict[str, Any], int, list[str]]:
    """A deal of ``game_name`` dealt from ``rng``: random house rules, dealer and deck (in that
    order, so that a seed gives the same deal to every caller); the game, its rules, dealer
    and deck."""
    options = random_rules(game_name, rng)
    dealer = rng.randrange(seats)
    game = new_game(game_name, options=options, seats=seats, dealer=dealer)
    deck = list(game.full_deck())
    rng.shuffle(deck)
    game.deal(deck)
    return game, options, dealer, deck


def play_deal(
    game_name: str,
    seats: int,
    rng: random.Random,
    samples: int | None = None,
    player: str = "hard",
) -> dict[str, Any]:
    """One deal of ``game_name`` at ``seats`` played by ``player`` at every seat (the hard one on
    ``samples`` sampled deals a decision, or the table's budget): its record (one deal), with
    the house rules drawn from ``rng``."""
    game, options, dealer, deck = random_deal(game_name, seats, rng)
    actions: list[dict[str, Any]] = []
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        elif player == "normal":
            action = choose_normal(game.view(seat), legal, rng)
        else:
            # The hard player without a learned belief: the belief learns how the search plays,
            # not how an earlier belief made it play (``training.player`` fingerprints the same).
            action = choose_hard(game.view(seat), legal, rng, samples, 0, beliefs=False)
        actions.append({"seat": seat, **action.to_json()})
        game.apply(seat, action)
    return {
        "format": RECORD_FORMAT,
        "game": game_name,
        "seats": seats,
        "options": options,
        "deals": [{"dealer": dealer, "deck": deck, "actions": actions}],
    }


def shard_path(run: Run, game: str, seats: int, k: int) -> Path:
    return run.folder / "shards" / f"{game}{seats}_{k:03d}.jsonl.gz"


def numbered_shards(
    folder: Path, game: str, seats: int
) -> list[tuple[int, list[tuple[int, dict[str, Any]]]]]:
    """Each shard of one game in a run folder: (its number k, its records numbered
    k × ``SHARD`` + i). Numbers follow the shards, not the order read, so that a deal keeps its
    number (and its place in or out of the held-out deals) when a shard before it is missing."""
    out = []
    for path in sorted((folder / "shards").glob(f"{game}{seats}_*.jsonl.gz")):
        k = int(path.name.split("_")[-1].split(".")[0])
        with gzip.open(path, "rt") as lines:
            records = [json.loads(line) for line in lines if line.strip()]
        out.append((k, [(k * SHARD + i, r) for i, r in enumerate(records)]))
    return out


def generate(
    run: Run,
    game: str,
    seats: int,
    deals: int,
    samples: int | None,
    deadline: float,
    part: tuple[int, int] = (0, 1),
) -> bool:
    """The shards of ``deals`` deals of one game (those of ``part`` = (i, n): every shard k
    with k % n == i, so that n processes share one run); False when the time is up."""
    player = str(run.config["player"])
    index, parts = part
    for k in range(math.ceil(deals / SHARD)):
        path = shard_path(run, game, seats, k)
        if k % parts != index or path.exists():
            continue
        if time.monotonic() > deadline:
            return False
        start = time.process_time()
        rng = random.Random(f"selfplay:{run.config['seed']}:{game}{seats}:{k}")
        lines = [json.dumps(play_deal(game, seats, rng, samples, player)) for _ in range(SHARD)]
        atomic_write(path, gzip.compress(("\n".join(lines) + "\n").encode()))
        run.log(
            {
                "phase": "selfplay",
                "game": f"{game}{seats}",
                "shard": k,
                "deals": SHARD,
                "cpu_s": round(time.process_time() - start, 1),
            }
        )
    return True


SAMPLES = 16
"""Sampled deals a decision of the self-play that the shipped beliefs learned from (a quarter of
Coinche's table budget: what the machine allows)."""


def records_run(folder: Path) -> Run:
    """The self-play run the belief networks read by default (seed 1, the hard player)."""
    return Run(folder, {"seed": 1, "player": "hard", "samples": SAMPLES}, ("shards",))


def _part(folder: Path, game: str, seats: int, deals: int, deadline: float, part: str) -> bool:
    index, _, parts = part.partition("/")
    return generate(
        records_run(folder), game, seats, deals, SAMPLES, deadline, (int(index), int(parts))
    )


def play_until(folder: Path, game: str, seats: int, deals: int, jobs: int, deadline: float) -> bool:
    """The default self-play run of ``folder`` grown to ``deals`` deals of ``game`` (``jobs``
    processes sharing the shards); False when the time is up. ``deadline`` is
    ``time.monotonic()``'s, which the processes of one machine share."""
    records_run(folder)  # refuses a run of other settings before any process starts
    if jobs <= 1:
        return _part(folder, game, seats, deals, deadline, "0/1")
    with ProcessPoolExecutor(jobs) as pool:
        done = [
            pool.submit(_part, folder, game, seats, deals, deadline, f"{i}/{jobs}")
            for i in range(jobs)
        ]
        return all(f.result() for f in done)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--run", type=Path, default=ROOT / "training" / "runs" / "selfplay")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--game",
        action="append",
        required=True,
        metavar="GAME[:SEATS]=DEALS",
        help="a game, its seat count and how many deals (several --game in turn)",
    )
    parser.add_argument("--samples", type=int, default=0, help="sampled deals a decision")
    parser.add_argument(
        "--player", default="hard", choices=("hard", "normal"), help="who plays every seat"
    )
    parser.add_argument("--max-minutes", type=float, default=None, help="stop (resumably) after")
    parser.add_argument(
        "--part",
        default="0/1",
        metavar="I/N",
        help="this process's share of the shards (k %% N == I): N processes at once on one run",
    )
    args = parser.parse_args()
    index, _, parts = args.part.partition("/")
    part = (int(index), int(parts))
    run = Run(
        args.run, {"seed": args.seed, "player": args.player, "samples": args.samples}, ("shards",)
    )
    deadline = deadline_of(args.max_minutes)
    for spec in args.game:
        head, _, deals = spec.partition("=")
        name, _, seats = head.partition(":")
        samples = args.samples or None
        if not generate(run, name, int(seats or 4), int(deals or 100), samples, deadline, part):
            print("out of time: run the same command again to go on", file=sys.stderr)
            return
    print("done")


if __name__ == "__main__":
    main()
