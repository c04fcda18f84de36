"""The tables ``benchmarks/preview.py`` photographs: one short script per game, played as people
play (slash commands and clicks through ``harness/driver.py``), each handing its moments to the
shooter as they happen.

Every table's deck comes from a seeded generator (``Stage.seeded``) in place of the bot's system
randomness, so a seed gives the same deals, the same computer play and the same pictures on every
run and in every language; the seeds in ``GAMES`` were chosen so that each moment happens. The
people's own choices are made here (the easy player's, or a scripted one where a moment needs a
person to act, as the Briscola a chiamata auction does), never applied to the engine directly.
"""

from __future__ import annotations

import random
import types
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import discord
import simcord
import simcord.interactions

import bot.play.sessions as sessions
from bot.text.i18n import t
from games.actions import Action
from games.base import Game
from harness.challenge import Attempt, card, new_challenge
from harness.driver import Table, custom_ids
from harness.seasons import store_game

Shoot = Callable[[str, str, simcord.ChannelHandle, simcord.MemberActor, Any], Awaitable[None]]
"""``shoot(game, moment, channel, viewer, message)``: photograph one moment."""
Pick = Callable[[Game, int], Action]
"""What a person seated at ``seat`` chooses now (a scripted choice in place of the easy one)."""

PEOPLE = ("alice", "bob", "carol", "dario", "erin")


@dataclass(frozen=True)
class Script:
    """One table to photograph: its moments, in the order a player meets them, and its seed."""

    command: str
    moments: tuple[str, ...]
    seed: int


GAMES: dict[str, Script] = {
    "coinche": Script(
        "coinche",
        (
            "lobby",
            "auction",
            "auction-hand",
            "table",
            "hand",
            "summary",
            "review",
            "review-decision",
            "game-over",
        ),
        seed=3,
    ),
    "belote": Script("belote", ("turn-up", "turn-up-hand", "table", "hand"), seed=2),
    "piquet": Script("piquet", ("exchange", "declarations", "table", "hand"), seed=1),
    "briscola2": Script("briscola", ("table", "hand"), seed=1),
    "briscola6": Script("briscola", ("table", "hand"), seed=1),
    "chiamata": Script("chiamata", ("auction", "auction-hand", "call", "table", "hand"), seed=1),
    "sueca": Script("sueca", ("table", "hand"), seed=1),
    "challenge": Script(
        "challenge",
        ("card", "deal-over", "standings-sealed", "results-deal", "standings-final"),
        seed=1,
    ),
    "puzzle": Script("puzzle", ("post", "question", "answer", "answer-wrong", "stats"), seed=1),
    "season": Script("season", ("standings", "podium", "division", "stats"), seed=1),
    "open": Script("play", ("play-answer", "ready", "mirror", "chat-menu", "chat"), seed=1),
}
"""Every game the script knows, by the name ``--game`` takes (Briscola at 2 and at 6 seats)."""


class Missed(Exception):
    """A moment the table went past without reaching (the seed no longer brings it about)."""


class Stage:
    """One simcord server where each game gets a channel, the same people sit, and every
    interaction carries the people's Discord locale."""

    def __init__(self, world: simcord.Env, shoot: Shoot, language: str) -> None:
        self.world = world
        self.shoot = shoot
        self.language = language
        self.guild = world.create_guild()
        self.people = [self.guild.add_member(world.create_user(name)) for name in PEOPLE]
        self.seed = 0

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """Each person's client speaks the table's language, as Discord says in ``locale``
        (simcord always sends ``en-US``): their hands and refusals are in it too."""
        original = simcord.interactions.base_payload

        def localised(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
            record, payload = original(*args, **kwargs)
            if kwargs.get("user_id") in {person.id for person in self.people}:
                payload["locale"] = self.language
            return record, payload

        simcord.interactions.base_payload = localised
        try:
            yield
        finally:
            simcord.interactions.base_payload = original

    @contextmanager
    def seeded(self) -> Iterator[None]:
        """Tables shuffle and their computers choose with ``random.Random(seed)`` (the seed of
        the game being played) instead of the system's randomness."""
        names = vars(sessions)
        original = names["secrets"]

        def system_random() -> random.Random:
            return random.Random(self.seed)

        names["secrets"] = types.SimpleNamespace(SystemRandom=system_random)
        try:
            yield
        finally:
            names["secrets"] = original

    def table(self, game: str, people: int) -> Table:
        """A channel of its own for ``game``, whose table will be dealt from the game's seed."""
        channel = self.guild.create_text_channel(game)
        self.seed = GAMES[game].seed
        return Table(self.world, channel, self.people[:people], seed=GAMES[game].seed)

    async def open(self, table: Table, game: str, computers: int, **options: Any) -> None:
        await table.open(
            GAMES[game].command, computers=computers, language=self.language, **options
        )

    async def moment(self, game: str, moment: str, table: Table, message: Any = None) -> None:
        """Photograph the table message (or ``message``) as the person to act sees it."""
        person = person_to_act(table)
        shown = table.table_message() if message is None else message
        await self.shoot(game, moment, table.where(), person, shown)

    async def hand_moment(self, game: str, moment: str, table: Table) -> None:
        """Photograph the hand of the person to act, as that person opens it."""
        person = person_to_act(table)
        hand = await table.hand(person)
        await self.shoot(game, moment, table.where(), person, hand)


def person_to_act(table: Table) -> simcord.MemberActor:
    game = table.session.game
    assert game is not None and game.to_act is not None, "nobody is to act"
    seat = table.session.seat(game.to_act)
    assert seat is not None and seat.user_id is not None, "a computer is to act"
    return table.actor(seat.user_id)


def person_acts(table: Table) -> bool:
    game = table.session.game
    if game is None or game.to_act is None:
        return False
    seat = table.session.seat(game.to_act)
    return seat is not None and seat.user_id is not None


async def step(table: Table, pick: Pick | None = None) -> None:
    """The person to act opens their hand and clicks what they (or ``pick``) chose."""
    game = table.session.game
    assert game is not None and game.to_act is not None
    person = person_to_act(table)
    hand = await table.hand(person)
    action = pick(game, game.to_act) if pick is not None else table.decide(game.to_act)
    result = await table.click_action(person, hand, action)
    assert result.acknowledged, f"{action} was refused: {result}"


async def reach(
    table: Table,
    moment: str,
    until: Callable[[Game], bool],
    pick: Pick | None = None,
    this_deal: bool = False,
) -> None:
    """Play on until ``until`` holds with a person to act; ``Missed`` when the game ends, or
    when the deal does and ``this_deal`` says the moment belongs to it."""
    deal = len(table.session.game.log) if table.session.game else 0
    for _ in range(1000):
        game = table.session.game
        assert game is not None
        if person_acts(table) and until(game):
            return
        if game.over or (this_deal and len(game.log) > deal):
            break
        await step(table, pick)
    raise Missed(moment)


def phase(game: Game) -> str:
    return str(game.public_view().get("phase"))


def mid_trick(game: Game) -> bool:
    """In play, with a trick on the felt that the person to act still has to answer."""
    trick = game.public_view().get("trick") or []
    return phase(game) == "play" and len(trick) >= min(2, game.seats - 1)


async def mid_deal(stage: Stage, game: str, table: Table) -> None:
    """The moment every game has: the table mid-trick and the hand of the person to act."""
    await reach(table, "table", mid_trick)
    await stage.moment(game, "table", table)
    await stage.hand_moment(game, "hand", table)


# ----------------------------------------------------------------------------------- games
async def coinche(stage: Stage) -> None:
    """alice and bob with two computers, to a short target: the full lobby, the auction with a
    bid on the table, mid-deal, the first deal's summary, alice's review of it and game over."""
    table = stage.table("coinche", 2)
    alice, bob = table.players
    started = await alice.slash(
        table.channel,
        "coinche start",
        target_score=100,
        turn_timer=0,
        language=stage.language,
    )
    assert started.response is not None, started
    lobby = started.response
    join = next(c for c in custom_ids(lobby) if c.startswith("atout:join:"))
    table.table_id = int(join.split(":")[2])
    await bob.click(lobby, custom_id=join)
    for level in ("easy", "normal"):
        menu = await alice.click(lobby, custom_id=f"atout:addbot:{table.table_id}")
        assert menu.response is not None
        await alice.click(menu.response, custom_id=f"atout:addbot:{table.table_id}:{level}")
    await stage.shoot("coinche", "lobby", table.channel, alice, latest(table.channel))
    await alice.click(lobby, custom_id=f"atout:start:{table.table_id}")

    def bid_to_answer(game: Game) -> bool:
        return phase(game) == "auction" and len(game.log[-1]["actions"]) >= 1

    await reach(table, "auction", bid_to_answer)
    await stage.moment("coinche", "auction", table)
    await stage.hand_moment("coinche", "auction-hand", table)
    await mid_deal(stage, "coinche", table)
    await table.play_until(lambda g: len(g.log) >= 2 or g.over)
    first = summary(table, stage.language)
    await stage.shoot("coinche", "summary", table.where(), alice, first)
    # alice's review of that deal: its first message, and its first decision with its picture.
    asked = await alice.click(first, custom_id=f"atout:review:{table.table_id}:0")
    if asked.response is None or not asked.followups:
        raise Missed("review")
    await stage.shoot("coinche", "review", table.where(), alice, asked.response)
    await stage.shoot("coinche", "review-decision", table.where(), alice, asked.followups[0])
    await table.play_to_end()
    await stage.shoot(
        "coinche", "game-over", table.where(), alice, game_over(table, stage.language)
    )


async def belote(stage: Stage) -> None:
    """The turn-up: the taking round with a person to speak, then mid-deal."""
    table = stage.table("belote", 2)
    await stage.open(table, "belote", computers=2)
    await reach(table, "turn-up", lambda g: phase(g) == "taking")
    await stage.moment("belote", "turn-up", table)
    await stage.hand_moment("belote", "turn-up-hand", table)
    await mid_deal(stage, "belote", table)


async def piquet(stage: Stage) -> None:
    """alice and bob: the elder's discard controls, then the declarations the younger's
    exchange settles (the elder about to lead), then mid-deal."""
    table = stage.table("piquet", 2)
    await stage.open(table, "piquet", computers=0)
    await reach(table, "exchange", lambda g: phase(g) == "exchange")
    await stage.hand_moment("piquet", "exchange", table)

    def declared(game: Game) -> bool:
        return phase(game) == "play" and not game.public_view().get("trick")

    await reach(table, "declarations", declared)
    await stage.moment("piquet", "declarations", table)
    await mid_deal(stage, "piquet", table)


async def briscola2(stage: Stage) -> None:
    table = stage.table("briscola2", 1)
    await stage.open(table, "briscola2", computers=1, seats=2)
    await mid_deal(stage, "briscola2", table)


async def briscola6(stage: Stage) -> None:
    table = stage.table("briscola6", 2)
    await stage.open(table, "briscola6", computers=4, seats=6)
    await mid_deal(stage, "briscola6", table)


async def sueca(stage: Stage) -> None:
    table = stage.table("sueca", 2)
    await stage.open(table, "sueca", computers=2)
    await mid_deal(stage, "sueca", table)


async def chiamata(stage: Stage) -> None:
    """Five people, so that the auction is theirs to script: someone calls first, alice outbids
    them (photographed with a call to beat), the others pass, and alice names the briscola."""
    table = stage.table("chiamata", 5)
    await stage.open(table, "chiamata", computers=0)
    alice = table.players[0]

    def alice_to_act(game: Game) -> bool:
        seat = table.session.seat(game.to_act) if game.to_act is not None else None
        return seat is not None and seat.user_id == alice.id

    def auction(game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        calls = [a for a in legal if a.type == "call"]
        called = game.public_view().get("bid") is not None
        if alice_to_act(game) or not called:
            return calls[0]  # the least outbid: the next rank down
        return next(a for a in legal if a.type == "pass")

    def alice_outbids(game: Game) -> bool:
        view = game.public_view()
        return phase(game) == "auction" and alice_to_act(game) and view.get("bid") is not None

    await reach(table, "auction", alice_outbids, auction)
    await stage.moment("chiamata", "auction", table)
    await stage.hand_moment("chiamata", "auction-hand", table)
    await reach(table, "call", lambda g: phase(g) == "trump", auction, this_deal=True)
    await stage.hand_moment("chiamata", "call", table)
    await mid_deal(stage, "chiamata", table)


async def challenge(stage: Stage) -> None:
    """A two-deal Coinche challenge: its card; alice's thread after her first deal (the
    summary and the one message that ends the deal); bob, who has played one deal, reads the
    standings of that deal only; alice's results on deal 1; the final standings once it closes."""
    channel = stage.guild.create_text_channel("challenge")
    boss = stage.guild.add_member(
        stage.world.create_user("admin"),
        roles=[
            stage.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        ],
    )
    stage.seed = GAMES["challenge"].seed
    created = await new_challenge(
        stage.world, boss, channel, "coinche", deals=2, closes_in=1, language=stage.language
    )
    bot = stage.world.bot
    await bot.challenges.work_out_pars()  # type: ignore[attr-defined]
    alice, bob = stage.people[:2]
    await stage.shoot("challenge", "card", channel, alice, card(channel, created))
    first = Attempt(stage.world, channel, alice, created, seed=1)
    await first.start()
    await first.play_deal()
    thread = first.where()
    ended = t("challenge_deal_done", stage.language, number=1, total=2, result="")
    await stage.shoot("challenge", "deal-over", thread, alice, latest(thread, ended))
    await first.play_all()
    second = Attempt(stage.world, channel, bob, created, seed=2)
    await second.start()
    await second.play_deal()
    sealed = await bob.slash(channel, "challenge standings")
    await stage.shoot("challenge", "standings-sealed", channel, bob, sealed.response)
    results = await alice.slash(channel, "challenge results", deal=1)
    await stage.shoot("challenge", "results-deal", channel, alice, results.response)
    await stage.world.advance_time(3600 + 120)
    final = await alice.slash(channel, "challenge standings")
    await stage.shoot("challenge", "standings-final", channel, alice, final.response)


async def puzzle(stage: Stage) -> None:
    """The server's puzzle of the day: the daily post in its channel (no hand, no result), the
    puzzle alice opens with "Solve it" (every hand, for her alone), her answer with the line
    that shows why, bob's wrong answer with the line that beats his card, and alice's stats."""
    channel = stage.guild.create_text_channel("puzzle")
    boss = stage.guild.add_member(
        stage.world.create_user("admin"),
        roles=[
            stage.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
        ],
    )
    stage.seed = GAMES["puzzle"].seed
    # The post speaks the server's language, as an admin sets it (/atout settings language:).
    bot = stage.world.bot
    await bot.storage.settings.update(  # type: ignore[attr-defined]
        stage.guild.id, lambda settings: replace(settings, language=stage.language)
    )
    await boss.slash(channel, "puzzle daily")
    alice = stage.people[0]
    post = latest(channel)
    await stage.shoot("puzzle", "post", channel, alice, post)
    solve = next(i for i in custom_ids(post) if i.startswith("atout:puzzle:"))
    opened = await alice.click(post, custom_id=solve)
    if opened.response is None:
        raise Missed("the puzzle opened from the daily post")
    await stage.shoot("puzzle", "question", channel, alice, opened.response)
    cards = [i for i in custom_ids(opened.response) if i.startswith("atout:puzzle:")]
    # Alice finds it (the answer's page says so): the button of the stored answer's card.
    stored = await bot.storage.puzzles.get(int(solve.split(":")[2]))  # type: ignore[attr-defined]
    right = next(i for i in cards if i.endswith(f":{stored.puzzle['answer']['card']}"))
    answered = await alice.click(opened.response, custom_id=right)
    await stage.shoot("puzzle", "answer", channel, alice, answered.response)
    # Bob picks another card: the answer shows the line that beats it (issue 41.15).
    bob = stage.people[1]
    his = await bob.click(post, custom_id=solve)
    if his.response is None:
        raise Missed("the puzzle opened by a second member")
    wrong = next(
        i for i in custom_ids(his.response) if i.startswith("atout:puzzle:") and i != right
    )
    missed = await bob.click(his.response, custom_id=wrong)
    await stage.shoot("puzzle", "answer-wrong", channel, bob, missed.response)
    stats = await alice.slash(channel, "puzzle stats")
    await stage.shoot("puzzle", "stats", channel, alice, stats.response)


async def season(stage: Stage) -> None:
    """Seasons (issue 45): the first season's standings (a page of ranked players, then those
    not ranked yet), its end posted with the podium and the moves, the second season's division
    with its promotion line, and a player's seasons in /stats. 45 people play duels stored as a
    finished table stores them (the moments are the standings, not the play)."""
    world, guild = stage.world, stage.guild
    channel = guild.create_text_channel("seasons")
    news = guild.create_text_channel("announcements")
    boss = guild.add_member(
        world.create_user("referee"),
        roles=[guild.create_role("referees", permissions=discord.Permissions(manage_guild=True))],
    )
    bot = world.bot
    await bot.storage.settings.update(  # type: ignore[attr-defined]
        guild.id, lambda settings: replace(settings, language=stage.language)
    )
    await boss.slash(channel, "atout settings", announce_channel=news, season_min_games=2)
    names = ["Marie", "Paolo", "Inês", "Jun", "Léa", "Tomás", "Giulia", "Hana", "Yann", "Rui"]
    # The five people whose Discord speaks the language play last of 45: they are in the
    # second division next month, where the photographs look.
    league = [
        guild.add_member(world.create_user(f"{names[index % len(names)]} {index + 1}"))
        for index in range(40)
    ] + list(stage.people)
    newcomer = guild.add_member(world.create_user("Noa"))
    alice = stage.people[0]
    for round_ in range(2):
        for index, one in enumerate(league):
            other = league[(index + 1 + round_) % len(league)]
            first, second = sorted((one, other), key=league.index)
            await store_game(world, guild.id, first, second, "belote")
    await store_game(world, guild.id, league[0], newcomer, "belote")
    board = await alice.slash(channel, "leaderboard", game="belote")
    await stage.shoot("season", "standings", channel, alice, board.response)
    # A month later (the sweeps run every six hours here: ``coarse_sweeps``).
    await world.advance_time(31 * 24 * 3600 + SEASON_SWEEP_S)
    podium = latest(news)
    await stage.shoot("season", "podium", news, alice, podium)
    for index, one in enumerate(league):
        other = league[(index + 3) % len(league)]
        winner, loser = (one, other) if index % 3 else (other, one)
        await store_game(world, guild.id, winner, loser, "belote")
    division = await alice.slash(channel, "leaderboard", game="belote")
    await stage.shoot("season", "division", channel, alice, division.response)
    stats = await alice.slash(channel, "stats", game="belote")
    await stage.shoot("season", "stats", channel, alice, stats.response)


async def open_tables(stage: Stage) -> None:
    """Open tables (issue 44): alice's ``/play`` answer while she waits, bob's from another
    server when their table is ready, the table in bob's server's thread (its mirror), alice's
    hand with the quick-chat menu, and her phrase as bob's server reads it."""
    world = stage.world
    # People of their own: the stage's alice and bob still sit at the tables photographed
    # before (Briscola's, Sueca's, mid-deal), and the queue refuses whoever is seated.
    alice, bob = (stage.guild.add_member(world.create_user(name)) for name in PEOPLE[:2])
    stage.people += [alice, bob]
    other = world.create_guild("Le Tripot")
    # Bob plays from a second server too (his Discord client speaks the stage's language).
    bob_there = other.add_member(bob.user)
    here = stage.guild.create_text_channel("open-tables")
    there = other.create_text_channel("cartes")
    for guild in (stage.guild, other):
        await world.bot.storage.settings.update(  # type: ignore[attr-defined]
            guild.id, lambda settings: replace(settings, open_tables=True)
        )
    stage.seed = GAMES["open"].seed
    bot = world.bot
    waiting = await alice.slash(here, "play", game="briscola", seats=2)
    if waiting.response is None:
        raise Missed("the /play answer")
    await stage.shoot("open", "play-answer", here, alice, waiting.response)
    ready = await bob_there.slash(there, "play", game="briscola", seats=2)
    if ready.response is None:
        raise Missed("the table made from the queue")
    await stage.shoot("open", "ready", there, bob_there, ready.response)
    table_id = await bot.storage.open_tables.seated_at(bob.id)  # type: ignore[attr-defined]
    session = bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    mirror = next(m for m in session.mirrors if m.guild_id == other.id)
    thread = next(t for t in there.threads if t.id == mirror.thread_id)
    table_message = next(m for m in thread.history() if m.id == mirror.message_id)
    await stage.shoot("open", "mirror", thread, bob_there, table_message)
    home = next(m for m in session.mirrors if m.guild_id == stage.guild.id)
    alice_thread = next(t for t in here.threads if t.id == home.thread_id)
    alice_table = next(m for m in alice_thread.history() if m.id == home.message_id)
    hand = await alice.click(alice_table, custom_id=f"atout:hand:{table_id}")
    if hand.response is None:
        raise Missed("alice's hand")
    await stage.shoot("open", "chat-menu", alice_thread, alice, hand.response)
    menu = next(i for i in custom_ids(hand.response) if i.startswith("atout:chat:"))
    await alice.select(hand.response, ["well_played"], custom_id=menu)
    said = [m for m in thread.history() if (m.content or "").startswith("💬")]
    if not said:
        raise Missed("the phrase in bob's server")
    await stage.shoot("open", "chat", thread, bob_there, said[-1])


SEASON_SWEEP_S = 6 * 3600.0
"""The bot's sweeps' period in a world where a season is photographed (``coarse_sweeps``)."""


@contextmanager
def coarse_sweeps() -> Iterator[None]:
    """The bot's four sweeps (tables left alone, challenges, puzzle posts, seasons) every six
    hours instead of every minute, set before the bot starts, so that the season's month passes
    in a few hundred sweeps, not 180,000."""
    import bot.challenge.controller
    import bot.puzzles.desk
    import bot.seasons.desk
    import bot.table.presence

    modules = (bot.challenge.controller, bot.puzzles.desk, bot.table.presence, bot.seasons.desk)
    saved = [module.SWEEP_EVERY_S for module in modules]
    for module in modules:
        module.SWEEP_EVERY_S = SEASON_SWEEP_S
    try:
        yield
    finally:
        for module, period in zip(modules, saved, strict=True):
            module.SWEEP_EVERY_S = period


PLAYS: dict[str, Callable[[Stage], Awaitable[None]]] = {
    "coinche": coinche,
    "belote": belote,
    "piquet": piquet,
    "briscola2": briscola2,
    "briscola6": briscola6,
    "chiamata": chiamata,
    "sueca": sueca,
    "challenge": challenge,
    "puzzle": puzzle,
    "season": season,
    "open": open_tables,
}


def latest(channel: simcord.ChannelHandle, starts: str = "") -> Any:
    """The newest message of ``channel`` whose text starts with ``starts``."""
    found = [m for m in channel.history() if (m.content or "").startswith(starts)]
    if not found:
        raise Missed(f"a message starting {starts!r} in #{channel.name}")
    return found[-1]


def summary(table: Table, language: str) -> Any:
    """The first deal's summary, titled in the table's language."""
    return latest(table.where(), t("deal_summary_title", language, number=1))


def game_over(table: Table, language: str) -> Any:
    """The result posted at the end of the game, in the table's language."""
    heads = [t("result_winners", language, names="@", count=n).split("@")[0] for n in (1, 2)]
    heads.append(t("result_no_winner", language))
    found = [
        m
        for m in table.where().history()
        if any((m.content or "").startswith(head) for head in heads)
    ]
    if not found:
        raise Missed("game-over")
    return found[-1]
