"""A challenge's standings image: the leaderboard's width and style, one row per player with their
deals, matchpoints and total against par, the caller's line under the page when it is not on it,
and percentages as each language writes them."""

from __future__ import annotations

import pytest

from i18n.locales import LOCALES
from rendering.challenge import ChallengeRow, matchpoints, render_challenge_standings
from rendering.leaderboard import WIDTH
from tests.rendering.helpers import decode

HEADINGS = {"rank": "#", "player": "Player", "deals": "Deals", "percent": "MP", "par": "± par"}


def rows(count: int) -> list[ChallengeRow]:
    return [
        ChallengeRow(i + 1, f"Player {i}", 8 - i % 3, 8, 75.0 - 5.5 * i, 40 - 20 * i)
        for i in range(count)
    ]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_page_grows_with_its_rows_and_the_callers_line(locale: str) -> None:
    short = decode(
        render_challenge_standings("Challenge #1", "3", HEADINGS, rows(3), locale=locale)
    )
    full = decode(
        render_challenge_standings("Challenge #1", "10", HEADINGS, rows(10), locale=locale)
    )
    own = ChallengeRow(57, "Marie", 2, 8, 33.3, -70, highlight=True)
    mine = decode(
        render_challenge_standings("Challenge #1", "10", HEADINGS, rows(10), own, locale=locale)
    )
    assert short.width == full.width == mine.width == WIDTH
    assert short.height < full.height < mine.height


def test_names_the_fonts_cannot_draw_do_not_break_a_page() -> None:
    odd = [
        ChallengeRow(1, "🂡🂱 " * 30, 8, 8, 100.0, 1200, highlight=True),
        ChallengeRow(2, "日本語の名前", 1, 8, 0.0, -1200),
        ChallengeRow(3, "", 0, 8, 50.0, 0),
    ]
    assert decode(render_challenge_standings("x" * 200, "y", {}, odd)).width == WIDTH


def test_matchpoints_are_written_to_one_decimal_as_each_language_writes_percentages() -> None:
    assert matchpoints(67.5, "en") == "67.5%"
    assert matchpoints(41.2, "en") == "41.2%"
    assert matchpoints(200 / 3, "en") == "66.7%"
    assert matchpoints(50.0, "en") == "50%"
    assert matchpoints(67.5, "fr") == "67,5\xa0%"
    assert matchpoints(67.5, "pt-PT") == "67,5%"
    assert matchpoints(100.0, "ja") == "100%"
