"""``python -m bot web``: the pages alone, from the database the bot writes (a cluster runs one
such process on its shared PostgreSQL), signing with the secret the bot keeps there, so a link
the bot gave opens; a wrong setting is refused in one line, exit 2."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from bot.storage.backends import make_storage
from bot.web.links import Signer, WebLinks, new_secret
from harness.pages import Filled


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def environment(**settings: str) -> dict[str, str]:
    kept = {k: v for k, v in os.environ.items() if not k.startswith(("ATOUT_", "DISCORD_"))}
    return {**kept, **settings}


async def kept_secret(path: str) -> str:
    """The secret the bot stored at its first start (what the standalone process must use)."""
    storage = make_storage(path)
    await storage.open()
    try:
        return await storage.instance.web_secret(new_secret())
    finally:
        await storage.close()


def status_of(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, ""


def test_the_pages_served_alone_open_the_bots_links(filled: Filled, tmp_path: Path) -> None:
    db = tmp_path / "atout.sqlite3"
    db.write_bytes(Path(filled.path).read_bytes())
    secret = asyncio.run(kept_secret(str(db)))
    port = free_port()
    served = subprocess.Popen(
        [sys.executable, "-m", "bot", "web"],
        cwd=tmp_path,  # no .env of the repository's
        env=environment(ATOUT_DB=str(db), ATOUT_WEB_BIND=f"127.0.0.1:{port}"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert served.stdout is not None
        assert f"127.0.0.1:{port}" in served.stdout.readline()
        links = WebLinks(f"http://127.0.0.1:{port}", Signer(secret))
        status, page = status_of(links.deal(filled.games["belote"], 0))
        assert status == 200 and 'data-card="' in page
        assert status_of(links.deal(filled.games["belote"], 0)[:-2] + "xx")[0] == 404
        assert status_of(links.deal(filled.playing, 1))[0] == 404, "a deal in play"
        served.send_signal(signal.SIGTERM)
        assert served.wait(15) == 0
    finally:
        if served.poll() is None:
            served.kill()
            served.wait()


def test_a_wrong_address_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "web"],
        cwd=tmp_path,
        env=environment(ATOUT_DB=str(tmp_path / "a.sqlite3"), ATOUT_WEB_BIND="localhost:99999"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "ATOUT_WEB_BIND must be host:port, such as 127.0.0.1:8080 or 0.0.0.0:8080,"
        " not 'localhost:99999'"
    ]
