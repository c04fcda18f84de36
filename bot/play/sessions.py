"""Table sessions: one per table, the only place where a game's state changes.

The path of one action (docs/architecture.md, "The path of one click"): take the table's lock, map
the user to a seat, apply the action to a copy of the engine, append it to the log in storage
(with the snapshot, in one transaction, possibly shared with other tables' steps), and only then
swap the copy in and tell anyone. A ``StaleAction`` (somebody else appended that step first) and
any other storage error reload the table from storage: memory always ends equal to the database,
whether or not the failed write reached it, and the table moves on from there.

A session is a table's state and its one write path. What moves a table is a module by job, each
taking the session: ``bot.play.lobby`` (the seats before the game), ``bot.play.driving`` (deals
and the computer players' turns, after every change), ``bot.play.ending`` (the result, the
ratings, abandoning) and ``bot.play.absence`` (a computer keeping the seat of somebody away).

This module knows nothing of Discord: what to show after a change is the listener's job
(``bot.table.controller``), which the drive calls through the ``Listener`` protocol.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol, Unpack

from bot.play.computers import ChooseFn, default_choose
from bot.play.kinds import TableKind, kind_of
from bot.storage.open.interface import Mirror
from bot.storage.ratings.model import RatingChange
from bot.storage.storage import Storage
from bot.storage.tables.interface import (
    Seat,
    Snapshot,
    StaleAction,
    TableFields,
    TableRow,
    replay_log,
)
from bot.storage.tables.settings import TableSettings
from games.actions import Action
from games.base import Game, IllegalAction
from games.registry import game_class

log = logging.getLogger(__name__)


class StorageFailed(Exception):
    """A step could not be recorded; the session has been reloaded from storage already."""


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
    """Who shows what a session committed (``bot.table.controller.TableUI``; a challenge's
    deal: ``bot.challenge.listener.ChallengeListener``)."""

    async def deal_started(self, session: TableSession) -> None: ...

    async def deal_finished(self, session: TableSession, deal_index: int) -> None: ...

    async def changed(self, session: TableSession) -> None: ...

    async def game_over(self, session: TableSession) -> None: ...

    async def thinking(self, session: TableSession, seat: int) -> None: ...


async def restore_game(storage: Storage, row: TableRow) -> Game:
    """The table's engine from its snapshot, or by replaying the log when the snapshot is from
    another engine version or does not match the log (the log is the truth)."""
    cls = game_class(row.game)
    game_log = await storage.tables.load_log(row.id)
    snap = await storage.tables.load_snapshot(row.id)
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
        """How this table's computer players decide (``bot.play.computers``)."""
        self.ai_pause_s = ai_pause_s
        """A computer's quick move waits this long, so that people can follow the play."""
        self.rng = secrets.SystemRandom()
        self.listener: Listener | None = None
        self.driver: asyncio.Task[None] | None = None
        """The drive in progress (``bot.play.driving``), one at a time."""
        self.drive_again = False
        """Something changed while the drive ran: it goes round once more."""
        self.deals_announced = len(game.deal_results) if game is not None else 0
        """Deal summaries already posted (after a restart: all the finished ones)."""
        self.needs_reload = False
        """A storage error left memory possibly behind the database, and reading failed too."""
        self.restoring = False
        """Brought back by a restart and not yet shown again: drawn after people's clicks."""
        self.rating_changes: list[RatingChange] = []
        """How the game that just ended moved its people's ratings (for the result message)."""
        self.abandon_votes: set[int] = set()
        """People who voted to abandon the table (``bot.play.ending``); playing on withdraws."""
        self.missed_turns: dict[int, int] = {}
        """seat → turns in a row the timer played for its player (``bot.play.absence``)."""
        self.moved: Callable[[TableSession], object] | None = None
        """What moves the table on after a person's step (the drive, ``bot.play.driving``,
        set by ``Tables``): a committed step, or a table reloaded after a failed write, is the
        session's news, not its caller's."""
        self.mirrors: list[Mirror] = []
        """An open table's mirrors: its thread in each server where somebody seated reads it
        (``bot.table.places``); none for a table shown in one place."""

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def settings(self) -> TableSettings:
        return self.row.settings

    @property
    def kind(self) -> TableKind:
        """What kind of table this is (``bot.play.kinds``): an ordinary table, a challenge's
        deal, an open table. Every difference between them is asked of it."""
        return kind_of(self.row.settings)

    @property
    def playing(self) -> bool:
        return self.row.status == "playing" and self.game is not None and not self.game.over

    @property
    def play_over(self) -> bool:
        """Nothing more is played at this table (its kind says when: a challenge's table plays
        one deal)."""
        game = self.game
        return game is not None and self.kind.play_over(self.row, game)

    @property
    def deserted(self) -> bool:
        """Everybody who sat at the table has left it: the computers wait (a game nobody
        watches is not played to the end) until somebody comes back or the table expires."""
        return bool(self.settings.away) and not self.humans()

    def seat_of(self, user_id: int) -> int | None:
        return self.row.seat_of(user_id)

    def seat(self, index: int) -> Seat | None:
        return self.row.seat(index)

    def away_user(self, seat: int) -> int | None:
        """The player a computer is keeping ``seat`` for, if any."""
        away = self.settings.away_at(seat)
        return away.user_id if away is not None else None

    def names(self) -> list[str]:
        return [(s.name if (s := self.row.seat(i)) else "") for i in range(self.row.seats)]

    def computers(self) -> list[bool]:
        return [bool((s := self.row.seat(i)) and s.is_computer) for i in range(self.row.seats)]

    def humans(self) -> list[int]:
        return [s.user_id for s in self.row.seat_list if s.user_id is not None]

    # ------------------------------------------------------------------- the table row
    async def update_row(self, **fields: Unpack[TableFields]) -> None:
        """The one place a table row changes after it was created (with ``defer_row`` and
        ``end_row``, through ``_set_row``): written to storage, then to the row in memory, so
        memory never holds what storage refused."""
        await self.storage.tables.update(self.id, **fields)
        self._set_row(fields)

    def defer_row(self, **fields: Unpack[TableFields]) -> None:
        """Bookkeeping that may trail the game by a moment (the "your turn" ping's message id):
        in memory at once, written with the next commit (``storage.tables.defer_update``)."""
        self._set_row(fields)
        self.storage.tables.defer_update(self.id, **fields)

    async def end_row(self, status: str, game: Game | None = None) -> None:
        """The table ends: its status, with the result of a game played to the end, in one
        write (``storage.tables.finish``), then in memory."""
        if game is None:
            await self.storage.tables.finish(self.id, status)
        else:
            totals, winners = list(game.totals), list(game.winners)
            await self.storage.tables.finish(self.id, status, totals, winners, game.to_record())
        self._set_row({"status": status})

    def _set_row(self, fields: TableFields) -> None:
        for name, value in fields.items():
            setattr(self.row, name, value)

    async def set_mirror(self, channel_id: int, **fields: Any) -> None:
        """Change one mirror (its thread, message, ping; closed): in storage, then in memory."""
        await self.storage.open_tables.update_mirror(self.id, channel_id, **fields)
        self.mirrors = [
            replace(m, **fields) if m.channel_id == channel_id else m for m in self.mirrors
        ]

    def defer_mirror(self, channel_id: int, **fields: Any) -> None:
        """A mirror's bookkeeping (its "your turn" ping): in memory at once, written with the
        next commit (``storage.open_tables.defer_mirror_update``), as ``defer_row`` for the
        table's own columns."""
        self.storage.open_tables.defer_mirror_update(self.id, channel_id, **fields)
        self.mirrors = [
            replace(m, **fields) if m.channel_id == channel_id else m for m in self.mirrors
        ]

    async def set_seat(self, seat: Seat) -> None:
        """Who sits at ``seat.seat`` now: in storage, then in memory."""
        await self.storage.tables.set_seat(
            self.id, seat.seat, seat.user_id, seat.ai_level, seat.name
        )
        self.row.seat_list = [s for s in self.row.seat_list if s.seat != seat.seat]
        self.row.seat_list.append(seat)
        self.row.seat_list.sort(key=lambda s: s.seat)

    async def clear_seat(self, index: int) -> None:
        await self.storage.tables.clear_seat(self.id, index)
        self.row.seat_list = [s for s in self.row.seat_list if s.seat != index]

    # ------------------------------------------------------------------------- play
    async def act(self, user_id: int, version: int, action: Action) -> ActResult:
        """One human action, committed before this returns ok. Playing on shows the player is
        here: it withdraws their vote to abandon and starts their count of missed turns
        again. Somebody is at this table: it is drawn as any other (no longer ``restoring``)."""
        self.restoring = False
        async with self.lock:
            if self.needs_reload:
                await self.reload_after_failure()
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
                await self.commit(seat, action)
            except IllegalAction as exc:
                return ActResult(False, "illegal", exc.reason, seat=seat, refused=exc)
            except StaleAction:
                await self.reload_after_failure()
                return ActResult(False, "stale", seat=seat)
            except StorageFailed:
                # Reloaded: if the step reached the database after all, it stands; either way
                # the table goes on from what the database holds.
                self.move_on()
                game = self.game
                if game is None or game.action_count <= version:
                    return ActResult(False, "storage", seat=seat)
                return self._stepped(user_id, seat)
            self.move_on()
            return self._stepped(user_id, seat)

    def _stepped(self, user_id: int, seat: int) -> ActResult:
        self.abandon_votes.discard(user_id)
        self.missed_turns.pop(seat, None)
        return ActResult(True, seat=seat)

    def move_on(self) -> None:
        """The table moves on (the drive starts, or goes round once more): it runs as a task of
        its own once the caller yields, while the caller redraws the player's hand."""
        if self.moved is not None:
            self.moved(self)

    async def commit(self, seat: int, action: Action) -> None:
        """Apply to a copy, persist, then swap: the session never holds an unsaved step. A
        storage error other than ``StaleAction`` reloads the table (the step may or may not
        have been written) and raises ``StorageFailed``. The caller holds the lock."""
        assert self.game is not None
        copy = self.game.clone()
        action_no = copy.action_count
        copy.apply(seat, action)
        entry = copy.log[-1]["actions"][-1]
        action_json = {k: v for k, v in entry.items() if k != "seat"}
        await self._write(
            self.storage.tables.append_action(
                self.id, action_no, len(copy.log) - 1, seat, action_json, Snapshot.of(copy)
            )
        )
        self.game = copy

    async def deal(self) -> None:
        """The next deal, its deck the kind's (shuffled with the system's random source; a
        challenge's is given), stored before it is played. The caller holds the lock."""
        assert self.game is not None
        copy = self.game.clone()
        deck = self.kind.deck(self.row, copy, self.rng)
        copy.deal(deck)
        deal_no = len(copy.log) - 1
        await self._write(
            self.storage.tables.append_deal(
                self.id, deal_no, copy.log[-1]["dealer"], deck, Snapshot.of(copy)
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
            await self.reload_after_failure()
            raise StorageFailed(str(exc)) from exc

    async def reload_after_failure(self) -> None:
        """Memory equal to the database again. If even reading fails, the session keeps what it
        had and says so: the next action or drive reloads it first."""
        try:
            await self.reload()
            self.needs_reload = False
        except Exception:
            log.exception("table %s: could not reload from storage", self.id)
            self.needs_reload = True

    async def reload(self) -> None:
        row = await self.storage.tables.get(self.id)
        if row is not None:
            self.row = row
            if row.status in ("playing", "finished"):
                self.game = await restore_game(self.storage, row)
                self.deals_announced = len(self.game.deal_results)
            if row.settings.open:
                self.mirrors = await self.storage.open_tables.mirrors(row.id)
