"""Challenges on storage, on SQLite and on PostgreSQL: the worked matchpoint example with ties, the
standings' order and their tie-break on par, one attempt per person, a result recorded once, a
daily challenge created once, a closing carried out once, and a challenge's deals kept apart
from the ratings and the history."""

from __future__ import annotations

import pytest

from bot.storage.challenges.interface import (
    Challenge,
    ChallengeTerms,
    DailySchedule,
    DealResult,
    NewChallenge,
    Par,
)
from bot.storage.shards import Shards
from bot.storage.storage import Storage
from bot.storage.tables.settings import Duplicate, TableSettings
from games.duplicate import DealDetail, FixedDeal, fixed_deals

GUILD = 1
NOW = "2026-01-01T00:00:00Z"
LATER = "2026-01-02T00:00:00Z"
A_DEAL = TableSettings(duplicate=Duplicate(FixedDeal(0, ()), "seed", 4))
"""The settings of a challenge's table: its deal, played nowhere here."""


def detail(deal_no: int) -> DealDetail:
    """A deal's detail as a Coinche table leaves it, told apart by its scores."""
    return {
        "names": ["ann", "Computer 1", "Computer 2", "Computer 3"],
        "teams": [[0, 2], [1, 3]],
        "contract": {"trump": "H", "declarer": 0, "value": 80, "multiplier": 1},
        "result": {
            "type": "deal_result",
            "seat": None,
            "outcome": "success",
            "trick_points": [100 + deal_no, 62 - deal_no],
            "melds": [0, 0],
            "belote": [0, 0],
            "scores": [180 + deal_no, 60],
        },
    }


async def challenge(storage: Storage, deals: int = 2, closes_at: str = LATER) -> Challenge:
    new = NewChallenge(
        ChallengeTerms(GUILD, 10, 99, "coinche", 4, {}, deals),
        settings=TableSettings(language="en"),
        samples=4,
        seed="seed",
        deals=fixed_deals("coinche", {}, 4, deals, "seed"),
        created_at=NOW,
        closes_at=closes_at,
    )
    return await storage.challenges.create(new)


async def played(storage: Storage, found: Challenge, user: int, scores: list[int]) -> None:
    """``user``'s attempt, their deals played in order with these results."""
    await storage.challenges.start_attempt(found.id, user, f"player{user}", NOW)
    for deal_no, score in enumerate(scores):
        row = await storage.tables.create(GUILD, 10, "coinche", 4, user, {}, A_DEAL)
        result = DealResult(deal_no, user, f"player{user}", score, 0.0, 0, row.id, detail(deal_no))
        last = deal_no + 1 == found.deal_count
        assert await storage.challenges.record_result(found.id, result, NOW, last)


ANN, BOB, CAT, DAN, EVE = 1, 2, 3, 4, 5


async def test_the_worked_matchpoint_example_with_ties(storage: Storage) -> None:
    """Deal 1: Ann, Bob and Eve 100, Cat 50, Dan -20. Deal 2 (Dan has not played it): Ann 10,
    Bob and Cat 30, Eve 40. Matchpoints: 1 per result beaten, ½ per tie, over the others.

    - deal 1: Ann, Bob, Eve (2 beaten + 2 ties) / 4 = 75 %; Cat 1/4 = 25 %; Dan 0 %;
    - deal 2: Ann 0/3 = 0 %; Bob, Cat (1 + ½) / 3 = 50 %; Eve 3/3 = 100 %;
    - averages: Eve 87.5, Bob 62.5, Ann 37.5, Cat 37.5, Dan 0;
    - pars 60 and 20: Ann +40 -10 = +30, Cat -10 +10 = 0: Ann before Cat."""
    found = await challenge(storage)
    for user, scores in (
        (ANN, [100, 10]),
        (BOB, [100, 30]),
        (CAT, [50, 30]),
        (DAN, [-20]),
        (EVE, [100, 40]),
    ):
        await played(storage, found, user, scores)
    await storage.challenges.store_par(found.id, 0, Par(60, None))
    await storage.challenges.store_par(found.id, 1, Par(20, None))

    standings = await storage.challenges.standings(found.id, user_id=DAN, page_size=3)
    assert standings.total == 5 and standings.pages == 2
    assert [(s.user_id, s.rank) for s in standings.lines] == [(EVE, 1), (BOB, 2), (ANN, 3)]
    assert [round(s.percent, 3) for s in standings.lines] == [87.5, 62.5, 37.5]
    assert [s.vs_par for s in standings.lines] == [60, 50, 30]
    own = standings.own
    assert own is not None and own.rank == 5 and own.deals == 1 and own.percent == 0.0
    assert own.vs_par == -80 and not own.finished
    second = await storage.challenges.standings(found.id, page=2, page_size=3)
    assert [(s.user_id, s.rank, round(s.percent, 3), s.vs_par) for s in second.lines] == [
        (CAT, 4, 37.5, 0),
        (DAN, 5, 0.0, -80),
    ]

    field = await storage.challenges.deal_field(found.id, 0)
    assert [(r.user_id, r.score, round(r.percent, 3), r.field_size) for r in field] == [
        (ANN, 100, 75.0, 5),
        (BOB, 100, 75.0, 5),
        (EVE, 100, 75.0, 5),
        (CAT, 50, 25.0, 5),
        (DAN, -20, 0.0, 5),
    ]
    assert [r.rank for r in field] == [1, 1, 1, 4, 5]
    assert field[0].detail == detail(0)
    top = await storage.challenges.deal_field(found.id, 0, limit=2)
    assert [(r.user_id, r.rank, r.field_size) for r in top] == [(ANN, 1, 5), (BOB, 1, 5)]
    cat = await storage.challenges.own_results(found.id, CAT)
    assert [(r.deal_no, round(r.percent, 3), r.field_size) for r in cat] == [
        (0, 25.0, 5),
        (1, 50.0, 4),
    ]
    assert await storage.challenges.attempt_counts(found.id) == (5, 4)


async def test_equal_matchpoints_and_par_share_a_rank_and_a_lone_result_is_half(
    storage: Storage,
) -> None:
    found = await challenge(storage, deals=1)
    await played(storage, found, ANN, [80])
    alone = await storage.challenges.standings(found.id)
    assert [(s.user_id, s.percent) for s in alone.lines] == [(ANN, 50.0)]
    await played(storage, found, BOB, [80])
    standings = await storage.challenges.standings(found.id)
    assert [(s.rank, s.percent, s.vs_par) for s in standings.lines] == [(1, 50.0, 0), (1, 50.0, 0)]


async def test_an_unplayed_deal_never_helps(storage: Storage) -> None:
    """docs/challenges.md, "Standings" (issue 41.3): a closed two-deal challenge. Deal 1: alice
    and bob both make 100 (par 980: -880 each, 50 % each). Deal 2: alice alone makes 40 (par
    1,300: -1,260, 50 %); bob never plays it. bob ranked first on 50 % and -880, against
    alice's 50 % and -2,140 over twice the deals. His unplayed deal counts 0 %: alice 50 %, bob
    25 %. With equal matchpoints, par is compared per deal played (-880 beats -1,070)."""
    alice, bob = ANN, BOB
    found = await challenge(storage)
    await played(storage, found, alice, [100, 40])
    await played(storage, found, bob, [100])
    await storage.challenges.store_par(found.id, 0, Par(980, None))
    await storage.challenges.store_par(found.id, 1, Par(1300, None))
    assert await storage.challenges.mark_closed(found.id)
    final = await storage.challenges.standings(found.id, user_id=bob)
    lines = [(s.user_id, s.rank, s.percent, s.vs_par, s.deals, s.counted) for s in final.lines]
    assert lines == [(alice, 1, 50.0, -2140, 2, 2), (bob, 2, 25.0, -880, 1, 2)]
    assert [s.vs_par / s.par_deals for s in final.lines] == [-1070, -880]
    # Equal matchpoints: the better result against par per deal played ranks first, however
    # many deals each played. carol makes deal 1's 100 too and 40 on deal 2 with par 1,300.
    await played(storage, found, CAT, [100, 40])
    tied = await storage.challenges.standings(found.id)
    assert [(s.user_id, s.rank, s.tied) for s in tied.lines[:2]] == [
        (alice, 1, True),
        (CAT, 1, True),
    ]
    # The reader who has finished deal 1 only sees deal 1 counted, for everybody.
    sealed = await storage.challenges.standings(found.id, user_id=bob, deals_below=1)
    assert {(s.deals, s.counted, round(s.percent, 3)) for s in sealed.lines} == {(1, 1, 50.0)}


async def test_one_attempt_each_and_a_deal_recorded_once(storage: Storage) -> None:
    found = await challenge(storage)
    attempt, created = await storage.challenges.start_attempt(found.id, ANN, "ann", NOW)
    assert created and attempt.deals_done == 0 and not attempt.finished
    again, created = await storage.challenges.start_attempt(found.id, ANN, "ann again", NOW)
    assert not created and again.name == "ann"
    row = await storage.tables.create(GUILD, 10, "coinche", 4, ANN, {}, TableSettings())
    await storage.challenges.update_attempt(found.id, ANN, thread_id=5, table_id=row.id)
    result = DealResult(0, ANN, "ann", 42, 0.0, 0, row.id, {})
    assert await storage.challenges.record_result(found.id, result, NOW, last=False)
    assert not await storage.challenges.record_result(found.id, result, NOW, last=False)
    attempt_now = await storage.challenges.get_attempt(found.id, ANN)
    assert attempt_now is not None
    assert (attempt_now.deals_done, attempt_now.table_id, attempt_now.thread_id) == (1, None, 5)
    last = DealResult(1, ANN, "ann", 7, 0.0, 0, row.id, {})
    assert await storage.challenges.record_result(found.id, last, LATER, last=True)
    done = await storage.challenges.get_attempt(found.id, ANN)
    assert done is not None and done.finished and done.finished_at == LATER


async def test_a_closing_and_a_daily_challenge_happen_once(storage: Storage) -> None:
    found = await challenge(storage)
    assert [c.id for c in await storage.challenges.to_watch()] == [found.id]
    assert await storage.challenges.mark_closed(found.id)
    assert not await storage.challenges.mark_closed(found.id)
    closed = await storage.challenges.get(found.id)
    assert closed is not None and closed.closed
    # Still watched while its pars are unknown; no longer once they are.
    assert [c.id for c in await storage.challenges.to_watch()] == [found.id]
    for deal_no in range(found.deal_count):
        await storage.challenges.store_par(found.id, deal_no, Par(deal_no, detail(deal_no)))
    assert await storage.challenges.to_watch() == []
    assert (await storage.challenges.pars(found.id))[1] == Par(1, detail(1))

    schedule = DailySchedule(GUILD, 10, 99, "sueca", 4, {"games_to_win": 1}, 8, NOW)
    await storage.challenges.set_daily(schedule)
    assert await storage.challenges.due_daily("2025-12-31T23:59:59Z") == []
    due = await storage.challenges.due_daily(NOW)
    assert due == [schedule]
    assert await storage.challenges.claim_daily(due[0], LATER)
    assert not await storage.challenges.claim_daily(due[0], LATER)
    assert await storage.challenges.due_daily(NOW) == []
    assert await storage.challenges.stop_daily(GUILD, "sueca")
    assert not await storage.challenges.stop_daily(GUILD, "sueca")


async def test_the_latest_challenge_is_the_open_one(storage: Storage) -> None:
    first = await challenge(storage)
    closed = await challenge(storage, closes_at="2025-12-31T00:00:00Z")
    assert (await storage.challenges.latest(GUILD, NOW)).id == first.id  # type: ignore[union-attr]
    assert (await storage.challenges.latest(GUILD, "2026-02-01T00:00:00Z")).id == closed.id  # type: ignore[union-attr]
    assert await storage.challenges.latest(GUILD + 1, NOW) is None
    assert (await storage.challenges.get(first.id)).deals == first.deals  # type: ignore[union-attr]


async def test_a_challenge_deal_moves_no_rating_and_joins_no_history(storage: Storage) -> None:
    row = await storage.tables.create(GUILD, 10, "coinche", 4, ANN, {}, A_DEAL)
    await storage.tables.set_seat(row.id, 0, ANN, None, "ann")
    for seat in (1, 2, 3):
        await storage.tables.set_seat(row.id, seat, None, "hard", f"Computer {seat}")
    await storage.tables.update(row.id, status="playing", first_dealer=0)
    await storage.tables.finish(row.id, "finished")
    assert await storage.ratings.rate_pending() == 0
    assert await storage.ratings.rate_table(row.id) == []
    assert await storage.ratings.history(GUILD, ANN, None) == []
    assert (await storage.ratings.player_stats(GUILD, ANN, None)).per_game == []


async def test_a_restart_finds_the_attempts_in_play_and_those_to_recover(storage: Storage) -> None:
    """``open_attempts`` (what a closing ends), ``attempts_to_recover`` (a deal that ended
    before its result was recorded: only in the cluster of its server) and the card's message
    and counts, on both databases."""
    found = await challenge(storage)
    await storage.challenges.set_message(found.id, 777)
    assert (await storage.challenges.get(found.id)).message_id == 777  # type: ignore[union-attr]
    for user in (ANN, BOB):
        await storage.challenges.start_attempt(found.id, user, f"player{user}", NOW)
    playing = await storage.tables.create(GUILD, 10, "coinche", 4, ANN, {}, A_DEAL)
    ended = await storage.tables.create(GUILD, 10, "coinche", 4, BOB, {}, A_DEAL)
    await storage.challenges.update_attempt(found.id, ANN, table_id=playing.id)
    await storage.challenges.update_attempt(found.id, BOB, thread_id=8, table_id=ended.id)
    await storage.tables.finish(ended.id, "finished")
    assert [a.user_id for a in await storage.challenges.open_attempts(found.id)] == [ANN, BOB]
    (recover,) = await storage.challenges.attempts_to_recover()
    assert (recover.user_id, recover.table_id, recover.thread_id) == (BOB, ended.id, 8)
    storage.shards = Shards(2, (1,))  # GUILD (1) is in shard 0: another cluster's
    assert await storage.challenges.attempts_to_recover() == []
    assert await storage.challenges.to_watch() == []
    storage.shards = None
    result = DealResult(0, BOB, "player2", 5, 0.0, 0, ended.id, {})
    assert await storage.challenges.record_result(found.id, result, NOW, last=False)
    assert await storage.challenges.attempts_to_recover() == []
    assert await storage.challenges.attempt_counts(found.id) == (2, 0)


def test_a_new_challenge_has_the_deals_its_terms_ask_for() -> None:
    terms = ChallengeTerms(GUILD, 10, 99, "coinche", 4, {}, 3)
    with pytest.raises(ValueError):
        NewChallenge(
            terms, TableSettings(), 4, "seed", fixed_deals("coinche", {}, 4, 2, "s"), NOW, LATER
        )
