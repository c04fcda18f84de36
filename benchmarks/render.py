"""Render + encode timings of every image, per game, over varied seeded positions.

Prints one line per game and image, e.g. ``coinche table: 8.7 ms, 96 KB``: the median CPU time
(``time.process_time``) of render + encode and the median size. Sprite caches are warmed first
(a bot renders many images per process). Run: ``python benchmarks/render.py [--renders N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.registry import GAME_NAMES
from rendering import render_deal_summary, render_hand, render_last_trick, render_table
from rendering.__main__ import LOCAL_NAMES
from rendering.demo import DEMO_NAMES, finished_deal, random_position
from rendering.i18n import LOCALES


def measure(jobs: list[Callable[[], bytes]]) -> tuple[float, float]:
    for job in jobs[:5]:
        job()
    times: list[float] = []
    sizes: list[int] = []
    for job in jobs:
        start = time.process_time()
        data = job()
        times.append(time.process_time() - start)
        sizes.append(len(data))
    return statistics.median(times) * 1000, statistics.median(sizes) / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--renders", type=int, default=60)
    parser.add_argument("--lang", default="en", choices=LOCALES, help="language of the images")
    args = parser.parse_args()
    loc = args.lang
    for name in GAME_NAMES:
        tables: list[Callable[[], bytes]] = []
        hands: list[Callable[[], bytes]] = []
        tricks: list[Callable[[], bytes]] = []
        summaries: list[Callable[[], bytes]] = []
        for seed in range(args.renders):
            position = random_position(name, 1000 + seed)
            game = position.game
            names = LOCAL_NAMES.get(loc, DEMO_NAMES)[: game.seats]
            bots = [i % 2 == 1 for i in range(game.seats)]
            public = game.public_view()
            seat = position.seat if position.seat is not None else 0
            private = game.view(seat)
            legal = position.legal if position.seat is not None else None
            tables.append(partial(render_table, public, names, bots=bots, locale=loc))
            hands.append(partial(render_hand, private, legal, locale=loc))
            tricks.append(partial(render_last_trick, public, names, locale=loc))
        for seed in range(max(5, args.renders // 4)):
            ended = finished_deal(name, 2000 + seed)
            if ended.final_view is not None and ended.result is not None:
                names = LOCAL_NAMES.get(loc, DEMO_NAMES)[: ended.game.seats]
                summaries.append(
                    partial(render_deal_summary, ended.final_view, names, ended.result, locale=loc)
                )
        images = (
            ("table", tables),
            ("hand", hands),
            ("last trick", tricks),
            ("summary", summaries),
        )
        for label, jobs in images:
            ms, kb = measure(jobs)
            print(f"{name} {label}: {ms:.1f} ms, {kb:.0f} KB", flush=True)


if __name__ == "__main__":
    main()
