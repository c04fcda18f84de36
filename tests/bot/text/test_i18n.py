"""Every sentence the bot can say exists in the English locale file."""

from __future__ import annotations

import re
from pathlib import Path

from bot.storage.tables.interface import AI_LEVELS
from bot.text.i18n import has_key, t
from games.registry import GAME_NAMES

ROOT = Path(__file__).resolve().parents[3]
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z0-9_]+)["']\s*[,)]""")
DESCRIBE_KEY = re.compile(r"""\bdescribe\(\s*["']([a-z0-9_]+)["']\s*\)""")

ERRORS = (
    "not_seated",
    "stale",
    "not_your_turn",
    "not_playing",
    "illegal",
    "lobby_closed",
    "already_seated",
    "lobby_full",
    "bad_level",
    "lobby_not_full",
    "malformed",
    "starter_only",
)


def test_every_literal_key_exists() -> None:
    sources = [*ROOT.joinpath("bot").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")]
    keys = set()
    for source in sources:
        text = source.read_text(encoding="utf-8")
        keys |= set(LITERAL_KEY.findall(text)) | set(DESCRIBE_KEY.findall(text))
    assert len(keys) > 50
    missing = sorted(k for k in keys if not has_key(k))
    assert not missing


def test_every_built_key_exists() -> None:
    built = [f"game_{g}" for g in GAME_NAMES] + [f"level_{lv}" for lv in AI_LEVELS]
    built += [f"error_{e}" for e in ERRORS]
    built += [f"action_{a}" for a in ("pass", "coinche", "surcoinche")]
    built += [f"bid_{w}" for w in ("capot", "generale")]
    built += [f"event_{e}" for e in ("coinche", "surcoinche", "belote", "rebelote")]
    assert [k for k in built if not has_key(k)] == []


def test_arguments_are_filled_in_and_unknown_locales_fall_back_to_english() -> None:
    assert t("turn_play", "en", name="Marie") == "Marie to play"
    assert t("turn_play", "de", name="Marie") == "Marie to play"
    assert t("turn_play", "fr", name="Marie") == "À Marie de jouer"
    assert t("rule_value", "en", key="La vache", help="x") == "**La vache** — x"
    assert t("turn_play", locale="en", name="Marie") == "Marie to play"


def test_card_letters_in_text_are_the_letters_on_the_cards() -> None:
    """A card button and a sentence write a French-suited card as its picture's corner does:
    Portugal's "D♠" on a button under a queen drawn "D" (the buttons said "Q♠"), Brazil's
    "Q♠" as Copag prints it."""
    from bot.text.cards import rank_letter
    from i18n.locales import LOCALES
    from rendering.words import text as image_text

    for locale in LOCALES:
        for rank in "JQKA":
            assert rank_letter(rank, locale) == image_text(f"corner_{rank}", locale), locale
