"""A game is complete on every floor or the suite fails, naming what is missing.

Adding a game means (docs/engines.md, "Adding a game"): its engine in ``games/`` registered in
``games.registry``, with its ``FACTS`` and a typed view; its presenter in
``rendering.presenters``; its words in both locale files; its cog module, loaded by the bot. A
game that lacks one of them would otherwise fall back silently (another game's ranks, no info
panel, a raw key as its name), which is exactly what this test turns into a failure.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.text.i18n import BOT
from games.base import Game
from games.facts import CardFacts
from games.registry import GAME_NAMES, card_facts, game_class, new_game
from rendering.presenters import PRESENTERS
from rendering.words import IMAGES

ROOT = Path(__file__).resolve().parent.parent
SHARED_COGS = {"tables", "leaderboard", "challenge", "review", "puzzle", "seasons", "play"}
"""Cogs that are not a game's."""


def _extensions() -> list[str]:
    """``bot.app.EXTENSIONS``, read from the source so that the test needs no bot running."""
    tree = ast.parse((ROOT / "bot" / "app.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "EXTENSIONS" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return [str(v) for v in value]
    raise AssertionError("bot/app.py has no EXTENSIONS")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_has_every_part(name: str) -> None:
    missing: list[str] = []
    cls = game_class(name)
    if not (isinstance(cls, type) and issubclass(cls, Game) and name == cls.NAME):
        missing.append(f"games.{name}: an engine whose NAME is {name!r}")
    if not isinstance(getattr(cls, "FACTS", None), CardFacts):
        missing.append(f"games.{name}: FACTS (games.facts.CardFacts)")
    else:
        assert card_facts(name) is cls.FACTS
    view = new_game(name).public_view()
    if view["game"] != name:
        missing.append(f"games.{name}: a view whose 'game' is {name!r}")
    if name not in PRESENTERS:
        missing.append(f"rendering.presenters.PRESENTERS[{name!r}]")
    rendering_words = IMAGES.keys("en")
    for key in (f"game_name_{name}",):
        if key not in rendering_words:
            missing.append(f"rendering/locales/en/images.ftl: {key}")
    for locale in BOT.locales():
        if locale == "pt-BR":
            continue  # Brazil writes only what differs from Portugal
        bot_words = BOT.keys(locale)
        for key in (f"game_{name}", f"cmd_{name}", f"cmd_start_{name}"):
            if key not in bot_words:
                missing.append(f"bot/text/locales/{locale}/bot.ftl: {key}")
    if not (ROOT / "cogs" / f"{name}.py").is_file():
        missing.append(f"cogs/{name}.py")
    if f"cogs.{name}" not in _extensions():
        missing.append(f"bot.app.EXTENSIONS: 'cogs.{name}'")
    assert missing == [], f"{name} is incompletely registered: {', '.join(missing)}"


def test_nothing_is_registered_for_a_game_that_does_not_exist() -> None:
    assert set(PRESENTERS) == set(GAME_NAMES)
    game_cogs = {p.stem for p in (ROOT / "cogs").glob("*.py")} - {"__init__"} - SHARED_COGS
    assert game_cogs == set(GAME_NAMES), "a cog module without a registered game (or the reverse)"
    extensions = {e.removeprefix("cogs.") for e in _extensions()} - SHARED_COGS
    assert extensions == set(GAME_NAMES)
