"""Engines refuse with codes: every code raised has an English sentence (the CLI's and the
records'), every sentence is raised somewhere, and the images catalogue words each code."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import games
from games.base import IllegalAction
from games.reasons import ENGLISH
from rendering import words

GAMES_DIR = Path(games.__file__).resolve().parent


def raised_codes() -> set[str]:
    """The literal codes of every ``IllegalAction(...)`` in games/ and of ``illegal_play``'s
    answers (the Belote family's play refusals)."""
    codes: set[str] = set()
    for path in GAMES_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                if isinstance(node.args[0], ast.Name):
                    continue  # IllegalAction(code, **params) passes illegal_play's code on
                first = node.args[0]
                options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for option in options:
                    assert isinstance(option, ast.Constant), f"{path.name}:{node.lineno}"
                    codes.add(str(option.value))
            if isinstance(node, ast.FunctionDef) and node.name == "illegal_play":
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                        head = ret.value.elts[0]
                        assert isinstance(head, ast.Constant)
                        codes.add(str(head.value))
    return codes


def test_every_code_raised_has_an_english_sentence() -> None:
    assert len(raised_codes()) > 50
    assert raised_codes() - set(ENGLISH) == set()


def test_every_sentence_is_raised() -> None:
    assert set(ENGLISH) - raised_codes() == set()


def test_the_images_catalogue_words_every_code() -> None:
    english = words.IMAGES.keys("en")
    assert {f"illegal_{code}" for code in ENGLISH} == {
        k for k in english if k.startswith("illegal_")
    }


def test_the_exception_keeps_the_engines_english() -> None:
    exc = IllegalAction("not_your_turn", seat=2)
    assert str(exc) == exc.reason == "it is seat 2's turn"
    assert exc.code == "not_your_turn"
    assert json.loads(json.dumps(exc.params)) == {"seat": 2}
    higher = IllegalAction("must_play_higher", suit="S", card="7S", winner_card="AS")
    assert higher.reason == "must play a higher spade: 7S does not beat AS"
    assert IllegalAction("no_such_action", game="briscola", action="bid").reason == (
        "briscola has no 'bid' action"
    )
