"""Numbers a player reads at a glance are written as their language writes them: ratings and
their changes, leaderboard counts, a chart's scale (CLDR grouping through Babel)."""

from __future__ import annotations

import pytest

from bot.storage.ratings.model import RatingChange
from bot.ui.standings import change_lines, rating_text
from i18n.numbers import number, percent, signed


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", "1,024"),
        ("fr", "1\u202f024"),
        ("it", "1.024"),
        ("pt-PT", "1\u00a0024"),
        ("pt-BR", "1.024"),
        ("ja", "1,024"),
    ],
)
def test_a_rating_is_grouped_as_its_language_groups_thousands(locale: str, expected: str) -> None:
    assert number(1024, locale) == expected
    assert rating_text(1024, False, locale) == expected


def test_a_change_of_rating_in_french() -> None:
    change = RatingChange(name="marie", user_id=1, before=998, after=1024, provisional=False)
    (line,) = change_lines([change], "fr")
    assert "998 → 1\u202f024 (+26)" in line
    assert signed(-1200, "it") == "-1.200"


def test_percentages_follow_the_language() -> None:
    assert percent(57, "en") == "57%"
    assert percent(57, "fr") == "57\u00a0%"
