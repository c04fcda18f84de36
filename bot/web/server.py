"""The web server: aiohttp's (discord.py's own), in the bot's process when ``ATOUT_WEB_URL`` is
set, or alone with ``python -m bot web`` on the same database.

Each request passes the guard (``guard``: method, path, rate, headers) before anything is
read. A page's token is checked before the database is asked anything; a finished deal's page
is made once per language and then served from memory (``cache``). Making a page (replaying a
deal, filling a template, compressing it) runs in a process of its own, off the event loop that
answers Discord.

In the bot's process the pages are made ahead of their readers: when a deal's summary and its
link are posted, the bot says so (``LinkHolder.deal_over``) and the deal's page is made at once
in the table's language, so that the players who click the link, and the friends they pass it
to, find it made (a page made on their click waited for the CPU behind 200 tables: p95 0.76 s).
``python -m bot web`` does not see deals end: it makes a page at its first reading.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from aiohttp import web

from bot.play.background import Background
from bot.storage.ratings.model import EVERYWHERE
from bot.storage.storage import Storage
from bot.text.i18n import BOT
from bot.web import access, jobs
from bot.web.answers import (
    DealInPlay,
    deal_key,
    kept,
    missing,
    number_of,
    respond,
    security_headers,
)
from bot.web.assets import VERSION, Assets
from bot.web.cache import Cache, Page, page
from bot.web.connections import Gate, GuardedSite, quiet_accept_trouble
from bot.web.guard import (
    Proxies,
    RateLimit,
    speaks_for_others,
    wanted_path,
)
from bot.web.links import Kind, LinkHolder, Signer, WebLinks, new_secret, relative
from bot.web.pages import Words, error_page
from bot.web.reads import Reads, TableFacts
from bot.web.replay import LogFacts
from bot.web.settings import WebSettings
from bot.web.text import WEB, reader_locale, web_text
from games.registry import GAME_NAMES
from i18n.locales import LOCALES
from rendering.words import IMAGES

log = logging.getLogger(__name__)

T = TypeVar("T")
HTML: Final = "text/html; charset=utf-8"
KEEP_CHANGING_S: Final = 30.0
"""How long a page that can still change is served as made (a game in play, a leaderboard)."""
ASSET_CACHE: Final = "public, max-age=31536000, immutable"
PAGE_CACHE: Final = "private, max-age=300"
ROBOTS: Final = b"User-agent: *\nDisallow: /\n"
LOGS_KEPT: Final = 64
"""Logs of ended tables kept: a game's deals are read in turn, and in several languages."""
AHEAD_PENDING: Final = 16
"""Pages made ahead that may wait for the pages' process at once; past that (the machine
cannot keep up), a deal's page is made at its first reading instead."""
MAX_SEATS: Final = 6
ACCESS_KEPT_S: Final = 5.0
"""How long a table's verdict (open, sealed, none) is believed before a page kept in memory is
served again: a table deleted, or made private, has no page after that long."""
VERDICTS_KEPT: Final = 4096


def warm_catalogues() -> None:
    """Read every language's sentences once, in the pages' thread, as the server starts: a
    catalogue's first reading takes a third of a second, which the first reader of a page in
    that language would otherwise wait for."""
    for locale in LOCALES:
        for catalogue in (WEB, BOT, IMAGES):
            catalogue.chain(locale)


def _quietly(task: Future[None]) -> None:
    """The catalogues read ahead or not: a reader would read them anyway."""
    if not task.cancelled():
        task.exception()


class WebUnavailable(Exception):
    """The server could not listen where ``ATOUT_WEB_BIND`` says (one line, for the admin)."""


def now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


@dataclass(frozen=True)
class Request:
    """What a page depends on besides its address."""

    locale: str


class WebServer:
    def __init__(
        self,
        storage: Storage,
        settings: WebSettings,
        holder: LinkHolder | None = None,
        *,
        rate: RateLimit | None = None,
        clock: Callable[[], datetime.datetime] = now,
        processes: int = 0,
    ) -> None:
        self.settings = settings
        self.reads = Reads(storage)
        self.holder = holder or LinkHolder()
        self.rate = rate or RateLimit()
        self.proxies = Proxies(settings.trusted_proxies)
        self.gate = Gate(self.proxies, self.rate)
        self._proxy_unnamed_said = False
        self.clock = clock
        self.cache = Cache()
        self.assets = Assets()
        self.signer: Signer | None = None
        self.processes = processes
        """Processes that make the pages; 0 makes them in a thread (tests)."""
        self._logs: OrderedDict[int, LogFacts] = OrderedDict()
        self._verdicts: dict[int, tuple[access.Verdict, float]] = {}
        """Each table's verdict, and when it was read."""
        self.access_kept_s = ACCESS_KEPT_S
        self.worker = Background(processes, "web")
        self._runner: web.AppRunner | None = None
        self._warming: Future[None] | None = None
        self._ahead: set[asyncio.Task[None]] = set()
        self.told = False
        """The bot in this process tells of the deals that end (``deal_over``): a page of a
        table in play that does not link the next deal yet is kept until that deal ends.
        Alone (``python -m bot web``) such a page is kept ``KEEP_CHANGING_S``."""
        self.ahead_made = 0
        """Pages made ahead of their readers (``benchmarks/web.py``)."""
        self.app = self._application()

    # ------------------------------------------------------------------ life
    async def prepare(self) -> None:
        """The secret (``ATOUT_WEB_SECRET``, else the database's, made now at a first start)
        and the links the bot gives with it. The storage is open."""
        secret = self.settings.secret or await self.reads.secret(new_secret())
        self.signer = Signer(secret)
        if self.settings.url is not None:
            self.holder.links = WebLinks(self.settings.url, self.signer)
            self.holder.pages = self

    async def start(self) -> None:
        """Prepare, then listen; ``WebUnavailable`` when the address cannot be had."""
        await self.prepare()
        runner = web.AppRunner(
            self.app, access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await runner.setup()
        quiet_accept_trouble()
        site = GuardedSite(runner, self.settings.host, self.settings.port, self.gate)
        try:
            await site.start()
        except OSError as exc:
            await runner.cleanup()
            where = f"{self.settings.host}:{self.settings.port}"
            raise WebUnavailable(
                web_text("web_cli_listen", where=where, reason=exc.strerror or str(exc))
            ) from exc
        self._runner = runner
        if self.processes > 0:
            # Submitted to the pool directly: nobody awaits it (a reader's page would wait
            # behind it anyway). Pages made in a thread (tests) read the catalogues as needed.
            self._warming = self.worker.submit(warm_catalogues)
            self._warming.add_done_callback(_quietly)
        log.info("web pages served on %s:%s", self.settings.host, self.settings.port)

    @property
    def port(self) -> int:
        """The port listened on (the one the system chose, for a bind to port 0 in tests)."""
        if self._runner is not None:
            for address in self._runner.addresses:
                if isinstance(address, tuple):
                    return int(address[1])
        return self.settings.port

    async def stop(self) -> None:
        self.holder.pages = None
        if self._warming is not None:
            self._warming.cancel()
            self._warming = None
        for task in list(self._ahead):
            task.cancel()
        if self._ahead:
            await asyncio.wait(self._ahead)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.worker.close()

    async def off_loop(self, work: Callable[..., T], *args: Any) -> T:
        """The making of a page (replay, template, compression) in the pages' own process (or
        thread: ``processes`` 0)."""
        return await self.worker.run(work, *args)

    # ------------------------------------------------------------------ the application
    def _application(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=1024)
        app.on_response_prepare.append(security_headers)
        app.router.add_get("/robots.txt", self._robots)
        app.router.add_get("/assets/{version}/{name}", self._asset)
        app.router.add_get("/deal/{token}", self._deal)
        app.router.add_get("/game/{token}", self._game)
        app.router.add_get("/challenge/{token}", self._challenge)
        app.router.add_get("/board/{token}", self._board)
        app.router.add_get("/season/{token}", self._season)
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD"):
            return web.Response(
                status=405, text=web_text("web_method"), headers={"Allow": "GET, HEAD"}
            )
        if request.body_exists:
            # The pages take no body, and none is read: the connection closes after this.
            refused = web.Response(status=400, text="400 Bad Request\n")
            refused.force_close()
            return refused
        locale = reader_locale(request.headers.get("Accept-Language"))
        if not wanted_path(request.path, request.query_string):
            return self._not_found(locale)
        address = self._client(request)
        if not self.rate.allow(address):
            wait = self.rate.retry_after()
            refused = web.Response(
                status=429,
                text=web_text("web_too_many", locale, seconds=wait),
                headers={"Retry-After": str(wait)},
            )
            refused.force_close()  # a flood pays a connection a request (``Gate.admit``)
            return refused
        try:
            return await handler(request)
        except web.HTTPNotFound:
            return self._not_found(locale)
        except web.HTTPException:
            raise
        except Exception:
            log.exception("web: %s failed", request.path)
            return web.Response(status=500, text="500")

    def _client(self, request: web.Request) -> str:
        """Whom the rate counts (``guard.Proxies``). A proxy the admin has not named yet is
        said once in the log: all its readers share its address until then."""
        forwarded = request.headers.getall("X-Forwarded-For", [])
        joined = ",".join(forwarded) if forwarded else None
        peer = request.remote
        if (
            joined
            and not self._proxy_unnamed_said
            and not self.proxies.trusts(peer or "")
            and speaks_for_others(peer)
        ):
            self._proxy_unnamed_said = True
            log.warning(
                "web: requests from %s say whom they are forwarded for (X-Forwarded-For), but"
                " ATOUT_WEB_TRUSTED_PROXIES does not name it: every reader behind that proxy"
                " shares one rate until it does (docs/running.md)",
                peer,
            )
        return self.proxies.client(peer, joined)

    def _not_found(self, locale: str) -> web.Response:
        cached = self.cache.get(("404", locale))
        if cached is None:
            cached = page(
                error_page(locale, "web_not_found_title", "web_not_found").encode(),
                HTML,
                status=404,
            )
            self.cache.put(("404", locale), cached)
        return respond(cached, None, "no-store")

    # ------------------------------------------------------------------ handlers
    async def _robots(self, request: web.Request) -> web.Response:
        return web.Response(body=ROBOTS, content_type="text/plain")

    async def _asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if request.match_info["version"] != VERSION or not self.assets.known(name):
            raise web.HTTPNotFound()
        found = self.assets.ready(name) or await asyncio.to_thread(self.assets.get, name)
        if found is None:
            raise web.HTTPNotFound()
        made = self.cache.get(("asset", name))
        if made is None:
            made = page(found.body, found.content_type)
            self.cache.put(("asset", name), made)
        return respond(made, request, ASSET_CACHE)

    def _open(self, kind: Kind, token: str) -> list[str]:
        """The numbers of a page's token, or 404 when it was not signed here for ``kind``."""
        if self.signer is None:
            raise web.HTTPNotFound()
        parts = self.signer.open(kind, token)
        if parts is None:
            raise web.HTTPNotFound()
        return parts

    async def _table(self, table_id: int) -> tuple[TableFacts, access.Access]:
        """The table and what may be seen of it, read now (and believed ``ACCESS_KEPT_S`` for
        the pages kept in memory: ``_still_open``); 404 when nothing may."""
        table, verdict = await access.read_table_access(self.reads, table_id, self.clock())
        self._verdicts[table_id] = (verdict.verdict, time.monotonic())
        while len(self._verdicts) > VERDICTS_KEPT:
            self._verdicts.pop(next(iter(self._verdicts)))
        if table is None or verdict.verdict == "none":
            self._drop_pages(table_id)
            raise web.HTTPNotFound()
        return table, verdict

    async def _still_open(self, table_id: int) -> bool:
        """Whether a page of the table kept in memory may be served: its verdict, read again
        when older than ``ACCESS_KEPT_S``. Not open any more (a table deleted, a challenge
        table's deal sealed again): the caller answers as for a page not kept."""
        kept = self._verdicts.get(table_id)
        if kept is not None and time.monotonic() - kept[1] < self.access_kept_s:
            return kept[0] == "open"
        try:
            _, verdict = await self._table(table_id)
        except web.HTTPNotFound:
            return False
        return verdict.verdict == "open"

    def _drop_pages(self, table_id: int) -> None:
        """A table with no page any more: its pages kept in memory go."""
        self.cache.drop(
            lambda key: (
                isinstance(key, tuple) and key[:1] in (("deal",), ("game",)) and key[1] == table_id
            )
        )
        self._logs.pop(table_id, None)

    async def _log(self, table: TableFacts) -> LogFacts:
        """The table's log; an ended table's is kept (it never changes), so the same deal in
        another language, or its next deal, reads nothing again."""
        found = self._logs.get(table.id)
        if found is not None:
            self._logs.move_to_end(table.id)
            return found
        facts = await self.reads.log(table)
        if facts is None:
            raise web.HTTPNotFound()
        if table.status in ("finished", "abandoned"):
            self._logs[table.id] = facts
            while len(self._logs) > LOGS_KEPT:
                self._logs.popitem(last=False)
        return facts

    def _sealed(self, verdict: access.Access, locale: str) -> web.Response:
        when = Words(locale).when(verdict.opens_at) if verdict.opens_at else ""
        html = error_page(locale, "web_sealed_title", "web_sealed", when=when)
        return respond(page(html.encode(), HTML, status=403), None, "no-store")

    async def _deal(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        as_json = token.endswith(".json")
        parts = self._open("deal", token.removesuffix(".json"))
        if len(parts) not in (2, 3) or (len(parts) == 3 and (as_json or parts[2][:1] != "s")):
            raise web.HTTPNotFound()
        table_id, deal_no = number_of(parts[0]), number_of(parts[1]) - 1
        seat = number_of(parts[2][1:]) if len(parts) == 3 else None
        locale = "" if as_json else reader_locale(request.headers.get("Accept-Language"))
        key = deal_key(table_id, deal_no, seat, locale)
        cached = self.cache.get(key)
        if cached is not None and await self._still_open(table_id):
            return respond(cached, request, PAGE_CACHE)
        table, verdict = await self._table(table_id)
        if verdict.verdict == "sealed":
            return self._sealed(verdict, locale or "en")
        if seat is not None and not 0 <= seat < table.seats:
            raise web.HTTPNotFound()
        try:
            made = await self.cache.make(key, self._deal_maker(table, deal_no, seat, locale))
        except DealInPlay:
            if as_json:
                raise web.HTTPNotFound() from None
            return self._in_play(table, locale)
        return respond(made, request, PAGE_CACHE)

    def _in_play(self, table: TableFacts, locale: str) -> web.Response:
        """A deal still being played: its page opens when it ends; the game's page meanwhile
        shows the deals already finished."""
        assert self.signer is not None
        html = error_page(
            locale,
            "web_deal_playing_title",
            "web_deal_playing",
            link=relative("game", self.signer, table.id),
            link_key="web_whole_game",
        )
        return respond(page(html.encode(), HTML, status=404), None, "no-store")

    def _deal_maker(
        self,
        table: TableFacts,
        deal_no: int,
        seat: int | None,
        locale: str,
        facts: LogFacts | None = None,
    ) -> Callable[[], Awaitable[tuple[Page, bool]]]:
        """How a deal's page is made (``locale`` "": its record as JSON), from the table's log
        (``facts``, read if not given)."""
        signer = self.signer
        assert signer is not None

        async def make() -> tuple[Page, bool]:
            log = facts if facts is not None else await self._log(table)
            if not locale:
                record = await self.off_loop(jobs.record_job, log, deal_no, table)
                if record is None:
                    raise missing(table, log, deal_no)
                return record, True
            review = None if seat is None else await self.reads.review(table.id, deal_no, seat)
            made = await self.off_loop(
                jobs.deal_job, log, deal_no, table, locale, signer, review, seat
            )
            if made is None:
                raise missing(table, log, deal_no)
            made_page, final = made
            if not final and not self.told:
                # Alone, nobody says when the next deal ends: its link comes within a while.
                made_page = kept(made_page, KEEP_CHANGING_S)
            # A seat's page waits for its review: kept only once the review is on it.
            return made_page, seat is None or review is not None

        return make

    # ------------------------------------------------------------------ made ahead
    def deal_over(self, table_id: int, deal_no: int, locale: str) -> None:
        """Deal ``deal_no`` of the table is over and its link posted (``LinkHolder``): its page
        is made now in the table's ``locale``, off the event loop. The previous deal's pages,
        made while this one was in play, do not link it: they are dropped, and the one in the
        table's language made again."""
        self.told = True
        self._verdicts.pop(table_id, None)
        locale = reader_locale(locale)
        again = False
        if deal_no > 0:
            for seat in (None, *range(MAX_SEATS)):
                for each in LOCALES:
                    dropped = self.cache.pop(deal_key(table_id, deal_no - 1, seat, each))
                    again |= dropped is not None and seat is None and each == locale
        for each in LOCALES:
            self.cache.pop(("game", table_id, each))
        deals = [deal_no, deal_no - 1] if again else [deal_no]
        self._make_ahead(self._deals_ahead(table_id, deals, locale))

    def game_over(self, table_id: int, locale: str) -> None:
        """The game is over and its page linked: made now in the table's ``locale`` (the one
        kept while it was in play showed it unfinished)."""
        self.told = True
        self._verdicts.pop(table_id, None)
        locale = reader_locale(locale)
        for each in LOCALES:
            self.cache.pop(("game", table_id, each))
        self._make_ahead(self._game_ahead(table_id, locale))

    async def settled(self) -> None:
        """Once every page asked ahead is made (the tests, ``benchmarks/web.py``)."""
        while self._ahead:
            await asyncio.wait(set(self._ahead))

    def _make_ahead(self, work: Coroutine[Any, Any, None]) -> None:
        if len(self._ahead) >= AHEAD_PENDING:
            work.close()  # behind already: made at its first reading
            return
        task = asyncio.get_running_loop().create_task(work)
        self._ahead.add(task)
        task.add_done_callback(self._ahead_done)

    def _ahead_done(self, task: asyncio.Task[None]) -> None:
        self._ahead.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.warning("web: a page made ahead failed", exc_info=exc)

    async def _open_table(self, table_id: int) -> TableFacts | None:
        """The table, when its pages may be seen now."""
        try:
            table, verdict = await self._table(table_id)
        except web.HTTPNotFound:
            return None
        return table if verdict.verdict == "open" else None

    async def _deals_ahead(self, table_id: int, deals: list[int], locale: str) -> None:
        table = await self._open_table(table_id)
        if table is None:
            return  # a challenge's deal stays sealed; a private table has no page
        facts = await self.reads.log(table)
        if facts is None:
            return
        for deal_no in deals:
            maker = self._deal_maker(table, deal_no, None, locale, facts)
            with contextlib.suppress(web.HTTPNotFound, DealInPlay):
                await self.cache.make(deal_key(table_id, deal_no, None, locale), maker)
                self.ahead_made += 1

    async def _game_ahead(self, table_id: int, locale: str) -> None:
        table = await self._open_table(table_id)
        if table is not None:
            await self.cache.make(("game", table_id, locale), self._game_maker(table, locale))
            self.ahead_made += 1

    async def _game(self, request: web.Request) -> web.StreamResponse:
        parts = self._open("game", request.match_info["token"])
        if len(parts) != 1:
            raise web.HTTPNotFound()
        table_id = number_of(parts[0])
        locale = reader_locale(request.headers.get("Accept-Language"))
        key: Hashable = ("game", table_id, locale)
        cached = self.cache.get(key)
        if cached is not None and await self._still_open(table_id):
            return respond(cached, request, PAGE_CACHE)
        table, verdict = await self._table(table_id)
        if verdict.verdict == "sealed":
            return self._sealed(verdict, locale)
        return respond(
            await self.cache.make(key, self._game_maker(table, locale)), request, PAGE_CACHE
        )

    def _game_maker(
        self, table: TableFacts, locale: str
    ) -> Callable[[], Awaitable[tuple[Page, bool]]]:
        signer = self.signer
        assert signer is not None

        async def make() -> tuple[Page, bool]:
            facts = await self._log(table)
            ended = table.status in ("finished", "abandoned")
            changes = await self.reads.rating_changes(table.id) if ended else []
            made = await self.off_loop(jobs.game_job, facts, table, locale, signer, changes)
            return kept(made, None if ended else KEEP_CHANGING_S), True

        return make

    async def _challenge(self, request: web.Request) -> web.StreamResponse:
        parts = self._open("challenge", request.match_info["token"])
        if len(parts) != 2:
            raise web.HTTPNotFound()
        challenge_id, deal_no = number_of(parts[0]), number_of(parts[1]) - 1
        locale = reader_locale(request.headers.get("Accept-Language"))
        key: Hashable = ("challenge", challenge_id, deal_no, locale)
        cached = self.cache.get(key)
        if cached is not None:
            return respond(cached, request, PAGE_CACHE)
        challenge = await self.reads.challenge(challenge_id)
        if challenge is None or not 0 <= deal_no < challenge.deal_count:
            raise web.HTTPNotFound()
        verdict = access.challenge_access(challenge, self.clock())
        if verdict.verdict == "sealed":
            return self._sealed(verdict, locale)
        signer = self.signer
        assert signer is not None

        async def make() -> tuple[Page, bool]:
            field = await self.reads.traveller(challenge_id, deal_no)
            par = await self.reads.par(challenge_id, deal_no)
            made = await self.off_loop(
                jobs.challenge_job, challenge, deal_no, field, par, signer, locale
            )
            return kept(made, KEEP_CHANGING_S), True

        return respond(await self.cache.make(key, make), request, PAGE_CACHE)

    async def _season(self, request: web.Request) -> web.StreamResponse:
        return await _season_page(self, request)

    async def _board(self, request: web.Request) -> web.StreamResponse:
        parts = self._open("board", request.match_info["token"])
        if len(parts) != 2 or parts[1] not in GAME_NAMES:
            raise web.HTTPNotFound()
        guild_id, game = number_of(parts[0]), parts[1]
        page_no = max(1, int(request.query.get("page", "1") or 1))
        locale = reader_locale(request.headers.get("Accept-Language"))
        signer = self.signer
        assert signer is not None

        async def make() -> tuple[Page, bool]:
            board = await self.reads.leaderboard(guild_id, game, page_no)
            own = signer.token("board", guild_id, game)
            made = await self.off_loop(jobs.board_job, board, own, locale, guild_id == EVERYWHERE)
            return kept(made, KEEP_CHANGING_S), True

        key: Hashable = ("board", guild_id, game, page_no, locale)
        return respond(await self.cache.make(key, make), request, PAGE_CACHE)


async def _season_page(server: WebServer, request: web.Request) -> web.StreamResponse:
    """A season's standings of one game (issue 45): ``/season/<guild>-<game>-<number>-<sig>``,
    one division a page."""
    parts = server._open("season", request.match_info["token"])
    if len(parts) != 3 or parts[1] not in GAME_NAMES:
        raise web.HTTPNotFound()
    guild_id, game, number = number_of(parts[0]), parts[1], number_of(parts[2])
    page_no = max(1, int(request.query.get("page", "1") or 1))
    locale = reader_locale(request.headers.get("Accept-Language"))
    signer = server.signer
    assert signer is not None

    async def make() -> tuple[Page, bool]:
        found = await server.reads.season_standings(guild_id, game, number)
        if found is None:
            raise web.HTTPNotFound()
        season, standings = found
        own = signer.token("season", guild_id, game, number)
        made = await server.off_loop(jobs.season_job, season, game, standings, page_no, own, locale)
        return kept(made, None if season.closed else KEEP_CHANGING_S), True

    key: Hashable = ("season", guild_id, game, number, page_no, locale)
    return respond(await server.cache.make(key, make), request, PAGE_CACHE)


__all__ = ["WebServer", "WebUnavailable"]
