"""The kill test: the real ``python -m bot`` against the fake Discord (``harness.fake_discord``),
killed with SIGKILL at random moments of many games and started again.

Each game is a two-seat Briscola: a person (played by this driver, which reads the table's state
from the database and clicks the button of a legal action) against a computer player. Kills come
at random times and, now and then, a few milliseconds after a click, while its commit is under way.
At the end every game must have been played to its end, every click the bot acknowledged must be
in the log (none lost), and every log must replay action by action (none applied twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.play.sessions import restore_game
from bot.storage.backends import make_storage
from bot.ui.codec import button_id
from games.registry import game_class
from harness.fake_discord import TOKEN, FakeGateway

ROOT = Path(__file__).resolve().parents[1]
CLICK_TIMEOUT_S = 10.0
HOLD_AT = 30
"""Actions into a game (of the 40 cards of a one-deal, two-seat Briscola) where its player waits
for the kills still due."""


@dataclass
class Figures:
    games: int = 0
    kills: int = 0
    kills_after_click: int = 0
    clicks: int = 0
    acknowledged: int = 0
    finished: int = 0
    resumed: int = 0
    lost: int = 0
    applied_twice: int = 0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"games {self.games}, kills {self.kills} ({self.kills_after_click} right after a "
            f"click), clicks {self.clicks} ({self.acknowledged} acknowledged), finished "
            f"{self.finished}, resumed {self.resumed}, lost {self.lost}, applied twice "
            f"{self.applied_twice}"
        )


class Run:
    def __init__(self, workdir: Path, games: int, seed: int, budget_s: float) -> None:
        self.workdir = workdir
        self.db = workdir / "kill.sqlite3"
        self.fake = FakeGateway()
        self.rng = random.Random(seed)
        self.budget_s = budget_s
        self.figures = Figures(games=games)
        self.users = [100000000000000000 + n for n in range(games)]
        self.process: asyncio.subprocess.Process | None = None
        self.acked: list[tuple[int, int, int, dict[str, Any]]] = []
        """(table, action number, seat, action JSON) of every click the bot acknowledged."""
        self.tables: dict[int, int] = {}
        """table → the user playing it."""
        self.killed_during: set[int] = set()
        """Tables in play when a kill came."""
        self.kill_now = asyncio.Event()
        self.started_at = time.monotonic()
        self.kill_every_s = (2.0, 5.0)
        self.click_kill_p = 0.3
        """How often a click is followed, a few milliseconds later, by a kill."""
        self.max_kills = 1_000_000
        """After this many kills the games are left to finish."""
        self.kills_done = asyncio.Event()
        """Set once ``max_kills`` kills have come: until then, with a finite ``max_kills``, the
        players hold their games' last tricks, so that a fast machine cannot finish the games
        before the kills the test counts on (a game of 40 cards lasts about a second)."""
        self.done = False
        self.storage = make_storage(str(self.db))
        self.stop_signals: tuple[int, ...] = ()
        """Signals that stop the bot instead of SIGKILL, in turn (``stop_run``)."""
        self.exit_codes: list[int] = []

    # ------------------------------------------------------------------ the process
    async def start_bot(self) -> None:
        self.fake.identified.clear()
        environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "ATOUT_"))}
        environ.update(
            PYTHONPATH=str(ROOT),
            DISCORD_TOKEN=TOKEN,
            ATOUT_DISCORD_URL=self.fake.url,
            ATOUT_DB=str(self.db),
            ATOUT_AI_PAUSE="0",
        )
        log = (self.workdir / "bot.log").open("ab")
        # A session of its own: a kill takes the bot's worker processes (images, search) with it,
        # as when a container or a service is killed. Killed alone, its workers would be left
        # behind for good (each holds its own end of the pool's queue), some 200 MB per kill.
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.workdir,
            env=environ,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        log.close()
        await asyncio.wait_for(self.fake.identified.wait(), timeout=60)
        self.started_at = time.monotonic()

    async def kill_bot(self) -> None:
        assert self.process is not None
        for table, user in self.tables.items():
            row = await self.storage.tables.get(table)
            if row is not None and row.status == "playing" and user:
                self.killed_during.add(table)
        self.sigkill()
        await self.process.wait()
        for ws in list(self.fake.sockets):
            await ws.close()
        self.fake.sockets.clear()
        # Clicks in flight will never be answered: the player sees "This interaction failed".
        for future in self.fake.answers.values():
            if not future.done():
                future.set_exception(ConnectionError("the bot was killed"))
        self.fake.answers.clear()
        self.figures.kills += 1

    async def stop_bot(self, signum: int) -> int:
        """``signum`` as an admin sends it: SIGINT to the process group (a terminal's Ctrl-C
        reaches every process), SIGTERM to the bot alone (``docker stop``, systemd's
        ``KillMode=mixed``). Returns the bot's exit code."""
        assert self.process is not None
        for table, user in self.tables.items():
            row = await self.storage.tables.get(table)
            if row is not None and row.status == "playing" and user:
                self.killed_during.add(table)
        if signum == signal.SIGINT:
            os.killpg(self.process.pid, signum)
        else:
            self.process.send_signal(signum)
        code = await asyncio.wait_for(self.process.wait(), timeout=60)
        for ws in list(self.fake.sockets):
            await ws.close()
        self.fake.sockets.clear()
        for future in self.fake.answers.values():
            if not future.done():
                future.set_exception(ConnectionError("the bot was stopped"))
        self.fake.answers.clear()
        self.figures.kills += 1
        return code

    def sigkill(self) -> None:
        """SIGKILL to the bot and every process it started (its process group)."""
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)

    async def killer(self) -> None:
        while not self.done and self.figures.kills < self.max_kills:
            # The first kill always waits for a click in flight (its commit under way); the
            # others come at random, or with a click now and then.
            first = self.figures.kills == 0
            timeout = 60.0 if first else self.rng.uniform(*self.kill_every_s)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.kill_now.wait(), timeout=timeout)
            if self.done:
                return
            if self.kill_now.is_set():
                self.figures.kills_after_click += 1
            self.kill_now.clear()
            if self.stop_signals:
                signum = self.stop_signals[self.figures.kills % len(self.stop_signals)]
                self.exit_codes.append(await self.stop_bot(signum))
            else:
                await self.kill_bot()
            await self.start_bot()
            self.kill_now.clear()
            if self.figures.kills >= self.max_kills:
                self.kills_done.set()
        self.kills_done.set()

    # ------------------------------------------------------------------- the driver
    async def ask(self, payload: dict[str, Any]) -> Any:
        future = await self.fake.dispatch_interaction(payload)
        if future is None:
            return None
        try:
            return await asyncio.wait_for(future, timeout=CLICK_TIMEOUT_S)
        except (TimeoutError, ConnectionError):
            return None

    async def click(self, user: int, custom_id: str) -> Any:
        message = self.fake.button_message(custom_id)
        return await self.ask(
            self.fake.interaction(3, user, {"custom_id": custom_id, "component_type": 2}, message)
        )

    async def open_table(self, user: int) -> int:
        """``/briscola start`` and a computer player, then Start; retried across kills."""
        options = [
            {"name": "seats", "type": 4, "value": 2},
            {"name": "hands_to_win", "type": 4, "value": 1},
            {"name": "turn_timer", "type": 4, "value": 0},
        ]
        data = {
            "id": "1",
            "name": "briscola",
            "type": 1,
            "options": [{"name": "start", "type": 1, "options": options}],
        }
        while True:
            answer = await self.ask(self.fake.interaction(2, user, data))
            if answer is not None and answer.kind == 4:
                text = str(answer.data.get("components"))
                table = int(text.split("atout:join:")[1].split("'")[0])
                break
            await asyncio.sleep(0.2)
        self.tables[table] = user
        while True:
            row = await self.storage.tables.get(table)
            assert row is not None
            if row.status != "lobby":
                return table
            if not row.full:
                await self.click(user, f"atout:addbot:{table}:easy")
            else:
                await self.click(user, f"atout:start:{table}")
            await asyncio.sleep(0.05)

    def holding(self, action_count: int) -> bool:
        """Whether a player waits for the kills to come before playing on: near its game's end
        (a two-seat Briscola deal is 40 cards), while a finite number of kills is still due."""
        return (
            self.max_kills < 1_000_000 and not self.kills_done.is_set() and action_count >= HOLD_AT
        )

    async def play(self, user: int) -> None:
        table = await self.open_table(user)
        while not self.done:
            row = await self.storage.tables.get(table)
            assert row is not None
            if row.status != "playing":
                return
            game = await restore_game(self.storage, row)
            seat = row.seat_of(user)
            if game.over or game.to_act is None or game.to_act != seat:
                await asyncio.sleep(0.05)
                continue
            if self.holding(game.action_count):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.kills_done.wait(), timeout=1.0)
                continue
            action = self.rng.choice(game.legal_actions(seat))
            version = game.action_count
            self.figures.clicks += 1
            pending = asyncio.ensure_future(self.click(user, button_id(table, version, action)))
            up_s = time.monotonic() - self.started_at
            # The first kill of a run always lands on a click in flight; later ones now and then.
            p = 1.0 if self.figures.kills_after_click == 0 else self.click_kill_p
            settled = up_s > self.kill_every_s[0] or self.figures.kills_after_click == 0
            if self.fake.sockets and settled and self.rng.random() < p:
                # Kill while this click is being committed (or just before, or just after).
                await asyncio.sleep(self.rng.uniform(0.0, 0.03))
                self.kill_now.set()
            answer = await pending
            if answer is None:
                await asyncio.sleep(0.2)  # the bot is down: try again when it is back
            elif answer.kind == 7:
                self.figures.acknowledged += 1
                self.acked.append((table, version, seat, action.to_json()))

    # ------------------------------------------------------------------- the checks
    async def check(self) -> None:
        figures = self.figures
        for table in self.tables:
            row = await self.storage.tables.get(table)
            assert row is not None
            if row.status == "finished":
                figures.finished += 1
                if table in self.killed_during:
                    figures.resumed += 1
            else:
                figures.problems.append(f"table {table} is {row.status}")
            log = await self.storage.tables.load_log(table)
            assert row.first_dealer is not None
            engine = game_class(row.game)(
                options=row.options, seats=row.seats, dealer=row.first_dealer
            )
            by_deal: dict[int, list[tuple[int, dict[str, Any]]]] = {}
            for deal_no, seat, action in log.actions:
                by_deal.setdefault(deal_no, []).append((seat, action))
            try:
                from games.actions import Action

                for deal_no, (_dealer, deck) in enumerate(log.deals):
                    engine.deal(deck)
                    for seat, action in by_deal.get(deal_no, []):
                        engine.apply(seat, Action.from_json(action))
            except Exception as exc:
                figures.applied_twice += 1
                figures.problems.append(f"table {table}: the log does not replay: {exc}")
        for table, version, seat, action in self.acked:
            log = await self.storage.tables.load_log(table)
            if version >= len(log.actions):
                figures.lost += 1
                figures.problems.append(f"table {table}: action {version} acknowledged, not logged")
                continue
            _deal, logged_seat, logged = log.actions[version]
            if logged_seat != seat or logged != action:
                figures.lost += 1
                figures.problems.append(f"table {table}: action {version} is not the one clicked")

    async def run(self) -> Figures:
        await self.fake.start()
        await self.storage.open()
        await self.start_bot()
        started = time.monotonic()
        killer = asyncio.ensure_future(self.killer())
        players = [asyncio.ensure_future(self.play(user)) for user in self.users]
        try:
            done, _ = await asyncio.wait(players, timeout=self.budget_s)
            for task in done:
                task.result()
        finally:
            self.done = True
            self.kill_now.set()
            for task in players:
                task.cancel()
            killer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await killer
            if self.process is not None:
                self.sigkill()
                await self.process.wait()
            await self.check()
            await self.storage.close()
            await self.fake.stop()
        self.figures.problems.append(f"run took {time.monotonic() - started:.1f} s")
        return self.figures


async def kill_run(
    workdir: Path,
    games: int,
    seed: int = 1,
    budget_s: float = 50.0,
    kill_every_s: tuple[float, float] = (2.0, 5.0),
    max_kills: int = 1_000_000,
    click_kill_p: float = 0.3,
) -> Figures:
    run = Run(workdir, games, seed, budget_s)
    run.kill_every_s = kill_every_s
    run.max_kills = max_kills
    run.click_kill_p = click_kill_p
    return await run.run()


async def stop_run(
    workdir: Path, games: int, signals: tuple[int, ...], seed: int = 1, budget_s: float = 120.0
) -> tuple[Figures, list[int], str]:
    """The kill run with clean stops: each "kill" is one of ``signals`` in turn, sent right after
    a click while its commit may be under way. The figures, the exit code of every stop, and
    everything the bot printed."""
    run = Run(workdir, games, seed, budget_s)
    run.kill_every_s = (0.5, 1.0)
    run.max_kills = len(signals)
    run.click_kill_p = 1.0
    run.stop_signals = signals
    figures = await run.run()
    return figures, run.exit_codes, (workdir / "bot.log").read_text(errors="replace")
