"""Seasons played quickly (issue 45): a finished duel stored and rated as the end of a game does
it, on simcord's clock, so that months of games pass in a test (``tests/cogs/test_seasons.py``)
or a photograph (``benchmarks/preview_games.py``) without playing each one through clicks."""

from __future__ import annotations

from typing import Any

import simcord

from bot.storage.tables.settings import TableSettings


async def store_game(
    env: simcord.Env, guild_id: int, winner: Any, loser: Any, game: str = "piquet"
) -> int:
    """A finished duel between two members (simcord actors), won by ``winner``, stored and rated
    at simcord's time; its table id."""
    storage = env.bot.storage  # type: ignore[attr-defined]
    with env.time_context():
        row = await storage.tables.create(guild_id, 1, game, 2, winner.id, {}, TableSettings())
        await storage.tables.set_seat(row.id, 0, winner.id, None, winner.name)
        await storage.tables.set_seat(row.id, 1, loser.id, None, loser.name)
        await storage.tables.update(row.id, status="playing", first_dealer=0)
        record = {"format": "atout-record/1", "game": game, "seats": 2, "deals": []}
        await storage.tables.finish(row.id, "finished", [2, 0], [0], record)
        await storage.ratings.rate_table(row.id)
    return int(row.id)
