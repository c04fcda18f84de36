"""The ephemeral hand's controls: exactly the legal actions, as buttons and selects.

The codec between actions and custom_ids is ``bot.codec``. The card panel and the plain buttons (Pass, Coinche, Surcoinche) are shared; a game's cog may
register its own panel for its special phases (Coinche's bidding, Belote's taking, Piquet's
exchange, chiamata's call and trump selects) with ``register_panel``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.codec import button_id, custom_id
from bot.components import action_button
from bot.i18n import t
from bot.narrate import card_name
from games.actions import Action
from rendering.sorting import sort_hand, view_trump

MAX_ROWS = 5
PER_ROW = 5


@dataclass
class PanelContext:
    table_id: int
    version: int
    view: dict[str, Any]
    legal: list[Action]
    locale: str = "en"
    state: dict[str, Any] = field(default_factory=dict)
    """UI state of this player's hand that is not an action yet (Coinche's chosen level)."""
    deck_style: str = "auto"
    """The table's deck style: card buttons are named as the hand image draws the cards."""


Panel = Callable[[PanelContext], list[discord.ui.Item[Any]]]
_PANELS: dict[str, Panel] = {}


def register_panel(game: str, panel: Panel) -> None:
    _PANELS[game] = panel


def build_panel(game: str, ctx: PanelContext) -> list[discord.ui.Item[Any]]:
    panel = _PANELS.get(game, card_panel)
    return panel(ctx)


# ------------------------------------------------------------------------- shared panel
def card_buttons(ctx: PanelContext, row_offset: int = 0) -> list[discord.ui.Item[Any]]:
    """One button per legal card, in the order the hand image shows them (trumps first, then
    suit by suit), so the buttons read like the cards above them."""
    plays = [a for a in ctx.legal if a.type == "play" and a.card is not None]
    hand = list(ctx.view.get("hand") or [])
    shown = sort_hand(hand, str(ctx.view.get("game")), view_trump(ctx.view))
    order = {card: i for i, card in enumerate(shown)}
    plays.sort(key=lambda a: order.get(a.card or "", 99))
    items: list[discord.ui.Item[Any]] = []
    for index, action in enumerate(plays[: (MAX_ROWS - row_offset) * PER_ROW]):
        assert action.card is not None
        items.append(
            action_button(
                card_name(action.card, str(ctx.view.get("game")), ctx.deck_style),
                button_id(ctx.table_id, ctx.version, action),
                discord.ButtonStyle.primary,
                row_offset + index // PER_ROW,
            )
        )
    return items


def simple_buttons(ctx: PanelContext, row: int) -> list[discord.ui.Item[Any]]:
    """Pass, Coinche and Surcoinche, where legal."""
    styles = {
        "pass": discord.ButtonStyle.secondary,
        "coinche": discord.ButtonStyle.danger,
        "surcoinche": discord.ButtonStyle.danger,
    }
    items: list[discord.ui.Item[Any]] = []
    for kind in ("pass", "coinche", "surcoinche"):
        if any(a.type == kind for a in ctx.legal):
            items.append(
                action_button(
                    t(f"action_{kind}", ctx.locale),
                    custom_id(kind, ctx.table_id, ctx.version),
                    styles[kind],
                    row,
                )
            )
    return items


def card_panel(ctx: PanelContext) -> list[discord.ui.Item[Any]]:
    """Cards, and Pass where legal: enough for Briscola and Sueca, and for every game's play."""
    items = card_buttons(ctx)
    used_rows = {item.row for item in items if item.row is not None}
    row = max(used_rows) + 1 if used_rows else 0
    return items + simple_buttons(ctx, min(row, MAX_ROWS - 1))
