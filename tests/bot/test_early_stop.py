"""A stop signal at any moment of the start of the real ``python -m bot`` is a clean stop: exit
code 0 and not a line of traceback, from the instant the bot's code runs (its handler is in
place: ``SigCgt`` in ``/proc/<pid>/status``) through the imports, the settings, the lock, the
storage's opening, Discord's login, the setup (commands synced, tables restored) and the first
moments on the gateway.

Each run is one bot against a fake Discord of its own on 127.0.0.1 (``harness.fake_discord``),
signalled either a delay after its handler is in place (0 to 2 s: wherever the start is on the
machine of the day) or while the fake holds the answer to one of the start's steps (so that the
signal lands inside that step whatever the machine's speed). SIGINT goes to the process group,
as a terminal's Ctrl-C does; SIGTERM to the bot alone, as ``docker stop`` and systemd send it.
Before the fix, 4 of 8 SIGTERMs sent 0.3-1.1 s after the start printed a traceback."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from harness.fake_discord import TOKEN, FakeGateway

ROOT = Path(__file__).resolve().parents[2]
HOLD_S = 0.4
"""How long the fake holds the answer of the step a run is signalled in."""


class HoldingGateway(FakeGateway):
    """The fake Discord, holding back its answer to the first request whose path ends with
    ``hold`` and setting ``reached`` meanwhile."""

    def __init__(self, hold: str | None) -> None:
        super().__init__()
        self.hold = hold
        self.reached = asyncio.Event()

    @web.middleware
    async def _auth(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if self.hold and request.path.endswith(self.hold) and not self.reached.is_set():
            self.reached.set()
            await asyncio.sleep(HOLD_S)
        return await super()._auth(request, handler)


@dataclass(frozen=True)
class Moment:
    signum: signal.Signals
    delay_s: float = 0.0
    """After the bot's handler is in place."""
    hold: str | None = None
    """Or: while the fake holds the answer to this step of the start."""
    identified: bool = False
    """Or: the instant the bot has identified on the gateway (tables restoring meanwhile)."""


MOMENTS = [
    Moment(signal.SIGTERM, 0.0),
    Moment(signal.SIGINT, 0.1),
    Moment(signal.SIGTERM, 0.4),
    Moment(signal.SIGINT, 1.0),
    Moment(signal.SIGTERM, 2.0),
    Moment(signal.SIGINT, hold="/users/@me"),  # Discord's login
    Moment(signal.SIGTERM, hold="/commands"),  # the setup: the commands synced
    Moment(signal.SIGTERM, identified=True),
]


def handler_in_place(pid: int) -> bool:
    """Whether the process catches SIGTERM (its ``SigCgt`` mask), i.e. the bot's code runs."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = re.search(r"^SigCgt:\s*([0-9a-f]+)$", status, re.M)
    return caught is not None and bool(int(caught.group(1), 16) >> (signal.SIGTERM - 1) & 1)


async def stop_at(moment: Moment, workdir: Path) -> tuple[int, str]:
    fake = HoldingGateway(moment.hold)
    await fake.start()
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "ATOUT_"))}
    environ.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN=TOKEN,
        ATOUT_DISCORD_URL=fake.url,
        ATOUT_DB=str(workdir / "atout.sqlite3"),
        ATOUT_IMAGE_PROCESSES="1",
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=workdir,
        env=environ,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,  # its own group: SIGINT reaches it and its workers only
    )
    try:
        if moment.hold is not None:
            await asyncio.wait_for(fake.reached.wait(), timeout=60)
        elif moment.identified:
            await asyncio.wait_for(fake.identified.wait(), timeout=60)
        else:
            while not handler_in_place(process.pid):
                await asyncio.sleep(0.002)
            await asyncio.sleep(moment.delay_s)
        if moment.signum == signal.SIGINT:
            os.killpg(process.pid, moment.signum)
        else:
            process.send_signal(moment.signum)
        output, _ = await asyncio.wait_for(process.communicate(), timeout=60)
    finally:
        if process.returncode is None:
            os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
        await fake.stop()
    assert process.returncode is not None
    return process.returncode, output.decode(errors="replace")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/<pid>/status")
async def test_a_stop_signal_at_any_moment_of_the_start_is_a_clean_stop(tmp_path: Path) -> None:
    # Two bots at a time: the machine's two cores, and starts that overlap vary the timing more.
    slots = asyncio.Semaphore(2)

    async def one(number: int, moment: Moment) -> tuple[Moment, int, str]:
        workdir = tmp_path / str(number)
        workdir.mkdir()
        async with slots:
            code, output = await stop_at(moment, workdir)
        return moment, code, output

    results = await asyncio.gather(*(one(n, m) for n, m in enumerate(MOMENTS)))
    wrong = [
        f"{moment}: exit {code}\n{output[-2000:]}"
        for moment, code, output in results
        if code != 0 or re.search(r"Traceback|Error|Exception|KeyboardInterrupt|leaked", output)
    ]
    assert not wrong, "\n\n".join(wrong)
