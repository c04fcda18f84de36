"""Shared fixtures: a bot under simcord with a database in ``tmp_path`` and no computer pause."""

from __future__ import annotations

import asyncio
import atexit
import compileall
import concurrent.futures
import functools
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import shutil
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import simcord
from discord import app_commands
from discord.ext import commands
from hypothesis import settings as hypothesis_settings

import bot.play.drawing
import bot.ui.emojis
from bot.app import AtoutBot, create_bot
from bot.config import Settings
from bot.play import workers
from bot.storage.backends import make_storage
from bot.text import marks
from bot.text.i18n import BOT
from bot.web.text import WEB
from harness.pg_server import NoPostgres, PgServer
from i18n.catalogue import read_resource
from rendering.words import IMAGES
from tests.support import early_runs, simcord_speed

# CI runs the property tests on a fixed sequence of examples, so that a landing is never decided
# by the luck of a draw; locally each run explores new examples.
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

simcord_speed.install()

# Every bot a test starts is a new application to simcord: it draws and uploads its ten suit
# emojis (``bot.ui.emojis.upload``), 0.1 s of drawing a bot, and its start waits for them. The
# drawing is a function of the style and the suit: drawn once a worker, each bot uploads the same
# bytes. (The drawing itself is tested from ``rendering.emoji``: tests/bot/ui/test_emojis.py.)
bot.ui.emojis.suit_emoji = functools.cache(bot.ui.emojis.suit_emoji)  # type: ignore[assignment]

# And each bot's start warms the drawing (``bot.ui.images.warm_up``): it draws a table and a
# hand of sample games, so that fonts, sprites and palettes are built before anybody waits for
# them (17 ms of a thread's CPU a bot, 200 bots in the bot tests). The drawing is of fixed
# positions and what it builds is kept by the process: drawn once a worker, each bot's warm-up
# gives the same bytes. (A drawing process's own warm-up runs in that process.)
bot.play.drawing.warm = functools.cache(bot.play.drawing.warm)


class KeptModule(importlib.abc.Loader):
    """The loader of a cog's module already executed in this run: it gives that module back
    and executes nothing."""

    def __init__(self, module: ModuleType) -> None:
        self.module = module

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return self.module

    def exec_module(self, module: ModuleType) -> None:
        pass


def keep_loaded_cogs() -> None:
    """Every bot a test starts loads the cogs, and discord.py's ``load_extension`` executes
    their modules afresh each time, as a new process would: 30 ms of CPU of a bot's 86 ms start
    (every command's signature read, its options, choices and checks built), some 600 starts a
    run. A cog's module holds nothing of a bot: each bot has its own cog instances, into which
    discord.py copies the commands. So each module is executed once a run, by the first bot
    that loads it, and given again to the next: each bot still loads it, runs its ``setup``,
    and unloads it (``teardown``) through discord.py's own path, as a bot process does once."""
    kept: dict[str, ModuleType] = {}
    load = commands.Bot._load_from_module_spec

    async def load_kept(self: commands.Bot, spec: importlib.machinery.ModuleSpec, key: str) -> None:
        if key in kept:
            spec = importlib.util.spec_from_loader(key, KeptModule(kept[key]), origin=spec.origin)  # type: ignore[assignment]
        await load(self, spec, key)
        kept.setdefault(key, self.extensions[key])

    commands.Bot._load_from_module_spec = load_kept  # type: ignore[method-assign]


keep_loaded_cogs()


def keep_translated_commands() -> None:
    """Every bot a test starts syncs its slash commands, and discord.py words each command, option
    and choice in each of Discord's 32 locales first: 14,000 calls of the translator, a third of
    a bot's start in simcord. The catalogues do not change during a run, so a command whose
    untranslated form was worded once is given the same words again (a copy, through JSON as Discord gets it)."""
    kept: dict[tuple[type, str], str] = {}
    for cls in (app_commands.Command, app_commands.Group):
        original = cls.get_translated_payload

        async def translated(
            self: Any, tree: Any, translator: Any, _original: Any = original
        ) -> dict[str, Any]:
            key = (type(translator), json.dumps(self.to_dict(tree), sort_keys=True, default=str))
            if key not in kept:
                kept[key] = json.dumps(await _original(self, tree, translator))
            payload: dict[str, Any] = json.loads(kept[key])
            return payload

        cls.get_translated_payload = translated  # type: ignore[method-assign]


keep_translated_commands()

TESTS = Path(__file__).resolve().parent
COMPILED_ROOMS = (
    "bot",
    "cogs",
    "games",
    "rendering",
    "i18n",
    "harness",
    "benchmarks",
    "tests/support",
)
"""What the processes the tests start import from the repository."""


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return  # the run's first process has done all this before the workers started
    option = config.option
    selecting = bool(
        option.keyword or option.markexpr or getattr(option, "lf", False) or option.collectonly
    )
    early = early_runs.wanted(config.args, selecting)
    # mypy reads only the sources; the screenshot script imports the bot, compiled just below.
    early_runs.start([name for name in early if name == "mypy"])
    share_compiled_code(config)
    early_runs.start([name for name in early if name != "mypy"])


def pytest_unconfigure(config: pytest.Config) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        early_runs.stop()


def share_compiled_code(config: pytest.Config) -> None:
    """Where no bytecode is written (``PYTHONDONTWRITEBYTECODE``, as in CI and the Docker
    image), every process the tests start (``python -m bot``, the benchmarks, the preview, the
    drawing and review processes, the replay command: over a hundred a run) compiled the
    repository's sources it imports again (0.4 s of CPU for the bot's) and parsed the Fluent
    catalogues again (0.5 s more). Both are made once, before the workers start, to where Python
    looks for them (``__pycache__``), and removed when the run ends; each is checked against its
    source, so the sources stay the only truth. Where Python writes its own cache, nothing is
    done."""
    if not sys.dont_write_bytecode or os.environ.get("PYTEST_XDIST_WORKER"):
        return  # Python keeps its own cache, or the run's controller has compiled them
    rooms = [TESTS.parent / room for room in COMPILED_ROOMS]

    def compiled() -> set[Path]:
        return {
            path
            for room in [*rooms, TESTS]
            for kept in ("*.pyc", "*.pickle")
            for path in room.glob(f"**/__pycache__/{kept}")
        }

    before = compiled()
    for room in rooms:
        compileall.compile_dir(room, quiet=1)
    compileall.compile_file(TESTS / "__init__.py", quiet=1)
    # And the catalogues' parses (``i18n.catalogue.read_resource``): 0.5 to 1.2 s of CPU a
    # process, which every bot, tool and drawing process the tests start paid again.
    for catalogue in (BOT, IMAGES, WEB):
        for locale in catalogue.locales():
            read_resource(catalogue.path(locale), write=True)
    share_rewritten_tests(config)

    def remove() -> None:
        for path in compiled() - before:
            path.unlink(missing_ok=True)

    atexit.register(remove)


def share_rewritten_tests(config: pytest.Config) -> None:
    """pytest rewrites the asserts of each test module it imports and keeps the result beside
    it (``__pycache__/<module>.cpython-311-pytest-<version>.pyc``, checked against the source's
    hash when read), but writes nothing where no bytecode is written: each worker rewrote the
    190 test modules and conftests (some 4,700 asserts) again, 5.5 s of CPU of its collection's
    9. With workers, they are rewritten here once, by pytest's own functions, in two processes,
    before the workers start (the run's collection: 22-25 s of CPU -> 15-16 s); each worker
    reads them through pytest's own check, or rewrites a module itself where a file is missing
    or out of date, as without this. Only the paths the run names are rewritten (``pytest
    tests/bot -n 2`` rewrites tests/bot's)."""
    workers = config.option.numprocesses if hasattr(config.option, "numprocesses") else 0
    if not isinstance(workers, int) or workers < 2 or config.option.assertmode != "rewrite":
        return
    from _pytest.assertion import rewrite

    patterns = config.getini("python_files")
    named = {Path(arg.split("::")[0]).resolve() for arg in config.args}
    modules = sorted(
        path
        for place in named
        for path in ([place] if place.is_file() else place.rglob("*.py"))
        if TESTS in (path, *path.parents)
        and (path.name == "conftest.py" or any(path.match(p) for p in patterns))
    )

    def rewrite_each(share: list[Path]) -> None:
        state = config.stash[rewrite.assertstate_key]
        for path in share:
            try:
                source_hash, code = rewrite._rewrite_test(path, config)
            except Exception:
                continue  # the worker's import rewrites it again and reports what is wrong
            cache = rewrite.get_cache_dir(path)
            cache.mkdir(exist_ok=True)
            rewrite._write_pyc(state, code, source_hash, cache / (path.stem + rewrite.PYC_TAIL))

    child = os.fork()
    if child == 0:  # the second process: half the modules, then gone without the run's atexit
        try:
            rewrite_each(modules[1::2])
        finally:
            os._exit(0)
    try:
        rewrite_each(modules[::2])
    finally:
        os.waitpid(child, 0)


BOT_TESTS = {TESTS / "bot", TESTS / "cogs"}


@functools.cache
def resolved(path: Path) -> Path:
    """A test module's real path, resolved once: the collection and two autouse fixtures ask it
    of each of the ~3,000 tests (a resolve looks at every folder of the path)."""
    return path.resolve()


LONG_FIRST = {
    TESTS / "bot" / name
    for name in (
        "test_kill.py",
        "test_early_stop.py",
        "test_stop.py",
        "test_admin_start.py",
        "challenge/test_done_when.py",
        "web/test_alone.py",
    )
} | {TESTS / "cogs" / "test_whole_games.py"}
"""Outside the root, the modules whose tests take 5 to 16 s (real ``python -m bot`` processes,
whole games): started early too."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests run first, dealt between the workers. They are the tests at the suite's
    root, which run whole scripts in processes of their own (the benchmarks, the preview, mypy),
    and the ``LONG_FIRST`` modules, many of them ten seconds or more. Collected last they ended
    the run: pytest-xdist's worksteal never takes from a worker the test it runs nor the next
    one, so the other worker waited idle while the last long ones ran in turn. Worksteal gives
    each worker a contiguous share of the collection (the first half, the second half) and then
    moves tests from the end of a queue: so each share starts with its part of the long tests,
    dealt in turn, and the run ends on short tests taken from wherever they are left."""
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    # Except the tests that check a run started with the suite (``early_runs``): they come
    # last, so that their run has had the idle time of the whole suite, and is done.
    checks = {test for _, test in early_runs.RUNS.values()}
    late = [item for item in items if item.nodeid in checks]

    def long(item: pytest.Item) -> bool:
        path = resolved(item.path)
        return path.parent == TESTS or path in LONG_FIRST

    first = [i for i in items if resolved(i.path).parent == TESTS and i.nodeid not in checks]
    first += [i for i in items if resolved(i.path) in LONG_FIRST]
    rest = [item for item in items if not long(item)]
    shares: list[list[pytest.Item]] = [first[k::workers] for k in range(workers)]
    ends = [late[k::workers] for k in range(workers)]
    total = len(items)
    for k, share in enumerate(shares):
        # xdist sends the n-th of w idle workers (what is left) // (w - n) tests.
        size = total // (workers - k)
        take = len(rest) if k == workers - 1 else max(0, size - len(share) - len(ends[k]))
        share += rest[:take] + ends[k]
        del rest[:take]
        total -= len(share)
    items[:] = [item for share in shares for item in share]


DAY_SWEEP_S = 1800.0
"""The sweeps' period in tests where days go by (``coarse_sweeps``)."""


@pytest.fixture
def coarse_sweeps(monkeypatch: pytest.MonkeyPatch) -> float:
    """Days go by in some tests (``advance_time`` of a day and more): the bot's four sweeps
    (tables left alone, challenges, puzzle posts, seasons) every half hour instead of every minute see
    each day come in a thirtieth of the steps (two days were 8,600 sweeps, 4 s of a test).
    Set before the bot is built; returns the period."""
    import bot.challenge.controller
    import bot.puzzles.desk
    import bot.seasons.desk
    import bot.table.presence

    for module in (
        bot.challenge.controller,
        bot.puzzles.desk,
        bot.table.presence,
        bot.seasons.desk,
    ):
        monkeypatch.setattr(module, "SWEEP_EVERY_S", DAY_SWEEP_S)
    return DAY_SWEEP_S


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


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database with every migration run, made once a worker. A database that a
    bot or a storage opens as soon as its test starts is a copy of it: running the migrations
    on a fresh file took 15 ms of CPU and 70 ms of commits to disk, a copy takes 2 ms. (The
    migrations themselves are tested from empty files: tests/bot/storage/databases.)"""
    path = tmp_path_factory.mktemp("template") / "atout.sqlite3"

    async def migrate() -> None:
        storage = make_storage(str(path))
        await storage.open()
        await storage.close()

    # In a thread of its own: the first test to ask may be inside its event loop already.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, migrate()).result()
    return path


def migrated_sqlite(template: Path, path: Path) -> str:
    """A copy of ``sqlite_template`` at ``path``, with the template's mode: the 0600 that the
    bot gave the file it created (``shutil.copyfile`` would make it by the umask, and the bot's
    own creation of a private file would then go unchecked by the tests that open it)."""
    shutil.copy(template, path)
    return str(path)


async def database(
    request: pytest.FixtureRequest, tmp_path: Path, migrated: bool
) -> AsyncIterator[str]:
    """The database of ``db_url`` and ``migrated_db_url``, by their parameter."""
    if request.param == "sqlite":
        path = tmp_path / "atout.sqlite3"
        if migrated:
            migrated_sqlite(request.getfixturevalue("sqlite_template"), path)
        yield str(path)
        return
    server: PgServer = request.getfixturevalue("pg_server")
    url = await server.new_database(migrated=migrated)
    yield url
    await server.drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
async def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """``ATOUT_DB`` for a test that must hold on both backends: a SQLite file, or a fresh
    database on the session's PostgreSQL server, dropped after the test."""
    async for url in database(request, tmp_path, migrated=False):
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
async def migrated_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """``db_url`` with the schema's migrations run, for a database that a storage or a bot
    opens as soon as the test starts (``sqlite_template``)."""
    async for url in database(request, tmp_path, migrated=True):
        yield url


@pytest.fixture
def settings(tmp_path: Path, sqlite_template: Path) -> Settings:
    db = migrated_sqlite(sqlite_template, tmp_path / "atout.sqlite3")
    return Settings(token=None, db_path=db, ai_pause_s=0.0)


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
    if not BOT_TESTS & set(resolved(request.node.path).parents):
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


SEARCH_IN_PROCESSES = {TESTS / "bot" / "play" / "test_click_path.py"}
"""The tests of the search's worker process itself (``bot.play.workers.ai_processes``)."""


@pytest.fixture(autouse=True)
def search_in_threads(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the bot's tests the hard computers search in the quick levels' threads: the move is
    the same function of the same view, legal actions and seeded generator, but a round trip
    to the search process cost twice the search itself (a small challenge budget searches in
    4 ms a card), and a challenge scene of 160 moves waited 1.7 s for it. The process is
    ``SEARCH_IN_PROCESSES``'s, and ``python -m bot``'s in the tests that start the bot."""
    path = resolved(request.node.path)
    if path in SEARCH_IN_PROCESSES or not BOT_TESTS & set(path.parents):
        return
    monkeypatch.setattr(workers, "SEARCH_LEVELS", frozenset())


@pytest.fixture(autouse=True)
def no_suit_emojis() -> Iterator[None]:
    """Each test starts with the suit fallback (``bot.text.marks``): the emojis a bot of an
    earlier test uploaded, or a unit test set, never leak into the next."""
    marks.use(marks.NONE)
    yield
    marks.use(marks.NONE)
