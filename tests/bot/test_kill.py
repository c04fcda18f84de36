"""Crash safety with the real process: ``python -m bot`` against a fake Discord on 127.0.0.1,
killed with SIGKILL at random moments (some while a click is being committed) and started again.
Every game must resume and end, with no acknowledged action lost and none applied twice.
The long run is ``benchmarks/kill.py``."""

from __future__ import annotations

from pathlib import Path

from harness.kill_run import kill_run


async def test_games_survive_sigkill(tmp_path: Path) -> None:
    figures = await kill_run(
        tmp_path,
        games=2,
        seed=14,
        budget_s=150,
        kill_every_s=(0.5, 1.5),
        max_kills=3,
        click_kill_p=0.5,
    )
    print(figures.line())
    assert figures.kills == 3 and figures.kills_after_click >= 1, figures.line()
    assert figures.finished == figures.games, (figures.line(), figures.problems)
    assert figures.resumed >= 1, figures.line()
    assert figures.lost == 0 and figures.applied_twice == 0, figures.problems
