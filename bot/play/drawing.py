"""What a drawing process holds and does before its first drawing: the renderer, warmed.

A drawing process needs ``rendering`` (Pillow, the fonts, the card sprites) and nothing of the
bot: no discord, no storage, no cogs. Everything here is importable without them, so that a
drawing process loads only this (``bot.play.fork_server``; the import test of bot/play keeps
discord out).
"""

from __future__ import annotations

import rendering
from rendering.demo import DEMO_NAMES, random_position

# The renderer's own functions, as imported: warming up draws nothing anybody sees, so it must
# not go through a wrapper that watches what is drawn (a test's).
_RENDER_TABLE = rendering.render_table
_RENDER_HAND = rendering.render_hand

WARM_GAMES = ("coinche", "briscola")
"""One game of each deck family that most tables use: the French deck and the Italian one."""


def warm() -> bytes:
    """Draw one table and one hand of each of ``WARM_GAMES``: fonts, sprites and the PNG
    palette's colour lookup are built once (about a second), before anybody waits for them.
    The bytes are returned so that the work cannot be skipped and the caller sees it done."""
    data = b""
    for name in WARM_GAMES:
        position = random_position(name, 0)
        game = position.game
        data = _RENDER_TABLE(game.public_view(), DEMO_NAMES[: game.seats])
        data += _RENDER_HAND(game.view(position.seat or 0), None)
    return data
