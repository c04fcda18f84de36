"""House rules in words: a rule's name, its value and its help, one line of what differs from
the standard rules, and the one sentence that sums a table's rules up (the lobby, ``/table
rules``, the house-rules selects)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.text.i18n import has_key, t
from i18n.numbers import number


def option_text(value: object, locale: str = "en", key: str | None = None) -> str:
    """A rule's value as players read it: booleans and the choices of ``key`` in words from the
    catalogue (``rule_value_<key>_<value>``), numbers with thousands separators."""
    if isinstance(value, bool):
        return t("value_on" if value else "value_off", locale)
    if key is not None and has_key(f"rule_value_{key}_{value}"):
        return t(f"rule_value_{key}_{value}", locale)
    if isinstance(value, int):
        return number(value, locale)
    return str(value)


def rule_label(key: str, locale: str = "en") -> str:
    """A rule's name as players say it ("SA/TA bids"), or its key if the catalogue lacks it."""
    return t(f"rule_{key}", locale) if has_key(f"rule_{key}") else key


def rule_help(key: str, locale: str = "en", default: str = "") -> str:
    """A rule's one-line explanation from the catalogue (the engine's note if it lacks one)."""
    return t(f"rule_help_{key}", locale) if has_key(f"rule_help_{key}") else default


HEADLINE: dict[str, tuple[str, ...]] = {
    "belote": ("melds_enabled",),
    "coinche": ("melds_enabled", "sa_ta_enabled"),
}
"""Rules every table of a game states in its summary, changed or not: what players ask first."""


def rules_summary(
    game: str,
    options: Mapping[str, object],
    defaults: Mapping[str, object],
    locale: str = "en",
    *,
    single_deals: bool = False,
) -> str:
    """The table's rules in one sentence: how the game is won ("Coinche to 1,000 points"), the
    rules players ask about first ("melds on · SA/TA allowed"), then every other rule that
    differs from the standard one, in words. ``options`` are the rules in force (defaults
    filled in). With ``single_deals`` (a challenge, whose every deal stands alone) how a game
    is won is left out: nobody plays to 3,000 points there."""
    name = t(f"game_{game}", locale)
    if single_deals:
        parts = [name]
    elif options.get("scoring_mode") == "rubicon":
        parts = [t("rules_summary_rubicon", locale, game=name)]
    elif isinstance(target := options.get("target_score"), int):
        parts = [t("rules_summary_target", locale, game=name, target=number(target, locale))]
    elif isinstance(hands := options.get("hands_to_win"), int):
        parts = [t("rules_summary_hands", locale, game=name, count=hands)]
    elif isinstance(games := options.get("games_to_win"), int):
        parts = [t("rules_summary_games", locale, game=name, count=games)]
    elif isinstance(options.get("match_deals"), int):
        parts = [t("rules_summary_deals", locale, game=name, count=options["match_deals"])]
    else:
        parts = [name]
    shown = {"target_score", "hands_to_win", "games_to_win", "match_deals", "scoring_mode"}
    for key in HEADLINE.get(game, ()):
        if key in options:
            word = "melds" if key == "melds_enabled" else "sa_ta"
            parts.append(t(f"rules_{word}_{'on' if options[key] else 'off'}", locale))
            shown.add(key)
    for key, value in options.items():
        if key not in shown and key in defaults and defaults[key] != value:
            label = rule_label(key, locale)
            parts.append(
                t("rules_changed", locale, label=label, value=option_text(value, locale, key))
            )
    return " · ".join(parts)
