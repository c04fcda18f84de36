"""glibc's allocator tuned for a long-running bot: memory freed goes back to the system.

Under load (benchmarks/memory.py, 200 tables), Python's own objects in the bot's process were
about 80 MB (tracemalloc) while the process held 250–300 MB: the rest was memory freed but kept
by glibc's allocator. Two of its defaults cost that much in a bot:

- an arena per thread that allocates, up to eight per core: the event loop, aiosqlite's thread,
  the executor threads each grow and fragment their own heap;
- a threshold for ``mmap`` that rises each time a large block is freed: the table images (100 to
  300 KB of PNG each, received from the drawing processes, sent to Discord) soon land in those
  heaps instead of in maps of their own that ``free`` unmaps, and fragment them.

So: two arenas, a fixed 128 KB threshold (which also keeps the trim threshold fixed), so that a
large block is mapped on its own and returned when freed, and the heaps trimmed every
``TRIM_EVERY_S`` (:func:`trim_periodically`). Measured with benchmarks/memory.py (200 realistic
tables, 2 cores, 3 runs each on the same quiet machine): the process tree's median 471–498 MB ->
383–409 MB, its peak 609–640 -> 508–547 MB, the bot's process at the peak 405–436 -> 321–350 MB.
CPU per action read 8.0–8.9 ms before and 9.2–11.1 ms after, but the after runs met a busier
machine (one beside a test run); what the change costs by itself is small: a ``malloc_trim`` of
a few milliseconds twice a minute, and a map and unmap for each block over 128 KB (an image).

Set in this process (``mallopt``) and, through the environment that glibc reads at start, in
every process it starts (the fork server and the drawing and review processes forked from it).
An admin's own ``MALLOC_ARENA_MAX`` or ``MALLOC_MMAP_THRESHOLD_`` is left as it is. Elsewhere
than on glibc (musl, macOS, Windows) nothing is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import platform
from typing import Final

ARENAS: Final = 2
MMAP_THRESHOLD: Final = 128 * 1024
M_TRIM_THRESHOLD: Final = -1
M_MMAP_THRESHOLD: Final = -3
M_ARENA_MAX: Final = -8
"""``mallopt`` parameters, from glibc's ``malloc.h``."""

TRIM_EVERY_S: Final = 30.0
"""How often the bot's process hands back what its heaps hold free (``malloc_trim``): a few
milliseconds, twice a minute."""

_tuned = False

ENVIRONMENT: Final = {
    "MALLOC_ARENA_MAX": str(ARENAS),
    "MALLOC_MMAP_THRESHOLD_": str(MMAP_THRESHOLD),
    "MALLOC_TRIM_THRESHOLD_": str(MMAP_THRESHOLD),
}


def tune() -> bool:
    """Tune this process's allocator and its children's; whether it could (glibc only).
    Called once, first thing, before the bot starts any thread or process."""
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return False
    for name, value in ENVIRONMENT.items():
        os.environ.setdefault(name, value)
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    global _tuned
    _tuned = True
    for parameter, name in (
        (M_ARENA_MAX, "MALLOC_ARENA_MAX"),
        (M_MMAP_THRESHOLD, "MALLOC_MMAP_THRESHOLD_"),
        (M_TRIM_THRESHOLD, "MALLOC_TRIM_THRESHOLD_"),
    ):
        value = os.environ[name].strip()
        if value.isdecimal():  # an admin's value glibc would not read either is left alone
            mallopt(parameter, int(value))
    return True


DRAWING_MMAP_THRESHOLD: Final = 32 * 1024 * 1024
"""The threshold in a drawing process: glibc's largest (half its heaps' 64 MB on 64 bits)."""


def tune_for_drawing() -> bool:
    """In a drawing process: large blocks come from its heap again, and what is freed at the
    heap's top stays there. A drawing allocates and frees the same few large buffers for every
    image (a table's RGB canvas is 3.5 MB, its indices and PNG rows 0.9 MB, a hand's about
    1 MB), and at the bot's fixed 128 KB threshold each was a fresh map, whose every page the
    kernel faulted in and zeroed: 316 page faults a table and 178 a hand, 0.8 and 0.5 ms of
    system time (coinche, benchmarks/render.py's positions), a sixth of a drawing. A drawing
    process's heap holds its working set of a few such buffers, and keeping it costs a few
    megabytes. Whether it could (glibc only)."""
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    mallopt(M_MMAP_THRESHOLD, DRAWING_MMAP_THRESHOLD)
    mallopt(M_TRIM_THRESHOLD, 2 * DRAWING_MMAP_THRESHOLD)
    return True


def trim() -> None:
    """Give the free pages inside glibc's heaps back to the system (``malloc_trim``), which the
    thresholds alone do not: a heap's free memory below its top stays otherwise."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to hand back
        ctypes.CDLL(None).malloc_trim(0)


async def trim_periodically() -> None:
    """``trim`` every ``TRIM_EVERY_S`` seconds, for as long as the bot runs; only in a process
    whose allocator :func:`tune` set (``python -m bot``, the load benchmark), not in the tests'."""
    if not _tuned:
        return
    while True:
        await asyncio.sleep(TRIM_EVERY_S)
        trim()
