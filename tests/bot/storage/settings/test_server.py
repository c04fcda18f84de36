"""A server's settings are one typed value, read once where storage reads them: a server that
never set one reads the defaults, what an older or newer version wrote opens all the same, a
write keeps what another wrote, and a new table's language follows one rule."""

from __future__ import annotations

import json
from dataclasses import replace

import discord

from bot.storage.settings.server import ServerSettings
from bot.storage.storage import Storage

GUILD = 7


def test_a_row_from_before_any_setting_reads_the_defaults() -> None:
    for stored in ({}, None, [], "language"):
        assert ServerSettings.from_json(stored) == ServerSettings()
    settings = ServerSettings()
    assert not settings.show_computers and settings.language is None
    assert settings.challenge_role is None and settings.reset_mark("coinche") == 0


def test_a_value_this_version_cannot_read_is_its_default() -> None:
    settings = ServerSettings.from_json(
        {
            "show_computers": "yes",
            "language": "klingon",
            "challenge_role": True,
            "resets": {"coinche": "12", "belote": -1, "piquet": 40},
        }
    )
    assert settings == ServerSettings(rating_resets={"piquet": 40})


def test_what_is_written_reads_back_the_same() -> None:
    settings = ServerSettings(
        show_computers=True, language="pt-BR", challenge_role=123, rating_resets={"sueca": 9}
    )
    assert ServerSettings.from_json(json.loads(json.dumps(settings.to_json()))) == settings


def test_a_new_table_speaks_the_server_setting_then_the_server_locale_then_english() -> None:
    assert ServerSettings(language="pt-PT").table_language(discord.Locale.italian) == "pt-PT"
    assert ServerSettings().table_language(discord.Locale.italian) == "it"
    assert ServerSettings().table_language(discord.Locale.brazil_portuguese) == "pt-BR"
    assert ServerSettings().table_language(discord.Locale.german) == "en"
    assert ServerSettings().table_language("fr") == "fr"
    assert ServerSettings().table_language(None) == "en"
    assert ServerSettings.from_json({"language": "klingon"}).table_language(None) == "en"


async def test_settings_are_per_server_and_a_write_changes_only_its_own(storage: Storage) -> None:
    assert await storage.settings.server(GUILD) == ServerSettings()
    chosen = await storage.settings.update(GUILD, lambda s: replace(s, language="ja"))
    assert chosen == ServerSettings(language="ja")
    await storage.settings.update(GUILD, lambda s: replace(s, challenge_role=55))
    assert await storage.settings.server(GUILD) == ServerSettings(language="ja", challenge_role=55)
    await storage.settings.update(GUILD, lambda s: replace(s, challenge_role=None))
    assert (await storage.settings.server(GUILD)).challenge_role is None
    assert await storage.settings.server(GUILD + 1) == ServerSettings()


async def test_a_ratings_reset_keeps_the_settings_and_a_setting_keeps_the_reset(
    storage: Storage,
) -> None:
    await storage.settings.update(GUILD, lambda s: replace(s, show_computers=True))
    await storage.ratings.reset(GUILD, "coinche")
    settings = await storage.settings.server(GUILD)
    assert settings.show_computers and "coinche" in settings.rating_resets
    await storage.settings.update(GUILD, lambda s: replace(s, language="fr"))
    assert (await storage.settings.server(GUILD)).rating_resets == settings.rating_resets


async def test_keys_this_version_does_not_know_survive_its_writes(storage: Storage) -> None:
    """A newer cluster's setting (a season, say) is not erased by an older one's write."""
    await storage.database.execute(
        "INSERT INTO guild_settings (guild_id, settings) VALUES ($1, $2)",
        GUILD,
        json.dumps({"season": "monthly", "language": "it"}),
    )
    await storage.settings.update(GUILD, lambda s: replace(s, show_computers=True))
    row = await storage.database.fetchrow(
        "SELECT settings FROM guild_settings WHERE guild_id = $1", GUILD
    )
    stored = json.loads(row["settings"])
    assert stored["season"] == "monthly" and stored["language"] == "it"
    assert stored["show_computers"] is True
