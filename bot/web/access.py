"""What a page may show, decided in one place.

- A table that never started has no page; a deal still in play has none either (``replay``
  keeps finished deals only, and the deal page of an unfinished deal answers 404).
- A challenge's deals follow its sealing (issue 33, docs/challenges.md): in Discord a member
  sees a deal's results once they have finished it, or once the challenge has closed. A web
  page cannot tell who reads it (a link is passed on as easily as it is given), so on the web a
  challenge's deals, every member's play and the traveller alike, open when the challenge
  closes, for everybody at once: nobody sees a deal on the web before they could in Discord.
- A private table that belongs to no challenge has no page.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Literal

from bot.storage.challenges.interface import Challenge
from bot.web.reads import Reads, TableFacts

Verdict = Literal["open", "sealed", "none"]


@dataclass(frozen=True)
class Access:
    verdict: Verdict
    opens_at: str | None = None
    """When a sealed page opens: the challenge's closing time (ISO-8601 UTC)."""


NONE = Access("none")
OPEN = Access("open")


def challenge_access(challenge: Challenge | None, now: datetime.datetime) -> Access:
    if challenge is None:
        return NONE
    if challenge.open_at(now):
        return Access("sealed", challenge.closes_at)
    return OPEN


def table_access(
    table: TableFacts | None, challenge: Challenge | None, now: datetime.datetime
) -> Access:
    """A table's pages (its deals, its game); ``challenge``: the one the table's settings
    name, if any."""
    if table is None or not table.started:
        return NONE
    if not table.sealed:
        return OPEN
    if table.challenge is None or challenge is None or challenge.id != table.challenge[0]:
        return NONE
    if challenge.guild_id != table.guild_id:
        return NONE
    return challenge_access(challenge, now)


async def read_table_access(
    reads: Reads, table_id: int, now: datetime.datetime
) -> tuple[TableFacts | None, Access]:
    """The table, read now, and what may be seen of it."""
    table = await reads.table(table_id)
    challenge = None
    if table is not None and table.challenge is not None:
        challenge = await reads.challenge(table.challenge[0])
    return table, table_access(table, challenge, now)


__all__ = ["NONE", "OPEN", "Access", "challenge_access", "read_table_access", "table_access"]
