"""The bot's suit emojis: uploaded once at start, reused, replaced by a new drawing, and never
in the way of the bot when Discord refuses them (issue 25)."""

from __future__ import annotations

import asyncio
import io
import logging
import re

import discord
import pytest
import simcord
from PIL import Image
from simcord.backend.errors import BackendError

from bot.app import create_bot
from bot.config import Settings
from bot.text import marks
from bot.text.marks import suit_text
from bot.ui.emojis import ART, SuitEmojis, emoji_name
from harness.driver import Table, assert_suits_readable
from rendering.emoji import EMOJI_SUITS, SIZE, suit_emoji
from tests.conftest import restart

OURS = re.compile(rf"atout{ART}_(french4?|italian)_[SHDC]")


def names(world: simcord.Env) -> dict[str, int]:
    return {e.name: e.id for e in world.backend.application_emojis.values()}


def test_each_emoji_is_a_small_png_discord_accepts() -> None:
    for style, suit in EMOJI_SUITS:
        data = suit_emoji(style, suit)
        assert len(data) < 256 * 1024  # Discord's limit for an emoji
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.size == (SIZE, SIZE) and image.mode == "RGBA"
        # Transparent corners, a white card around the emblem: it reads on both themes.
        raw = image.tobytes()
        pixels = [raw[i : i + 4] for i in range(0, len(raw), 4)]
        assert pixels[0][3] == 0
        white = [p for p in pixels if p[3] == 255 and min(p[:3]) >= 235]
        assert len(white) > len(pixels) // 8, (style, suit, len(white))


async def test_the_emojis_are_uploaded_once_and_written(
    env: simcord.Env, settings: Settings
) -> None:
    uploaded = names(env)
    assert sorted(uploaded) == sorted(emoji_name(style, suit) for style, suit in EMOJI_SUITS)
    assert suit_text("S") == f"<:{emoji_name('french', 'S')}:{uploaded[emoji_name('french', 'S')]}>"
    table = Table.alone(env)
    await table.open("coinche", computers=3, target_score=100)
    # A card on the table is named with its suit's emoji; a bid may have none (80 TA).
    await table.play_until(lambda game: bool(game.public_view()["trick"]))
    assert re.search(r"<:atout1_french_[SHDC]:\d+>", table.table_message().content)
    assert_suits_readable(env)
    # A restart finds them: nothing is uploaded again.
    await restart(env, settings)
    assert names(env) == uploaded
    assert suit_text("C") == f"<:{emoji_name('french', 'C')}:{uploaded[emoji_name('french', 'C')]}>"


async def test_an_older_drawing_is_replaced_and_other_emojis_kept(settings: Settings) -> None:
    bot = create_bot(settings)
    world = simcord.Env(bot, settle_timeout=30.0)
    old = world.backend.create_application_emoji(f"atout{ART - 1}_french_S")
    other = world.backend.create_application_emoji("party")
    await world.start()
    try:
        kept = names(world)
        assert old.id not in kept.values() and kept["party"] == other.id
        assert len([n for n in kept if OURS.fullmatch(n)]) == len(EMOJI_SUITS)
    finally:
        await world.shutdown()
        await bot.storage.close()


async def test_a_refused_upload_leaves_the_fallback_and_the_bot_plays(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The application's emojis full (Discord's 30018): the bot starts and plays, the suits
    written with the fallback, which reads on both themes too."""
    bot = create_bot(settings)
    world = simcord.Env(bot, settle_timeout=30.0)

    def full(name: str, *, animated: bool = False) -> None:
        raise BackendError(400, 30018, "Maximum number of emojis reached")

    monkeypatch.setattr(world.backend, "create_application_emoji", full)
    caplog.set_level(logging.WARNING)
    await world.start()
    try:
        assert marks.current() is marks.NONE
        assert "suit emojis unavailable (HTTPException" in caplog.text
        table = Table.alone(world)
        await table.open("belote", computers=3, target_score=100)
        await table.play_until(lambda game: len(game.log) > 1)
        assert "<:" not in table.table_message().content
        assert_suits_readable(world)
    finally:
        await world.shutdown()
        await bot.storage.close()
    world.raise_errors()


class Uploaded:
    """An application emoji as discord.py returns it."""

    def __init__(self, name: str, number: int, host: Host) -> None:
        self.name, self.id, self.host = name, number, host

    def __str__(self) -> str:
        return f"<:{self.name}:{self.id}>"

    async def delete(self) -> None:
        self.host.emojis.remove(self)


class Host:
    """A client whose application keeps its emojis."""

    def __init__(self, *names: str) -> None:
        self.emojis = [Uploaded(name, i, self) for i, name in enumerate(names)]
        self.created = 0

    async def fetch_application_emojis(self) -> list[Uploaded]:
        return list(self.emojis)

    async def create_application_emoji(self, *, name: str, image: bytes) -> Uploaded:
        assert image.startswith(b"\x89PNG")
        self.created += 1
        self.emojis.append(Uploaded(name, 100 + len(self.emojis), self))
        return self.emojis[-1]


async def test_a_bot_uses_its_emojis_until_it_stops() -> None:
    host = Host(emoji_name("french", "S"), f"atout{ART + 1}_french_H", "atout0_italian_C")
    emojis = SuitEmojis(host)  # type: ignore[arg-type]
    await emojis.start()
    # Its own spade reused, the other nine uploaded; an older drawing deleted, and a newer
    # one (another version of the bot sharing the application) deleted too: one set in use.
    assert host.created == len(EMOJI_SUITS) - 1
    assert {e.name for e in host.emojis} == {emoji_name(*key) for key in EMOJI_SUITS}
    assert marks.current() is emojis.in_use
    assert suit_text("S") == f"<:{emoji_name('french', 'S')}:0>"
    emojis.stop()
    assert marks.current() is marks.NONE and suit_text("S") == "♤"


class NoApplication:
    """A client that has not learnt its application id (discord.py raises before asking)."""

    async def fetch_application_emojis(self) -> list[discord.Emoji]:
        raise discord.MissingApplicationID

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji:
        raise discord.MissingApplicationID


class Silent(NoApplication):
    """Discord never answers."""

    async def fetch_application_emojis(self) -> list[discord.Emoji]:
        await asyncio.Event().wait()
        return []


async def test_no_application_id_leaves_the_fallback(caplog: pytest.LogCaptureFixture) -> None:
    emojis = SuitEmojis(NoApplication())
    await emojis.start()
    assert emojis.in_use is marks.NONE and marks.current() is marks.NONE
    assert "MissingApplicationID" in caplog.text


async def test_a_silent_discord_does_not_hold_the_start() -> None:
    """The start goes on after its wait with the fallback; the close stops the upload."""
    emojis = SuitEmojis(Silent())
    await emojis.start(wait_s=0.01)
    assert emojis.task is not None and not emojis.task.done()
    assert emojis.in_use is marks.NONE and suit_text("S") == "♤"
    emojis.stop()
    await asyncio.gather(emojis.task, return_exceptions=True)
    assert emojis.task.cancelled()
    assert marks.current() is marks.NONE


async def test_an_upload_given_up_leaves_the_fallback(caplog: pytest.LogCaptureFixture) -> None:
    emojis = SuitEmojis(Silent())
    await emojis.start(wait_s=1.0, limit_s=0.01)
    assert emojis.task is not None and emojis.task.done()
    assert emojis.in_use is marks.NONE
    assert "TimeoutError" in caplog.text
