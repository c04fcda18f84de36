"""One piece of work per key at a time (``bot.play.single_flight``), as the tables' loading and
the deal reviews use it: callers who come while it runs share its result or its error."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.play.reviews import Reviews
from bot.play.single_flight import SingleFlight
from games.review import Review


async def test_callers_at_once_share_one_run_and_other_keys_run_apart() -> None:
    flights: SingleFlight[int, str] = SingleFlight()
    runs: list[int] = []
    release = asyncio.Event()

    async def work(key: int) -> str:
        runs.append(key)
        await release.wait()
        return f"done {key}"

    first = asyncio.ensure_future(flights.run(1, lambda: work(1)))
    second = asyncio.ensure_future(flights.run(1, lambda: work(1)))
    other = asyncio.ensure_future(flights.run(2, lambda: work(2)))
    await asyncio.sleep(0)
    assert flights.running(1) and flights.running(2)
    release.set()
    assert await asyncio.gather(first, second, other) == ["done 1", "done 1", "done 2"]
    assert runs == [1, 2] and not flights.running(1)


async def test_an_error_reaches_every_waiter_and_the_next_call_runs_again() -> None:
    flights: SingleFlight[str, int] = SingleFlight()
    calls = 0

    async def failing() -> int:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0)
        raise RuntimeError("storage down")

    results = await asyncio.gather(
        flights.run("t", failing), flights.run("t", failing), return_exceptions=True
    )
    assert [str(r) for r in results] == ["storage down", "storage down"] and calls == 1
    with pytest.raises(RuntimeError):
        await flights.run("t", failing)
    assert calls == 2


async def test_a_waiter_cancelled_leaves_the_work_to_the_others() -> None:
    flights: SingleFlight[int, int] = SingleFlight()
    release = asyncio.Event()

    async def work() -> int:
        await release.wait()
        return 7

    first = asyncio.ensure_future(flights.run(1, work))
    impatient = asyncio.ensure_future(flights.run(1, work))
    await asyncio.sleep(0)
    impatient.cancel()
    release.set()
    assert await first == 7
    assert impatient.cancelled()


class SlowReviews:
    """Reviews' storage whose reads take a moment, as a database's do."""

    def __init__(self) -> None:
        self.stored: dict[tuple[int, int, int], Any] = {}

    async def load(self, table_id: int, deal: int, seat: int) -> Any:
        await asyncio.sleep(0.01)
        return self.stored.get((table_id, deal, seat))

    async def store(self, table_id: int, deal: int, seat: int, review: Any) -> None:
        self.stored[(table_id, deal, seat)] = review


class SlowStore:
    """The storage of ``Reviews``: its reviews area only."""

    def __init__(self) -> None:
        self.reviews = SlowReviews()


async def test_two_asks_for_a_review_at_once_compute_it_once() -> None:
    """The second ask came while the first was still reading storage: it used to start a
    computation of its own (and the first to finish then failed forgetting the other's)."""
    reviews = Reviews(SlowStore())  # type: ignore[arg-type]
    computed: list[int] = []

    async def compute(record: Any, deal: int, seat: int, seed: int) -> Any:
        computed.append(deal)
        await asyncio.sleep(0.01)
        return Review("briscola", seat, deal, "card points", 2, ()).to_json()

    reviews._compute = compute  # type: ignore[method-assign]
    expected = Review("briscola", 1, 0, "card points", 2, ())
    both = await asyncio.gather(reviews.get(5, 0, 1, {}), reviews.get(5, 0, 1, {}))
    assert both == [expected, expected] and computed == [0]
    assert await reviews.get(5, 0, 1, {}) == expected and computed == [0]
