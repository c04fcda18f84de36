"""Deflate, by ISA-L's igzip when it is installed (the ``isal`` package), else by zlib.

Both write and read the same zlib format; igzip is several times faster at its low levels (a
table's PNG rows: 0.4 ms against 2.7 ms at zlib's fastest level, and a smaller file).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from typing import Final


def _library() -> tuple[str, Callable[[bytes, int], bytes], Callable[[bytes], bytes]]:
    try:
        from isal import isal_zlib
    except ImportError:
        return "zlib", zlib.compress, zlib.decompress
    return "isal", isal_zlib.compress, isal_zlib.decompress


LIBRARY, _compress, _decompress = _library()
"""Which library deflates: ``isal`` or ``zlib`` (the benchmark prints it)."""
FAST: Final = 1
"""igzip's level 1 (zlib's, without it): the lowest level that still looks for repeats."""


def compress(data: bytes, level: int = FAST) -> bytes:
    """``data`` as a zlib stream."""
    return _compress(data, level)


def decompress(data: bytes) -> bytes:
    return _decompress(data)
