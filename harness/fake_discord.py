"""A small fake Discord on 127.0.0.1: enough REST and gateway for the real ``python -m bot``.

The bot is pointed here with ``ATOUT_DISCORD_URL`` (``bot.endpoint``). The fake checks the token
like Discord does (401 for a wrong one), answers the calls Atout makes at start-up, and can
serve a gateway session; tests read what the bot did from ``requests``.
"""

from __future__ import annotations

import asyncio
import datetime
import itertools
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

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


def reply(data: Any, status: int = 200) -> web.Response:
    """JSON as Discord sends it: discord.py parses a body only under exactly this content type."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


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
                webhook: web.StreamResponse = await handler(request)
                return webhook
            if request.headers.get("Authorization") != f"Bot {self.token}":
                return reply({"message": "401: Unauthorized", "code": 0}, status=401)
        response: web.StreamResponse = await handler(request)
        return response

    async def _me(self, request: web.Request) -> web.Response:
        return reply(BOT_USER)

    async def _application(self, request: web.Request) -> web.Response:
        return reply(
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
        return reply(json.loads(json.dumps(answered)))


# --------------------------------------------------------------------------------------------
# A gateway and the REST calls of a game, for the kill test.

GUILD_ID = 900000000000000001
CHANNEL_ID = 900000000000000002


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def user_payload(user_id: int) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": f"player{user_id % 1000}",
        "discriminator": "0",
        "global_name": None,
        "avatar": None,
    }


@dataclass
class Answer:
    """What the bot answered to one interaction."""

    kind: int
    data: dict[str, Any]


@dataclass
class FakeGateway(FakeDiscord):
    """The fake Discord with a gateway: tests send interactions, the bot answers through REST."""

    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    answers: dict[int, asyncio.Future[Answer]] = field(default_factory=dict)
    originals: dict[str, int] = field(default_factory=dict)
    """interaction token → the id of its original response message."""
    sockets: list[web.WebSocketResponse] = field(default_factory=list)
    identified: asyncio.Event = field(default_factory=asyncio.Event)
    sequence: int = 0

    def add_routes(self, app: web.Application) -> None:
        api = "/api/v10"
        app.router.add_get("/gateway/", self._gateway)
        app.router.add_post(api + "/interactions/{iid}/{token}/callback", self._callback)
        app.router.add_route("*", api + "/webhooks/{app}/{token}/messages/{mid}", self._original)
        app.router.add_post(api + "/webhooks/{app}/{token}", self._followup)
        app.router.add_post(api + "/channels/{cid}/messages", self._create)
        app.router.add_patch(api + "/channels/{cid}/messages/{mid}", self._edit)
        app.router.add_delete(api + "/channels/{cid}/messages/{mid}", self._delete)
        app.router.add_post(api + "/channels/{cid}/messages/{mid}/threads", self._no_thread)

    # ------------------------------------------------------------------------- REST
    async def _body(self, request: web.Request) -> dict[str, Any]:
        if request.content_type.startswith("multipart/"):
            body: dict[str, Any] = {}
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data)
            return body
        if request.can_read_body:
            loaded: dict[str, Any] = await request.json()
            return loaded
        return {}

    def _message(
        self, channel_id: int, body: dict[str, Any], message_id: int | None = None
    ) -> dict[str, Any]:
        message_id = message_id or int(self.next_id())
        stored = self.messages.get(message_id, {})
        message = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "author": BOT_USER,
            "content": body.get("content", stored.get("content", "")),
            "timestamp": stored.get("timestamp", now_iso()),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": body.get("flags", stored.get("flags", 0)) or 0,
            "components": body.get("components", stored.get("components", [])) or [],
        }
        self.messages[message_id] = message
        return message

    async def _callback(self, request: web.Request) -> web.Response:
        iid = int(request.match_info["iid"])
        body = await self._body(request)
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        resource: dict[str, Any] = {"type": kind}
        message_id = None
        if kind == 4:
            message = self._message(CHANNEL_ID, data)
            message_id = int(message["id"])
            self.originals[request.match_info["token"]] = message_id
            resource["message"] = message
        future = self.answers.get(iid)
        # A deferred update (6) only acknowledges the click: the player is told what happened by
        # the edit of their hand or by a follow-up that comes next, which answers for it.
        if future is not None and not future.done() and kind != 6:
            future.set_result(Answer(kind, data))
        return reply(
            {
                "interaction": {
                    "id": str(iid),
                    "type": 3,
                    "response_message_id": str(message_id) if message_id else None,
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": bool(int(data.get("flags", 0) or 0) & 64),
                },
                "resource": resource,
            }
        )

    async def _original(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        message_id = self.originals.get(token) or int(self.next_id())
        self.originals[token] = message_id
        if request.method == "DELETE":
            return web.Response(status=204)
        body = await self._body(request) if request.method == "PATCH" else {}
        if request.method == "PATCH":
            self._told(token, 7, body)  # the clicked hand, edited: the move is on the table
        return reply(self._message(CHANNEL_ID, body, message_id))

    async def _followup(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        self._told(request.match_info["token"], 4, body)  # a refusal or a fresh hand
        return reply(self._message(CHANNEL_ID, body))

    def _told(self, token: str, kind: int, body: dict[str, Any]) -> None:
        """The answer to a deferred interaction (tokens are ``token-<interaction id>``)."""
        if not token.startswith("token-"):
            return
        future = self.answers.get(int(token.removeprefix("token-")))
        if future is not None and not future.done():
            future.set_result(Answer(kind, body))

    async def _create(self, request: web.Request) -> web.Response:
        channel_id = int(request.match_info["cid"])
        return reply(self._message(channel_id, await self._body(request)))

    async def _edit(self, request: web.Request) -> web.Response:
        channel_id, message_id = int(request.match_info["cid"]), int(request.match_info["mid"])
        return reply(self._message(channel_id, await self._body(request), message_id))

    async def _delete(self, request: web.Request) -> web.Response:
        self.messages.pop(int(request.match_info["mid"]), None)
        return web.Response(status=204)

    async def _no_thread(self, request: web.Request) -> web.Response:
        return reply({"message": "Missing Permissions", "code": 50013}, status=403)

    # ---------------------------------------------------------------------- gateway
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        compress = zlib.compressobj() if request.query.get("compress") == "zlib-stream" else None

        async def send(payload: dict[str, Any]) -> None:
            text = json.dumps(payload)
            if compress is None:
                await ws.send_str(text)
            else:
                data = compress.compress(text.encode()) + compress.flush(zlib.Z_SYNC_FLUSH)
                await ws.send_bytes(data)

        ws_send: Any = send
        await send({"op": 10, "d": {"heartbeat_interval": 30000}})
        async for raw in ws:
            if raw.type != WSMsgType.TEXT:
                continue
            message = json.loads(raw.data)
            if message["op"] == 1:
                await send({"op": 11})
            elif message["op"] == 2:
                self.sequence = 1
                await send(
                    {
                        "op": 0,
                        "t": "READY",
                        "s": self.sequence,
                        "d": {
                            "v": 10,
                            "user": BOT_USER,
                            "guilds": [],
                            "session_id": "fake-session",
                            "resume_gateway_url": self.url.replace("http", "ws") + "/gateway/",
                            "application": {"id": str(APP_ID), "flags": 0},
                            "shard": [0, 1],
                        },
                    }
                )
                ws.__dict__["atout_send"] = ws_send
                self.sockets.append(ws)
                self.identified.set()
        if ws in self.sockets:
            self.sockets.remove(ws)
        return ws

    async def dispatch_interaction(self, payload: dict[str, Any]) -> asyncio.Future[Answer] | None:
        """Send an INTERACTION_CREATE; the future resolves with the bot's answer. None when no
        bot is connected (the player's click goes nowhere, as when the bot is down)."""
        live = [ws for ws in self.sockets if not ws.closed]
        if not live:
            return None
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self.answers[int(payload["id"])] = future
        self.sequence += 1
        try:
            await live[-1].__dict__["atout_send"](
                {"op": 0, "t": "INTERACTION_CREATE", "s": self.sequence, "d": payload}
            )
        except (ConnectionError, RuntimeError):
            return None
        return future

    def interaction(
        self, kind: int, user_id: int, data: dict[str, Any], message: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        iid = self.next_id()
        payload: dict[str, Any] = {
            "id": iid,
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token-{iid}",
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(CHANNEL_ID),
            "channel": {
                "id": str(CHANNEL_ID),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "cards",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "topic": None,
                "rate_limit_per_user": 0,
            },
            "member": {
                "user": user_payload(user_id),
                "roles": [],
                "joined_at": now_iso(),
                "deaf": False,
                "mute": False,
                "permissions": "2199023255551",
                "flags": 0,
            },
            "app_permissions": "2199023255551",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 8388608,
            "data": data,
        }
        if message is not None:
            payload["message"] = message
        return payload

    def button_message(self, custom_id: str) -> dict[str, Any]:
        """A message holding one button: what a player's hand or a lobby looks like to the bot."""
        return self._message(
            CHANNEL_ID,
            {
                "content": "",
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 2, "label": "x", "custom_id": custom_id}
                        ],
                    }
                ],
            },
        )
