"""A deal's page: the players and house rules, the auction, the hands as dealt, the replay step
by step (the board is drawn by the server for the deal's start and by ``replay.js`` for every
step, from the steps given to it as JSON), the tricks, the melds and declarations, the score,
and a seat's review marked on its steps.

Everything shown here is of a finished deal (``replay.replay_deal`` gives no other), so every
hand may be shown: a replay is read after the play, as a bridge deal's diagram is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, cast

from bot.text.cards import italian, suit_name, trump_word
from bot.text.events import event_text
from bot.text.i18n import t
from bot.text.marks import drawn
from bot.web.pages import (
    Words,
    action_label,
    card_labels,
    deck_sheet,
    render,
    rules_line,
    seats_shown,
    sides_shown,
)
from bot.web.reads import SeatReview, TableFacts
from bot.web.replay import DealReplay, Step
from bot.web.text import web_text
from games.views import DealRecord, DealResultEvent, GameView
from i18n.numbers import percent
from rendering.info import melds_log
from rendering.presenters import headline, presenter, table_info
from rendering.sheets import merged_deal_result
from rendering.words import text as image_text

NOT_SPOKEN: Final = frozenset({"trick", "deal_result"})
"""Events a step's words leave out: the trick is drawn (its winner named apart), the result is
the score's."""
AUCTION: Final = frozenset({"bid", "pass", "take", "coinche", "surcoinche", "call", "trump"})
"""Actions of an auction: listed together under the board."""


@dataclass(frozen=True)
class DealLinks:
    """Addresses relative to the deal's page."""

    game: str
    record: str
    previous: str | None
    next: str | None


@dataclass(frozen=True)
class Said:
    """One auction call: who said what, and the step that shows it."""

    seat: int
    name: str
    words: str
    step: int


@dataclass(frozen=True)
class Auction:
    """The auction round by round, as the review picture lays it out: a column per seat in the
    order they speak, a row per round (a seat that has left the auction leaves its cell empty)."""

    seats: list[int]
    rounds: list[list[Said | None]]


def auction_rounds(calls: list[Said], seat_count: int) -> Auction | None:
    """``calls`` in order, cut into rounds: a new round whenever a seat speaks that does not
    come after the last speaker in the round under way."""
    if not calls:
        return None
    first = calls[0].seat
    order = [(first + n) % seat_count for n in range(seat_count)]
    rounds: list[list[Said | None]] = []
    last = -1
    for call in calls:
        place = (call.seat - first) % seat_count
        if not rounds or place <= last:
            rounds.append([None] * seat_count)
        rounds[-1][place] = call
        last = place
    return Auction(order, rounds)


@dataclass(frozen=True)
class Mark:
    """A reviewed decision on its step."""

    step: int
    verdict: str
    label: str
    sentence: str


def step_lines(
    step: Step, replay: DealReplay, names: list[str], deck_style: str, locale: str
) -> list[str]:
    """What happened at a step, in the bot's words: the action, then what it set off."""
    game = replay.game
    if step.seat is None or step.action is None:
        return [web_text("web_dealt", locale, name=names[replay.dealer])]
    lines: list[str] = []
    with drawn():
        if step.action.type == "play" and step.action.card is not None:
            card = step.action.card
            label = card_labels([card], game, deck_style, locale)[card]
            lines.append(t("event_play", locale, name=names[step.seat], card=label))
        view = replay.end_view
        elder = view["elder"] if view["game"] == "piquet" else None
        spoken = [
            event_text(event, names, locale, game=game, deck_style=deck_style, elder=elder)
            for event in step.events
            if event["type"] not in NOT_SPOKEN
        ]
        said = [line for line in spoken if line]
        said += melds_log(cast(GameView, {"events": step.events}), names, locale)
        if step.action.type != "play" and not said:
            what = action_label(step.action, game, deck_style, locale)
            said = [web_text("web_said", locale, name=names[step.seat], what=what)]
        lines += said
    if step.winner is not None:
        lines.append(t("event_trick", locale, name=names[step.winner]))
    return [line for line in lines if line]


def trump_label(trump: str, game: str, deck_style: str, locale: str) -> str:
    """The trump as the table's deck names it: ``♥``, ``SA``, or ``denari``."""
    if italian(game, deck_style):
        return suit_name(trump, game, deck_style, locale)
    with drawn():
        return trump_word(trump, locale, deck_style)


def merged_result(view: GameView, result: DealRecord) -> DealResultEvent:
    """A deal's result as its summary reads it: the ``deal_result`` event (contract, melds,
    belote) with the replay's trick points and scores over it, as ``rendering.sheets`` merges
    them for the summary's image."""
    return merged_deal_result(view, result)


def deal_headline(
    view: GameView,
    result: DealRecord,
    teams: list[list[int]],
    names: list[str],
    locale: str,
) -> list[tuple[str, bool | None]]:
    """The deal in a line or three, with its mood (made, failed), as Discord's summary heads
    it (``rendering.presenters.headline``)."""
    labels = sides_shown(teams, names, locale)
    with drawn():
        return list(headline(view, names, merged_result(view, result), labels, locale))


def score_table(
    replay: DealReplay, names: list[str], locale: str, w: Words
) -> tuple[list[str], list[tuple[str, list[Any]]]]:
    """The sides' labels and the score's columns, as the deal summary in Discord draws them
    (``rendering.sheets``): card points (Piquet: tricks), melds and belote where any side
    scored some, the deal's score and the game's after it."""
    merged = merged_result(replay.end_view, replay.result)
    labels = sides_shown(replay.teams, names, locale)
    sides = len(replay.result["scores"]) or len(replay.teams)
    columns: list[tuple[str, list[Any]]] = []
    trick_points = merged.get("trick_points")
    if trick_points is not None and len(trick_points) == sides:
        key = "column_tricks" if presenter(replay.game).counts_tricks else "column_card_points"
        columns.append((image_text(key, locale), trick_points))
    for key, value in (("melds", merged.get("melds")), ("belote", merged.get("belote"))):
        if value is not None and len(value) == sides and any(value):
            columns.append((image_text(f"column_{key}", locale), value))
    columns.append((w("web_column_deal"), list(replay.result["scores"] or [0] * sides)))
    columns.append((w("web_column_game"), list(replay.totals_after)))
    return [label.text for label in labels[:sides]], columns


def detail_lines(replay: DealReplay, names: list[str], locale: str) -> list[str]:
    """Melds, belote and declarations of the deal, one line each (as the summary lists them)."""
    with drawn():
        info = table_info(replay.end_view, names, locale)
        if info.log_kind in ("melds", "declarations"):
            return list(info.log)
        return melds_log(replay.end_view, names, locale)


def review_marks(
    review: SeatReview, replay: DealReplay, deck_style: str, locale: str
) -> list[Mark]:
    w = Words(locale)
    marks: list[Mark] = []
    for decision in review.decisions:
        choice = action_label(decision.choice, replay.game, deck_style, locale)
        best = action_label(decision.best, replay.game, deck_style, locale)
        key = "web_cost_card_points" if review.unit == "card points" else "web_cost_points"
        cost = w(key, count=max(1, round(decision.cost)))
        if decision.verdict == "mistake":
            if decision.exact:
                sentence = w("web_decision_mistake_exact", choice=choice, best=best, cost=cost)
            else:
                share = percent(round(100 * decision.better_share), locale)
                sentence = w(
                    "web_decision_mistake", choice=choice, best=best, cost=cost, share=share
                )
        elif decision.verdict == "unlucky":
            sentence = w("web_decision_unlucky", choice=choice, best=best)
        else:
            sentence = w("web_decision_fine", choice=choice)
        marks.append(
            Mark(
                step=decision.index + 1,
                verdict=decision.verdict,
                label=w(f"web_verdict_{decision.verdict}"),
                sentence=sentence,
            )
        )
    return marks


def deal_page(
    replay: DealReplay,
    table: TableFacts,
    locale: str,
    links: DealLinks,
    review: SeatReview | None = None,
    review_seat: int | None = None,
) -> str:
    """The deal's page; with ``review_seat``, that seat at the bottom and its decisions marked
    (``review`` None: not reviewed yet, which the page says)."""
    w = Words(locale)
    names = list(table.names)
    style = table.deck_style
    bottom = review_seat if review_seat is not None else 0
    seats = seats_shown(names, table.computers, replay.teams, replay.dealer, bottom, locale)
    shown_names = [seat.name for seat in seats]
    said_names = [seat.said for seat in seats]
    """Names inside sentences, each isolated from the words around it."""
    cards = [card for hand in replay.steps[0].hands for card in hand]
    for step in replay.steps:
        cards += [card for hand in step.hands for card in hand]
        cards += [card for _, card in step.trick]
        cards += [
            c for c in (step.table.turn_up, step.table.trump_card, step.table.called_card) if c
        ]
    labels = card_labels(cards, replay.game, style, locale)
    marks = review_marks(review, replay, style, locale) if review is not None else []
    mark_at = {mark.step: index for index, mark in enumerate(marks)}
    stock_key = "web_talon" if replay.game == "piquet" else "web_stock"
    trump_words = {
        step.table.trump: w(
            "web_trump", trump=trump_label(step.table.trump, replay.game, style, locale)
        )
        for step in replay.steps
        if step.table.trump
    }
    steps_json: list[dict[str, Any]] = [
        {
            "h": step.hands,
            "t": [[seat, card] for seat, card in step.trick],
            "w": step.winner,
            "x": step_lines(step, replay, said_names, style, locale),
            "m": mark_at.get(index),
            "k": step.tricks_done,
            "tw": step.tricks_won,
            "a": step.seat,
            "c": {
                "u": step.table.turn_up,
                "r": step.table.trump_card,
                "s": step.table.stock,
                "p": step.table.trump,
                "l": step.table.called_card,
            },
        }
        for index, step in enumerate(replay.steps)
    ]
    calls = [
        Said(
            step.seat,
            shown_names[step.seat],
            action_label(step.action, replay.game, style, locale),
            index,
        )
        for index, step in enumerate(replay.steps)
        if step.seat is not None and step.action is not None and step.action.type in AUCTION
    ]
    max_tricks = max((n for step in replay.steps for n in step.tricks_won), default=0)
    one_deal = table.challenge is not None
    rules = rules_line(replay.game, replay.options, replay.seats, locale, one_deal=one_deal)
    lines = deal_headline(replay.end_view, replay.result, replay.teams, said_names, locale)
    # The last step says how the deal ended, as the summary in Discord does.
    steps_json[-1]["r"] = [[line, mood] for line, mood in lines]
    side_labels, columns = score_table(replay, said_names, locale, w)
    data = {
        "seats": replay.seats,
        "cards": labels,
        "names": shown_names,
        "positions": [seat.position for seat in seats],
        "trumps": trump_words,
        "marks": [{"v": m.verdict, "l": m.label, "x": m.sentence} for m in marks],
        "tricks": [w("web_tricks_won", count=n) for n in range(max_tricks + 1)],
        "words": {
            "step": w("web_step", step="{step}", count="{count}"),
            "stock": w(stock_key, count="{count}"),
            "turnUp": w("web_turn_up"),
            "trumpCard": w("web_trump_card"),
            "called": w("web_called_card"),
        },
    }
    title = w(
        "web_title_deal", game=w.bot(f"game_{replay.game}"), table=table.id, deal=replay.deal_no + 1
    )
    return render(
        "deal.html",
        locale,
        title=title,
        sheet=deck_sheet(replay.game, style, locale),
        replay=replay,
        table=table,
        seats=seats,
        first=replay.steps[0],
        labels=labels,
        rules=rules,
        auction=auction_rounds(calls, replay.seats),
        tricks=replay.tricks,
        details=detail_lines(replay, said_names, locale),
        headline=lines,
        side_labels=side_labels,
        columns=columns,
        review=review,
        review_seat=review_seat,
        review_name=said_names[review_seat] if review_seat is not None else "",
        marks=marks,
        links=links,
        data=data,
        data_steps=steps_json,
        step_count=len(replay.steps) - 1,
        stock_key=stock_key,
        passed_out=replay.result["trick_points"] is None,
    )


__all__ = ["DealLinks", "deal_headline", "deal_page", "step_lines"]
