"""``/piquet start`` and Piquet's exchange panel (docs/rules.md §4.6): one button per card of the
hand, in the hand's order, that marks it for discarding (the hand image lifts the marked cards),
and one button that exchanges the marked cards, enabled while their number is within the view's
``exchange`` limits. The engine decides whether the discards are legal.

A select of twelve cards covered the hand it listed whenever it was open; buttons leave the hand
in sight, and a marked card shows where it lies in it."""

from __future__ import annotations

import logging

import discord

from bot.app import atout
from bot.table.commands import GameCog, cog_setup, describe, start_command
from bot.text.i18n import t
from bot.ui.codec import PickButtonId, button_id, pending_exchange_id
from bot.ui.components import Rebuilt, action_button
from bot.ui.panels import (
    Item,
    Panel,
    PanelContext,
    button_width,
    card_button_label,
    card_panel,
    pack_rows,
)
from games.actions import Action
from games.registry import card_facts

log = logging.getLogger(__name__)

MARKED_STYLE = discord.ButtonStyle.danger
"""A card marked for the discard: red, the colour of what goes away."""


def hand_order(ctx: PanelContext) -> list[str]:
    """The hand as the hand image shows it (suit by suit, each in Piquet's order)."""
    return card_facts("piquet").sort_hand(list(ctx.view["hand"]), ctx.view["trump"])


def marked(ctx: PanelContext) -> list[str]:
    """The cards this player marked, in hand order (cards no longer in the hand are dropped)."""
    chosen = set(ctx.state.get("discards", []))
    return [card for card in hand_order(ctx) if card in chosen]


def exchange_panel(ctx: PanelContext) -> list[Item]:
    if not any(a.type == "exchange" for a in ctx.legal):
        return card_panel(ctx)
    view = ctx.view
    limits = view["exchange"] if view["game"] == "piquet" else None
    hand = hand_order(ctx)
    low = limits["min"] if limits else 1
    high = min(limits["max"] if limits else 5, len(hand))
    chosen = marked(ctx)
    labels = [card_button_label(card, ctx) for card in hand]
    rows = pack_rows([button_width(*label) for label in labels], 0, 3)
    items: list[Item] = []
    for card, (label, emoji), row in zip(hand, labels, rows, strict=True):
        pick = PickButtonId(ctx.table_id, ctx.version, card)
        style = MARKED_STYLE if card in chosen else discord.ButtonStyle.secondary
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label, style=style, custom_id=pick.custom_id, row=row, emoji=emoji
        )
        items.append(PickButton(button))
    last = min(rows[-1] + 1, 4) if rows else 0
    ready = bool(chosen) and low <= len(chosen) <= high
    if ready:
        label = t("action_exchange_marked", ctx.locale, count=len(chosen))
        target = button_id(ctx.table_id, ctx.version, Action("exchange", cards=tuple(chosen)))
    else:
        label = t("action_exchange_range", ctx.locale, low=max(low, 1), high=high)
        target = pending_exchange_id(ctx.table_id, ctx.version)
    confirm = action_button(label, target, discord.ButtonStyle.primary, last)
    # Until the marked cards are a legal discard, the button says how many to mark.
    confirm.item.disabled = not ready
    items.append(confirm)
    if low == 0:
        # Keeping the hand (younger_min_exchange = 0) is a choice of its own.
        keep = Action("exchange", cards=())
        items.append(
            action_button(
                t("action_keep_hand", ctx.locale),
                button_id(ctx.table_id, ctx.version, keep),
                discord.ButtonStyle.secondary,
                last,
            )
        )
    return items


class PickButton(
    Rebuilt,
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=PickButtonId.TEMPLATE,
):
    """Marks or unmarks one card for the discard and redraws the hand."""

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = PickButtonId.parse(self.item.custom_id)
        assert click is not None
        client = atout(interaction.client)
        state = client.ui.hands.panel_state.setdefault((click.table, interaction.user.id), {})
        chosen = list(state.get("discards", []))
        if click.card in chosen:
            chosen.remove(click.card)
        else:
            chosen.append(click.card)
        state["discards"] = chosen
        try:
            await client.ui.rerender_hand(interaction, click.table, click.version)
        except Exception:
            log.exception("table %s: discard pick of %s failed", click.table, interaction.user.id)
            raise


class Piquet(GameCog, group_name="piquet", group_description=describe("cmd_piquet")):
    def panel(self) -> Panel:
        return exchange_panel

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.add_dynamic_items(PickButton)

    start = start_command("piquet")


setup = cog_setup(Piquet)
