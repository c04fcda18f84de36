"""Plays challenges through Discord as people do: slash commands and clicks only (the card's Play,
the table's Hand, the hand's buttons). A person's decisions are ``harness.driver.Table``'s (the
easy player on their view, from a seeded rng), unless a test gives its own."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
import simcord

from bot.app import AtoutBot
from bot.storage.challenges.interface import Challenge
from games.actions import Action
from games.base import Game
from harness.driver import Table, cards_shown, read_once

Decide = Callable[[Game, int], Action]


def bot_of(env: simcord.Env) -> AtoutBot:
    return env.bot  # type: ignore[return-value]


def admin(env: simcord.Env, guild: Any, name: str = "admin") -> simcord.MemberActor:
    role = guild.create_role(f"{name}s", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=[role])


async def new_challenge(
    env: simcord.Env,
    actor: simcord.MemberActor,
    channel: Any,
    game: str,
    *,
    samples: int = 2,
    **options: Any,
) -> Challenge:
    """``/challenge new``, and the challenge it created; its computer players search
    ``samples`` samples a move (tests need not wait for a real search)."""
    bot_of(env).challenges.samples = samples
    result = await actor.slash(channel, "challenge new", game=game, **options)
    assert result.ephemeral and result.response is not None, result
    match = re.search(r"#(\d+)", result.response.content)
    assert match, result.response.content
    challenge = await bot_of(env).storage.challenges.get(int(match.group(1)))
    assert challenge is not None
    return challenge


def card(channel: Any, challenge: Challenge) -> Any:
    return next(m for m in channel.history() if m.id == challenge.message_id)


def cards_seen_by(env: simcord.Env, user_id: int) -> dict[int, set[str]]:
    """Message id → the cards it names, for every message ``user_id`` can read anywhere (the
    channels and threads they may open, and the ephemeral messages that are theirs)."""
    from simcord.backend.access import message_accessible

    seen: dict[int, set[str]] = {}
    backend = env.backend
    for channel_id, messages in backend.messages.items():
        for message in messages.values():
            if not message_accessible(backend, channel_id, message, user_id):
                continue
            found = read_once(env, cards_shown, message)
            if found or any(a.get("filename", "").startswith("hand-") for a in message.attachments):
                seen[message.id] = found
    return seen


class Attempt(Table):
    """One person's attempt: the table of their deal in play, followed from deal to deal."""

    def __init__(
        self,
        env: simcord.Env,
        channel: Any,
        player: simcord.MemberActor,
        challenge: Challenge,
        *,
        seed: int = 7,
        decide: Decide | None = None,
    ) -> None:
        super().__init__(env, channel, [player], seed=seed)
        self.player = player
        self.challenge = challenge
        self.decider = decide
        self.tables: list[int] = []
        """The tables of this attempt's deals, in order."""

    async def start(self) -> Any:
        """The card's Play: the answer (a link to the thread, or the hand itself)."""
        result = await self.player.click(
            card(self.channel, self.challenge),
            custom_id=f"atout:challenge:play:{self.challenge.id}",
        )
        assert result.ephemeral and result.response is not None, result
        await self.follow()
        return result.response

    async def follow(self) -> int | None:
        """The table of the deal in play now (None once the attempt is complete)."""
        attempt = await self.bot.storage.challenges.get_attempt(self.challenge.id, self.player.id)
        assert attempt is not None
        self.finished = attempt.finished
        if attempt.table_id is not None and attempt.table_id != self.table_id:
            self.table_id = attempt.table_id
            self._known = None
            self.tables.append(attempt.table_id)
        return attempt.table_id

    @property
    def in_thread(self) -> bool:
        return self.session.row.thread_id is not None

    async def hand(self, player: simcord.MemberActor) -> Any:
        if self.in_thread:
            return await super().hand(player)
        # Played in ephemeral messages: the card's Play is the Hand button.
        return await self.start()

    def decide(self, seat: int) -> Action:
        if self.decider is None:
            return super().decide(seat)
        game = self.session.game
        assert game is not None
        return self.decider(game, seat)

    async def play_turns(self, turns: int) -> None:
        for _ in range(turns):
            await self.play_turn()

    async def play_deal(self) -> None:
        """Play the deal in play to its end: the next deal is then in play (or none)."""
        current = self.table_id
        assert current is not None
        while await self.follow() == current:
            await self.play_turn()

    async def play_all(self) -> None:
        if self.table_id is None:
            await self.start()
        while await self.follow() is not None:
            await self.play_deal()
        assert self.finished
