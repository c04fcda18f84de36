"""People of several servers at open tables, played through Discord as people do: ``/play``,
the Hand button of their own server's mirror, the buttons of their hand. What a human plays is
decided by the easy computer player on their seat's view (``harness.driver``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from simcord.results import to_discord_message

from bot.app import AtoutBot
from bot.play.sessions import TableSession
from bot.table.places import places
from harness.driver import Table, custom_ids

PAUSE_S = 2.0
"""A person's time to look and click: the mirrors' buckets (5 edits in 5 s) are never full."""


@dataclass
class Server:
    guild: Any
    channel: Any
    admin: simcord.MemberActor
    people: list[simcord.MemberActor] = field(default_factory=list)


async def open_server(
    env: simcord.Env, name: str, people: int, *, on: bool = True, shard: int | None = None
) -> Server:
    """A server with a channel, an admin and ``people`` members (on ``shard``); open tables
    turned on."""
    guild = env.create_guild(name, shard_id=shard)
    channel = guild.create_text_channel("cards")
    role = guild.create_role(f"{name}-admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user(f"{name}-admin"), roles=[role])
    members = [
        guild.add_member(env.create_user(f"{name}{i}", global_name=f"{name.title()} {i}"))
        for i in range(people)
    ]
    server = Server(guild, channel, admin, members)
    if on:
        await set_open(server, True)
    return server


async def set_open(server: Server, on: bool) -> Any:
    result = await server.admin.slash(server.channel, "atout settings", open_tables=on)
    assert result.ephemeral, result
    return result


class OpenTable:
    """One open table, seen from every server it is mirrored in."""

    def __init__(
        self,
        env: simcord.Env,
        table_id: int,
        who: dict[int, Server],
        seed: int = 1,
        bot: AtoutBot | None = None,
    ):
        self.env = env
        self.owner = bot
        """The bot that drives the table (a shard cluster's); simcord's own by default."""
        self.table_id = table_id
        self.who = who
        """user id → their server."""
        self.rng = random.Random(seed)
        self.driver: Table | None = None
        self.known: TableSession | None = None
        self.hands: dict[int, Any] = {}
        self.latest: dict[int, Any] = {}
        """user → the hand message they last played from (the bot keeps it up to date)."""

    @property
    def bot(self) -> AtoutBot:
        return self.owner or self.env.bot  # type: ignore[return-value]

    @bot.setter
    def bot(self, bot: AtoutBot) -> None:
        self.owner = bot

    def to_act(self) -> int:
        game = self.session.game
        assert game is not None and game.to_act is not None
        return game.to_act

    @property
    def session(self) -> TableSession:
        """The table's session in the running bot (kept after the game, which the bot
        forgets)."""
        session = self.bot.tables.sessions.get(self.table_id)
        if session is not None:
            self.known = session
        assert self.known is not None, "the table is not in play in this bot"
        return self.known

    def actor(self, user_id: int) -> simcord.MemberActor:
        return next(p for p in self.who[user_id].people if p.id == user_id)

    def mirror_channel(self, user_id: int) -> Any:
        """The thread of the user's server's mirror."""
        place = next(p for p in places(self.session) if user_id in p.users)
        server = self.who[user_id]
        if place.thread_id is None:
            return server.channel
        return next(t for t in server.channel.threads if t.id == place.thread_id)

    def server_thread(self, server: Server) -> Any:
        """The thread of a server's mirror, closed or not."""
        mirror = next(m for m in self.session.mirrors if m.guild_id == server.guild.id)
        return next(t for t in server.channel.threads if t.id == mirror.thread_id)

    def mirror_message(self, user_id: int) -> Any:
        """The mirror's table message as its thread's history gives it, built alone (the
        history builds a ``discord.Message`` of every message, and every click reads each
        mirror's)."""
        place = next(p for p in places(self.session) if user_id in p.users)
        where = self.mirror_channel(user_id)
        stored = self.env.backend.messages.get(where.id, {}).get(place.message_id)
        assert stored is not None and stored.visible_to(None), "no mirror message"
        return to_discord_message(self.env, stored)

    def mirror_messages(self) -> list[Any]:
        """Each mirror's table message, one per server."""
        shown = []
        for place in places(self.session):
            user = place.users[0]
            shown.append(self.mirror_message(user))
        return shown

    async def hand(self, user_id: int, *, settle: bool = True) -> Any:
        """Press Hand on the player's mirror; their hand message (with ``settle=False``, as
        first answered: another cluster may fill it in later, ``last_hand``)."""
        result = await self.actor(user_id).click(
            self.mirror_message(user_id), custom_id=f"atout:hand:{self.table_id}"
        )
        assert result.acknowledged and result.ephemeral, result
        self.hands[user_id] = result
        if settle:
            assert result.response is not None, result
        return result.response

    def last_hand(self, user_id: int) -> Any:
        """The player's hand message as it is now."""
        return self.hands[user_id].response

    async def click(self, user_id: int, hand: Any) -> Any:
        """The player takes, on ``hand``, what the easy computer player would."""
        table = self._table()
        action = table.decide(self.to_act())
        result = await table.click_action(self.actor(user_id), hand, action)
        assert result.acknowledged, result
        return result

    async def play_turn(self) -> None:
        """The player to act plays from their hand message, as the bot left it (it shows their
        turn's buttons when its token lives), or from a fresh one (Hand)."""
        game = self.session.game
        assert game is not None and game.to_act is not None
        seat = self.session.seat(game.to_act)
        assert seat is not None and seat.user_id is not None, "a computer seat is waiting"
        hand = self.latest.get(seat.user_id)
        version = f":{self.table_id}:{game.action_count}"
        if hand is None or not any(version in c for c in custom_ids(hand)):
            hand = await self.hand(seat.user_id)
        table = self._table()
        action = table.decide(game.to_act)
        result = await table.click_action(self.actor(seat.user_id), hand, action)
        assert result.acknowledged, result
        self.latest[seat.user_id] = result.response or hand
        await self.env.advance_time(PAUSE_S)

    def _table(self) -> Table:
        if self.driver is None:
            any_server = next(iter(self.who.values()))
            self.driver = Driver(self, any_server.channel, seed=self.rng.randrange(1000))
            self.driver.table_id = self.table_id
        return self.driver


class Driver(Table):
    """``harness.driver.Table``'s choices and clicks, on the bot that drives the table."""

    def __init__(self, table: OpenTable, channel: Any, seed: int) -> None:
        super().__init__(table.env, channel, [], seed=seed)
        self.open_table = table

    @property
    def bot(self) -> AtoutBot:
        return self.open_table.bot


def queue_buttons(response: Any) -> list[str]:
    return [c for c in custom_ids(response) if c.startswith("atout:queue:")]
