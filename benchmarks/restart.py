"""A restart with many unfinished tables: how soon does every table answer again?

Builds a database of N unfinished Coinche tables (2 people, 2 easy computers, dealt, a person to
act, a table message in the channel), then starts a fresh bot on it under simcord and, as soon as
the gateway is ready, has one person of each of K tables press Hand at once. Printed, one line:

- start -> ready: from starting the bot to the gateway being ready (what a bot that loads every
  table before connecting makes everybody wait for);
- first click: from ready to the acknowledgement, and to the hand being shown, of those K
  clicks (p50 and max);
- restored: from ready until every table is back in memory and driven (in the background).

Run: ``python benchmarks/restart.py --tables 1000 --clicks 50``. The machine is shared: run it
under ``nice`` and compare medians of several runs.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord
import simcord.http.router as simcord_router
from simcord import interactions as simcord_interactions
from simcord.backend.models.interaction import Interaction as SimInteraction

from benchmarks.figures import add_json_option, percentile, report
from benchmarks.load import no_background_loops
from bot.app import AtoutBot, create_bot
from bot.config import Settings
from bot.play.driving import drive
from bot.play.lobby import join, seat_computer, start_game
from bot.play.sessions import TableSession
from bot.play.workers import default_image_processes
from bot.storage.tables.settings import TableSettings
from bot.ui import images as bot_images
from bot.ui.codec import TableButtonId
from bot.ui.components import table_button


async def build(bot: AtoutBot, channel_id: int, guild_id: int, people: list[int]) -> int:
    """One unfinished table, played by the session alone (no Discord) until a person acts."""
    row = await bot.storage.tables.create(
        guild_id, channel_id, "coinche", 4, people[0], {}, TableSettings()
    )
    session = TableSession(bot.storage, row)
    for index, user in enumerate(people):
        assert await join(session, user, f"p{index}") is None
    for number in (1, 2):
        assert await seat_computer(session, "easy", f"Computer {number}") is None
    assert await start_game(session) is None
    await drive(session)
    return row.id


async def prepare(env: simcord.Env, tables: int) -> dict[int, tuple[int, int]]:
    """The database, and for each table (its first person, the table message's id)."""
    bot: AtoutBot = env.bot  # type: ignore[assignment]
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(2 * tables)]
    ids: list[int] = []
    batch = 50
    for start in range(0, tables, batch):
        ids += await asyncio.gather(
            *(
                build(bot, channel.id, guild.id, [members[2 * i].id, members[2 * i + 1].id])
                for i in range(start, min(tables, start + batch))
            )
        )
    first: dict[int, tuple[int, int]] = {}
    for index, table_id in enumerate(ids):
        # The table message the previous process had posted (its text and Hand button).
        view = discord.ui.View(timeout=None)
        view.add_item(table_button("Hand", TableButtonId("hand", table_id)))
        message = await bot.get_partial_messageable(channel.id).send(f"Table {table_id}", view=view)
        await bot.storage.tables.update(table_id, table_message_id=message.id)
        first[table_id] = (members[2 * index].id, message.id)
    return first


class Stamps:
    """Real times seen inside simcord: each interaction's first answer, and when a hand image
    reached the person (the deferred answer edited with its attachment, or sent with it)."""

    def __init__(self) -> None:
        self.acked: dict[int, float] = {}
        self.shown: dict[str, float] = {}

    def install(self) -> None:
        for name in ("respond_with_message", "defer", "defer_update", "update_source"):
            original = getattr(SimInteraction, name)

            def marker(
                record: SimInteraction, *a: Any, _original: Any = original, **k: Any
            ) -> None:
                self.acked.setdefault(record.id, time.perf_counter())
                _original(record, *a, **k)

            setattr(SimInteraction, name, marker)
        dispatch = simcord_router.dispatch

        def timed(backend: Any, method: str, path: str, **kw: Any) -> Any:
            result = dispatch(backend, method, path, **kw)
            # The hand reaches the person as the deferred answer's edit, a direct answer, or
            # (one live hand per player) a follow-up message on the interaction's webhook.
            if kw.get("files") and ("/callback" in path or path.startswith("/webhooks/")):
                token = path.split("/")[
                    3
                ]  # /interactions/<id>/<token>/… or /webhooks/<app>/<token>/…
                self.shown.setdefault(token, time.perf_counter())
            return result

        simcord_router.dispatch = timed


def _nothing() -> None:
    return None


async def run(tables: int, clicks: int, seed: int) -> tuple[str, dict[str, object]]:
    logging.basicConfig(level=logging.CRITICAL)
    # simcord waits at most 5 s for a bot to settle after login; a bot that loads 1,000 tables
    # before connecting needs more, and this benchmark wants to see how much.
    settle = simcord.Env._settle_internal

    async def patient(self: Any, *, timeout: float | None = None, **kw: Any) -> None:
        await settle(self, timeout=None if timeout is not None else timeout, **kw)

    simcord.Env._settle_internal = patient  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "restart.sqlite3")
        built = time.perf_counter()
        # Building draws nothing (no listener, no warm-up): the renderer's caches are as cold at
        # the restart as in a new process.
        warm_up = getattr(bot_images, "warm_up", None)
        if warm_up is not None:
            bot_images.warm_up = _nothing  # type: ignore[attr-defined]
        old = create_bot(Settings(token=None, db_path=path, ai_pause_s=0.0))
        env = simcord.Env(old, settle_timeout=900.0, check_errors=False)
        await env.start()
        first = await prepare(env, tables)
        await env.settle()
        if warm_up is not None:
            bot_images.warm_up = warm_up  # type: ignore[attr-defined]
        built = time.perf_counter() - built
        stamps = Stamps()
        stamps.install()
        backend = env.backend
        guild_id = next(iter(backend.guilds))
        chosen = random.Random(seed).sample(sorted(first), min(clicks, len(first)))
        records: list[Any] = []
        ready_at: list[float] = []

        async def on_ready() -> None:
            if not ready_at:
                ready_at.append(time.perf_counter())

        async def press_hands() -> None:
            """Once the gateway is ready, people press Hand on the tables they were playing."""
            while not ready_at:
                await asyncio.sleep(0.001)
            for table_id in chosen:
                user, message_id = first[table_id]
                stored = next(
                    m
                    for messages in backend.messages.values()
                    for m in messages.values()
                    if m.id == message_id
                )
                record, payload = simcord_interactions.base_payload(
                    backend,
                    type=3,
                    channel_id=stored.channel_id,
                    guild_id=guild_id,
                    user_id=user,
                    data={"custom_id": f"atout:hand:{table_id}", "component_type": 2},
                )
                payload["message"] = dict(
                    simcord_interactions.serializers.message_payload(backend, stored)
                )
                record.source_message_id = stored.id
                records.append(record)
                backend.emit("INTERACTION_CREATE", payload)

        # A new bot process on the same database, in the same world (guild, channel, messages).
        bot = create_bot(
            Settings(
                token=None, db_path=path, ai_pause_s=0.0, image_processes=default_image_processes()
            )
        )
        bot.add_listener(on_ready, "on_ready")
        pressing = asyncio.get_running_loop().create_task(press_hands())
        started = time.perf_counter()
        await env.restart_bot(bot)
        await pressing
        await old.storage.close()
        restore = getattr(bot.tables, "restore_task", None)
        if restore is not None:
            await restore
        await env.settle()
        done = time.perf_counter()
        await env.shutdown()
        await bot.storage.close()
    ready = ready_at[0]
    ack_ms = [(stamps.acked[r.id] - ready) * 1000 for r in records if r.id in stamps.acked]
    shown_ms = [(stamps.shown[r.token] - ready) * 1000 for r in records if r.token in stamps.shown]
    figures = {
        "tables": tables,
        "start_to_ready_ms": (ready - started) * 1000,
        "first_clicks": len(records),
        "ack_ms": {"p50": percentile(ack_ms, 50), "max": max(ack_ms, default=float("nan"))},
        "hand_shown_ms": {
            "p50": percentile(shown_ms, 50),
            "max": max(shown_ms, default=float("nan")),
        },
        "hands_shown": len(shown_ms),
        "all_driven_after_ready_ms": (done - ready) * 1000,
    }
    line = (
        f"restart, {tables} tables (built in {built:.0f} s): start->ready"
        f" {(ready - started) * 1000:.0f} ms; {len(records)} first clicks at ready: ack p50"
        f" {percentile(ack_ms, 50):.0f} ms max {max(ack_ms, default=float('nan')):.0f} ms,"
        f" hand shown p50 {percentile(shown_ms, 50):.0f} ms"
        f" max {max(shown_ms, default=float('nan')):.0f} ms ({len(shown_ms)} shown);"
        f" all tables restored and driven {(done - ready) * 1000:.0f} ms after ready"
    )
    return line, figures


def main() -> None:
    no_background_loops()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--clicks", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    add_json_option(parser)
    args = parser.parse_args()
    try:
        line, figures = asyncio.run(run(args.tables, args.clicks, args.seed))
        report(args, line, "restart", **figures)
    except BaseException:
        traceback.print_exc()
        os._exit(1)  # a database thread left running must not keep the process alive


if __name__ == "__main__":
    main()
