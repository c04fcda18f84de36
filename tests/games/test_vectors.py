"""Every conformance vector of tests/data/vectors, replayed in process and through the CLI.

A vector that contradicts docs/rules.md (the rules win) is listed in ``CONTRADICTS_RULES`` with
the section concerned, and kept as an expected failure so that it shows in every run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.records import IllegalRecordAction, MalformedRecord, loads, replay

ROOT = Path(__file__).resolve().parents[2]
# The vectors are test data of the repository, so that a fresh clone runs them all; ATOUT_VECTORS
# points at another set. Missing vectors fail (test_vectors_are_present), never skip silently.
VECTORS = Path(os.environ.get("ATOUT_VECTORS") or ROOT / "tests" / "data" / "vectors")

CONTRADICTS_RULES: dict[str, str] = {}


def _vector_files() -> list[Path]:
    return sorted(p for p in VECTORS.glob("*/*.json") if p.name.count(".") == 1 and "_" in p.stem)


def _cases(valid_only: bool = False) -> list[object]:
    cases = []
    for record in _vector_files():
        expect = record.with_suffix(".expect.json")
        if not expect.exists():
            continue
        if valid_only and json.loads(expect.read_text())["exit"] != 0:
            continue
        marks = []
        if record.stem in CONTRADICTS_RULES:
            marks.append(pytest.mark.xfail(reason=CONTRADICTS_RULES[record.stem], strict=True))
        cases.append(pytest.param(record, id=f"{record.parent.name}/{record.stem}", marks=marks))
    return cases


def test_vectors_are_present() -> None:
    assert len(_vector_files()) >= 200, f"conformance vectors not found under {VECTORS}"


@pytest.mark.parametrize("record", _cases())
def test_vector(record: Path) -> None:
    expect = json.loads(record.with_suffix(".expect.json").read_text())
    text = record.read_bytes()
    if expect["exit"] == 0:
        assert replay(loads(text)).replay_result() == expect["output"]
    elif expect["exit"] == 1:
        with pytest.raises(IllegalRecordAction) as info:
            replay(loads(text)).replay_result()
        assert (info.value.deal, info.value.action) == (expect["deal"], expect["action"])
        assert f"deal {expect['deal']}, action {expect['action']}" in str(info.value)
    else:
        with pytest.raises(MalformedRecord):
            replay(loads(text)).replay_result()


@pytest.mark.parametrize("record", _cases(valid_only=True))
def test_export_round_trip(record: Path) -> None:
    """Replaying a record and exporting it gives the canonical record, which replays the same."""
    game = replay(loads(record.read_bytes()))
    exported = game.to_record()
    original = json.loads(record.read_text())
    assert len(exported["deals"]) == len(original["deals"])
    for mine, theirs in zip(exported["deals"], original["deals"], strict=True):
        assert mine["deck"] == [c.upper() for c in theirs["deck"]]
        assert len(mine["actions"]) == len(theirs["actions"])
        assert set(mine) == {"dealer", "deck", "actions"}
    again = replay(loads(json.dumps(exported)))
    assert again.to_record() == exported
    assert again.replay_result() == game.replay_result()


def _cli(path: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "games", "replay", path],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


@pytest.mark.parametrize("kind", ["valid", "illegal", "malformed"])
def test_cli_exit_codes_and_messages(kind: str) -> None:
    """The command line keeps the contract: exit code, JSON on stdout, one line on stderr."""
    for record in _vector_files():
        expect_path = record.with_suffix(".expect.json")
        if not expect_path.exists():
            continue
        expect = json.loads(expect_path.read_text())
        wanted = {"valid": 0, "illegal": 1, "malformed": 2}[kind]
        if expect["exit"] == wanted and record.stem not in CONTRADICTS_RULES:
            break
    else:
        pytest.skip(f"no {kind} vector")
    done = _cli(str(record))
    assert done.returncode == wanted, done.stderr
    if wanted == 0:
        assert json.loads(done.stdout) == expect["output"]
        assert done.stderr == b""
    else:
        assert done.stdout == b""
        lines = done.stderr.decode().strip().splitlines()
        assert len(lines) == 1
        if wanted == 1:
            assert f"deal {expect['deal']}, action {expect['action']} (seat " in lines[0]


def test_cli_reads_standard_input() -> None:
    record = next(p for p in _vector_files() if "_" in p.stem and "malformed" not in p.stem)
    expect = json.loads(record.with_suffix(".expect.json").read_text())
    done = _cli("-", record.read_bytes())
    assert done.returncode == expect["exit"]


@pytest.mark.parametrize(
    "text, message",
    [
        (b"{not json", "not JSON"),
        (b"[]", "JSON object"),
        (b'{"format": "atout-record/2", "game": "coinche", "deals": []}', "format"),
        (b'{"format": "atout-record/1", "game": "scopa", "deals": []}', "unknown game"),
        (b'{"format": "atout-record/1", "game": "briscola", "seats": 5, "deals": []}', "5"),
        (b'{"format": "atout-record/1", "game": "sueca", "seats": 4}', "deals"),
    ],
)
def test_malformed_records_say_what_is_wrong(text: bytes, message: str) -> None:
    with pytest.raises(MalformedRecord, match=message):
        loads(text)


def test_a_deeply_nested_file_is_malformed_not_a_crash(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000)
    done = _cli(str(deep))
    assert done.returncode == 2
    assert done.stderr.decode().count("\n") == 1 and "nested" in done.stderr.decode()


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    done = _cli(str(tmp_path / "nope.json"))
    assert done.returncode == 2
    assert "cannot read" in done.stderr.decode()
