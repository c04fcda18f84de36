"""Sentences about a table: the one line under the table image, deal summaries, the result.

Everything is drawn from the public view and the game's public results, so no sentence can
reveal a hidden card; every word goes through ``t``.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.text.i18n import has_key, t
from games.base import Game
from games.cards import SUITS
from games.views import DealResultEvent, Decision, Event, GameView
from rendering.cards import rank_label, resolve_style
from rendering.i18n import number
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
SUIT_EMOJI = {"S": "♠️", "H": "♥️", "D": "♦️", "C": "♣️"}
"""French suits as Discord's coloured emoji, in buttons and sentences alike: red hearts and
diamonds, black spades and clubs drawn with a light edge, so they read in both themes (a plain
``♠`` takes the text's colour and is dim on the dark theme)."""


def italian(game: str, deck_style: str) -> bool:
    return resolve_style(game, deck_style) == "italian"


def rank_letter(rank: str, locale: str = "en") -> str:
    """A French-suited card's index as the language's players write it: ``V`` (valet) for a
    French jack, ``J`` in English; numbers stay numbers and the ten is ``10``."""
    if rank == "T":
        return "10"
    return t(f"rank_letter_{rank}", locale) if rank in "JQKA" and len(rank) == 1 else rank


def card_name(card: str, game: str, deck_style: str = "auto", locale: str = "en") -> str:
    """A card in a sentence: ``J♥️`` (``V♥️`` in French) with French cards, the suit as the
    coloured emoji the buttons use; ``R bastoni`` (re di bastoni) with Italian ones, whose
    suits have no French symbol."""
    if italian(game, deck_style):
        return f"{rank_label(card[0], 'italian')} {suit_name(card[1], game, deck_style, locale)}"
    return rank_letter(card[0], locale) + SUIT_EMOJI.get(card[1], card[1:])


def trump_word(trump: str, locale: str = "en") -> str:
    """A contract's denomination in a sentence: a suit as its coloured emoji, no trumps and all
    trumps by the table abbreviations players of the language use (SA and TA in French)."""
    if trump in SUIT_EMOJI:
        return SUIT_EMOJI[trump]
    return t(f"trump_short_{trump}", locale) if trump in ("NT", "AT") else trump


def suit_name(suit: str, game: str = "", deck_style: str = "auto", locale: str = "en") -> str:
    """A suit in words: the Italian names with an Italian deck (coppe, denari…)."""
    if suit not in SUITS:
        return suit
    return t(f"suit_italian_{suit}" if italian(game, deck_style) else f"suit_{suit}", locale)


def rank_name(rank: str, game: str = "", deck_style: str = "auto", locale: str = "en") -> str:
    """A rank in words (a call in chiamata): king, or re with an Italian deck; numbers stay."""
    if rank not in "TJQKA" or len(rank) != 1:
        return rank
    if italian(game, deck_style) and rank != "T":
        return t(f"rank_italian_{rank}", locale)
    return t(f"rank_{rank}", locale)


def side_names(game: Game, names: list[str]) -> list[SideLabel]:
    """Each side's players' names, every name shown (sentences have room); the labelling is the
    images' (``rendering.info.side_names``), the teams the engine's."""
    return rendering_side_names(game.teams(), names, max_joined=None)


def event_text(
    event: Event,
    names: list[str],
    locale: str = "en",
    *,
    game: str = "",
    deck_style: str = "auto",
) -> str | None:
    """One public event in words, or None for events the table image already shows. Suits
    and cards are named as the table's deck draws them (``game`` and ``deck_style``)."""
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if event["type"] == "trick":
        winner = event.get("winner", seat)
        name = names[winner] if isinstance(winner, int) else who
        return t("event_trick", locale, name=name)
    if event["type"] == "pass":
        return t("event_pass", locale, name=who)
    if event["type"] == "take":
        return t("event_take", locale, name=who, trump=trump_word(str(event.get("trump")), locale))
    if event["type"] == "bid":
        value: int | str | None = event.get("value")
        if isinstance(value, str):
            value = t(f"bid_{value}", locale)
        return t(
            "event_bid",
            locale,
            name=who,
            value=value,
            trump=trump_word(str(event.get("trump")), locale),
        )
    if event["type"] in ("coinche", "surcoinche"):
        return t(f"event_{event['type']}", locale, name=who)
    if event["type"] == "call":
        rank = str(event.get("rank"))
        points = event.get("points")
        if points:
            return t(
                "event_call_points",
                locale,
                name=who,
                rank=rank_name(rank, game, deck_style, locale),
                points=points,
            )
        return t("event_call", locale, name=who, rank=rank_name(rank, game, deck_style, locale))
    if event["type"] == "trump":
        suit = str(event.get("suit"))
        called = event.get("called_card")
        if called:
            return t(
                "event_trump_called",
                locale,
                name=who,
                suit=suit_name(suit, game, deck_style, locale),
                card=card_name(str(called), game, deck_style, locale),
            )
        return t("event_trump", locale, name=who, suit=suit_name(suit, game, deck_style, locale))
    if event["type"] == "exchange":
        return t("event_exchange", locale, name=who, count=event.get("count", ""))
    if event["type"] in ("belote", "rebelote"):
        return t(f"event_{event['type']}", locale, name=who)
    if event["type"] == "redeal":
        return t("event_redeal", locale)
    if event["type"] == "declarer":
        rank = str(event.get("rank"))
        return t("event_declarer", locale, name=who, rank=rank_name(rank, game, deck_style, locale))
    if event["type"] == "partner":
        return t("event_alone" if event.get("alone") else "event_partner", locale, name=who)
    if event["type"] in ("carte_blanche", "pique", "repique"):
        return t(f"event_{event['type']}", locale, name=who)
    return None


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
    sides = side_names(game, names)
    # Read alike for every game's contract (the keys differ: taker or declarer, multiplier).
    contract: Mapping[str, object] = view["contract"] or {}

    def name(seat: object) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    lines: list[str] = []
    outcome = result.get("outcome")
    if outcome is not None and contract:
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
                card=card_name(str(called), game.NAME, deck_style, locale) if called else "?",
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


def options_line(
    options: Mapping[str, object], defaults: Mapping[str, object], locale: str = "en"
) -> str:
    """House rules in one line: only what differs from the docs/rules.md defaults, in words."""
    changed = [
        t("rules_changed", locale, label=rule_label(k, locale), value=option_text(v, locale, k))
        for k, v in options.items()
        if defaults.get(k) != v
    ]
    return " · ".join(changed) if changed else t("rules_standard", locale)


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
    game: str, options: Mapping[str, object], defaults: Mapping[str, object], locale: str = "en"
) -> str:
    """The table's rules in one sentence: how the game is won ("Coinche to 1,000 points"), the
    rules players ask about first ("melds on · SA/TA allowed"), then every other rule that
    differs from the standard one, in words. ``options`` are the rules in force (defaults
    filled in)."""
    name = t(f"game_{game}", locale)
    if options.get("scoring_mode") == "rubicon":
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
