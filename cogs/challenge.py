"""``/challenge``: server challenges, where everybody plays the same deals and each deal is scored
against everybody else's result on it (docs/challenges.md).

``new`` and ``daily`` are for members with Manage Server or the role ``role`` names; ``play``,
``standings``, ``results`` and ``export`` are for everybody. The card's Play and Standings are a
DynamicItem (``atout:challenge:<verb>:<challenge>``), so they work after a restart; the server is
always the click's, never read from the id.
"""

from __future__ import annotations

import io
import json
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AtoutBot, atout
from bot.challenge.attempts import now
from bot.challenge.controller import CLOSE_HOURS, DEFAULT_DEALS, MAX_DEALS
from bot.challenge.rules_text import RuleTextError, parse_rules
from bot.challenge.screens import (
    FIELD_SHOWN,
    Answer,
    field_text,
    own_results_text,
    standings_answer,
)
from bot.storage.challenges.interface import (
    Challenge,
    ChallengeTerms,
    DailySchedule,
    iso,
    moment,
)
from bot.storage.ratings.model import GAMES
from bot.table.channel import NO_MENTIONS
from bot.table.commands import choice, describe
from bot.table.house_rules import check_options
from bot.text.i18n import LOCALES, t, user_locale
from bot.ui.codec import ChallengeButtonId
from bot.ui.components import Rebuilt
from bot.ui.replies import refuse
from games.options import OptionError
from games.registry import game_class

Interaction = discord.Interaction[discord.Client]

GAME_CHOICES = [choice(f"game_{g}", g) for g in GAMES]
CLOSE_CHOICES = [
    choice("challenge_close_hours", hours, count=hours)
    if hours < 24
    else choice("challenge_close_days", hours, count=hours // 24)
    for hours in CLOSE_HOURS
]
DAILY_CHOICES = [choice("challenge_daily_start", "start"), choice("challenge_daily_stop", "stop")]
"""The server setting naming the role whose members may create challenges."""
FILES_PER_MESSAGE = 10
"""Discord's limit of attachments in one message."""
MESSAGE_LIMIT = 2000


def _file(answer: Answer) -> discord.File:
    assert answer.image is not None
    return discord.File(io.BytesIO(answer.image), filename=answer.filename)


async def may_create(interaction: Interaction, bot: AtoutBot) -> bool:
    """Manage Server, or the role an admin named (``/challenge role``); else a polite refusal."""
    if interaction.guild_id is not None and interaction.permissions.manage_guild:
        return True
    if interaction.guild_id is not None and isinstance(interaction.user, discord.Member):
        role = (await bot.storage.settings.server(interaction.guild_id)).challenge_role
        if role is not None and any(r.id == role for r in interaction.user.roles):
            return True
    await refuse(interaction, t("error_challenge_rights", user_locale(interaction)))
    return False


async def find_challenge(
    interaction: Interaction, bot: AtoutBot, challenge_id: int | None
) -> Challenge | None:
    """The challenge a command names (this server's only), else this server's latest; a
    one-line refusal when there is none."""
    mine = user_locale(interaction)
    guild_id = interaction.guild_id
    if guild_id is None:
        await refuse(interaction, t("error_guild_only", mine))
        return None
    if challenge_id is None:
        found = await bot.storage.challenges.latest(guild_id, iso(now()))
        if found is None:
            await refuse(interaction, t("challenge_none", mine))
        return found
    found = await bot.storage.challenges.get(challenge_id) if 0 < challenge_id < 2**63 else None
    if found is None or found.guild_id != guild_id:
        await refuse(interaction, t("challenge_unknown", mine, id=challenge_id))
        return None
    return found


def checked_rules(
    interaction: Interaction, game: str, seats: int | None, rules: str | None
) -> tuple[int, dict[str, Any]] | str:
    """The seat count and rule options of ``new`` and ``daily``, or what is wrong, in words."""
    mine = user_locale(interaction)
    cls = game_class(game)
    count = cls.SEAT_COUNTS[0] if seats is None else seats
    try:
        options = parse_rules(game, rules)
        check_options(game, options, count)
    except RuleTextError as exc:
        return t("error_challenge_rule_text", mine, text=exc.piece[:50])
    except (OptionError, ValueError) as exc:
        return t("error_options", mine, reason=str(exc))
    return count, options


class ChallengeButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=ChallengeButtonId.TEMPLATE,
):
    """The card's Play (a private table for the clicker) and Standings (for the clicker)."""

    async def callback(self, interaction: Interaction) -> None:
        click = ChallengeButtonId.parse(self.item.custom_id)
        assert click is not None
        bot = atout(interaction.client)
        if click.verb == "play":
            await interaction.response.defer(ephemeral=True, thinking=True)
            challenge = await find_challenge(interaction, bot, click.challenge)
            if challenge is not None:
                await bot.challenges.attempts.play(interaction, challenge)
            return
        challenge = await find_challenge(interaction, bot, click.challenge)
        if challenge is not None:
            await show_standings(interaction, bot, challenge, 1)


async def show_standings(
    interaction: Interaction, bot: AtoutBot, challenge: Challenge, page: int
) -> None:
    """While the challenge is open, each reader sees the standings of the deals they have
    finished, privately: another player's total over deals the reader has not played would
    give away their results on them (subtract what the reader knows, and a deal's result is
    left). Once it has closed, the whole standings, for the channel."""
    locale = user_locale(interaction)
    user = interaction.user.id
    counted: int | None = None
    if challenge.open_at(now()):
        attempt = await bot.storage.challenges.get_attempt(challenge.id, user)
        counted = attempt.deals_done if attempt is not None else 0
        if counted == 0:
            await refuse(interaction, t("challenge_standings_unplayed", locale, id=challenge.id))
            return
    standings = await bot.storage.challenges.standings(
        challenge.id, page=page, user_id=user, deals_below=counted
    )
    if standings.total == 0:
        await refuse(interaction, t("challenge_standings_empty", locale, id=challenge.id))
        return
    if not standings.lines:
        await refuse(interaction, t("error_page", locale, page=page, pages=standings.pages))
        return
    answer = await standings_answer(challenge, standings, now(), locale, counted=counted)
    await interaction.response.send_message(
        answer.text[:MESSAGE_LIMIT],
        file=_file(answer),
        ephemeral=counted is not None,
        allowed_mentions=NO_MENTIONS,
    )


@app_commands.guild_only()
class Challenges(
    commands.GroupCog, group_name="challenge", group_description=describe("cmd_challenge")
):
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ChallengeButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ChallengeButton)

    @app_commands.command(name="new", description=describe("cmd_challenge_new"))
    @app_commands.describe(
        game=describe("opt_game"),
        deals=describe("opt_challenge_deals"),
        closes_in=describe("opt_challenge_closes_in"),
        seats=describe("opt_seats"),
        rules=describe("opt_challenge_rules"),
        language=describe("opt_language"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.choices(closes_in=CLOSE_CHOICES)
    async def new(
        self,
        interaction: Interaction,
        game: str,
        deals: int = DEFAULT_DEALS,
        closes_in: int = 24,
        seats: int | None = None,
        rules: str | None = None,
        language: str | None = None,
    ) -> None:
        if not await may_create(interaction, self.bot):
            return
        mine = user_locale(interaction)
        problem = self._problem(interaction, game, deals, closes_in, language)
        terms = await self._terms(interaction, problem, game, deals, seats, rules)
        if terms is None:
            return
        if language is None:
            settings = await self.bot.storage.settings.server(terms.guild_id)
            language = settings.table_language(interaction.guild_locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        challenge = await self.bot.challenges.create(terms, hours=closes_in, language=language)
        await interaction.edit_original_response(
            content=t("challenge_created", mine, id=challenge.id, when=f"<t:{_stamp(challenge)}:f>")
        )

    async def _terms(
        self,
        interaction: Interaction,
        problem: str | None,
        game: str,
        deals: int,
        seats: int | None,
        rules: str | None,
    ) -> ChallengeTerms | None:
        """The terms asked for, once the options and the rules are right; otherwise None, the
        person told what is wrong."""
        checked = checked_rules(interaction, game, seats, rules) if problem is None else problem
        if isinstance(checked, str):
            await refuse(interaction, checked)
            return None
        count, options = checked
        assert interaction.guild_id is not None and interaction.channel_id is not None
        return ChallengeTerms(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            creator_id=interaction.user.id,
            game=game,
            seats=count,
            options=options,
            deal_count=deals,
        )

    def _problem(
        self, interaction: Interaction, game: str, deals: int, hours: int, language: str | None
    ) -> str | None:
        """What is wrong with the options Discord lets through (a stale registration or another
        client can send anything), in words."""
        mine = user_locale(interaction)
        if game not in GAMES:
            return t("error_malformed", mine)
        if not 1 <= deals <= MAX_DEALS:
            return t("error_challenge_deals", mine, value=deals, most=MAX_DEALS)
        if hours not in CLOSE_HOURS:
            return t("error_challenge_closes", mine, value=hours)
        if language is not None and language not in LOCALES:
            return t("error_setting", mine, key="language", value=language)
        return None

    @app_commands.command(name="daily", description=describe("cmd_challenge_daily"))
    @app_commands.describe(
        game=describe("opt_game"),
        action=describe("opt_challenge_daily"),
        deals=describe("opt_challenge_deals"),
        seats=describe("opt_seats"),
        rules=describe("opt_challenge_rules"),
    )
    @app_commands.choices(game=GAME_CHOICES, action=DAILY_CHOICES)
    async def daily(
        self,
        interaction: Interaction,
        game: str,
        action: str = "start",
        deals: int = DEFAULT_DEALS,
        seats: int | None = None,
        rules: str | None = None,
    ) -> None:
        if not await may_create(interaction, self.bot):
            return
        mine = user_locale(interaction)
        name = t(f"game_{game}", mine) if game in GAMES else game
        if action == "stop":
            assert interaction.guild_id is not None
            stopped = await self.bot.storage.challenges.stop_daily(interaction.guild_id, game)
            key = "challenge_daily_off" if stopped else "challenge_daily_none"
            await refuse(interaction, t(key, mine, game=name))
            return
        problem = self._problem(interaction, game, deals, 24, None)
        if action != "start":
            problem = t("error_malformed", mine)
        terms = await self._terms(interaction, problem, game, deals, seats, rules)
        if terms is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        schedule = DailySchedule(**vars(terms), next_at=iso(now()))
        await self.bot.storage.challenges.set_daily(schedule)
        await self.bot.challenges.create_daily(schedule)
        await interaction.edit_original_response(
            content=t("challenge_daily_on", mine, game=name, channel=f"<#{interaction.channel_id}>")
        )

    @app_commands.command(name="role", description=describe("cmd_challenge_role"))
    @app_commands.describe(role=describe("opt_challenge_role"))
    async def role(self, interaction: Interaction, role: discord.Role | None = None) -> None:
        mine = user_locale(interaction)
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            await refuse(interaction, t("error_manage_server", mine))
            return
        role_id = role.id if role is not None else None
        await self.bot.storage.settings.update(
            interaction.guild_id, lambda settings: replace(settings, challenge_role=role_id)
        )
        if role is None:
            await refuse(interaction, t("challenge_role_cleared", mine))
        else:
            await refuse(interaction, t("challenge_role_set", mine, role=role.mention))

    @app_commands.command(name="play", description=describe("cmd_challenge_play"))
    @app_commands.describe(challenge=describe("opt_challenge"))
    async def play(self, interaction: Interaction, challenge: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await find_challenge(interaction, self.bot, challenge)
        if found is not None:
            await self.bot.challenges.attempts.play(interaction, found)

    @app_commands.command(name="standings", description=describe("cmd_challenge_standings"))
    @app_commands.describe(challenge=describe("opt_challenge"), page=describe("opt_page"))
    async def standings(
        self,
        interaction: Interaction,
        challenge: int | None = None,
        page: app_commands.Range[int, 1, 100000] = 1,
    ) -> None:
        found = await find_challenge(interaction, self.bot, challenge)
        if found is not None:
            await show_standings(interaction, self.bot, found, page)

    @app_commands.command(name="results", description=describe("cmd_challenge_results"))
    @app_commands.describe(challenge=describe("opt_challenge"), deal=describe("opt_challenge_deal"))
    async def results(
        self, interaction: Interaction, challenge: int | None = None, deal: int | None = None
    ) -> None:
        found = await find_challenge(interaction, self.bot, challenge)
        if found is None:
            return
        mine = user_locale(interaction)
        storage = self.bot.storage
        user = interaction.user.id
        own = await storage.challenges.own_results(found.id, user)
        pars = await storage.challenges.pars(found.id)
        if deal is None:
            if not own and found.open_at(now()):
                await refuse(interaction, t("challenge_results_none", mine, id=found.id))
                return
            text = own_results_text(found, own, pars, mine)
            await interaction.response.send_message(text[:MESSAGE_LIMIT], ephemeral=True)
            return
        if not 1 <= deal <= found.deal_count:
            await refuse(
                interaction, t("error_challenge_deal", mine, id=found.id, most=found.deal_count)
            )
            return
        played = any(result.deal_no == deal - 1 for result in own)
        if not played and found.open_at(now()):
            # No peeking: a deal is shown to those who played it, or once nobody can.
            await refuse(interaction, t("challenge_results_locked", mine, number=deal))
            return
        field = await storage.challenges.deal_field(found.id, deal - 1, limit=FIELD_SHOWN)
        field += [r for r in own if r.deal_no == deal - 1 and r not in field]
        text = field_text(found, deal - 1, field, pars.get(deal - 1), user, mine)
        view = discord.ui.View(timeout=None)
        links = self.bot.web_links.links
        if links is not None and not found.open_at(now()):
            # On the web a deal opens for everybody at once, when the challenge has closed
            # (bot.web.access): a page cannot tell who reads it.
            view.add_item(
                discord.ui.Button(
                    style=discord.ButtonStyle.link,
                    label=t("button_web_traveller", mine),
                    url=links.challenge_deal(found.id, deal - 1),
                )
            )
        await interaction.response.send_message(
            text[:MESSAGE_LIMIT], ephemeral=True, allowed_mentions=NO_MENTIONS, view=view
        )

    @app_commands.command(name="export", description=describe("cmd_challenge_export"))
    @app_commands.describe(challenge=describe("opt_challenge"))
    async def export(self, interaction: Interaction, challenge: int | None = None) -> None:
        found = await find_challenge(interaction, self.bot, challenge)
        if found is None:
            return
        mine = user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        records = await self.bot.challenges.attempts.records(found, interaction.user.id)
        if not records:
            await refuse(interaction, t("challenge_export_none", mine, id=found.id))
            return
        files = [
            discord.File(
                io.BytesIO(json.dumps(record, indent=2).encode()),
                filename=f"atout-challenge-{found.id}-deal-{number}.json",
            )
            for number, record in enumerate(records, start=1)
        ]
        text = t("challenge_export_name", mine, id=found.id)
        await interaction.edit_original_response(
            content=text, attachments=files[:FILES_PER_MESSAGE]
        )
        for start in range(FILES_PER_MESSAGE, len(files), FILES_PER_MESSAGE):
            await interaction.followup.send(
                files=files[start : start + FILES_PER_MESSAGE], ephemeral=True
            )


def _stamp(challenge: Challenge) -> int:
    return int(moment(challenge.closes_at).timestamp())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Challenges(atout(bot)))
