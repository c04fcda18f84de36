"""Open tables' tests: the periodic work of the bot slowed down where a test runs long."""

from __future__ import annotations

import pytest


@pytest.fixture
def quiet_timers(coarse_sweeps: float, monkeypatch: pytest.MonkeyPatch) -> float:
    """simcord fires a bot's timers in real time too, and a timer that reads PostgreSQL while
    simcord advances its clock keeps the advance from settling: the sweeps (``coarse_sweeps``),
    the queue's and the listeners' checks come every half hour of the test's clock instead."""
    import bot.open.queue
    import bot.storage.databases.postgres

    monkeypatch.setattr(bot.open.queue, "SWEEP_AT_MOST_S", coarse_sweeps)
    monkeypatch.setattr(bot.storage.databases.postgres, "LISTEN_CHECK_S", coarse_sweeps)
    return coarse_sweeps
