"""Whole games in French, Italian, Portuguese and Japanese through Discord, and the language of
each person: the table speaks the table's language, a person's own answers speak theirs.

simcord sends every interaction with the locale ``en-US``; ``speaking`` gives chosen users (and
servers) another one, as their Discord clients would."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions

from bot.text.i18n import BOT, t
from harness.driver import PublicCards, Table, cards_shown, components_of, unreadable_suits

KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9-]+)+\b")


@pytest.fixture
def speaking(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """``speaking[user or guild id] = "fr"``: that user's client (or that server) is French."""
    chosen: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def localised(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(*args, **kwargs)
        user = kwargs.get("user_id")
        if user in chosen:
            payload["locale"] = chosen[user]
        guild = kwargs.get("guild_id")
        if guild in chosen and "guild_locale" in payload:
            payload["guild_locale"] = chosen[guild]
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", localised)
    return chosen


def public_messages(table: Table) -> list[Any]:
    """Every message of the table's channel and thread that everybody sees, as stored."""
    stored: Any = table.world.backend.messages
    places = [table.channel.id, *(thread.id for thread in table.channel.threads)]
    return [
        message
        for place in places
        for message in stored.get(place, {}).values()
        if not message.is_ephemeral
    ]


def texts(message: Any) -> list[str]:
    """The words of a message: its content, labels, placeholders and option labels."""
    found = [message.content or ""]
    for component in components_of(message):
        found += [str(component[k]) for k in ("label", "placeholder") if component.get(k)]
        found += [str(o.get("label", "")) for o in component.get("options") or []]
    return found


def assert_spoken_in(table: Table, locale: str) -> None:
    """Every public word is the table's language: no catalogue key, no English sentence, and
    suits readable on the dark theme."""
    keys = BOT.keys("en")
    english = [t(k) for k in ("status_over", "button_hand", "button_last_trick", "lobby_rated")]
    for message in public_messages(table):
        for text in texts(message):
            leaked = [word for word in KEY.findall(text) if word in keys]
            assert leaked == [], (locale, text)
            if locale != "en":
                assert not any(sentence in text for sentence in english), (locale, text)
        assert not unreadable_suits(message), (locale, unreadable_suits(message))


LANGUAGE_GAMES = [
    # language, game, computer players, slash options, a word of that language on the table
    ("fr", "coinche", 3, {"target_score": 100}, "À "),
    ("it", "briscola", 1, {"seats": 2, "hands_to_win": 1}, "Turno di "),
    ("pt-PT", "sueca", 3, {"games_to_win": 1}, "Vez de "),
    ("ja", "belote", 3, {"target_score": 100}, "テーブル"),
]


@pytest.mark.parametrize(
    ("language", "game", "computers", "options", "word"),
    LANGUAGE_GAMES,
    ids=[g[0] for g in LANGUAGE_GAMES],
)
async def test_a_whole_game_in_the_tables_language(
    env: simcord.Env,
    language: str,
    game: str,
    computers: int,
    options: dict[str, Any],
    word: str,
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open(game, computers=computers, language=language, **options)
    table.public = PublicCards()  # no hidden card in any language's words
    assert table.session.row.settings.language == language
    lobby = next(m for m in channel.history() if m.id == table.session.row.lobby_message_id)
    assert t("lobby_rated", language) in lobby.content
    assert t("lobby_started", language, where="@").split("@")[0] in lobby.content
    assert t("computer_name", language, number=1) in lobby.content
    thread = channel.threads[0]
    assert thread.name.startswith(t(f"game_{game}", language))
    await table.play_turn()
    assert word in table.table_message().content
    hand = await table.hand(alice)
    # simcord's alice uses an English client: her own hand is English.
    assert hand.content.startswith(t("table_header", "en", id=table.table_id))
    await table.play_to_end()
    final = table.table_message()
    assert t("status_over", language) in final.content
    assert t("button_last_trick", language) in texts(final)
    results = [m.content for m in thread.history() if m.content.startswith("**")]
    assert any(t("deal_summary_title", language, number=1) in r for r in results)
    heads = tuple(t("result_winners", language, names="@", count=n).split("@")[0] for n in (1, 2))
    assert any(r.startswith(heads) for r in results), results
    assert_spoken_in(table, language)


async def test_each_person_reads_their_own_language_at_an_english_table(
    env: simcord.Env, speaking: dict[int, str]
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    marie = guild.add_member(env.create_user("marie"))
    speaking[marie.id] = "fr"
    table = Table(env, channel, [alice, marie])
    await table.open("briscola", seats=2, hands_to_win=1)
    assert table.session.row.settings.language == "en"
    # A refusal is in the language of the person refused.
    refused = await marie.slash(channel, "table hand", table=999)
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == t("error_no_table", "fr")
    rules = await marie.slash(channel, "table rules", table=table.table_id)
    assert rules.response is not None
    title = t("table_rules_title", "fr", id=table.table_id, game=t("game_briscola", "fr"))
    assert rules.response.content.startswith(title)
    hand = await table.hand(marie)
    assert hand.content.startswith(t("table_header", "fr", id=table.table_id))
    assert hand.content in (
        t("hand_your_turn", "fr", id=table.table_id),
        t("hand_waiting", "fr", id=table.table_id, name="alice"),
    )
    english = await table.hand(alice)
    assert t("hand_your_turn", "en", id=table.table_id) in english.content or "waiting" in (
        english.content
    )
    # The table itself stays English for everybody.
    assert t("button_hand", "en") in texts(table.table_message())
    stats = await marie.slash(channel, "stats")
    assert stats.ephemeral and stats.response is not None
    assert stats.response.content == t("stats_none_own", "fr")
    await table.play_to_end()
    assert_spoken_in(table, "en")


async def test_the_server_chooses_the_default_language_of_its_tables(
    env: simcord.Env, speaking: dict[int, str]
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    player = guild.add_member(env.create_user("player"))
    speaking[guild.id] = "it"
    # No setting: the server's own locale (Italian) is its tables' language.
    first = await player.slash(channel, "sueca start", turn_timer=0)
    assert first.response is not None and t("lobby_rated", "it") in first.response.content
    # An explicit language wins over it.
    second = await player.slash(channel, "sueca start", turn_timer=0, language="pt-BR")
    assert second.response is not None
    assert t("lobby_rated", "pt-BR") in second.response.content
    # Manage Server sets the default: it wins over the server's locale.
    speaking[admin.id] = "fr"
    done = await admin.slash(channel, "atout settings", language="ja")
    assert done.ephemeral and done.response is not None
    # The admin reads the answer in French; the language is named by its own name.
    assert t("settings_language", "fr", language="日本語") in done.response.content
    third = await player.slash(channel, "piquet start", turn_timer=0)
    assert third.response is not None
    assert t("lobby_rated", "ja") in third.response.content
    assert t("button_join", "ja", count=1) in texts(third.response)


def test_the_hidden_card_check_reads_every_languages_card_names() -> None:
    from types import SimpleNamespace

    said = SimpleNamespace(
        content="Ken joue V♥️ · Ana joue R♠️ · Luc gioca il re di bastoni · "
        "Eva joue l'As de Coupes · Jo が 金貨の7 を出した · Mi が 聖杯のキング · "
        "Al played the Ace of Swords",
        components=[],
    )
    assert cards_shown(said) >= {"JH", "KS", "KC", "AH", "7D", "KH", "AS"}
