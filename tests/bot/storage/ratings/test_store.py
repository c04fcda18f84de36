"""Ratings on storage: every kind of game moves ratings the right way, leavers keep the loss,
abandoned and unrated games change nothing, servers never mix, pages, and the migration that
rates the games of an existing database once, in finishing order."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import bot.storage.databases.migrations as schema
from bot.storage.backends import make_storage
from bot.storage.databases.migrations import SQLITE
from bot.storage.ratings.model import Companion, Entrant, Skill, player_key, rate, shown_rating
from bot.storage.settings.server import ServerSettings
from bot.storage.storage import Storage
from bot.storage.tables.settings import AwaySeat, TableSettings

GUILD = 1


async def ended(
    storage: Storage,
    game: str,
    players: list[int | str],
    totals: list[int],
    winners: list[int],
    *,
    guild: int = GUILD,
    status: str = "finished",
    settings: TableSettings | None = None,
    leavers: dict[int, tuple[int, str]] | None = None,
    rate_now: bool = True,
    options: dict[str, Any] | None = None,
) -> int:
    """A table of ``game`` that started and ended; a player is a user id or a computer level.
    ``leavers``: seat → (user id, name) of the person a computer replaced during play."""
    settings = settings or TableSettings()
    for seat, (user, name) in (leavers or {}).items():
        # What a computer taking a person's seat during play keeps of who left.
        settings = settings.with_away(AwaySeat(seat, user, name))
    row = await storage.tables.create(guild, 10, game, len(players), 100, options or {}, settings)
    for seat, who in enumerate(players):
        if isinstance(who, str):
            await storage.tables.set_seat(row.id, seat, None, who, f"Computer {seat + 1}")
        else:
            await storage.tables.set_seat(row.id, seat, who, None, f"user{who}")
    await storage.tables.update(row.id, status="playing", first_dealer=0)
    if status == "finished":
        record = {"format": "atout-record/1", "game": game, "table": row.id}
        await storage.tables.finish(row.id, "finished", totals, winners, record)
    else:
        await storage.tables.finish(row.id, "abandoned")
    if rate_now:
        await storage.ratings.rate_table(row.id)
    return row.id


async def rating(storage: Storage, game: str, who: int | str, guild: int = GUILD) -> Any:
    key = player_key(who if isinstance(who, int) else None, who if isinstance(who, str) else None)
    return await storage.database.fetchrow(
        "SELECT mu, sigma, games, wins FROM ratings WHERE guild_id = $1 AND game = $2"
        " AND player = $3",
        guild,
        game,
        key,
    )


async def test_a_duel_moves_the_winner_up_and_the_loser_down(storage: Storage) -> None:
    table = await ended(storage, "piquet", [1, 2], [150, 80], [0])
    winner, loser = await rating(storage, "piquet", 1), await rating(storage, "piquet", 2)
    assert winner["mu"] > 25 > loser["mu"]
    assert (winner["games"], winner["wins"], loser["games"], loser["wins"]) == (1, 1, 1, 0)
    changes = await storage.ratings.rate_table(table)
    assert [(c.name, c.before) for c in changes] == [("user1", 1000), ("user2", 1000)]
    assert changes[0].after > 1000 > changes[1].after
    assert changes[0].provisional


async def test_partnerships_rate_sides_as_teams(storage: Storage) -> None:
    # Coinche: seats 0 and 2 against 1 and 3 (side = seat % 2); side 1 won.
    await ended(storage, "coinche", [1, 2, 3, 4], [300, 1010], [1])
    ratings = {u: await rating(storage, "coinche", u) for u in (1, 2, 3, 4)}
    assert ratings[2]["mu"] > 25 and ratings[4]["mu"] > 25
    assert ratings[1]["mu"] < 25 and ratings[3]["mu"] < 25
    assert ratings[2]["mu"] == pytest.approx(ratings[4]["mu"])
    # Briscola for 6: two teams of three, alternating seats.
    await ended(storage, "briscola", [1, 2, 3, 4, 5, 6], [70, 50], [0])
    mus = {u: (await rating(storage, "briscola", u))["mu"] for u in range(1, 7)}
    assert all(mus[u] > 25 for u in (1, 3, 5)) and all(mus[u] < 25 for u in (2, 4, 6))


async def test_briscola_for_three_ranks_by_points(storage: Storage) -> None:
    await ended(storage, "briscola", [1, 2, 3], [30, 60, 30], [1])
    first, second, third = [await rating(storage, "briscola", u) for u in (2, 1, 3)]
    assert first["mu"] > 25 > second["mu"]
    # Seats 0 and 2 scored alike: a tie for second place.
    assert second["mu"] == pytest.approx(third["mu"])


async def test_chiamata_is_a_five_way_ranking_by_totals(storage: Storage) -> None:
    await ended(storage, "chiamata", [1, 2, 3, 4, 5], [12, 6, -3, 0, -15], [0])
    mus = [(await rating(storage, "chiamata", u))["mu"] for u in (1, 2, 4, 3, 5)]
    assert mus == sorted(mus, reverse=True)
    assert mus[0] > 25 > mus[-1]


async def test_a_tie_is_a_tie(storage: Storage) -> None:
    await ended(storage, "briscola", [1, 2], [60, 60], [0, 1])
    a, b = await rating(storage, "briscola", 1), await rating(storage, "briscola", 2)
    assert a["mu"] == pytest.approx(25) and b["mu"] == pytest.approx(25)
    assert a["sigma"] < 25 / 3
    assert a["wins"] == b["wins"] == 0


async def test_a_leaver_keeps_the_loss_and_the_computer_is_not_credited(
    storage: Storage,
) -> None:
    # Seat 0 (user 1) left; the computer that finished the seat's game won it with user 3.
    table = await ended(
        storage, "belote", ["easy", 2, 3, 4], [1001, 400], [0], leavers={0: (1, "user1")}
    )
    leaver = await rating(storage, "belote", 1)
    assert leaver["mu"] < 25 and leaver["wins"] == 0
    assert (await rating(storage, "belote", 3))["mu"] > 25
    assert await rating(storage, "belote", "easy") is None
    names = [c.name for c in await storage.ratings.rate_table(table)]
    assert names == ["user1", "user2", "user3", "user4"]


async def test_abandoned_and_unrated_games_change_nothing(storage: Storage) -> None:
    await ended(storage, "sueca", [1, 2, 3, 4], [0, 0], [], status="abandoned")
    await ended(storage, "sueca", [1, 2, 3, 4], [2, 0], [0], settings=TableSettings(rated=False))
    assert (await storage.database.fetchrow("SELECT COUNT(*) FROM ratings"))[0] == 0
    history = await storage.ratings.history(GUILD, 1, "sueca")
    assert [(h.status, h.rated) for h in history] == [("finished", False), ("abandoned", False)]
    stats = await storage.ratings.player_stats(GUILD, 1, "sueca")
    assert stats.per_game == []


async def test_computers_are_rated_per_level_and_hidden_by_default(
    storage: Storage,
) -> None:
    await ended(storage, "piquet", ["hard", 1], [150, 20], [0])
    assert (await rating(storage, "piquet", "hard"))["mu"] > 25
    board = await storage.ratings.leaderboard(GUILD, "piquet", user_id=1)
    assert [line.player for line in board.lines] == ["u:1"]
    await storage.settings.update(GUILD, lambda s: replace(s, show_computers=True))
    assert (await storage.settings.server(GUILD)).show_computers
    assert await storage.settings.server(GUILD + 1) == ServerSettings()
    board = await storage.ratings.leaderboard(GUILD, "piquet", user_id=1)
    # No English in storage: a computer has no stored name, each reader names its level.
    assert [(line.name, line.ai_level) for line in board.lines] == [("", "hard"), ("user1", None)]
    assert board.own is not None and board.own.rank == 2


async def test_servers_never_mix(storage: Storage) -> None:
    await ended(storage, "coinche", [1, 2, 3, 4], [1000, 0], [0], guild=1)
    board = await storage.ratings.leaderboard(2, "coinche", user_id=1)
    assert board.lines == [] and board.own is None and board.total == 0
    assert (await storage.ratings.player_stats(2, 1, None)).per_game == []
    assert await storage.ratings.history(2, 1, None) == []
    assert await storage.ratings.stored_record(2, 1) is None
    assert await storage.ratings.stored_record(1, 1) is not None
    await storage.ratings.reset(2, "coinche")
    assert await rating(storage, "coinche", 1, guild=1) is not None


async def test_pages_and_the_callers_line(storage: Storage) -> None:
    # 24 players, each pair a duel: the first of each pair wins.
    for pair in range(12):
        await ended(storage, "briscola", [2 * pair + 1, 2 * pair + 2], [80, 40], [0])
    first = await storage.ratings.leaderboard(GUILD, "briscola", page=1, user_id=24)
    assert (first.total, first.pages, len(first.lines)) == (24, 3, 10)
    assert [line.rank for line in first.lines] == list(range(1, 11))
    assert first.own is not None and first.own.user_id == 24 and first.own.rank > 10
    last = await storage.ratings.leaderboard(GUILD, "briscola", page=3, user_id=24)
    assert len(last.lines) == 4 and last.lines[0].rank == 21
    ratings = [
        line.rating
        for p in (1, 2, 3)
        for line in (await storage.ratings.leaderboard(GUILD, "briscola", page=p)).lines
    ]
    assert ratings == sorted(ratings, reverse=True)
    assert (await storage.ratings.leaderboard(GUILD, "briscola", page=4)).lines == []


async def test_the_last_30_days_count_recent_games_only(storage: Storage) -> None:
    old = await ended(storage, "briscola", [1, 2], [80, 40], [0])
    await storage.database.execute(
        "UPDATE match_players SET finished_at = '2020-01-01T00:00:00Z' WHERE table_id = $1", old
    )
    await ended(storage, "briscola", [1, 3], [80, 40], [0])
    board = await storage.ratings.leaderboard(GUILD, "briscola", period="30d", user_id=2)
    assert {line.player: line.games for line in board.lines} == {"u:1": 1, "u:3": 1}
    assert board.own is None
    everything = await storage.ratings.leaderboard(GUILD, "briscola")
    assert {line.player: line.games for line in everything.lines} == {"u:1": 2, "u:2": 1, "u:3": 1}


async def test_stats_partner_opponent_and_history(storage: Storage) -> None:
    await ended(storage, "coinche", [1, 2, 3, 4], [1000, 200], [0])
    await ended(storage, "coinche", [1, 2, 3, 4], [1000, 300], [0])
    await ended(storage, "coinche", [1, 3, 4, 2], [100, 1000], [1])
    stats = await storage.ratings.player_stats(GUILD, 1, "coinche")
    (game,) = stats.per_game
    assert (game.games, game.wins) == (3, 2)
    assert len(game.history) == 3 and game.rating == game.history[-1]
    assert game.start == 1000
    # Two games together, one against: too few to call anybody a partner or a nemesis.
    assert stats.best_partner is None and stats.toughest_opponent is None
    history = await storage.ratings.history(GUILD, 1, None)
    assert [h.won for h in history] == [False, True, True]
    assert history[0].before == history[1].after
    assert [s.name for s in history[0].seats] == ["user1", "user3", "user4", "user2"]


async def test_a_partner_or_an_opponent_is_named_when_there_is_something_to_say(
    storage: Storage,
) -> None:
    """Three games at least, won more often than not with the partner, lost more often than not
    against the opponent: a partner one never won with, or an opponent one always beat, is
    nobody's best partner or toughest opponent."""
    for _ in range(3):  # user1 and user3 win together three times against user2 and user4
        await ended(storage, "coinche", [1, 2, 3, 4], [1000, 200], [0])
    for _ in range(3):  # then user3 and user2 beat user1 and user4 three times
        await ended(storage, "coinche", [1, 3, 4, 2], [100, 1000], [1])
    stats = await storage.ratings.player_stats(GUILD, 1, "coinche")
    assert stats.best_partner == Companion("user3", 3, 3)
    assert stats.toughest_opponent == Companion("user3", 3, 0)
    # user4: three games together, never won; user2: beaten three times of six.
    four = await storage.ratings.player_stats(GUILD, 4, "coinche")
    assert four.best_partner is None or four.best_partner.name != "user1"


async def test_rating_a_table_twice_rates_it_once(storage: Storage) -> None:
    table = await ended(storage, "piquet", [1, 2], [150, 80], [0], rate_now=False)
    first = await storage.ratings.rate_table(table)
    again = await storage.ratings.rate_table(table)
    assert (await rating(storage, "piquet", 1))["games"] == 1
    assert again == first and again[0].after > again[0].before


async def test_a_reset_starts_the_game_afresh(storage: Storage) -> None:
    await ended(storage, "piquet", [1, 2], [150, 80], [0])
    await ended(storage, "belote", [1, 2, 3, 4], [1001, 80], [0])
    assert await storage.ratings.reset(GUILD, "piquet") == 2
    assert await rating(storage, "piquet", 1) is None
    assert await rating(storage, "belote", 1) is not None
    stats = await storage.ratings.player_stats(GUILD, 1, "piquet")
    assert stats.per_game[0].rating is None and stats.per_game[0].history == []
    await ended(storage, "piquet", [2, 1], [150, 80], [0])
    assert (await rating(storage, "piquet", 2))["games"] == 1


async def test_the_migration_rates_existing_games_once_in_finishing_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(tmp_path / "old.sqlite3")
    today = schema.migrations
    # A database made by the schema before ratings (migrations 1 and 2).
    monkeypatch.setattr(
        schema, "migrations", lambda folder: [m for m in today(folder) if m.number <= 2]
    )
    old = make_storage(path)
    await old.open()
    assert await old.database.schema_version() == 2
    first = await ended(old, "piquet", [1, 2], [150, 80], [0], rate_now=False)
    second = await ended(old, "piquet", [2, 1], [150, 80], [0], rate_now=False)
    third = await ended(old, "piquet", [1, 3], [150, 80], [1], rate_now=False)
    lobby = await old.tables.create(GUILD, 10, "piquet", 2, 1, {}, TableSettings())
    await old.tables.finish(lobby.id, "abandoned")
    # The second game ended first.
    for table, at in (
        (second, "2026-01-01T10:00:00Z"),
        (first, "2026-01-01T11:00:00Z"),
        (third, "2026-01-01T12:00:00Z"),
    ):
        await old.database.execute("UPDATE tables SET finished_at = $1 WHERE id = $2", at, table)
    await old.close()
    monkeypatch.setattr(schema, "migrations", today)
    new = make_storage(path)
    await new.open()
    try:
        assert await new.database.schema_version() == today(SQLITE)[-1].number
        skills: dict[str, Skill] = {}
        for winner, loser in ((2, 1), (1, 2), (3, 1)):
            entrants = [
                Entrant(0, 0, f"u:{winner}", winner, None, "w"),
                Entrant(1, 1, f"u:{loser}", loser, None, "l"),
            ]
            skills.update(rate(entrants, [1, 0], [0], 2, skills).after)
        for user in (1, 2, 3):
            row = await rating(new, "piquet", user)
            assert (row["mu"], row["sigma"]) == pytest.approx(
                (skills[f"u:{user}"].mu, skills[f"u:{user}"].sigma)
            )
        assert (await rating(new, "piquet", 1))["games"] == 3
        history = await new.ratings.history(GUILD, 1, "piquet")
        assert [h.table_id for h in history] == [third, first, second]
        assert shown_rating(skills["u:1"].mu, skills["u:1"].sigma) == history[0].after
        # The lobby that never started is no game; nothing is rated twice on the next start.
        assert await new.ratings.rate_pending() == 0
    finally:
        await new.close()
    again = make_storage(path)
    await again.open()
    try:
        assert (await rating(again, "piquet", 1))["games"] == 3
    finally:
        await again.close()


async def test_a_table_whose_options_are_no_longer_valid_is_still_rated(
    storage: Storage,
) -> None:
    table = await ended(storage, "piquet", [1, 2], [150, 80], [0], rate_now=False)
    await storage.tables.update(table, options={"no_such_rule": True})
    assert await storage.ratings.rate_pending() == 1
    assert (await rating(storage, "piquet", 1))["mu"] > 25


async def test_stats_rank_a_player_where_the_leaderboard_shows_them(
    storage: Storage,
) -> None:
    # Two equal duels: the two winners tie, and so do the two losers.
    await ended(storage, "briscola", [1, 2], [80, 40], [0])
    await ended(storage, "briscola", [3, 4], [80, 40], [0])
    board = await storage.ratings.leaderboard(GUILD, "briscola")
    for line in board.lines:
        assert line.user_id is not None
        (game,) = (await storage.ratings.player_stats(GUILD, line.user_id, "briscola")).per_game
        assert (game.rank, game.of) == (line.rank, 4)


async def test_two_clusters_rating_at_once_store_a_game_once(pg_server: Any) -> None:
    """A cluster rating the games left pending at its start, while the cluster where one ended
    rates it too: one of them stores it, the other reads back the same changes."""
    url = await pg_server.new_database()
    first, second = make_storage(url), make_storage(url)
    await first.open()
    await second.open()
    try:
        table_id = await ended(first, "piquet", [1, 2], [150, 80], [0], rate_now=False)
        changes, pending = await asyncio.gather(
            first.ratings.rate_table(table_id), second.ratings.rate_pending()
        )
        assert pending in (0, 1)
        assert changes == await second.ratings.rate_table(table_id)
        assert len(changes) == 2
        assert (await first.database.fetchrow("SELECT COUNT(*) FROM matches"))[0] == 1
    finally:
        await first.close()
        await second.close()
