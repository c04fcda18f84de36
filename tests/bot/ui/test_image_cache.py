"""The cache of encoded images (``bot.ui.images``): a picture asked for again comes from it, and
a picture drawn from anything else never does."""

from __future__ import annotations

import asyncio
from typing import Any

import rendering
from bot.play.workers import TABLE
from bot.ui import images
from rendering.demo import DEMO_NAMES, played


def test_equal_arguments_share_a_key_and_different_ones_never_do() -> None:
    moments = played("coinche", 4, 6)
    view, other = moments[4].public, moments[5].public
    names = DEMO_NAMES[:4]
    key = images.drawing_key(rendering.render_table, (view, names), {"locale": "fr", "bots": [1]})
    copy = {k: v for k, v in view.items()}
    same = images.drawing_key(
        rendering.render_table, (copy, list(names)), {"bots": [1], "locale": "fr"}
    )
    assert key == same
    for fn, args, kwargs in (
        (rendering.render_table, (other, names), {"locale": "fr", "bots": [1]}),
        (rendering.render_table, (view, names), {"locale": "ja", "bots": [1]}),
        (rendering.render_table, (view, names), {"locale": "fr", "bots": [True]}),
        (rendering.render_table, (view, names), {"locale": "fr", "bots": [1.0]}),
        (rendering.render_hand, (view, names), {"locale": "fr", "bots": [1]}),
    ):
        assert images.drawing_key(fn, args, kwargs) != key


def test_a_picture_asked_for_again_is_not_drawn_again() -> None:
    calls: list[Any] = []

    def picture(value: object, *, locale: str) -> bytes:
        calls.append((value, locale))
        return f"{value}-{locale}".encode()

    async def ask() -> list[bytes]:
        return [
            await images._draw(TABLE, picture, {"a": [1, 2]}, locale="en"),
            await images._draw(TABLE, picture, {"a": [1, 2]}, locale="en"),
            await images._draw(TABLE, picture, {"a": [1, 3]}, locale="en"),
            await images._draw(TABLE, picture, {"a": [1, 2]}, locale="ja"),
        ]

    got = asyncio.run(ask())
    assert got == [b"{'a': [1, 2]}-en"] * 2 + [b"{'a': [1, 3]}-en", b"{'a': [1, 2]}-ja"]
    assert len(calls) == 3
