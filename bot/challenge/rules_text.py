"""The house rules of ``/challenge new`` and ``/challenge daily``, written as ``key=value`` pairs.

A challenge takes any rule its game has (docs/rules.md), not only the few ``/<game> start``
offers as options: Discord cannot list every rule of six games on one command, so the rules are
typed by their docs/rules.md names (``sa_ta_enabled=true target_score=1000``), read here into JSON
values, then checked by the engine like any table's (``Game.check_options``).
"""

from __future__ import annotations

import re
from typing import Any

from games.options import OptionError, OptionSpec
from games.registry import game_class

TRUE = frozenset({"true", "yes", "on", "1"})
FALSE = frozenset({"false", "no", "off", "0"})


class RuleTextError(ValueError):
    """A piece of the text that is not ``key=value``."""

    def __init__(self, piece: str) -> None:
        self.piece = piece
        super().__init__(piece)


def _value(spec: OptionSpec, text: str) -> Any:  # a JSON value of the rule
    if spec.kind == "bool":
        if text.lower() in TRUE:
            return True
        if text.lower() in FALSE:
            return False
        return text
    if spec.kind == "int":
        return int(text) if re.fullmatch(r"-?[0-9]+", text) else text
    for choice in spec.choices or ():
        if str(choice) == text:
            return choice
    return text


def parse_rules(game: str, text: str | None) -> dict[str, Any]:  # JSON: rule options
    """The rules of ``text`` as option values; ``RuleTextError`` for a piece that is not a pair.
    Unknown keys and wrong values are left for the engine's check, which names them."""
    specs = {spec.name: spec for spec in game_class(game).OPTIONS}
    rules: dict[str, Any] = {}
    for piece in re.split(r"[\s,;]+", (text or "").strip()):
        if not piece:
            continue
        key, equals, value = piece.partition("=")
        if not equals or not key or not value:
            raise RuleTextError(piece)
        spec = specs.get(key)
        if spec is None:
            raise OptionError(f"unknown option {key!r} for {game}")
        rules[key] = _value(spec, value)
    return rules
