"""Discord's own localisation of Atout's commands: descriptions and choices in each user's client
language, so a French player typing ``/coinche`` reads French before sending anything.

Every command string is a ``locale_str`` whose English text is the default Discord shows and
whose ``key`` (and ``args``, for a choice such as "30 seconds") names the catalogue sentence;
discord.py asks :class:`CatalogueTranslator` for each Discord locale when the commands are synced.

Command and option *names* stay English on purpose: the bot's own sentences name commands
(``/table rejoin``, ``/coinche start``), help and screenshots are shared across a server whose
members use different clients, and Discord matches what a user types against the localised name
only. Localising descriptions and choices gives every player their language without splitting a
table's vocabulary of commands.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

import discord
from discord import app_commands

from bot.text.i18n import t

DISCORD_LOCALES: Final = {
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
    discord.Locale.french: "fr",
    discord.Locale.italian: "it",
    discord.Locale.brazil_portuguese: "pt-BR",
    discord.Locale.japanese: "ja",
}
"""The Discord client languages Atout answers in (Discord has no European Portuguese: a pt-BR
client reads Portuguese, with Brazil's words where they differ)."""
DESCRIPTION_LIMIT: Final = 100


def command_text(key: str, /, **args: object) -> app_commands.locale_str:
    """A description or choice name: its English text now, its other languages when synced."""
    return app_commands.locale_str(t(key, **args)[:DESCRIPTION_LIMIT], key=key, args=args)


NAME_LOCATIONS: Final = frozenset(
    {
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    }
)
"""Where Discord shows a name, which stays English (see above)."""
_texts: dict[Hashable, str | None] = {}
"""What :func:`translated` answered, by key, language and arguments: a sync asks for each
string in every language, and every start syncs the same strings (the catalogue does not change
while the bot runs). As many entries as the commands have strings and languages."""


def translated(string: app_commands.locale_str, locale: discord.Locale) -> str | None:
    """``string`` in ``locale``, or None where Atout has no words (Discord shows the English)."""
    key = string.extras.get("key")
    atout = DISCORD_LOCALES.get(locale)
    if not isinstance(key, str) or atout is None:
        return None
    args = string.extras.get("args") or {}
    # The type too, as the catalogue keys its sentences: True == 1, but they read differently.
    memo: Hashable = (key, atout, *((k, type(v), v) for k, v in sorted(args.items())))
    try:
        return _texts[memo]
    except KeyError:
        pass
    except TypeError:  # an argument that cannot be a key: worded every time
        memo = None
    text = t(key, atout, **args).strip()[:DESCRIPTION_LIMIT] or None
    if memo is not None:
        _texts[memo] = text
    return text


class CatalogueTranslator(app_commands.Translator):
    """Descriptions and choice names from ``bot.ftl``; names are left as they are (see above).

    discord.py asks for every string in each of Discord's 32 locales (13,500 questions a sync):
    the locales Atout does not speak are answered first, at the cost of one look-up."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale not in DISCORD_LOCALES or context.location in NAME_LOCATIONS:
            return None
        return translated(string, locale)
