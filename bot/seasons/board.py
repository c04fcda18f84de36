"""``/leaderboard season:`` in Discord: which season is meant, its standings page with Previous /
Next and the divisions' ▲ / ▼, and the buttons' ``DynamicItem`` (``atout:season:…``).

As the all-time board does, everything is read for the server of the interaction, never from
the custom_id; the person who asked turns the pages of their message, anyone else gets the page
for themselves, privately.
"""

from __future__ import annotations

import io
from typing import Literal, Protocol, runtime_checkable

import discord

from bot.seasons.screens import MESSAGE_LIMIT, SeasonPage, season_answer
from bot.storage.databases.database import now
from bot.storage.ratings.model import GAMES
from bot.storage.seasons.model import Season
from bot.storage.storage import Storage
from bot.text.i18n import t, user_locale
from bot.text.seasons import season_name
from bot.ui.codec import SeasonButtonId
from bot.ui.components import Rebuilt
from bot.ui.replies import refuse
from bot.web.links import LinkHolder

Interaction = discord.Interaction[discord.Client]
How = Literal["send", "edit", "private"]
NO_MENTIONS = discord.AllowedMentions.none()
ALL_TIME = "all"
"""``season:all``: the all-time board of before seasons."""


@runtime_checkable
class SeasonHost(Protocol):
    """What the season's board needs of the bot (``bot.app.AtoutBot`` has it)."""

    @property
    def storage(self) -> Storage: ...

    @property
    def web_links(self) -> LinkHolder: ...


def host(interaction: Interaction) -> SeasonHost:
    client = interaction.client
    if not isinstance(client, SeasonHost):
        raise TypeError(f"{type(client).__name__} does not answer Atout's components")
    return client


async def which_season(
    storage: Storage, guild_id: int, asked: str | None, locale: str
) -> Season | str | None:
    """The season ``asked`` means (``current``, ``previous``, a number), or the sentence that
    says why there is none; None for the all-time board (``all``, or ``season:`` left out where
    no season is running)."""
    word = (asked or "").strip().lower()
    if word == ALL_TIME:
        return None
    current = await storage.seasons.current(guild_id, now())
    if not word:
        return current
    if word == "current":
        if current is not None:
            return current
        settings = await storage.settings.server(guild_id)
        return t("season_off" if settings.season == "off" else "season_none_yet", locale)
    seasons = await storage.seasons.seasons(guild_id)
    if word == "previous":
        below = current.number if current is not None else None
        earlier = [s for s in seasons if s.closed and (below is None or s.number < below)]
        return earlier[0] if earlier else t("season_no_previous", locale)
    number = word.removeprefix("#")
    if not number.isdigit() or not 0 < int(number) < 2**31:
        return t("season_bad", locale)
    found = next((s for s in seasons if s.number == int(number)), None)
    if found is None:
        return t("season_unknown", locale, number=int(number))
    return found


def season_view(shown: SeasonPage, user_id: int, locale: str, links: LinkHolder) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    division = shown.division or 0
    count = shown.standings.divisions
    buttons = [
        (t("button_previous", locale), division, shown.page - 1, shown.page <= 1),
        (t("button_next", locale), division, shown.page + 1, shown.page >= shown.pages),
    ]
    # The divisions above and below, where there are.
    if shown.division is not None and division > 1:
        buttons.append(
            (t("button_division", locale, division=division - 1, up=1), division - 1, 1, False)
        )
    if shown.division is not None and division < count:
        buttons.append(
            (t("button_division", locale, division=division + 1, up=0), division + 1, 1, False)
        )
    for label, target, page, disabled in buttons:
        # Each id names where its button leads; a disabled one leads nowhere but stays unique.
        custom_id = SeasonButtonId(
            shown.game, shown.season.number, max(0, target), max(0, page), user_id
        ).custom_id
        view.add_item(
            SeasonButton(
                discord.ui.Button(
                    label=label,
                    style=discord.ButtonStyle.secondary,
                    custom_id=custom_id,
                    disabled=disabled,
                )
            )
        )
    made = links.links
    if made is not None:
        view.add_item(
            discord.ui.Button(
                style=discord.ButtonStyle.link,
                label=t("button_web_season", locale),
                url=made.season(shown.season.guild_id, shown.game, shown.season.number),
            )
        )
    return view


async def show_season(
    interaction: Interaction,
    game: str,
    season: Season,
    division: int | None,
    page: int,
    *,
    how: How = "send",
) -> None:
    """Answer with a page of a season's standings (as ``cogs.leaderboard.show_board`` does for
    the all-time board)."""
    bot = host(interaction)
    locale = user_locale(interaction)
    assert interaction.guild_id is not None
    settings = await bot.storage.settings.server(interaction.guild_id)
    user = interaction.user.id
    standings, shown, answer = await season_answer(
        bot.storage, season, game, division, page, user, settings.season_min_games, locale
    )
    if standings.players == 0:
        text = t(
            "season_empty",
            locale,
            game=t(f"game_{game}", locale),
            season=season_name(season.number, locale),
            command=f"/{game} start",
        )
        await refuse(interaction, text)
        return
    if shown is None or answer.image is None:
        pages = max(1, -(-len(standings.table(division).lines) // 10))
        await refuse(interaction, t("error_page", locale, page=page, pages=pages))
        return
    view = season_view(shown, user, locale, bot.web_links)
    file = discord.File(io.BytesIO(answer.image), filename=answer.filename)
    # Which games count, as on the all-time board: this server's tables, not the open ones.
    text = answer.text + "\n" + t("board_counts_server", locale)
    if len(text) > MESSAGE_LIMIT:
        text = answer.text
    if how == "edit":
        await interaction.response.edit_message(content=text, attachments=[file], view=view)
        return
    await interaction.response.send_message(
        text,
        file=file,
        view=view,
        ephemeral=how == "private",
        allowed_mentions=NO_MENTIONS,
    )


class SeasonButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=SeasonButtonId.TEMPLATE,
):
    """Previous / Next and ▲ / ▼ of a season's standings."""

    async def callback(self, interaction: Interaction) -> None:
        click = SeasonButtonId.parse(self.item.custom_id)
        assert click is not None
        locale = user_locale(interaction)
        if interaction.guild_id is None or click.game not in GAMES or click.page < 1:
            await refuse(interaction, t("error_malformed", locale))
            return
        season = await host(interaction).storage.seasons.get(interaction.guild_id, click.season)
        if season is None:
            await refuse(interaction, t("season_unknown", locale, number=click.season))
            return
        owner = click.user == interaction.user.id
        await show_season(
            interaction,
            click.game,
            season,
            click.division or None,
            click.page,
            how="edit" if owner else "private",
        )
