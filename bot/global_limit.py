"""Discord's global rate limit, kept by the bot before Discord has to enforce it.

Discord lets a bot make 50 REST requests a second in all. An interaction's own routes do not
count: a click's answer and a hand's edits, which discord.py sends through its webhook adapter
rather than ``HTTPClient.request``. Everything else does: a table message's edits, the "your
turn" pings and their deletion, about 2 requests an action (``benchmarks/load.py``), so about 45
tables playing at once reach the limit (docs/running.md).

Past the limit Discord answers 429 and discord.py holds its requests for as long as it is told.
But every request already on its way gets its own 429, and 10,000 refused requests in ten
minutes close Discord's API to the machine's address for an hour: every table of the instance
would stop. Kept here instead, the requests leave in the order they were made, at most ``rate``
in any second, and none is refused: past the limit the tables slow down together, and clicks
are still answered at once.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable, Callable
from typing import Any

DISCORD_LIMIT = 50
"""Requests a second Discord allows a bot, unless it has raised that bot's limit."""
DEFAULT_RATE = 45
"""What ``python -m bot`` keeps to by default (``ATOUT_DISCORD_RATE``): a tenth below Discord's
limit, for the clocks' disagreement and whatever else uses the bot's token."""
MAX_RATE = 10_000
"""More than this is a mistake in the settings (Discord raises limits to hundreds, not more)."""
EXEMPT = ("/interactions/", "/webhooks/")
"""Routes of an interaction's token (and webhooks'), which Discord does not count."""


class GlobalLimit:
    """At most ``rate`` requests in any ``per`` seconds, served in the order they asked.

    Each request is given the first instant at which it may go, and sleeps once until then:
    with hundreds waiting, none is woken to find it must wait again. The instants given are
    kept (the last ``rate`` of them), so a request that was cancelled while it waited still
    holds its place: the limit is never exceeded, at worst one place is lost."""

    def __init__(
        self,
        rate: int,
        per: float = 1.0,
        *,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        if rate < 1:
            raise ValueError(f"a global limit needs at least one request a second, not {rate}")
        self.rate = rate
        self.per = per
        self._clock = clock
        self._sleep = sleep
        self._given: collections.deque[float] = collections.deque(maxlen=rate)
        self.taken = 0
        """Requests that took a place."""
        self.waited = 0
        """Requests that had to wait for their place (the limit was reached)."""

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    async def take(self) -> None:
        """Wait for this request's place, and take it."""
        now = self._now()
        given = self._given
        # The instants given never go back, so the one ``rate`` places back is the oldest of
        # the last ``rate``: a new request goes ``per`` seconds after it at the earliest.
        at = max(now, given[0] + self.per) if len(given) == self.rate else now
        given.append(at)
        self.taken += 1
        if at > now:
            self.waited += 1
            await self._sleep(at - now)


def exempt(path: str) -> bool:
    """Whether Discord leaves a route out of the global limit (``Route.path``, a template)."""
    return path.startswith(EXEMPT)


def install(http: Any, limit: GlobalLimit) -> None:
    """Every request of ``http`` (a ``discord.http.HTTPClient``, or simcord's) that counts
    waits for its place in ``limit`` first. discord.py's own methods all go through
    ``self.request``, so wrapping it on the instance covers them."""
    request = http.request

    async def limited(route: Any, *args: Any, **kwargs: Any) -> Any:
        if not exempt(route.path):
            await limit.take()
        return await request(route, *args, **kwargs)

    http.request = limited
