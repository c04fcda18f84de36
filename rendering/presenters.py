"""One presenter per game: what its table's info panel and its deal summary say.

A presenter turns one game's view into words — the contract or trump lines, the cards lying on
the table, the bidding or declarations log, the name-plate badges (``info``), and the headline of
its deal summary (``headline``) — and names the column its deal result counts in. The drawing
itself is shared (``table.py``, ``sheets.py``) and game-blind.

Every game of ``games.registry.GAME_NAMES`` has exactly one entry in ``PRESENTERS``;
``presenter(name)`` fails loudly for a game without one, and ``tests/test_registration.py`` checks
that none is missing. Adding a game: write its ``_<game>_info`` and ``_<game>_headline`` here and
register them at the bottom (games that share a headline bind its differences with ``partial``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, Generic, TypeVar

from games.views import (
    BeloteView,
    BriscolaView,
    ChiamataView,
    CoincheView,
    GameView,
    PiquetView,
    SuecaView,
)
from rendering.i18n import DEFAULT_LOCALE, plural, term, text
from rendering.info import (
    TableCards,
    TableInfo,
    bid_value_text,
    bidding_log,
    capot_side,
    card_text,
    denomination,
    events_of,
    game_title,
    italian_rank,
    italian_trump,
    melds_panel,
    multiplier_text,
    name_of,
    said,
    wins,
)


# ---------------------------------------------------------------------- the info panels
def _belote_info(view: BeloteView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    contract: Mapping[str, Any] = view["contract"] or {}
    trump = view.get("trump") or contract.get("trump")
    taker = contract.get("taker")
    if trump:
        line = text("trump_line", loc, trump=denomination(trump, loc))
        if isinstance(taker, int):
            line += f" · {name_of(names, taker, loc)}"
            info.badges[taker] = text("badge_took", loc, trump=denomination(trump, loc))
        info.contract.append(line)
    turn_up = view.get("turn_up")
    phase = view.get("phase")
    if phase == "taking":
        rnd = view.get("taking_round")
        info.contract.append(text("taking_round", loc, round=rnd) if rnd else text("taking", loc))
        if turn_up:
            info.focus_cards = [turn_up]
            info.focus_lines = [text("focus_turn_up", loc)]
    elif turn_up:
        info.cards.append(TableCards(text("turn_up_card", loc), [turn_up]))
    reserve = view.get("reserve")
    if isinstance(reserve, int) and reserve:
        info.contract.append(text("litige_reserve", loc, points=reserve))
    entries = events_of(view, "pass", "take")
    bidding_log(view, names, info, entries)
    melds_panel(view, names, info)


def _coinche_info(view: CoincheView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    contract = view.get("contract")
    if isinstance(contract, dict) and contract:
        who = contract.get("declarer")
        label = (
            f"{bid_value_text(contract.get('value'), loc)} "
            f"{denomination(contract.get('trump'), loc)}"
            f"{multiplier_text(contract.get('multiplier'))}"
        )
        info.contract.append(f"{label} · {name_of(names, who, loc)}")
        if isinstance(who, int):
            info.badges[who] = label
    else:
        bid = view.get("bid")
        doubled = view.get("doubled")
        mult = multiplier_text({1: 2, 2: 4}.get(doubled if isinstance(doubled, int) else 0, 1))
        if isinstance(bid, dict) and bid:
            label = (
                f"{bid_value_text(bid.get('value'), loc)} "
                f"{denomination(bid.get('trump'), loc)}{mult}"
            )
            who = name_of(names, bid.get("bidder"), loc)
            info.contract.append(text("bid_by", loc, bid=label, name=who))
        elif view.get("phase") == "auction":
            info.contract.append(text("auction", loc))
    auction = [e for e in view.get("auction") or [] if isinstance(e, dict)]
    bidding_log(view, names, info, auction)
    melds_panel(view, names, info)


def _piquet_info(view: PiquetView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    elder = view.get("elder")
    if isinstance(elder, int):
        info.badges[elder] = text("badge_elder", loc)
    younger = view.get("younger")
    if isinstance(younger, int):
        info.badges[younger] = text("badge_younger", loc)
    games_won = view.get("games_won")
    target = view.get("target_score")
    if view.get("scoring_mode") == "rubicon":
        partie = view.get("partie")
        if isinstance(partie, dict):
            number = partie.get("hands_played", 0) + 1
            info.contract.append(text("rubicon_hand", loc, number=number, of=partie.get("hands")))
    elif target:
        info.contract.append(text("game_to", loc, target=target))
    if isinstance(games_won, list) and any(isinstance(g, int) and g for g in games_won):
        won = " – ".join(str(g) for g in games_won)
        info.contract.append(text("games_won", loc, games=won))
    talon = view.get("talon_size")
    exchanged = view.get("exchanged")
    if isinstance(exchanged, list):
        for seat, count in enumerate(exchanged):
            if isinstance(count, int):
                took = text("badge_exchanged", loc, count=count)
                info.badges[seat] = f"{info.badges.get(seat, '')} · {took}".lstrip(" ·")
    if view.get("phase") == "exchange":
        actor = view.get("to_act")
        if isinstance(talon, int) and talon:
            info.focus_cards = [None] * min(talon, 8)
            info.focus_lines = [
                plural("talon_cards", talon, loc),
                text("exchanges", loc, name=name_of(names, actor, loc)),
            ]
    elif isinstance(talon, int) and talon:
        info.cards.append(TableCards(text("talon_left", loc), [None], count=talon))
    # Only the public view's talon cards: a private view's belong to its seat, not the table.
    seen = view.get("talon_seen") if view.get("seat") is None else None
    if isinstance(seen, list) and seen and all(isinstance(c, str) for c in seen):
        info.cards.append(TableCards(text("talon_seen", loc), list(seen)))
    log: list[str] = []
    for event in view["events"]:
        kind = event["type"]
        who = name_of(names, event.get("seat"), loc)
        if event["type"] == "declaration":
            category = event["category"]
            result = event["result"]
            if result == "won":
                label = ", ".join(c["name"] for c in event["combinations"]) or category
                log.append(said(who, f"{label} +{event['points']}", loc))
            else:
                name = term("piquet_category", category, loc, category.capitalize())
                if result == "tie":
                    log.append(text("declaration_tie", loc, category=name))
                else:
                    log.append(text("declaration_none", loc, category=name))
        elif kind in ("repique", "pique", "carte_blanche", "cards_bonus", "capot"):
            pts = event.get("points")
            label = term("piquet_bonus", kind, loc)
            log.append(said(who, label + (f" +{pts}" if pts else ""), loc))
    if log:
        info.log_kind, info.log = "declarations", log


def _briscola_info(view: BriscolaView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    trump_line = italian_trump(view.get("trump"), loc)
    if trump_line:
        info.contract.append(trump_line)
    stock = view.get("stock_size")
    trump_card = view.get("trump_card")
    if isinstance(stock, int) and stock > 0:
        pile: list[str | None] = [None] if stock > 1 or not trump_card else []
        if trump_card:
            pile.insert(0, trump_card)
        stock_cards = TableCards(
            text("stock", loc), pile, count=stock, crosswise_last=bool(trump_card)
        )
        info.cards.append(stock_cards)
    elif trump_card is None:
        drawn = events_of(view, "trump_card_drawn")
        if drawn:
            card = card_text(drawn[-1].get("card"), italian=True, locale=loc)
            who = name_of(names, drawn[-1].get("seat"), loc)
            info.contract.append(text("trump_card_drawn", loc, card=card, name=who))
    target = view.get("hands_to_win")
    if target:
        info.contract.append(plural("first_to_hands", target, loc))


def _chiamata_info(view: ChiamataView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    contract: Mapping[str, Any] = view["contract"] or {}
    declarer = contract.get("declarer", view.get("declarer"))
    called = contract.get("called_card", view.get("called_card"))
    target = contract.get("target", view.get("target"))
    trump = contract.get("trump") or view.get("trump")
    if isinstance(declarer, int):
        rank = contract.get("rank") or view.get("called_rank")
        called_text = (
            card_text(called, italian=True, locale=loc) if called else italian_rank(rank, loc)
        )
        info.contract.append(text("called", loc, card=called_text))
        info.contract.append(text("called_by", loc, name=name_of(names, declarer, loc)))
        if isinstance(target, int):
            info.contract.append(text("needs_points", loc, target=target))
        trump_line = italian_trump(trump, loc)
        if trump_line:
            info.contract.append(trump_line)
        info.badges[declarer] = text("badge_declarer", loc)
        if called:
            info.cards.append(TableCards(text("called_card", loc), [called]))
    elif view.get("phase") == "auction":
        bid = view.get("bid")
        if isinstance(bid, dict) and bid:
            rank_name = italian_rank(bid.get("rank"), loc)
            who = name_of(names, bid.get("seat"), loc)
            info.contract.append(text("bid_by", loc, bid=rank_name, name=who))
        else:
            info.contract.append(text("auction", loc))
    # The partner is public only once the called card has been played: read it from the event
    # that announces it, never from a view key that a private view may fill earlier.
    for event in events_of(view, "partner"):
        partner = event.get("seat")
        if event.get("alone"):
            info.contract.append(text("declarer_alone", loc))
        elif isinstance(partner, int):
            info.badges[partner] = text("badge_partner", loc)
    played = view.get("deals_played")
    total = view.get("match_deals")
    if isinstance(played, int) and isinstance(total, int):
        info.contract.append(text("deal_of", loc, number=min(played + 1, total), of=total))
    in_auction = view.get("in_auction")
    auction = [e for e in view.get("auction") or [] if isinstance(e, dict)]
    bidding_log(view, names, info, auction)
    if view.get("phase") == "auction" and isinstance(in_auction, list):
        for seat, live in enumerate(in_auction):
            if live is False:
                info.bubbles[seat] = text("bubble_out", loc)


def _sueca_info(view: SuecaView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    trump = view.get("trump")
    if trump:
        info.contract.append(text("trump_line", loc, trump=denomination(trump, loc)))
    trump_card = view.get("trump_card")
    holder = view.get("trump_card_seat")
    if trump_card:
        label = text("trump_card_of", loc, name=name_of(names, holder, loc))
        info.cards.append(TableCards(label, [trump_card]))
    target = view.get("games_to_win")
    if target:
        info.contract.append(plural("first_to_games", target, loc))
    bonus = view.get("pending_bonus")
    if isinstance(bonus, int) and bonus:
        info.contract.append(text("draw_bonus", loc, points=bonus))


# ------------------------------------------------------------------ the deal summaries

Lines = list[tuple[str, bool | None]]
"""Headline lines of a deal summary, each with its mood: good (True), bad (False), plain."""


def _contract_headline(
    view: BeloteView | CoincheView,
    names: list[str],
    merged: dict[str, Any],
    labels: list[str],
    loc: str,
    *,
    coinche: bool,
) -> Lines:
    """Belote and Coinche: the contract, made or not (dedans, litige), and a capot."""
    lines: Lines = []
    outcome = merged.get("outcome")
    contract: Mapping[str, Any] = view["contract"] or {}
    who = contract.get("taker", contract.get("declarer"))
    trump = denomination(contract.get("trump"), loc)
    if coinche:
        what = f"{bid_value_text(contract.get('value'), loc)} {trump}"
        what += multiplier_text(contract.get("multiplier"))
        head = f"{name_of(names, who, loc)} · {what}" if who is not None else what
    elif who is not None:
        head = text("taker_took", loc, name=name_of(names, who, loc), trump=trump)
    else:
        head = trump
    if outcome == "success":
        lines.append((text("contract_made", loc, contract=head), True))
    elif outcome == "failure":
        if not coinche:
            lines.append((text("contract_dedans", loc, contract=head), False))
        else:
            lines.append((text("contract_failed", loc, contract=head), False))
    elif outcome == "litige":
        lines.append((text("contract_litige", loc, contract=head), None))
    capot = capot_side(view, len(labels))
    if capot is not None:
        lines.append((text("capot_by", loc, side=labels[capot]), True))
    return lines


def _chiamata_headline(
    view: ChiamataView, names: list[str], merged: dict[str, Any], labels: list[str], loc: str
) -> Lines:
    """The declarer's team and the called card, the points against the target, cappotto."""
    lines: Lines = []
    declarer = merged.get("declarer")
    called = card_text(merged.get("called_card"), italian=True, locale=loc)
    partner = merged.get("partner")
    team = name_of(names, declarer, loc)
    if merged.get("alone"):
        team = text("declarer_alone_name", loc, name=team)
    elif isinstance(partner, int):
        team += f" & {name_of(names, partner, loc)}"
    made = merged.get("success")
    target = merged.get("target")
    points = merged.get("points")
    lines.append((text("team_called", loc, team=team, card=called), None))
    if made:
        lines.append((text("points_needed_made", loc, points=points, target=target), True))
    else:
        lines.append((text("points_needed_failed", loc, points=points, target=target), False))
    if merged.get("cappotto"):
        lines.append((text("cappotto", loc), True))
    return lines


def _piquet_headline(
    view: PiquetView, names: list[str], merged: dict[str, Any], labels: list[str], loc: str
) -> Lines:
    """The hand's score, repique / pique, and a game won."""
    lines: Lines = []
    scored = merged.get("scores")
    if isinstance(scored, list) and len(scored) == 2 == len(labels):
        line = text(
            "this_hand",
            loc,
            first=labels[0],
            first_score=scored[0],
            second_score=scored[1],
            second=labels[1],
        )
        lines.append((line, None))
    for event in view["events"]:
        if event["type"] in ("repique", "pique", "capot"):
            who = name_of(names, event.get("seat"), loc)
            what = term("event", event["type"], loc)
            lines.append((text("announce", loc, who=who, what=what), True))
    for event in view["events"]:
        if event["type"] == "game_won":
            who = name_of(names, event.get("seat"), loc)
            lines.append((text("wins_game", loc, name=who), True))
    return lines


def _hand_winner_headline(
    view: BriscolaView | SuecaView,
    names: list[str],
    merged: dict[str, Any],
    labels: list[str],
    loc: str,
    *,
    games_scored: bool,
) -> Lines:
    """Briscola and Sueca: who won the hand (Sueca: and how many games), a draw, a bandeira."""
    lines: Lines = []
    sides = len(labels)
    winner = merged.get("winner")
    if isinstance(winner, int) and 0 <= winner < sides:
        extra = ""
        if games_scored:
            scored = merged.get("scores")
            games = scored[winner] if isinstance(scored, list) and winner < len(scored) else 1
            count = games if isinstance(games, int) else 0
            extra = plural("games_scored", count, loc, games=games)
        lines.append((wins(labels[winner], loc, extra), True))
    elif "winner" in merged:
        lines.append((text("drawn_hand", loc), None))
    if merged.get("bandeira"):
        lines.append((text("bandeira", loc), True))
    return lines


# ----------------------------------------------------------------------------- registry
V = TypeVar("V", BeloteView, CoincheView, PiquetView, BriscolaView, SuecaView, ChiamataView)


@dataclass(frozen=True)
class Presenter(Generic[V]):
    """One game's words, typed by that game's view."""

    info: Callable[[V, list[str], TableInfo], None]
    """Fill a ``TableInfo`` from the view: contract lines, table cards, log, badges, bubbles."""
    headline: Callable[[V, list[str], dict[str, Any], list[str], str], Lines]
    """The deal summary's headline from the view, the merged deal result, the side labels."""
    counts_tricks: bool = False
    """Whether the deal result's ``trick_points`` count tricks (Piquet) rather than card points."""


PRESENTERS: Final[Mapping[str, Presenter[Any]]] = {
    "belote": Presenter(_belote_info, partial(_contract_headline, coinche=False)),
    "coinche": Presenter(_coinche_info, partial(_contract_headline, coinche=True)),
    # Piquet's deal result counts tricks, not card points (docs/records.md, trick_points).
    "piquet": Presenter(_piquet_info, _piquet_headline, counts_tricks=True),
    "briscola": Presenter(_briscola_info, partial(_hand_winner_headline, games_scored=False)),
    "chiamata": Presenter(_chiamata_info, _chiamata_headline),
    "sueca": Presenter(_sueca_info, partial(_hand_winner_headline, games_scored=True)),
}


def presenter(game: str) -> Presenter[Any]:
    """The presenter of ``game``; ``KeyError`` naming it when the game has none. The registry
    pairs each name with the presenter of that game's view type, so ``presenter(view["game"])``
    is always given the view it is typed for."""
    try:
        return PRESENTERS[game]
    except KeyError:
        raise KeyError(f"no presenter for the game {game!r} in rendering.presenters") from None


def table_info(view: GameView, names: list[str], locale: str = DEFAULT_LOCALE) -> TableInfo:
    game = view["game"]
    info = TableInfo(game_title(game, locale, game.title()), locale)
    presenter(game).info(view, names, info)
    return info


def headline(
    view: GameView, names: list[str], merged: dict[str, Any], labels: list[str], locale: str
) -> Lines:
    """The deal summary's headline: "passed out" for every game, else the game's own."""
    if merged.get("passed_out"):
        return [(text("passed_out", locale), None)]
    return presenter(view["game"]).headline(view, names, merged, labels, locale)
