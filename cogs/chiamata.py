"""``/chiamata start`` and Briscola a chiamata's panels (docs/rules.md §6): the call select (ranks,
or points over a "2" under ``two_then_points``) with Pass, then the declarer's trump select."""

from __future__ import annotations

import discord

from bot.table.commands import GameCog, cog_setup, describe, start_command
from bot.text.cards import rank_name, suit_name
from bot.text.i18n import t
from bot.text.marks import suit_emoji
from bot.ui.codec import ActionSelectId, select_value
from bot.ui.components import action_select
from bot.ui.panels import Item, Panel, PanelContext, card_panel, simple_buttons
from rendering.cards import resolve_style

SELECT_LIMIT = 25
MAX_CALL_SELECTS = 4
"""Four rows of selects and one of buttons: up to 100 calls."""


def call_label(rank: str, points: int | None, locale: str, deck_style: str = "auto") -> str:
    name = rank_name(rank, "chiamata", deck_style, locale)
    return name if points is None else t("call_points", locale, rank=name, points=points)


def chiamata_panel(ctx: PanelContext) -> list[Item]:
    calls = [a for a in ctx.legal if a.type == "call" and a.rank is not None]
    trumps = [a for a in ctx.legal if a.type == "trump" and a.suit is not None]
    items: list[Item] = []
    if calls:
        # Discord allows 25 options per select; points over a 2 (61 to 120) need more, so the
        # calls are spread over several selects, one per row, each with its own custom_id.
        chunks = [calls[i : i + SELECT_LIMIT] for i in range(0, len(calls), SELECT_LIMIT)]
        for row, chunk in enumerate(chunks[:MAX_CALL_SELECTS]):
            options = [
                discord.SelectOption(
                    label=call_label(a.rank or "", a.points, ctx.locale, ctx.deck_style),
                    value=select_value(a),
                )
                for a in chunk
            ]
            placeholder = t("action_call_placeholder", ctx.locale)
            low, high = chunk[0].points, chunk[-1].points
            if len(chunks) > 1 and low is not None and high is not None:
                placeholder = t("action_call_range", ctx.locale, first=low, last=high)
            items.append(
                action_select(
                    ActionSelectId(
                        "call", ctx.table_id, ctx.version, row + 1 if row else None
                    ).custom_id,
                    options,
                    placeholder=placeholder,
                    row=row,
                )
            )
        return items + simple_buttons(ctx, min(len(chunks), MAX_CALL_SELECTS))
    if trumps:
        # Naming the suit of a called card one holds oneself means playing alone: said on the
        # option, where the choice is made.
        view = ctx.view
        called = view["called_rank"] if view["game"] == "chiamata" else None
        held = {card[1] for card in view["hand"] if called is not None and card[0] == called}
        options = [
            discord.SelectOption(
                label=suit_name(a.suit or "S", "chiamata", ctx.deck_style, ctx.locale),
                value=select_value(a),
                description=t("trump_alone", ctx.locale) if a.suit in held else None,
                emoji=suit_emoji(a.suit or "S", resolve_style("chiamata", ctx.deck_style)),
            )
            for a in trumps
        ]
        items.append(
            action_select(
                ActionSelectId("trump", ctx.table_id, ctx.version).custom_id,
                options,
                placeholder=t("action_trump_placeholder", ctx.locale),
                row=0,
            )
        )
        return items
    return card_panel(ctx)


class Chiamata(GameCog, group_name="chiamata", group_description=describe("cmd_chiamata")):
    def panel(self) -> Panel:
        return chiamata_panel

    start = start_command("chiamata")


setup = cog_setup(Chiamata)
