"""The built-in puzzles and what a puzzle's image may show: every built-in position replays to
its seat's turn with the answer legal and alone reaching the goal; all six games are there; a
single-dummy puzzle's image gets no other hand, an open-hand one every other hand."""

from __future__ import annotations

import asyncio
import collections
from typing import Any

import pytest

import bot.puzzles.screens
from bot.puzzles.builtin import builtin_key, builtin_puzzles
from bot.puzzles.screens import Shown, question
from bot.puzzles.words import card, values_text
from bot.storage.puzzles.interface import StoredPuzzle
from bot.storage.ratings.model import GAMES
from bot.text.i18n import t
from games.puzzles.position import from_json, position


def test_every_built_in_puzzle_is_a_puzzle_of_its_position() -> None:
    entries = builtin_puzzles()
    assert len({builtin_key(e) for e in entries}) == len(entries) >= 250
    games = collections.Counter(e.game for e in entries)
    assert set(games) == set(GAMES) and min(games.values()) >= 40
    for entry in entries:
        puzzle = from_json(entry.puzzle)
        game = position(entry.record)
        assert puzzle.kind == "open" and game.to_act == puzzle.seat
        legal = {a.card for a in game.legal_actions(puzzle.seat)}
        assert {a.card for a, _ in puzzle.alternatives} == legal and len(legal) >= 3
        assert puzzle.answer == puzzle.alternatives[0][0] == puzzle.line[0][1]
        best, *rest = (v for _, v in puzzle.alternatives)
        if puzzle.goal["type"] != "contract":  # a contract's values are the deal's margins
            assert best >= puzzle.goal["at_least"] > max(rest)


def _stored(kind: str) -> StoredPuzzle:
    entry = next(e for e in builtin_puzzles() if e.game == "sueca")
    puzzle = dict(entry.puzzle, kind=kind)
    if kind == "single":
        puzzle["goal"] = {"type": "best", "share": 0.95, "deals": 40, "unit": "card points"}
    return StoredPuzzle(1, "k", None, None, "sueca", kind, puzzle, entry.record, [], "")


@pytest.mark.parametrize(("kind", "others"), [("single", 0), ("open", 3)])
def test_the_image_shows_the_hands_the_puzzle_shows(
    monkeypatch: pytest.MonkeyPatch, kind: str, others: int
) -> None:
    drawn: list[Any] = []

    def render(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(args)
        return b"png"

    monkeypatch.setattr(bot.puzzles.screens, "render_puzzle", render)
    shown = Shown.of(_stored(kind))
    screen = asyncio.run(question(shown, "en"))
    [(view, names, _bots, hands, legal, *_)] = drawn
    assert view["seat"] == shown.puzzle.seat and names[shown.puzzle.seat] == "You"
    assert len(hands) == others
    assert sorted(legal) == sorted(shown.choices)
    assert screen.view is not None and len(screen.view.children) == len(shown.choices)


def test_a_contract_puzzle_says_the_answer_alone_reaches_it() -> None:
    entry = next(e for e in builtin_puzzles() if e.puzzle["goal"]["type"] == "contract")
    puzzle = from_json(entry.puzzle)
    text = values_text(puzzle, "en")
    answer = card(puzzle.answer.card or "", puzzle.game, "en")
    assert t("puzzle_value_met", card=answer) in text
    for action, _ in puzzle.alternatives[1:]:
        assert t("puzzle_value_missed", card=card(action.card or "", puzzle.game, "en")) in text


def test_the_daily_post_draws_the_public_table_only(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Any] = []

    async def table_file(view: Any, *args: Any) -> Any:
        drawn.append(view)
        return None

    monkeypatch.setattr(bot.puzzles.screens, "table_file", table_file)
    shown = Shown.of(_stored("open"))
    screen = asyncio.run(bot.puzzles.screens.post(shown, "2026-11-28", "en"))
    [view] = drawn
    assert view["hand"] == [] and view["seat"] == shown.puzzle.seat
    assert screen.view is not None and len(screen.view.children) == 1
