"""Every number a player reads goes through the locale (issue 25): the bot's formatting helpers
default to English, so a call that forgets the locale writes "67.5%" in a French message. This
reads the bot's source for every call of them and finds the ones without a locale."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FORMATTERS = {"number", "signed", "percent", "matchpoints", "rating_text", "format_decimal"}
"""Helpers whose last argument (or ``locale=``) is the reader's language."""


def unlocalised_calls(source: str, where: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in FORMATTERS:
            continue
        if any(k.arg == "locale" for k in node.keywords):
            continue
        needed = 3 if name == "rating_text" else 2
        if len(node.args) < needed:
            found.append(f"{where}:{node.lineno} {name}")
    return found


def test_every_number_formatter_is_given_the_readers_locale() -> None:
    missing = []
    for folder in ("bot", "cogs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = str(path.relative_to(ROOT))
            missing += unlocalised_calls(path.read_text("utf-8"), where)
    assert missing == []


def test_the_scan_finds_a_call_without_locale() -> None:
    sample = "a = matchpoints(x)\nb = number(3, locale)\nc = percent(v, locale=loc)\n"
    assert unlocalised_calls(sample, "s") == ["s:1 matchpoints"]
