"""The bot's own suit emojis, uploaded once as application emojis when the bot starts.

Discord's ♠️ and ♣️ are near-black on the dark theme (issue 25); the emojis drawn by
``rendering/emoji.py`` (the cards' emblems on a small white card) read on both themes. An
application's emojis belong to the bot itself: usable in every server, every message and on
every control, without a server slot or the Use External Emojis permission.

At start the bot lists its application emojis, uploads those it lacks (the first start only: a
dozen small PNGs) and deletes its own of an older drawing (``ART``). The start waits for that at
most ``START_WAIT`` seconds and then goes on while the upload finishes in the background (a
first upload that Discord slows down with its rate limits), so the emojis never hold the bot
back. Whatever goes wrong — no application id, a refusal, the application's emojis full, no
network — is logged as a warning and the bot keeps the fallback of ``bot.text.marks``, which
reads on both themes too.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Final, Protocol

import discord

from bot.text import marks
from rendering.emoji import EMOJI_SUITS, suit_emoji

log = logging.getLogger(__name__)

ART: Final = 1
"""The drawing's version, in the emoji names: a new drawing uploads new emojis and deletes the
old ones (Discord does not replace an emoji's image)."""
NAME: Final = re.compile(r"atout(\d+)_(french4?|italian)_([SHDC])")
START_WAIT: Final = 5.0
"""Seconds the start waits for the emojis before going on (with the fallback until they
arrive)."""
UPLOAD_LIMIT: Final = 120.0
"""Seconds after which a background upload is given up: the fallback stays until the next
start, which uploads only what is still missing."""


def emoji_name(style: str, suit: str) -> str:
    """``atout1_french_S``: the drawing's version, the deck style and the suit."""
    return f"atout{ART}_{style}_{suit}"


class EmojiHost(Protocol):
    """What the upload needs of the client (``discord.Client`` has it)."""

    async def fetch_application_emojis(self) -> list[discord.Emoji]: ...

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji: ...


async def upload(client: EmojiHost) -> marks.SuitMarks:
    """The bot's suit emojis, uploading those it lacks and deleting older drawings."""
    have = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
    for name, emoji in have.items():
        match = NAME.fullmatch(name)
        if match is not None and int(match.group(1)) != ART:
            try:
                await emoji.delete()
            except discord.HTTPException as exc:
                log.info("could not delete the old emoji %s (%s)", name, exc.status)
    found: dict[tuple[str, str], str] = {}
    for style, suit in EMOJI_SUITS:
        name = emoji_name(style, suit)
        existing = have.get(name)
        if existing is None:
            # Drawn in a thread (about 0.1 s each): the bot's loop goes on answering meanwhile.
            image = await asyncio.to_thread(suit_emoji, style, suit)
            existing = await client.create_application_emoji(name=name, image=image)
        found[(style, suit)] = str(existing)
    return marks.SuitMarks(found)


async def _install(client: EmojiHost, limit_s: float) -> marks.SuitMarks:
    try:
        found = await asyncio.wait_for(upload(client), limit_s)
    except Exception as exc:  # any failure leaves the fallback: the bot plays on without them
        log.warning(
            "suit emojis unavailable (%s: %s): suits are written with the fallback",
            type(exc).__name__,
            exc,
        )
        return marks.NONE
    marks.use(found)
    log.info("suit emojis ready (%d)", len(found.emojis))
    return found


class SuitEmojis:
    """The upload of one bot: started with the bot, its emojis taken back when it closes."""

    def __init__(self, client: EmojiHost) -> None:
        self.client = client
        self.task: asyncio.Task[marks.SuitMarks] | None = None

    async def start(self, wait_s: float = START_WAIT, limit_s: float = UPLOAD_LIMIT) -> None:
        """Upload (once) and use the suit emojis, waiting for them at most ``wait_s``."""
        self.task = asyncio.create_task(_install(self.client, limit_s), name="atout-emojis")
        await asyncio.wait({self.task}, timeout=wait_s)

    def stop(self) -> None:
        """A closing bot stops an upload still running and takes its emojis back."""
        if self.task is None:
            return
        if not self.task.done():
            self.task.cancel()
        elif not self.task.cancelled():
            marks.drop(self.task.result())

    @property
    def in_use(self) -> marks.SuitMarks:
        """The marks this bot put in use (``NONE`` until its upload succeeded)."""
        if self.task is None or not self.task.done() or self.task.cancelled():
            return marks.NONE
        return self.task.result()
