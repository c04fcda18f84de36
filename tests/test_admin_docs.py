"""What an admin reads matches what the bot does (issue 41): every setting the bot reads is in
the README's table and in ``.env.example``; every command a player can type is in the README's
list; every admin's command ``python -m bot --help`` lists is in the README and the guide; and
the README's ``docker run`` publishes the port the image's pages listen on."""

from __future__ import annotations

import re
from pathlib import Path

from bot.__main__ import arguments

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")
GUIDE = (ROOT / "docs" / "running.md").read_text("utf-8")
NOT_AN_ADMINS = {"ATOUT_DISCORD_URL"}
"""The tests' fake Discord (bot/endpoint.py): no admin sets it."""


def settings_read() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        found |= set(re.findall(r'"((?:ATOUT|DISCORD)_[A-Z_]+)"', path.read_text("utf-8")))
    return found - NOT_AN_ADMINS


def test_every_setting_is_in_the_readme_and_the_example() -> None:
    settings = settings_read()
    assert {"ATOUT_WEB_URL", "ATOUT_WEB_TRUSTED_PROXIES", "ATOUT_DB"} <= settings
    table = {line.split("|")[1].strip(" `") for line in README.splitlines() if "| `" in line}
    assert sorted(settings - table) == [], "settings missing from the README's table"
    example = (ROOT / ".env.example").read_text("utf-8")
    assert sorted(s for s in settings if s not in example) == [], "missing from .env.example"


def test_every_command_is_in_the_readme() -> None:
    names: set[str] = set()
    for path in (ROOT / "cogs").glob("*.py"):
        text = path.read_text("utf-8")
        groups = re.findall(r'group_name="([a-z-]+)"', text)
        names |= {f"/{group}" for group in groups}
        if not groups:
            names |= {
                f"/{name}"
                for name in re.findall(r'app_commands\.command\(\s*name="([a-z-]+)"', text)
            }
    assert "/puzzle" in names and "/review" in names
    assert sorted(name for name in names if f"`{name}" not in README) == []


def test_every_admins_command_is_in_the_readme_and_the_guide() -> None:
    parser = arguments()
    choices = next(a for a in parser._actions if a.dest == "command").choices
    assert choices is not None
    commands = sorted(choices)
    assert {"web", "web-link", "health"} <= set(commands)
    listed = re.search(r"`python -m bot --help` lists the commands: (.*?)\n\n", GUIDE, re.S)
    assert listed is not None
    assert sorted(c for c in commands if f"`{c}`" not in listed[1]) == [], "the guide's list"
    helped = re.search(r"`python -m bot --help` lists the admin's commands(.*?)\);", README, re.S)
    assert helped is not None
    assert sorted(c for c in commands if f"`{c}`" not in helped[1]) == [], "the README's list"


def test_the_readmes_docker_run_publishes_the_pages_port() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text("utf-8")
    port = re.search(r"ATOUT_WEB_BIND=0\.0\.0\.0:(\d+)", dockerfile)
    assert port is not None and f"EXPOSE {port[1]}" in dockerfile
    run = next(line for line in README.splitlines() if line.startswith("docker run -d "))
    assert f"-p 127.0.0.1:{port[1]}:{port[1]}" in run
