"""What ``python -m bot`` writes on its standard output and error: plain text unless a terminal
reads it, and never the password of a URL.

Colours: discord.py's ``setup_logging`` colours its lines when the stream is a terminal, and also
whenever it guesses it runs in Docker (``/.dockerenv``), where the stream is a pipe to ``docker
logs`` or a file: there the escape codes only clutter what an admin reads, greps and ships. So
colour is for a terminal only (and not with ``NO_COLOR`` set, https://no-color.org).

Passwords: an admin's settings hold URLs with credentials (``ATOUT_DB=postgresql://atout:
secret@db/atout``, or a wrong one such as ``mysql://user:secret@…``), and they reach error
lines, log lines and tracebacks through many hands (our messages, asyncpg's, argparse's). Rather
than trust each of them, the two standard streams themselves are wrapped (:func:`guard_streams`):
whatever is written, by whom, goes out with every ``scheme://user:password@`` shown as
``scheme://user:***@``.
"""

from __future__ import annotations

import io
import logging
import os
import re
import sys
from typing import TextIO, cast

URL_PASSWORD = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*:/+[^\s/@:'\"]*):[^\s'\"]*@")
"""A URL's ``user:password@`` part (the user may be empty). The password runs to the last ``@``
of the word: one written with an ``@`` of its own is hidden whole. ``:/+``: a path made of a URL
(``Path("mysql://u:p@h")`` is ``mysql:/u:p@h``) is hidden as well."""

HIDDEN = "***"
PLAIN_FORMAT = "{asctime} {levelname:<8} {name} {message}"
"""The coloured lines' layout (discord.py's colour formatter), without the colours: the same
line whether a terminal or ``docker logs`` shows it."""
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


def redact(text: str) -> str:
    """``text`` with the password of every URL in it replaced by ``***``."""
    return URL_PASSWORD.sub(rf"\g<head>:{HIDDEN}@", text)


class RedactingStream(io.TextIOBase):
    """A text stream that writes to ``stream`` what it is given, redacted (:func:`redact`),
    a line at a time, so that a URL written in pieces (``print`` writes its arguments one by
    one) is seen whole. ``isatty``, ``fileno``, ``encoding`` are the wrapped stream's."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        end = self._pending.rfind("\n")
        if end >= 0:
            whole, self._pending = self._pending[: end + 1], self._pending[end + 1 :]
            self.stream.write(redact(whole))
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self.stream.write(redact(self._pending))
            self._pending = ""
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]  # TextIOBase's is a plain attribute
        return self.stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.stream.errors


def guard_streams() -> None:
    """Standard output and error redacted from here on, for everything the process writes."""
    if not isinstance(sys.stdout, RedactingStream):
        sys.stdout = cast(TextIO, RedactingStream(sys.stdout))
    if not isinstance(sys.stderr, RedactingStream):
        sys.stderr = cast(TextIO, RedactingStream(sys.stderr))


def colour(stream: TextIO) -> bool:
    """Whether lines written to ``stream`` may carry colours: a terminal's, ``NO_COLOR`` unset
    and not a ``dumb`` terminal."""
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):  # no such method, or a closed stream
        return False
    return terminal and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def setup_logging(stream: TextIO | None = None) -> None:
    """The log on ``stream`` (standard error): discord.py's lines and format, coloured on a
    terminal only."""
    import discord

    handler = logging.StreamHandler(stream or sys.stderr)
    if colour(handler.stream):
        discord.utils.setup_logging(handler=handler)  # its colours: the stream is a terminal
    else:
        plain = logging.Formatter(PLAIN_FORMAT, DATE_FORMAT, style="{")
        discord.utils.setup_logging(handler=handler, formatter=plain)
