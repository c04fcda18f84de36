"""Imported by multiprocessing's fork server, once, before it forks any drawing process: the
import itself is the work (``multiprocessing.set_forkserver_preload``, ``bot.play.workers``).

The fork server is a small process started from a fresh interpreter that imports only this
module and what it needs (the renderer: no discord, no bot), warms the renderer's caches, and
then forks every drawing process from itself. The drawing processes thus share, page for page,
the interpreter, the imported modules, the fonts and the card sprites the warm-up built, instead
of each importing and building its own: each costs the machine only what it writes afterwards
(``benchmarks/memory.py``). ``gc.freeze`` keeps the children's collections from touching, and so
copying, the objects they inherit; ``malloc_trim`` hands back the warm-up's scratch memory
before it is inherited.

It runs at the drawing processes' lower priority (``DRAWING_NICE``): its warm-up, a second or
two at start, must not slow the bot's own start. A failure here only loses the sharing: the fork
server swallows an ``ImportError``, and any other error is logged; the drawing processes then
warm themselves.
"""

from __future__ import annotations

import signal

# First: a Ctrl-C while the warm-up below runs reaches this process too (the terminal signals the
# whole process group); the bot stops its workers itself. The fork server ignores SIGINT only
# once this import is done, and its children inherit this.
signal.signal(signal.SIGINT, signal.SIG_IGN)

import gc  # noqa: E402
import logging  # noqa: E402
import os  # noqa: E402

from bot.play import drawing, workers  # noqa: E402

if hasattr(os, "nice"):
    os.nice(workers.DRAWING_NICE)
try:
    drawing.warm()
except Exception:
    logging.getLogger(__name__).exception("the fork server could not warm the renderer")
workers.release_free_memory()
gc.collect()
gc.freeze()
