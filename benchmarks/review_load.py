"""How long a player waits for "Review my play" while the bot's other tables play on.

``--tables`` Coinche tables (two people, two easy computers each) play at the realistic pace of
``benchmarks/load.py`` (its people and hooks, under simcord, one bot process with its drawing
processes and one review process, as ``python -m bot`` runs them). Meanwhile, every
``--interval`` seconds somebody presses "Review my play" for a deal nobody has reviewed yet,
taking turns between the deals just finished at the Coinche tables in play and finished games
of the other five games (played beforehand by the normal computer player and stored, as a
finished table is). Each click is timed from the moment it is sent to the moment the review is
in the player's (edited) answer. Printed: click->review p50/p95/max for Coinche and for the
other games, and the tables' own figures over the same run (actions/s, click->table p99), so
that the cost of the reviews to the tables in play is in the same line.

    nice -n 10 python benchmarks/review_load.py --tables 50 --duration 240 --interval 6
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord
from simcord import interactions as simcord_interactions

from benchmarks.figures import add_json_option, percentile, report
from benchmarks.load import (
    DEFAULT_PAUSE_S,
    REALISTIC_DELAY_S,
    START_SPREAD_S,
    Players,
    Probe,
    button_ids,
    install_hooks,
    no_background_loops,
    open_table,
    release_loop,
)
from bot.app import AtoutBot, create_bot
from bot.config import Settings
from bot.play.workers import default_image_processes
from bot.storage.tables.interface import Snapshot
from bot.storage.tables.settings import TableSettings
from bot.text.i18n import t
from games.ai import choose
from games.ai.random_play import deal_shuffled
from games.registry import new_game

OTHER_GAMES = (("belote", 4), ("piquet", 2), ("briscola", 2), ("chiamata", 5), ("sueca", 4))


@dataclass
class Asked:
    game: str
    sent: float
    channel: int = 0
    message: int = 0
    done: float | None = None
    record: Any = None


async def stored_game(
    bot: AtoutBot, guild: int, channel: int, user: int, name: str, seats: int, deals: int, seed: int
) -> int:
    """A finished table of ``name``: ``deals`` deals played by the normal computer player, seat
    0 held by ``user``, written to storage step by step as a table in play writes them."""
    rng = random.Random(seed)
    row = await bot.storage.tables.create(guild, channel, name, seats, user, {}, TableSettings())
    await bot.storage.tables.set_seat(row.id, 0, user, None, "p")
    for seat in range(1, seats):
        await bot.storage.tables.set_seat(row.id, seat, None, "normal", f"Computer {seat}")
    game = new_game(name, seats=seats, dealer=0)
    await bot.storage.tables.update(row.id, first_dealer=0, status="playing")
    action_no = 0
    for deal_no in range(deals):
        if game.over:
            break
        deck = deal_shuffled(game, rng)
        await bot.storage.tables.append_deal(
            row.id, deal_no, game.log[-1]["dealer"], deck, Snapshot.of(game)
        )
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            action = choose(game.view(seat), game.legal_actions(seat), "normal", rng)
            game.apply(seat, action)
            await bot.storage.tables.append_action(
                row.id, action_no, deal_no, seat, action.to_json(), Snapshot.of(game)
            )
            action_no += 1
    await bot.storage.tables.finish(row.id, "finished")
    return row.id


def press(env: simcord.Env, user: Any, custom_id: str, source: tuple[int, int]) -> Any:
    """A click on a review button, sent as Discord sends it (nothing waits for the bot)."""
    backend = env.backend
    stored = backend.get_message(*source)
    record, payload = simcord_interactions.base_payload(
        backend,
        type=3,
        channel_id=stored.channel_id,
        guild_id=user.guild.id,
        user_id=user.id,
        data={"custom_id": custom_id, "component_type": 2},
    )
    payload["message"] = dict(simcord_interactions.serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)
    return record


def watch_summaries(env: simcord.Env) -> dict[str, tuple[int, int]]:
    """Review button custom_id → (channel, message) of the deal summary that carries it, for
    every summary posted from now on and every one already posted."""
    found: dict[str, tuple[int, int]] = {}
    backend = env.backend
    for channel, messages in backend.messages.items():
        for message in messages.values():
            for custom_id in button_ids(message.components):
                if custom_id.startswith("atout:review:"):
                    found[custom_id] = (channel, message.id)
    emit = backend.emit

    def seen(event: str, payload: Any) -> None:
        if event == "MESSAGE_CREATE":
            for custom_id in button_ids(payload.get("components") or []):
                if custom_id.startswith("atout:review:"):
                    found[custom_id] = (int(payload["channel_id"]), int(payload["id"]))
        emit(event, payload)

    backend.emit = seen  # type: ignore[method-assign]
    return found


async def watch(env: simcord.Env, asked: Asked, title: str) -> None:
    """Wait until the answer to ``asked`` shows the review (not "being computed")."""
    while True:
        record = asked.record
        if record.message_id is not None:
            message = env.backend.get_message(record.channel_id, record.message_id)
            if (message.content or "").startswith(title):
                asked.done = time.perf_counter()
                return
        await asyncio.sleep(0.02)


async def run(args: argparse.Namespace) -> tuple[str, dict[str, object]]:
    logging.basicConfig(level=logging.CRITICAL)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            token=None,
            db_path=str(Path(tmp) / "review.sqlite3"),
            ai_pause_s=DEFAULT_PAUSE_S,
            image_processes=args.image_processes,
            review_processes=1,
        )
        bot = create_bot(settings)
        env = simcord.Env(bot, settle_timeout=120.0, check_errors=False)
        await env.start()
        probe = Probe()
        players = Players(env, probe, REALISTIC_DELAY_S, args.seed)
        asked: list[Asked] = []
        watchers: set[asyncio.Task[None]] = set()
        try:
            guild = env.create_guild()
            channel = guild.create_text_channel("cards")
            members = [guild.add_member(env.create_user(f"p{i}")) for i in range(2 * args.tables)]
            opened = await asyncio.gather(
                *(
                    open_table(
                        bot, channel.id, guild.id, [members[2 * i].id, members[2 * i + 1].id]
                    )
                    for i in range(args.tables)
                )
            )
            for index, table_id in enumerate(opened):
                for person in members[2 * index : 2 * index + 2]:
                    players.actors[person.id] = person
                    players.table_of[person.id] = table_id
            reviewer = guild.add_member(env.create_user("reviewer"))
            others: list[tuple[str, int, int]] = []  # (game, table, deal)
            for k, (name, seats) in enumerate(OTHER_GAMES):
                table_id = await stored_game(
                    bot, guild.id, channel.id, reviewer.id, name, seats, args.deals, args.seed + k
                )
                finished = len((await bot.tables.get(table_id)).game.deal_results)  # type: ignore[union-attr]
                others += [(name, table_id, deal) for deal in range(finished)]
            # Each stored deal gets its summary, as it had when it ended: the button people press.
            for _, table_id, deal in others:
                stored_session = await bot.tables.get(table_id)
                assert stored_session is not None
                await bot.ui.message.post_deal_summary(stored_session, deal)
            random.Random(args.seed).shuffle(others)
            print(
                f"{args.tables} tables open, {len(others)} stored deals",
                file=sys.stderr,
                flush=True,
            )
            await env.settle()
            for session in bot.tables.sessions.values():
                assert session.row.table_message_id is not None
                probe.table_messages[session.row.table_message_id] = session.id
            await players.open_hands()
            install_hooks(env, probe)
            summaries = watch_summaries(env)
            release_loop(env)
            probe.pings.clear()
            loop = asyncio.get_running_loop()
            jitter = random.Random(args.seed)
            for user in players.actors:
                loop.call_later(jitter.uniform(0.0, START_SPREAD_S), probe.pings.append, (0, user))
            sessions = {s.id: s for s in bot.tables.sessions.values()}
            counts_before = sum(s.game.action_count for s in sessions.values() if s.game)
            players_task = loop.create_task(players.run())
            wall_start = time.perf_counter()
            reviewed: set[tuple[int, int]] = set()
            turns = itertools.cycle(("coinche", "other"))
            next_click = wall_start + args.warmup
            while time.perf_counter() - wall_start < args.duration:
                await asyncio.sleep(0.05)
                if time.perf_counter() < next_click:
                    continue
                next_click += args.interval
                kind = next(turns)
                if kind == "coinche":
                    fresh = [
                        (s.id, len(s.game.deal_results) - 1, s)
                        for s in sessions.values()
                        if s.game is not None
                        and s.game.deal_results
                        and (s.id, len(s.game.deal_results) - 1) not in reviewed
                    ]
                    if not fresh:
                        kind = "other"
                    else:
                        table_id, deal, session = random.Random(len(asked)).choice(fresh)
                        user = players.actors[session.row.seat_list[0].user_id or 0]
                        game_name = "coinche"
                if kind == "other":
                    if not others:
                        continue
                    game_name, table_id, deal = others.pop()
                    user = reviewer
                reviewed.add((table_id, deal))
                title = t(
                    "review_title", deal=deal + 1, table=table_id, game=t(f"game_{game_name}")
                )
                item = Asked(game_name, time.perf_counter())
                custom_id = f"atout:review:{table_id}:{deal}"
                item.record = press(env, user, custom_id, summaries[custom_id])
                asked.append(item)
                task = loop.create_task(watch(env, item, title))
                watchers.add(task)
                task.add_done_callback(watchers.discard)
            players.running = False
            wall = time.perf_counter() - wall_start
            counts_after = sum(s.game.action_count for s in sessions.values() if s.game)
            # The reviews still being computed get their time to finish.
            deadline = time.perf_counter() + 120
            while watchers and time.perf_counter() < deadline:
                await asyncio.sleep(0.1)
            await players_task
            for task in list(players.tasks) + list(watchers):
                task.cancel()
        finally:
            await env.shutdown()
            bot.review.reviews.close()
            await bot.storage.close()
    figures: dict[str, object] = {"tables": args.tables, "duration_s": args.duration}
    parts = []
    for label, games in (("coinche", {"coinche"}), ("other games", {g for g, _ in OTHER_GAMES})):
        times = [a.done - a.sent for a in asked if a.game in games and a.done is not None]
        missing = sum(1 for a in asked if a.game in games and a.done is None)
        figures[label.replace(" ", "_")] = {
            "reviews": len(times),
            "unanswered": missing,
            "p50_s": percentile(times, 50),
            "p95_s": percentile(times, 95),
            "max_s": max(times, default=float("nan")),
        }
        parts.append(
            f"{label}: {len(times)} reviews, click->review p50 {percentile(times, 50):.1f} s"
            f" p95 {percentile(times, 95):.1f} s max {max(times, default=float('nan')):.1f} s"
            + (f", {missing} unanswered" if missing else "")
        )
    edits = [(c.edited - c.sent) * 1000 for c in probe.clicks.values() if c.edited is not None]
    actions = (counts_after - counts_before) / wall
    figures["actions_per_s"] = actions
    figures["click_to_table_p99_ms"] = percentile(edits, 99)
    line = (
        f"{args.tables} realistic Coinche tables, {args.duration:.0f} s, a review every "
        f"{args.interval:g} s: " + "; ".join(parts) + f"; tables {actions:.1f} actions/s,"
        f" click->table p50 {percentile(edits, 50):.0f} ms p99 {percentile(edits, 99):.0f} ms"
    )
    return line, figures


def main() -> None:
    no_background_loops()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--duration", type=float, default=240.0)
    parser.add_argument("--interval", type=float, default=6.0, help="seconds between reviews")
    parser.add_argument("--warmup", type=float, default=60.0, help="seconds before the first")
    parser.add_argument("--deals", type=int, default=4, help="stored deals per other game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--image-processes", type=int, default=default_image_processes())
    add_json_option(parser)
    args = parser.parse_args()
    line, figures = asyncio.run(run(args))
    report(args, line, "review_load", **figures)


if __name__ == "__main__":
    main()
