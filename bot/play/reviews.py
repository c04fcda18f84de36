"""Deal reviews for the bot: computed from the stored record in a worker process below the
bot's priority, kept in storage, and asked for at most once at a time per seat and deal.

A review (``games.review``) takes seconds of pure-Python search. It runs in a process of its
own (``ATOUT_REVIEW_PROCESSES``), niced below the bot and below the drawing processes, so the
tables in play keep their pace while it thinks; the bot's event loop only waits for it. The
result is stored as its JSON form (``storage.reviews.store``) and read back into the typed review
(``games.review.Review``): a second click, or one after a restart, is answered from storage at
once; a review stored by an older version in another form is computed again, never shown half.
Two clicks while one review is computed wait for the same computation.

The worker is given the record of the finished deals only: the deal in progress, whose deck
would reveal every hand, never leaves the table's engine (``Game.to_record``'s
``completed_only``).
"""

from __future__ import annotations

import logging
from typing import Final

from bot.play.background import Background
from bot.play.single_flight import SingleFlight
from bot.storage.storage import Storage
from games.records import Json, parse
from games.review import Review, StaleReview, review

log = logging.getLogger(__name__)

REVIEW_SAMPLES: Final = 16
"""Sampled deals per decision in the bot's reviews: what keeps a Coinche review within its
budget on one loaded core (benchmarks/load.py --reviews prints the click-to-review times)."""

REVIEW_NICE: Final = 15
"""How much lower than the bot the review processes run: below the drawing processes (10),
which people wait for at every click, as a review is asked for once a deal."""


def compute(record: Json, deal: int, seat: int, samples: int, seed: int) -> Json:
    """A worker's job: the review of ``seat`` in deal ``deal`` of ``record``, in its JSON form
    (``games.review.Review.to_json``, what ``python -m games review --json`` prints): what is
    stored, and what the bot reads back into the review it shows, the first time as after."""
    return review(parse(record), seat, deal, samples, seed).to_json()


def _ready() -> bool:
    """A review process's first job: started and its imports done before anyone waits."""
    return True


class Reviews:
    """The reviews of every table: stored ones at once, others computed once."""

    def __init__(self, storage: Storage, processes: int = 0, samples: int = REVIEW_SAMPLES) -> None:
        self.storage = storage
        self.processes = processes
        """Review processes; 0 computes in a thread (tests)."""
        self.samples = samples
        self.worker = Background(processes, "review", REVIEW_NICE)
        self._running: SingleFlight[tuple[int, int, int], Review] = SingleFlight()

    def warm(self) -> None:
        """Start the review processes now (``python -m bot`` at start-up), so that the first
        review asked for does not also wait for a process to start and import the search."""
        if self.processes > 0:
            for _ in range(self.processes):
                self.worker.submit(_ready)

    async def stored(self, table_id: int, deal: int, seat: int) -> Review | None:
        """The stored review, or ``None``: none stored, or one an older version stored in
        another form, which is computed again (and replaced) rather than shown in half."""
        found = await self.storage.reviews.load(table_id, deal, seat)
        if found is None:
            return None
        try:
            return Review.from_json(found)
        except StaleReview as exc:
            log.info(
                "table %s: the stored review of deal %s, seat %s is stale (%s)",
                table_id,
                deal,
                seat,
                exc,
            )
            return None

    def computing(self, table_id: int, deal: int, seat: int) -> bool:
        return self._running.running((table_id, deal, seat))

    async def get(self, table_id: int, deal: int, seat: int, record: Json) -> Review:
        """The review, from storage or computed now (and stored). ``record`` holds the finished
        deals of the table; the same request while one is read or computed waits for that one
        (it used to start a second computation while the first was reading storage)."""

        async def stored_or_computed() -> Review:
            stored = await self.stored(table_id, deal, seat)
            if stored is not None:
                return stored
            found = await self._compute(record, deal, seat, seed=table_id)
            await self.storage.reviews.store(table_id, deal, seat, found)
            # Read as it is stored: the first answer and every later one say the same.
            return Review.from_json(found)

        return await self._running.run((table_id, deal, seat), stored_or_computed)

    async def _compute(self, record: Json, deal: int, seat: int, seed: int) -> Json:
        return await self.worker.run(compute, record, deal, seat, self.samples, seed)

    def close(self) -> None:
        self.worker.close()


__all__ = ["REVIEW_SAMPLES", "Reviews", "compute"]
