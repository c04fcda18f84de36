"""Work that must not run on the event loop: drawing images and computer players' search.

The event loop answers every click of every table; anything that takes milliseconds of CPU runs
elsewhere, and in an order that puts people first:

- ``Slots``: a small pool of slots with priorities. An image waits for a free slot; the most
  urgent waiter (the hand of the player who just clicked) gets the next one, a table redraw or a
  deal summary waits behind it. The waiting is bounded because every table has at most one
  redraw pending (``bot.table.controller`` coalesces them) and every player at most one hand.
- images are drawn in worker processes (``python -m bot``; ``ATOUT_IMAGE_PROCESSES``): much of
  a drawing is Python code holding the interpreter lock, which in a thread would take turns with
  the event loop. A drawing function that cannot be sent to a process (a test's wrapper) is drawn
  in a thread instead, and so is everything when the processes are set to 0 (the tests). The
  drawing processes are forked from a fork server that has imported and warmed the renderer
  only (``bot.play.fork_server``), so they share its memory instead of each loading its own.
- computer players: the quick levels run in a thread; the search-based level runs in a separate
  process, where a second of pure-Python search cannot hold the interpreter lock the event loop
  needs (docs/architecture.md, "Computer players").
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import itertools
import logging
import multiprocessing
import os
import pickle
import select
import signal
import threading
import time
import weakref
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import Protocol, TypeVar, TypeVarTuple

from bot.play.machine import usable_cpus, usable_memory
from bot.process.allocator import tune_for_drawing

T = TypeVar("T")
Ts = TypeVarTuple("Ts")
log = logging.getLogger(__name__)

HAND = 0
"""The clicking player's own hand: drawn first."""
TABLE = 1
"""A table message redraw."""
BACKGROUND = 2
"""Deal summaries, score sheets, tables redrawn after a restart."""

SEARCH_LEVELS = frozenset({"hard"})
"""Computer levels whose move is a search (processes); the others are quick rules (a thread)."""


AGING = 4
"""A waiter is passed by at most this many later waiters of the class above it (per class of
difference): under a flood of hands, table redraws still move. Counted in arrivals, not in
time, so that it holds under any clock."""


class Slots:
    """At most ``size`` jobs at once; waiters are served by priority, then in order of arrival
    (with ``AGING`` arrivals between classes, so that no class starves)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.busy = 0
        self.urgent = 0
        """Jobs of priority ``HAND`` waiting or running: a player is waiting for each."""
        self._waiters: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @property
    def waiting(self) -> int:
        return len(self._waiters)

    async def acquire(self, priority: int) -> None:
        if self.busy < self.size and not self._waiters:
            self.busy += 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        order = next(self._order)
        heapq.heappush(self._waiters, (order + priority * AGING, order, future))
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                # The slot was handed over just as we were cancelled: pass it on.
                self.release()
            else:
                self._waiters = [w for w in self._waiters if w[2] is not future]
                heapq.heapify(self._waiters)
            raise

    def release(self) -> None:
        while self._waiters:
            _, _, future = heapq.heappop(self._waiters)
            if not future.done():
                future.set_result(None)  # the slot goes straight to the waiter
                return
        self.busy -= 1

    async def run(
        self, priority: int, fn: Callable[[*Ts], T], *args: *Ts, affinity: str | None = None
    ) -> T:
        """``fn(*args)`` in an image worker once a slot is free (``affinity``: ``_draw_now``)."""
        async with self.held(priority) as draw:
            return await draw(fn, *args, affinity=affinity)

    @contextlib.asynccontextmanager
    async def held(self, priority: int) -> AsyncIterator[Drawer]:
        """A slot, held while the caller decides what to draw and draws it (``draw(fn,
        *args)``, as often as it likes): a table redraw takes its state when its turn comes,
        not when it began to wait, so that what changed meanwhile is in this one drawing."""
        urgent = priority == HAND
        self.urgent += urgent
        try:
            await self.acquire(priority)
            try:
                yield _draw_now
            finally:
                self.release()
        finally:
            self.urgent -= urgent


async def _draw_now(fn: Callable[[*Ts], T], *args: *Ts, affinity: str | None = None) -> T:
    """Draw in an image worker, the slot being held by the caller: in the drawing process of
    ``affinity`` (a table's drawings, whose kept layers are in that process's cache,
    ``rendering.layers``), else in the least busy one."""
    loop = asyncio.get_running_loop()
    if not (IMAGE_PROCESSES and _warm >= IMAGE_PROCESSES and _portable(fn)):
        return await loop.run_in_executor(_image_threads(), fn, *args)
    lane = _lane_for(affinity)
    executor = _image_lane(lane)
    _lane_load[lane] += 1
    try:
        return await loop.run_in_executor(executor, fn, *args)
    except BrokenProcessPool:
        # The drawing process died (killed, out of memory): a new one, warmed in the
        # background, and this drawing in a thread meanwhile.
        _reset_image_lane(lane, executor)
        return await loop.run_in_executor(_image_threads(), fn, *args)
    finally:
        if lane < len(_lane_load):  # the lanes may have been shut down meanwhile
            _lane_load[lane] = max(0, _lane_load[lane] - 1)


class Drawer(Protocol):
    """What ``Slots.held`` hands its caller: draw ``fn(*args)`` in an image worker (in the
    drawing process of ``affinity``, ``_draw_now``)."""

    def __call__(
        self, fn: Callable[[*Ts], T], *args: *Ts, affinity: str | None = None
    ) -> Awaitable[T]: ...


IMAGE_THREADS = 2
"""Drawing threads when there are no drawing processes (tests under simcord, whose bookkeeping
of the bot's executors does not follow work into another process)."""


MAX_IMAGE_PROCESSES = 32
"""More drawing processes than this is a mistake in the settings (``ATOUT_IMAGE_PROCESSES``), and
the default never goes past it either."""

MEMORY_RESERVED = 384 * 1024 * 1024
"""Memory left to the system and the bot's own process before any drawing process is counted."""
MEMORY_PER_PROCESS = 128 * 1024 * 1024
"""Memory allowed for each drawing process by the default: what one holds under a heavy load
(38-41 MB PSS each at the peak of 200 realistic tables, benchmarks/memory.py), with room to spare."""


def default_image_processes(cpus: int | None = None, memory: int | None = None) -> int:
    """One drawing process more than the CPUs this process may use (its affinity, and a
    container's CPU quota), at most ``MAX_IMAGE_PROCESSES``, and fewer when memory is small: one
    per ``MEMORY_PER_PROCESS`` beyond ``MEMORY_RESERVED`` (the machine's memory, or a container's
    limit), at least one. Measured on 2 cores with 200 realistic tables (benchmarks/load.py):
    1 process gave a click->table p99 of 2.3 s, 2 gave 0.6 s and 3 gave 0.23 s, because a
    drawing's round trip (pickling the view, waking the process, sending the PNG back) leaves a
    process idle part of the time, and the loop itself needs only half a core. So a 2-core
    machine gets 3, a container limited to 1 CPU gets 2, a 512 MB one gets 1."""
    count = (usable_cpus() if cpus is None else cpus) + 1
    memory = usable_memory() if memory is None else memory
    if memory is not None:
        count = min(count, (memory - MEMORY_RESERVED) // MEMORY_PER_PROCESS)
    return max(1, min(MAX_IMAGE_PROCESSES, count))


SLOTS_PER_PROCESS = 8
"""Drawings in flight per drawing process. A drawing's round trip (the job handed to the
pool's threads, pickled, sent; the image sent back and handed to the event loop) takes ten times
the drawing itself on a busy machine (benchmarks/load.py, 500 realistic tables on 2 shared
cores, instrumented: 2.3 ms of CPU in the drawing process, 60 ms from the slot to the image), so
with two in flight per process the processes idled while hundreds of redraws waited for a slot.
Measured there: 8 per process drew 80 % more images than 2 (3,329 against 1,846 in 30 s),
click->table p50 4.6 against 7.7 s. The slots' order (a player's hand first) still holds for the
drawings waiting for a slot."""


def slots_for(processes: int) -> int:
    """``SLOTS_PER_PROCESS`` drawings per process in flight, and two more."""
    return SLOTS_PER_PROCESS * processes + 2 if processes else IMAGE_THREADS


IMAGE_PROCESSES = 0
"""Drawing processes, set by :func:`configure_images` from ``Settings.image_processes``; 0
draws in threads."""
IMAGE_SLOTS = slots_for(IMAGE_PROCESSES)


def follow_parent(parent: int) -> None:
    """In a worker process: exit when the bot that started it is gone. A bot killed outright
    (SIGKILL, out of memory) cannot stop its pools, and its workers, blocked waiting for work,
    would otherwise live on. The bot is watched by its process id, not as this process's parent:
    a drawing process's parent is the fork server, which lives as long as its children do."""

    def watch() -> None:
        try:
            handle = os.pidfd_open(parent)
        except (AttributeError, OSError):  # not Linux 5.3+, or the bot is gone already
            while _alive(parent):
                time.sleep(1.0)
        else:
            select.select([handle], [], [])  # readable when the bot has ended
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def worker_process(parent: int) -> None:
    """Initializer of every worker process (drawing, search): it follows the bot, and leaves
    Ctrl-C to it. A terminal's Ctrl-C reaches the whole process group; the bot stops its
    workers itself once it has stopped, and a worker that took the KeyboardInterrupt would only
    print a traceback and leave its pool broken."""
    follow_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


DRAWING_NICE = 10
"""How much lower than the bot the drawing processes run. When both compete for the cores —
the drawing processes starting up after a restart, or a flat-out load — the event loop, which
acknowledges every click, goes first. Measured (2 cores, benchmarks/restart.py and load.py):
1,000-table restart, first hands shown p50 1.71 s at the same priority, 1.36 s at 10; 200
tables flat-out 228 vs 232 actions/s, click->table p99 1.65 vs 1.55 s; realistic unchanged
(p99 85 vs 90 ms)."""


def _drawing_process(parent: int, niceness: int) -> None:
    """Initializer of a drawing process: ``DRAWING_NICE`` below the bot's ``niceness`` (a
    process forked from the fork server is there already: the server lowered itself), and its
    allocator keeping its large buffers (``allocator.tune_for_drawing``)."""
    worker_process(parent)
    tune_for_drawing()
    if hasattr(os, "nice"):
        target = min(19, niceness + DRAWING_NICE)
        current = os.nice(0)
        if current < target:
            os.nice(target - current)


def release_free_memory() -> None:
    """Give the memory that glibc's allocator keeps after a burst of work (the warm-up's
    scratch images) back to the system; nothing elsewhere."""
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


_warm = 0
"""Drawing processes started and warm. Until all are, drawings are made in threads: a cold
process takes a second or more to import the renderer and load its fonts, and the first clicks
after a restart would wait for that (benchmarks/restart.py: the first hands p50 3.8 s with cold
processes, against 2.2 s in threads)."""


_warm_job: Callable[[], object] | None = None


_stopped = False
"""Set by :func:`shutdown`: no new pool after that."""
STARTER_THREAD = "atout-image-start"


def warm_images(job: Callable[[], object]) -> None:
    """Run ``job`` (a drawing of sample images, ``bot.play.drawing.warm``) once per drawing
    process: a pool starts one process per waiting job, so every process starts now and comes
    back warm. Kept, to warm the processes of a pool that replaces a broken one.

    The jobs are handed over from a thread of their own: starting a process waits for the fork
    server, which warms the renderer before its first fork (a second or two), and the event
    loop that calls this must not wait for it."""
    global _warm_job, _stopped
    _warm_job = job
    _stopped = False
    if not IMAGE_PROCESSES:
        _submit_warm(job, [_image_threads()])
        return
    _start_warming(job, [_image_lane(lane) for lane in range(IMAGE_PROCESSES)])


def _start_warming(job: Callable[[], object], executors: list[Executor]) -> None:
    """Not a daemon: an interpreter that exits while a process is being started waits for it,
    rather than tear down the pool's queues under a child that is still to read them."""
    threading.Thread(target=_submit_warm, args=(job, executors), name=STARTER_THREAD).start()


def _submit_warm(job: Callable[[], object], executors: list[Executor]) -> None:
    try:
        for executor in executors:
            executor.submit(job).add_done_callback(_warmed)
    except RuntimeError:
        pass  # the pool was shut down meanwhile: the bot (or the interpreter) is stopping
    except Exception as exc:
        # The processes cannot start: the drawings are made in threads.
        if not _stopped:
            log.warning("the drawing processes could not start: %r", exc)


def _warmed(future: Future[object]) -> None:
    """One more drawing process is ready (called in the pool's thread)."""
    global _warm
    if future.cancelled():
        return
    if future.exception() is not None:
        log.warning("the renderer could not warm up: %r", future.exception())
        return
    _warm += 1


def configure_images(processes: int) -> None:
    """How this process draws: ``processes`` worker processes, or threads when 0. Called when
    a bot is built, before its first drawing (the queue of a running loop keeps its size)."""
    global IMAGE_PROCESSES, IMAGE_SLOTS
    if processes != IMAGE_PROCESSES:
        _shutdown_image_processes()
    IMAGE_PROCESSES = max(0, processes)
    IMAGE_SLOTS = slots_for(IMAGE_PROCESSES)


_portable_cache: dict[int, tuple[object, bool]] = {}


def _portable(fn: Callable[..., object]) -> bool:
    """Whether ``fn`` can be sent to a worker process (checked once per function)."""
    target = fn.func if isinstance(fn, functools.partial) else fn
    known = _portable_cache.get(id(target))
    if known is not None and known[0] is target:
        return known[1]
    try:
        pickle.dumps(target)
        portable = True
    except Exception:
        portable = False
    _portable_cache[id(target)] = (target, portable)
    return portable


_image_lanes: list[ProcessPoolExecutor | None] = []
"""One pool of one drawing process per lane, ``IMAGE_PROCESSES`` of them. A table's drawings
all go to one lane (``_lane_for``): its kept layers (its wooden table, plates and panels,
``rendering.layers``) are then in that process's cache at its next drawing. With one pool of
all the processes, each process drew any table, and the cache of each (about 240 tables) missed
on most of them past a few hundred tables (500 tables, or 200 shown in three languages): a
table drawn cold costs 7.7 ms of CPU, warm 4.7 (benchmarks/render.py, coinche)."""
_lane_load: list[int] = []
"""Drawings in flight in each lane."""


FORK_SERVER_PRELOAD = ["bot.play.fork_server"]


def fork_context() -> BaseContext:
    """Forks of a fork server that has loaded the renderer only, where there are fork servers
    (Linux, macOS); fresh interpreters (``spawn``) elsewhere. Never a plain ``fork`` of the bot:
    a fork of a process with threads may inherit a held lock, and would carry all of the bot."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(FORK_SERVER_PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


def _lane_for(affinity: str | None) -> int:
    """The lane of ``affinity`` (the same one for as long as the bot runs), or the lane with
    the fewest drawings in flight."""
    count = max(1, IMAGE_PROCESSES)
    if len(_lane_load) < count:
        _lane_load.extend([0] * (count - len(_lane_load)))
    if affinity is not None:
        return zlib.crc32(affinity.encode()) % count
    return min(range(count), key=_lane_load.__getitem__)


def _image_lane(lane: int) -> ProcessPoolExecutor:
    count = max(1, IMAGE_PROCESSES)
    if len(_image_lanes) < count:
        _image_lanes.extend([None] * (count - len(_image_lanes)))
    pool = _image_lanes[lane]
    if pool is None:
        pool = _image_lanes[lane] = ProcessPoolExecutor(
            1,
            mp_context=fork_context(),
            initializer=_drawing_process,
            initargs=(os.getpid(), os.nice(0) if hasattr(os, "nice") else 0),
        )
    return pool


def _reset_image_lane(lane: int, broken: ProcessPoolExecutor) -> None:
    """A lane whose process died gets a new one, warmed in the background; every drawing is
    made in a thread until it is warm (as after a start). Once per broken pool, however many
    drawings found it broken."""
    global _warm
    if lane >= len(_image_lanes) or _image_lanes[lane] is not broken:
        return
    _image_lanes[lane] = None
    _warm = max(0, _warm - 1)
    if _warm_job is not None and not _stopped:
        _start_warming(_warm_job, [_image_lane(lane)])


def _shutdown_image_processes(wait: bool = False) -> None:
    global _warm
    _warm = 0
    lanes = [pool for pool in _image_lanes if pool is not None]
    _image_lanes.clear()
    _lane_load.clear()
    for pool in lanes:
        pool.shutdown(wait=wait, cancel_futures=True)


_to_join: list[ProcessPoolExecutor] = []


def join_at_shutdown(pool: ProcessPoolExecutor) -> None:
    """A pool another room shut down without waiting (on the event loop), to be joined by
    ``shutdown`` with the others, so that its processes too end before the bot's process."""
    _to_join.append(pool)


def shutdown() -> None:
    """Stop every worker process and wait for them to end: the last thing ``python -m bot``
    does, after the bot has closed (and its storage committed its last group). Pools shut down
    this way exit cleanly, their queues unlinked, with nothing for multiprocessing's resource
    tracker to warn about. Drawings asked for afterwards are made in threads."""
    global _ai_processes, _stopped
    _stopped = True
    _shutdown_image_processes(wait=True)
    while _to_join:
        _to_join.pop().shutdown(wait=True, cancel_futures=True)
    if _ai_processes is not None:
        _ai_processes.shutdown(wait=True, cancel_futures=True)
        _ai_processes = None


_images: ThreadPoolExecutor | None = None
_ai_threads: ThreadPoolExecutor | None = None
_ai_processes: ProcessPoolExecutor | None = None


def _image_threads() -> ThreadPoolExecutor:
    global _images
    if _images is None:
        _images = ThreadPoolExecutor(IMAGE_THREADS, thread_name_prefix="atout-image")
    return _images


def ai_processes() -> ProcessPoolExecutor:
    """The search workers, started on first use (``spawn``: a fork of a process with threads
    may inherit a held lock)."""
    global _ai_processes
    if _ai_processes is None:
        count = max(1, usable_cpus() - 1)
        _ai_processes = ProcessPoolExecutor(
            count,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=worker_process,
            initargs=(os.getpid(),),
        )
    return _ai_processes


def ai_threads() -> ThreadPoolExecutor:
    global _ai_threads
    if _ai_threads is None:
        _ai_threads = ThreadPoolExecutor(4, thread_name_prefix="atout-ai")
    return _ai_threads


async def run_ai(executor: Executor, fn: Callable[[*Ts], T], *args: *Ts) -> T:
    """``fn(*args)`` on a computer-player worker; a broken process pool is replaced."""
    global _ai_processes
    try:
        return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)
    except BrokenProcessPool:
        if executor is _ai_processes:
            _ai_processes = None
        raise


_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Slots] = weakref.WeakKeyDictionary()


def image_slots() -> Slots:
    """The image queue of the running event loop (one per bot process; tests run many loops)."""
    loop = asyncio.get_running_loop()
    slots = _slots.get(loop)
    if slots is None:
        slots = _slots[loop] = Slots(IMAGE_SLOTS)
    return slots
