"""Settings from the environment and a ``.env`` file: one object, read once at start-up.

``.env`` is read by python-dotenv from the working directory only (no search up the tree), and
real environment variables win over it, as in every twelve-factor tool. Its lines mean the same
whichever way they reach the bot: ``python -m bot`` (python-dotenv), ``docker compose``'s
``env_file`` (which strips quotes and inline comments itself) and ``docker run --env-file``
(which passes ``DISCORD_TOKEN="tok"  # my token`` on verbatim, quotes, comment and all). So a
value from the environment is read as a ``.env`` line's value would be (:func:`as_in_dotenv`):
one pair of enclosing quotes and an inline comment are not part of it. No interpolation
(``${VAR}``) anywhere: ``docker run`` has none.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

from bot.global_limit import DEFAULT_RATE, MAX_RATE
from bot.play.workers import MAX_IMAGE_PROCESSES, default_image_processes
from bot.process.logs import redact
from bot.storage.databases.postgres import is_postgres_url
from bot.storage.shards import Shards, parse_shards
from bot.text.i18n import t
from bot.web.settings import WebSettings, web_settings

MAX_AI_PAUSE_S = 60.0
"""A computer player that waits longer than this is a mistake in the settings, not a pace."""
MAX_REVIEW_PROCESSES = 8
"""A review is asked for once a deal, at most: more processes than this would wait idle."""
DEFAULT_REVIEW_PROCESSES = 1


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    db_path: str = "atout.sqlite3"
    """``ATOUT_DB``: a SQLite file, or a ``postgresql://`` URL for a database shared by clusters."""
    dev_guild: int | None = None
    """Development: commands are synced to this guild only, where they appear at once."""
    ai_pause_s: float = 1.2
    """Pause before a computer player acts, so people can follow the play (0 in tests)."""
    sync_commands: bool = True
    shards: Shards | None = None
    """``ATOUT_SHARD_COUNT`` / ``ATOUT_SHARDS``: the shard ids this process (cluster) runs."""
    image_processes: int = 0
    """``ATOUT_IMAGE_PROCESSES``: processes that draw the images (``python -m bot``: one more
    than the CPUs it may use, fewer on a small memory, see ``bot.play.workers``); 0 draws in
    threads, as the tests under simcord do."""
    review_processes: int = 0
    """``ATOUT_REVIEW_PROCESSES``: processes that compute deal reviews (``bot.play.reviews``),
    niced below everything else: one by default for ``python -m bot``; 0 computes them in a
    thread of the bot (a tiny machine: no process of its own, tables slower during a review),
    as the tests do."""
    discord_rate: int = 0
    """``ATOUT_DISCORD_RATE``: the REST requests a second this process may make that count
    against Discord's global limit (``bot.global_limit``); 0 keeps to none, as the tests under
    simcord and the benchmarks do. ``python -m bot``: ``DEFAULT_RATE``, or its share of it for
    a cluster that runs some of the shards (``default_discord_rate``)."""
    health_file: str | None = None
    """``ATOUT_HEALTH_FILE``: where the running bot writes its health every few seconds, for
    ``python -m bot health`` (Docker's ``HEALTHCHECK``, ``bot.process.health``); none by default."""
    web: WebSettings = field(default_factory=WebSettings)
    """``ATOUT_WEB_URL``, ``ATOUT_WEB_BIND``, ``ATOUT_WEB_SECRET``: the deals' web pages
    (``bot.web``), off unless the URL is set."""


def read_dotenv(path: str | os.PathLike[str]) -> dict[str, str]:
    """``KEY=value`` pairs of a ``.env`` file; a missing file is simply empty. A line that is
    not ``KEY=value`` is skipped (python-dotenv says which, on standard error)."""
    file = Path(path)
    if not file.is_file():
        return {}
    values = dotenv_values(file, interpolate=False, encoding="utf-8")
    return {key: value for key, value in values.items() if value is not None}


INLINE_COMMENT = re.compile(r"\s#")


def as_in_dotenv(value: str) -> str:
    """``value`` as the value of a ``.env`` line means it: without one pair of enclosing
    quotes (``"tok"`` or ``'tok'``), or without an inline comment (whitespace, then ``#``)
    when it is not quoted; surrounding whitespace dropped. What ``docker run --env-file`` leaves
    in a value, python-dotenv and compose would have taken out."""
    text = value.strip()
    if text[:1] in ("'", '"'):
        end = text.find(text[0], 1)
        rest = text[end + 1 :].strip() if end > 0 else "x"
        return text[1:end] if not rest or rest.startswith("#") else text
    comment = INLINE_COMMENT.search(text)
    return text[: comment.start()].rstrip() if comment else text


def _whole(text: str) -> bool:
    """Digits 0-9 only: ``"²".isdigit()`` is true, and ``int("²")`` then fails with "invalid
    literal for int()", which names no setting."""
    return text.isascii() and text.isdigit()


def default_discord_rate(shards: Shards | None) -> int:
    """``DEFAULT_RATE``, shared among the clusters as the shards are: the limit is the bot's,
    whichever process makes the requests."""
    if shards is None:
        return DEFAULT_RATE
    return max(1, DEFAULT_RATE * len(set(shards.ids)) // shards.count)


def load_settings(
    environ: Mapping[str, str] | None = None, dotenv: str | os.PathLike[str] = ".env"
) -> Settings:
    """The settings; ``.env`` is read from the working directory (where ``python -m bot`` is
    started), and the real environment wins over it."""
    merged = dict(read_dotenv(dotenv))
    real = os.environ if environ is None else environ
    merged.update((key, as_in_dotenv(value)) for key, value in real.items())
    guild = merged.get("ATOUT_DEV_GUILD", "").strip()
    pause = merged.get("ATOUT_AI_PAUSE", "").strip()
    if guild and not _whole(guild):
        raise ValueError(f"ATOUT_DEV_GUILD must be a server id (digits), not {guild!r}")
    try:
        ai_pause_s = float(pause) if pause else 1.2
    except ValueError:
        ai_pause_s = math.nan
    # nan and inf parse as floats, and ``asyncio.sleep(inf)`` would freeze every table.
    if not math.isfinite(ai_pause_s) or not 0 <= ai_pause_s <= MAX_AI_PAUSE_S:
        raise ValueError(t("cli_ai_pause", value=repr(pause)))
    shards = parse_shards(merged.get("ATOUT_SHARD_COUNT", ""), merged.get("ATOUT_SHARDS", ""))
    drawing = merged.get("ATOUT_IMAGE_PROCESSES", "").strip()
    if drawing and not (_whole(drawing) and int(drawing) <= MAX_IMAGE_PROCESSES):
        raise ValueError(t("cli_image_processes", most=MAX_IMAGE_PROCESSES, value=repr(drawing)))
    db = merged.get("ATOUT_DB", "").strip() or "atout.sqlite3"
    if "://" in db and not is_postgres_url(db):
        # mysql://…, sqlite:///…: not a file path, which SQLite would make of it.
        raise ValueError(t("cli_db_url", value=repr(redact(db))))
    reviewing = merged.get("ATOUT_REVIEW_PROCESSES", "").strip()
    if reviewing and not (_whole(reviewing) and int(reviewing) <= MAX_REVIEW_PROCESSES):
        raise ValueError(
            t("cli_review_processes", most=MAX_REVIEW_PROCESSES, value=repr(reviewing))
        )
    rate = merged.get("ATOUT_DISCORD_RATE", "").strip()
    if rate and not (_whole(rate) and int(rate) <= MAX_RATE):
        raise ValueError(t("cli_discord_rate", most=MAX_RATE, value=repr(rate)))
    return Settings(
        token=merged.get("DISCORD_TOKEN", "").strip() or None,
        db_path=db,
        dev_guild=int(guild) if guild else None,
        ai_pause_s=ai_pause_s,
        shards=shards,
        image_processes=int(drawing) if drawing else default_image_processes(),
        review_processes=int(reviewing) if reviewing else DEFAULT_REVIEW_PROCESSES,
        discord_rate=int(rate) if rate else default_discord_rate(shards),
        health_file=merged.get("ATOUT_HEALTH_FILE", "").strip() or None,
        web=web_settings(merged),
    )
