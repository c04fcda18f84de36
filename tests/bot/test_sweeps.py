"""The bot's sweeps wait for the gateway, and a client that never logs in (the tests of the
commands' payloads load every cog that way) ends them quietly instead of leaving a failed task
behind ("Task exception was never retrieved" at the end of a run)."""

from __future__ import annotations

import asyncio

from bot.ui.sweeps import gateway_loop


class NeverLoggedIn:
    async def wait_until_ready(self) -> None:
        raise RuntimeError("Client has not been properly initialised")


class Ready:
    async def wait_until_ready(self) -> None:
        return None


async def test_a_client_that_never_logs_in_never_sweeps_and_leaves_no_error() -> None:
    swept: list[int] = []

    async def sweep() -> None:
        swept.append(1)

    loop = gateway_loop(NeverLoggedIn(), 60, sweep)
    task = loop.start()
    await asyncio.wait([task], timeout=5)
    assert task.cancelled() and swept == []


async def test_a_ready_client_sweeps_at_once() -> None:
    swept = asyncio.Event()

    async def sweep() -> None:
        swept.set()

    loop = gateway_loop(Ready(), 60, sweep)
    loop.start()
    await asyncio.wait_for(swept.wait(), 5)
    loop.cancel()
