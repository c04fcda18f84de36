"""``python -m bot web-link`` (issue 41): the address of the newest finished deal whose page may
be shown, for an admin to open through their proxy; never a deal in play, a private table's or a
sealed challenge's; one line saying why when there is none or the pages are off."""

from __future__ import annotations

import asyncio
import datetime
import subprocess
import sys
import urllib.request
from pathlib import Path

from bot.storage.backends import make_storage
from bot.web.links import Signer
from bot.web.newest import newest_deal
from harness.pages import SECRET, Filled, play_table
from tests.bot.web.test_alone import environment, free_port, kept_secret


async def _newest(path: str) -> tuple[int, int] | None:
    storage = make_storage(path)
    await storage.open()
    try:
        found = await newest_deal(storage, datetime.datetime.now(datetime.UTC))
        return None if found is None else (found.table_id, found.deal_no)
    finally:
        await storage.close()


def test_the_newest_deal_that_may_be_shown(filled: Filled) -> None:
    """The newest tables of the filled database are the two challenges' (the closed one's deal
    may be seen, the open one's not yet), then a table in play since its second deal."""
    assert filled.closed_table > filled.open_table > filled.playing
    assert asyncio.run(_newest(filled.path)) == (filled.closed_table, 0)


async def _add_private(path: str) -> int:
    storage = make_storage(path)
    await storage.open()
    try:
        return await play_table(storage, "briscola", seats=2, settings={"private": True}, seed=9)
    finally:
        await storage.close()


def test_the_command_prints_a_link_that_opens(filled: Filled, tmp_path: Path) -> None:
    db = tmp_path / "atout.sqlite3"
    db.write_bytes(Path(filled.path).read_bytes())
    private = asyncio.run(_add_private(str(db)))
    secret = asyncio.run(kept_secret(str(db)))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = environment(ATOUT_DB=str(db), ATOUT_WEB_URL=url, ATOUT_WEB_BIND=f"127.0.0.1:{port}")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "web-link"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    what, link = done.stdout.strip().splitlines()
    assert private > filled.closed_table, "a private table is never given"
    assert f"table {filled.closed_table}, deal 1" in what
    assert Signer(secret).open("deal", link.rsplit("/", 1)[1]) == [str(filled.closed_table), "1"]
    served = subprocess.Popen(
        [sys.executable, "-m", "bot", "web"], cwd=tmp_path, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert served.stdout is not None and url[7:] in served.stdout.readline()
        with urllib.request.urlopen(link, timeout=60) as answer:
            assert answer.status == 200
    finally:
        served.terminate()
        served.wait(20)


def test_without_the_pages_or_a_deal_it_says_why(tmp_path: Path) -> None:
    env = environment(ATOUT_DB=str(tmp_path / "new.sqlite3"))
    off = subprocess.run(
        [sys.executable, "-m", "bot", "web-link"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert off.returncode == 2 and off.stderr.startswith("ATOUT_WEB_URL is not set")
    env["ATOUT_WEB_URL"] = "https://atout.example.org"
    env["ATOUT_WEB_SECRET"] = SECRET
    none = subprocess.run(
        [sys.executable, "-m", "bot", "web-link"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert none.returncode == 1 and none.stdout.startswith("No finished deal can be shown yet")
