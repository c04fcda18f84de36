"""``/puzzle``: puzzles from real deals (docs/puzzles.md, "In Discord").

``today`` (the server's puzzle of the day), ``mine`` (a puzzle from one's own reviewed mistakes)
and ``stats`` are for everybody, privately; ``daily`` (the day's puzzle posted in a channel every
day) is for members with Manage Server. Discord does not let a command with subcommands run by
itself, so the day's puzzle is ``/puzzle today``.

Every puzzle button is a DynamicItem (``atout:puzzle:<puzzle>[:<card>]``): a card answers, no
card opens the puzzle (the daily post's "Solve it"); both work after a restart. Who may open or
answer a puzzle is decided by the puzzle and the click (its server, its owner), never by the id.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AtoutBot, atout
from bot.puzzles.desk import NoPuzzle, PuzzleDesk, now
from bot.puzzles.screens import Shown, answer_text, picture, question
from bot.puzzles.words import stats_text as stats_words
from bot.puzzles.words import tally
from bot.storage.challenges.interface import iso
from bot.storage.puzzles.interface import PuzzleAnswer, PuzzlePost, StoredPuzzle
from bot.storage.ratings.model import GAMES
from bot.table.channel import NO_MENTIONS
from bot.table.commands import choice, describe
from bot.text.i18n import t, user_locale
from bot.ui.codec import PuzzleButtonId
from bot.ui.components import Rebuilt
from bot.ui.replies import refuse

Interaction = discord.Interaction[discord.Client]
log = logging.getLogger(__name__)

COG_NAME = "Puzzles"
DAILY_CHOICES = [choice("challenge_daily_start", "start"), choice("challenge_daily_stop", "stop")]


def desk_of(client: discord.Client) -> PuzzleDesk:
    """The loaded cog's desk (read by name: a module loaded again as an extension has classes
    of its own, which an ``isinstance`` against this module's would not recognise)."""
    desk = getattr(atout(client).get_cog(COG_NAME), "desk", None)
    assert isinstance(desk, PuzzleDesk)
    return desk


async def _puzzle_for(
    interaction: Interaction, desk: PuzzleDesk, puzzle_id: int
) -> StoredPuzzle | None:
    """The puzzle a button names, if the clicker may open it: a server's puzzle in that server
    only (its hands are that server's deals), a puzzle of one's mistakes by its owner only."""
    locale = user_locale(interaction)
    stored = await desk.storage.puzzles.get(puzzle_id) if 0 < puzzle_id < 2**63 else None
    if stored is None or (stored.guild_id is not None and stored.guild_id != interaction.guild_id):
        await refuse(interaction, t("puzzle_unknown", locale))
        return None
    if stored.owner_id is not None and stored.owner_id != interaction.user.id:
        await refuse(interaction, t("puzzle_not_yours", locale))
        return None
    return stored


async def _result(desk: PuzzleDesk, shown: Shown, answer: PuzzleAnswer, locale: str) -> str:
    """The answer's page: how many of the server found it for a puzzle of the day only."""
    stored = shown.stored
    solvers = None
    if stored.owner_id is None:
        solvers = await desk.storage.puzzles.solvers(stored.id, answer.guild_id)
    streak = tally(await desk.storage.puzzles.answers_of(answer.user_id))
    refuted: list[tuple[int, str]] = []
    if not answer.solved:
        try:
            refuted = await desk.finder.refute(stored.puzzle, stored.record, answer.card)
        except Exception:
            # The answer's page stands without it: the line is an explanation, not the result.
            log.exception("puzzle %s: the line after %s could not be found", stored.id, answer.card)
    return answer_text(shown, answer, solvers, streak, locale, refuted)


async def show_puzzle(
    interaction: Interaction, desk: PuzzleDesk, stored: StoredPuzzle, intro: str = ""
) -> None:
    """The puzzle for the clicker, after an ephemeral "thinking" answer: its question, or, once
    they have answered, their result (the only way to see the day's results)."""
    locale = user_locale(interaction)
    shown = Shown.of(stored)
    answered = await desk.storage.puzzles.get_answer(stored.id, interaction.user.id)
    if answered is not None:
        # Opened again: the result under the puzzle's picture, as it read when answered.
        text = await _result(desk, shown, answered, locale)
        await interaction.edit_original_response(
            content=text, attachments=[await picture(shown, locale)], allowed_mentions=NO_MENTIONS
        )
        return
    screen = await question(shown, locale, intro)
    assert screen.file is not None and screen.view is not None
    await interaction.edit_original_response(
        content=screen.content,
        attachments=[screen.file],
        view=screen.view,
        allowed_mentions=NO_MENTIONS,
    )


async def answer_puzzle(
    interaction: Interaction, desk: PuzzleDesk, puzzle_id: int, card: str
) -> None:
    """A card pressed: the first answer is recorded and the question becomes the result; a
    second one (or a second click at once) is refused and changes nothing."""
    locale = user_locale(interaction)
    await interaction.response.defer()
    stored = await _puzzle_for(interaction, desk, puzzle_id)
    if stored is None:
        return
    shown = Shown.of(stored)
    if card not in shown.choices:
        await refuse(interaction, t("puzzle_not_a_choice", locale))
        return
    recorded = await desk.answer(stored, interaction.user.id, interaction.guild_id, card)
    if recorded is None:
        await refuse(interaction, t("puzzle_already", locale))
        return
    text = await _result(desk, shown, recorded, locale)
    await interaction.edit_original_response(content=text, view=None, allowed_mentions=NO_MENTIONS)


class PuzzleButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=PuzzleButtonId.TEMPLATE,
):
    """A card of a puzzle (its answer) or the daily post's "Solve it"."""

    async def callback(self, interaction: Interaction) -> None:
        click = PuzzleButtonId.parse(self.item.custom_id)
        assert click is not None
        desk = desk_of(interaction.client)
        if click.card is not None:
            await answer_puzzle(interaction, desk, click.puzzle, click.card)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        stored = await _puzzle_for(interaction, desk, click.puzzle)
        if stored is not None:
            await show_puzzle(interaction, desk, stored)


@app_commands.guild_only()
class Puzzles(commands.GroupCog, group_name="puzzle", group_description=describe("cmd_puzzle")):
    def __init__(self, bot: AtoutBot) -> None:
        self.bot = bot
        self.desk = PuzzleDesk(bot, bot.settings.review_processes)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PuzzleButton)
        self.desk.start()

    async def cog_unload(self) -> None:
        self.desk.stop()
        self.bot.remove_dynamic_items(PuzzleButton)

    @app_commands.command(name="today", description=describe("cmd_puzzle_today"))
    async def today(self, interaction: Interaction) -> None:
        assert interaction.guild_id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            stored = await self.desk.today(interaction.guild_id)
        except Exception:
            # Made again at the next ask: nothing was kept of a puzzle that failed.
            log.exception("the puzzle of the day of server %s failed", interaction.guild_id)
            await refuse(interaction, t("puzzle_failed", user_locale(interaction)))
            return
        await show_puzzle(interaction, self.desk, stored)

    @app_commands.command(name="mine", description=describe("cmd_puzzle_mine"))
    async def mine(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            stored = await self.desk.mine(interaction.user.id)
        except NoPuzzle as none:
            await refuse(interaction, t(none.key, locale))
            return
        table, deal = _origin(stored)
        intro = t("puzzle_from_mine", locale, deal=deal + 1, table=table)
        await show_puzzle(interaction, self.desk, stored, intro)

    @app_commands.command(name="stats", description=describe("cmd_puzzle_stats"))
    async def stats(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        answers = await self.desk.storage.puzzles.answers_of(interaction.user.id)
        await interaction.response.send_message(
            stats_words(answers, GAMES, locale), ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    @app_commands.command(name="daily", description=describe("cmd_puzzle_daily"))
    @app_commands.describe(action=describe("opt_puzzle_daily"))
    @app_commands.choices(action=DAILY_CHOICES)
    async def daily(self, interaction: Interaction, action: str = "start") -> None:
        locale = user_locale(interaction)
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            await refuse(interaction, t("error_manage_server", locale))
            return
        if action == "stop":
            stopped = await self.desk.storage.puzzles.stop_daily(interaction.guild_id)
            await refuse(
                interaction, t("puzzle_daily_off" if stopped else "puzzle_daily_none", locale)
            )
            return
        if action != "start" or interaction.channel_id is None:
            await refuse(interaction, t("error_malformed", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        post = PuzzlePost(
            interaction.guild_id, interaction.channel_id, interaction.user.id, iso(now())
        )
        await self.desk.storage.puzzles.set_daily(post)
        await self.desk.post_today(post)
        await interaction.edit_original_response(
            content=t("puzzle_daily_on", locale, channel=f"<#{interaction.channel_id}>")
        )


def _origin(stored: StoredPuzzle) -> tuple[int, int]:
    """The table and deal a puzzle of one's mistakes comes from (its key says it)."""
    parts = stored.key.split(":")
    return int(parts[3]), int(parts[4])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Puzzles(atout(bot)))
