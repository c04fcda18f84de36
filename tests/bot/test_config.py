"""Settings from the environment and ``.env``, and ``python -m bot`` without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import simcord

from bot.app import create_bot
from bot.config import (
    DEFAULT_REVIEW_PROCESSES,
    MAX_REVIEW_PROCESSES,
    Settings,
    as_in_dotenv,
    load_settings,
    read_dotenv,
)

ROOT = Path(__file__).resolve().parents[2]


def test_the_dotenv_reader(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# a comment\n"
        "DISCORD_TOKEN='abc.def'\n"
        "export ATOUT_DB=/data/atout.sqlite3\n"
        "ATOUT_DEV_GUILD=1234 # the test server\n"
        'ATOUT_AI_PAUSE="0.5"  # quoted, then a comment\n'
        "ATOUT_SHARDS=${NOT_INTERPOLATED}\n"
        "not a line\n",
        encoding="utf-8",
    )
    assert read_dotenv(env_file) == {
        "DISCORD_TOKEN": "abc.def",
        "ATOUT_DB": "/data/atout.sqlite3",
        "ATOUT_DEV_GUILD": "1234",
        "ATOUT_AI_PAUSE": "0.5",
        "ATOUT_SHARDS": "${NOT_INTERPOLATED}",
    }
    assert read_dotenv(tmp_path / "missing") == {}


TRICKY_LINES = [
    'DISCORD_TOKEN="tok.en"',
    "DISCORD_TOKEN='tok.en'",
    "DISCORD_TOKEN=tok.en  # my token",
    'DISCORD_TOKEN="tok.en"  # my token',
    "DISCORD_TOKEN= tok.en ",
    "DISCORD_TOKEN=tok.en",
]


def docker_run_env_file(text: str) -> dict[str, str]:
    """``docker run --env-file``: ``KEY=VALUE`` lines, ``#`` lines skipped, the value verbatim."""
    values: dict[str, str] = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#") and "=" in line:
            key, _, value = line.partition("=")
            values[key.strip()] = value
    return values


@pytest.mark.parametrize("line", TRICKY_LINES)
def test_a_dotenv_line_means_the_same_however_it_reaches_the_bot(tmp_path: Path, line: str) -> None:
    """``python -m bot`` reading .env, ``docker run --env-file .env`` (verbatim into the
    environment) and compose's ``env_file`` (quotes and comments stripped by compose, as
    python-dotenv does: its stand-in here) all give the bot the same token."""
    env_file = tmp_path / ".env"
    env_file.write_text(line + "\n", encoding="utf-8")
    from_file = load_settings({}, env_file)
    from_docker_run = load_settings(docker_run_env_file(line), tmp_path / "none")
    from_compose = load_settings(read_dotenv(env_file), tmp_path / "none")
    assert from_file.token == from_docker_run.token == from_compose.token == "tok.en"


@pytest.mark.parametrize(
    ("value", "meant"),
    [
        ('"a b"', "a b"),
        ("'x'  # c", "x"),
        ("plain#hash", "plain#hash"),
        ('"unbalanced', '"unbalanced'),
        ('"a" b', '"a" b'),
        ("postgresql://u:p@h/db", "postgresql://u:p@h/db"),
        ("", ""),
    ],
)
def test_environment_values_are_read_as_dotenv_values(value: str, meant: str) -> None:
    assert as_in_dotenv(value) == meant


def test_the_environment_wins_over_the_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nATOUT_DB=file.sqlite3\n", encoding="utf-8")
    settings = load_settings({"DISCORD_TOKEN": "from-env"}, env_file)
    assert settings.token == "from-env"
    assert settings.db_path == "file.sqlite3"
    assert settings.dev_guild is None
    defaults = load_settings({}, tmp_path / "none")
    assert defaults.token is None and defaults.db_path == "atout.sqlite3"


def test_only_the_working_directorys_dotenv_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No search up the tree: a .env in a parent folder is not this bot's."""
    (tmp_path / ".env").write_text("DISCORD_TOKEN=parent\n", encoding="utf-8")
    below = tmp_path / "below"
    below.mkdir()
    monkeypatch.chdir(below)
    assert load_settings({}).token is None
    (below / ".env").write_text("DISCORD_TOKEN=here\n", encoding="utf-8")
    assert load_settings({}).token == "here"


def test_a_bad_setting_is_named() -> None:
    with pytest.raises(ValueError, match="ATOUT_AI_PAUSE"):
        load_settings({"ATOUT_AI_PAUSE": "soon"}, "/nonexistent/.env")
    with pytest.raises(ValueError, match="ATOUT_DEV_GUILD"):
        load_settings({"ATOUT_DEV_GUILD": "my server"}, "/nonexistent/.env")


@pytest.mark.parametrize(
    "name",
    [
        "ATOUT_IMAGE_PROCESSES",
        "ATOUT_REVIEW_PROCESSES",
        "ATOUT_DEV_GUILD",
        "ATOUT_SHARD_COUNT",
        "ATOUT_SHARDS",
        "ATOUT_WEB_BIND",
    ],
)
@pytest.mark.parametrize("digits", ["²", "٣", "１"])
def test_digits_that_are_not_0_to_9_are_refused_naming_the_setting(name: str, digits: str) -> None:
    """``"²".isdigit()`` is true: ``ATOUT_IMAGE_PROCESSES=²`` used to end in "invalid literal
    for int()", naming nothing."""
    values = {name: f"127.0.0.1:{digits}" if name == "ATOUT_WEB_BIND" else digits}
    if name == "ATOUT_SHARDS":
        values["ATOUT_SHARD_COUNT"] = "2"
    with pytest.raises(ValueError) as refused:
        load_settings(values, "/nonexistent/.env")
    assert name in str(refused.value) and "invalid literal" not in str(refused.value)


def test_running_without_a_token_says_what_to_do(tmp_path: Path) -> None:
    environ = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    environ["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert ".env.example" in done.stderr
    assert "DISCORD_TOKEN" in done.stderr
    assert "https://discord.com/developers/applications" in done.stderr


async def test_commands_are_synced_to_the_dev_guild(tmp_path: Path) -> None:
    settings = Settings(db_path=str(tmp_path / "dev.sqlite3"), dev_guild=424242, ai_pause_s=0)
    bot = create_bot(settings)
    async with simcord.run(bot) as world:
        guild = world.create_guild(id=424242)
        channel = guild.create_text_channel("cards")
        alice = guild.add_member(world.create_user("alice"))
        assert "sueca start" in alice.available_commands(channel)
        result = await alice.slash(channel, "sueca start")
        assert result.response is not None and "Sueca" in result.response.content
    await bot.storage.close()


def test_review_processes_are_read_from_the_environment() -> None:
    """``ATOUT_REVIEW_PROCESSES`` was named in the code but never read: always one process."""
    assert load_settings({}, "/nonexistent/.env").review_processes == DEFAULT_REVIEW_PROCESSES
    assert load_settings({"ATOUT_REVIEW_PROCESSES": "0"}, "/x/.env").review_processes == 0
    assert load_settings({"ATOUT_REVIEW_PROCESSES": " 2 "}, "/x/.env").review_processes == 2
    bot = create_bot(
        load_settings({"ATOUT_REVIEW_PROCESSES": "0", "ATOUT_IMAGE_PROCESSES": "0"}, "/x/.env")
    )
    assert bot.review.reviews.processes == 0  # reviews in a thread of the bot


@pytest.mark.parametrize("value", ["-1", "one", "1.5", "²", str(MAX_REVIEW_PROCESSES + 1)])
def test_a_wrong_review_processes_is_refused_in_one_line(value: str) -> None:
    with pytest.raises(ValueError) as refused:
        load_settings({"ATOUT_REVIEW_PROCESSES": value}, "/nonexistent/.env")
    assert str(refused.value) == (
        f"ATOUT_REVIEW_PROCESSES must be a number of review processes between 0 and"
        f" {MAX_REVIEW_PROCESSES} (0 reviews in a thread), not {value!r}"
    )
