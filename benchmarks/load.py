"""Many tables in one bot process, driven through simcord: how fast is every click answered?

N Coinche tables, each of 2 people and 2 easy computer players, all in one bot process under
simcord (in-process Discord, a database in a temporary directory). The people are played by this
script: when the bot pings one ("your turn"), it clicks a legal action on its hand message,

- ``realistic``: 2 s after the ping, with ``ATOUT_AI_PAUSE`` at its default (1.2 s);
- ``flat-out``: at once, with no computer pause.

Clicks are sent without waiting for the bot to settle (as Discord does), so tables really run
concurrently. Printed, one line per run:

- ack: from the click to the interaction's first response (any callback type);
- click->table: from the click to the next edit of that table's public message;
- loop lag: how late a 5 ms timer of this process fires (p99.9);
- actions/s: every committed action (people's and computers') per second of the run;
- memory per table: growth of the resident set while the tables were opened, per table;
- CPU: cores used, and CPU time per action (the figure least disturbed by other work on a
  shared machine);
- simcord: the share of the run's CPU time spent inside simcord's fake Discord (its REST
  routes deep-copy every payload), which a real bot does not pay; and this script's people's
  (choosing and making their clicks), which it does not pay either;
- drawings per action, by kind (table, hand...), and the drawing processes' CPU time per image.
- the bot's REST requests that count against Discord's global limit (50 a second for a bot
  unless Discord raised it; an interaction's routes do not count), per second and per action,
  by route in ``--json``: simcord does not enforce that limit, Discord does.

Run: ``python benchmarks/load.py --tables 200 --workload flat-out --duration 60``. The machine
is shared: run it under ``nice`` and compare medians of several runs.

On PostgreSQL and in shard clusters: ``--db postgresql://…`` uses that database instead of a
temporary SQLite file; ``--clusters N`` starts N processes of this script, each one cluster
(``ATOUT_SHARDS`` k of ``ATOUT_SHARD_COUNT`` N) with its share of the tables in servers of its
own shard, all against the same ``--db``, and prints each cluster's line and the total
actions/s. ``--clusters 1`` against ``--clusters 2`` with the same ``--tables`` is how
throughput grows with a second cluster.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import cProfile
import functools
import json
import logging
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord
import simcord.http.router as simcord_router
from simcord import _dpy_internals as simcord_internals
from simcord import interactions as simcord_interactions
from simcord.backend import serializers as simcord_serializers
from simcord.backend.models.interaction import Interaction as SimInteraction

from benchmarks.figures import add_json_option, percentile, report
from bot.app import AtoutBot, create_bot
from bot.challenge.controller import Challenges
from bot.config import Settings
from bot.global_limit import DISCORD_LIMIT, GlobalLimit, exempt, install
from bot.play import workers
from bot.play.driving import schedule_drive
from bot.play.lobby import join, seat_computer, start_game
from bot.play.workers import default_image_processes
from bot.process import allocator, collector
from bot.storage.open.interface import Mirror
from bot.storage.shards import Shards
from bot.storage.tables.settings import TableSettings
from bot.table.presence import Presence
from bot.ui.codec import button_id
from games.ai import choose


def no_background_loops() -> None:
    """The presence sweep (lobby and deserted-table expiry) sleeps a minute at a time for
    ever, so simcord's settle with no deadline would never see the bot idle; it plays no
    part in the click path measured here (nor in a restart's, ``benchmarks/restart.py``)."""
    Presence.start = lambda self: None  # type: ignore[method-assign]
    # The challenges' sweep (closings, pars, daily challenges) sleeps for ever the same way.
    Challenges.start = lambda self: None  # type: ignore[method-assign]
    # And so does the allocator's trim (every 30 s): every settle waited its full two minutes
    # for it. It does take part in what is measured (memory.py reads this run), so ``run``
    # starts it itself once the tables are open and nothing settles any more.
    allocator.trim_periodically = _trim_later


async def _trim_later() -> None:
    """What ``AtoutBot`` starts in place of ``bot.process.allocator.trim_periodically``: nothing."""


TRIM_PERIODICALLY = allocator.trim_periodically


REALISTIC_DELAY_S = 2.0
START_SPREAD_S = 2 * REALISTIC_DELAY_S + 2 * 1.2
"""One round of a realistic Coinche table: two people's 2 s and two computers' pauses."""
DEFAULT_PAUSE_S = Settings().ai_pause_s
MENTION = re.compile(r"<@(\d+)>")
ACK_METHODS = ("respond_with_message", "defer", "defer_update", "update_source")

SNOWFLAKE = re.compile(r"/\d{6,}")


def rest_route(method: str, path: str) -> str:
    """A request's route as Discord counts it for the global limit: ``interaction`` for the
    routes of an interaction's token (not bound by the limit), else the method and the path
    with its ids left out (``PATCH /channels/{id}/messages/{id}``)."""
    if exempt(path):
        return "interaction"
    return f"{method} {SNOWFLAKE.sub('/{id}', path)}"


@dataclass
class Click:
    table_id: int
    sent: float
    acked: float | None = None
    edited: float | None = None
    """The first edit of the table's message after the click (of any mirror's)."""
    mirrors: dict[int, float] = field(default_factory=dict)
    """An open table: each mirror's table message → its first edit after the click."""


@dataclass
class Probe:
    """What the hooks in simcord's backend saw, with real (perf_counter) times."""

    clicks: dict[int, Click] = field(default_factory=dict)
    """interaction id → click."""
    waiting_edit: dict[int, list[Click]] = field(default_factory=dict)
    """table id → clicks whose table edit has not come yet."""
    table_messages: dict[int, int] = field(default_factory=dict)
    """message id → table id (each mirror's message, for an open table)."""
    mirror_count: dict[int, int] = field(default_factory=dict)
    """table id → its mirrors (open tables)."""
    sends: dict[int, list[float]] = field(default_factory=dict)
    edits: dict[int, list[float]] = field(default_factory=dict)
    """Channel (a mirror's thread) → the bot's messages sent and edited there, when: a
    Discord bucket is per route and channel (5 requests in 5 s)."""
    mirror_channels: set[int] = field(default_factory=set)
    pings: collections.deque[tuple[int, int]] = field(default_factory=collections.deque)
    """(channel id, user id) of each "your turn" ping, for the players' loop."""
    simcord_s: float = 0.0
    players_s: float = 0.0
    """CPU time of this script's people choosing and making their clicks (not the bot's)."""
    requests: collections.Counter[str] = field(default_factory=collections.Counter)
    """The bot's REST requests by route (``rest_route``): Discord lets a bot make 50 requests a
    second in all (its global limit), interaction routes not counted."""
    drawings: collections.Counter[str] = field(default_factory=collections.Counter)
    """Images drawn (in a drawing process or thread), by drawing function: what an action costs
    the drawing processes is mostly these."""


def install_hooks(env: simcord.Env, probe: Probe) -> None:
    """Time stamps from inside simcord's backend: the first answer to each interaction, each
    edit of a table message, each ping. Hooks only record; the players' loop reacts."""
    for name in ACK_METHODS:
        original = getattr(SimInteraction, name)

        def marker(self: SimInteraction, *args: Any, _original: Any = original, **kw: Any) -> None:
            click = probe.clicks.get(self.id)
            if click is not None and click.acked is None:
                click.acked = time.perf_counter()
            _original(self, *args, **kw)

        setattr(SimInteraction, name, marker)

    backend = env.backend
    emit = backend.emit
    bot_id = str(env.bot.user.id)  # type: ignore[union-attr]

    def watch(event: str, payload: Any) -> None:
        now = time.perf_counter()
        channel = int(payload.get("channel_id") or 0)
        if event == "MESSAGE_UPDATE":
            if channel in probe.mirror_channels:
                probe.edits.setdefault(channel, []).append(now)
            message = int(payload["id"])
            table_id = probe.table_messages.get(message)
            if table_id is not None:
                expected = probe.mirror_count.get(table_id, 1)
                waiting = probe.waiting_edit.get(table_id, [])
                for click in waiting:
                    if click.edited is None:
                        click.edited = now
                    click.mirrors.setdefault(message, now)
                probe.waiting_edit[table_id] = [c for c in waiting if len(c.mirrors) < expected]
        elif event == "MESSAGE_CREATE":
            if channel in probe.mirror_channels:
                probe.sends.setdefault(channel, []).append(now)
            content = payload.get("content") or ""
            if "<@" in content and str((payload.get("author") or {}).get("id")) == bot_id:
                for user in MENTION.findall(content):
                    probe.pings.append((channel, int(user)))
        emit(event, payload)

    backend.emit = watch  # type: ignore[method-assign]

    # simcord's own cost: time inside its REST router (payload validation and deep copies).
    dispatch = simcord_router.dispatch

    def timed_dispatch(*args: Any, **kw: Any) -> Any:
        probe.requests[rest_route(args[1], args[2])] += 1
        start = time.thread_time()  # CPU time: the wall clock counts other work's turns too
        try:
            return dispatch(*args, **kw)
        finally:
            probe.simcord_s += time.thread_time() - start

    simcord_router.dispatch = timed_dispatch

    # Each image drawn, by its drawing function (a cached image is not drawn, nor counted).
    draw_now = workers._draw_now

    async def counted(fn: Any, *args: Any, affinity: str | None = None) -> Any:
        target = fn.func if isinstance(fn, functools.partial) else fn
        probe.drawings[getattr(target, "__name__", "?").removeprefix("render_")] += 1
        return await draw_now(fn, *args, affinity=affinity)

    workers._draw_now = counted


def release_loop(env: simcord.Env) -> float:
    """Give the event loop back its own scheduling methods once the tables are open.

    simcord records every task, callback and timer the bot schedules (to settle, and to run
    timers on its virtual clock), and on every timer that comes due it rescans all of them: at
    hundreds of tables that bookkeeping costs more CPU than the bot itself (80 % of the
    realistic run's time at 100 tables, measured with cProfile), and a real bot pays none of it.
    The run itself never settles, so from here on the bot schedules on the plain loop; simcord
    still answers its REST calls and delivers its gateway events. ``--simcord-clock`` keeps the
    bookkeeping, to compare.
    """
    runtime = env._runtime  # simcord has no public switch for this
    if runtime is None:
        return
    loop = asyncio.get_running_loop()
    for name in (
        "create_task",
        "call_soon",
        "call_later",
        "call_at",
        "call_soon_threadsafe",
        "run_in_executor",
    ):
        setattr(loop, name, getattr(runtime, name))
    # And one clock for everybody: simcord's virtual clock (what the bot's monotonic time and
    # timers read) goes on from where it stands at the real clock's pace, so that the plain
    # loop's timers, the bot's stored instants (a hand's age) and its pauses all agree.
    real = simcord_internals.real_monotonic
    virtual_then, real_then = env._virtual_time, real()
    time.monotonic = lambda: virtual_then + (real() - real_then)
    return real_then - virtual_then


def rebase_buckets(bot: AtoutBot, shift: float) -> None:
    """The buckets the bot keeps for the mirrors' threads (``bot.table.channel.Bucket``) hold the
    instants of the setup's requests: on simcord's virtual clock for the bot's own tasks, on the
    real one for the tasks this script started (the tables opened here), hours apart. Read on
    one clock from here on, the real ones were hours ahead: each mirror's first edit of the run
    waited for a bucket "full" until the clocks met (10-24 s, 600 of a 30 s run's 2,800 edits of
    200 tables x 3 mirrors). They are put back on the virtual clock, ``shift`` (real minus
    virtual) earlier: a bot has one clock, and the requests of the last seconds still count."""
    now = time.monotonic()
    for bucket in bot.ui.channel.buckets.values():
        moved = sorted(t - shift if t > now + bucket.per else t for t in bucket.sent)
        bucket.sent = collections.deque(moved)


def tree_cpu_s(root: int) -> float:
    """CPU seconds (user + system) of a process and of all its descendants, from /proc: a
    cluster's cost is its own process plus its drawing processes, a database server's is its
    postmaster plus every backend. A process's reaped children count too (cutime, cstime): a
    database backend that served a connection and exited took its CPU time with it otherwise,
    and a short run on a loaded machine could read no server time at all."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                data = stat.read()
        except OSError:
            continue  # gone meanwhile
        fields = data[data.rindex(")") + 2 :].split()
        children.setdefault(int(fields[1]), []).append(int(entry))
        cpu[int(entry)] = sum(int(field) for field in fields[11:15]) / tick
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        total += cpu.get(pid, 0.0)
        todo += children.get(pid, [])
    return total


class ServerMeter:
    """The PostgreSQL server's CPU time and the actions that every cluster committed, read
    together: the database's share of an action's cost, whichever cluster sent it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postmaster = 0

    async def read(self) -> tuple[float, int]:
        import asyncpg

        conn = await asyncpg.connect(self.url)
        try:
            if not self.postmaster:
                data = Path(await conn.fetchval("SELECT current_setting('data_directory')"))
                self.postmaster = int((data / "postmaster.pid").read_text().split()[0])
            actions = int(await conn.fetchval("SELECT count(*) FROM actions"))
        finally:
            await conn.close()
        return tree_cpu_s(self.postmaster), actions


def button_ids(components: list[dict[str, Any]]) -> list[str]:
    found: list[str] = []
    for component in components:
        if component.get("custom_id"):
            found.append(str(component["custom_id"]))
        found += button_ids(component.get("components") or [])
    return found


def rss_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def open_table(
    bot: AtoutBot,
    channel_id: int,
    guild_id: int,
    people: list[int],
    settings: TableSettings | None = None,
) -> int:
    """A Coinche table of two people and two easy computers, started and dealt: the lobby's
    own steps (seat, start, drive), without its messages, so that hundreds open in seconds.

    The computers to act before the first person play at once, whatever the bot's pause
    (``ATOUT_AI_PAUSE``): the table is returned as every run starts, a person to act and told
    so, and keeps the bot's pace from there. Their pauses took 1.2 s each of every realistic
    run's opening, before anything was measured."""
    row = await bot.storage.tables.create(
        guild_id, channel_id, "coinche", 4, people[0], {}, settings or TableSettings()
    )
    session = await bot.tables.create(row)
    for index, user in enumerate(people):
        assert await join(session, user, f"p{index}") is None
    for number in (1, 2):
        assert await seat_computer(session, "easy", f"Computer {number}") is None
    pause, session.ai_pause_s = session.ai_pause_s, 0.0
    assert await start_game(session) is None
    await schedule_drive(session)
    deadline = time.perf_counter() + 120
    while session.row.table_message_id is None or session.row.ping_message_id is None:
        if time.perf_counter() > deadline:
            raise RuntimeError(f"table {row.id} was not shown within 120 s")
        await asyncio.sleep(0.01)  # the table message is drawn by a task of its own
    session.ai_pause_s = pause
    return row.id


async def open_mirrored_table(
    bot: AtoutBot, people: list[tuple[int, int, int]], languages: tuple[str, ...] = ("en",)
) -> int:
    """An open table (issue 44): a Coinche table of one person of each of ``len(people)``
    servers, ``(server, channel, user)``, easy computers in the free seats, each person's server
    showing it in a thread of its own (its mirror, opened as ``/play`` opens it), the k-th in
    ``languages[k]`` (round the list): each language is a drawing of its own."""
    guild_id, channel_id, lead = people[0]
    settings = TableSettings(level="easy", open=True)
    row = await bot.storage.tables.create(guild_id, channel_id, "coinche", 4, lead, {}, settings)
    session = await bot.tables.create(row)
    for index, (_, _, user) in enumerate(people):
        assert await join(session, user, f"p{index}") is None
    for number in range(1, 5 - len(people)):
        assert await seat_computer(session, "easy", f"Computer {number}") is None
    for k, (guild, channel, user) in enumerate(people):
        mirror = Mirror(row.id, guild, channel, languages[k % len(languages)], (user,))
        await bot.storage.open_tables.add_mirror(mirror)
        session.mirrors.append(mirror)
    assert await start_game(session) is None
    await bot.open.seating.open_mirrors(session, {})
    await schedule_drive(session)
    deadline = time.perf_counter() + 120
    while any(m.message_id is None for m in session.mirrors) or not any(
        m.ping_message_id for m in session.mirrors
    ):
        if time.perf_counter() > deadline:
            raise RuntimeError(f"table {row.id} was not shown within 120 s")
        await asyncio.sleep(0.01)  # each mirror's message is drawn by a task of its own
    return row.id


def where_shown(session: Any, user: int) -> tuple[int, int]:
    """(thread or channel, table message) where ``user`` reads the table."""
    for mirror in session.mirrors:
        if user in mirror.users:
            return (mirror.thread_id or mirror.channel_id, mirror.message_id)
    return (session.row.thread_id or session.row.channel_id, session.row.table_message_id)


def busiest(times: dict[int, list[float]], per: float = 5.0) -> int:
    """The most requests any channel saw within ``per`` seconds."""
    most = 0
    for moments in times.values():
        start = 0
        for end, moment in enumerate(moments):
            while moment - moments[start] >= per:
                start += 1
            most = max(most, end - start + 1)
    return most


class Players:
    """The people of every table: they answer the bot's pings by clicking on their hand."""

    def __init__(self, env: simcord.Env, probe: Probe, delay_s: float, seed: int) -> None:
        self.env = env
        self.probe = probe
        self.delay_s = delay_s
        self.rng = random.Random(seed)
        self.actors: dict[int, simcord.MemberActor] = {}
        self.hands: dict[int, tuple[int, int]] = {}
        """user id → (channel, message) of their ephemeral hand (the source of their clicks)."""
        self.table_of: dict[int, int] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.running = True
        self.stale_hands = 0
        """Turns where the person's hand did not show the buttons of their turn (they pressed
        Hand for a fresh one)."""

    @property
    def bot(self) -> AtoutBot:
        return self.env.bot  # type: ignore[return-value]

    async def run(self) -> None:
        backend = self.env.backend
        while self.running:
            # simcord keeps a log of every request; a long run must not grow it without end.
            backend.http_requests.clear()
            backend.transcript.clear()
            # Nor its fake CDN, which keeps the bytes of every image ever attached (about
            # 130 MB after 40 s of 200 realistic tables): Discord holds those, not the bot, and
            # nothing here reads them back (the players look at a message's attachments, not
            # at their bytes). simcord has no public way to drop them.
            backend.cdn._blobs.clear()
            while self.probe.pings:
                _channel, user = self.probe.pings.popleft()
                if user in self.actors:
                    task = asyncio.get_running_loop().create_task(self.turn(user))
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)
            await asyncio.sleep(0.002)

    async def turn(self, user: int) -> None:
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        session = self.bot.tables.sessions.get(self.table_of[user])
        if session is None or session.game is None or not self.running:
            return
        game = session.game
        seat = session.seat_of(user)
        if seat is None or game.to_act != seat:
            return
        # Like a person: only a button that the hand message shows can be clicked (a bid of
        # another level needs the level select first: the easy player's choice when shown,
        # another shown action otherwise). A hand without the buttons of this turn was not
        # refreshed: the person presses Hand for a fresh one.
        wanted = self.pick(user, session)
        if wanted is None:
            self.stale_hands += 1
            await self.fresh_hand(user, session)
            wanted = self.pick(user, session)
        if wanted is not None:
            self.click(user, session.id, wanted)

    def pick(self, user: int, session: Any) -> str | None:
        start = time.thread_time()
        try:
            return self._pick(user, session)
        finally:
            self.probe.players_s += time.thread_time() - start

    def _pick(self, user: int, session: Any) -> str | None:
        game = session.game
        seat = session.seat_of(user)
        if game is None or seat is None or game.to_act != seat:
            return None
        shown = set(button_ids(self.env.backend.get_message(*self.hands[user]).components))
        rng = random.Random(self.rng.random())
        legal = game.legal_actions(seat)
        wanted = button_id(
            session.id, game.action_count, choose(game.view(seat), legal, "easy", rng)
        )
        if wanted in shown:
            return wanted
        options = []
        for action in legal:
            try:
                options.append(button_id(session.id, game.action_count, action))
            except ValueError:
                continue
        options = [o for o in options if o in shown]
        return rng.choice(options) if options else None

    async def fresh_hand(self, user: int, session: Any) -> None:
        where = where_shown(session, user)
        record = self.click(user, session.id, f"atout:hand:{session.id}", where)
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline:
            if record.message_id is not None:
                message = self.env.backend.get_message(record.channel_id, record.message_id)
                if message.attachments:
                    self.hands[user] = (record.channel_id, record.message_id)
                    return
            await asyncio.sleep(0.01)

    def click(
        self, user: int, table_id: int, custom_id: str, source: tuple[int, int] | None = None
    ) -> Any:
        """Send one button click like Discord does: no waiting for the bot to finish. The
        click comes from the player's hand message, or from ``source`` (channel, message)."""
        start = time.thread_time()
        actor = self.actors[user]
        backend = self.env.backend
        stored = backend.get_message(*(source or self.hands[user]))
        data = {"custom_id": custom_id, "component_type": 2}
        record, payload = simcord_interactions.base_payload(
            backend,
            type=3,
            channel_id=stored.channel_id,
            guild_id=actor.guild.id,
            user_id=user,
            data=data,
        )
        payload["message"] = dict(simcord_serializers.message_payload(backend, stored))
        record.source_message_id = stored.id
        if source is None:
            click = Click(table_id, time.perf_counter())
            self.probe.clicks[record.id] = click
            self.probe.waiting_edit.setdefault(table_id, []).append(click)
        self.probe.players_s += time.thread_time() - start  # what follows is the bot's
        backend.emit("INTERACTION_CREATE", payload)
        return record

    async def open_hands(self) -> None:
        """Every person presses Hand once: its answer is the message their clicks come from."""
        records = {}
        for user, table_id in self.table_of.items():
            session = self.bot.tables.sessions[table_id]
            where = where_shown(session, user)
            assert where[1] is not None
            records[user] = self.click(user, table_id, f"atout:hand:{table_id}", where)
        await self.env.settle()
        for user, record in records.items():
            assert record.responded and record.message_id is not None, record
            self.hands[user] = (record.channel_id, record.message_id)


async def loop_lag(samples: list[float], stop: asyncio.Event) -> None:
    period = 0.005
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(period)
        samples.append(max(0.0, time.perf_counter() - start - period))


async def run(
    tables: int,
    workload: str,
    duration: float,
    seed: int,
    db: str | None = None,
    shards: Shards | None = None,
    simcord_clock: bool = False,
    image_processes: int = 0,
    mirrors: int = 0,
    profile: str | None = None,
    languages: tuple[str, ...] = ("en",),
    discord_rate: int = 0,
) -> tuple[str, dict[str, object]]:
    """The run's line for people, and its figures (``--json``). ``mirrors``: open tables, each
    of one person of that many servers, shown in a thread of each (0: the servers' own
    tables, two people each). ``discord_rate``: the bot keeps to Discord's global limit at
    that rate during the run (the tables are opened without it), as ``python -m bot`` does."""
    logging.basicConfig(level=logging.CRITICAL)
    flat_out = workload == "flat-out"
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token=None,
            db_path=db or str(Path(tmp) / "load.sqlite3"),
            ai_pause_s=0.0 if flat_out else DEFAULT_PAUSE_S,
            shards=shards,
            image_processes=image_processes,
        )
        bot = create_bot(settings)
        # simcord's settle waits until its deadline for a task whose sleep ends before it: a
        # cluster's periodic checks on PostgreSQL held a ten-minute settle for its whole length
        # (two minutes: 254 s for the two pinned clusters' test, 20 s: 7 s). Only the mirrors'
        # threads (hundreds opened by REST on a starved machine) need ten minutes.
        settle = 600.0 if mirrors else 20.0 if shards is not None else 120.0
        env = simcord.Env(bot, settle_timeout=settle, check_errors=False)
        await env.start()
        probe = Probe()
        players = Players(env, probe, 0.0 if flat_out else REALISTIC_DELAY_S, seed)
        try:
            # A cluster's tables are in a server of its own shard, as Discord would route them.
            shard = None if shards is None else shards.ids[0]
            rss_before = rss_bytes()
            if mirrors:
                # One server per seat of people: each person of a table in a server of their own.
                servers = [env.create_guild(f"server{k}", shard_id=shard) for k in range(mirrors)]
                rooms = [server.create_text_channel("cards") for server in servers]
                people = [
                    [servers[k].add_member(env.create_user(f"p{i}-{k}")) for k in range(mirrors)]
                    for i in range(tables)
                ]
                opened = await asyncio.gather(
                    *(
                        open_mirrored_table(
                            bot,
                            [(servers[k].id, rooms[k].id, people[i][k].id) for k in range(mirrors)],
                            languages,
                        )
                        for i in range(tables)
                    )
                )
                seated = people
            else:
                guild = env.create_guild(shard_id=shard)
                channel = guild.create_text_channel("cards")
                users = [env.create_user(f"p{i}") for i in range(2 * tables)]
                members = [guild.add_member(user) for user in users]
                opened = await asyncio.gather(
                    *(
                        open_table(
                            bot, channel.id, guild.id, [members[2 * i].id, members[2 * i + 1].id]
                        )
                        for i in range(tables)
                    )
                )
                seated = [members[2 * i : 2 * i + 2] for i in range(tables)]
            for index, table_id in enumerate(opened):
                for person in seated[index]:
                    players.actors[person.id] = person
                    players.table_of[person.id] = table_id
            print(f"{tables} tables open", file=sys.stderr, flush=True)
            await env.settle()
            memory_per_table = (rss_bytes() - rss_before) / tables
            # As ``python -m bot`` does: its collector tuned, and the tables frozen once they
            # are in memory (what the restore of a real start does).
            collector.tune()
            collector.freeze()
            for session in bot.tables.sessions.values():
                if session.mirrors:
                    probe.mirror_count[session.id] = len(session.mirrors)
                    for mirror in session.mirrors:
                        assert mirror.message_id is not None and mirror.thread_id is not None
                        probe.table_messages[mirror.message_id] = session.id
                        probe.mirror_channels.add(mirror.thread_id)
                    continue
                assert session.row.table_message_id is not None
                probe.table_messages[session.row.table_message_id] = session.id
            await players.open_hands()
            print("every hand open", file=sys.stderr, flush=True)
            install_hooks(env, probe)
            if not simcord_clock:
                rebase_buckets(bot, release_loop(env))
            trimming = asyncio.get_running_loop().create_task(TRIM_PERIODICALLY())
            probe.pings.clear()
            counts_before = sum(
                s.game.action_count for s in bot.tables.sessions.values() if s.game is not None
            )
            # Whoever is to act now gets a first nudge, as if they had just been pinged. Real
            # tables do not all start in the same second: in the realistic workload the first
            # nudges are spread over one round of play, so that 200 tables do not click in
            # lock-step for the whole run.
            spread = 0.0 if flat_out else START_SPREAD_S
            jitter = random.Random(seed)
            loop = asyncio.get_running_loop()
            for user in players.actors:
                loop.call_later(jitter.uniform(0.0, spread), probe.pings.append, (0, user))
            stop = asyncio.Event()
            lag: list[float] = []
            meter = ServerMeter(db) if db and db.startswith("postgres") else None
            server_start = await meter.read() if meter else (0.0, 0)
            cpu_start = time.process_time()
            tree_start = tree_cpu_s(os.getpid())
            wall_start = time.perf_counter()
            simcord_start, players_start = probe.simcord_s, probe.players_s
            limit = GlobalLimit(discord_rate) if discord_rate else None
            if limit is not None:
                install(bot.http, limit)
            drawings_start = collections.Counter(probe.drawings)
            requests_start = collections.Counter(probe.requests)
            lag_task = asyncio.get_running_loop().create_task(loop_lag(lag, stop))
            players_task = asyncio.get_running_loop().create_task(players.run())
            # The event loop's own CPU time (not the wall clock, which a shared machine's other
            # work stretches, nor the drawing pools' threads).
            profiler = cProfile.Profile(time.thread_time) if profile else None
            if profiler is not None:
                profiler.enable()
            await asyncio.sleep(duration)
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(profile)
            players.running = False
            stop.set()
            stopped = time.perf_counter()
            wall = stopped - wall_start
            cpu = time.process_time() - cpu_start
            tree_cpu = tree_cpu_s(os.getpid()) - tree_start
            server_end = await meter.read() if meter else (0.0, 0)
            simcord_share = (probe.simcord_s - simcord_start) / cpu if cpu else 0.0
            players_share = (probe.players_s - players_start) / cpu if cpu else 0.0
            drawn = probe.drawings - drawings_start
            requests = probe.requests - requests_start
            counts_after = sum(
                s.game.action_count for s in bot.tables.sessions.values() if s.game is not None
            )
            await asyncio.gather(lag_task, players_task)
            for task in [*players.tasks, trimming]:
                task.cancel()
        finally:
            await env.shutdown()
            await bot.storage.close()
    clicks = list(probe.clicks.values())
    acks = [(c.acked - c.sent) * 1000 for c in clicks if c.acked is not None]
    edits = [(c.edited - c.sent) * 1000 for c in clicks if c.edited is not None]
    # An open table's click is shown when its last mirror shows it ("every mirror").
    every = [
        (max(c.mirrors.values()) - c.sent) * 1000
        for c in clicks
        if c.mirrors and len(c.mirrors) == probe.mirror_count.get(c.table_id, 1)
    ]
    each = [(t - c.sent) * 1000 for c in clicks for t in c.mirrors.values()]
    # A click still unanswered 3 s after it was sent counts; one sent in the last 3 s does not.
    unanswered = sum(1 for c in clicks if c.acked is None and c.sent < stopped - 3.0)
    over_3s = sum(1 for a in acks if a > 3000) + unanswered
    actions = (counts_after - counts_before) / wall
    done = max(1, counts_after - counts_before)
    bound = {route: count for route, count in requests.items() if route != "interaction"}
    bound_per_s = sum(bound.values()) / wall
    server = ""
    server_ms: float | None = None
    if server_end[1] > server_start[1]:
        per_action = (server_end[0] - server_start[0]) / (server_end[1] - server_start[1])
        server_ms = per_action * 1000
        server = f"; database server {server_ms:.2f} ms CPU per action (every cluster's)"
    figures: dict[str, object] = {
        "workload": workload,
        "tables": tables,
        "duration_s": duration,
        "ack_ms": {q: percentile(acks, n) for q, n in (("p50", 50), ("p95", 95), ("p99", 99))},
        "click_to_table_ms": {
            q: percentile(edits, n) for q, n in (("p50", 50), ("p95", 95), ("p99", 99))
        },
        "loop_lag_p999_ms": percentile(lag, 99.9) * 1000,
        "actions_per_s": actions,
        "clicks": len(clicks),
        "acks_over_3s": over_3s,
        "cpu_ms_per_action": cpu * 1000 / done,
        "tree_cores": tree_cpu / wall,
        "tree_cpu_ms_per_action": tree_cpu * 1000 / done,
        "database_server_ms_per_action": server_ms,
        "simcord_share": simcord_share,
        "players_share": players_share,
        "drawing_ms_per_image": (tree_cpu - cpu) * 1000 / max(1, sum(drawn.values())),
        "drawings_per_action": {kind: count / done for kind, count in sorted(drawn.items())},
        "global_limit_requests_per_s": bound_per_s,
        "global_limit_requests_per_action": {
            route: count / done for route, count in sorted(bound.items())
        },
        "interaction_requests_per_s": requests["interaction"] / wall,
        "discord_rate": discord_rate,
        "requests_that_waited_for_the_limit": limit.waited / max(1, limit.taken) if limit else 0.0,
    }
    line = (
        f"{workload}, {tables} tables, {duration:.0f} s: "
        f"ack p50 {percentile(acks, 50):.0f} ms p99 {percentile(acks, 99):.0f} ms"
        f" max {max(acks, default=float('nan')):.0f} ms; "
        f"click->table p50 {percentile(edits, 50):.0f} ms p99 {percentile(edits, 99):.0f} ms"
        f" max {max(edits, default=float('nan')):.0f} ms; "
        f"loop lag p99.9 {percentile(lag, 99.9) * 1000:.0f} ms; "
        f"{actions:.1f} actions/s; {len(clicks)} clicks; "
        f"acks over 3 s: {over_3s} of {len(clicks)}; "
        f"Hand pressed for a stale hand: {players.stale_hands}; "
        f"memory {memory_per_table / 1024:.0f} KB/table; "
        f"CPU {cpu / wall:.2f} cores, {cpu * 1000 / max(1, counts_after - counts_before):.1f} ms"
        f" per action, simcord {simcord_share * 100:.0f} % of it, this script's people"
        f" {players_share * 100:.0f} %; "
        f"with its drawing processes {tree_cpu / wall:.2f} cores, {tree_cpu * 1000 / done:.1f} ms"
        f" per action{server}; drawings per action: "
        + (
            ", ".join(f"{kind} {count / done:.2f}" for kind, count in sorted(drawn.items()))
            or "none"
        )
        + f" ({figures['drawing_ms_per_image']:.1f} ms of CPU each in the drawing processes)"
        + f"; requests under Discord's global limit {bound_per_s:.0f}/s"
        f" ({sum(bound.values()) / done:.2f} per action; the limit is {DISCORD_LIMIT}/s"
        f" unless raised), on interaction routes {requests['interaction'] / wall:.0f}/s"
        + (
            f"; kept to {discord_rate}/s: {figures['requests_that_waited_for_the_limit']:.0%}"
            " of them waited for their place"
            if limit
            else ""
        )
    )
    if mirrors:
        figures["mirrors"] = mirrors
        figures["mirror_languages"] = list(languages)
        figures["click_to_every_mirror_ms"] = {
            q: percentile(every, n) for q, n in (("p50", 50), ("p95", 95), ("p99", 99))
        }
        figures["click_to_each_mirror_ms"] = {
            q: percentile(each, n) for q, n in (("p50", 50), ("p95", 95), ("p99", 99))
        }
        figures["busiest_channel_5s"] = {
            "sends": busiest(probe.sends),
            "edits": busiest(probe.edits),
        }
        edits_done = sum(len(v) for v in probe.edits.values())
        line += (
            f"; {mirrors} mirrors a table ({','.join(languages)}): click->every mirror p50 {percentile(every, 50):.0f} ms"
            f" p99 {percentile(every, 99):.0f} ms (each mirror p99 {percentile(each, 99):.0f} ms,"
            f" {len(every)} clicks shown everywhere); busiest thread in 5 s:"
            f" {busiest(probe.sends)} messages sent, {busiest(probe.edits)} edits;"
            f" {edits_done / max(1, counts_after - counts_before):.2f} mirror edits per action"
        )
    return line, figures


def clusters(args: argparse.Namespace) -> None:
    """N processes, one cluster each, on one database; their lines and the total actions/s."""
    count = args.clusters
    share = max(1, args.tables // count)
    cores = len(os.sched_getaffinity(0))
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                f"--tables={share}",
                f"--workload={args.workload}",
                f"--duration={args.duration}",
                f"--seed={args.seed + index}",
                f"--db={args.db}",
                f"--cluster={index}/{count}",
                f"--image-processes={args.image_processes}",
                # The limit is the bot's: the clusters share it.
                f"--discord-rate={max(1, args.discord_rate // count) if args.discord_rate else 0}",
                "--json",
                *(["--simcord-clock"] if args.simcord_clock else []),
            ],
            stdout=subprocess.PIPE,
            text=True,
            # ``--pin``: cluster k and its drawing processes on core k alone, as if each
            # cluster had a machine of one core (children inherit the affinity).
            preexec_fn=(lambda core=index % cores: os.sched_setaffinity(0, {core}))
            if args.pin
            else None,
        )
        for index in range(count)
    ]
    total = cores_used = 0.0
    server_ms: list[float] = []
    for index, process in enumerate(processes):
        out, _ = process.communicate()
        if process.returncode != 0:
            raise SystemExit(f"cluster {index} failed ({process.returncode})")
        figures = json.loads(out.strip().splitlines()[-1])
        report(
            args,
            f"cluster {index}/{count}: {figures['text']}",
            "cluster",
            index=index,
            count=count,
            **{k: v for k, v in figures.items() if k not in ("name", "text")},
        )
        total += float(figures["actions_per_s"] or 0.0)
        cores_used += float(figures["tree_cores"] or 0.0)
        if figures["database_server_ms_per_action"] is not None:
            server_ms.append(float(figures["database_server_ms_per_action"]))
    # What an action costs the whole system (every cluster's processes and the database
    # server), in CPU: the figure that other work on a shared machine disturbs least. With no
    # cost shared between clusters, N clusters on N free cores give N times one cluster's
    # throughput on one core.
    cost = cores_used * 1000 / total if total else float("nan")
    if server_ms:
        cost += statistics.median(server_ms)
    report(
        args,
        f"{count} clusters, {share * count} tables: {total:.1f} actions/s in all; "
        f"{cost:.2f} ms CPU per action in all (clusters and database server), "
        f"{1000 / cost:.0f} actions/s per core at that cost",
        "clusters",
        clusters=count,
        tables=share * count,
        actions_per_s=total,
        cpu_ms_per_action=cost,
    )


def main() -> None:
    allocator.tune()  # as python -m bot does, before any thread or process is started
    no_background_loops()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--workload", choices=("realistic", "flat-out"), default="flat-out")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--mirrors",
        type=int,
        default=0,
        choices=(0, 2, 3, 4),
        help="open tables (issue 44): one person of each of N servers a table, a mirror in each",
    )
    parser.add_argument(
        "--mirror-languages",
        default="en",
        help="with --mirrors: the mirrors' languages, round the list (en,fr,ja: three drawings)",
    )
    parser.add_argument("--db", help="ATOUT_DB: a postgresql:// URL (default: temporary SQLite)")
    parser.add_argument("--clusters", type=int, default=0, help="N cluster processes on --db")
    parser.add_argument("--cluster", help=argparse.SUPPRESS)  # k/N: this process is one cluster
    parser.add_argument(
        "--image-processes",
        type=int,
        default=default_image_processes(),
        help="ATOUT_IMAGE_PROCESSES (default: python -m bot's, one more than the usable CPUs)",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="with --clusters: cluster k and its drawing processes run on core k only",
    )
    parser.add_argument(
        "--simcord-clock",
        action="store_true",
        help="keep simcord's bookkeeping of the bot's timers during the run (see release_loop)",
    )
    parser.add_argument(
        "--discord-rate",
        type=int,
        default=0,
        help="keep to Discord's global limit at this many requests a second during the run, as"
        " python -m bot does (ATOUT_DISCORD_RATE, 45); default 0: none, what the bot itself can do",
    )
    parser.add_argument(
        "--profile", help="write cProfile's statistics of the bot's process during the run here"
    )
    add_json_option(parser)
    args = parser.parse_args()
    if args.discord_rate < 0:
        parser.error("--discord-rate is a number of requests a second, 0 or more")
    if args.clusters:
        if not args.db:
            parser.error("--clusters needs --db (a database the clusters share)")
        clusters(args)
        return
    shards = None
    if args.cluster:
        index, _, count = args.cluster.partition("/")
        shards = Shards(int(count), (int(index),))
    result = run(
        args.tables,
        args.workload,
        args.duration,
        args.seed,
        args.db,
        shards,
        args.simcord_clock,
        args.image_processes,
        args.mirrors,
        args.profile,
        tuple(args.mirror_languages.split(",")),
        args.discord_rate,
    )
    line, figures = asyncio.run(result)
    # A cluster's parent reads the line too, to print it beside the figures it sums.
    report(args, line, "load", **figures, **({"text": line} if args.cluster else {}))


if __name__ == "__main__":
    main()
