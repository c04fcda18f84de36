"""A small fake Discord on 127.0.0.1: enough REST and gateway for the real ``python -m bot``.

The bot is pointed here with ``ATOUT_DISCORD_URL`` (``bot.endpoint``). The fake checks the token
like Discord does (401 for a wrong one), answers the calls Atout makes at start-up, and can
serve a gateway session; tests read what the bot did from ``requests``.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

TOKEN = "fake.token.for-tests"
APP_ID = 700000000000000001
BOT_USER = {
    "id": str(APP_ID),
    "username": "Atout",
    "discriminator": "0",
    "global_name": None,
    "avatar": None,
    "bot": True,
}


@dataclass
class FakeDiscord:
    token: str = TOKEN
    requests: list[tuple[str, str]] = field(default_factory=list)
    ids: itertools.count[int] = field(default_factory=lambda: itertools.count(800000000000000000))
    runner: web.AppRunner | None = None
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def next_id(self) -> str:
        return str(next(self.ids))

    # ------------------------------------------------------------------------ server
    async def start(self) -> None:
        app = web.Application(middlewares=[self._auth])
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self._application)
        app.router.add_put("/api/v10/applications/{app}/commands", self._commands)
        app.router.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", self._commands)
        self.add_routes(app)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        server: Any = site._server
        self.port = server.sockets[0].getsockname()[1]

    def add_routes(self, app: web.Application) -> None:
        """More of Discord, for subclasses."""

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    @web.middleware
    async def _auth(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.requests.append((request.method, request.path))
        if request.path.startswith("/api/") and not request.path.startswith(
            "/api/v10/interactions/"
        ):
            if request.path.startswith("/api/v10/webhooks/"):
                return await handler(request)
            if request.headers.get("Authorization") != f"Bot {self.token}":
                return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        response: web.StreamResponse = await handler(request)
        return response

    async def _me(self, request: web.Request) -> web.Response:
        return web.json_response(BOT_USER)

    async def _application(self, request: web.Request) -> web.Response:
        return web.json_response(
            {
                "id": str(APP_ID),
                "name": "Atout",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": BOT_USER,
                "verify_key": "0" * 64,
                "flags": 0,
            }
        )

    async def _commands(self, request: web.Request) -> web.Response:
        commands = await request.json()
        answered = [
            dict(c, id=self.next_id(), application_id=str(APP_ID), version="1") for c in commands
        ]
        return web.json_response(json.loads(json.dumps(answered)))
