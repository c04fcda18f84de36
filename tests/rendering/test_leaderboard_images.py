"""The ratings images: a leaderboard page (with the caller's line under it when it is not on the
page), the rating chart (empty, one game, many games), and the table's "Unrated" tag."""

from __future__ import annotations

from PIL import ImageChops

import rendering
from rendering import LeaderboardRow
from rendering.demo import DEMO_NAMES, random_position
from rendering.leaderboard import WIDTH
from tests.rendering.helpers import decode


def rows(count: int) -> list[LeaderboardRow]:
    return [
        LeaderboardRow(i + 1, f"Player {i}", 1300 - 10 * i, 30 - i, 15 - i, provisional=i > 6)
        for i in range(count)
    ]


def test_a_page_grows_with_its_rows_and_the_callers_line() -> None:
    short = decode(rendering.render_leaderboard("Coinche — leaderboard", "All time", rows(3)))
    full = decode(rendering.render_leaderboard("Coinche — leaderboard", "All time", rows(10)))
    own = LeaderboardRow(57, "Marie", 1012, 12, 5, highlight=True)
    with_own = decode(
        rendering.render_leaderboard("Coinche — leaderboard", "All time", rows(10), own)
    )
    assert short.width == full.width == with_own.width == WIDTH
    assert short.height < full.height < with_own.height


def test_names_the_fonts_cannot_draw_do_not_break_a_page() -> None:
    odd = [
        LeaderboardRow(1, "🂡🂱 " * 30, 1000, 1, 1, highlight=True),
        LeaderboardRow(2, "日本語の名前", 990, 1, 0, computer=True),
        LeaderboardRow(3, "", 980, 0, 0),
    ]
    image = decode(rendering.render_leaderboard("x" * 200, "y", odd))
    assert image.width == WIDTH


def test_the_chart_draws_empty_single_and_long_histories() -> None:
    empty = decode(rendering.render_rating_chart("Marie — rating", []))
    one = decode(rendering.render_rating_chart("Marie — rating", [("Coinche", [1040])]))
    many = decode(
        rendering.render_rating_chart(
            "Marie — rating",
            [("Coinche", [1000 + (i * 37) % 90 for i in range(200)]), ("Piquet", [990, 1010])],
        )
    )
    assert empty.size == one.size == many.size
    assert ImageChops.difference(empty.convert("RGB"), one.convert("RGB")).getbbox() is not None


def test_one_game_from_a_newcomers_rating_is_a_step_not_a_flat_line() -> None:
    """After a first game the chart rises from 1,000 to the new rating: the line's colour
    covers many rows, where a flat line would cover its own width only."""
    from rendering.leaderboard import CHART_COLOURS

    def rows_of_line(starts: list[int | None]) -> int:
        image = decode(
            rendering.render_rating_chart("Marie", [("Coinche", [1040])], starts=starts)
        ).convert("RGB")
        colour = CHART_COLOURS[0]
        plot = image.crop((80, 100, image.width - 40, image.height - 44))

        def near(pixel: tuple[int, int, int]) -> bool:
            return sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 60

        ys = {
            y
            for y in range(plot.height)
            for x in range(0, plot.width, 3)
            if near(plot.getpixel((x, y)))  # type: ignore[arg-type]
        }
        return max(ys) - min(ys) if ys else 0

    assert rows_of_line([1000]) > 40
    assert rows_of_line([None]) < 15


def test_an_unrated_table_is_tagged() -> None:
    position = random_position("coinche", 3)
    view = position.game.public_view()
    names = DEMO_NAMES[:4]
    plain = decode(rendering.render_table(view, names)).convert("RGB")
    tagged = decode(rendering.render_table(view, names, unrated=True)).convert("RGB")
    box = ImageChops.difference(plain, tagged).getbbox()
    assert box is not None
    _left, top, right, _bottom = box
    # Bottom-left corner only: the tag hides nothing of the table.
    assert right < 320 and top > plain.height - 80
