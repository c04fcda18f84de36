"""``/<game> start`` is built from the engines' ``OptionSpec``s (``bot.table.commands.start_command``):
what Discord receives, names, descriptions, choices and their translations, is what the
hand-written commands sent before (tests/data/start_commands.json was taken from them)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.app import EXTENSIONS, AtoutBot, create_bot
from bot.config import Settings
from bot.table.commands import start_command
from bot.text.translator import CatalogueTranslator
from games.options import OptionError, command_specs, integer, on_command
from games.registry import game_class

EXPECTED = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "start_commands.json").read_text("utf-8")
)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[AtoutBot]:
    bot = create_bot(Settings(token=None, db_path=str(tmp_path / "a.sqlite3"), ai_pause_s=0.0))
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    yield bot
    await bot.storage.close()


@pytest.mark.parametrize("game", sorted(EXPECTED))
async def test_the_payload_discord_receives_is_unchanged(bot: AtoutBot, game: str) -> None:
    group = bot.tree.get_command(game)
    assert isinstance(group, app_commands.Group)
    plain = json.loads(json.dumps(group.to_dict(bot.tree)))
    translated = json.loads(
        json.dumps(await group.get_translated_payload(bot.tree, CatalogueTranslator()))
    )
    assert plain == EXPECTED[game]["plain"]
    assert translated == EXPECTED[game]["translated"]


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_the_command_lists_the_flagged_rules_in_their_order(game: str) -> None:
    command = start_command(game)
    names = [p.name for p in command.parameters]
    rules = [spec.name for spec in command_specs(game_class(game).OPTIONS)]
    seats = ["seats"] if len(game_class(game).SEAT_COUNTS) > 1 else []
    assert names == [*seats, *rules, "level", "deck_style", "turn_timer", "language", "open"]
    assert all(not p.required for p in command.parameters)


class Opened:
    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    async def open(self, interaction: Any, game: str, options: dict[str, Any], **kw: Any) -> None:
        self.calls.append({"game": game, "options": options, **kw})


class FakeInteraction:
    def __init__(self) -> None:
        self.client = type("Client", (), {"lobby": Opened()})()


async def test_the_values_given_reach_the_lobby_and_the_empty_ones_stay_defaults() -> None:
    command = start_command("piquet")
    interaction: Any = FakeInteraction()
    await command.callback(None, interaction, target_score=50, scoring_mode=None, level="hard")  # type: ignore[call-arg]
    (call,) = interaction.client.lobby.calls
    assert call["game"] == "piquet" and call["options"] == {"target_score": 50}
    assert call["seats"] is None and call["level"] == "hard"
    command = start_command("briscola")
    await command.callback(None, interaction, seats=4, hands_to_win=None)  # type: ignore[call-arg]
    assert interaction.client.lobby.calls[-1]["seats"] == 4
    assert interaction.client.lobby.calls[-1]["options"] == {}


def test_a_suggested_value_the_engine_would_refuse_is_caught_where_it_is_declared() -> None:
    with pytest.raises(OptionError, match="multiple of 5"):
        integer("match_deals", 5, multiple_of=5, command=1, suggested=(5, 7))
    spec = integer("target_score", 100, command=1, suggested=(50, 100))
    with pytest.raises(OptionError):
        replace(spec, suggested=(0,))


def test_a_shared_rule_takes_each_game_s_place_on_the_command() -> None:
    belote = {s.name: s.command for s in game_class("belote").OPTIONS}
    coinche = {s.name: s.command for s in game_class("coinche").OPTIONS}
    assert belote["melds_enabled"] == 2 and coinche["melds_enabled"] == 3
    with pytest.raises(ValueError, match="no options"):
        on_command(game_class("belote").OPTIONS, no_such_rule=1)


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_one_classmethod_checks_what_the_engine_plays_with(game: str) -> None:
    cls = game_class(game)
    seats = cls.SEAT_COUNTS[-1]
    assert cls.check_options({}, seats) == cls(seats=seats).options
    for spec in command_specs(cls.OPTIONS):
        for value in spec.suggested or spec.choices or (True, False):
            assert cls.check_options({spec.name: value}, seats)[spec.name] == value
    with pytest.raises(OptionError):
        cls.check_options({"no_such_rule": 1})
    with pytest.raises(ValueError, match="players"):
        cls.check_options({}, 7)


async def test_each_bot_holds_the_panels_its_cogs_registered(bot: AtoutBot, tmp_path: Path) -> None:
    for game in ("belote", "coinche", "piquet", "chiamata"):
        assert game in bot.ui.panels
    assert "briscola" not in bot.ui.panels and "sueca" not in bot.ui.panels
    fresh = create_bot(Settings(token=None, db_path=str(tmp_path / "b.sqlite3"), ai_pause_s=0.0))
    try:
        assert "coinche" not in fresh.ui.panels
    finally:
        await fresh.storage.close()
