"""Which puzzle, and what an answer does: the server's puzzle of the day, a puzzle from one's own
reviewed mistakes, answers (one each, the first stands), and the daily post's sweep.

The puzzle of the day is the same for every member of a server that day (UTC): the first member
to ask makes it — from the server's own recent finished deals when there are at least
``ENOUGH_DEALS`` of them, else from the built-in set — and storage keeps the first one set
(``storage.puzzles.set_of_day``), so two members asking at once, or two processes, agree. It is
drawn from a seed of the server and the day, never twice for a server. A challenge's deals are never
drawn: others may be playing them still (docs/challenges.md, "No peeking").

The daily post is swept like ``/challenge daily`` (``bot.challenge.controller``): at start-up
and every ``SWEEP_EVERY_S``, whatever is due is found in storage and posted, by the process
that claims it first.
"""

from __future__ import annotations

import datetime
import logging
import random
from typing import Protocol

import discord

from bot.play.single_flight import SingleFlight
from bot.puzzles.builtin import Entry, builtin_key, builtin_puzzles
from bot.puzzles.finder import Finder
from bot.puzzles.screens import Shown, post
from bot.storage.challenges.interface import iso, moment
from bot.storage.puzzles.interface import PuzzleAnswer, PuzzlePost, StoredPuzzle
from bot.storage.storage import Storage
from bot.storage.tables.interface import TableRow
from bot.table.channel import NO_MENTIONS
from bot.ui.sweeps import gateway_loop
from games.records import ParsedRecord

log = logging.getLogger(__name__)

SWEEP_EVERY_S = 60.0
DAY = datetime.timedelta(days=1)
RECENT_DAYS = 14
"""A server's deals this recent may make its puzzle of the day."""
ENOUGH_DEALS = 3
"""Fewer finished deals than this in ``RECENT_DAYS``: the day's puzzle is a built-in one."""
TABLES_LOOKED_AT = 20
DEALS_TRIED = 4
"""Deals searched for a puzzle of the day before the built-in set is drawn from instead (about
a second each, in the finder's worker)."""
MISTAKES_LOOKED_AT = 50
"""Reviewed deals read for ``/puzzle mine``, newest first."""
MISTAKES_TRIED = 3
"""Mistakes searched for a puzzle at one ``/puzzle mine`` (each once: the finding is stored)."""


def now() -> datetime.datetime:
    """Discord's clock (simcord's in tests)."""
    return discord.utils.utcnow()


def day_of(moment_: datetime.datetime) -> str:
    return moment_.astimezone(datetime.UTC).strftime("%Y-%m-%d")


class PuzzleHost(Protocol):
    """What the puzzles need of the bot (``bot.app.AtoutBot`` has it)."""

    @property
    def storage(self) -> Storage: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    async def wait_until_ready(self) -> None: ...


class NoPuzzle(Exception):
    """``/puzzle mine`` has nothing to serve; ``key`` says why, in the catalogue's words."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class PuzzleDesk:
    def __init__(self, host: PuzzleHost, processes: int = 0) -> None:
        self.host = host
        self.finder = Finder(processes)
        self._making: SingleFlight[tuple[int, str], StoredPuzzle] = SingleFlight()
        self._sweeper = gateway_loop(host, SWEEP_EVERY_S, self._sweep_once)

    @property
    def storage(self) -> Storage:
        return self.host.storage

    # ------------------------------------------------------------------ the puzzle of the day
    async def today(self, guild_id: int) -> StoredPuzzle:
        """The server's puzzle of today, made now by the first to ask (the others wait)."""
        day = day_of(now())
        stored = await self.storage.puzzles.of_day(guild_id, day)
        if stored is not None:
            return stored
        return await self._making.run((guild_id, day), lambda: self._make_day(guild_id, day))

    async def _make_day(self, guild_id: int, day: str) -> StoredPuzzle:
        rng = random.Random(f"{guild_id}:{day}")
        used = await self.storage.puzzles.past_keys(guild_id)
        made = await self._from_server(guild_id, day, rng, used)
        if made is None:
            made = await self._from_builtin(rng, used)
        return await self.storage.puzzles.set_of_day(guild_id, day, made.id)

    async def _from_server(
        self, guild_id: int, day: str, rng: random.Random, used: set[str]
    ) -> StoredPuzzle | None:
        since = iso(moment(f"{day}T00:00:00Z") - datetime.timedelta(days=RECENT_DAYS))
        candidates: list[tuple[int, int]] = []
        records: dict[int, ParsedRecord] = {}
        names: dict[int, list[str]] = {}
        finished = await self.storage.puzzles.finished_tables(guild_id, since, TABLES_LOOKED_AT)
        for table_id in finished:
            row = await self.storage.tables.get(table_id)
            if row is None or row.settings.duplicate is not None or row.settings.private:
                continue
            game_log = await self.storage.tables.load_log(table_id)
            records[table_id] = game_log.record(row)
            names[table_id] = _names(row)
            candidates.extend((table_id, deal) for deal in range(len(game_log.deals)))
        if len(candidates) < ENOUGH_DEALS:
            return None
        rng.shuffle(candidates)
        tried = 0
        for table_id, deal in candidates:
            if any(key.startswith(f"table:{table_id}:{deal}:") for key in used):
                continue
            if tried == DEALS_TRIED:
                break
            tried += 1
            try:
                found = await self.finder.deal(records[table_id], deal, seed=table_id)
            except Exception:
                log.exception("puzzles of table %s, deal %s could not be found", table_id, deal)
                continue
            if found:
                entry = rng.choice(found)
                return await self._store(
                    entry, _table_key(table_id, entry), guild_id, None, names[table_id]
                )
        return None

    async def _from_builtin(self, rng: random.Random, used: set[str]) -> StoredPuzzle:
        entries = list(builtin_puzzles())
        fresh = [e for e in entries if builtin_key(e) not in used] or entries
        entry = rng.choice(fresh)
        return await self._store(entry, builtin_key(entry), None, None, [])

    async def _store(
        self, entry: Entry, key: str, guild_id: int | None, owner_id: int | None, names: list[str]
    ) -> StoredPuzzle:
        return await self.storage.puzzles.store(
            key=key,
            guild_id=guild_id,
            owner_id=owner_id,
            game=entry.game,
            kind=entry.kind,
            puzzle=entry.puzzle,
            record=entry.record,
            names=names,
            created_at=iso(now()),
        )

    # ------------------------------------------------------------------ learn from my mistakes
    async def mine(self, user_id: int) -> StoredPuzzle:
        """A puzzle from one of the person's reviewed mistakes that they have not answered:
        the newest reviewed deal first, its costliest card first. ``NoPuzzle`` says why there
        is none."""
        reviewed = await self.storage.puzzles.reviewed_deals(user_id, MISTAKES_LOOKED_AT)
        mistakes = [
            (deal, decision)
            for deal in reviewed
            for decision in sorted(
                deal.review.get("decisions", []), key=lambda d: -float(d.get("cost", 0))
            )
            if float(decision.get("cost", 0)) > 0
            and decision.get("choice", {}).get("type") == "play"
        ]
        if not mistakes:
            raise NoPuzzle("puzzle_mine_none")
        searched = 0
        for deal, decision in mistakes:
            index = int(decision["action_index"])
            looked, puzzle_id = await self.storage.puzzles.mistake_looked_at(
                user_id, deal.table_id, deal.deal_no, index
            )
            if not looked:
                if searched == MISTAKES_TRIED:
                    break
                searched += 1
                puzzle_id = await self._find_mistake(
                    user_id, deal.table_id, deal.deal_no, deal.seat, index
                )
            if puzzle_id is None:
                continue
            if await self.storage.puzzles.get_answer(puzzle_id, user_id) is None:
                stored = await self.storage.puzzles.get(puzzle_id)
                if stored is not None:
                    return stored
        raise NoPuzzle("puzzle_mine_done")

    async def _find_mistake(
        self, user_id: int, table_id: int, deal_no: int, seat: int, index: int
    ) -> int | None:
        row = await self.storage.tables.get(table_id)
        if row is None:
            return None
        record = (await self.storage.tables.load_log(table_id)).record(row)
        entry = await self.finder.near(record, deal_no, seat, index, seed=table_id)
        puzzle_id: int | None = None
        if entry is not None:
            names = _names(row)
            key = f"mine:{user_id}:{_table_key(table_id, entry)}"
            stored = await self._store(entry, key, None, user_id, names)
            puzzle_id = stored.id
        await self.storage.puzzles.set_mistake_puzzle(user_id, table_id, deal_no, index, puzzle_id)
        return puzzle_id

    # ------------------------------------------------------------------ answers
    async def answer(
        self, stored: StoredPuzzle, user_id: int, guild_id: int | None, card: str
    ) -> PuzzleAnswer | None:
        """Record the person's answer; None when they had answered (the first stands)."""
        puzzle = Shown.of(stored).puzzle
        answer = PuzzleAnswer(
            stored.id,
            user_id,
            guild_id,
            stored.game,
            card,
            card == puzzle.answer.card,
            iso(now()),
        )
        return answer if await self.storage.puzzles.record_answer(answer) else None

    # ------------------------------------------------------------------ the daily post
    async def post_today(self, schedule: PuzzlePost) -> bool:
        """Post today's puzzle of a schedule, unless another process claimed it first."""
        due = moment(schedule.next_at)
        following = due + DAY
        while following <= now():
            # The bot was down for days: one post today, not one per missed day.
            following += DAY
        if not await self.storage.puzzles.claim_daily(schedule, iso(following)):
            return False
        settings = await self.storage.settings.server(schedule.guild_id)
        guild = self.host.get_guild(schedule.guild_id)
        locale = settings.table_language(guild.preferred_locale if guild is not None else None)
        stored = await self.today(schedule.guild_id)
        screen = await post(Shown.of(stored), day_of(now()), locale)
        channel = self.host.get_partial_messageable(schedule.channel_id, guild_id=schedule.guild_id)
        assert screen.file is not None and screen.view is not None
        await channel.send(
            screen.content, file=screen.file, view=screen.view, allowed_mentions=NO_MENTIONS
        )
        return True

    def start(self) -> None:
        """The sweep, now and every ``SWEEP_EVERY_S`` (simcord moves it with its clock)."""
        if not self._sweeper.is_running():
            self._sweeper.start()

    def stop(self) -> None:
        self._sweeper.cancel()
        self._making.cancel()
        self.finder.close()

    async def _sweep_once(self) -> None:
        # A failure is logged and the loop goes on (a tasks loop stops at the first exception).
        try:
            await self.sweep()
        except Exception:
            log.exception("the sweep of daily puzzle posts failed")

    async def sweep(self) -> None:
        for schedule in await self.storage.puzzles.due_daily(iso(now())):
            try:
                await self.post_today(schedule)
            except discord.HTTPException as exc:
                log.warning(
                    "daily puzzle of server %s: channel %s refused (%s)",
                    schedule.guild_id,
                    schedule.channel_id,
                    exc.status,
                )


def _names(row: TableRow) -> list[str]:
    """The seats' names as the table had them ("" for an empty seat)."""
    return [seat.name if (seat := row.seat(k)) is not None else "" for k in range(row.seats)]


def _table_key(table_id: int, entry: Entry) -> str:
    puzzle = entry.puzzle
    return f"table:{table_id}:{puzzle['deal']}:{puzzle['action_index']}:{puzzle['seat']}"


__all__ = ["NoPuzzle", "PuzzleDesk", "day_of", "now"]
