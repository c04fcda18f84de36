"""The kill test at length: many games of the real ``python -m bot`` against a fake Discord on
127.0.0.1, killed with SIGKILL at random moments (some right after a click, during its commit)
and started again. Prints games, kills, resumed and lost (the suite runs a short version,
``tests/bot/test_kill.py``). Run: ``nice -n 10 python benchmarks/kill.py [--games N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness.kill_run import kill_run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kills", type=int, default=40, help="kills before the games may end")
    parser.add_argument("--budget", type=float, default=400.0, help="seconds before giving up")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        figures = asyncio.run(
            kill_run(
                Path(workdir),
                args.games,
                seed=args.seed,
                budget_s=args.budget,
                max_kills=args.kills,
            )
        )
    print(figures.line())
    for problem in figures.problems:
        print(" ", problem)
    ok = figures.finished == figures.games and figures.lost == 0 and figures.applied_twice == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
