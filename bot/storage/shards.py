"""Which servers this process serves, when the bot runs as several shard clusters.

Discord routes each server to shard ``(guild_id >> 22) % shard_count``; a cluster is one process
running some of the shard ids, and every cluster shares one database. A table belongs to exactly
one server, so a cluster restores (and so drives, times and pings) only the tables of its own
shards; reads that are per server (leaderboards, history) need no filter at all, because any
cluster may answer them from the shared database.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be between 0 and {self.count - 1}")

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.shard_of(guild_id) in self.ids

    def sql_condition(self, column: str = "guild_id") -> str:
        """The same test in SQL; both SQLite and PostgreSQL have ``>>`` and ``%`` on integers.
        The numbers are validated ints, so writing them into the statement is safe."""
        listed = ", ".join(str(i) for i in sorted(set(self.ids)))
        return f"(({column} >> 22) % {self.count}) IN ({listed})"


def _whole(text: str) -> bool:
    """Digits 0-9 only: ``"²".isdigit()`` is true, and ``int("²")`` fails without naming the
    setting."""
    return text.isascii() and text.isdigit()


def parse_shards(count_text: str, ids_text: str) -> Shards | None:
    """``ATOUT_SHARD_COUNT`` and ``ATOUT_SHARDS`` ("0,1" or "0-3"): None when both are unset
    (one process, no sharding). ``ValueError`` with a sentence an admin understands otherwise."""
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if not count_text and not ids_text:
        return None
    if not count_text:
        raise ValueError("ATOUT_SHARDS needs ATOUT_SHARD_COUNT (the total number of shards)")
    if not _whole(count_text) or int(count_text) < 1:
        raise ValueError(
            f"ATOUT_SHARD_COUNT must be a whole number of 1 or more, not {count_text!r}"
        )
    count = int(count_text)
    if not ids_text:
        return Shards(count, tuple(range(count)))
    ids: list[int] = []
    for part in ids_text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        if dash and _whole(low.strip()) and _whole(high.strip()):
            if int(low) > int(high):
                raise ValueError(
                    f"ATOUT_SHARDS: the range {part!r} runs backwards; write the lower id first,"
                    f" like {int(high)}-{int(low)}"
                )
            ids.extend(range(int(low), int(high) + 1))
        elif _whole(part):
            ids.append(int(part))
        else:
            raise ValueError(f"ATOUT_SHARDS must list shard ids like 0,1 or 0-3, not {ids_text!r}")
    bad = [i for i in ids if i >= count]
    if bad:
        raise ValueError(
            f"ATOUT_SHARDS names shard {bad[0]}, but ATOUT_SHARD_COUNT={count} means ids 0 to"
            f" {count - 1}"
        )
    return Shards(count, tuple(sorted(set(ids))))
