"""One story in a challenge's private thread (issue 33, item 7): the player's own language
throughout, each deal's summary numbered as the challenge's deal ("deal 2 of 2", not the table's
"deal 1"), one message that ends each deal, and never "the game is over" between deals."""

from __future__ import annotations

import simcord

from bot.text.i18n import t
from harness.challenge import Attempt, admin, bot_of, card, new_challenge
from tests.cogs.test_languages_games import speaking

__all__ = ["speaking"]  # the fixture: a player whose Discord client speaks another language


async def test_a_players_thread_tells_one_story_in_their_language(
    env: simcord.Env, speaking: dict[int, str]
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("sfide")
    boss = admin(env, guild)
    challenge = await new_challenge(env, boss, channel, "briscola", deals=2, language="fr")
    player = guild.add_member(env.create_user("ann"))
    speaking[player.id] = "it"
    attempt = Attempt(env, channel, player, challenge)
    await attempt.play_all()

    stored = await bot_of(env).storage.challenges.get_attempt(challenge.id, player.id)
    assert stored is not None and stored.thread_id is not None
    thread = list(env.backend.messages[stored.thread_id].values())
    words = [m.content or "" for m in thread]
    # Italian throughout: not a line of the challenge's French, nor of English.
    for locale in ("fr", "en"):
        for key in ("challenge_table_done", "hand_over", "challenge_summary_title"):
            foreign = t(key, locale, id=attempt.tables[0], number=1, total=2)
            assert not any(foreign in text for text in words), (locale, key, words)
    # Each deal: one summary numbered as the challenge's deal, one message that ends it, and
    # the hand says which deal was played out, never that the game is over.
    for number in (1, 2):
        heading = t("challenge_summary_title", "it", number=number, total=2)
        assert sum(text.startswith(heading + " · ") for text in words) == 1, words
        ending = t("challenge_deal_done", "it", number=number, total=2, result="")
        assert sum(text.startswith(ending) for text in words) == 1, words
        assert t("challenge_hand_done", "it", number=number, total=2) in words
    assert not any(text.startswith(t("deal_summary_title", "it", number=1) + " ") for text in words)
    # The card stays in the server's language: it is everybody's.
    assert card(channel, challenge).content.startswith("**Défi n° ")
