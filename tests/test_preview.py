"""The screenshot script keeps working: its scripted game runs under simcord to the end and
writes every moment (``--no-browser``: HTML, so the suite needs neither Chromium nor Playwright).
The script runs in a process of its own with the suite's simcord shortcuts (``tests.simcord_speed``,
exact), which halve its time.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_preview_script_plays_its_table_and_writes_every_moment(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.simcord_speed",
            "benchmarks/preview.py",
            "--no-browser",
            "--out",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    pages = {p.stem: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.html")}
    assert set(pages) == {"lobby", "table", "hand", "summary", "game-over"}
    # Each moment is the message a player meets there.
    assert "Rules: Coinche to 500 points" in pages["lobby"]
    assert "<button disabled>Join</button>" in pages["lobby"]  # the table is full
    assert "to play" in pages["table"] and "Hand" in pages["table"]
    assert "your turn" in pages["hand"] and "<button>" in pages["hand"]
    assert "Deal 1" in pages["summary"]
    assert "Game over" in pages["game-over"]
    # The images are named as sent (table-….png, hand-….png), never "[image ]".
    assert re.search(r"\[image table-\S+\.\w+\]", pages["table"]), pages["table"]
    assert re.search(r"\[image hand-\S+\.\w+\]", pages["hand"]), pages["hand"]
    assert not any("[image ]" in page or "without a name" in page for page in pages.values())
