"""The bot's periodic sweeps (a season's end, the puzzle of the day): loops that post through
the gateway, so they wait for it before their first round."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from discord.ext import tasks

Sweep = Callable[[], Coroutine[Any, Any, None]]


class Gateway(Protocol):
    async def wait_until_ready(self) -> None: ...


def gateway_loop(host: Gateway, every_s: float, sweep: Sweep) -> tasks.Loop[Sweep]:
    """``sweep`` every ``every_s`` once ``host`` is ready. A bot whose cogs are loaded without
    logging in (the tests of the commands' payloads) never sweeps, and says nothing: discord.py
    refuses to wait for a client that never logs in, and the loop would die with that error
    unread."""
    loop: tasks.Loop[Sweep] = tasks.loop(seconds=every_s)(sweep)

    async def ready() -> None:
        try:
            await host.wait_until_ready()
        except RuntimeError:
            loop.cancel()

    loop.before_loop(ready)
    return loop
