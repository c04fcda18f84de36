"""Where a table is shown: its places. An ordinary table (or a challenge's deal) has one, the
thread (or channel) its row names, in the table's language; an open table has one per server
where somebody seated reads it, its mirrors (``storage.open_tables``), each in the language of
who reads it there. Everything a table posts or edits is for a place, in that place's words: so
an ordinary table is an open table with one mirror, and nothing of a server (its channels, its
members' mentions) is ever written in another's place.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.play.sessions import TableSession
from bot.play.settings import locale_of
from bot.storage.open.interface import DEFERRED_MIRROR_FIELDS, Mirror
from bot.text.i18n import supported


class Unset:
    """A field ``set_place`` leaves as it is."""


UNSET = Unset()


@dataclass(frozen=True)
class Place:
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    """The table message there."""
    ping_message_id: int | None
    language: str
    users: tuple[int, ...]
    """The people seated who read the table here (mentioned here only)."""
    mirror: bool = False
    """One of an open table's mirrors (else the table's own place, its row)."""

    @property
    def target(self) -> int:
        """Where the table speaks there: its thread, or the channel."""
        return self.thread_id or self.channel_id


def _of_mirror(mirror: Mirror) -> Place:
    return Place(
        mirror.guild_id,
        mirror.channel_id,
        mirror.thread_id,
        mirror.message_id,
        mirror.ping_message_id,
        supported(mirror.language),
        mirror.users,
        mirror=True,
    )


def places(session: TableSession) -> list[Place]:
    """Every place the table is shown in now (a closed mirror shows nothing more)."""
    if session.kind.mirrored:
        return [_of_mirror(m) for m in session.mirrors if not m.closed]
    row = session.row
    return [
        Place(
            row.guild_id,
            row.channel_id,
            row.thread_id,
            row.table_message_id,
            row.ping_message_id,
            locale_of(session),
            (*session.humans(), *(away.user_id for away in session.settings.away)),
        )
    ]


def place_of(session: TableSession, user_id: int) -> Place | None:
    """Where a player seated (or away) reads the table."""
    return next((p for p in places(session) if user_id in p.users), None)


async def set_place(
    session: TableSession,
    place: Place,
    *,
    message_id: int | Unset | None = UNSET,
    thread_id: int | Unset | None = UNSET,
    ping_message_id: int | Unset | None = UNSET,
) -> Place:
    """Change the table message, the thread or the ping of one place: a mirror's row, or the
    table's own columns (``TableSession.update_row``). The ping's id rides with the next commit
    (``defer_row``, ``defer_mirror``). Returns the place as it is now."""
    if place.mirror:
        fields = {
            name: value
            for name, value in (
                ("message_id", message_id),
                ("thread_id", thread_id),
                ("ping_message_id", ping_message_id),
            )
            if not isinstance(value, Unset)
        }
        if set(fields) <= DEFERRED_MIRROR_FIELDS:
            # The ping's id rides with the next commit, as the table's own does.
            session.defer_mirror(place.channel_id, **fields)
        else:
            await session.set_mirror(place.channel_id, **fields)
    else:
        if not isinstance(ping_message_id, Unset):
            session.defer_row(ping_message_id=ping_message_id)
        if not isinstance(thread_id, Unset):
            await session.update_row(thread_id=thread_id)
        if not isinstance(message_id, Unset):
            await session.update_row(table_message_id=message_id)
    return next((p for p in places(session) if p.channel_id == place.channel_id), place)


def serves(session: TableSession, guild_id: int | None) -> bool:
    """Whether the table is shown in that server (its own, or one of its mirrors')."""
    if guild_id is None:
        return False
    if session.row.guild_id == guild_id:
        return True
    return any(m.guild_id == guild_id and not m.closed for m in session.mirrors)
