"""The end of a command line's output: ``python -m games … | head`` and ``python -m rendering``
when the reader goes away. One helper for both command lines (games is the lower floor)."""

from __future__ import annotations

import contextlib
import os
import sys

EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE: what a shell reports for a program its pipe's reader left."""


def quiet_broken_pipe() -> int:
    """Point both standard streams at /dev/null, so the interpreter's final flush cannot raise a
    second BrokenPipeError on the way out (the recipe of Python's ``signal`` documentation)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            os.dup2(devnull, stream.fileno())
    return EXIT_BROKEN_PIPE
