"""The making of a page, done away from the bot's event loop: in a process of its own for
``python -m bot`` (forked from the drawing processes' fork server, below the bot's priority, as
they are), in a thread for the tests. Each job takes what storage gave (a table's log, a
review, standings: plain picklable values) and returns the page ready to serve, compressed.

A job replays the deal itself: Python threads share one lock, and a replay and a template in
the bot's own process took the event loop's turns from 200 tables (``benchmarks/web.py``).
The replays of the last deals asked are kept in the job's process: the same deal asked in
another language is not replayed again.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from typing import Final

from bot.storage.challenges.interface import Challenge, DealResult, Par
from bot.storage.ratings.model import Board, RatingChange
from bot.storage.seasons.model import Season, Standings
from bot.web.cache import Page, page
from bot.web.deal_page import DealLinks, deal_page
from bot.web.links import Signer, relative
from bot.web.lists import board_page, challenge_page, game_page
from bot.web.reads import SeatReview, TableFacts
from bot.web.replay import DealReplay, LogFacts, replay_deal, replay_game
from bot.web.season_page import season_html

HTML: Final = "text/html; charset=utf-8"
REPLAYS_KEPT: Final = 64
_replays: OrderedDict[tuple[int, int, int, int], DealReplay] = OrderedDict()


def deal_parts(table_id: int, deal_no: int, seat: int | None) -> tuple[int | str, ...]:
    """A deal's numbers in its address: the table, the deal from 1, and a reviewed seat."""
    return (table_id, deal_no + 1) if seat is None else (table_id, deal_no + 1, f"s{seat}")


def _replayed(facts: LogFacts, table_id: int, deal_no: int) -> DealReplay | None:
    """The deal's replay, kept: it is the same as long as the next deal's actions are (a
    finished deal never changes, and its page links the next one once that is over too)."""
    if not 0 <= deal_no < len(facts.actions):
        return None
    after = facts.actions[deal_no + 1] if deal_no + 1 < len(facts.actions) else None
    key = (table_id, deal_no, len(facts.actions[deal_no]), -1 if after is None else len(after))
    if key in _replays:
        _replays.move_to_end(key)
        return _replays[key]
    replayed = replay_deal(facts, deal_no)
    if replayed is None:
        return None  # in play: it will be asked again once over
    _replays[key] = replayed
    while len(_replays) > REPLAYS_KEPT:
        _replays.popitem(last=False)
    return replayed


def deal_links(
    signer: Signer, table: TableFacts, replayed: DealReplay, seat: int | None
) -> DealLinks:
    """The deal's record, its game, and the deals before and after it (the next one only
    once it is finished too)."""
    deal_no = replayed.deal_no
    own = signer.token("deal", *deal_parts(table.id, deal_no, seat))
    previous = next_one = None
    if deal_no > 0:
        previous = relative("deal", signer, *deal_parts(table.id, deal_no - 1, seat))
    if replayed.next_finished:
        next_one = relative("deal", signer, *deal_parts(table.id, deal_no + 1, seat))
    return DealLinks(
        game=relative("game", signer, table.id),
        record=f"{own}.json",
        previous=previous,
        next=next_one,
    )


def deal_job(
    facts: LogFacts,
    deal_no: int,
    table: TableFacts,
    locale: str,
    signer: Signer,
    review: SeatReview | None,
    seat: int | None,
) -> tuple[Page, bool] | None:
    """A finished deal's page, and whether it is final (it links the next deal, or there will
    be none); None when the deal is not finished (or not there)."""
    replayed = _replayed(facts, table.id, deal_no)
    if replayed is None:
        return None
    links = deal_links(signer, table, replayed, seat)
    html = deal_page(replayed, table, locale, links, review, seat)
    final = replayed.next_finished or table.status in ("finished", "abandoned")
    return page(html.encode(), HTML), final


def record_job(facts: LogFacts, deal_no: int, table: TableFacts) -> Page | None:
    """A finished deal as an ``atout-record/1`` file: the game's rules and that deal."""
    replayed = _replayed(facts, table.id, deal_no)
    if replayed is None:
        return None
    name = f"atout-table-{table.id}-deal-{deal_no + 1}.json"
    headers = (
        ("Content-Disposition", f'attachment; filename="{name}"'),
        ("Access-Control-Allow-Origin", "*"),
    )
    body = json.dumps(replayed.record, indent=1).encode()
    return page(body, "application/json", headers=headers)


def game_job(
    facts: LogFacts,
    table: TableFacts,
    locale: str,
    signer: Signer,
    changes: Sequence[RatingChange],
) -> Page:
    replayed = replay_game(facts)
    links = [relative("deal", signer, table.id, line.deal_no + 1) for line in replayed.deals]
    board = None if table.sealed else relative("board", signer, table.ladder, table.game)
    shown = changes if replayed.over else []
    return page(game_page(replayed, table, locale, links, shown, board).encode(), HTML)


def challenge_job(
    challenge: Challenge,
    deal_no: int,
    field: Sequence[DealResult],
    par: Par | None,
    signer: Signer,
    locale: str,
) -> Page:
    # A challenge's table plays its one deal: each member's replay is that table's deal 1.
    replays = [relative("deal", signer, result.table_id, 1) for result in field]
    html = challenge_page(challenge, deal_no, field, par, replays, locale)
    return page(html.encode(), HTML)


def board_job(board: Board, token: str, locale: str, everywhere: bool = False) -> Page:
    return page(board_page(board, token, locale, everywhere).encode(), HTML)


def season_job(
    season: Season, game: str, standings: Standings, shown: int, token: str, locale: str
) -> Page:
    """A season's standings; ``shown``: the division (or page) asked for."""
    return page(season_html(season, game, standings, shown, token, locale).encode(), HTML)


def ready() -> bool:
    """A page process's first job: started, and its imports done, before a reader waits."""
    return True


__all__ = [
    "board_job",
    "challenge_job",
    "deal_job",
    "deal_links",
    "deal_parts",
    "game_job",
    "ready",
    "record_job",
    "season_job",
]
