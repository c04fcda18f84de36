"""Make the bot's built-in puzzles (``bot/puzzles/builtin.jsonl``): open-hand puzzles found in
deals the normal computer player played at every seat, for the servers whose own recent deals
are too few for a daily puzzle (docs/puzzles.md, "In Discord").

Only open-hand puzzles: over computer-played deals the easy, normal and hard players find their
answers in that order in every game, which single-dummy puzzles alone do not show outside
Briscola (benchmarks/results/README.md, "Puzzles"). At most ``PER_DEAL`` puzzles from one deal,
spread over its play, so that a set of a few hundred covers many deals.

Goals in the game's own terms first (issue 35: "make your contract" in Belote and Coinche): a
deal's score puzzles are taken only when it has no contract puzzle
(``games.puzzles.goals.in_own_terms``), and in Belote and Coinche, whose contract puzzles are
rare (a deal in 8 to 20), the first ``SEARCHED`` deals are all looked at and their contract
puzzles taken before any score puzzle.

Each entry is the puzzle (the JSON of ``python -m games puzzles --json``) and its position as a
record prefix (``games.puzzles.position.prefix``). Deterministic for a seed; deals are found
in worker processes and kept in ``--work`` (JSON lines), so that a second run resumes.

    nice -n 10 python scripts/make_builtin_puzzles.py [--seed 35] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.puzzles import play  # noqa: E402  (the benchmark's deals, the same way)
from games.puzzles import find_puzzles  # noqa: E402
from games.puzzles.goals import FALLBACK, in_own_terms  # noqa: E402
from games.puzzles.position import prefix  # noqa: E402
from games.records import parse  # noqa: E402

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
SEARCHED: dict[tuple[str, int], int] = {("belote", 4): 1000, ("coinche", 4): 400}
"""Deals looked at for contract puzzles before score puzzles fill the set (fewer when the
contract puzzles alone fill it)."""
PER_DEAL = 2
OUT = ROOT / "bot" / "puzzles" / "builtin.jsonl"


def one(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """One deal's open-hand puzzles, at most ``PER_DEAL`` spread over the deal (a worker's)."""
    game_name, seats, deal_no, seed = job
    record = parse(play(game_name, seats, deal_no, seed))
    every = find_puzzles(record, seed=seed, kinds=frozenset({"open"}))
    found = in_own_terms([(p, p.goal) for p in every])
    if len(found) > PER_DEAL:
        step = len(found) / PER_DEAL
        found = [found[int(k * step)] for k in range(PER_DEAL)]
    entries = [{"puzzle": p.to_json(), "record": prefix(record, p)} for p in found]
    return {"game": game_name, "seats": seats, "deal": deal_no, "entries": entries}


def _rows(rows: list[dict[str, Any]], key: tuple[str, int]) -> list[dict[str, Any]]:
    """The deals of ``key`` looked at so far, without a gap, in order."""
    mine = {int(r["deal"]): r for r in rows if (r["game"], r["seats"]) == key}
    out: list[dict[str, Any]] = []
    while len(out) in mine:
        out.append(mine[len(out)])
    return out


def _fallback(entry: dict[str, Any]) -> bool:
    return bool(entry["puzzle"]["goal"]["type"] == FALLBACK)


def chosen(
    rows: list[dict[str, Any]], key: tuple[str, int], wanted: int
) -> list[dict[str, Any]] | None:
    """The set's puzzles of ``key``, or None while more deals must be looked at. Only the
    first deals in order count, so the set is the same whatever was looked at beyond them
    (a batch of the workers, a run stopped and resumed)."""
    looked = _rows(rows, key)
    searched = SEARCHED.get(key)
    if searched is None:
        entries = [e for r in looked for e in r["entries"]]
        return entries[:wanted] if len(entries) >= wanted else None
    within = [e for r in looked[:searched] for e in r["entries"]]
    own = [e for e in within if not _fallback(e)]
    if len(own) >= wanted:
        return own[:wanted]
    if len(looked) < searched:
        return None
    ordered = own + [e for e in within if _fallback(e)]
    if len(ordered) < wanted:
        raise SystemExit(f"{key[0]}: {len(ordered)} puzzles in {searched} deals, {wanted} wanted")
    return ordered[:wanted]


def progress(rows: list[dict[str, Any]], key: tuple[str, int]) -> str:
    entries = [e for r in _rows(rows, key) for e in r["entries"]]
    own = sum(not _fallback(e) for e in entries)
    return f"{len(_rows(rows, key))} deals, {len(entries)} puzzles ({own} not {FALLBACK})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--work", type=Path, default=Path("/tmp/atout-builtin-puzzles-2.jsonl"))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    if args.work.exists():
        rows = [json.loads(line) for line in args.work.read_text().splitlines() if line.strip()]

    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for key, wanted in WANTED.items():
            done = {r["deal"] for r in rows if (r["game"], r["seats"]) == key}
            deal_no = 0
            while chosen(rows, key, wanted) is None:
                batch: list[tuple[str, int, int, int]] = []
                while len(batch) < 2 * max(1, args.jobs):
                    if deal_no not in done:
                        batch.append((key[0], key[1], deal_no, args.seed))
                    deal_no += 1
                for row in pool.map(one, batch):
                    rows.append(row)
                    with args.work.open("a") as out:
                        out.write(json.dumps(row) + "\n")
                print(f"{key[0]} ({key[1]}): {progress(rows, key)}", file=sys.stderr)
    entries: list[dict[str, Any]] = []
    for key, wanted in WANTED.items():
        entries.extend(chosen(rows, key, wanted) or [])
    # One puzzle a line, as text: a set made again shows in a diff as the puzzles it changed.
    text = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in entries)
    args.out.write_text(text)
    print(f"{len(entries)} puzzles, {len(text) // 1024} KiB: {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
