"""How much memory the bot takes: the PSS of its whole process tree, idle and under load.

"The bot's memory" here is what the machine pays for ``python -m bot``: the proportional set
size of the bot's process and of every process it starts (the fork server, the drawing
processes, the review process, multiprocessing's resource tracker), added up. Under load the
bot's process also holds simcord's simulated Discord and players (``load`` below; load.py
empties simcord's store of attached images as it goes, which kept every image ever sent), so the
load figure is an upper bound of a real bot's with the same tables.

PSS (proportional set size, ``/proc/<pid>/smaps_rollup``) counts a page shared by n processes as
1/n in each, so the sum over the bot's processes (the bot, its drawing processes, the fork
server and multiprocessing's resource tracker) is what the tree really costs the machine, where
a sum of resident sizes would count every shared page several times.

- ``idle``: the real ``python -m bot`` against the fake Discord on 127.0.0.1 (``tests/
  fake_discord.py``), at its default settings, once it has started, warmed its drawing
  processes and gone quiet; then stopped with SIGTERM.
- ``load``: ``benchmarks/load.py --workload realistic`` (200 tables by default) in a process of
  its own, sampled every two seconds while the players play (more often in a run under 12 s); the median and the peak. That
  process holds simcord's in-process Discord and the players as well as the bot, so the figure
  is an upper bound of the bot's own. load.py's own line follows (latencies, actions/s, CPU per
  action), to compare speed with the same run.

Printed, one line each: ``idle: 231 MB`` and ``load: ...``, with what each process holds, and
load.py's speed figures under the load line (``--json``: one object each, ``idle`` and ``load``).
Run: ``nice -n 10 python benchmarks/memory.py`` (``--no-load`` for the idle figure alone). The
machine is shared: the idle figure barely moves with other work; compare load runs by medians.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import add_json_option, report
from bot.play.reviews import REVIEW_NICE
from harness.fake_discord import TOKEN, FakeGateway

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


def _stat_fields(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            data = stat.read()
    except OSError:
        return None  # gone meanwhile
    return data[data.rindex(")") + 2 :].split()


def process_tree(root: int) -> list[int]:
    """``root`` and every process below it (children, grandchildren...), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(int(entry))
            if fields is not None:
                children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def pss_bytes(pid: int) -> int:
    """The process's proportional set size (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def cpu_s(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        fields = _stat_fields(pid)
        if fields is not None:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def role(pid: int, root: int) -> str:
    """What a process of the tree is, from its command line and its parent's (a fork server's
    children inherit its command line)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            text = cmdline.read().decode(errors="replace").replace("\0", " ")
    except OSError:
        return "gone"
    fields = _stat_fields(pid)
    parent = int(fields[1]) if fields else 0
    if pid == root:
        return "bot"
    if "resource_tracker" in text:
        return "resource tracker"
    if "forkserver" in text:
        if parent == root:
            return "fork server"
        root_fields = _stat_fields(root)
        # Both are forked from the fork server; the review process runs further below the bot
        # (not told apart when the bot itself runs at nice 5 or more: both are then at 19).
        if fields and root_fields and int(fields[16]) - int(root_fields[16]) >= REVIEW_NICE:
            return "review"
        return "drawing"
    return "worker"


def snapshot(root: int) -> tuple[int, list[tuple[str, int]]]:
    """The tree's PSS, and each process's role and PSS."""
    parts = [(role(pid, root), pss_bytes(pid)) for pid in process_tree(root)]
    return sum(size for _, size in parts), parts


def parts_text(parts: list[tuple[str, int]]) -> str:
    grouped: dict[str, list[int]] = {}
    for name, size in parts:
        grouped.setdefault(name, []).append(size)
    shown = []
    for name, sizes in grouped.items():
        each = "/".join(f"{size / MB:.0f}" for size in sizes)
        shown.append(f"{len(sizes)} {name} {each} MB" if len(sizes) > 1 else f"{name} {each} MB")
    return ", ".join(shown)


def bot_environ(db: Path, url: str, image_processes: int | None) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "ATOUT_"))}
    environ.update(
        PYTHONPATH=str(ROOT), DISCORD_TOKEN=TOKEN, ATOUT_DISCORD_URL=url, ATOUT_DB=str(db)
    )
    if image_processes is not None:
        environ["ATOUT_IMAGE_PROCESSES"] = str(image_processes)
    return environ


async def quiet(root: int, timeout_s: float, calm_s: float = 3.0) -> None:
    """Until the tree has used under 2 % of a core for ``calm_s`` seconds in a row (started,
    warmed up), its process count unchanged meanwhile; looked at three times over that span."""
    deadline = time.monotonic() + timeout_s
    period = calm_s / 3
    calm = 0
    pids = process_tree(root)
    before = cpu_s(pids)
    while time.monotonic() < deadline:
        await asyncio.sleep(period)
        now_pids = process_tree(root)
        now = cpu_s(now_pids)
        calm = calm + 1 if now - before < 0.02 * period and len(now_pids) == len(pids) else 0
        if calm >= 3:
            return
        pids, before = now_pids, now
    raise SystemExit(f"the bot did not go quiet within {timeout_s:.0f} s")


async def idle(
    image_processes: int | None, calm_s: float = 3.0
) -> tuple[int, list[tuple[str, int]], int]:
    """The tree's PSS once quiet, each process's, and the exit code SIGTERM got."""
    fake = FakeGateway()
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "bot.log"
        with log.open("wb") as out:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=tmp,
                env=bot_environ(Path(tmp) / "memory.sqlite3", fake.url, image_processes),
                stdout=out,
                stderr=out,
                start_new_session=True,
            )
        try:
            await asyncio.wait_for(fake.identified.wait(), timeout=120)
            await quiet(process.pid, 120, calm_s)
            total, parts = snapshot(process.pid)
            process.send_signal(signal.SIGTERM)
            code = await asyncio.wait_for(process.wait(), timeout=60)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            await fake.stop()
    return total, parts, code


def load(tables: int, duration: float, image_processes: int | None) -> dict[str, Any]:
    """benchmarks/load.py in a process of its own, sampled while its players play: the tree's
    PSS (median and peak, with each process at the peak) and load.py's own figures."""
    extra = [] if image_processes is None else [f"--image-processes={image_processes}"]
    # Through ``-c``: a script run as ``__main__`` is imported again by every worker process
    # (multiprocessing's preparation of a child), which would load simcord and the whole bot
    # into the drawing processes; ``python -m bot`` is not (a package's ``__main__`` is skipped).
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from benchmarks.load import main; main()",
            f"--tables={tables}",
            "--workload=realistic",
            f"--duration={duration}",
            "--json",
            *extra,
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    playing = threading.Event()
    errors: list[str] = []

    def read_stderr() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            errors.append(line)
            if "every hand open" in line:
                playing.set()

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    samples: list[int] = []
    peak_parts: list[tuple[str, int]] = []
    # Every two seconds; a short run (a smoke test) is sampled often enough to end when it ends.
    period = min(2.0, max(0.25, duration / 6))
    while process.poll() is None:
        time.sleep(period)
        if playing.is_set() and process.poll() is None:
            total, parts = snapshot(process.pid)
            if not samples or total > max(samples):
                peak_parts = parts
            samples.append(total)
    out = process.stdout.read()
    reader.join(5)
    if process.returncode != 0 or not samples:
        raise SystemExit(f"load.py failed ({process.returncode}):\n{''.join(errors[-20:])}")
    return {
        "tables": tables,
        "median_mb": statistics.median(samples) / MB,
        "peak_mb": max(samples) / MB,
        "samples": len(samples),
        "peak_processes": {
            name: [size / MB for s_name, size in peak_parts if s_name == name]
            for name, _ in peak_parts
        },
        "peak_text": parts_text(peak_parts),
        "load": json.loads(out.strip().splitlines()[-1]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play under load")
    parser.add_argument(
        "--image-processes",
        type=int,
        help="ATOUT_IMAGE_PROCESSES for both runs (default: the bot's own default)",
    )
    parser.add_argument("--no-load", action="store_true", help="the idle figure only")
    parser.add_argument(
        "--calm",
        type=float,
        default=3.0,
        help="idle once the tree used under 2%% of a core for this many seconds in a row",
    )
    add_json_option(parser)
    args = parser.parse_args()
    total, parts, code = asyncio.run(idle(args.image_processes, args.calm))
    stopped = "" if code == 0 else f"; SIGTERM stopped it with code {code}"
    report(
        args,
        f"idle: {total / MB:.0f} MB ({parts_text(parts)}{stopped})",
        "idle",
        total_mb=total / MB,
        processes={name: [size / MB for n, size in parts if n == name] for name, _ in parts},
        sigterm_exit_code=code,
    )
    if not args.no_load:
        figures = load(args.tables, args.duration, args.image_processes)
        speed = figures["load"]
        line = (
            f"load: {figures['median_mb']:.0f} MB median, {figures['peak_mb']:.0f} MB peak"
            f" ({args.tables} realistic tables, {figures['samples']} samples; at the peak:"
            f" {figures['peak_text']})\n"
            f"  load.py: click->table p50 {speed['click_to_table_ms']['p50']:.0f} ms"
            f" p99 {speed['click_to_table_ms']['p99']:.0f} ms, {speed['actions_per_s']:.1f}"
            f" actions/s, {speed['tree_cpu_ms_per_action']:.1f} ms CPU per action with the"
            " drawing processes"
        )
        report(args, line, "load", **{k: v for k, v in figures.items() if k != "peak_text"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
