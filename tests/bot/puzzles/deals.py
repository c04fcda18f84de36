"""Finished tables written straight into storage, as a table's session writes them (its decks,
its log, its end), from deals the normal computer player plays at every seat: the server's own
deals that its puzzles are drawn from, and the deals a member's reviews are about."""

from __future__ import annotations

import random
from typing import Any

from bot.storage.storage import Storage
from bot.storage.tables.interface import Snapshot
from bot.storage.tables.settings import TableSettings
from games.ai import choose
from games.registry import new_game


async def finished_table(
    storage: Storage,
    guild_id: int,
    game_name: str,
    seats: int,
    users: dict[int, int],
    *,
    deals: int = 1,
    seed: int = 0,
    finished_at: str,
    settings: dict[str, Any] | None = None,
) -> int:
    """A table of ``deals`` finished deals; ``users`` seats people (seat → user id), computers
    sit at the other seats. Its id."""
    rng = random.Random(seed)
    row = await storage.tables.create(
        guild_id, 1, game_name, seats, 1, {}, TableSettings.from_json(settings or {})
    )
    for seat in range(seats):
        if seat in users:
            await storage.tables.set_seat(row.id, seat, users[seat], None, f"player{seat}")
        else:
            await storage.tables.set_seat(row.id, seat, None, "normal", f"Computer {seat}")
    game = new_game(game_name, seats=seats, dealer=0)
    await storage.tables.update(row.id, first_dealer=0, status="playing")
    action_no = 0
    for deal_no in range(deals):
        deck = list(game.full_deck())
        rng.shuffle(deck)
        dealer = game.dealer
        assert dealer is not None
        game.deal(deck)
        await storage.tables.append_deal(row.id, deal_no, dealer, deck, Snapshot.of(game))
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            action = choose(game.view(seat), game.legal_actions(seat), "normal", rng)
            game.apply(seat, action)
            await storage.tables.append_action(
                row.id, action_no, deal_no, seat, action.to_json(), Snapshot.of(game)
            )
            action_no += 1
    await storage.tables.finish(row.id, "finished")
    await storage.tables.update(row.id, finished_at=finished_at)
    return row.id
