"""Images drawn in worker processes, as ``python -m bot`` does (the tests under simcord draw in
threads): the setting, and a drawing that really comes back from another process."""

from __future__ import annotations

import asyncio
import functools
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import rendering
from bot.config import MAX_IMAGE_PROCESSES, Settings, load_settings
from bot.play import workers
from bot.play.machine import usable_cpus
from bot.ui import images
from rendering.demo import DEMO_NAMES, random_position
from tests.bot.play import loaded_modules


def _pid_and_table(seed: int) -> tuple[int, bytes]:
    """The drawing process's id and a table image (module level: it must pickle)."""
    position = random_position("coinche", seed)
    return os.getpid(), rendering.render_table(position.game.public_view(), DEMO_NAMES[:4])


@pytest.fixture
def processes() -> Iterator[None]:
    """Two drawing processes, started and warm as a bot's start leaves them."""
    workers.configure_images(2)
    try:
        images.warm_up()
        deadline = time.monotonic() + 120
        while workers._warm < 2:
            assert time.monotonic() < deadline, "the drawing processes never warmed up"
            time.sleep(0.05)
        yield
    finally:
        workers.configure_images(0)


def test_python_m_bot_draws_in_one_process_more_than_the_cores() -> None:
    settings = load_settings({}, "/nonexistent/.env")
    assert settings.image_processes == min(
        workers.default_image_processes(cpus=usable_cpus()), MAX_IMAGE_PROCESSES
    )
    assert Settings().image_processes == 0  # tests and embedders: threads
    assert load_settings({"ATOUT_IMAGE_PROCESSES": "0"}, "/x/.env").image_processes == 0
    assert load_settings({"ATOUT_IMAGE_PROCESSES": "3"}, "/x/.env").image_processes == 3


@pytest.mark.parametrize("value", ["-1", "two", "1.5", str(MAX_IMAGE_PROCESSES + 1)])
def test_a_bad_number_of_drawing_processes_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="ATOUT_IMAGE_PROCESSES"):
        load_settings({"ATOUT_IMAGE_PROCESSES": value}, "/nonexistent/.env")


GB = 1024**3


@pytest.mark.parametrize(
    ("cpus", "memory", "processes"),
    [
        (2, 24 * GB, 3),  # this kind of machine: one more than the cores
        (1, 8 * GB, 2),  # a container limited to one CPU
        (64, 256 * GB, MAX_IMAGE_PROCESSES),  # a big host: never past the cap
        (8, 1 * GB, 5),  # a 1 GB VPS of 8 cores: (1024 - 384) / 128 MB = 5, not 9
        (2, 512 * 1024**2, 1),  # 512 MB: one
        (2, 256 * 1024**2, 1),  # less still: one, never none
        (2, None, 3),  # memory unknown: by the cores
    ],
)
def test_the_default_number_of_drawing_processes_fits_the_machine(
    cpus: int, memory: int | None, processes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    if memory is None:
        monkeypatch.setattr(workers, "usable_memory", lambda: None)
    assert workers.default_image_processes(cpus=cpus, memory=memory) == processes


def test_the_usable_cpus_follow_the_affinity() -> None:
    assert 1 <= usable_cpus() <= len(os.sched_getaffinity(0))


def test_a_drawing_process_loads_the_renderer_and_nothing_of_the_bot(processes: None) -> None:
    """Forked from the fork server, which imported the renderer only: no discord, no
    aiohttp, no storage driver, none of the application, and the renderer already there."""
    pool = workers._image_lane(0)
    pids = set()
    for _ in range(4):
        pid, heavy = pool.submit(loaded_modules.heavy_modules).result(timeout=120)
        assert heavy == [], heavy
        pids.add(pid)
    assert os.getpid() not in pids
    assert pool.submit(loaded_modules.renderer_loaded).result(timeout=120)


def test_more_processes_keep_more_drawings_in_flight() -> None:
    assert workers.slots_for(0) == workers.IMAGE_THREADS
    assert workers.slots_for(3) == 3 * workers.SLOTS_PER_PROCESS + 2
    assert workers.slots_for(1) < workers.slots_for(2)


def _niceness() -> int:
    return os.nice(0)


async def test_drawing_processes_give_way_to_the_bot(processes: None) -> None:
    """They run DRAWING_NICE lower than the bot, whose loop acknowledges the clicks."""
    slots = workers.Slots(workers.IMAGE_SLOTS)
    theirs = await asyncio.wait_for(slots.run(workers.TABLE, _niceness), timeout=120)
    assert theirs == min(19, _niceness() + workers.DRAWING_NICE)


async def test_drawings_come_back_from_the_worker_processes(processes: None) -> None:
    slots = workers.Slots(workers.IMAGE_SLOTS)
    jobs = [slots.run(workers.TABLE, functools.partial(_pid_and_table, seed)) for seed in range(6)]
    results = await asyncio.wait_for(asyncio.gather(*jobs), timeout=120)
    pids = {pid for pid, _ in results}
    assert os.getpid() not in pids
    for _, data in results:
        assert data.startswith(b"\x89PNG")
    # The same drawing in this process gives the same bytes: nothing is lost on the way.
    assert results[0][1] == _pid_and_table(0)[1]


async def test_cold_processes_leave_the_drawing_to_threads() -> None:
    """Right after a start, before the processes are warm, a drawing does not wait for them."""
    workers.configure_images(2)
    try:
        slots = workers.Slots(workers.IMAGE_SLOTS)
        pid, data = await slots.run(workers.HAND, functools.partial(_pid_and_table, 1))
        assert pid == os.getpid() and data.startswith(b"\x89PNG")
    finally:
        workers.configure_images(0)


async def test_a_drawing_that_cannot_travel_is_drawn_in_a_thread(processes: None) -> None:
    slots = workers.Slots(workers.IMAGE_SLOTS)
    here = os.getpid()
    assert await slots.run(workers.HAND, lambda: os.getpid()) == here


async def test_a_table_s_drawings_go_to_one_process(processes: None) -> None:
    """Each process keeps the layers of the tables it drew (``rendering.layers``): a table's
    drawings all go to the same one, whatever else is drawn meanwhile."""
    slots = workers.Slots(workers.IMAGE_SLOTS)

    async def drawn_by(affinity: str | None, seed: int) -> int:
        job = functools.partial(_pid_and_table, seed)
        pid, _ = await slots.run(workers.TABLE, job, affinity=affinity)
        return pid

    for table in ("table-1", "table-2", "table-3"):
        pids = await asyncio.wait_for(
            asyncio.gather(*(drawn_by(table, seed) for seed in range(4))), timeout=120
        )
        assert len(set(pids)) == 1 and os.getpid() not in pids, (table, pids)
    # Without one, a drawing goes to the least busy process: both are used.
    pids = await asyncio.wait_for(
        asyncio.gather(*(drawn_by(None, seed) for seed in range(8))), timeout=120
    )
    assert len(set(pids)) == 2, pids


async def test_a_dead_drawing_process_is_replaced(processes: None) -> None:
    pool = workers._image_lanes[0]
    assert pool is not None
    victim = next(iter(pool._processes.values()))
    victim.kill()
    victim.join(10)
    slots = workers.Slots(workers.IMAGE_SLOTS)
    first = next(t for t in (f"table-{n}" for n in range(100)) if workers._lane_for(t) == 0)
    # The drawing that finds its process dead is made in a thread; a new process warms
    # meanwhile.
    for seed in range(3):
        _, data = await asyncio.wait_for(
            slots.run(workers.TABLE, functools.partial(_pid_and_table, seed), affinity=first),
            timeout=120,
        )
        assert data.startswith(b"\x89PNG")
    deadline = time.monotonic() + 120
    while workers._warm < 2:
        assert time.monotonic() < deadline, "the new drawing processes never warmed up"
        await asyncio.sleep(0.05)
    pid, _ = await slots.run(workers.TABLE, functools.partial(_pid_and_table, 4))
    assert pid != os.getpid() and pid != victim.pid


def test_a_worker_process_ends_with_the_bot_that_started_it(tmp_path: Path) -> None:
    """A bot killed outright leaves no drawing process behind."""
    script = tmp_path / "orphan.py"
    script.write_text(
        "import os, sys, time\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "import multiprocessing\n"
        "from bot.play.workers import follow_parent\n"
        "if __name__ == '__main__':\n"
        "    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context('spawn'),\n"
        "        initializer=follow_parent, initargs=(os.getpid(),))\n"
        "    print(pool.submit(os.getpid).result(), flush=True)\n"
        "    os.kill(os.getpid(), 9)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120
    )
    worker = int(done.stdout.split()[0])
    deadline = time.monotonic() + 30
    while Path(f"/proc/{worker}").exists() and deadline > time.monotonic():
        status = (
            Path(f"/proc/{worker}/status").read_text() if Path(f"/proc/{worker}").exists() else ""
        )
        if "State:\tZ" in status:
            break
        time.sleep(0.2)
    status = Path(f"/proc/{worker}/status").read_text() if Path(f"/proc/{worker}").exists() else ""
    assert not status or "State:\tZ" in status, "the worker outlived its bot"


async def test_the_restore_waits_while_a_players_hand_is_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand being drawn holds the background restore back, a table redraw does not, and the
    restore never waits longer than RESTORE_YIELD_S in a row. Told by the order of events, not
    by the clock (a loaded machine stretches every duration)."""
    from bot.play.tables import Tables

    slots = workers.Slots(2)
    monkeypatch.setattr(workers, "image_slots", lambda: slots)
    monkeypatch.setattr(Tables, "RESTORE_YIELD_S", 0.1)
    tables = Tables(storage=None)  # type: ignore[arg-type]

    async def drawing(priority: int) -> tuple[asyncio.Future[None], threading.Event]:
        started, release = threading.Event(), threading.Event()

        def draw() -> None:
            started.set()
            release.wait(30)

        job = asyncio.ensure_future(slots.run(priority, draw))
        while not started.is_set():
            await asyncio.sleep(0.005)
        return job, release

    # A table redraw: the restore goes on while it is drawn.
    job, release = await drawing(workers.TABLE)
    await asyncio.wait_for(tables._yield_to_clicks(), 30)
    assert not job.done()
    release.set()
    await job
    assert slots.urgent == 0
    # A player's hand: the restore waits until it is drawn.
    monkeypatch.setattr(Tables, "RESTORE_YIELD_S", 60.0)
    job, release = await drawing(workers.HAND)
    restore = asyncio.ensure_future(tables._yield_to_clicks())
    for _ in range(10):
        await asyncio.sleep(0.02)
    assert not restore.done()
    release.set()
    await job
    await asyncio.wait_for(restore, 30)
    assert slots.urgent == 0
    # A hand that never ends: the restore still moves on after RESTORE_YIELD_S.
    monkeypatch.setattr(Tables, "RESTORE_YIELD_S", 0.1)
    slots.urgent += 1
    try:
        await asyncio.wait_for(tables._yield_to_clicks(), 30)
    finally:
        slots.urgent -= 1
