"""Checks that are one long process of their own start with the run, at the lowest priority.

mypy's check of the whole tree (16 s of CPU from a fresh clone, where it has no cache) and the
screenshot script (25 s) each held a worker for their whole length, while the machine's two
cores stood idle for about a sixth of the run: the start, before the workers have collected,
and the moments the tests wait on a process, a browser or a socket. Started by the run's first
process (niced to 19, so that they take only what the tests leave), they fill that idle time,
and the test that checks one waits for its result and asserts on it exactly as when it ran the
command itself. Where the run does not include a check's test (``pytest tests/bot``, ``-k``),
nothing starts, and a test whose run was not started early runs its command as before.

Each run is a small process of this module (``python -m tests.support.early_runs NAME DIR``):
it runs the command, then writes its output and, last, its return code, which is what the test
waits for (the workers are other processes than the one that started it).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = "ATOUT_EARLY_RUNS"
"""The directory of this run's early runs, for the workers (set before they start)."""

PREVIEW_LANGUAGES = ["en", "fr"]
"""The languages the screenshot script is checked in (both in one run of it)."""

RUNS: dict[str, tuple[str, str]] = {
    "mypy": ("-m mypy", "tests/test_code_quality.py::test_mypy_is_clean"),
    "preview": (
        "-m tests.support.simcord_speed benchmarks/preview.py --no-browser"
        f" --lang {','.join(PREVIEW_LANGUAGES)} --out {{out}}",
        "tests/test_preview.py::test_preview_script_reaches_every_moment_of_every_game",
    ),
    # The benchmarks whose smoke tests assert on what they print, not on how fast the machine
    # was (no wall-clock phase, no sampling): a niced run only takes longer.
    "render": (
        "benchmarks/render.py --renders 2 --tables 2 --fill-tables 3",
        "tests/test_benchmarks.py::test_render_benchmark_prints_time_and_size",
    ),
    "review": (
        "benchmarks/review.py --games belote --deals 2 --samples 1 --json",
        "tests/test_benchmarks.py::test_review_benchmark_prints_each_level_s_cost_and_the_time",
    ),
    "restart": (
        "benchmarks/restart.py --tables 3 --clicks 2 --json",
        "tests/test_benchmarks.py::test_restart_benchmark_prints_one_line",
    ),
    "leaderboard": (
        "benchmarks/leaderboard.py --players 30 --games 120 --samples 5 --json",
        "tests/test_benchmarks.py::test_leaderboard_benchmark_prints_its_three_figures",
    ),
    "challenge": (
        "benchmarks/challenge.py --attempts 20 --deals 2 --variants 3 --samples 3 --json",
        "tests/test_benchmarks.py::test_challenge_benchmark_prints_its_figures",
    ),
    "season_board": (
        "benchmarks/season_board.py --players 40 --games 160 --samples 3 --json",
        "tests/test_benchmarks.py::test_season_board_benchmark_prints_its_figures",
    ),
}
"""Each run's arguments to Python, as a command line (``{out}``: the directory it writes in),
and the test that checks it."""

_started: list[subprocess.Popen[bytes]] = []


def command(name: str, out: Path) -> list[str]:
    arguments, _ = RUNS[name]
    return [sys.executable, *(a.replace("{out}", str(out)) for a in arguments.split())]


def start(names: Sequence[str]) -> None:
    """Starts the named runs (in the run's first process, before the workers start)."""
    if not names:
        return
    if ENV not in os.environ:
        os.environ[ENV] = tempfile.mkdtemp(prefix="atout-early-")
    place = Path(os.environ[ENV])
    for name in names:
        (place / name).mkdir()
        _started.append(
            subprocess.Popen(
                [sys.executable, "-m", "tests.support.early_runs", name, str(place)],
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                # A group of its own, to end it whole; not a session of its own, whose
                # scheduling group (Linux's autogroup) would share the cores with the tests'
                # as an equal, whatever its nice value.
                process_group=0,
            )
        )


def stop() -> None:
    """Ends what is still running (a run stopped early, ``-x``) and removes the outputs."""
    for process in _started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    _started.clear()
    place = os.environ.pop(ENV, None)
    if place:
        shutil.rmtree(place, ignore_errors=True)


def wanted(args: Sequence[str], selecting: bool) -> list[str]:
    """The runs whose test the run's paths include (a directory, the test's module, or the test
    itself); none where tests are picked by name or mark (theirs may well be left out)."""
    if selecting:
        return []
    named = [arg.split("::") for arg in args] or [["tests"]]
    out = []
    for name, (_, test) in RUNS.items():
        module, function = test.split("::")
        for path, *inside in named:
            place = Path(path).resolve()
            if place in (ROOT / module).parents or (
                place == ROOT / module and (not inside or inside[0].split("[")[0] == function)
            ):
                out.append(name)
                break
    return out


def run(name: str, out: Path, timeout: float) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The run's result and the directory it wrote in: the early run's if one was started, else
    the command run now in ``out``."""
    current = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]
    assert current in ("", RUNS[name][1]), f"{name} is checked by {RUNS[name][1]}, not {current}"
    place = os.environ.get(ENV)
    if place is None or not (Path(place) / name).is_dir():
        done = subprocess.run(
            command(name, out), cwd=ROOT, capture_output=True, text=True, timeout=timeout
        )
        return done, out
    folder = Path(place) / name
    deadline = time.monotonic() + timeout
    while not (folder / "returncode").exists():
        if time.monotonic() > deadline:
            raise subprocess.TimeoutExpired(command(name, folder / "out"), timeout)
        time.sleep(0.05)
    done = subprocess.CompletedProcess(
        command(name, folder / "out"),
        int((folder / "returncode").read_text()),
        (folder / "stdout").read_text("utf-8"),
        (folder / "stderr").read_text("utf-8"),
    )
    return done, folder / "out"


def _main(name: str, place: Path) -> None:
    os.nice(19)
    folder = place / name
    (folder / "out").mkdir()
    done = subprocess.run(command(name, folder / "out"), cwd=ROOT, capture_output=True)
    (folder / "stdout").write_bytes(done.stdout)
    (folder / "stderr").write_bytes(done.stderr)
    (folder / "returncode.part").write_text(str(done.returncode))
    (folder / "returncode.part").rename(folder / "returncode")


if __name__ == "__main__":
    _main(sys.argv[1], Path(sys.argv[2]))
