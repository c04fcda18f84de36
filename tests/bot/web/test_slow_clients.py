"""300 slow clients against ``python -m bot web`` run with a file limit of 256 (issue 42): each
holds a socket and sends half a request, from an address of its own (all of 127.0.0.0/8 is this
machine), and a reader is still answered, again and again, without the log filling.

It used to be otherwise: aiohttp kept an idle socket an hour and had no header timeout, so 200
slow sockets held 200 descriptors for good; under ``ulimit -n 200`` readers timed out and
asyncio logged "accept() out of system resource" 11,242 times in 10 s.

No time is measured here (``benchmarks/web_attack.py`` measures): each reader must simply be
answered, with a generous timeout a loaded machine keeps well within.
"""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
from pathlib import Path

import aiohttp

from bot.web.links import Signer, WebLinks
from harness.pages import Filled
from tests.bot.web.test_alone import environment, free_port, kept_secret

SLOW = 300
LIMIT = 256


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


async def _slow_client(port: int, n: int, held: list[asyncio.StreamWriter]) -> None:
    source = f"127.0.{1 + n // 250}.{1 + n % 250}"
    try:
        _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    except OSError:
        return  # refused or reset: the server's choice, not the test's
    writer.write(b"GET /robots.txt HTTP/1.1\r\nHost: atout\r\nX-Slow: ")
    held.append(writer)


async def _attack_and_read(port: int, url: str) -> list[int]:
    held: list[asyncio.StreamWriter] = []
    await asyncio.gather(*(_slow_client(port, n, held) for n in range(SLOW)))
    statuses = []
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        for _ in range(5):
            # Each reader comes while the slow sockets are still held (a new batch of them
            # arriving between readers).
            async with http.get(url) as response:
                statuses.append(response.status)
                await response.read()
            await asyncio.gather(*(_slow_client(port, SLOW + n, held) for n in range(40)))
    for writer in held:
        writer.close()
    return statuses


def test_a_reader_is_answered_while_300_slow_clients_hold_sockets(
    filled: Filled, tmp_path: Path
) -> None:
    db = tmp_path / "atout.sqlite3"
    db.write_bytes(Path(filled.path).read_bytes())
    secret = asyncio.run(kept_secret(str(db)))
    port = free_port()
    served = subprocess.Popen(
        [sys.executable, "-m", "bot", "web"],
        cwd=tmp_path,
        env=environment(ATOUT_DB=str(db), ATOUT_WEB_BIND=f"127.0.0.1:{port}"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_limited if os.name == "posix" else None,
    )
    try:
        assert served.stdout is not None
        assert f"127.0.0.1:{port}" in served.stdout.readline()
        url = WebLinks(f"http://127.0.0.1:{port}", Signer(secret)).deal(filled.games["coinche"], 0)
        assert asyncio.run(_attack_and_read(port, url)) == [200] * 5
    finally:
        served.terminate()
        try:
            _, errors = served.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            served.kill()
            _, errors = served.communicate()
    assert served.returncode == 0, errors
    assert errors.count("out of system resource") <= 1, errors[-2000:]
    assert len(errors) < 4000, errors[-2000:]
