"""Issue 44, item 4: what one server reads of another. A player's name on another server is their
Discord global name; a server's name, its channels, its members' nicknames and any user,
channel or server id of it never reach another server. Every request the bot sends towards
server B (messages, edits, threads, private answers, their embeds and buttons, files), every
image it draws and the web pages B's links open are scanned for server A's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
import simcord

import bot.ui.images
from bot.app import AtoutBot
from bot.config import Settings
from bot.web.settings import WebSettings
from harness.driver import components_of, custom_ids
from tests.bot.open.players import OpenTable, Server, open_server, set_open
from tests.conftest import migrated_sqlite

URL = "https://atout.example.org"


@pytest.fixture
def settings(tmp_path: Path, sqlite_template: Path) -> Settings:
    web = WebSettings(url=URL, host="127.0.0.1", port=0)
    db = migrated_sqlite(sqlite_template, tmp_path / "atout.sqlite3")
    return Settings(token=None, db_path=db, ai_pause_s=0.0, web=web)


class Recorder:
    """What the bot drew, and the files it sent (with the channel they went to)."""

    def __init__(self) -> None:
        self.drawn: list[str] = []
        self.files: list[tuple[int, str, bytes]] = []


@pytest.fixture
def recorder(env: simcord.Env, monkeypatch: pytest.MonkeyPatch) -> Recorder:
    seen = Recorder()
    draw = bot.ui.images._draw

    async def drawing(priority: int, fn: Any, *args: Any, **kwargs: Any) -> Any:
        seen.drawn.append(json.dumps([args, kwargs], default=str, ensure_ascii=False))
        return await draw(priority, fn, *args, **kwargs)

    monkeypatch.setattr(bot.ui.images, "_draw", drawing)
    cdn = env.backend.cdn
    store = cdn.store_attachment

    def stored(attachment_id: int, channel_id: int, filename: str, data: bytes, *rest: Any) -> Any:
        seen.files.append((channel_id, filename, data))
        return store(attachment_id, channel_id, filename, data, *rest)

    monkeypatch.setattr(cdn, "store_attachment", stored)
    return seen


def guild_of_channel(env: simcord.Env, channel_id: int) -> int | None:
    channel = env.backend.channels.get(channel_id)
    if channel is None:
        return None
    if channel.guild_id is not None:
        return int(channel.guild_id)
    # A direct message: the server of its recipient, as far as this test is concerned.
    return -int(channel.recipient_ids[0]) if channel.recipient_ids else None


def destination(env: simcord.Env, path: str) -> int | None:
    """The server a request of the bot speaks to (a member's DM: minus their id)."""
    parts = path.strip("/").split("/")
    backend = env.backend
    if parts[0] == "channels" and parts[1].isdigit():
        return guild_of_channel(env, int(parts[1]))
    if parts[0] == "guilds" and parts[1].isdigit():
        return int(parts[1])
    if parts[0] == "interactions":
        record = backend.interactions.get(int(parts[1]))
        return None if record is None else record.guild_id
    if parts[0] == "webhooks" and len(parts) > 2:
        found = backend.interaction_tokens.get(parts[2])
        return None if found is None else backend.interactions[found].guild_id
    return None


def secrets_of(server: Server, extra: list[Any]) -> dict[str, str]:
    """What of a server may never be read in another: its name, its channels' and roles'
    names, its members' nicknames and names, and every id of it."""
    guild = server.guild
    found = {
        "server name": guild.name,
        "server id": str(guild.id),
        "channel name": server.channel.name,
        "channel id": str(server.channel.id),
        "admin's name": server.admin.name,
        "admin's id": str(server.admin.id),
    }
    for member in server.people:
        found[f"member {member.name}'s id"] = str(member.id)
        found[f"member {member.name}'s user name"] = member.name
    for index, value in enumerate(extra):
        found[f"more {index}"] = str(value)
    return found


def leaks(text: str, secrets: dict[str, str]) -> list[str]:
    return [what for what, value in secrets.items() if value and value in text]


def link_urls(payload: Any) -> Iterator[str]:
    yield from re.findall(re.escape(URL) + r"/[^\s\"')<>]+", json.dumps(payload))


async def fetch(env: simcord.Env, url: str) -> str:
    port = env.bot.web.port  # type: ignore[attr-defined]
    async with (
        aiohttp.ClientSession() as http,
        http.get(url.replace(URL, f"http://127.0.0.1:{port}")) as response,
    ):
        assert response.status == 200, url
        return await response.text()


async def lodge(env: simcord.Env) -> tuple[Server, Any, dict[str, str]]:
    """Server A: Alphaville Lodge, whose member Ann (global name Ann Globe) has a nickname
    there; what of it may never be read elsewhere."""
    guild = env.create_guild("Alphaville Lodge")
    role = guild.create_role("Lodge Keepers", permissions=discord.Permissions(manage_guild=True))
    keeper = guild.add_member(env.create_user("lodge_keeper"), roles=[role])
    ann = guild.add_member(
        env.create_user("ann_of_alphaville", global_name="Ann Globe"), nick="Lodge Nick Ann"
    )
    alpha = Server(guild, guild.create_text_channel("lodge-tavern"), keeper, [ann])
    await set_open(alpha, True)
    secret_room = guild.create_text_channel("lodge-backroom")
    extra = ["Lodge Nick Ann", "Alphaville", secret_room.name, secret_room.id, role.name, role.id]
    return alpha, ann, secrets_of(alpha, extra)


async def scan(
    env: simcord.Env, recorder: Recorder, beta: Server, bob: Any, secrets: dict[str, str]
) -> list[str]:
    """Assert nothing of ``secrets`` reached Beta (requests, files, pictures); the web links
    sent there."""
    await env.settle()
    to_beta = [
        entry
        for entry in env.http_requests
        if destination(env, entry.path) in (beta.guild.id, -bob.id)
    ]
    shown = json.dumps([entry.json for entry in to_beta], ensure_ascii=False)
    assert "Ann Globe" in shown, "Ann is named in Beta by her global name"
    for entry in to_beta:
        text = json.dumps([entry.path, entry.json], ensure_ascii=False)
        assert not leaks(text, secrets), (leaks(text, secrets), entry.method, entry.path, text)
    beta_channels = {
        c for c in env.backend.channels if guild_of_channel(env, c) in (beta.guild.id, -bob.id)
    }
    sent = [(name, data) for channel, name, data in recorder.files if channel in beta_channels]
    for name, data in sent:
        text = name + (data.decode() if name.endswith((".json", ".txt")) else "")
        assert not leaks(text, secrets), (leaks(text, secrets), name)
    # Every picture drawn, in either server: an open table draws names only.
    assert recorder.drawn
    for drawn in recorder.drawn:
        assert not leaks(drawn, secrets), (leaks(drawn, secrets), drawn[:300])
    return sorted({url for entry in to_beta for url in link_urls(entry.json)})


async def test_nothing_of_one_server_reaches_another(env: simcord.Env, recorder: Recorder) -> None:
    alpha, ann, secrets = await lodge(env)
    beta = await open_server(env, "beta", 1)
    (bob,) = beta.people
    # Bob waits first, Ann's /play makes the table: its home is Alpha's.
    await bob.slash(beta.channel, "play", game="briscola", seats=2)
    await ann.slash(alpha.channel, "play", game="briscola", seats=2)
    owner: AtoutBot = env.bot  # type: ignore[assignment]
    table_id = await owner.storage.open_tables.seated_at(ann.id)
    assert table_id is not None
    table = OpenTable(env, table_id, {ann.id: alpha, bob.id: beta})
    assert table.session.row.guild_id == alpha.guild.id, "the table's home is Alpha"
    secrets["Alpha's thread id"] = str(table.mirror_channel(ann.id).id)

    turns = 0
    while table.session.game is not None and not table.session.game.over:
        await table.play_turn()
        turns += 1
        if turns == 4:
            # Quick chat from Alpha; Bob exports the table from Beta's thread.
            hand = await table.hand(ann.id)
            chat = next(c for c in components_of(hand) if "atout:chat:" in c.get("custom_id", ""))
            await ann.select(hand, ["well_played"], custom_id=chat["custom_id"])
            table.latest[ann.id] = hand  # the hand she played from is gone: this one now
            await bob.slash(table.mirror_channel(bob.id), "table export")
    beta_thread = table.mirror_channel(bob.id)
    summary = next(
        m for m in beta_thread.history() if f"atout:review:{table_id}:0" in str(m.components)
    )
    # The review and the deal's page, from Beta's mirror though the table is Alpha's.
    reviewed = await bob.click(summary, custom_id=f"atout:review:{table_id}:0")
    assert reviewed.ephemeral and reviewed.response is not None
    bob_seat = table.session.seat_of(bob.id)
    assert f"/deal/{table_id}-1-s{bob_seat}-" in json.dumps(components_of(reviewed.response))
    ladder = await bob.slash(beta.channel, "leaderboard", game="briscola", scope="everywhere")
    assert ladder.response is not None
    (ladder_link,) = [c["url"] for c in components_of(ladder.response) if c.get("style") == 5]
    assert "/board/0-briscola-" in ladder_link, "the instance's ladder on the web"
    await bob.slash(beta.channel, "history")

    # Every request towards Beta (or Bob's messages): its words, embeds, buttons, thread names;
    # the files sent there (Bob's export); every picture drawn.
    urls = await scan(env, recorder, beta, bob, secrets)
    assert any(name.endswith(".json") for _, name, _ in recorder.files), "Bob's export"
    # The web pages Beta's links open, and the leaderboard a game's page links.
    assert any("/deal/" in url for url in urls) and any("/game/" in url for url in urls), urls
    boards = []
    for url in urls:
        page = await fetch(env, url)
        assert not leaks(page, secrets), (leaks(page, secrets), url)
        boards += re.findall(r'href="\.\./board/([^"]+)"', page)
    assert boards, "a game's page links the leaderboard its game counts on"
    for token in set(boards):
        board = await fetch(env, f"{URL}/board/{token}")
        assert not leaks(board, secrets), (leaks(board, secrets), token)
        assert "Ann Globe" in board and "open tables" in board, "the instance's ladder"


async def test_nothing_of_a_lobby_s_server_reaches_the_queue_s(
    env: simcord.Env, recorder: Recorder
) -> None:
    """The same from a lobby Alpha offers to the queue: Bob, seated from Beta, reads the
    lobby's rules and its table, nothing of Alpha."""
    alpha, ann, secrets = await lodge(env)
    beta = await open_server(env, "beta", 1)
    (bob,) = beta.people
    opened = await ann.slash(alpha.channel, "briscola start", open=True)
    assert opened.response is not None
    table_id = int(next(c for c in custom_ids(opened.response) if ":join:" in c).split(":")[2])
    secrets["Alpha's lobby message id"] = str(opened.response.id)
    seated = await bob.slash(beta.channel, "play", game="briscola", seats=2)
    assert seated.response is not None and f"table {table_id}" in seated.response.content
    await ann.click(opened.response, custom_id=f"atout:start:{table_id}")
    table = OpenTable(env, table_id, {ann.id: alpha, bob.id: beta})
    secrets["Alpha's thread id"] = str(table.mirror_channel(ann.id).id)
    for _ in range(4):
        await table.play_turn()
    await scan(env, recorder, beta, bob, secrets)
