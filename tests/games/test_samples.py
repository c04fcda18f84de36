"""The sample record the README tells newcomers to replay stays valid."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_readme_sample_record_replays() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "games", "replay", "samples/coinche.json"],
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["game"] == "coinche"
    assert result["over"] is True
    assert result["winners"] in ([0], [1])
    assert sum(1 for d in result["deals"] if d["complete"]) == len(result["deals"])
