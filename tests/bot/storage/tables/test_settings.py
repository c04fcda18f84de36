"""A table's settings are one typed value, read once where the row is read: old rows open with
the defaults they always had, what is written reads back the same, and the JSON keeps the shape
the ratings' SQL reads (``away`` by seat, no ``duplicate`` on an ordinary table)."""

from __future__ import annotations

import json
from pathlib import Path

from bot.storage.backends import make_storage
from bot.storage.tables.settings import (
    AwaySeat,
    ChallengeDeal,
    Duplicate,
    TableSettings,
)
from games.duplicate import FixedDeal

A_DEAL = Duplicate(FixedDeal(1, ("AS", "KS", "QS")), "seed", 30)


def test_a_row_from_before_any_setting_reads_the_defaults() -> None:
    for stored in ({}, None, [], "level"):
        settings = TableSettings.from_json(stored)
        assert settings == TableSettings()
    assert (settings.level, settings.deck_style, settings.turn_timer) == ("easy", "auto", 0)
    assert settings.rated and settings.language == "en" and not settings.private
    assert settings.away == () and settings.duplicate is None and settings.challenge is None


def test_a_row_with_some_settings_reads_the_others_as_their_defaults() -> None:
    settings = TableSettings.from_json({"level": "hard", "deck_style": "italian"})
    assert settings == TableSettings(level="hard", deck_style="italian")
    assert TableSettings.from_json({"rated": False}).rated is False
    assert TableSettings.from_json({"turn_timer": 120}).turn_timer == 120


def test_a_value_this_version_cannot_read_is_its_default() -> None:
    settings = TableSettings.from_json(
        {
            "level": 3,
            "deck_style": "",
            "turn_timer": "soon",
            "language": None,
            "private": "yes",
            "duplicate": {"x": 1},
            "challenge": {"id": "twelve"},
            "away": {"1": {"name": "no id"}, "two": {"user_id": 5}, "3": "bob"},
        }
    )
    assert settings == TableSettings()
    assert TableSettings.from_json({"turn_timer": True}).turn_timer == 0
    assert TableSettings.from_json({"turn_timer": -30}).turn_timer == 0


def test_who_stepped_away_reads_as_the_old_code_wrote_it() -> None:
    """The shape ``TableSession.replace_with_computer`` wrote before the settings were typed."""
    stored = {"level": "normal", "away": {"2": {"user_id": 12, "name": "bob"}}}
    settings = TableSettings.from_json(stored)
    assert settings.away == (AwaySeat(2, 12, "bob"),)
    assert settings.away_at(2) == settings.away_seat_of(12) == AwaySeat(2, 12, "bob")
    assert settings.away_at(1) is None and settings.away_seat_of(13) is None
    assert settings.to_json() == {**TableSettings(level="normal").to_json(), **stored}


def test_every_setting_round_trips_through_json() -> None:
    settings = TableSettings(
        level="hard",
        deck_style="french4",
        turn_timer=60,
        rated=False,
        language="pt-PT",
        away=(AwaySeat(1, 11, "ann"), AwaySeat(3, 13, "bob")),
        duplicate=A_DEAL,
        private=True,
        challenge=ChallengeDeal(4, 2),
    )
    assert TableSettings.from_json(json.loads(json.dumps(settings.to_json()))) == settings
    assert TableSettings.from_json(TableSettings().to_json()) == TableSettings()


def test_an_ordinary_table_writes_no_duplicate_and_no_empty_away() -> None:
    """The ratings' SQL tells a challenge's deal by ``json_extract(settings, '$.duplicate') IS
    NULL`` and reads who left from ``json_each(settings, '$.away')``."""
    written = TableSettings(level="hard").to_json()
    assert "duplicate" not in written and "away" not in written and "challenge" not in written
    assert written == {
        "level": "hard",
        "deck_style": "auto",
        "turn_timer": 0,
        "rated": True,
        "language": "en",
    }


def test_a_seat_taken_back_leaves_the_others_away() -> None:
    settings = TableSettings().with_away(AwaySeat(3, 13, "bob")).with_away(AwaySeat(1, 11, "ann"))
    assert [away.seat for away in settings.away] == [1, 3]
    assert settings.with_away(AwaySeat(1, 21, "cy")).away_at(1) == AwaySeat(1, 21, "cy")
    assert settings.without_away(1).away == (AwaySeat(3, 13, "bob"),)
    assert settings.without_away(2) == settings


async def test_a_row_stored_as_json_by_an_older_bot_opens(tmp_path: Path) -> None:
    storage = make_storage(str(tmp_path / "old.sqlite3"))
    await storage.open()
    try:
        row = await storage.tables.create(1, 2, "sueca", 4, 10, {}, TableSettings(level="hard"))
        assert row.settings == TableSettings(level="hard")
        await storage.database.execute("UPDATE tables SET settings = '{}' WHERE id = $1", row.id)
        old = await storage.tables.get(row.id)
        assert old is not None and old.settings == TableSettings()
        away = TableSettings(away=(AwaySeat(0, 10, "alice"),))
        await storage.tables.update(row.id, settings=away)
        again = await storage.tables.get(row.id)
        assert again is not None and again.settings == away
    finally:
        await storage.close()
