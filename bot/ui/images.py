"""Images for Discord messages, drawn by ``rendering`` off the event loop.

Pillow work takes milliseconds; on the event loop it would stall every other table of every
guild, so each call waits for a slot of the image queue (``bot.play.workers``), which serves the
clicking player's hand first, then table redraws, then the rest. The drawing happens in a
drawing process (``ATOUT_IMAGE_PROCESSES``), away from the event loop's interpreter lock; with
no drawing process (tests under simcord), or until the processes are warm, in a thread. The
same picture asked for twice (a Hand button pressed again, a table redrawn in the same state)
comes from a small cache of encoded images. Public images are drawn from the public view only:
a card that is not on the table can never reach a public message.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import io
import logging
import pickle
import weakref
from collections.abc import Callable
from typing import Any

import discord

import rendering
from bot.play import drawing, workers
from bot.play.single_flight import SingleFlight
from bot.play.workers import BACKGROUND, HAND, TABLE, Drawer, image_slots
from games.views import DealRecord, GameView

log = logging.getLogger(__name__)

CACHE_SIZE = 256
"""Encoded images kept (tens of KB each)."""
_cache: collections.OrderedDict[bytes, tuple[Callable[..., bytes], bytes]] = (
    collections.OrderedDict()
)
"""Key → the drawing function and its image. The function is kept with its image and compared
by identity: an id in the key could be reused by another function once the first is freed (a
test's stand-in for a drawing function), and that one would be handed the other's picture."""


def warm_up() -> None:
    """Start the drawing processes and fill their caches now, in the background, so that the first
    click after a start does not pay for them. Nothing waits for it; drawings are made in threads
    until the processes are warm (``bot.play.workers``)."""
    workers.warm_images(drawing.warm)


def _file(data: bytes, stem: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=f"{stem}.{rendering.IMAGE_EXTENSION}")


# Forwards any drawing function's arguments to a worker process.
async def _draw(
    priority: int,
    fn: Callable[..., bytes],
    *args: Any,
    drawer: Drawer | None = None,
    affinity: str | None = None,
    **kwargs: Any,
) -> bytes:
    """``fn(*args, **kwargs)`` through the image queue (or with ``drawer``, a slot the caller
    holds already: ``Slots.held``), or from the cache; ``affinity``: the drawings of one table
    go to one drawing process, which keeps its layers (``bot.play.workers._draw_now``). The key
    is taken on the event loop, before any await: the views are not changed under it."""
    key = drawing_key(fn, args, kwargs)
    entry = _cache.get(key)
    if entry is not None and entry[0] is fn:
        _cache.move_to_end(key)
        return entry[1]
    work = functools.partial(fn, *args, **kwargs)

    async def drawn() -> bytes:
        data = await (
            drawer(work, affinity=affinity)
            if drawer is not None
            else image_slots().run(priority, work, affinity=affinity)
        )
        _cache[key] = (fn, data)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
        return data

    # The same picture asked for while it is being drawn (the mirrors of an open table in one
    # language, each edited by a task of its own) waits for that drawing.
    return await _flights().run((key, fn), drawn)


def drawing_key(fn: Callable[..., bytes], args: tuple[Any, ...], kwargs: dict[str, Any]) -> bytes:
    """What a drawing is drawn from, as bytes: equal arguments give equal keys (the views are
    built in one order), different ones never do (pickle tells 1 from True and from 1.0). A
    fifth of the time of the JSON it replaced (90 µs a table's view), taken for every image
    asked for, three or four an action of an open table."""
    return pickle.dumps((fn.__module__, fn.__qualname__, args, sorted(kwargs.items())), 5)


_in_flight: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, SingleFlight[tuple[bytes, Callable[..., bytes]], bytes]
] = weakref.WeakKeyDictionary()


def _flights() -> SingleFlight[tuple[bytes, Callable[..., bytes]], bytes]:
    """The drawings under way in the running event loop (tests run many loops)."""
    loop = asyncio.get_running_loop()
    flights = _in_flight.get(loop)
    if flights is None:
        flights = _in_flight[loop] = SingleFlight()
    return flights


async def table_file(
    public_view: GameView,
    names: list[str],
    bots: list[bool],
    deck_style: str,
    stem: str,
    locale: str = "en",
    priority: int = TABLE,
    unrated: bool = False,
    drawer: Drawer | None = None,
) -> discord.File:
    data = await _draw(
        priority,
        rendering.render_table,
        public_view,
        names,
        bots=bots,
        deck_style=deck_style,
        locale=locale,
        unrated=unrated,
        drawer=drawer,
        affinity=stem,
    )
    return _file(data, stem)


async def hand_file(
    view: GameView,
    legal: list[str] | None,
    deck_style: str,
    stem: str,
    locale: str = "en",
    priority: int = HAND,
    marked: list[str] | None = None,
) -> discord.File:
    extra: dict[str, Any] = {"marked": marked} if marked else {}
    data = await _draw(
        priority, rendering.render_hand, view, legal, deck_style=deck_style, locale=locale, **extra
    )
    return _file(data, stem)


async def last_trick_file(
    public_view: GameView, names: list[str], deck_style: str, stem: str, locale: str = "en"
) -> discord.File:
    data = await _draw(
        HAND,
        rendering.render_last_trick,
        public_view,
        names,
        deck_style=deck_style,
        locale=locale,
    )
    return _file(data, stem)


async def deal_summary_file(
    public_view: GameView,
    names: list[str],
    result: DealRecord,
    deck_style: str,
    stem: str,
    locale: str = "en",
) -> discord.File:
    data = await _draw(
        BACKGROUND,
        rendering.render_deal_summary,
        public_view,
        names,
        result,
        deck_style=deck_style,
        locale=locale,
    )
    return _file(data, stem)


async def score_sheet_file(
    game: str,
    names: list[str],
    deal_results: list[DealRecord],
    totals: list[int],
    stem: str,
    locale: str = "en",
) -> discord.File:
    data = await _draw(
        BACKGROUND,
        rendering.render_score_sheet,
        game,
        names,
        deal_results,
        totals,
        locale=locale,
    )
    return _file(data, stem)


async def review_picture_file(
    picture: rendering.ReviewPicture, deck_style: str, stem: str, locale: str = "en"
) -> discord.File:
    """One decision of a deal review in the deal around it (``rendering.review``)."""
    data = await _draw(
        HAND, rendering.render_review_picture, picture, deck_style=deck_style, locale=locale
    )
    return _file(data, stem)
