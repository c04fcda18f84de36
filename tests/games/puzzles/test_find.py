"""``find_puzzles`` and ``python -m games puzzles``: single-dummy puzzles, never a forced or
obvious position, the JSON of the issue, the replay's errors, and the same puzzles every time."""

from __future__ import annotations

import io
import json
import random
import sys
from typing import Any

import pytest

from games.__main__ import main
from games.ai.random_play import deal_shuffled
from games.ai.search import play_values
from games.puzzles import find_puzzles
from games.puzzles.exact import CHOICES
from games.puzzles.single import SHARE, single_position, solve_single
from games.records import loads
from games.review.worlds import determined
from tests.games.puzzles.brute import played


@pytest.fixture(scope="module")
def sueca() -> dict[str, Any]:
    """A Sueca deal with open-hand and single-dummy puzzles."""
    return played("sueca", 4, 21).to_record()


@pytest.fixture(scope="module")
def puzzles(sueca: dict[str, Any]) -> list[dict[str, Any]]:
    return [p.to_json() for p in find_puzzles(loads(json.dumps(sueca)))]


def cli(capsys: pytest.CaptureFixture[str], *args: str, stdin: str = "") -> tuple[int, str, str]:
    """``python -m games ARGS`` in this process: its exit code, standard output and error."""
    real = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        code = main(list(args))
    finally:
        sys.stdin = real
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_json_has_the_issue_s_shape(
    puzzles: list[dict[str, Any]], sueca: dict[str, Any]
) -> None:
    assert {p["kind"] for p in puzzles} == {"open", "single"}
    actions = sueca["deals"][0]["actions"]
    for p in puzzles:
        assert set(p) == {
            "game",
            "deal",
            "action_index",
            "seat",
            "kind",
            "goal",
            "answer",
            "alternatives",
            "line",
        }
        assert (p["game"], p["deal"]) == ("sueca", 0)
        # action_index is where the seat is to act; actions are written as the records write them.
        assert actions[p["action_index"]]["seat"] == p["seat"]
        assert p["answer"] == {"seat": p["seat"], "type": "play", "card": p["answer"]["card"]}
        assert p["alternatives"][0]["action"] == p["answer"]
        assert all(set(a) == {"action", "value"} for a in p["alternatives"])
        assert p["line"][0] == p["answer"]
        assert all(set(a) == {"seat", "type", "card"} for a in p["line"])
        if p["kind"] == "open":
            assert p["goal"] == {
                "type": "card_points",
                "at_least": p["goal"]["at_least"],
                "of": p["goal"]["of"],
            }
            assert p["alternatives"][0]["value"] == p["goal"]["at_least"]
        else:
            assert set(p["goal"]) == {"type", "share", "deals", "unit"}
            assert p["goal"]["type"] == "best" and p["goal"]["share"] >= SHARE


def test_never_a_forced_or_obvious_position(puzzles: list[dict[str, Any]]) -> None:
    for p in puzzles:
        values = [a["value"] for a in p["alternatives"]]
        assert len(values) >= CHOICES  # never one card, nor a choice of two
        assert values[0] > max(values[1:])  # never a position where every card does as well


def test_a_single_dummy_answer_is_better_in_nine_deals_of_ten(sueca: dict[str, Any]) -> None:
    record = loads(json.dumps(sueca))
    game = record.new_game()
    game.deal(record.deals[0].deck)
    checked = 0
    for index, (seat, action) in enumerate(record.deals[0].actions):
        if single_position(game, seat):
            assert not determined(game.view(seat))
            found = solve_single(game, seat, random.Random(index))
            if found is not None:
                # The same deals drawn again, judged here card against card.
                cards = [a.card or "" for a, _ in found.values]
                valued = play_values(game.view(seat), cards, random.Random(index), 40, dd_cards=14)
                mine = valued.values[found.answer.card or ""]
                for other in cards[1:]:
                    better = sum(a > b for a, b in zip(mine, valued.values[other], strict=True))
                    assert better >= SHARE * len(mine)
                checked += 1
        game.apply(seat, action)
    assert checked >= 1


def test_a_deal_s_puzzles_do_not_depend_on_the_other_deals(
    sueca: dict[str, Any], puzzles: list[dict[str, Any]]
) -> None:
    game = played("sueca", 4, 21)
    rng = random.Random(1)
    deal_shuffled(game, rng)
    while not game.awaiting_deck:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    record = loads(json.dumps(game.to_record()))
    assert [p.to_json() for p in find_puzzles(record, deal=0)] == puzzles


def test_the_command_prints_the_puzzles(
    capsys: pytest.CaptureFixture[str], sueca: dict[str, Any], puzzles: list[dict[str, Any]]
) -> None:
    code, out, err = cli(capsys, "puzzles", "-", "--json", stdin=json.dumps(sueca))
    assert (code, err) == (0, "")
    assert json.loads(out) == {"puzzles": puzzles}
    code, out, _ = cli(capsys, "puzzles", "-", "--deal", "0", stdin=json.dumps(sueca))
    assert code == 0 and out.count("answer ") == len(puzzles)


@pytest.mark.parametrize(
    ("stdin", "args", "code", "message"),
    [
        ("{not json", (), 2, "malformed record: not JSON"),
        (
            '{"format": "atout-record/1", "game": "tarot", "deals": []}',
            (),
            2,
            "malformed record: unknown game",
        ),
        ("", ("--deal", "1"), 2, "puzzles: the record has no deal 1"),
        ("unfinished", ("--deal", "0"), 2, "puzzles: deal 0 is not finished"),
        ("illegal", (), 1, "deal 0, action 0 (seat"),
    ],
)
def test_errors_are_the_replay_s(
    capsys: pytest.CaptureFixture[str],
    sueca: dict[str, Any],
    stdin: str,
    args: tuple[str, ...],
    code: int,
    message: str,
) -> None:
    record = json.loads(json.dumps(sueca))
    if stdin == "":
        stdin = json.dumps(record)
    elif stdin == "unfinished":
        record["deals"][0]["actions"] = record["deals"][0]["actions"][:-1]
        stdin = json.dumps(record)
    elif stdin == "illegal":
        record["deals"][0]["actions"][0]["card"] = record["deals"][0]["actions"][1]["card"]
        stdin = json.dumps(record)
    got, out, err = cli(capsys, "puzzles", "-", *args, stdin=stdin)
    assert (got, out) == (code, "")
    assert err.startswith(message) and err.count("\n") == 1


def test_an_unreadable_file_is_said_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    code, out, err = cli(capsys, "puzzles", str(tmp_path / "missing.json"))
    assert (code, out) == (2, "")
    assert err.startswith("cannot read") and err.count("\n") == 1
