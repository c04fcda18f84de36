"""Make the bot's built-in puzzles (``bot/puzzles/builtin.json.gz``): open-hand puzzles found in
deals the normal computer player played at every seat, for the servers whose own recent deals
are too few for a daily puzzle (docs/puzzles.md, "In Discord").

Only open-hand puzzles: over computer-played deals the easy, normal and hard players find their
answers in that order in every game, which single-dummy puzzles alone do not show outside
Briscola (benchmarks/results/README.md, "Puzzles"). At most ``PER_DEAL`` puzzles from one deal,
spread over its play, so that a set of a few hundred covers many deals.

Each entry is the puzzle (the JSON of ``python -m games puzzles --json``) and its position as a
record prefix (``games.puzzles.position.prefix``). Deterministic for a seed; deals are found
in worker processes and kept in ``--work`` (JSON lines), so that a second run resumes.

    nice -n 10 python scripts/make_builtin_puzzles.py [--seed 35] [--jobs 2]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.ai import choose  # noqa: E402
from games.puzzles import find_puzzles  # noqa: E402
from games.puzzles.position import prefix  # noqa: E402
from games.records import parse  # noqa: E402
from games.registry import new_game  # noqa: E402

WANTED: dict[tuple[str, int], int] = {
    ("belote", 4): 50,
    ("coinche", 4): 50,
    ("piquet", 2): 50,
    ("briscola", 2): 20,
    ("briscola", 3): 10,
    ("briscola", 4): 10,
    ("briscola", 6): 10,
    ("chiamata", 5): 50,
    ("sueca", 4): 50,
}
"""Puzzles per game and seat count (Briscola's four tables share a game's fifty)."""
PER_DEAL = 2
OUT = ROOT / "bot" / "puzzles" / "builtin.json.gz"


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


def one(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """One deal's open-hand puzzles, at most ``PER_DEAL`` spread over the deal (a worker's)."""
    game_name, seats, deal_no, seed = job
    record = parse(play(game_name, seats, deal_no, seed))
    found = find_puzzles(record, seed=seed, kinds=frozenset({"open"}))
    if len(found) > PER_DEAL:
        step = len(found) / PER_DEAL
        found = [found[int(k * step)] for k in range(PER_DEAL)]
    entries = [{"puzzle": p.to_json(), "record": prefix(record, p)} for p in found]
    return {"game": game_name, "seats": seats, "deal": deal_no, "entries": entries}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--work", type=Path, default=Path("/tmp/atout-builtin-puzzles.jsonl"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    if args.work.exists():
        rows = [json.loads(line) for line in args.work.read_text().splitlines() if line.strip()]

    def have(key: tuple[str, int]) -> int:
        return sum(len(r["entries"]) for r in rows if (r["game"], r["seats"]) == key)

    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for key, wanted in WANTED.items():
            done = {r["deal"] for r in rows if (r["game"], r["seats"]) == key}
            deal_no = 0
            while have(key) < wanted:
                batch = []
                while len(batch) < 2 * max(1, args.jobs):
                    if deal_no not in done:
                        batch.append((key[0], key[1], deal_no, args.seed))
                    deal_no += 1
                for row in pool.map(one, batch):
                    rows.append(row)
                    with args.work.open("a") as out:
                        out.write(json.dumps(row) + "\n")
                print(f"{key[0]} ({key[1]}): {have(key)} of {wanted}", file=sys.stderr)
    entries: list[dict[str, Any]] = []
    for key, wanted in WANTED.items():
        mine = sorted(
            (r for r in rows if (r["game"], r["seats"]) == key), key=lambda r: int(r["deal"])
        )
        entries.extend([e for r in mine for e in r["entries"]][:wanted])
    text = "[\n" + ",\n".join(json.dumps(e, separators=(",", ":")) for e in entries) + "\n]\n"
    # Gzipped (about 45 KiB for 700 KiB of JSON), with no time stamp: the same set, the same bytes.
    packed = gzip.compress(text.encode(), compresslevel=9, mtime=0)
    args.out.write_bytes(packed)
    print(f"{len(entries)} puzzles, {len(packed) // 1024} KiB: {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
