"""``python -m bot`` as a new admin meets it: a wrong token, no network, a bad setting, and no
voice warnings. Each mistake is one line on standard error and a non-zero exit."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.config import load_settings
from bot.endpoint import loopback_url
from bot.storage.operations import instance_lock
from harness.fake_discord import TOKEN, FakeDiscord, FakeGateway

ROOT = Path(__file__).resolve().parents[2]


def bot_environ(**extra: str) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "ATOUT_"))}
    environ["PYTHONPATH"] = str(ROOT)
    environ.update(extra)
    return environ


async def run_bot(cwd: Path, **extra: str) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=cwd,
        env=bot_environ(**extra),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode is not None
    return process.returncode, (out + err).decode()


async def run_health(cwd: Path, environ: dict[str, str]) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "health",
        cwd=cwd,
        env=environ,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode is not None
    return process.returncode, out.decode()


def problem_lines(output: str) -> list[str]:
    """What the admin reads, without discord.py's INFO lines."""
    plain = re.sub(r"\x1b\[[0-9;]*m", "", output)
    return [line for line in plain.splitlines() if line.strip() and " INFO " not in line]


async def test_a_wrong_token_is_one_line_and_exit_1(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        code, output = await run_bot(
            tmp_path, DISCORD_TOKEN="abc", ATOUT_DISCORD_URL=fake.url, ATOUT_DB="x.sqlite3"
        )
    finally:
        await fake.stop()
    assert code == 1
    lines = problem_lines(output)
    assert len(lines) == 1 and "refused the token" in lines[0], output
    assert ("GET", "/api/v10/users/@me") in fake.requests
    assert "PyNaCl" not in output and "davey" not in output


async def test_no_network_is_one_line_and_exit_1(tmp_path: Path) -> None:
    # A port nobody listens on: the connection is refused, as with no network.
    fake = FakeDiscord()
    await fake.start()
    url = fake.url
    await fake.stop()
    code, output = await run_bot(tmp_path, DISCORD_TOKEN="abc", ATOUT_DISCORD_URL=url)
    assert code == 1
    lines = problem_lines(output)
    assert len(lines) == 1 and "cannot reach Discord" in lines[0], output


@pytest.mark.parametrize("value", ["-5", "nan", "inf", "-inf", "61", "soon"])
def test_a_bad_ai_pause_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="ATOUT_AI_PAUSE"):
        load_settings({"ATOUT_AI_PAUSE": value}, "/nonexistent/.env")


def test_good_ai_pauses_are_kept() -> None:
    assert load_settings({"ATOUT_AI_PAUSE": "0"}, "/nonexistent/.env").ai_pause_s == 0
    assert load_settings({"ATOUT_AI_PAUSE": "2.5"}, "/nonexistent/.env").ai_pause_s == 2.5


async def test_a_bad_ai_pause_stops_the_bot_with_exit_2(tmp_path: Path) -> None:
    code, output = await run_bot(tmp_path, DISCORD_TOKEN="abc", ATOUT_AI_PAUSE="inf")
    assert code == 2
    assert problem_lines(output) == [
        "ATOUT_AI_PAUSE must be a number of seconds between 0 and 60, not 'inf'"
    ]


@pytest.mark.parametrize(
    "url", ["http://discord.com", "http://10.0.0.1:80", "ftp://127.0.0.1", "127.0.0.1:80"]
)
def test_the_discord_url_override_is_for_this_machine_only(url: str) -> None:
    with pytest.raises(ValueError, match="ATOUT_DISCORD_URL"):
        loopback_url(url)


async def test_a_remote_discord_url_stops_the_bot(tmp_path: Path) -> None:
    code, output = await run_bot(
        tmp_path, DISCORD_TOKEN="abc", ATOUT_DISCORD_URL="http://example.com"
    )
    assert code == 2 and "ATOUT_DISCORD_URL" in output


def docker_env_file(path: Path) -> dict[str, str]:
    """``docker run --env-file``'s reading: ``KEY=VALUE`` lines, ``#`` comments, no quoting."""
    values: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#") and "=" in line:
            key, _, value = line.partition("=")
            values[key.strip()] = value
    return values


def dockerfile_settings() -> tuple[dict[str, str], str]:
    """The final stage's ENV and WORKDIR, as ``docker run`` would see them."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    final = text.rsplit("\nFROM ", 1)[1]
    env: dict[str, str] = {}
    workdir = "/"
    for line in final.splitlines():
        word, _, rest = line.strip().partition(" ")
        if word == "ENV":
            env.update(pair.split("=", 1) for pair in rest.split())  # type: ignore[arg-type]
        elif word == "WORKDIR":
            workdir = rest.strip()
    return env, workdir


def documented_docker_run() -> tuple[str, list[str]]:
    """The README's ``docker run -d`` of the bot, and the paths its named volumes mount."""
    readme = (ROOT / "README.md").read_text("utf-8")
    command = next(line for line in readme.splitlines() if line.startswith("docker run -d "))
    mounts = re.findall(r"-v [\w.-]+:(/[\w/]+)", command)
    return command, mounts


def test_the_documented_docker_run_keeps_the_database_on_the_volume() -> None:
    image_env, workdir = dockerfile_settings()
    command, volumes = documented_docker_run()
    assert volumes == ["/data"], command
    # docker run --env-file .env (made from .env.example): the file's values win over the image's.
    environ = dict(image_env)
    environ.update(docker_env_file(ROOT / ".env.example"))
    environ["DISCORD_TOKEN"] = "token"
    settings = load_settings(environ, Path(workdir) / ".env-not-there")
    db = Path(settings.db_path)
    if not db.is_absolute():
        db = Path(workdir) / db
    assert any(db.is_relative_to(volume) for volume in volumes), db
    assert "--env-file .env -v atout-data:/data" in command


@pytest.mark.parametrize("kind", ["no such folder", "not a database", "another application's"])
async def test_a_bad_database_is_exit_2_before_discord_is_asked_anything(
    tmp_path: Path, kind: str
) -> None:
    if kind == "no such folder":
        db = str(tmp_path / "missing" / "atout.sqlite3")
    elif kind == "not a database":
        db = str(tmp_path / "notes.sqlite3")
        Path(db).write_text("these are not the tables you are looking for\n" * 100)
    else:
        db = str(tmp_path / "places.sqlite")
        with sqlite3.connect(db) as connection:
            connection.execute("CREATE TABLE moz_places (url TEXT)")
        connection.close()
    before = sorted(tmp_path.iterdir())
    fake = FakeDiscord()
    await fake.start()
    try:
        code, output = await run_bot(
            tmp_path, DISCORD_TOKEN=TOKEN, ATOUT_DISCORD_URL=fake.url, ATOUT_DB=db
        )
    finally:
        await fake.stop()
    assert code == 2, output
    lines = problem_lines(output)
    assert len(lines) == 1, output
    if kind == "no such folder":
        assert "cannot open its SQLite database" in lines[0], output
    else:
        # A file that is no database is not a server's business: it used to be told to check
        # "that the database server is running".
        assert "is not Atout's SQLite database" in lines[0], output
    assert "ATOUT_DB" in lines[0] and "server" not in lines[0]
    assert fake.requests == [], "the database is checked before logging in"
    # Neither a lock file nor Atout's tables beside or inside a file that is not Atout's.
    assert sorted(tmp_path.iterdir()) == before
    if kind == "another application's":
        with sqlite3.connect(db) as connection:
            tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master")]
        connection.close()
        assert tables == ["moz_places"] and "another application" in lines[0]


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (["--help"], 0, "usage: python -m bot"),
        (["migrate-dbx"], 2, "invalid choice: 'migrate-dbx'"),
        (["backup", "a", "b"], 2, "unrecognized arguments: b"),
        (["--verbose"], 2, "unrecognized arguments: --verbose"),
    ],
)
async def test_arguments_are_answered_by_the_parser_and_start_no_bot(
    tmp_path: Path, args: list[str], code: int, says: str
) -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            *args,
            cwd=tmp_path,
            env=bot_environ(DISCORD_TOKEN=TOKEN, ATOUT_DISCORD_URL=fake.url),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    finally:
        await fake.stop()
    assert process.returncode == code
    assert says in (out + err).decode()
    assert fake.requests == [] and not list(tmp_path.glob("*.sqlite3*"))


async def test_a_second_bot_on_the_same_database_is_refused_naming_the_first(
    tmp_path: Path,
) -> None:
    fake = FakeGateway()
    await fake.start()
    environ = bot_environ(
        DISCORD_TOKEN=TOKEN,
        ATOUT_DISCORD_URL=fake.url,
        ATOUT_DB=str(tmp_path / "atout.sqlite3"),
        ATOUT_IMAGE_PROCESSES="0",
        ATOUT_HEALTH_FILE=str(tmp_path / "atout.health"),
    )
    first = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=environ,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        await asyncio.wait_for(fake.identified.wait(), timeout=60)
        before = len(fake.requests)
        code, output = await run_bot(tmp_path, **environ)
        assert code == 3, output
        lines = problem_lines(output)
        assert len(lines) == 1, output
        assert lines[0].startswith("Another Atout is running on ")
        assert f"process {first.pid} on " in lines[0]
        assert fake.requests[before:] == [], "the second bot never logged in"
        # The first is healthy (python -m bot health, Docker's HEALTHCHECK) once it is ready.
        code, output = await run_health(tmp_path, environ)
        for _ in range(50):
            if code == 0:
                break
            await asyncio.sleep(0.1)
            code, output = await run_health(tmp_path, environ)
        assert code == 0 and output.startswith(f"healthy: process {first.pid}, "), output
    finally:
        first.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(first.wait(), timeout=60) == 0
        await fake.stop()
    code, output = await run_health(tmp_path, environ)
    assert code == 1 and "the bot is not running" in output, output
    # Stopped, the first leaves the database free: a bot starts on it again.
    lock = instance_lock.lock_file(str(tmp_path / "atout.sqlite3"))
    lock.close()
