"""Tables played to their end (or stopped part-way) straight into a storage, as the sessions
write them: the seats, the first dealer, each deal's deck and each action with its snapshot,
then the result and the rating. For the web pages' tests and ``benchmarks/web.py``."""

from __future__ import annotations

import random
from typing import Any

from bot.storage.interface import Snapshot
from bot.storage.storage import Storage
from bot.storage.table_settings import TableSettings
from games.ai import choose
from games.registry import game_class

NAMES = ("alice", "Computer 1", "bob", "Computer 2", "carol", "Computer 3")


async def play_table(
    storage: Storage,
    game: str,
    *,
    seats: int | None = None,
    options: dict[str, Any] | None = None,
    settings: dict[str, Any] | None = None,
    seed: int = 0,
    guild_id: int = 1,
    people: tuple[int, ...] = (101,),
    stop_after: int | None = None,
    deck: list[str] | None = None,
) -> int:
    """A table of ``game`` played by easy computers for everybody, ``people`` holding the
    first seats (their user ids). ``stop_after`` actions: the table stays in play there.
    ``deck``: the first deal's deck (a challenge's)."""
    cls = game_class(game)
    seats = seats or cls.SEAT_COUNTS[0]
    options = dict(options or {})
    row = await storage.tables.create(
        guild_id, 2, game, seats, people[0], options, TableSettings.from_json(settings or {})
    )
    for seat in range(seats):
        user = people[seat] if seat < len(people) else None
        name = f"{NAMES[seat]} ({seat})" if seat < len(NAMES) else f"seat {seat}"
        await storage.tables.set_seat(row.id, seat, user, None if user else "easy", name)
    await storage.tables.update(row.id, status="playing", first_dealer=0)
    engine = cls(options=options, seats=seats, dealer=0)
    rng = random.Random(seed)
    action_no = 0
    while not engine.over:
        cards = list(deck) if deck is not None and not engine.log else list(engine.full_deck())
        if deck is None or engine.log:
            rng.shuffle(cards)
        engine.deal(cards)
        deal_no = len(engine.log) - 1
        await storage.tables.append_deal(
            row.id, deal_no, engine.log[-1]["dealer"], engine.log[-1]["deck"], Snapshot.of(engine)
        )
        while not engine.awaiting_deck and not engine.over:
            actor = engine.to_act
            assert actor is not None
            action = choose(engine.view(actor), engine.legal_actions(actor), "easy", rng)
            engine.apply(actor, action)
            await storage.tables.append_action(
                row.id, action_no, deal_no, actor, action.to_json(), Snapshot.of(engine)
            )
            action_no += 1
            if stop_after is not None and action_no >= stop_after:
                return row.id
        if deck is not None:
            break  # a challenge's table plays its one deal
    status = "finished" if engine.over or deck is not None else "abandoned"
    await storage.tables.finish(
        row.id, status, list(engine.totals), list(engine.winners), engine.to_record()
    )
    await storage.ratings.rate_table(row.id)
    return row.id
