"""``python -m games replay``'s exit codes, each through the real command (docs/records.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "coinche.json"


def replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games", "replay", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def one_line(text: str) -> bool:
    return text.endswith("\n") and text.count("\n") == 1 and "Traceback" not in text


def test_exit_0_prints_the_result() -> None:
    done = replay(str(SAMPLE))
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["game"] == "coinche"


def test_exit_1_for_an_illegal_action() -> None:
    record = json.loads(SAMPLE.read_text())
    first = record["deals"][0]["actions"][0]
    first["seat"] = (first["seat"] + 1) % 4
    done = replay("-", stdin=json.dumps(record))
    assert done.returncode == 1 and done.stdout == "" and one_line(done.stderr)
    assert done.stderr.startswith("deal 0, action 0")


def test_exit_2_for_a_missing_file_and_for_an_action_type_that_is_a_list(tmp_path: Path) -> None:
    missing = replay(str(tmp_path / "nowhere.json"))
    assert missing.returncode == 2 and one_line(missing.stderr) and "cannot read" in missing.stderr
    record = json.loads(SAMPLE.read_text())
    record["deals"][0]["actions"][3]["type"] = ["bid"]
    listed = replay("-", stdin=json.dumps(record))
    assert listed.returncode == 2 and listed.stdout == "" and one_line(listed.stderr)
    assert "deal 0, action 3" in listed.stderr


def test_a_closed_pipe_ends_quietly_with_141() -> None:
    """``... | head -c 10``: the reader is gone before the result is written."""
    process = subprocess.Popen(
        [sys.executable, "-m", "games", "replay", "-"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stdin is not None
    process.stdout.close()  # before the command writes anything
    _, err = process.communicate(SAMPLE.read_bytes(), timeout=60)
    assert process.returncode == 141
    assert err == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full is Linux's")
def test_a_result_that_cannot_be_written_is_one_line_and_exit_74() -> None:
    """``>/dev/full``: every write fails (no space left). Not 1, which means "illegal action"."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "games", "replay", str(SAMPLE)],
            cwd=ROOT,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 74
    assert one_line(done.stderr) and "cannot write the result" in done.stderr, done.stderr


def test_a_shell_pipe_into_head_prints_no_traceback() -> None:
    done = subprocess.run(
        f"{sys.executable} -m games replay samples/coinche.json | head -c 10",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert len(done.stdout) == 10 and done.stderr == ""


def test_ctrl_c_ends_quietly_with_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import games.__main__ as command

    def interrupted(record: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "replay", interrupted)
    assert command.main(["replay", str(SAMPLE)]) == 130
