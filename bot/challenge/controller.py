"""The life of a challenge: created (its secret seed, its decks, its card in the channel), watched
(its closing on time, its pars worked out), closed (the deals still in play end, the card shows
the final standings), and the daily schedule that creates one every day.

A sweep (at start-up, then every ``SWEEP_EVERY_S``) is what survives restarts: whatever is due —
a closing, a par not yet known, a daily challenge — is found in storage and done, by the shard
cluster that owns the server. A deal that ends after its challenge's closing time does not count,
whenever the sweep comes (``Attempts.deal_over``), so the closing time holds to the second.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import secrets

import discord
from discord.ext import tasks

from bot.challenge.attempts import Attempts, ChallengeHost, now
from bot.challenge.screens import card_content, card_view
from bot.play.par import play_par
from bot.storage.challenges.interface import (
    Challenge,
    ChallengeTerms,
    DailySchedule,
    NewChallenge,
    Par,
    Standing,
    iso,
    moment,
)
from bot.storage.tables.settings import TableSettings
from bot.table.channel import NO_MENTIONS
from bot.text.i18n import t
from games.ai import DEFAULT_SAMPLES
from games.duplicate import PLAYER_SEAT, deal_detail, deal_seed, fixed_deals, seat_result

log = logging.getLogger(__name__)

SWEEP_EVERY_S = 60.0
DAILY_HOURS = 24
DEFAULT_DEALS = 8
MAX_DEALS = 24
CLOSE_HOURS = (1, 3, 6, 12, 24, 48, 72, 168)
"""How long a challenge may stay open: one hour to seven days."""


class Challenges:
    def __init__(self, host: ChallengeHost) -> None:
        self.host = host
        self.attempts = Attempts(host, self.refresh_card)
        self.samples: int | None = None
        """The computer players' search budget of the challenges created from now on (None:
        the game's default, ``games.ai.DEFAULT_SAMPLES``). Tests and benchmarks lower it."""
        self._sweeper = tasks.loop(seconds=SWEEP_EVERY_S)(self._sweep_once)
        self._recovered = False
        self._pars: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ creating
    async def create(
        self, terms: ChallengeTerms, *, hours: int, language: str, daily: bool = False
    ) -> Challenge:
        """A new challenge with its card posted in the terms' channel; its pars are worked out
        in the background."""
        seed = secrets.token_hex(16)
        opened = now()
        new = NewChallenge(
            terms,
            settings=TableSettings(language=language),
            samples=self.samples or DEFAULT_SAMPLES.get(terms.game, 30),
            seed=seed,
            deals=fixed_deals(terms.game, terms.options, terms.seats, terms.deal_count, seed),
            created_at=iso(opened),
            closes_at=iso(opened + datetime.timedelta(hours=hours)),
            daily=daily,
        )
        challenge = await self.host.storage.challenges.create(new)
        await self.post_card(challenge)
        self.work_out_pars()
        return challenge

    async def post_card(self, challenge: Challenge) -> None:
        locale = challenge.settings.language
        channel = self.host.get_partial_messageable(
            challenge.channel_id, guild_id=challenge.guild_id
        )
        message = await channel.send(
            card_content(challenge, 0, 0, [], now(), locale),
            view=card_view(challenge, True, locale),
            allowed_mentions=NO_MENTIONS,
        )
        await self.host.storage.challenges.set_message(challenge.id, message.id)

    async def refresh_card(self, challenge: Challenge) -> None:
        """The card with today's counts and leader (the winner once closed). Never fails the
        step that asked for it: the card is a notice, the results are in storage."""
        fresh = await self.host.storage.challenges.get(challenge.id)
        if fresh is None or fresh.message_id is None:
            return
        storage = self.host.storage
        started, finished = await storage.challenges.attempt_counts(fresh.id)
        moment_now = now()
        winners: list[Standing] = []
        if not fresh.open_at(moment_now):
            standings = await storage.challenges.standings(fresh.id)
            winners = [line for line in standings.lines if line.rank == 1]
        locale = fresh.settings.language
        channel = self.host.get_partial_messageable(fresh.channel_id, guild_id=fresh.guild_id)
        try:
            await channel.get_partial_message(fresh.message_id).edit(
                content=card_content(fresh, started, finished, winners, moment_now, locale),
                view=card_view(fresh, fresh.open_at(moment_now), locale),
                allowed_mentions=NO_MENTIONS,
            )
        except discord.HTTPException as exc:
            log.warning("challenge %s: could not edit its card (%s)", fresh.id, exc.status)

    # ------------------------------------------------------------------ closing
    async def close(self, challenge: Challenge) -> None:
        """The challenge is over: the deals in play end unplayed, the card shows the winner."""
        if not await self.host.storage.challenges.mark_closed(challenge.id):
            return
        await self.attempts.end_tables(challenge)
        await self.refresh_card(challenge)

    # ------------------------------------------------------------------ pars
    def work_out_pars(self) -> asyncio.Task[None]:
        """Work out the pars not known yet, in the background (one task at a time, which ends
        when a whole pass over the challenges found nothing left to do)."""
        if self._pars is None or self._pars.done():
            self._pars = asyncio.get_running_loop().create_task(
                self._work_out_pars(), name="atout-challenge-pars"
            )
        return self._pars

    async def _work_out_pars(self) -> None:
        """One par at a time, each move a job of the computer players' workers."""
        failed: set[tuple[int, int]] = set()
        worked = True
        while worked:
            worked = False
            for challenge in await self.host.storage.challenges.to_watch():
                known = await self.host.storage.challenges.pars(challenge.id)
                for deal_no in range(challenge.deal_count):
                    if deal_no in known or (challenge.id, deal_no) in failed:
                        continue
                    worked = True
                    try:
                        par = await self.par(challenge, deal_no)
                    except Exception:
                        # Tried again at the next sweep, not in a loop now.
                        log.exception("challenge %s: par of deal %s failed", challenge.id, deal_no)
                        failed.add((challenge.id, deal_no))
                        continue
                    await self.host.storage.challenges.store_par(challenge.id, deal_no, par)

    async def par(self, challenge: Challenge, deal_no: int) -> Par:
        """What the hard computer scores in the player's seat on that deal (``bot.play.par``)."""
        game = await play_par(
            challenge.game,
            challenge.seats,
            challenge.options,
            challenge.deals[deal_no],
            deal_seed(challenge.seed, deal_no),
            challenge.samples,
            self.host.tables.choose,
        )
        locale = challenge.settings.language
        names = [t("challenge_par_name", locale)] + [
            t("computer_name", locale, number=seat) for seat in range(1, challenge.seats)
        ]
        return Par(seat_result(game, PLAYER_SEAT), deal_detail(game, names))

    # ------------------------------------------------------------------ daily
    async def create_daily(self, schedule: DailySchedule) -> Challenge | None:
        """Today's challenge of a schedule, unless another process created it first."""
        due = moment(schedule.next_at)
        following = due + datetime.timedelta(hours=DAILY_HOURS)
        while following <= now():
            # The bot was down for days: one challenge today, not one per missed day.
            following += datetime.timedelta(hours=DAILY_HOURS)
        if not await self.host.storage.challenges.claim_daily(schedule, iso(following)):
            return None
        settings = await self.host.storage.settings.server(schedule.guild_id)
        guild = self.host.get_guild(schedule.guild_id)
        language = settings.table_language(guild.preferred_locale if guild is not None else None)
        return await self.create(schedule, hours=DAILY_HOURS, language=language, daily=True)

    # ------------------------------------------------------------------ the sweep
    def start(self) -> None:
        """The sweep, now and every ``SWEEP_EVERY_S`` (a ``discord.ext.tasks`` loop: simcord
        moves it with its virtual clock, so tests sweep when they advance time)."""
        if not self._sweeper.is_running():
            self._sweeper.start()

    def stop(self) -> None:
        self._sweeper.cancel()
        if self._pars is not None:
            self._pars.cancel()
            self._pars = None

    async def _sweep_once(self) -> None:
        # A failure is logged and the loop goes on: a loop of discord.ext.tasks stops at the
        # first exception it is not told to expect.
        if not self._recovered:
            self._recovered = True
            try:
                await self.attempts.recover()
            except Exception:
                log.exception("the recovery of challenges' deals failed")
        try:
            await self.sweep()
        except Exception:
            log.exception("the sweep of challenges failed")

    async def sweep(self) -> None:
        """Close what is due, watch what is open, work out missing pars, create the daily
        challenges that are due."""
        moment_now = now()
        for challenge in await self.host.storage.challenges.to_watch():
            if not challenge.closed and moment(challenge.closes_at) <= moment_now:
                await self.close(challenge)
        self.work_out_pars()
        for schedule in await self.host.storage.challenges.due_daily(iso(moment_now)):
            try:
                await self.create_daily(schedule)
            except discord.HTTPException as exc:
                log.warning(
                    "daily %s challenge of server %s: channel %s refused (%s)",
                    schedule.game,
                    schedule.guild_id,
                    schedule.channel_id,
                    exc.status,
                )
