"""Sentences about a table: the one line under the table image, deal summaries, the result
(events in words are ``bot.text.events``, cards ``bot.text.cards``, house rules
``bot.text.rules``).

Everything is drawn from the public view and the game's public results, so no sentence can
reveal a hidden card; every word goes through ``t``.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.text.cards import card_name, trump_word
from bot.text.events import event_text
from bot.text.i18n import t
from games.base import Game
from games.views import DealResultEvent, Decision, Event, GameView
from rendering.info import SideLabel
from rendering.info import side_names as rendering_side_names

TURN_KEYS: dict[Decision, str] = {
    "take": "turn_take",
    "bid": "turn_bid",
    "exchange": "turn_exchange",
    "trump": "turn_trump",
    "play": "turn_play",
}
"""The sentence for each decision the engine says the seat to act faces (``view["decision"]``)."""


def side_names(game: Game, names: list[str]) -> list[SideLabel]:
    """Each side's players' names, every name shown (sentences have room); the labelling is the
    images' (``rendering.info.side_names``), the teams the engine's."""
    return rendering_side_names(game.teams(), names, max_joined=None)


STATUS_LENGTH = 150
"""Longest status line, in characters: one line under the table on a phone."""
RECENT = 3
"""At most this many recent actions in the status line."""


def recent_actions(
    view: GameView, names: list[str], locale: str = "en", *, game: str, deck_style: str
) -> list[str]:
    """What happened lately, oldest first: the calls and announcements since the last trick was
    gathered, then the cards of the trick on the table; on an empty table after a trick, its
    last card and who won it. The engines keep no event per card played, so plays are read from
    the trick on the table, which is public."""
    events = [e for e in view.get("events") or [] if isinstance(e, dict)]
    last_trick = max((i for i, e in enumerate(events) if e.get("type") == "trick"), default=-1)

    def said(event: Event) -> str | None:
        return event_text(event, names, locale, game=game, deck_style=deck_style)

    def played(entry: object) -> str | None:
        if not (isinstance(entry, list | tuple) and len(entry) == 2):
            return None
        seat, card = entry
        if not (isinstance(seat, int) and 0 <= seat < len(names) and isinstance(card, str)):
            return None
        name = names[seat]
        return t("event_play", locale, name=name, card=card_name(card, game, deck_style, locale))

    actions = [text for e in events[last_trick + 1 :] if (text := said(e))]
    trick = view.get("trick") or []
    if trick:
        actions += [text for entry in trick if (text := played(entry))]
    elif last_trick >= 0 and not actions:
        finished = view.get("last_trick") or []
        last_card = played(finished[-1]) if finished else None
        actions = [a for a in (last_card, said(events[last_trick])) if a]
    return actions


def status_line(game: Game, names: list[str], locale: str = "en", deck_style: str = "auto") -> str:
    """What is happening, on one line: the last actions in the order they were made, card plays
    included ("bob played 10♠ · Computer 2 played J♠"), then whose turn it is. The oldest actions
    are left out first when the line would grow too long."""
    view = game.public_view()
    if game.over:
        turn = t("status_over", locale)
    elif game.to_act is not None:
        decision = view["decision"]
        key = TURN_KEYS[decision] if decision is not None else "turn_act"
        turn = t(key, locale, name=names[game.to_act])
    elif game.awaiting_deck:
        turn = t("status_dealing", locale)
    else:
        turn = ""
    actions = recent_actions(view, names, locale, game=game.NAME, deck_style=deck_style)
    actions = actions[-RECENT:]
    while actions:
        line = " — ".join(part for part in (" · ".join(actions), turn) if part)
        if len(line) <= STATUS_LENGTH or len(actions) == 1:
            return line
        actions = actions[1:]
    return turn


def scores_text(values: list[int], sides: list[SideLabel]) -> str:
    return ", ".join(f"{side.text} {value}" for side, value in zip(sides, values, strict=False))


def deal_summary(
    game: Game, names: list[str], index: int, locale: str = "en", deck_style: str = "auto"
) -> str:
    """The deal in one line, for notifications and screen readers: the image posted with it
    carries the details (card points, melds per side), so every number is said once here. The
    running score is left out when it equals the deal's (the first deal)."""
    result = game.deal_results[index]
    sides = side_names(game, names)
    parts = [t("deal_summary_title", locale, number=index + 1)]
    if result.get("trick_points") is None:
        parts.append(t("deal_passed_out", locale))
    else:
        parts.extend(
            line.rstrip(".") for line in deal_details(game, names, index, locale, deck_style)
        )
    parts.append(t("deal_scores", locale, scores=scores_text(result["scores"], sides)))
    totals = list(game.totals) if index == len(game.deal_results) - 1 else None
    if totals is not None and totals != list(result["scores"]):
        parts.append(t("deal_totals", locale, scores=scores_text(totals, sides)))
    return " · ".join(parts)


def deal_details(
    game: Game, names: list[str], index: int, locale: str = "en", deck_style: str = "auto"
) -> list[str]:
    """The contract and whether it was made, melds and belote: from the public events of the
    deal, which the engine keeps until the next deal is dealt (so only for the latest deal)."""
    if index != len(game.deal_results) - 1:
        return []
    view = game.public_view()
    result: DealResultEvent | None = next(
        (e for e in reversed(view["events"]) if e["type"] == "deal_result"), None
    )
    if result is None:
        return []
    return outcome_lines(
        view["contract"] or {}, result, names, game.teams(), game.NAME, locale, deck_style
    )


def outcome_lines(
    contract: Mapping[str, object],
    result: Mapping[str, object],
    names: list[str],
    teams: list[list[int]],
    game: str,
    locale: str = "en",
    deck_style: str = "auto",
) -> list[str]:
    """``deal_details`` from what a finished deal leaves: its contract (the public view's), its
    ``deal_result`` event, the seats' names and the teams. A challenge keeps these of every
    deal played, and words them for each reader (``bot.challenge.screens``)."""
    sides = rendering_side_names(teams, names, max_joined=None)

    def name(seat: object) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    lines: list[str] = []
    outcome = result.get("outcome")
    if outcome is not None and contract:
        # Read alike for every game's contract (the keys differ: taker or declarer, multiplier).
        seat = contract.get("declarer", contract.get("taker"))
        trump = trump_word(str(contract.get("trump")), locale)
        value = contract.get("value")
        if value is None:
            what = trump
        elif isinstance(value, int):
            what = f"{value} {trump}"
        else:
            what = f"{t('bid_' + str(value), locale)} {trump}"
        multiplier = contract.get("multiplier")
        if isinstance(multiplier, int) and multiplier > 1:
            what += f" ×{multiplier}"
        lines.append(
            t(
                "deal_contract",
                locale,
                name=name(seat),
                contract=what,
                outcome=t(f"outcome_{outcome}", locale),
            )
        )
    if "declarer" in result and "success" in result:
        called = result.get("called_card")
        partner = (
            t("deal_alone", locale)
            if result.get("alone")
            else t("deal_partner", locale, name=name(result.get("partner")))
        )
        lines.append(
            t(
                "deal_call",
                locale,
                name=name(result.get("declarer")),
                card=card_name(str(called), game, deck_style, locale) if called else "?",
                partner=partner,
                points=result.get("points"),
                target=result.get("target"),
                outcome=t("outcome_success" if result["success"] else "outcome_failure", locale),
            )
        )
    melds = result.get("melds")
    if isinstance(melds, list) and any(melds):
        lines.append(t("deal_melds", locale, scores=scores_text(melds, sides)))
    belote = result.get("belote")
    if isinstance(belote, list) and any(belote):
        lines.append(t("deal_belote", locale, scores=scores_text(belote, sides)))
    if result.get("bandeira") or result.get("cappotto"):
        lines.append(t("deal_sweep", locale))
    return lines


def game_result(game: Game, names: list[str], locale: str = "en") -> str:
    """Who won, in one line with the final score once: games won where the match counts games
    (Briscola, Sueca, Piquet's match), else the points; the score sheet image holds the rest."""
    sides = side_names(game, names)
    winners = [sides[w] for w in game.winners if 0 <= w < len(sides)]
    if winners:
        count = sum(side.count for side in winners)
        head = t("result_winners", locale, names=", ".join(w.text for w in winners), count=count)
    else:
        head = t("result_no_winner", locale)
    games_won = game.result_extras().get("games_won")
    if isinstance(games_won, list):
        tail = t("result_games_won", locale, scores=scores_text(games_won, sides))
    else:
        tail = t("deal_totals", locale, scores=scores_text(list(game.totals), sides))
    return f"{head} {tail}"
