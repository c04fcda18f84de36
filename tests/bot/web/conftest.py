"""One database for the web pages' tests, filled once per session: a finished game of every
game, a reviewed deal, a game still in play, and two challenges (one open, one closed), each
with a member's deal. Each test opens it and serves it on a port of its own."""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.storage import sqlite
from bot.storage.backends import make_storage
from bot.storage.challenges import DealResult, iso
from bot.storage.storage import Storage
from bot.storage.table_settings import TableSettings
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from games.actions import Action
from games.duplicate import fixed_deals
from games.review import Decision, Review
from games.review.values import Seen
from tests.bot.web.fill import play_table

GUILD = 1
SECRET = "s" * 40
URL = "http://pages.test"
SEEN = Seen((), (), None, None, (), None, None, ("you", "opponent", "partner", "opponent"), 0)


def decision(index: int, choice: Action, best: Action, cost: float, share: float) -> Decision:
    """One decision of a stored review, as ``games.review`` writes it (what the page shows of
    it: the step, the choice, the better one, the cost and its verdict)."""
    return Decision(
        index, choice, best, cost, share, 0.0, 0.0, 16, False,
        "mistake" if cost > 10 else "fine", None, SEEN,
    )  # fmt: skip


@dataclass(frozen=True)
class Filled:
    path: str
    games: dict[str, int]
    """A finished table of each game."""
    playing: int
    """A Coinche table whose second deal is in play."""
    open_challenge: int
    open_table: int
    closed_challenge: int
    closed_table: int


async def _fill(path: str) -> Filled:
    storage = make_storage(path)
    await storage.open()
    try:
        games = {
            "belote": await play_table(storage, "belote", options={"target_score": 300}, seed=1),
            "coinche": await play_table(storage, "coinche", options={"target_score": 500}, seed=2),
            "piquet": await play_table(storage, "piquet", seed=5),
            "briscola": await play_table(
                storage, "briscola", seats=2, options={"hands_to_win": 1}, seed=3
            ),
            "chiamata": await play_table(storage, "chiamata", seed=4),
            "sueca": await play_table(storage, "sueca", options={"games_to_win": 1}, seed=6),
        }
        log = await storage.tables.load_log(games["coinche"])
        mine = [
            (i, a)
            for i, (d, seat, a) in enumerate(x for x in log.actions if x[0] == 0)
            if seat == 0
        ]
        call = next((i, a) for i, a in mine if a["type"] != "play")
        play = next((i, a) for i, a in mine if a["type"] == "play")
        better = "AS" if play[1]["card"] != "AS" else "AH"
        review = Review(
            "coinche", 0, 0, "points", 4,
            (
                decision(call[0], Action.from_json(call[1]), Action.from_json(call[1]), 0.0, 0.0),
                decision(play[0], Action.from_json(play[1]), Action("play", better), 24.0, 0.75),
            ),
        )  # fmt: skip
        """Seat 0 in the Coinche game's first deal: its first call good, its first card a
        mistake costing 24 points."""
        await storage.reviews.store(games["coinche"], 0, 0, review.to_json())
        # A Coinche deal has 32 cards and a few calls: past 45 actions the second deal is in
        # play.
        playing = await play_table(storage, "coinche", seed=7, stop_after=45)
        now = datetime.datetime.now(datetime.UTC)
        ids = []
        for closes in (now + datetime.timedelta(days=1), now - datetime.timedelta(hours=1)):
            deals = fixed_deals("briscola", {}, 2, 1, f"seed{closes}")
            challenge = await storage.challenges.create(
                guild_id=GUILD,
                channel_id=10,
                creator_id=99,
                game="briscola",
                seats=2,
                options={},
                settings=TableSettings(language="en"),
                samples=4,
                seed="seed",
                deals=deals,
                created_at=iso(now - datetime.timedelta(days=2)),
                closes_at=iso(closes),
            )
            settings = {
                "challenge": {"id": challenge.id, "deal": 0},
                "duplicate": {"dealer": 0, "deck": list(deals[0].deck), "seed": "x", "samples": 4},
                "private": True,
            }
            table = await play_table(
                storage,
                "briscola",
                seats=2,
                settings=settings,
                seed=8,
                people=(301,),
                deck=list(deals[0].deck),
            )
            await storage.challenges.start_attempt(challenge.id, 301, "dana", iso(now))
            result = DealResult(0, 301, "dana", 70, 100.0, 1, table, {})
            await storage.challenges.record_result(challenge.id, result, iso(now), True)
            ids.append((challenge.id, table))
        closed = ids[1][0]
        await storage.challenges.mark_closed(closed)
        return Filled(path, games, playing, ids[0][0], ids[0][1], ids[1][0], ids[1][1])
    finally:
        await storage.close()


@pytest.fixture(scope="session")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Filled:
    path = str(tmp_path_factory.mktemp("web") / "pages.sqlite3")
    # Filled without a sync per commit (a crash here loses nothing of value): 1 s, not 8.
    synchronous, sqlite.SYNCHRONOUS = sqlite.SYNCHRONOUS, "OFF"
    try:
        return asyncio.run(_fill(path))
    finally:
        sqlite.SYNCHRONOUS = synchronous


@pytest.fixture
async def storage(filled: Filled, tmp_path: Path) -> AsyncIterator[Storage]:
    copy = tmp_path / "pages.sqlite3"
    copy.write_bytes(Path(filled.path).read_bytes())
    store = make_storage(str(copy))
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
async def server(storage: Storage) -> AsyncIterator[WebServer]:
    settings = WebSettings(url=URL, host="127.0.0.1", port=0, secret=SECRET)
    web = WebServer(storage, settings)
    await web.start()
    try:
        yield web
    finally:
        await web.stop()
