"""A second shard cluster in the same simulated Discord, running beside the one simcord serves.

simcord serves one bot a world; a real instance's clusters are several processes, each with the
gateway of its own shards and all of them calling Discord's REST API. ``Cluster`` gives a second
bot (``ShardedAtoutBot`` of other shard ids, on the same PostgreSQL database) what simcord gives
its own: an HTTP client into the same simulated Discord, and the gateway events of its shards
only (simcord's ``ShardRouter``), its work tracked by simcord like the first bot's, so that
``settle`` and ``advance_time`` wait for both. ``kill`` stops it as SIGKILL would: no more events,
its tasks gone mid-step, its connections dropped, nothing tidied.

It reaches into simcord's internals (``simcord._dpy_internals``, ``Env._bot_scope``): there is
no public way yet to run two bots in one world.
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from typing import Any

import simcord
from simcord import _dpy_internals
from simcord.backend import serializers
from simcord.gateway import ShardRouter
from simcord.http.client import FakeHTTPClient

from bot.app import AtoutBot

CLUSTER: contextvars.ContextVar[Cluster | None] = contextvars.ContextVar("cluster", default=None)
"""The manually attached cluster whose work a task is (None: simcord's own bot)."""


class Cluster:
    def __init__(self, env: simcord.Env, bot: AtoutBot) -> None:
        self.env = env
        self.bot = bot
        self.tasks: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
        self._feed: Any = None

    async def attach(self) -> None:
        env, bot = self.env, self.bot
        loop = asyncio.get_running_loop()
        _dpy_internals.install_http(bot, FakeHTTPClient(env.backend, loop))
        _dpy_internals.set_guild_ready_timeout(bot, 0.0)
        state = _dpy_internals.get_state(bot)
        count = bot.shard_count or 1
        ids = tuple(bot.shard_ids or range(count))
        state.shard_count, state.shard_ids = count, list(ids)
        router = ShardRouter(env.backend, state, bot.dispatch, count, ids)
        self._track(loop)

        def feed(event: str, payload: Any) -> None:
            token = CLUSTER.set(self)
            try:
                with env._bot_scope():
                    router.feed(event, payload)
            finally:
                CLUSTER.reset(token)

        self._feed = feed
        env.backend.subscribers.append(feed)
        token = CLUSTER.set(self)
        try:
            with env._bot_scope():
                await bot.login("simcord.fake.token")
                _dpy_internals.install_shards(bot, router.shards)  # type: ignore[arg-type]
                for shard_id in ids:
                    router.identify(shard_id)
                for guild in list(env.backend.guilds.values()):
                    router.feed(
                        "GUILD_CREATE", serializers.guild_create_payload(env.backend, guild)
                    )
        finally:
            CLUSTER.reset(token)
        await env.settle()

    def _track(self, loop: asyncio.AbstractEventLoop) -> None:
        """Remember every task made for this cluster (``kill`` ends them all)."""
        create = loop.create_task
        if getattr(create, "atout_clusters", None) is None:

            def tracking(coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
                task = create(coro, **kwargs)
                owner = CLUSTER.get()
                if owner is not None:
                    owner.tasks.add(task)
                return task

            tracking.atout_clusters = True  # type: ignore[attr-defined]
            loop.create_task = tracking  # type: ignore[method-assign]

    async def kill(self) -> None:
        """As SIGKILL: the gateway gone, every task cancelled where it stands, the database's
        connections dropped without a word."""
        if self._feed in self.env.backend.subscribers:
            self.env.backend.subscribers.remove(self._feed)
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*list(self.tasks), return_exceptions=True)
        database: Any = self.bot.storage.database
        for listener in list(getattr(database, "_listeners", ())):
            listener.cancel()
        pool = getattr(database, "_pool", None)
        if pool is not None:
            pool.terminate()
            database._pool = None

    async def detach(self) -> None:
        """The end of a test: the gateway gone, the storage closed."""
        if self._feed in self.env.backend.subscribers:
            self.env.backend.subscribers.remove(self._feed)
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*list(self.tasks), return_exceptions=True)
        await self.bot.storage.close()


async def close_clusters(env: simcord.Env, clusters: list[Cluster], zero: AtoutBot) -> None:
    """A test's world with clusters beside it, closed: the world, each cluster, then the first
    bot's storage."""
    await env.shutdown()
    for each in clusters:
        await each.detach()
    await zero.storage.close()
