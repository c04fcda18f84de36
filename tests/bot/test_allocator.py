"""``bot.process.allocator``: python -m bot's allocator settings reach the processes it starts (the fork
server reads them from the environment at its start), and an admin's own are kept."""

from __future__ import annotations

import os
import platform
import subprocess
import sys

import pytest

from bot.process import allocator

GLIBC = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"


@pytest.mark.skipif(not GLIBC, reason="glibc's allocator only")
def test_the_settings_reach_the_processes_started_after(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in allocator.ENVIRONMENT:
        monkeypatch.setenv(name, "")  # recorded, so that the test leaves the environment as it was
        monkeypatch.delenv(name)
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")  # the admin's own
    # A tuned process trims every 30 s from each bot it starts: not the bots of later tests.
    monkeypatch.setattr(allocator, "_tuned", False)
    assert allocator.tune()
    seen = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os; print(os.environ['MALLOC_ARENA_MAX'],"
            " os.environ['MALLOC_MMAP_THRESHOLD_'], os.environ['MALLOC_TRIM_THRESHOLD_'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert seen.stdout.split() == ["4", "131072", "131072"]


def test_elsewhere_than_glibc_nothing_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform, "libc_ver", lambda: ("musl", "1.2"))
    before = dict(os.environ)
    assert not allocator.tune()
    assert dict(os.environ) == before


FAULTS = """
import resource, sys
from bot.process import allocator
if sys.argv[1] == "drawing":
    assert allocator.tune_for_drawing()
def faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt
start = faults()
for _ in range(50):
    canvas = b"x" * (1 << 20)  # a drawing's buffer, written whole, then freed
    del canvas
print(faults() - start)
"""


@pytest.mark.skipif(not GLIBC, reason="glibc's allocator only")
def test_a_drawing_process_keeps_its_large_buffers() -> None:
    """Under the bot's settings each large buffer is a fresh map whose every page the kernel
    faults in again (256 a megabyte); a drawing process reuses its heap's."""

    def faults(mode: str) -> int:
        env = {**os.environ, **allocator.ENVIRONMENT}
        run = subprocess.run(
            [sys.executable, "-c", FAULTS, mode], env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        return int(run.stdout)

    bot, drawing = faults("bot"), faults("drawing")
    assert bot > 50 * 200
    assert drawing < bot / 10
