"""Images for Discord messages, drawn by ``rendering`` in a worker thread.

Pillow work takes tens of milliseconds; on the event loop it would stall every other table of
every guild, so each call goes through ``asyncio.to_thread``. Public images are drawn from the
public view only: a card that is not on the table can never reach a public message.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

import rendering
from games.views import GameView


def _file(data: bytes, stem: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=f"{stem}.{rendering.IMAGE_EXTENSION}")


async def table_file(
    public_view: GameView,
    names: list[str],
    bots: list[bool],
    deck_style: str,
    stem: str,
    locale: str = "en",
    unrated: bool = False,
) -> discord.File:
    data = await asyncio.to_thread(
        rendering.render_table,
        public_view,
        names,
        bots=bots,
        deck_style=deck_style,
        locale=locale,
        unrated=unrated,
    )
    return _file(data, stem)


async def hand_file(
    view: GameView, legal: list[str] | None, deck_style: str, stem: str, locale: str = "en"
) -> discord.File:
    data = await asyncio.to_thread(
        rendering.render_hand, view, legal, deck_style=deck_style, locale=locale
    )
    return _file(data, stem)


async def last_trick_file(
    public_view: GameView, names: list[str], deck_style: str, stem: str, locale: str = "en"
) -> discord.File:
    data = await asyncio.to_thread(
        rendering.render_last_trick, public_view, names, deck_style=deck_style, locale=locale
    )
    return _file(data, stem)


async def deal_summary_file(
    public_view: GameView,
    names: list[str],
    result: dict[str, Any],
    deck_style: str,
    stem: str,
    locale: str = "en",
) -> discord.File:
    data = await asyncio.to_thread(
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
    deal_results: list[dict[str, Any]],
    totals: list[int],
    stem: str,
    locale: str = "en",
) -> discord.File:
    data = await asyncio.to_thread(
        rendering.render_score_sheet, game, names, deal_results, totals, locale=locale
    )
    return _file(data, stem)
