"""How a table ends, next to the session it changes: ``/table abandon``'s vote (the starter
alone, or a majority of the people seated), and a game that ended keeping its result."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.play.absence import hand_to_computer
from bot.play.driving import drive
from bot.play.ending import AbandonVote, abandon, vote_to_abandon
from bot.play.lobby import join, start_game
from bot.play.sessions import TableSession
from bot.storage.backends import make_storage
from bot.storage.storage import Storage
from bot.storage.tables.settings import TableSettings

STARTER = 10
PEOPLE = (10, 11, 12, 13)


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    store = make_storage(str(tmp_path / "end.sqlite3"))
    await store.open()
    yield store
    await store.close()


async def four_people(
    storage: Storage, *, start: bool = True, starter: int = STARTER
) -> TableSession:
    row = await storage.tables.create(1, 2, "sueca", 4, starter, {}, TableSettings())
    session = TableSession(storage, row)
    for user in PEOPLE:
        assert await join(session, user, f"p{user}") is None
    if start:
        assert await start_game(session) is None
        await drive(session)
    return session


async def test_a_majority_of_the_people_seated_abandons_the_table(
    storage: Storage,
) -> None:
    session = await four_people(storage)
    assert await vote_to_abandon(session, 11) == AbandonVote(votes=1, needed=3)
    assert await vote_to_abandon(session, 11) == AbandonVote(votes=1, needed=3)
    assert await vote_to_abandon(session, 12) == AbandonVote(votes=2, needed=3)
    assert session.row.status == "playing"
    assert await vote_to_abandon(session, 13) == AbandonVote(abandoned=True, votes=3, needed=3)
    stored = await storage.tables.get(session.id)
    assert stored is not None and stored.status == "abandoned"


async def test_the_starter_abandons_alone_even_in_the_lobby(storage: Storage) -> None:
    session = await four_people(storage, start=False)
    vote = await vote_to_abandon(session, STARTER)
    assert vote.abandoned and session.row.status == "abandoned"


async def test_somebody_not_seated_has_no_vote_and_changes_nothing(
    storage: Storage,
) -> None:
    session = await four_people(storage)
    assert await vote_to_abandon(session, 99) == AbandonVote(error="abandon_rights")
    assert session.abandon_votes == set() and session.row.status == "playing"


async def test_playing_on_withdraws_a_vote(storage: Storage) -> None:
    session = await four_people(storage, starter=99)  # a starter who did not sit down
    game = session.game
    assert game is not None and game.to_act is not None
    voter = PEOPLE[game.to_act]
    assert await vote_to_abandon(session, voter) == AbandonVote(votes=1, needed=3)
    result = await session.act(voter, game.action_count, game.legal_actions(game.to_act)[0])
    assert result.ok and session.abandon_votes == set()
    other = next(user for user in PEOPLE if user != voter)
    assert await vote_to_abandon(session, other) == AbandonVote(votes=1, needed=3)


async def test_leaving_the_seat_to_a_computer_withdraws_the_vote_and_the_seat_count(
    storage: Storage,
) -> None:
    session = await four_people(storage)
    await vote_to_abandon(session, 11)
    assert await hand_to_computer(session, 11) is not None
    assert session.abandon_votes == set()
    # Three people seated now: two of them are a majority.
    assert await vote_to_abandon(session, 12) == AbandonVote(votes=1, needed=2)
    assert (await vote_to_abandon(session, 13)).abandoned


async def test_a_game_that_ended_keeps_its_result(storage: Storage) -> None:
    session = await four_people(storage)
    await abandon(session)
    assert await abandon(session) is False
    assert await vote_to_abandon(session, STARTER) == AbandonVote(error="not_playing")
