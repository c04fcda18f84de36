"""Issue 24's "done when", played in a simcord server: an admin creates a challenge, three players
play it privately and a fourth leaves halfway and resumes after a restart; the standings rank them
by matchpoints with the par shown; nobody saw a deal before playing it."""

from __future__ import annotations

import simcord

from bot.config import Settings
from harness.challenge import Attempt, admin, bot_of, card, cards_seen_by, new_challenge
from tests.conftest import restart

DEALS = 2
"""Two deals: the fourth player leaves in the middle of the second (the last) and comes back to
it. A third deal added four more deals of Coinche to play and nothing to the claims (17 -> 10 s)."""


def expected_order(results: dict[int, list[tuple[int, int]]], pars: dict[int, int]) -> list[int]:
    """The standings worked out here from the deals' results alone (user → [(deal, score)]):
    matchpoints 1 per result beaten and ½ per tie, as a percentage of the others on that deal;
    the average ranks, then the total against par."""
    by_deal: dict[int, list[int]] = {}
    for deals in results.values():
        for deal, score in deals:
            by_deal.setdefault(deal, []).append(score)

    def percent(deal: int, score: int) -> float:
        others = list(by_deal[deal])
        others.remove(score)
        if not others:
            return 50.0
        points = sum(1.0 if score > o else 0.5 if score == o else 0.0 for o in others)
        return 100 * points / len(others)

    def key(user: int) -> tuple[float, int]:
        deals = results[user]
        average = sum(percent(d, s) for d, s in deals) / len(deals)
        return (-round(average, 9), -sum(s - pars[d] for d, s in deals))

    return sorted(results, key=key)


async def test_an_admin_creates_a_challenge_and_four_players_play_it(
    env: simcord.Env, settings: Settings
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("challenges")
    boss = admin(env, guild)
    bot_of(env).challenges.samples = 2
    challenge = await new_challenge(env, boss, channel, "coinche", deals=DEALS, closes_in=1)
    await bot_of(env).challenges.work_out_pars()
    people = [guild.add_member(env.create_user(name)) for name in ("ann", "bob", "cat", "dan")]
    attempts = [
        Attempt(env, channel, person, challenge, seed=index) for index, person in enumerate(people)
    ]

    for attempt in attempts[:3]:
        # Nothing this person can read anywhere names a card before they play.
        assert cards_seen_by(env, attempt.player.id) == {}
        answer = await attempt.start()
        assert f"deal 1 of {DEALS}" in answer.content
        await attempt.play_all()

    dan = attempts[3]
    assert cards_seen_by(env, dan.player.id) == {}
    await dan.start()
    await dan.play_deal()
    await dan.play_turns(3)
    table_before = dan.table_id
    game = dan.session.game
    assert game is not None and not game.deal_results
    version = game.action_count

    # Dan leaves; the bot restarts.
    await restart(env, settings)
    answer = await dan.start()
    assert f"deal 2 of {DEALS}" in answer.content
    assert dan.table_id == table_before
    resumed = dan.session.game
    assert resumed is not None and resumed.action_count == version
    await dan.play_all()

    # While the challenge is open, each reader's standings are their own; once it has closed,
    # the channel's: every player ranked by matchpoints, their total against par shown.
    mine = await attempts[0].player.slash(channel, "challenge standings")
    assert mine.ephemeral and "You: rank " in mine.response.content
    await env.advance_time(3600 + 120)
    result = await boss.slash(channel, "challenge standings")
    assert result.response is not None and not result.ephemeral
    text = result.response.content
    assert result.response.attachments, "the standings image"
    assert "final standings" in text
    storage = bot_of(env).storage
    pars = {deal: par.score for deal, par in (await storage.challenges.pars(challenge.id)).items()}
    assert sorted(pars) == list(range(DEALS)), "every par is known"
    results = {
        person.id: [
            (r.deal_no, r.score)
            for r in await storage.challenges.own_results(challenge.id, person.id)
        ]
        for person in people
    }
    assert all(len(deals) == DEALS for deals in results.values())
    order = expected_order(results, pars)
    names = {person.id: person.name for person in people}
    standings = await storage.challenges.standings(challenge.id)
    assert [line.user_id for line in standings.lines] == order
    for line in standings.lines:
        own = results[line.user_id]
        assert line.vs_par == sum(score - pars[deal] for deal, score in own)
    # The card says who played and who won, and still nothing about any deal.
    shown = card(channel, challenge)
    assert "Players: 4 · finished: 4" in shown.content
    assert "Winner" in shown.content and names[order[0]] in shown.content
    assert cards_seen_by(env, boss.id) == {}
