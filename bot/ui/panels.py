"""The ephemeral hand's controls: exactly the legal actions, as buttons and selects.

The codec between actions and custom_ids is ``bot.ui.codec``. The card panel and the plain buttons (Pass, Coinche, Surcoinche) are shared; a game's cog may
register its own panel for its special phases (Coinche's bidding, Belote's taking, Piquet's
exchange, chiamata's call and trump selects) in the bot's ``PanelRegistry`` (``bot.ui.panels``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypedDict

import discord

from bot.text.cards import card_name, italian, rank_letter, rank_name
from bot.text.i18n import t
from bot.text.marks import suit_emoji, suit_glyph
from bot.ui.codec import ActionButtonId, button_id
from bot.ui.components import action_button
from games.actions import Action
from games.cards import SUITS
from games.registry import card_facts
from games.views import GameView
from rendering.cards import resolve_style

MAX_ROWS = 5
PER_ROW = 5
__all__ = ["SUITS", "Panel", "PanelContext", "PanelRegistry", "card_panel"]
ROW_BUDGET = 340
"""Estimated width in pixels of a row of buttons on a phone before Discord wraps it: a row is
laid out so its estimate stays within, so no button is ever wrapped alone onto a row."""


def button_width(label: str, emoji: str | None = None) -> int:
    """Rough width of a Discord button on a phone: 7 px a character of its 14 px font, 20 px for
    an emoji, 24 px of padding, 8 px of gap."""
    return 7 * len(label) + (20 if emoji else 0) + 24 + 8


def pack_rows(widths: list[int], first_row: int = 0, last_row: int = MAX_ROWS - 1) -> list[int]:
    """A row for each button, in order: as many as fit ``ROW_BUDGET`` and ``PER_ROW`` on a row,
    then, if the last row would hold a single button, one more moved down to keep it company."""
    rows: list[int] = []
    row, used, count = first_row, 0, 0
    for width in widths:
        if count and (count == PER_ROW or used + width > ROW_BUDGET) and row < last_row:
            row, used, count = row + 1, 0, 0
        rows.append(row)
        used += width
        count += 1
    if len(rows) >= 3 and rows[-1] != rows[-2] and rows.count(rows[-2]) >= 3:
        rows[-2] = rows[-1]
    return rows


def denomination(
    trump: str, locale: str = "en", deck_style: str = "french"
) -> tuple[str, str | None]:
    """A bid's denomination as a button shows it: a suit as the bot's emoji in the emoji slot
    (or, without them, a black suit as text in the label: ``bot.text.marks``); no trumps and
    all trumps spelled out with their table abbreviations ("No trumps (SA)")."""
    if trump in SUITS:
        style = resolve_style("belote", deck_style)
        emoji = suit_emoji(trump, style)
        return ("", emoji) if emoji is not None else (suit_glyph(trump), None)
    return t(f"denomination_{trump}", locale), None


def card_button_label(card: str, ctx: PanelContext) -> tuple[str, str | None]:
    """A card button: written like the card's corner, rank first, the suit as text in the
    label's colour ("10♠", "V♥" in French): Discord puts an emoji before a label, never after,
    and "♦ 10" read backwards. An Italian figure is named in full ("Re", "Cavallo", "Fante",
    never a bare "R" or "C") beside its suit's emblem as the bot's emoji."""
    game = ctx.view["game"]
    if italian(game, ctx.deck_style):
        rank = rank_name(card[0], game, ctx.deck_style, ctx.locale)
        word = rank if card[0] in "AJQK" else ("10" if card[0] == "T" else card[0])
        return word.capitalize(), suit_emoji(card[1], "italian")
    if card[1] in SUITS:
        return rank_letter(card[0], ctx.locale) + suit_glyph(card[1]), None
    return card_name(card, game, ctx.deck_style, ctx.locale), None


class PanelState(TypedDict, total=False):
    """What a player chose on a panel that is not an action yet."""

    level: int | str
    """Coinche's chosen bid level (a number, or capot / générale)."""
    discards: list[str]
    """Piquet's cards marked for the discard, in the order they were marked."""


@dataclass
class PanelContext:
    table_id: int
    version: int
    view: GameView
    """The seat's view."""
    legal: list[Action]
    locale: str = "en"
    state: PanelState = field(default_factory=PanelState)
    """UI state of this player's hand that is not an action yet (Coinche's chosen level)."""
    deck_style: str = "auto"
    """The table's deck style: card buttons are named as the hand image draws the cards."""


Item = discord.ui.Item[discord.ui.View | discord.ui.LayoutView]
"""A control of a hand message (a button or a select): Atout's are ``DynamicItem``s, which
discord.py types as items of either kind of view."""
Panel = Callable[[PanelContext], list[Item]]


class PanelRegistry:
    """The games' own panels, filled by their cogs as they load. One per bot, not one per
    process: two bots in one process (a test's restart, a cluster's shards) each draw with the
    cogs they loaded."""

    def __init__(self) -> None:
        self._panels: dict[str, Panel] = {}

    def register(self, game: str, panel: Panel) -> None:
        self._panels[game] = panel

    def __contains__(self, game: object) -> bool:
        return game in self._panels

    def build(self, game: str, ctx: PanelContext) -> list[Item]:
        """The game's panel, or the shared card panel for a game without one."""
        return self._panels.get(game, card_panel)(ctx)


# ------------------------------------------------------------------------- shared panel
def card_buttons(ctx: PanelContext, row_offset: int = 0) -> list[Item]:
    """One button per legal card, in the order the hand image shows them (trumps first, then
    suit by suit), so the buttons read like the cards above them."""
    plays = [a for a in ctx.legal if a.type == "play" and a.card is not None]
    hand = list(ctx.view["hand"])
    shown = card_facts(ctx.view["game"]).sort_hand(hand, ctx.view["trump"])
    order = {card: i for i, card in enumerate(shown)}
    plays.sort(key=lambda a: order.get(a.card or "", 99))
    items: list[Item] = []
    plays = plays[: (MAX_ROWS - row_offset) * PER_ROW]
    labels = [card_button_label(a.card or "", ctx) for a in plays]
    rows = pack_rows([button_width(*label) for label in labels], row_offset)
    for action, (label, emoji), row in zip(plays, labels, rows, strict=True):
        items.append(
            action_button(
                label,
                button_id(ctx.table_id, ctx.version, action),
                discord.ButtonStyle.primary,
                row,
                emoji,
            )
        )
    return items


def simple_buttons(ctx: PanelContext, row: int) -> list[Item]:
    """Pass, Coinche and Surcoinche, where legal."""
    styles = {
        "pass": discord.ButtonStyle.secondary,
        "coinche": discord.ButtonStyle.danger,
        "surcoinche": discord.ButtonStyle.danger,
    }
    items: list[Item] = []
    for kind in ("pass", "coinche", "surcoinche"):
        if any(a.type == kind for a in ctx.legal):
            items.append(
                action_button(
                    t(f"action_{kind}", ctx.locale),
                    ActionButtonId(kind, ctx.table_id, ctx.version).custom_id,
                    styles[kind],
                    row,
                )
            )
    return items


def card_panel(ctx: PanelContext) -> list[Item]:
    """Cards, and Pass where legal: enough for Briscola and Sueca, and for every game's play."""
    items = card_buttons(ctx)
    used_rows = {item.row for item in items if item.row is not None}
    row = max(used_rows) + 1 if used_rows else 0
    return items + simple_buttons(ctx, min(row, MAX_ROWS - 1))
