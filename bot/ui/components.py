"""Every clickable thing of Atout is a ``DynamicItem``: its custom_id alone says what to do, so
buttons and selects keep working after a restart (docs/architecture.md, "The path of one click").

The classes only decode the custom_id; the work is done by the bot's ``ui`` (tables in play),
``lobby`` and ``presence`` objects, reached through ``interaction.client`` as a ``ClickHost``:
the few methods the items call, so that this module, below them all, imports none of them.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, Self, runtime_checkable

import discord

from bot.text.i18n import t, user_locale
from bot.ui.codec import (
    ANY_TEMPLATE,
    LOBBY_VERBS,
    ActionButtonId,
    ActionSelectId,
    ChatSelectId,
    QueueButtonId,
    ReviewButtonId,
    ReviewSelectId,
    RuleSelectId,
    TableButtonId,
    table_template,
)
from games.actions import Action

log = logging.getLogger(__name__)

Interaction = discord.Interaction[discord.Client]
Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]


class TableClicks(Protocol):
    """The clicks of a table in play (``bot.table.controller.TableUI``)."""

    async def act(
        self, interaction: Interaction, table_id: int, version: int, action: Action
    ) -> None: ...

    async def hand(self, interaction: Interaction, table_id: int) -> None: ...

    async def last_trick(self, interaction: Interaction, table_id: int) -> None: ...


class LobbyClicks(Protocol):
    """The clicks of a lobby and of its house-rules panel (``bot.table.lobby.Lobby``)."""

    async def click(
        self, interaction: Interaction, verb: str, table_id: int, arg: str | None
    ) -> None: ...

    async def house_rule(
        self, interaction: Interaction, table_id: int, key: str | None, values: list[str]
    ) -> None: ...


class RejoinClicks(Protocol):
    """ "Take my seat back" (``bot.table.presence.Presence``)."""

    async def rejoin(self, interaction: Interaction, table_id: int) -> None: ...


class ReviewClicks(Protocol):
    """ "Review my play" (``bot.table.review.ReviewDesk``)."""

    async def show(self, interaction: Interaction, table_id: int, deal: int | None) -> None: ...


class OpenClicks(Protocol):
    """The ``/play`` answer's buttons and an open table's quick chat (``bot.open``)."""

    async def queue_click(self, interaction: Interaction, verb: str) -> None: ...

    async def chat(self, interaction: Interaction, table_id: int, values: list[str]) -> None: ...


@runtime_checkable
class ClickHost(Protocol):
    """What the items need of the bot (``bot.app.AtoutBot`` has it)."""

    @property
    def open(self) -> OpenClicks: ...

    @property
    def ui(self) -> TableClicks: ...

    @property
    def review(self) -> ReviewClicks: ...

    @property
    def lobby(self) -> LobbyClicks: ...

    @property
    def presence(self) -> RejoinClicks: ...


def host(interaction: Interaction) -> ClickHost:
    """The bot that answers this click: only Atout's bot registers Atout's items."""
    client = interaction.client
    if not isinstance(client, ClickHost):
        raise TypeError(f"{type(client).__name__} does not answer Atout's components")
    return client


async def _refuse(interaction: Interaction, key: str) -> None:
    await interaction.response.send_message(t(key, user_locale(interaction)), ephemeral=True)


def selected(interaction: Interaction) -> list[str]:
    """The values chosen in a select (component interactions carry them in ``data``)."""
    data: Any = interaction.data or {}  # the component's JSON payload, as Discord sent it
    return [str(v) for v in data.get("values", [])]


async def _guarded(interaction: Interaction, table_id: int, work: Awaitable[None]) -> None:
    """Run a click's work; a failure is logged with its table id and the click's custom_id,
    the player gets a one-line answer, and the error goes on to discord.py's handler."""
    try:
        await work
    except Exception:
        data: Any = interaction.data or {}  # the component's JSON payload, as Discord sent it
        custom_id = data.get("custom_id")
        log.exception("table %s: click %s by %s failed", table_id, custom_id, interaction.user.id)
        if not interaction.response.is_done():
            await interaction.response.send_message(
                t("error_internal", user_locale(interaction)), ephemeral=True
            )
        raise


class Rebuilt:
    """Mixin for this bot's DynamicItems: everything they need is in their custom_id, so the
    item discord.py rebuilt from it is the whole state."""

    @classmethod
    async def from_custom_id(
        cls,
        interaction: Interaction,
        item: discord.ui.Item[Any],  # discord.py's own signature: any item, of any view
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(item)  # type: ignore[call-arg]


async def _act(
    interaction: Interaction,
    table_id: int,
    version: int,
    parse: Callable[[], Action],
) -> None:
    """A click on an action button or select: the action it names, for the table and version
    its custom_id names; a custom_id no hand ever shows is refused as malformed."""
    try:
        action = parse()
    except ValueError:
        await _refuse(interaction, "error_malformed")
        return
    await _guarded(
        interaction, table_id, host(interaction).ui.act(interaction, table_id, version, action)
    )


class ActionButton(Rebuilt, discord.ui.DynamicItem[Button], template=ActionButtonId.TEMPLATE):
    """A card, Pass, Coinche, Surcoinche, a bid or a take, on a player's hand."""

    async def callback(self, interaction: Interaction) -> None:
        click = ActionButtonId.parse(self.item.custom_id)
        assert click is not None
        await _act(interaction, click.table, click.version, click.action)


class ActionSelect(Rebuilt, discord.ui.DynamicItem[Select], template=ActionSelectId.TEMPLATE):
    """Piquet's discards, chiamata's call and trump."""

    async def callback(self, interaction: Interaction) -> None:
        click = ActionSelectId.parse(self.item.custom_id)
        assert click is not None
        values = selected(interaction)
        await _act(interaction, click.table, click.version, lambda: click.action(values))


class TableVerb:
    """A button about a table: the table its custom_id names, and the work its verb does."""

    item: Button
    work: Callable[[Interaction, TableButtonId], Awaitable[None]]
    """What the verb does (each button class defines it)."""

    async def callback(self, interaction: Interaction) -> None:
        click = TableButtonId.parse(self.item.custom_id)
        assert click is not None
        await _guarded(interaction, click.table, self.work(interaction, click))


class HandButton(
    TableVerb,
    Rebuilt,
    discord.ui.DynamicItem[Button],
    template=table_template("hand"),
):
    """The table message's "My hand": the player's cards and controls, privately."""

    def work(self, interaction: Interaction, click: TableButtonId) -> Awaitable[None]:
        return host(interaction).ui.hand(interaction, click.table)


class LastTrickButton(
    TableVerb,
    Rebuilt,
    discord.ui.DynamicItem[Button],
    template=table_template("last"),
):
    """The table message's "Last trick"."""

    def work(self, interaction: Interaction, click: TableButtonId) -> Awaitable[None]:
        return host(interaction).ui.last_trick(interaction, click.table)


class RejoinButton(
    TableVerb,
    Rebuilt,
    discord.ui.DynamicItem[Button],
    template=table_template("rejoin"),
):
    """ "Take my seat back" under the message that a player was replaced by a computer."""

    def work(self, interaction: Interaction, click: TableButtonId) -> Awaitable[None]:
        return host(interaction).presence.rejoin(interaction, click.table)


class LobbyButton(
    TableVerb,
    Rebuilt,
    discord.ui.DynamicItem[Button],
    template=table_template(*LOBBY_VERBS),
):
    """Join, Leave, Add / Remove a computer player, House rules, Rated, Start: the lobby's
    buttons, each a step of the same seating (``bot.table.lobby.Lobby.click``)."""

    def work(self, interaction: Interaction, click: TableButtonId) -> Awaitable[None]:
        lobby = host(interaction).lobby
        return lobby.click(interaction, click.verb, click.table, click.arg)


class RuleSelect(Rebuilt, discord.ui.DynamicItem[Select], template=RuleSelectId.TEMPLATE):
    """The lobby's house rules: pick a rule, then its value."""

    async def callback(self, interaction: Interaction) -> None:
        click = RuleSelectId.parse(self.item.custom_id)
        assert click is not None
        values = selected(interaction)
        work = host(interaction).lobby.house_rule(interaction, click.table, click.key, values)
        await _guarded(interaction, click.table, work)


class ReviewButton(Rebuilt, discord.ui.DynamicItem[Button], template=ReviewButtonId.TEMPLATE):
    """ "Review my play" under a deal summary: that deal, for the player who clicks."""

    async def callback(self, interaction: Interaction) -> None:
        click = ReviewButtonId.parse(self.item.custom_id)
        assert click is not None
        work = host(interaction).review.show(interaction, click.table, click.deal)
        await _guarded(interaction, click.table, work)


class ReviewSelect(Rebuilt, discord.ui.DynamicItem[Select], template=ReviewSelectId.TEMPLATE):
    """The game-over post's "Review my play": the deal chosen, for the player who chooses."""

    async def callback(self, interaction: Interaction) -> None:
        click = ReviewSelectId.parse(self.item.custom_id)
        assert click is not None
        values = selected(interaction)
        if len(values) != 1 or not values[0].isdigit():
            await _refuse(interaction, "error_malformed")
            return
        work = host(interaction).review.show(interaction, click.table, int(values[0]))
        await _guarded(interaction, click.table, work)


def review_button(label: str, click: ReviewButtonId) -> ReviewButton:
    return ReviewButton(
        discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, custom_id=click.custom_id
        )
    )


def review_select(
    click: ReviewSelectId, options: list[discord.SelectOption], *, placeholder: str
) -> ReviewSelect:
    return ReviewSelect(
        discord.ui.Select(custom_id=click.custom_id, options=options, placeholder=placeholder)
    )


class QueueButton(Rebuilt, discord.ui.DynamicItem[Button], template=QueueButtonId.TEMPLATE):
    """Leave the queue, Start now with computers: under the ``/play`` answer."""

    async def callback(self, interaction: Interaction) -> None:
        click = QueueButtonId.parse(self.item.custom_id)
        assert click is not None
        await _guarded(interaction, 0, host(interaction).open.queue_click(interaction, click.verb))


class ChatSelect(Rebuilt, discord.ui.DynamicItem[Select], template=ChatSelectId.TEMPLATE):
    """An open table's quick chat, on a player's hand: a phrase, or a player muted."""

    async def callback(self, interaction: Interaction) -> None:
        click = ChatSelectId.parse(self.item.custom_id)
        assert click is not None
        values = selected(interaction)
        await _guarded(
            interaction, click.table, host(interaction).open.chat(interaction, click.table, values)
        )


def queue_button(
    label: str, click: QueueButtonId, style: discord.ButtonStyle = discord.ButtonStyle.secondary
) -> QueueButton:
    return QueueButton(discord.ui.Button(label=label, style=style, custom_id=click.custom_id))


def chat_select(
    click: ChatSelectId, options: list[discord.SelectOption], *, placeholder: str, row: int
) -> ChatSelect:
    return ChatSelect(
        discord.ui.Select(
            custom_id=click.custom_id, options=options, placeholder=placeholder, row=row
        )
    )


def handled_elsewhere(custom_id: str) -> bool:
    """Whether a DynamicItem (this module's, or a cog's such as Coinche's level select)
    answers ``custom_id``: discord.py calls every item whose template matches."""
    pending: list[type] = list(discord.ui.DynamicItem.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        pattern = getattr(cls, "__discord_ui_compiled_template__", None)
        if pattern is not None and pattern.fullmatch(custom_id):
            return True
    return False


UNKNOWN = re.compile(ANY_TEMPLATE)
"""Every id of Atout, of this version or an older one: those no item answers are refused."""


async def answer_unknown(interaction: Interaction) -> None:
    """Any other ``atout:`` custom_id (a button of an older version, or a forged one): discord.py
    would ignore it and Discord would say "This interaction failed"; the player is told instead.

    Not a DynamicItem matching every ``atout:`` id, as it was: discord.py rebuilds the whole view
    of the clicked message for every item whose template matches (``View.from_message``, each
    of a hand's buttons and selects), so every click on a hand was rebuilt twice, once for the
    item that answers it and once for this one, which then found it answered elsewhere
    (benchmarks/load.py, 500 tables: 2,054 rebuilds for 1,027 clicks, 5 % of the event loop)."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: Any = interaction.data or {}  # the component's JSON payload, as Discord sent it
    custom_id = str(data.get("custom_id") or "")
    if not UNKNOWN.fullmatch(custom_id) or handled_elsewhere(custom_id):
        return
    log.info("unknown custom_id %r from %s", custom_id[:100], interaction.user.id)
    await _refuse(interaction, "error_malformed")


# discord.py's ``add_dynamic_items`` takes dynamic items of any kind of item.
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ActionButton,
    ActionSelect,
    HandButton,
    LastTrickButton,
    RejoinButton,
    LobbyButton,
    RuleSelect,
    ReviewButton,
    ReviewSelect,
    QueueButton,
    ChatSelect,
)


def action_button(
    label: str,
    custom_id: str,
    style: discord.ButtonStyle,
    row: int | None = None,
    emoji: str | None = None,
) -> ActionButton:
    """A button whose custom_id is an action; ``emoji`` (a suit in its colours) is drawn by
    Discord before the label."""
    return ActionButton(
        discord.ui.Button(label=label, style=style, custom_id=custom_id, row=row, emoji=emoji)
    )


def action_select(
    custom_id: str,
    options: list[discord.SelectOption],
    *,
    placeholder: str,
    min_values: int = 1,
    max_values: int = 1,
    row: int | None = None,
) -> ActionSelect:
    return ActionSelect(
        discord.ui.Select(
            custom_id=custom_id,
            options=options,
            placeholder=placeholder,
            min_values=min_values,
            max_values=max_values,
            row=row,
        )
    )


TABLE_ITEMS: dict[str, type[HandButton | LastTrickButton | RejoinButton | LobbyButton]] = {
    "hand": HandButton,
    "last": LastTrickButton,
    "rejoin": RejoinButton,
    **dict.fromkeys(LOBBY_VERBS, LobbyButton),
}


def table_button(
    label: str,
    click: TableButtonId,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    *,
    disabled: bool = False,
    row: int | None = None,
) -> discord.ui.DynamicItem[Button]:
    """The button of ``click``'s verb (each verb is its own DynamicItem)."""
    button: Button = discord.ui.Button(
        label=label, style=style, custom_id=click.custom_id, disabled=disabled, row=row
    )
    return TABLE_ITEMS[click.verb](button)


def rule_select(
    click: RuleSelectId, options: list[discord.SelectOption], *, placeholder: str
) -> RuleSelect:
    return RuleSelect(
        discord.ui.Select(custom_id=click.custom_id, options=options, placeholder=placeholder)
    )
