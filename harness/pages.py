"""Tables played to their end (or stopped part-way) straight into a storage, as the sessions
write them: the seats, the first dealer, each deal's deck and each action with its snapshot,
then the result and the rating; and the one database the web pages' tests and screenshots
serve (``fill_pages``). For the web pages' tests and ``benchmarks/web.py``."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from typing import Any

from bot.storage.backends import make_storage
from bot.storage.challenges.interface import ChallengeTerms, DealResult, NewChallenge, iso
from bot.storage.storage import Storage
from bot.storage.tables.interface import Snapshot
from bot.storage.tables.settings import TableSettings
from games.actions import Action
from games.ai import choose
from games.duplicate import fixed_deals
from games.registry import game_class
from games.review import Decision, Review
from games.review.values import Seen

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


GUILD = 1
SECRET = "s" * 40
URL = "http://pages.test"
SEEN = Seen((), (), None, None, (), None, None, ("you", "opponent", "partner", "opponent"), 0)


def decision(index: int, choice: Action, best: Action, cost: float, share: float) -> Decision:
    """One decision of a stored review, as ``games.review`` writes it (what the page shows of
    it: the step, the choice, the better one, the cost and its verdict)."""
    return Decision(
        index, choice, best, cost, share, 0.0, 0.0, 16, False,
        "mistake" if cost > 10 else "fine", None, SEEN,
    )  # fmt: skip


@dataclass(frozen=True)
class Filled:
    path: str
    games: dict[str, int]
    """A finished table of each game."""
    playing: int
    """A Coinche table whose second deal is in play."""
    open_challenge: int
    open_table: int
    closed_challenge: int
    closed_table: int


async def fill_pages(path: str) -> Filled:
    """A finished game of every game, a reviewed deal, a game still in play, and two
    challenges (one open, one closed), each with a member's deal, in a new database at ``path``."""
    storage = make_storage(path)
    await storage.open()
    try:
        games = {
            "belote": await play_table(storage, "belote", options={"target_score": 300}, seed=1),
            "coinche": await play_table(storage, "coinche", options={"target_score": 500}, seed=2),
            "piquet": await play_table(storage, "piquet", seed=5),
            "briscola": await play_table(
                storage, "briscola", seats=2, options={"hands_to_win": 1}, seed=3
            ),
            "chiamata": await play_table(storage, "chiamata", seed=4),
            "sueca": await play_table(storage, "sueca", options={"games_to_win": 1}, seed=6),
        }
        log = await storage.tables.load_log(games["coinche"])
        mine = [
            (i, a)
            for i, (d, seat, a) in enumerate(x for x in log.actions if x[0] == 0)
            if seat == 0
        ]
        call = next((i, a) for i, a in mine if a["type"] != "play")
        play = next((i, a) for i, a in mine if a["type"] == "play")
        better = "AS" if play[1]["card"] != "AS" else "AH"
        review = Review(
            "coinche", 0, 0, "points", 4,
            (
                decision(call[0], Action.from_json(call[1]), Action.from_json(call[1]), 0.0, 0.0),
                decision(play[0], Action.from_json(play[1]), Action("play", better), 24.0, 0.75),
            ),
        )  # fmt: skip
        """Seat 0 in the Coinche game's first deal: its first call good, its first card a
        mistake costing 24 points."""
        await storage.reviews.store(games["coinche"], 0, 0, review.to_json())
        # A Coinche deal has 32 cards and a few calls: past 45 actions the second deal is in
        # play.
        playing = await play_table(storage, "coinche", seed=7, stop_after=45)
        now = datetime.datetime.now(datetime.UTC)
        ids = []
        for closes in (now + datetime.timedelta(days=1), now - datetime.timedelta(hours=1)):
            deals = fixed_deals("briscola", {}, 2, 1, f"seed{closes}")
            new = NewChallenge(
                ChallengeTerms(GUILD, 10, 99, "briscola", 2, {}, 1),
                settings=TableSettings(language="en"),
                samples=4,
                seed="seed",
                deals=deals,
                created_at=iso(now - datetime.timedelta(days=2)),
                closes_at=iso(closes),
            )
            challenge = await storage.challenges.create(new)
            settings = {
                "challenge": {"id": challenge.id, "deal": 0},
                "duplicate": {"dealer": 0, "deck": list(deals[0].deck), "seed": "x", "samples": 4},
                "private": True,
            }
            table = await play_table(
                storage,
                "briscola",
                seats=2,
                settings=settings,
                seed=8,
                people=(301,),
                deck=list(deals[0].deck),
            )
            await storage.challenges.start_attempt(challenge.id, 301, "dana", iso(now))
            result = DealResult(0, 301, "dana", 70, 100.0, 1, table, {})
            await storage.challenges.record_result(challenge.id, result, iso(now), True)
            ids.append((challenge.id, table))
        closed = ids[1][0]
        await storage.challenges.mark_closed(closed)
        return Filled(path, games, playing, ids[0][0], ids[0][1], ids[1][0], ids[1][1])
    finally:
        await storage.close()
