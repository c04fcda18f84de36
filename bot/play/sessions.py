"""Table sessions: one per table, the only place where a game's state changes.

The path of one action (docs/architecture.md, "The path of one click"): take the table's lock, map
the user to a seat, apply the action to a copy of the engine, append it to the log in SQLite
(with the snapshot, in one transaction, possibly shared with other tables' steps), and only then
swap the copy in and tell anyone. A ``StaleAction`` (somebody else appended that step first) and
any other storage error reload the table from storage: memory always ends equal to the database,
whether or not the failed write reached it, and the table moves on from there.

A computer player's turn is decided outside the table's lock, in a worker (``bot.play.workers``), so
that the event loop and the people at the table are never kept waiting by a search.

This module knows nothing of Discord: what to show after a change is the presenter's job
(``bot.table.controller``), which ``drive`` calls through the ``Listener`` protocol.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any, Protocol, Unpack

from bot.play import workers
from bot.storage.interface import AI_LEVELS as SEAT_LEVELS
from bot.storage.interface import (
    Seat,
    Snapshot,
    StaleAction,
    Storage,
    TableFields,
    TableRow,
    replay_log,
)
from bot.storage.ratings import RatingChange
from bot.storage.table_settings import AwaySeat, Duplicate, TableSettings
from games.actions import Action
from games.ai import LEVELS as AI_LEVELS
from games.ai import choose
from games.base import Game, IllegalAction
from games.registry import game_class
from games.views import GameView

log = logging.getLogger(__name__)

ChooseFn = Callable[[GameView, list[Action], str, random.Random], Action]


class StorageFailed(Exception):
    """A step could not be recorded; the session has been reloaded from storage already."""


THINKING_AFTER_S = 1.0
"""A computer player still deciding after this long is shown as thinking on the table."""
STORAGE_RETRIES = 3
"""Storage failures in a row after which a drive stops (the next click drives it again)."""


@dataclass(frozen=True)
class ActResult:
    ok: bool
    error: str | None = None
    """An i18n key: ``not_seated``, ``stale``, ``not_your_turn``, ``not_playing``, ``illegal``,
    ``storage``."""
    reason: str | None = None
    """The engine's reason in English, for ``illegal`` (logs and the command line)."""
    seat: int | None = None
    refused: IllegalAction | None = None
    """The engine's refusal itself (a code and its values), worded in each player's language."""


class Listener(Protocol):
    async def deal_started(self, session: TableSession) -> None: ...

    async def deal_finished(self, session: TableSession, deal_index: int) -> None: ...

    async def changed(self, session: TableSession) -> None: ...

    async def game_over(self, session: TableSession) -> None: ...

    async def thinking(self, session: TableSession, seat: int) -> None: ...


async def restore_game(storage: Storage, row: TableRow) -> Game:
    """The table's engine from its snapshot, or by replaying the log when the snapshot is from
    another engine version or does not match the log (the log is the truth)."""
    cls = game_class(row.game)
    game_log = await storage.load_log(row.id)
    snap = await storage.load_snapshot(row.id)
    if (
        snap is not None
        and snap.engine_version == cls.ENGINE_VERSION
        and snap.action_count == len(game_log.actions)
        and snap.deal_count == len(game_log.deals)
    ):
        try:
            return cls.from_dict(snap.state)
        except (ValueError, KeyError, TypeError):
            log.warning("table %s: unreadable snapshot, replaying the log", row.id)
    game = replay_log(row, game_log)
    if snap is None or snap.engine_version != cls.ENGINE_VERSION:
        log.info("table %s: rebuilt from its log (engine version %s)", row.id, cls.ENGINE_VERSION)
    return game


AI_TIME_CAP_S = 5.0
"""A safety net for the search-based levels: a computer player never holds a table longer."""


def default_choose(
    view: GameView,
    legal: list[Action],
    level: str,
    rng: random.Random,  # see ChooseFn
) -> Action:
    return choose(view, legal, ai_level(level), rng, time_cap_s=AI_TIME_CAP_S)


def budget_choose(
    view: GameView,
    legal: list[Action],
    level: str,
    rng: random.Random,  # see ChooseFn
    samples: int,
) -> Action:
    """A move searched with exactly ``samples`` samples and no wall-clock cap: what a
    duplicate table's computers play, so that the move depends on the view and the seed alone,
    never on how busy the machine is."""
    return choose(view, legal, ai_level(level), rng, samples=samples, time_cap_s=0.0)


async def decide(
    choose_fn: ChooseFn,
    view: GameView,
    legal: list[Action],
    level: str,
    rng: random.Random,
    samples: int | None = None,
) -> Action:
    """A computer player's move, in a worker: a process for a search (when the bot plays with
    its own players), a thread otherwise; with a ``samples`` budget, searched exactly that much
    (``budget_choose``)."""
    if choose_fn is default_choose and ai_level(level) in workers.SEARCH_LEVELS:
        executor: Executor = workers.ai_processes()
    else:
        executor = workers.ai_threads()
    if samples is not None and choose_fn is default_choose:
        return await workers.run_ai(executor, budget_choose, view, legal, level, rng, samples)
    return await workers.run_ai(executor, choose_fn, view, legal, level, rng)


def ai_level(level: str) -> str:
    """The games.ai level that plays a seat stored at ``level`` (the stored level is kept even
    if games.ai does not know it, for when it does)."""
    return level if level in AI_LEVELS else AI_LEVELS[0]


def fallback_action(game: Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """What a seat whose computer player failed plays: one of ``legal``, or for a template
    (Piquet's exchange of 1 to 5 cards) the smallest exchange the engine accepts."""
    # An exchange without cards is a template, not an action (games.piquet's ``is_legal``
    # accepts it although ``apply`` refuses it).
    concrete = [
        a
        for a in legal
        if not (a.type == "exchange" and a.cards is None) and game.is_legal(seat, a)
    ]
    if concrete:
        return rng.choice(concrete)
    hand = list(game.view(seat).get("hand") or [])
    for size in range(len(hand) + 1):
        candidate = Action("exchange", cards=tuple(hand[-size:]) if size else ())
        if game.is_legal(seat, candidate):
            return candidate
    raise RuntimeError(f"no legal action for seat {seat}")


class TableSession:
    def __init__(
        self,
        storage: Storage,
        row: TableRow,
        game: Game | None = None,
        *,
        choose: ChooseFn = default_choose,
        ai_pause_s: float = 0.0,
    ) -> None:
        self.storage = storage
        self.row = row
        self.game = game
        self.lock = asyncio.Lock()
        self.choose = choose
        self.ai_pause_s = ai_pause_s
        self.rng = secrets.SystemRandom()
        self.abandon_votes: set[int] = set()
        self._driver: asyncio.Task[None] | None = None
        self._pending_drive = False
        self.deals_announced = len(game.deal_results) if game is not None else 0
        """Deal summaries already posted (after a restart: all the finished ones)."""
        self.listener: Listener | None = None
        self.needs_reload = False
        """A storage error left memory possibly behind the database, and reading failed too."""
        self.restoring = False
        """Brought back by a restart and not yet shown again: drawn after people's clicks."""
        self.rating_changes: list[RatingChange] = []
        """How the game that just ended moved its people's ratings (for the result message)."""

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def settings(self) -> TableSettings:
        return self.row.settings

    @property
    def duplicate(self) -> Duplicate | None:
        """The fixed deal of a challenge's table, None otherwise."""
        return self.row.settings.duplicate

    @property
    def playing(self) -> bool:
        return self.row.status == "playing" and self.game is not None and not self.game.over

    @property
    def play_over(self) -> bool:
        """Nothing more is played at this table: the game is over, or the one deal of a
        duplicate table is."""
        game = self.game
        if game is None:
            return False
        return game.over or (self.duplicate is not None and bool(game.deal_results))

    def seat_of(self, user_id: int) -> int | None:
        return self.row.seat_of(user_id)

    def seat(self, index: int) -> Seat | None:
        return self.row.seat(index)

    def names(self) -> list[str]:
        return [(s.name if (s := self.row.seat(i)) else "") for i in range(self.row.seats)]

    def computers(self) -> list[bool]:
        return [bool((s := self.row.seat(i)) and s.is_computer) for i in range(self.row.seats)]

    def humans(self) -> list[int]:
        return [s.user_id for s in self.row.seat_list if s.user_id is not None]

    # ------------------------------------------------------------------- the table row
    async def update_row(self, **fields: Unpack[TableFields]) -> None:
        """The one place a table row changes after it was created (with ``defer_row`` and
        ``_end_row``, through ``_set_row``): written to storage, then to the row in memory, so
        memory never holds what storage refused."""
        await self.storage.update_table(self.id, **fields)
        self._set_row(fields)

    def defer_row(self, **fields: Unpack[TableFields]) -> None:
        """Bookkeeping that may trail the game by a moment (the "your turn" ping's message id):
        in memory at once, written with the next commit (``Storage.defer_update``)."""
        self._set_row(fields)
        self.storage.defer_update(self.id, **fields)

    async def _end_row(self, status: str, game: Game | None = None) -> None:
        """The table ends: its status, with the result of a game played to the end, in one
        write (``Storage.finish_table``), then in memory."""
        if game is None:
            await self.storage.finish_table(self.id, status)
        else:
            totals, winners = list(game.totals), list(game.winners)
            await self.storage.finish_table(self.id, status, totals, winners, game.to_record())
        self._set_row({"status": status})

    def _set_row(self, fields: TableFields) -> None:
        for name, value in fields.items():
            setattr(self.row, name, value)

    # ----------------------------------------------------------------------- the lobby
    async def join(self, user_id: int, name: str) -> str | None:
        """Seat a user in the first free seat; an i18n error key when that is not possible."""
        async with self.lock:
            if self.row.status != "lobby":
                return "lobby_closed"
            if self.seat_of(user_id) is not None:
                return "already_seated"
            free = self._free_seat()
            if free is None:
                return "lobby_full"
            await self.storage.set_seat(self.id, free, user_id, None, name)
            self.row.seat_list.append(Seat(free, user_id, None, name))
            self.row.seat_list.sort(key=lambda s: s.seat)
            return None

    async def add_computer(self, level: str, name: str) -> str | None:
        if level not in SEAT_LEVELS:
            return "bad_level"
        async with self.lock:
            if self.row.status != "lobby":
                return "lobby_closed"
            free = self._free_seat()
            if free is None:
                return "lobby_full"
            await self.storage.set_seat(self.id, free, None, level, name)
            self.row.seat_list.append(Seat(free, None, level, name))
            self.row.seat_list.sort(key=lambda s: s.seat)
            return None

    async def leave_lobby(self, user_id: int) -> str | None:
        async with self.lock:
            if self.row.status != "lobby":
                return "lobby_closed"
            seat = self.seat_of(user_id)
            if seat is None:
                return "not_seated"
            await self.storage.clear_seat(self.id, seat)
            self.row.seat_list = [s for s in self.row.seat_list if s.seat != seat]
            return None

    async def remove_computer(self) -> str | None:
        """Free the seat of the last computer player seated, to make room for a friend."""
        async with self.lock:
            if self.row.status != "lobby":
                return "lobby_closed"
            computers = [s for s in self.row.seat_list if s.is_computer]
            if not computers:
                return "no_computer"
            seat = computers[-1].seat
            await self.storage.clear_seat(self.id, seat)
            self.row.seat_list = [s for s in self.row.seat_list if s.seat != seat]
            return None

    def _free_seat(self) -> int | None:
        taken = {s.seat for s in self.row.seat_list}
        for index in range(self.row.seats):
            if index not in taken:
                return index
        return None

    async def set_options(self, options: dict[str, Any]) -> None:  # JSON: rule options
        """House rules chosen in the lobby (already validated by the caller)."""
        async with self.lock:
            await self.update_row(options=dict(options))

    async def set_rated(self, rated: bool) -> str | None:
        """Rated or not, chosen in the lobby; refused once the game started."""
        async with self.lock:
            if self.row.status != "lobby":
                return "lobby_closed"
            await self.update_row(settings=replace(self.settings, rated=rated))
            return None

    async def start(self) -> str | None:
        async with self.lock:
            if self.row.status != "lobby":
                return "lobby_closed"
            if not self.row.full:
                return "lobby_not_full"
            cls = game_class(self.row.game)
            if self.duplicate is not None:
                first_dealer = self.duplicate.deal.dealer
            else:
                first_dealer = self.rng.randrange(self.row.seats)
            game = cls(options=self.row.options, seats=self.row.seats, dealer=first_dealer)
            await self.update_row(status="playing", first_dealer=first_dealer)
            self.game = game
            self.deals_announced = 0
            return None

    # ------------------------------------------------------------------------- play
    async def act(self, user_id: int, version: int, action: Action) -> ActResult:
        """One human action, committed before this returns ok."""
        async with self.lock:
            if self.needs_reload:
                await self._reload_after_failure()
            game = self.game
            if game is None or self.row.status != "playing" or game.over:
                return ActResult(False, "not_playing")
            seat = self.seat_of(user_id)
            if seat is None:
                return ActResult(False, "not_seated")
            if version != game.action_count:
                return ActResult(False, "stale", seat=seat)
            if game.to_act != seat:
                return ActResult(False, "not_your_turn", seat=seat)
            try:
                await self._commit(seat, action)
            except IllegalAction as exc:
                return ActResult(False, "illegal", exc.reason, seat=seat, refused=exc)
            except StaleAction:
                await self._reload_after_failure()
                return ActResult(False, "stale", seat=seat)
            except StorageFailed:
                # Reloaded: if the step reached the database after all, it stands.
                game = self.game
                if game is None or game.action_count <= version:
                    return ActResult(False, "storage", seat=seat)
            self.abandon_votes.discard(user_id)
            return ActResult(True, seat=seat)

    async def _commit(self, seat: int, action: Action) -> None:
        """Apply to a copy, persist, then swap: the session never holds an unsaved step. A
        storage error other than ``StaleAction`` reloads the table (the step may or may not
        have been written) and raises ``StorageFailed``."""
        assert self.game is not None
        copy = self.game.clone()
        action_no = copy.action_count
        copy.apply(seat, action)
        entry = copy.log[-1]["actions"][-1]
        action_json = {k: v for k, v in entry.items() if k != "seat"}
        await self._write(
            self.storage.append_action(
                self.id, action_no, len(copy.log) - 1, seat, action_json, Snapshot.of(copy)
            )
        )
        self.game = copy

    async def _write(self, write: Awaitable[None]) -> None:
        try:
            await write
        except StaleAction:
            raise
        except Exception as exc:
            log.error("table %s: a step could not be recorded (%r); reloading", self.id, exc)
            await self._reload_after_failure()
            raise StorageFailed(str(exc)) from exc

    async def _reload_after_failure(self) -> None:
        """Memory equal to the database again. If even reading fails, the session keeps what it
        had and says so: the next action or drive reloads it first."""
        try:
            await self.reload()
            self.needs_reload = False
        except Exception:
            log.exception("table %s: could not reload from storage", self.id)
            self.needs_reload = True

    async def _deal(self) -> None:
        assert self.game is not None
        copy = self.game.clone()
        if self.duplicate is not None:
            deck = list(self.duplicate.deal.deck)
        else:
            deck = list(copy.full_deck())
            self.rng.shuffle(deck)
        copy.deal(deck)
        deal_no = len(copy.log) - 1
        await self._write(
            self.storage.append_deal(
                self.id, deal_no, copy.log[-1]["dealer"], deck, Snapshot.of(copy)
            )
        )
        self.game = copy

    async def reload(self) -> None:
        row = await self.storage.get_table(self.id)
        if row is not None:
            self.row = row
            if row.status in ("playing", "finished"):
                self.game = await restore_game(self.storage, row)
                self.deals_announced = len(self.game.deal_results)

    def computer_to_act(self) -> Seat | None:
        game = self.game
        if game is None or game.over or game.awaiting_deck or game.to_act is None:
            return None
        if self.deserted:
            return None
        seat = self.row.seat(game.to_act)
        return seat if seat is not None and seat.is_computer else None

    async def _computer_step(self, seat: Seat, pause_s: float = 0.0) -> None:
        """One computer turn. The decision is made outside the table's lock, in a worker, on
        the seat's view; the step is committed only if the table is still where it was (a
        player who left, or a turn timer, may have moved it meanwhile). ``pause_s`` paces quick
        moves so that people can follow them; a slow search is not paused on top."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        async with self.lock:
            game = self.game
            assert game is not None and seat.ai_level is not None
            if game.to_act != seat.seat:
                return
            version = game.action_count
            view = game.view(seat.seat)
            legal = game.legal_actions(seat.seat)
            if self.duplicate is not None:
                rng = self.duplicate.rng(version)
            else:
                rng = random.Random(self.rng.getrandbits(64))
        action: Action | None = None
        try:
            action = await self._decide(seat, view, legal, rng)
        except Exception:
            # A computer player that fails must not leave the people at the table waiting
            # forever: its seat takes a legal action instead (below).
            log.exception("table %s: the computer player of seat %s failed", self.id, seat.seat)
        remaining = pause_s - (loop.time() - started)
        if remaining > 0:
            await asyncio.sleep(remaining)
        async with self.lock:
            game = self.game
            if game is None or game.action_count != version or self.row.status != "playing":
                return
            if action is not None:
                try:
                    await self._commit(seat.seat, action)
                    return
                except IllegalAction:
                    log.exception(
                        "table %s: the computer player of seat %s chose an illegal action",
                        self.id,
                        seat.seat,
                    )
            await self._commit(seat.seat, self._fallback(seat.seat, legal, rng))

    async def _decide(
        self,
        seat: Seat,
        view: GameView,
        legal: list[Action],
        rng: random.Random,
    ) -> Action:
        """The computer player's choice, in a worker: a process for a search (when the bot
        plays with its own players), a thread otherwise (``decide``). Past ``THINKING_AFTER_S``
        the table says that the computer is thinking."""
        level = str(seat.ai_level)
        samples = self.duplicate.samples if self.duplicate is not None else None
        task = asyncio.ensure_future(decide(self.choose, view, legal, level, rng, samples))
        done, _ = await asyncio.wait({task}, timeout=THINKING_AFTER_S)
        if not done and self.listener is not None:
            await _safe(self.listener.thinking(self, seat.seat), self.id)
        return await task

    def _fallback(self, seat: int, legal: list[Action], rng: random.Random) -> Action:
        assert self.game is not None
        try:
            return fallback_action(self.game, seat, legal, rng)
        except RuntimeError:
            raise RuntimeError(f"table {self.id}: no legal action for seat {seat}") from None

    async def act_for_absent(self, version: int) -> bool:
        """The turn timer ran out at ``version``: a computer player takes this one turn for the
        seat, at the table's level; the seat stays the player's."""
        async with self.lock:
            game = self.game
            if (
                game is None
                or self.row.status != "playing"
                or game.over
                or game.action_count != version
                or game.to_act is None
            ):
                return False
            seat = self.row.seat(game.to_act)
            if seat is None or seat.is_computer:
                return False
            level = self.settings.level
        await self._computer_step(Seat(seat.seat, None, level, seat.name))
        game = self.game
        return game is not None and game.action_count > version

    # ---------------------------------------------------------------------- driving
    def schedule_drive(self) -> asyncio.Task[None]:
        """Run ``drive`` in the background (one at a time): deals, computer turns, messages."""
        if self._driver is not None and not self._driver.done():
            self._pending_drive = True
            return self._driver
        self._pending_drive = False
        self._driver = asyncio.get_running_loop().create_task(
            self._drive_loop(), name=f"atout-table-{self.id}"
        )
        return self._driver

    async def _drive_loop(self) -> None:
        while True:
            try:
                await self.drive()
            except Exception:
                # Logged here, with the table id: nobody awaits this task. The table is not
                # lost: ``kick`` (any Hand click) or a restart drives it again.
                log.exception("table %s: error while driving the game", self.id)
                return
            if not self._pending_drive:
                return
            self._pending_drive = False

    @property
    def stalled(self) -> bool:
        """In play, waiting for the bot itself (a deal, a computer player, or recording the end
        of a game that is over), and nothing is driving it: what a failed drive leaves behind."""
        game = self.game
        if self.row.status != "playing" or game is None:
            return False
        if self._driver is not None and not self._driver.done():
            return False
        return self.play_over or game.awaiting_deck or self.computer_to_act() is not None

    def kick(self) -> None:
        """Drive a stalled table again (called when somebody looks at it)."""
        if self.stalled:
            log.warning("table %s: stalled, driving it again", self.id)
            self.schedule_drive()

    async def drive(self) -> None:
        """Everything that follows a change, until a human must act or the game ends: show the
        change, post the summary of a finished deal, deal when a deal is due, let computer
        players act (after a pause a person can follow), and post the result.

        What is shown is what people will see: with no pause, computer moves that follow each
        other are not shown one by one, only where the table stops (the presenter also merges
        changes that come faster than it draws). A storage error reloads the table and the
        drive goes on from what the database holds."""
        listener = self.listener
        if listener is not None and (self.ai_pause_s > 0 or self.computer_to_act() is None):
            await _safe(listener.changed(self), self.id)
        failures = 0
        while True:
            await self._announce_deals()
            event: str | None = None
            computer: Seat | None = None
            try:
                async with self.lock:
                    if self.needs_reload:
                        await self._reload_after_failure()
                    game = self.game
                    if game is None or self.row.status != "playing":
                        return
                    if self.play_over:
                        event = "over"
                    elif game.awaiting_deck:
                        await self._deal()
                        event = "dealt"
                    elif (computer := self.computer_to_act()) is not None:
                        event = "computer"
                if computer is not None:
                    await self._computer_step(computer, self.ai_pause_s)
            except StorageFailed:
                failures += 1
                if failures >= STORAGE_RETRIES:
                    raise
                event = "reloaded"
            else:
                failures = 0
            if event == "over":
                await self._finish()
                if listener is not None:
                    await _safe(listener.game_over(self), self.id)
                return
            if event is None:
                return
            if listener is not None:
                if event == "dealt":
                    await _safe(listener.deal_started(self), self.id)
                if self.ai_pause_s > 0 or self.computer_to_act() is None:
                    await _safe(listener.changed(self), self.id)

    async def _announce_deals(self) -> None:
        game = self.game
        while game is not None and self.deals_announced < len(game.deal_results):
            index = self.deals_announced
            self.deals_announced += 1
            if self.listener is not None:
                await _safe(self.listener.deal_finished(self, index), self.id)

    async def _finish(self) -> None:
        async with self.lock:
            game = self.game
            if game is None or self.row.status != "playing":
                return
            if self.duplicate is not None:
                # A challenge's deal: its result is the challenge's (bot.challenge), kept
                # apart from the history of games and from the ratings.
                await self._end_row("finished")
                return
            await self._end_row("finished", game)
            await self._rate()

    async def _rate(self) -> None:
        """Store the ended game in the history and move ratings. A failure here leaves the
        result in place: the next start-up rates what is missing (``rate_pending``)."""
        if self.duplicate is not None:
            return
        try:
            self.rating_changes = await self.storage.rate_table(self.id)
        except Exception:
            log.exception("table %s: could not rate the game", self.id)

    async def abandon(self) -> bool:
        """False when the table is no longer open (the game ended meanwhile): a finished
        game keeps its result."""
        async with self.lock:
            if self.row.status not in ("lobby", "playing"):
                return False
            await self._end_row("abandoned")
            await self._rate()
            return True

    async def replace_with_computer(self, user_id: int, level: str, name: str) -> int | None:
        """``/table leave`` during play, or too many turns missed: a computer player takes the
        seat until the player comes back (``come_back``). Who sat there is kept in the table
        settings (``away``), written first, so that a crash never loses the way back."""
        async with self.lock:
            seat = self.seat_of(user_id)
            if seat is None:
                return None
            old = self.row.seat(seat)
            away = AwaySeat(seat, user_id, old.name if old else "")
            await self.update_row(settings=self.settings.with_away(away))
            await self.storage.set_seat(self.id, seat, None, level, name)
            self._put_seat(Seat(seat, None, level, name))
            self.abandon_votes.discard(user_id)
            return seat

    async def come_back(self, user_id: int) -> str | None:
        """The player who left (or whom the timer replaced) takes the seat back: same user
        only. An i18n error key when that is not possible."""
        async with self.lock:
            if not self.playing:
                return "not_playing"
            if self.seat_of(user_id) is not None:
                return "already_seated"
            away = self.settings.away_seat_of(user_id)
            if away is None:
                return "not_away"
            await self.storage.set_seat(self.id, away.seat, user_id, None, away.name)
            await self.update_row(settings=self.settings.without_away(away.seat))
            self._put_seat(Seat(away.seat, user_id, None, away.name))
            return None

    def away_user(self, seat: int) -> int | None:
        """The player a computer is keeping ``seat`` for, if any."""
        away = self.settings.away_at(seat)
        return away.user_id if away is not None else None

    @property
    def deserted(self) -> bool:
        """Everybody who sat at the table has left it: the computers wait (a game nobody
        watches is not played to the end) until somebody comes back or the table expires."""
        return bool(self.settings.away) and not self.humans()

    def _put_seat(self, seat: Seat) -> None:
        self.row.seat_list = [s for s in self.row.seat_list if s.seat != seat.seat]
        self.row.seat_list.append(seat)
        self.row.seat_list.sort(key=lambda s: s.seat)


async def _safe(awaitable: Awaitable[None], table_id: int) -> None:
    """Showing a change must never stop the game: the step is already committed."""
    try:
        await awaitable
    except Exception:
        log.exception("table %s: error while showing a change", table_id)
