"""A server's settings as one typed value, as a table's are (``TableSettings``): parsed once,
where storage reads the row (``ServerSettings.from_json``), and written as JSON (``to_json``,
the one ``settings`` column of ``guild_settings``, migration 003). Nobody above storage reads a
key or guesses a default again, and the rule that picks a new table's language is here once.

Reading is lenient, as rows written by older versions must still open: a key missing, or one
this version cannot read, is its default. Whether a value is one an admin may *choose* is the
command's question (``/atout settings`` refuses a language Atout does not speak), not the
reader's.

Adding a setting takes four small steps: a field with its default and a docstring below; a line
in ``from_json`` that reads it with one of the readers at the bottom (or a new one: anything
unreadable is the default); a line in ``to_json``; and where an admin sets it, an option on
``/atout settings`` (``cogs/leaderboard.py``) that writes it with
``storage.settings.update(guild_id, lambda s: replace(s, name=value))``, with its words in the
six catalogues. No SQL and no migration: the column is one JSON object, and keys this version
does not know are kept when it writes (a newer cluster's settings survive an older one's write).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from games.records import Json
from i18n.locales import DEFAULT_LOCALE, LOCALES, supported

SeasonLength = Literal["monthly", "weekly", "quarterly", "off"]
SEASON_LENGTHS: Final[tuple[SeasonLength, ...]] = get_args(SeasonLength)
SEASON_MIN_GAMES: Final = (1, 100)
"""The fewest and most rated games an admin may ask of a ranked player in a season."""


@dataclass(frozen=True)
class ServerSettings:
    show_computers: bool = False
    """Whether the computer players stand on the server's leaderboards (``/atout settings``)."""
    language: str | None = None
    """The language of the server's new tables (``/atout settings language:``), one of
    ``LOCALES``; None: the server's own preferred locale decides (``table_language``)."""
    challenge_role: int | None = None
    """The role whose members may create challenges besides Manage Server (``/challenge
    role``); None: Manage Server only."""
    rating_resets: Mapping[str, int] = field(default_factory=dict)
    """By game, the last ``match_players`` row when an admin reset its ratings
    (``/atout ratings-reset``): the period boards count only the games stored after it."""
    season: SeasonLength = "monthly"
    """How long the server's seasons last (issue 45, ``/atout settings season:``); a change
    applies from the next season (``bot.storage.seasons``)."""
    season_min_games: int = 10
    """Rated games a player needs in a season to be ranked (``season_min_games:``)."""
    announce_channel: int | None = None
    """Where each season's end is posted (``announce_channel:``); None: not posted."""
    champion_role: int | None = None
    """The role given to each season's champions (``champion_role:``); None: no role."""
    champion_role_by: int | None = None
    """The admin who named ``champion_role``: told in one line when it cannot be given."""
    open_tables: bool = False
    """Whether the server's members meet the instance's other servers at open tables
    (``/play``, ``/<game> start open:true``; ``/atout settings open_tables:``). Off by
    default; turned off, its players' seats at open tables in play go to computers."""

    def table_language(self, guild_locale: object) -> str:
        """The language of a new table whose starter chose none (the ``language`` option of
        ``/<game> start`` or ``/challenge create`` wins when given): the server's setting, else
        the server's own preferred locale (a Portuguese or Japanese community is set up in its
        language), else English. ``guild_locale`` is Discord's ``guild_locale`` (a
        ``discord.Locale``, its tag, or None)."""
        if self.language is not None:
            return self.language
        tag = getattr(guild_locale, "value", guild_locale)
        return supported(tag) if isinstance(tag, str) else DEFAULT_LOCALE

    def reset_mark(self, game: str) -> int:
        """Games of ``game`` stored after this ``match_players`` row count (0: every game)."""
        return self.rating_resets.get(game, 0)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> Json:
        """Every field, defaults included: written over the stored object, a key set back to
        its default must replace the old value, not leave it."""
        return {
            "show_computers": self.show_computers,
            "language": self.language,
            "challenge_role": self.challenge_role,
            "resets": dict(self.rating_resets),
            "season": self.season,
            "season_min_games": self.season_min_games,
            "announce_channel": self.announce_channel,
            "champion_role": self.champion_role,
            "champion_role_by": self.champion_role_by,
            "open_tables": self.open_tables,
        }

    @classmethod
    def from_json(cls, data: object) -> ServerSettings:
        """The settings a stored row holds; a key missing, or one this version cannot read, is
        its default (a server is never refused for its settings)."""
        if not isinstance(data, dict):
            return cls()
        return cls(
            show_computers=data.get("show_computers") is True,
            language=_language(data.get("language")),
            challenge_role=_snowflake(data.get("challenge_role")),
            rating_resets=_marks(data.get("resets")),
            season=_length(data.get("season")),
            season_min_games=_minimum(data.get("season_min_games")),
            announce_channel=_snowflake(data.get("announce_channel")),
            champion_role=_snowflake(data.get("champion_role")),
            champion_role_by=_snowflake(data.get("champion_role_by")),
            open_tables=data.get("open_tables") is True,
        )


def _length(value: object) -> SeasonLength:
    return next((length for length in SEASON_LENGTHS if length == value), "monthly")


def _minimum(value: object) -> int:
    low, high = SEASON_MIN_GAMES
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return 10
    return value


def _language(value: object) -> str | None:
    return value if isinstance(value, str) and value in LOCALES else None


def _snowflake(value: object) -> int | None:
    """A Discord id (a role's, a channel's) as JSON keeps it: a positive integer."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        return None
    return value


def _marks(value: object) -> dict[str, int]:
    if not isinstance(value, dict):
        return {}
    return {
        str(game): mark
        for game, mark in value.items()
        if isinstance(mark, int) and not isinstance(mark, bool) and mark >= 0
    }
