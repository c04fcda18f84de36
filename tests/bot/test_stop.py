"""Clean stops of the real ``python -m bot``: SIGINT (Ctrl-C, to the whole process group) and
SIGTERM (to the bot alone, as ``docker stop`` and systemd send it) each stop the bot and its
worker processes with exit code 0, without a traceback or multiprocessing's leak warning, after
the last group commit: every click the bot acknowledged is in the log, and the games go on at
the next start."""

from __future__ import annotations

import signal
from pathlib import Path

from harness.kill_run import stop_run


async def test_sigint_and_sigterm_stop_the_bot_cleanly(tmp_path: Path) -> None:
    figures, codes, output = await stop_run(
        tmp_path, games=1, signals=(signal.SIGINT, signal.SIGTERM), seed=3
    )
    assert codes == [0, 0], (codes, output[-3000:])
    assert "SIGINT: stopping" in output and "SIGTERM: stopping" in output, output[-3000:]
    assert "Traceback" not in output and "leaked" not in output, output
    assert figures.kills_after_click >= 1, figures.line()
    assert figures.finished == figures.games, (figures.line(), figures.problems)
    assert figures.lost == 0 and figures.applied_twice == 0, figures.problems
