"""``/coinche start`` and the Coinche bidding panel (docs/rules.md §3.2): a level select, one
button per denomination at the chosen level (the lowest legal level until another is chosen), the
four suits at the next level too, and Pass / Coinche / Surcoinche. The level select is not an
action: it redraws the panel."""

from __future__ import annotations

import logging

import discord

from bot.app import atout
from bot.table.commands import GameCog, cog_setup, describe, start_command
from bot.text.cards import trump_word
from bot.text.i18n import t
from bot.ui.codec import LevelSelectId, button_id
from bot.ui.components import Rebuilt, action_button, selected
from bot.ui.panels import (
    SUITS,
    Item,
    Panel,
    PanelContext,
    button_width,
    card_panel,
    denomination,
    pack_rows,
    simple_buttons,
)
from games.actions import Action

log = logging.getLogger(__name__)

WORD_LEVELS = ("capot", "generale")
BID_STYLE = discord.ButtonStyle.secondary
"""Grey bid buttons: the bot's suit emojis (white cards) stand out on grey in both themes, where
Discord's ♠️ and ♣️ looked alike and dim (``bot.text.marks``)."""


def is_suit(trump: str | None) -> bool:
    return trump is not None and len(trump) == 1 and trump in SUITS


def level_key(value: int | str | None) -> tuple[int, int]:
    if isinstance(value, int):
        return (0, value)
    return (1, WORD_LEVELS.index(str(value)) if value in WORD_LEVELS else 9)


def level_label(value: int | str | None, locale: str) -> str:
    return str(value) if isinstance(value, int) else t(f"bid_{value}", locale)


class LevelSelect(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=LevelSelectId.TEMPLATE,
):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = LevelSelectId.parse(self.item.custom_id)
        assert click is not None
        values = selected(interaction)
        table_id, version = click.table, click.version
        client = atout(interaction.client)
        if values:
            value = str(values[0])
            client.ui.hands.panel_state.setdefault((table_id, interaction.user.id), {})["level"] = (
                int(value) if value.isdigit() else value
            )
        try:
            await client.ui.rerender_hand(interaction, table_id, version)
        except Exception:
            log.exception("table %s: level select of %s failed", table_id, interaction.user.id)
            raise


def _bid_row(ctx: PanelContext, items: list[Item], bids: list[Action], row: int) -> int:
    """One row of bid buttons (the suit's emoji and "90", "90 No trumps (SA)"), laid out so none
    wraps alone; returns the next free row."""
    if not bids or row > 3:
        return row
    labels: list[tuple[str, str | None]] = []
    for action in bids:
        assert action.trump is not None
        word, emoji = denomination(action.trump, ctx.locale, ctx.deck_style)
        if not isinstance(action.value, int) and action.trump not in SUITS:
            # "Capot SA": the words were spelled out on the numbered levels already.
            word = trump_word(action.trump, ctx.locale)
        value = level_label(action.value, ctx.locale)
        if action.trump in SUITS and emoji is None:
            # Without the bot's emojis a black suit is text: before the value, where the red
            # suits' emoji stand ("♠ 80" beside "♥️ 80").
            labels.append((f"{word} {value}", emoji))
        else:
            labels.append((f"{value} {word}".strip(), emoji))
    rows = pack_rows([button_width(*label) for label in labels], row, 3)
    for action, (label, emoji), at in zip(bids, labels, rows, strict=True):
        items.append(
            action_button(label, button_id(ctx.table_id, ctx.version, action), BID_STYLE, at, emoji)
        )
    return rows[-1] + 1


def bidding_panel(ctx: PanelContext) -> list[Item]:
    """The level select; the four suits at the chosen level and, one click away, at the next
    level (the usual overbid); no trumps and all trumps spelled out; Pass and Coinche last."""
    if any(a.type == "play" for a in ctx.legal):
        return card_panel(ctx)
    bids = [a for a in ctx.legal if a.type == "bid"]
    items: list[Item] = []
    row = 0
    if bids:
        levels = sorted({a.value for a in bids}, key=level_key)
        chosen = ctx.state.get("level")
        if chosen not in levels:
            chosen = levels[0]
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            custom_id=LevelSelectId(ctx.table_id, ctx.version).custom_id,
            placeholder=t("action_level_placeholder", ctx.locale),
            options=[
                discord.SelectOption(
                    label=level_label(v, ctx.locale), value=str(v), default=v == chosen
                )
                for v in levels[:25]
            ],
            row=0,
        )
        items.append(LevelSelect(select))
        row = 1
        following = [v for v in levels if level_key(v) > level_key(chosen)][:1]
        following = [v for v in following if isinstance(v, int)]
        for value in (chosen, *following):
            suits = [a for a in bids if a.value == value and is_suit(a.trump)]
            row = _bid_row(ctx, items, suits, row)
        words = [a for a in bids if a.value == chosen and not is_suit(a.trump)]
        row = _bid_row(ctx, items, words, row)
    return items + simple_buttons(ctx, min(row, 4))


class Coinche(GameCog, group_name="coinche", group_description=describe("cmd_coinche")):
    def panel(self) -> Panel:
        return bidding_panel

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.add_dynamic_items(LevelSelect)

    start = start_command("coinche")


setup = cog_setup(Coinche)
