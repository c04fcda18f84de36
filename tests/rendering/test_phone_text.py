"""Every image read on a phone: Discord shows an image of width W 360 px wide there, so a text of
font size S is S × 360/W pixels; none may be under 10 px (issue 41.1), in any image kind.

Each kind is drawn from genuine views (``rendering.demo``) or the rows the bot passes, with the
names a table really meets, in English and Japanese (and the longer French and Portuguese words
for the table), and the texts it records (``Canvas.records``) are measured.
"""

from __future__ import annotations

from functools import cache

import pytest

from games.registry import GAME_NAMES
from rendering import theme
from rendering.canvas import Canvas, Record
from rendering.challenge import ChallengeRow, draw_challenge_standings
from rendering.demo import DEMO_SEATS, Position, finished_deal, random_position
from rendering.hand import draw_hand
from rendering.leaderboard import (
    LeaderboardRow,
    draw_leaderboard,
    draw_rating_chart,
    draw_unrated_tag,
)
from rendering.puzzle import draw_puzzle
from rendering.review import Player, ReviewPicture, draw_review_picture
from rendering.sheets import draw_deal_summary, draw_last_trick, draw_score_sheet
from rendering.table import draw_table
from tests.support.phone import on_phone

LOCALES = ("en", "ja")
NAMES = ["alice", "Computer 1", "Anne-Sophie de La Tour", "Computer 2", "ちはや", "Computer 3"]
BOTS = [False, True, False, True, False, True]


def smallest(records: list[Record], width: int) -> tuple[float, str]:
    """The smallest text on a phone, in pixels, and what it says: the size its glyphs are really
    drawn at (a Japanese text's CJK glyphs at ``cjk_font``'s size), not the size asked for."""
    texts = [r for r in records if r.kind == "text"]
    assert texts
    small = min(texts, key=lambda r: on_phone(r, width))
    return on_phone(small, width), small.text


def check(records: list[Record], width: int) -> None:
    pixels, words = smallest(records, width)
    assert pixels >= theme.MIN_PHONE_TEXT, f"{words!r} is {pixels:.1f} px on a phone"


@cache
def positions(game: str) -> list[Position]:
    seats = sorted({DEMO_SEATS[game], 2 if game == "briscola" else DEMO_SEATS[game]})
    return [random_position(game, seed, seats=n) for n in seats for seed in (1, 7, 40)]


@cache
def finished(game: str) -> Position:
    return finished_deal(game, 3)


@pytest.mark.parametrize("locale", ("en", "ja", "fr", "pt-BR"))
@pytest.mark.parametrize("game", GAME_NAMES)
def test_table(game: str, locale: str) -> None:
    for position in positions(game):
        view = position.game.public_view()
        n = view["seats"]
        records: list[Record] = []
        image = draw_table(view, NAMES[:n], BOTS[:n], "french", locale, records)
        check(records, image.width)
    # The "Unrated" tag of a table whose games move no rating.
    c = Canvas(image.size, image)
    c.records = []
    draw_unrated_tag(c, locale)
    check(c.records, image.width)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_hand(game: str, locale: str) -> None:
    for position in positions(game):
        seat = position.seat if position.seat is not None else 0
        records: list[Record] = []
        image = draw_hand(position.game.view(seat), position.legal, "french", locale, (), records)
        check(records, image.width)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_summary_score_sheet_and_last_trick(game: str, locale: str) -> None:
    position = finished(game)
    view, result = position.final_view, position.result
    assert view is not None and result is not None
    n = view["seats"]
    records: list[Record] = []
    image = draw_deal_summary(view, NAMES[:n], result, "french", locale, records)
    check(records, image.width)
    records = []
    scores = list(view["scores"]["game"])
    results = list(position.game.deal_results)
    image = draw_score_sheet(game, NAMES[:n], results, scores, locale, None, records)
    check(records, image.width)
    records = []
    image = draw_last_trick(view, NAMES[:n], "french", locale, records)
    check(records, image.width)


def review_pictures() -> list[ReviewPicture]:
    four = (
        Player("alice", "you"),
        Player("Computer 1", "opponent"),
        Player("Anne-Sophie de La Tour", "partner"),
        Player("Computer 2", "opponent"),
    )
    five = (*four[:3], Player("Computer 2", "unknown"), Player("ちはや", "unknown"))
    card = ReviewPicture(
        game="coinche",
        number=1,
        verdict="mistake",
        trick_number=3,
        players=four,
        hand=("QS", "8H", "AC", "TD", "KD", "JD"),
        trump="H",
        contract="80 ♥ · Computer 2",
        trick=((1, "7H"), (2, "KH"), (3, "AH")),
        auction=(),
        to_beat=None,
        turn_up=None,
        choice="8H",
        better="AC",
    )
    auction = ReviewPicture(
        game="chiamata",
        number=2,
        verdict="unlucky",
        trick_number=0,
        players=five,
        hand=("AS", "3S", "KH", "QD", "JC", "7C", "6S", "5H"),
        trump=None,
        contract=None,
        trick=(),
        auction=tuple((k % 5, "pass" if k % 3 else f"{k + 61}") for k in range(12)),
        to_beat=9,
        turn_up=None,
        choice="pass",
        better="72",
    )
    return [card, auction]


@pytest.mark.parametrize("locale", LOCALES)
def test_review_decision(locale: str) -> None:
    for picture in review_pictures():
        records: list[Record] = []
        image = draw_review_picture(picture, "french", locale, records)
        check(records, image.width)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_puzzle(game: str, locale: str) -> None:
    position = positions(game)[0]
    seat = position.seat if position.seat is not None else 0
    view = position.game.view(seat)
    n = view["seats"]
    others = [(NAMES[s], list(position.game.view(s)["hand"])) for s in range(n) if s != seat]
    records: list[Record] = []
    goal = "Take every remaining trick: your partner has the lead and plays first to the next."
    image = draw_puzzle(
        view, NAMES[:n], BOTS[:n], others, position.legal, "Puzzle", goal, "french", locale, records
    )
    check(records, image.width)


@pytest.mark.parametrize("locale", LOCALES)
def test_standings_leaderboard_and_chart(locale: str) -> None:
    headings = {"rank": "#", "player": "Player", "deals": "Deals", "percent": "%", "par": "Par"}
    rows = [ChallengeRow(k + 1, NAMES[k], 2, 2, 50.0 - k, -880 * k) for k in range(5)]
    records: list[Record] = []
    image = draw_challenge_standings(
        "Coinche challenge", "Final standings", headings, rows, rows[0], locale, records
    )
    check(records, image.width)
    board = [LeaderboardRow(k + 1, NAMES[k], 1000 + k, 10, 5) for k in range(5)]
    records = []
    image = draw_leaderboard("Leaderboard", "Coinche", board, board[0], locale, records)
    check(records, image.width)
    records = []
    series = [("Coinche", [1000, 1012, 990]), ("Briscola", [1000, 1020])]
    image = draw_rating_chart("alice", series, locale, (), records)
    check(records, image.width)


@pytest.mark.parametrize("locale", ("en", "fr", "it", "ja", "pt-PT", "pt-BR"))
def test_the_score_panel_heads_say_what_they_count(locale: str) -> None:
    """The side column's score heads read "Deal" and "Total" (they read "deal game", as if the
    two were one heading): the game's column says it is the total, as the score sheet does."""
    from rendering.geometry import COLUMN
    from rendering.words import text

    view = positions("coinche")[0].game.public_view()
    records: list[Record] = []
    draw_table(view, NAMES[:4], BOTS[:4], "french", locale, records)
    column = [r.text for r in records if r.kind == "text" and r.box[2] <= COLUMN]
    assert text("column_total", locale) in column
    assert text("score_game", locale) == text("column_total", locale)
    assert text("score_deal", locale) == text("deal", locale)
