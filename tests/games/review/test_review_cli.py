"""``python -m games review``: its JSON, and its errors, which are the replay's (docs/records.md)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.ai import choose
from games.ai.random_play import deal_shuffled
from games.registry import new_game

ROOT = Path(__file__).resolve().parents[3]


def played(game_name: str, seats: int, seed: int, deals: int = 1) -> dict[str, Any]:
    """A record of ``deals`` deals played by the normal computer player."""
    rng = random.Random(seed)
    game = new_game(game_name, seats=seats, dealer=0)
    for _ in range(deals):
        deal_shuffled(game, rng)
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            game.apply(seat, choose(game.view(seat), game.legal_actions(seat), "normal", rng))
    return game.to_record()


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games", "review", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_line(text: str) -> bool:
    return text.endswith("\n") and text.count("\n") == 1 and "Traceback" not in text


@pytest.fixture(scope="module")
def briscola() -> str:
    return json.dumps(played("briscola", 2, 3))


JSON_REVIEW = ("-", "--seat", "1", "--samples", "4", "--seed", "7", "--json")


@pytest.fixture(scope="module")
def reviewed(briscola: str) -> subprocess.CompletedProcess[str]:
    """One JSON review of the record, read by the shape test and run again by the seed test."""
    return run(*JSON_REVIEW, stdin=briscola)


def test_json_has_the_issue_s_shape(
    briscola: str, reviewed: subprocess.CompletedProcess[str]
) -> None:
    done = reviewed
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) == {
        "format",
        "game",
        "seat",
        "deal",
        "unit",
        "seats",
        "threshold",
        "mistakes",
        "decisions",
    }
    assert (out["game"], out["seat"], out["deal"], out["unit"]) == ("briscola", 1, 0, "card points")
    assert (out["format"], out["seats"], out["threshold"]) == ("atout-review/3", 2, 4.0)
    actions = json.loads(briscola)["deals"][0]["actions"]
    # Every play of seat 1 is a choice while it holds two cards or more: 20 cards, the last forced.
    decisions = out["decisions"]
    assert len(decisions) == 19
    # In the order played (issue 33.4).
    assert [d["action_index"] for d in decisions] == sorted(d["action_index"] for d in decisions)
    assert out["mistakes"] == sum(d["verdict"] == "mistake" for d in decisions)
    for decision in decisions:
        assert set(decision) == {
            "action_index",
            "choice",
            "best",
            "cost",
            "better_share",
            "real",
            "verdict",
            "exact",
            "deals",
            "hindsight",
            "seen",
        }
        played_action = dict(actions[decision["action_index"]])
        assert played_action.pop("seat") == 1
        assert decision["choice"] == played_action
        assert decision["cost"] >= 0 and 0 <= decision["better_share"] <= 1
        assert set(decision["real"]) == {"choice", "best"}
        if decision["cost"] == 0:
            assert decision["best"] == decision["choice"]
        real = decision["real"]
        if decision["cost"] > out["threshold"]:
            assert decision["verdict"] == "mistake"
        elif real["choice"] < real["best"] and not decision["exact"]:
            assert decision["verdict"] == "unlucky" and decision["hindsight"] is not None
        else:
            assert decision["verdict"] == "fine"
        assert played_action["card"] in decision["seen"]["hand"]


def test_an_older_stored_review_does_not_read() -> None:
    # Issue 32.4: what an earlier version stored (no format, no verdicts) is refused whole, so
    # that the bot computes it again instead of showing half of it.
    from games.review import Review, StaleReview

    older = {"game": "briscola", "seat": 0, "deal": 0, "unit": "card points", "decisions": []}
    with pytest.raises(StaleReview):
        Review.from_json(older)


def test_the_same_seed_and_budget_give_the_same_review(
    briscola: str, reviewed: subprocess.CompletedProcess[str]
) -> None:
    # Another process (another hash seed) with the same arguments.
    again = run(*JSON_REVIEW, stdin=briscola)
    assert reviewed.returncode == 0 and reviewed.stdout == again.stdout


def test_text_output_names_every_decision(briscola: str) -> None:
    done = run("-", "--seat", "0", "--samples", "2", stdin=briscola)
    assert done.returncode == 0
    assert done.stdout.startswith("briscola, deal 0, seat 0: 19 decisions, ")
    assert len(done.stdout.splitlines()) == 20


def test_one_decision_is_not_decisions() -> None:
    # Issue 32.15: "1 decisions".
    from games.actions import Action
    from games.review.cli import text
    from games.review.values import Decision, Review, Seen

    seen = Seen(("AS", "2C"), (), "S", None, (), None, None, ("you", "opponent"), 20)
    card = Action("play", card="AS")
    one = Decision(30, card, card, 0.0, 0.0, 1.0, 1.0, 1, True, "fine", None, seen)
    head = text(Review("briscola", 0, 0, "card points", 2, (one,))).splitlines()[0]
    assert head.endswith(
        ": 1 decision, 0 mistakes (costing more than 4 card points), 0 unlucky choices"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seat", "2"), "review: seat 2 is not at the table (seats 0 to 1)\n"),
        (
            ("--seat", "0", "--deal", "3"),
            "review: the record has no deal 3 (it has 1 deal, counted from 0)\n",
        ),
        (
            ("--seat", "0", "--samples", "0"),
            "review: the review needs at least one sampled deal per decision\n",
        ),
    ],
)
def test_exit_2_for_what_cannot_be_reviewed(
    briscola: str, args: tuple[str, ...], message: str
) -> None:
    done = run("-", *args, stdin=briscola)
    assert done.returncode == 2 and done.stdout == "" and done.stderr == message


def test_exit_2_for_a_deal_not_finished() -> None:
    record = played("briscola", 2, 4)
    record["deals"][0]["actions"] = record["deals"][0]["actions"][:10]
    done = run("-", "--seat", "0", stdin=json.dumps(record))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "review: deal 0 is not finished: only a whole deal can be reviewed\n"


def test_exit_2_for_a_malformed_record() -> None:
    done = run("-", "--seat", "0", stdin="{not json")
    assert done.returncode == 2 and done.stdout == "" and one_line(done.stderr)
    assert done.stderr.startswith("malformed record: not JSON")


def test_exit_2_for_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    done = run(str(tmp_path / "missing.json"), "--seat", "0")
    assert done.returncode == 2 and done.stdout == "" and one_line(done.stderr)
    assert done.stderr.startswith("cannot read ")


def test_exit_1_for_an_illegal_action(briscola: str) -> None:
    record = json.loads(briscola)
    first = record["deals"][0]["actions"][0]
    first["seat"] = 1 - first["seat"]
    done = run("-", "--seat", "0", stdin=json.dumps(record))
    assert done.returncode == 1 and done.stdout == "" and one_line(done.stderr)
    assert done.stderr.startswith("deal 0, action 0 (seat ")


def test_exit_2_without_a_seat(briscola: str) -> None:
    done = run("-", stdin=briscola)
    assert done.returncode == 2 and done.stdout == ""
