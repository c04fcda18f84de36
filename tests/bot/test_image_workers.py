"""Images drawn in worker processes, as ``python -m bot`` does (the tests under simcord draw in
threads): the setting, and a drawing that really comes back from another process."""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Iterator

import pytest

import rendering
from bot import workers
from bot.config import MAX_IMAGE_PROCESSES, Settings, load_settings
from rendering.demo import DEMO_NAMES, random_position


def _pid_and_table(seed: int) -> tuple[int, bytes]:
    """The drawing process's id and a table image (module level: it must pickle)."""
    position = random_position("coinche", seed)
    return os.getpid(), rendering.render_table(position.game.public_view(), DEMO_NAMES[:4])


@pytest.fixture
def processes() -> Iterator[None]:
    workers.configure_images(2)
    try:
        yield
    finally:
        workers.configure_images(0)


def test_python_m_bot_draws_in_one_process_more_than_the_cores() -> None:
    settings = load_settings({}, "/nonexistent/.env")
    assert settings.image_processes == (os.cpu_count() or 1) + 1
    assert Settings().image_processes == 0  # tests and embedders: threads
    assert load_settings({"ATOUT_IMAGE_PROCESSES": "0"}, "/x/.env").image_processes == 0
    assert load_settings({"ATOUT_IMAGE_PROCESSES": "3"}, "/x/.env").image_processes == 3


@pytest.mark.parametrize("value", ["-1", "two", "1.5", str(MAX_IMAGE_PROCESSES + 1)])
def test_a_bad_number_of_drawing_processes_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="ATOUT_IMAGE_PROCESSES"):
        load_settings({"ATOUT_IMAGE_PROCESSES": value}, "/nonexistent/.env")


def test_more_processes_keep_more_drawings_in_flight() -> None:
    assert workers.slots_for(0) == workers.IMAGE_THREADS
    assert workers.slots_for(3) == 8
    assert workers.slots_for(1) < workers.slots_for(2)


async def test_drawings_come_back_from_the_worker_processes(processes: None) -> None:
    slots = workers.Slots(workers.IMAGE_SLOTS)
    jobs = [
        slots.run(workers.TABLE, functools.partial(_pid_and_table, seed)) for seed in range(6)
    ]
    results = await asyncio.wait_for(asyncio.gather(*jobs), timeout=120)
    pids = {pid for pid, _ in results}
    assert os.getpid() not in pids
    for _, data in results:
        assert data.startswith(b"\x89PNG")
    # The same drawing in this process gives the same bytes: nothing is lost on the way.
    assert results[0][1] == _pid_and_table(0)[1]


async def test_a_drawing_that_cannot_travel_is_drawn_in_a_thread(processes: None) -> None:
    slots = workers.Slots(workers.IMAGE_SLOTS)
    here = os.getpid()
    assert await slots.run(workers.HAND, lambda: os.getpid()) == here
