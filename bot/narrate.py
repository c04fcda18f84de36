"""Sentences about a table: the one line under the table image, deal summaries, the result.

Everything is drawn from the public view and the game's public results, so no sentence can
reveal a hidden card; every word goes through ``t``.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from games.base import Game
from games.cards import RANK_NAMES, SUIT_NAMES, card_label, trump_label

TURN_KEYS = {
    "taking": "turn_take",
    "auction": "turn_bid",
    "bidding": "turn_bid",
    "exchange": "turn_exchange",
    "trump": "turn_trump",
    "play": "turn_play",
}


def side_names(game: Game, names: list[str]) -> list[str]:
    members: list[list[str]] = [[] for _ in range(game.sides)]
    for seat, name in enumerate(names):
        members[game.side_of(seat)].append(name)
    return [" & ".join(m) for m in members]


def event_text(event: dict[str, Any], names: list[str], locale: str = "en") -> str | None:
    """One public event in words, or None for events the table image already shows."""
    kind = event.get("type")
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if kind == "trick":
        winner = event.get("winner", seat)
        name = names[winner] if isinstance(winner, int) else who
        return t("event_trick", locale, name=name)
    if kind == "pass":
        return t("event_pass", locale, name=who)
    if kind == "take":
        return t("event_take", locale, name=who, trump=trump_label(str(event.get("trump"))))
    if kind == "bid":
        value = event.get("value")
        return t(
            "event_bid", locale, name=who, value=value, trump=trump_label(str(event.get("trump")))
        )
    if kind in ("coinche", "surcoinche"):
        return t(f"event_{kind}", locale, name=who)
    if kind == "call":
        rank = str(event.get("rank"))
        points = event.get("points")
        if points:
            return t(
                "event_call_points",
                locale,
                name=who,
                rank=RANK_NAMES.get(rank, rank),
                points=points,
            )
        return t("event_call", locale, name=who, rank=RANK_NAMES.get(rank, rank))
    if kind == "trump":
        suit = str(event.get("suit") or event.get("trump"))
        called = event.get("called_card")
        if called:
            return t(
                "event_trump_called",
                locale,
                name=who,
                suit=SUIT_NAMES.get(suit, suit),
                card=card_label(str(called)),
            )
        return t("event_trump", locale, name=who, suit=SUIT_NAMES.get(suit, suit))
    if kind == "exchange":
        return t("event_exchange", locale, name=who, count=event.get("count", ""))
    if kind in ("belote", "rebelote"):
        return t(f"event_{kind}", locale, name=who)
    if kind == "redeal":
        return t("event_redeal", locale)
    if kind == "declarer":
        rank = str(event.get("rank"))
        return t("event_declarer", locale, name=who, rank=RANK_NAMES.get(rank, rank))
    if kind == "partner":
        return t("event_alone" if event.get("alone") else "event_partner", locale, name=who)
    if kind in ("carte_blanche", "pique", "repique"):
        return t(f"event_{kind}", locale, name=who)
    return None


def status_line(game: Game, names: list[str], locale: str = "en") -> str:
    """What is happening: the last thing that happened, then whose turn it is."""
    view = game.public_view()
    parts: list[str] = []
    for event in reversed(view.get("events") or []):
        text = event_text(event, names, locale)
        if text:
            parts.append(text)
            break
    if game.over:
        parts.append(t("status_over", locale))
    elif game.to_act is not None:
        key = TURN_KEYS.get(str(view.get("phase")), "turn_act")
        parts.append(t(key, locale, name=names[game.to_act]))
    elif game.awaiting_deck:
        parts.append(t("status_dealing", locale))
    return " — ".join(parts)


def scores_text(values: list[int], sides: list[str]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(sides, values, strict=False))


def deal_summary(game: Game, names: list[str], index: int, locale: str = "en") -> str:
    result = game.deal_results[index]
    sides = side_names(game, names)
    lines = [t("deal_summary_title", locale, number=index + 1)]
    if result.get("trick_points") is None:
        lines.append(t("deal_passed_out", locale))
    else:
        lines.append(
            t("deal_card_points", locale, points=scores_text(result["trick_points"], sides))
        )
    lines.append(t("deal_scores", locale, scores=scores_text(result["scores"], sides)))
    totals = list(game.totals) if index == len(game.deal_results) - 1 else None
    if totals is not None:
        lines.append(t("deal_totals", locale, scores=scores_text(totals, sides)))
    return "\n".join(lines)


def game_result(game: Game, names: list[str], locale: str = "en") -> str:
    sides = side_names(game, names)
    winners = [sides[w] for w in game.winners if 0 <= w < len(sides)]
    lines = []
    if winners:
        lines.append(t("result_winners", locale, names=", ".join(winners)))
    else:
        lines.append(t("result_no_winner", locale))
    lines.append(t("deal_totals", locale, scores=scores_text(list(game.totals), sides)))
    games_won = game.result_extras().get("games_won")
    if isinstance(games_won, list):
        lines.append(t("result_games_won", locale, scores=scores_text(games_won, sides)))
    return "\n".join(lines)


def options_line(options: dict[str, Any], defaults: dict[str, Any], locale: str = "en") -> str:
    """House rules in one line: only what differs from the RULES.md defaults."""
    changed = [
        f"{k} = {option_text(v, locale)}" for k, v in options.items() if defaults.get(k) != v
    ]
    return ", ".join(changed) if changed else t("rules_standard", locale)


def option_text(value: Any, locale: str = "en") -> str:
    """A rule's value as players read it: booleans in words, the rest as written in RULES.md."""
    if isinstance(value, bool):
        return t("value_on" if value else "value_off", locale)
    return str(value)
