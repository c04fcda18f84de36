"""Thousands of damaged records through ``python -m games replay``: an answer, never a traceback.

Records reach the command line from users (exports edited by hand, files cut short in transit), so
every mutation must end in a result (exit 0), an illegal action (exit 1) or a malformed record
(exit 2) with exactly one line on standard error. The bulk runs the command's own ``main``
in-process, seeded so a failure always reproduces; a handful go through the real interpreter.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from games.__main__ import main
from games.base import Game
from games.registry import GAME_NAMES, game_class, new_game
from tests.games.conftest import random_action, shuffled_deck

ROOT = Path(__file__).resolve().parents[2]
CASES = 2000

ODD: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    7,
    80,
    10**40,
    -(10**40),
    1.5,
    float("nan"),
    float("inf"),
    "",
    "play",
    "pass",
    "AS",
    "as",
    "10S",
    "NT",
    "capot",
    "x" * 500,
    "é\u202e\x00",
    [],
    ["play"],
    [["play"]],
    {},
    {"type": "play"},
    {"a": [1, {"b": None}]},
    ["AS"] * 40,
]


def _base(name: str, seed: int) -> dict[str, Any]:
    """A genuine record of a random length (maybe several deals) to damage."""
    rng = random.Random(seed)
    seats = rng.choice(game_class(name).SEAT_COUNTS)
    game: Game = new_game(name, dealer=rng.randrange(seats), seats=seats)
    steps = rng.randint(0, 90)
    while not game.over and steps:
        if game.awaiting_deck:
            game.deal(shuffled_deck(game, rng))
            continue
        seat = game.to_act
        assert seat is not None
        game.apply(seat, random_action(game, seat, rng))
        steps -= 1
    return game.to_record()


BASES = [_base(name, seed) for name in GAME_NAMES for seed in range(3)]


def _containers(node: Any, out: list[Any]) -> list[Any]:
    """Every dict and list inside ``node`` (itself included), to pick a mutation site from."""
    if isinstance(node, dict | list):
        out.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            _containers(child, out)
    return out


def _odd(rng: random.Random) -> Any:
    return copy.deepcopy(rng.choice(ODD))


def _mutate_tree(record: dict[str, Any], rng: random.Random) -> None:
    """Replace, delete, add, duplicate or reorder one thing somewhere in the record."""
    target = rng.choice(_containers(record, []))
    if isinstance(target, dict):
        keys = list(target)
        how = rng.random()
        if keys and how < 0.5:
            target[rng.choice(keys)] = _odd(rng)
        elif keys and how < 0.7:
            del target[rng.choice(keys)]
        else:
            key = rng.choice([*keys, "type", "seat", "card", "extra", "format", "deals", "options"])
            target[key] = _odd(rng)
    elif target:
        i = rng.randrange(len(target))
        how = rng.random()
        if how < 0.4:
            target[i] = _odd(rng)
        elif how < 0.6:
            del target[i]
        elif how < 0.8:
            target.insert(rng.randrange(len(target) + 1), copy.deepcopy(target[i]))
        else:
            j = rng.randrange(len(target))
            target[i], target[j] = target[j], target[i]
    else:
        target.append(_odd(rng))


def _mutate_text(text: bytes, rng: random.Random) -> bytes:
    """Damage in transit: cut short, a byte changed, inserted or dropped."""
    if not text:
        return b"\xff"
    i = rng.randrange(len(text))
    how = rng.randrange(4)
    if how == 0:
        return text[:i]
    if how == 1:
        return text[:i] + bytes([rng.randrange(256)]) + text[i + 1 :]
    if how == 2:
        return text[:i] + rng.choice([b"[", b"{", b"\x80", b'"', b"\\", b"9"]) + text[i:]
    return text[:i] + text[i + 1 :]


def damaged(rng: random.Random) -> bytes:
    record = copy.deepcopy(rng.choice(BASES))
    for _ in range(rng.choice((1, 1, 2, 3))):
        _mutate_tree(record, rng)
    text = json.dumps(record).encode()
    if rng.random() < 0.15:
        text = _mutate_text(text, rng)
    return text


def run_in_process(data: bytes) -> tuple[int, str, str]:
    """``python -m games replay -`` with ``data`` on standard input, inside this process."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["replay", "-"])
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


def check_answer(code: int, out: str, err: str) -> None:
    if code == 0:
        assert err == "" and out.count("\n") == 1 and isinstance(json.loads(out), dict)
    else:
        assert code in (1, 2), (code, err)
        assert out == ""
        assert err.endswith("\n") and err.count("\n") == 1, err
        assert "Traceback" not in err


def test_thousands_of_damaged_records_get_one_line_answers() -> None:
    rng = random.Random(20261123)
    codes = {0: 0, 1: 0, 2: 0}
    for case in range(CASES):
        data = damaged(rng)
        try:
            code, out, err = run_in_process(data)
        except BaseException as exc:  # the test's whole point: report which input crashed
            raise AssertionError(f"case {case} crashed on {data[:300]!r}") from exc
        check_answer(code, out, err)
        codes[code] += 1
    # The mutations reach both error kinds, not only the JSON parser.
    assert codes[1] > 30 and codes[2] > CASES // 3, codes


@pytest.mark.parametrize(
    "edit",
    [
        lambda r: r["deals"][0]["actions"][0].__setitem__("type", ["play"]),
        lambda r: r["deals"][0]["actions"][0].__setitem__("type", {"play": 1}),
        lambda r: r["deals"][0]["actions"][0].__setitem__("seat", [0]),
        lambda r: r.__setitem__("game", ["belote"]),
        lambda r: r.__setitem__("options", {"ta_belote": ["none"]}),
        lambda r: r["deals"][0].__setitem__("deck", {"AS": 1}),
        lambda r: r.__setitem__("seats", {"n": 4}),
    ],
)
def test_the_real_command_answers_unhashable_values_in_one_line(
    edit: Callable[[dict[str, Any]], None], tmp_path: Path
) -> None:
    record = copy.deepcopy(next(b for b in BASES if b["game"] == "belote" and b["deals"]))
    if not record["deals"][0]["actions"]:
        record["deals"][0]["actions"].append({"seat": 0, "type": "pass"})
    edit(record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    check_answer(done.returncode, done.stdout, done.stderr)
