"""Render + encode timings of every image, per game, the way a drawing process meets them.

A drawing process draws the tables of many games in turn, each after every action. So each game
here is ``--tables`` seeded tables played from their first deal, ``--renders`` images each, drawn
in turn (one action of each table, then the next). Prints one line per game and image, e.g.
``coinche table: 3.1 ms, 33 KB``: the median CPU time (``time.process_time``) of render +
encode and the median size. For the table, the headline is warm (the table's kept layers are in
the cache, as for every image after a table's first one); ``table cold`` is the same images with
the layer cache emptied before each, what the first image of a table pays. Sprite and font
caches are warm in both (a drawing process warms them at start).

Then the memory a drawing process holds (RSS and PSS, Linux), in a fresh interpreter: after
importing the renderer, after one table, hand and last trick of each game, and with the layer
cache filled to its bound by tables under other names. Run:
``python benchmarks/render.py [--renders N] [--tables T] [--lang LOCALE] [--fill-tables F]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.registry import GAME_NAMES
from i18n.locales import LOCALES
from rendering import (
    layers,
    render_deal_summary,
    render_hand,
    render_last_trick,
    render_table,
)
from rendering.__main__ import LOCAL_NAMES
from rendering.demo import DEMO_NAMES, DEMO_SEATS, Moment, finished_deal, played
from rendering.png import DEFLATER

Job = Callable[[], bytes]


def measure(jobs: list[Job], before: Callable[[], None] | None = None) -> tuple[float, float]:
    """Median CPU milliseconds and median kilobytes of ``jobs``, each run once in order
    (``before`` runs before each, untimed)."""
    times: list[float] = []
    sizes: list[int] = []
    for job in jobs:
        if before is not None:
            before()
        start = time.process_time()
        data = job()
        times.append(time.process_time() - start)
        sizes.append(len(data))
    return statistics.median(times) * 1000, statistics.median(sizes) / 1024


def memory() -> str:
    """This process's resident and proportional set sizes (Linux), or why not."""
    try:
        with open("/proc/self/smaps_rollup", encoding="ascii") as f:
            fields = {line.split(":")[0]: line.split()[1] for line in f if ":" in line}
        return f"RSS {int(fields['Rss']) // 1024} MB, PSS {int(fields['Pss']) // 1024} MB"
    except (OSError, KeyError, ValueError):
        return "RSS and PSS unknown (no /proc/self/smaps_rollup)"


def fill_cache(loc: str, most: int) -> int:
    """Draw tables with new names until the layer cache is at its bound (or ``most`` tables are
    drawn); the tables drawn."""
    cache = layers.CACHE
    drawn = 0
    while cache.nbytes < 0.97 * cache.max_bytes and drawn < most:
        name = GAME_NAMES[drawn % len(GAME_NAMES)]
        names = [f"Player {drawn}-{seat}" for seat in range(DEMO_SEATS[name])]
        for moment in played(name, 5000 + drawn, 4):
            render_table(moment.public, names, locale=loc)
        drawn += 1
    return drawn


def memory_child(loc: str, most: int) -> None:
    """In a fresh interpreter: what drawing takes, after one image of each kind and game, then
    with the layer cache at its bound."""
    print(f"memory, fresh process: python {memory()}", flush=True)
    for name in GAME_NAMES:
        moment = played(name, 7, 12)[-1]
        names = DEMO_NAMES[: DEMO_SEATS[name]]
        render_table(moment.public, names, locale=loc)
        render_hand(moment.private, moment.legal or None, locale=loc)
        render_last_trick(moment.public, names, locale=loc)
    print(f"memory, a table, hand and last trick of each game drawn: {memory()}", flush=True)
    drawn = fill_cache(loc, most)
    cache = layers.CACHE
    state = "at its bound" if cache.nbytes >= 0.97 * cache.max_bytes else "filling"
    print(
        f"memory, layer cache {state} ({cache.nbytes / 2**20:.1f} MB in {len(cache)} "
        f"layers, {drawn} tables): {memory()}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--renders", type=int, default=40, help="images of each table")
    parser.add_argument("--tables", type=int, default=6, help="tables of each game, in turn")
    parser.add_argument("--lang", default="en", choices=LOCALES, help="language of the images")
    parser.add_argument(
        "--fill-tables",
        type=int,
        default=5000,
        help="most tables drawn to fill the layer cache for the memory figure (a short run)",
    )
    parser.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    loc = args.lang
    if args.memory_child:
        memory_child(loc, args.fill_tables)
        return
    print(f"deflate: {DEFLATER}; layer cache bound {layers.CACHE.max_bytes // 2**20} MB")
    for name in GAME_NAMES:
        names = LOCAL_NAMES.get(loc, DEMO_NAMES)[: DEMO_SEATS[name]]
        bots = [i % 2 == 1 for i in range(len(names))]
        runs = [played(name, 1000 + t, args.renders) for t in range(args.tables)]
        moments: list[Moment] = [
            run[i] for i in range(max(map(len, runs))) for run in runs if i < len(run)
        ]
        firsts = {id(run[0]) for run in runs if run}
        tables: list[Job] = []
        warm: list[Job] = []
        hands: list[Job] = []
        tricks: list[Job] = []
        for t, moment in enumerate(moments):
            # Each table under its own names, so that tables share no layer.
            seat_names = [f"{n} {t % args.tables}" for n in names]
            job = partial(render_table, moment.public, seat_names, bots=bots, locale=loc)
            tables.append(job)
            if id(moment) not in firsts:
                warm.append(job)
            legal = moment.legal if moment.seat is not None else None
            hands.append(partial(render_hand, moment.private, legal, locale=loc))
            if moment.public["last_trick"]:
                tricks.append(partial(render_last_trick, moment.public, names, locale=loc))
        summaries: list[Job] = []
        for seed in range(max(5, args.renders // 4)):
            ended = finished_deal(name, 2000 + seed)
            if ended.final_view is not None and ended.result is not None:
                summaries.append(
                    partial(
                        render_deal_summary,
                        ended.final_view,
                        names[: ended.game.seats],
                        ended.result,
                        locale=loc,
                    )
                )
        layers.CACHE.clear()
        measure(tables)  # the tables in turn: their first images fill the cache
        ms, kb = measure(warm)
        print(f"{name} table: {ms:.1f} ms, {kb:.0f} KB", flush=True)
        ms, kb = measure(tables, layers.CACHE.clear)
        print(f"{name} table cold: {ms:.1f} ms, {kb:.0f} KB", flush=True)
        for label, jobs in (("hand", hands), ("last trick", tricks), ("summary", summaries)):
            if not jobs:  # a few actions into a game: no trick played yet
                continue
            measure(jobs[:5])
            ms, kb = measure(jobs)
            print(f"{name} {label}: {ms:.1f} ms, {kb:.0f} KB", flush=True)
    # Memory in a fresh interpreter: this one holds every position measured above.
    child = [sys.executable, __file__, "--memory-child", "--lang", loc]
    child += ["--fill-tables", str(args.fill_tables)]
    subprocess.run(child, check=True)


if __name__ == "__main__":
    main()
