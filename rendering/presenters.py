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
    DealResultEvent,
    GameView,
    PiquetView,
    SuecaView,
)
from i18n.locales import DEFAULT_LOCALE
from i18n.numbers import listed
from rendering.info import (
    SideLabel,
    TableCards,
    TableInfo,
    bid_value_text,
    bidding_log,
    capot_side,
    denomination,
    game_title,
    italian_trump,
    melds_panel,
    multiplier_text,
    name_of,
    said,
    taking_calls,
    wins,
)
from rendering.words import card_name, combination, plural, rank_word, term, text


# ---------------------------------------------------------------------- the info panels
def _belote_info(view: BeloteView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    trump = view["trump"]
    contract = view["contract"]
    taker = contract["taker"] if contract is not None else None
    if trump:
        line = text("trump_line", loc, trump=denomination(trump, loc))
        if taker is not None:
            line += f" · {name_of(names, taker, loc)}"
            info.badges[taker] = text("badge_took", loc, trump=denomination(trump, loc))
        info.contract.append(line)
    turn_up = view["turn_up"]
    if view["phase"] == "taking":
        rnd = view["taking_round"]
        info.contract.append(text("taking_round", loc, round=rnd) if rnd else text("taking", loc))
        if turn_up:
            info.focus_cards = [turn_up]
            info.focus_lines = [text("focus_turn_up", loc)]
    elif turn_up:
        info.cards.append(TableCards(text("turn_up_card", loc), [turn_up]))
    if view["reserve"]:
        info.contract.append(text("litige_reserve", loc, points=view["reserve"]))
    bidding_log(view, names, info, taking_calls(view))
    melds_panel(view, names, info)


def _coinche_info(view: CoincheView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    contract = view["contract"]
    bid = view["bid"]
    if contract is not None:
        who = contract["declarer"]
        label = (
            f"{bid_value_text(contract['value'], loc)} "
            f"{denomination(contract['trump'], loc)}"
            f"{multiplier_text(contract['multiplier'])}"
        )
        info.contract.append(f"{label} · {name_of(names, who, loc)}")
        if who is not None:
            info.badges[who] = label
    elif bid is not None:
        # ``doubled``: 1 after a coinche, 2 after a surcoinche; the bid counts 2 or 4 times.
        mult = multiplier_text(2 ** view["doubled"])
        label = f"{bid_value_text(bid['value'], loc)} {denomination(bid['trump'], loc)}{mult}"
        info.contract.append(
            text("bid_by", loc, bid=label, name=name_of(names, bid["bidder"], loc))
        )
    elif view["phase"] == "auction":
        info.contract.append(text("auction", loc))
    bidding_log(view, names, info, view["auction"])
    melds_panel(view, names, info)


def _piquet_info(view: PiquetView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    info.badges[view["elder"]] = text("badge_elder", loc)
    info.badges[view["younger"]] = text("badge_younger", loc)
    partie = view["partie"]
    if view["scoring_mode"] == "rubicon":
        if partie is not None:
            number = partie["hands_played"] + 1
            info.contract.append(text("rubicon_hand", loc, number=number, of=partie["hands"]))
    elif view["target_score"]:
        info.contract.append(text("game_to", loc, target=view["target_score"]))
    games_won = view["games_won"]
    if any(games_won):
        won = " – ".join(str(g) for g in games_won)
        info.contract.append(text("games_won", loc, games=won))
    for seat, count in enumerate(view["exchanged"]):
        if count is not None:
            # Both seats have their badge (elder, younger) by now: the exchange follows it.
            took = text("badge_exchanged", loc, count=count)
            info.badges[seat] = f"{info.badges[seat]} · {took}"
    talon = view["talon_size"]
    if view["phase"] == "exchange":
        if talon:
            info.focus_cards = [None] * min(talon, 8)
            info.focus_lines = [
                plural("talon_cards", talon, loc),
                text("exchanges", loc, name=name_of(names, view["to_act"], loc)),
            ]
    elif talon:
        info.cards.append(TableCards(text("talon_left", loc), [None], count=talon))
    # Only the public view's talon cards: a private view's belong to its seat, not the table.
    seen = view["talon_seen"] if view["seat"] is None else []
    if seen:
        info.cards.append(TableCards(text("talon_seen", loc), list(seen)))
    log: list[str] = []
    for event in view["events"]:
        if event["type"] == "declaration":
            who = name_of(names, event["seat"], loc)
            category = event["category"]
            result = event["result"]
            if result == "won":
                label = (
                    listed((combination(c, loc) for c in event["combinations"]), loc) or category
                )
                log.append(said(who, f"{label} +{event['points']}", loc))
            else:
                name = term("piquet_category", category, loc, category.capitalize())
                if result == "tie":
                    log.append(text("declaration_tie", loc, category=name))
                else:
                    log.append(text("declaration_none", loc, category=name))
        elif event["type"] in ("repique", "pique", "carte_blanche", "cards_bonus"):
            who = name_of(names, event["seat"], loc)
            pts = event["points"]
            label = term("piquet_bonus", event["type"], loc)
            log.append(said(who, label + (f" +{pts}" if pts else ""), loc))
    if log:
        info.log_kind, info.log = "declarations", log


def _briscola_info(view: BriscolaView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    trump_line = italian_trump(view["trump"], loc)
    if trump_line:
        info.contract.append(trump_line)
    stock = view["stock_size"]
    trump_card = view["trump_card"]
    if stock > 0:
        pile: list[str | None] = [None] if stock > 1 or not trump_card else []
        if trump_card:
            pile.insert(0, trump_card)
        stock_cards = TableCards(
            text("stock", loc), pile, count=stock, crosswise_last=bool(trump_card)
        )
        info.cards.append(stock_cards)
    elif trump_card is None:
        for event in reversed(view["events"]):
            if event["type"] == "trump_card_drawn":
                card = card_name(event["card"] or "?", loc, True, short=True)
                who = name_of(names, event["seat"], loc)
                info.contract.append(text("trump_card_drawn", loc, card=card, name=who))
                break
    if view["hands_to_win"]:
        info.contract.append(plural("first_to_hands", view["hands_to_win"], loc))


def _chiamata_info(view: ChiamataView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    declarer = view["declarer"]
    called = view["called_card"]
    bid = view["bid"]
    if declarer is not None:
        rank = view["called_rank"]
        called_text = (
            card_name(called, loc, True, short=True) if called else rank_word(str(rank), loc, True)
        )
        info.contract.append(text("called", loc, card=called_text))
        info.contract.append(text("called_by", loc, name=name_of(names, declarer, loc)))
        info.contract.append(text("needs_points", loc, target=view["target"]))
        trump_line = italian_trump(view["trump"], loc)
        if trump_line:
            info.contract.append(trump_line)
        info.badges[declarer] = text("badge_declarer", loc)
        if called:
            info.cards.append(TableCards(text("called_card", loc), [called], said=True))
    elif view["phase"] == "auction":
        if bid is not None:
            rank_name = rank_word(str(bid["rank"]), loc, True)
            who = name_of(names, bid["seat"], loc)
            info.contract.append(text("bid_by", loc, bid=rank_name, name=who))
        else:
            info.contract.append(text("auction", loc))
    # The partner is public only once the called card has been played: read it from the event
    # that announces it, never from a view key that a private view may fill earlier.
    for event in view["events"]:
        if event["type"] == "partner":
            if event["alone"]:
                info.contract.append(text("declarer_alone", loc))
            else:
                info.badges[event["seat"]] = text("badge_partner", loc)
    played, total = view["deals_played"], view["match_deals"]
    info.contract.append(text("deal_of", loc, number=min(played + 1, total), of=total))
    bidding_log(view, names, info, view["auction"])


def _sueca_info(view: SuecaView, names: list[str], info: TableInfo) -> None:
    loc = info.locale
    if view["trump"]:
        info.contract.append(text("trump_line", loc, trump=denomination(view["trump"], loc)))
    trump_card = view["trump_card"]
    if trump_card:
        label = text("trump_card_of", loc, name=name_of(names, view["trump_card_seat"], loc))
        info.cards.append(TableCards(label, [trump_card]))
    if view["games_to_win"]:
        info.contract.append(plural("first_to_games", view["games_to_win"], loc))
    if view["pending_bonus"]:
        info.contract.append(text("draw_bonus", loc, points=view["pending_bonus"]))


# ------------------------------------------------------------------ the deal summaries

Lines = list[tuple[str, bool | None]]
"""Headline lines of a deal summary, each with its mood: good (True), bad (False), plain."""


def _contract_headline(
    view: BeloteView | CoincheView,
    names: list[str],
    merged: DealResultEvent,
    labels: list[SideLabel],
    loc: str,
    *,
    coinche: bool,
) -> Lines:
    """Belote and Coinche: the contract, made or not (dedans, litige), and a capot. A deal that
    was played ends with an ``outcome`` (a passed-out one has its own headline)."""
    lines: Lines = []
    outcome = merged["outcome"]
    contract = view["contract"]
    who: int | None = None
    trump: str | None = None
    value: int | str | None = None
    multiplier: int | None = None
    if contract is not None:
        who = contract["taker"] if "taker" in contract else contract["declarer"]
        trump, value, multiplier = contract["trump"], contract["value"], contract["multiplier"]
    denom = denomination(trump, loc)
    if coinche:
        what = f"{bid_value_text(value, loc)} {denom}"
        what += multiplier_text(multiplier)
        head = f"{name_of(names, who, loc)} · {what}" if who is not None else what
    elif who is not None:
        head = text("taker_took", loc, name=name_of(names, who, loc), trump=denom)
    else:
        head = denom
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
        lines.append((text("capot_by", loc, side=labels[capot].text), True))
    return lines


def _chiamata_headline(
    view: ChiamataView, names: list[str], merged: DealResultEvent, labels: list[SideLabel], loc: str
) -> Lines:
    """Who called which card and who turned out the partner, the points against the target,
    cappotto (every key of a chiamata deal's result, ``games.chiamata``)."""
    lines: Lines = []
    called = card_name(merged["called_card"] or "?", loc, True, short=True)
    # The declarer called; the partner was whoever held the card (or nobody): two facts, as
    # the text under the image says them ("dario & alice called" read as if both had).
    who = name_of(names, merged["declarer"], loc)
    lines.append((text("declarer_called", loc, name=who, card=called), None))
    if merged["alone"]:
        lines.append((text("declarer_alone", loc), None))
    else:
        lines.append((text("partner_was", loc, name=name_of(names, merged["partner"], loc)), None))
    points, target = merged["points"], merged["target"]
    if merged["success"]:
        lines.append((text("points_needed_made", loc, points=points, target=target), True))
    else:
        lines.append((text("points_needed_failed", loc, points=points, target=target), False))
    if merged["cappotto"]:
        lines.append((text("cappotto", loc), True))
    return lines


def _piquet_headline(
    view: PiquetView, names: list[str], merged: DealResultEvent, labels: list[SideLabel], loc: str
) -> Lines:
    """The hand's score, repique / pique, and a game won."""
    first, second = merged["scores"]
    line = text(
        "this_hand",
        loc,
        first=labels[0].text,
        first_score=first,
        second_score=second,
        second=labels[1].text,
    )
    lines: Lines = [(line, None)]
    for event in view["events"]:
        if event["type"] in ("repique", "pique"):
            who = name_of(names, event["seat"], loc)
            what = term("event", event["type"], loc)
            lines.append((text("announce", loc, who=who, what=what), True))
    for event in view["events"]:
        if event["type"] == "game_won":
            who = name_of(names, event["seat"], loc)
            lines.append((text("wins_game", loc, name=who), True))
    return lines


def _hand_winner_headline(
    view: BriscolaView | SuecaView,
    names: list[str],
    merged: DealResultEvent,
    labels: list[SideLabel],
    loc: str,
    *,
    sueca: bool,
) -> Lines:
    """Briscola and Sueca: who won the hand (Sueca: and how many games, and a bandeira), or a
    draw (no winner)."""
    lines: Lines = []
    winner = merged["winner"]
    if winner is not None:
        extra = ""
        if sueca:
            games = merged["scores"][winner]
            extra = plural("games_scored", games, loc, games=games)
        lines.append((wins(labels[winner], loc, extra), True))
    else:
        lines.append((text("drawn_hand", loc), None))
    if sueca and merged["bandeira"]:
        lines.append((text("bandeira", loc), True))
    return lines


# ----------------------------------------------------------------------------- registry
V = TypeVar("V", BeloteView, CoincheView, PiquetView, BriscolaView, SuecaView, ChiamataView)


@dataclass(frozen=True)
class Presenter(Generic[V]):
    """One game's words, typed by that game's view."""

    info: Callable[[V, list[str], TableInfo], None]
    """Fill a ``TableInfo`` from the view: contract lines, table cards, log, badges, bubbles."""
    headline: Callable[[V, list[str], DealResultEvent, list[SideLabel], str], Lines]
    """The deal summary's headline from the view, the merged deal result, the side labels."""
    counts_tricks: bool = False
    """Whether the deal result's ``trick_points`` count tricks (Piquet) rather than card points."""


PRESENTERS: Final[Mapping[str, Presenter[Any]]] = {
    "belote": Presenter(_belote_info, partial(_contract_headline, coinche=False)),
    "coinche": Presenter(_coinche_info, partial(_contract_headline, coinche=True)),
    # Piquet's deal result counts tricks, not card points (docs/records.md, trick_points).
    "piquet": Presenter(_piquet_info, _piquet_headline, counts_tricks=True),
    "briscola": Presenter(_briscola_info, partial(_hand_winner_headline, sueca=False)),
    "chiamata": Presenter(_chiamata_info, _chiamata_headline),
    "sueca": Presenter(_sueca_info, partial(_hand_winner_headline, sueca=True)),
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
    view: GameView, names: list[str], merged: DealResultEvent, labels: list[SideLabel], locale: str
) -> Lines:
    """The deal summary's headline: "passed out" for every game, else the game's own (only a
    passed-out deal's result has the ``passed_out`` key)."""
    if "passed_out" in merged:
        return [(text("passed_out", locale), None)]
    return presenter(view["game"]).headline(view, names, merged, labels, locale)
