"""What ``python -m bot`` prints (``bot.process.logs``): no colour codes unless a terminal reads them
(discord.py's own guess coloured ``docker logs`` and log files), and never a URL's password, in
an error line, a log line or anything else it writes."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import sys
from pathlib import Path

import pytest

from bot.process.logs import RedactingStream, colour, redact
from harness.fake_discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cret-Pa55"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("mysql://user:s3cret@db.example/atout", "mysql://user:***@db.example/atout"),
        ("postgresql://atout:s3cret@db:5432/atout", "postgresql://atout:***@db:5432/atout"),
        ("at 'redis://:s3cret@cache/0' (refused)", "at 'redis://:***@cache/0' (refused)"),
        ("postgres://u:p@ss/w:rd@host/db", "postgres://u:***@host/db"),  # an @ of its own
        ("no such directory: '/srv/mysql:/u:s3cret@h'", "no such directory: '/srv/mysql:/u:***@h'"),
        ("postgresql://atout@db/atout, https://discord.com/api", None),  # nothing to hide
        ("12:30:45 ready; user@example.com", None),
    ],
)
def test_redact_hides_every_urls_password(text: str, shown: str | None) -> None:
    assert redact(text) == (text if shown is None else shown)


def test_the_stream_hides_a_password_written_in_pieces() -> None:
    out = io.StringIO()
    stream = RedactingStream(out)  # type: ignore[arg-type]  # a StringIO is a text stream
    print("cannot open", "postgresql://atout:" + SECRET, end="", file=stream)
    print(f"@db/atout ({SECRET})", file=stream)
    stream.write("no newline yet: mysql://u:" + SECRET + "@h")
    assert "\n" not in out.getvalue().split("\n", 1)[1]
    stream.flush()
    assert SECRET in out.getvalue()  # the one after the URL, in parentheses, is just a word
    assert out.getvalue().count(SECRET) == 1
    assert "postgresql://atout:***@db/atout" in out.getvalue()
    assert out.getvalue().endswith("mysql://u:***@h")


def test_log_lines_through_the_stream_hide_passwords() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(RedactingStream(out))  # type: ignore[arg-type]
    logger = logging.getLogger("tests.logs")
    logger.addHandler(handler)
    try:
        logger.warning("lost %s", f"postgresql://atout:{SECRET}@db/atout")
    finally:
        logger.removeHandler(handler)
    assert out.getvalue() == "lost postgresql://atout:***@db/atout\n"


def test_colour_only_for_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not colour(io.StringIO())  # type: ignore[arg-type]
    with open(os.devnull, "w") as devnull:
        assert not colour(devnull)


def environ(**extra: str) -> dict[str, str]:
    values = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "ATOUT_"))}
    values.pop("NO_COLOR", None)
    values.update(PYTHONPATH=str(ROOT), **extra)
    return values


async def run(cwd: Path, *args: str, **extra: str) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *args,
        cwd=cwd,
        env=environ(**extra),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode is not None
    return process.returncode, out.decode()


async def test_a_wrong_database_url_is_refused_without_its_password(tmp_path: Path) -> None:
    code, output = await run(
        tmp_path, "-m", "bot", DISCORD_TOKEN="abc", ATOUT_DB=f"mysql://user:{SECRET}@db/atout"
    )
    assert code == 2 and SECRET not in output, output
    assert output == (
        "ATOUT_DB must be the path of a SQLite file or a postgresql:// URL, not"
        " 'mysql://user:***@db/atout'\n"
    )
    code, output = await run(
        tmp_path, "-m", "bot", "migrate-db", "--from", "x.sqlite3", "--to", f"mysql://u:{SECRET}@h"
    )
    assert code == 2 and SECRET not in output and "mysql://u:***@h" in output, output


async def test_the_log_is_plain_text_in_docker_when_no_terminal_reads_it(tmp_path: Path) -> None:
    """discord.py colours its log whenever it guesses Docker (``is_docker``): here it always
    does, and the log goes to a pipe, as to ``docker logs``."""
    fake = FakeDiscord()
    await fake.start()
    start = (
        "import discord.utils, sys\n"
        "discord.utils.is_docker = lambda: True\n"
        "from bot.__main__ import main\n"
        "sys.exit(main())\n"
    )
    try:
        code, output = await run(
            tmp_path,
            "-c",
            start,
            DISCORD_TOKEN="abc",  # refused: exit 1 after a few log lines
            ATOUT_DISCORD_URL=fake.url,
            ATOUT_DB="x.sqlite3",
            ATOUT_IMAGE_PROCESSES="0",
        )
    finally:
        await fake.stop()
    assert code == 1, output
    assert " INFO " in output and "\x1b[" not in output, output
