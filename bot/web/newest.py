"""``python -m bot web-link``: the signed address of the newest finished deal whose page may be
shown, for an admin to open from another machine and see the pages work behind their proxy
(docs/running.md, "The deals' web pages").

Only a deal the pages would show is given: of a table that is neither private nor a challenge's
still sealed, and finished (a deal in play has no page).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Final

from bot.storage.storage import Storage
from bot.text.i18n import t
from bot.web import access
from bot.web.alone import opened
from bot.web.links import Signer, WebLinks, new_secret
from bot.web.reads import Reads
from bot.web.replay import replay_game
from bot.web.settings import WebSettings
from bot.web.text import web_text

LOOKED_AT: Final = 50
"""Tables looked at, newest first: past them the bot has shown no page for a long while."""


@dataclass(frozen=True)
class NewestDeal:
    table_id: int
    game: str
    deal_no: int
    """From 0."""


async def newest_deal(storage: Storage, now: datetime.datetime) -> NewestDeal | None:
    reads = Reads(storage)
    for table_id in await storage.tables.latest_started(LOOKED_AT):
        table, verdict = await access.read_table_access(reads, table_id, now)
        if table is None or verdict.verdict != "open":
            continue
        facts = await reads.log(table)
        if facts is None:
            continue
        deals = replay_game(facts).deals
        if deals:
            return NewestDeal(table.id, table.game, deals[-1].deal_no)
    return None


async def newest_link(settings: WebSettings, db: str) -> str | None:
    """The lines to print: what the deal is, and its address; None when there is none."""
    assert settings.url is not None
    async with opened(db) as storage:
        secret = settings.secret or await storage.instance.web_secret(new_secret())
        found = await newest_deal(storage, datetime.datetime.now(datetime.UTC))
    if found is None:
        return None
    link = WebLinks(settings.url, Signer(secret)).deal(found.table_id, found.deal_no)
    what = web_text(
        "web_cli_link",
        game=t(f"game_{found.game}"),
        table=found.table_id,
        deal=found.deal_no + 1,
    )
    return f"{what}\n{link}"


__all__ = ["NewestDeal", "newest_deal", "newest_link"]
