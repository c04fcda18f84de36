"""Shared fixtures: a bot under simcord with a database in ``tmp_path`` and no computer pause."""

from __future__ import annotations

import importlib.machinery
import logging
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import CodeType
from typing import Any

import pytest
import simcord
from hypothesis import settings as hypothesis_settings

from bot.app import AtoutBot, create_bot
from bot.config import Settings
from bot.text import marks
from tests.support import simcord_speed
from tests.support.pg_server import NoPostgres, PgServer

# CI runs the property tests on a fixed sequence of examples, so that a landing is never decided
# by the luck of a draw; locally each run explores new examples.
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

simcord_speed.install()


def keep_compiled_code() -> None:
    """Every bot a test starts loads the cogs again (``load_extension`` executes their modules
    afresh, as a restart of the bot would), and without a bytecode cache
    (``PYTHONDONTWRITEBYTECODE``) each load compiled their sources again: 40 ms of a bot's start,
    some 250 starts a run. The code compiled from the same bytes of the same file is kept for
    the run: the modules still run afresh, from the code Python would compile again."""
    loader = importlib.machinery.SourceFileLoader
    compile_source = loader.source_to_code
    kept: dict[tuple[str, bytes], CodeType] = {}

    def source_to_code(self: Any, data: Any, path: Any, *, _optimize: int = -1) -> CodeType:
        if _optimize != -1 or not isinstance(data, bytes):
            return compile_source(self, data, path, _optimize=_optimize)
        key = (str(path), data)
        code = kept.get(key)
        if code is None:
            code = kept[key] = compile_source(self, data, path)
        return code

    loader.source_to_code = source_to_code  # type: ignore[method-assign]


keep_compiled_code()

TESTS = Path(__file__).resolve().parent
BOT_TESTS = {TESTS / "bot", TESTS / "cogs"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests at the suite's root run first. They run whole scripts in processes of their
    own (the benchmarks, the preview, mypy), many of them for ten seconds or more, and collected
    last they ended the run: pytest-xdist's worksteal never takes from a worker the test it runs
    nor the next one, so the other worker waited idle while the last two long ones ran in turn.
    Started first, they are spread over both workers; the run ends on short tests."""
    root = [item for item in items if item.path.resolve().parent == TESTS]
    rest = [item for item in items if item.path.resolve().parent != TESTS]
    items[:] = root + rest


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One throwaway PostgreSQL server for the whole run (a fresh database per test). Without
    the binaries a local run skips the PostgreSQL cases; CI fails instead (``.ci/run`` installs
    them), so a green CI always means both backends passed."""
    try:
        server = PgServer()
    except NoPostgres as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc}: CI must test the PostgreSQL backend (.ci/run installs it)")
        pytest.skip(str(exc))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """``ATOUT_DB`` for a test that must hold on both backends: a SQLite file, or a fresh
    database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "atout.sqlite3")
    server: PgServer = request.getfixturevalue("pg_server")
    return await server.new_database()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(token=None, db_path=str(tmp_path / "atout.sqlite3"), ai_pause_s=0.0)


@pytest.fixture
async def env(settings: Settings) -> AsyncIterator[simcord.Env]:
    """A running simcord world around a fresh bot. Bots started by ``restart`` are closed too."""
    bot = create_bot(settings)
    world = simcord.Env(bot, settle_timeout=30.0)
    world.started_bots = [bot]  # type: ignore[attr-defined]
    await world.start()
    try:
        yield world
    finally:
        await world.shutdown()
        for started in world.started_bots:  # type: ignore[attr-defined]
            await started.storage.close()
    # Like simcord's own fixture: anything the bot raised, even if handled, fails the test.
    world.raise_errors()


async def restart(world: simcord.Env, settings: Settings) -> AtoutBot:
    """simcord's restart with a new bot process reading the same database."""
    old: AtoutBot = world.bot  # type: ignore[assignment]
    bot = create_bot(settings)
    world.started_bots.append(bot)  # type: ignore[attr-defined]
    await world.restart_bot(bot)
    await old.storage.close()
    return bot


@pytest.fixture(autouse=True)
def no_logged_errors(
    request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> Iterator[None]:
    """In the bot's tests, an error the bot logs (and so does not raise) still fails the test."""
    if not BOT_TESTS & set(Path(request.node.path).resolve().parents):
        yield
        return
    caplog.set_level(logging.WARNING)
    yield
    errors = [
        r
        for when in ("setup", "call")
        for r in caplog.get_records(when)
        if r.levelno >= logging.ERROR and r.name.startswith(("bot", "cogs", "discord"))
    ]
    assert not errors, "\n".join(
        r.getMessage() + (f"\n{r.exc_text}" if r.exc_text else "") for r in errors
    )


@pytest.fixture(autouse=True)
def no_suit_emojis() -> Iterator[None]:
    """Each test starts with the suit fallback (``bot.text.marks``): the emojis a bot of an
    earlier test uploaded, or a unit test set, never leak into the next."""
    marks.use(marks.NONE)
    yield
    marks.use(marks.NONE)
