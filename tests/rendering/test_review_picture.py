"""A review decision's picture: the deal around the decision (the auction so far and the bid to
beat, or the trick with who played each card), labels as large on a phone as the table image's,
partners and opponents in their own colours."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rendering import table, theme
from rendering.canvas import Canvas
from rendering.review import (
    LABEL,
    PHONE_MIN_CAP,
    PHONE_WIDTH,
    SIDE_COLOURS,
    WIDTH,
    Player,
    ReviewPicture,
    _Layout,
    draw_review_picture,
)
from rendering.text import cap_height

PLAYERS = (
    Player("alice", "you"),
    Player("bob", "opponent"),
    Player("carol", "partner"),
    Player("dave", "opponent"),
)


def picture(**changes: Any) -> ReviewPicture:
    base = ReviewPicture(
        game="coinche",
        number=1,
        verdict="mistake",
        trick_number=3,
        players=PLAYERS,
        hand=("QS", "8H", "AC", "TD", "KD", "JD"),
        trump="H",
        contract="80 ♥ · dave",
        trick=((1, "7H"), (2, "KH"), (3, "AH")),
        auction=(),
        to_beat=None,
        turn_up=None,
        choice="8H",
        better="AC",
    )
    return replace(base, **changes)


def test_labels_read_on_a_phone_as_the_table_image_s_do() -> None:
    # Issue 33.2: at 360 px the table image's names are NAME/W of the width, its side column's
    # capitals PHONE_MIN_CAP pixels; the review's smallest text is no smaller.
    assert LABEL / WIDTH >= table.NAME / table.W
    assert cap_height(LABEL) * PHONE_WIDTH / WIDTH >= PHONE_MIN_CAP
    image = draw_review_picture(picture(), "french", "en")
    assert image.width == WIDTH


def test_partners_and_opponents_are_told_apart() -> None:
    assert SIDE_COLOURS["partner"] != SIDE_COLOURS["opponent"]
    image = draw_review_picture(picture(), "french", "en").convert("RGB")
    colours = {image.getpixel((x, y)) for x in range(WIDTH) for y in range(0, image.height, 2)}
    assert SIDE_COLOURS["partner"] in colours and SIDE_COLOURS["opponent"] in colours


def test_an_auction_is_a_grid_of_rounds_from_the_first_to_speak() -> None:
    auction = ((2, "pass"), (3, "80 ♥"), (0, "pass"), (1, "pass"), (2, "pass"))
    shown = picture(
        trick_number=0, trick=(), auction=auction, to_beat=1, choice="pass", better="90 ♠"
    )
    probe = Canvas((1, 1), theme.FELT)
    layout = _Layout(shown, "french", "en", probe, is_card=False)
    assert layout._grid() == [["pass", "80 ♥", "pass", "pass"], ["pass", None, None, None]]
    assert any("80 ♥" in line and "dave" in line for line in layout.facts)
    image = draw_review_picture(shown, "french", "fr")
    assert image.width == WIDTH and image.height < WIDTH


def test_two_bids_of_one_deal_give_different_pictures() -> None:
    # Issue 33.2: a bid's picture was the hand alone, the same for every bid of a deal.
    first = picture(trick_number=0, trick=(), auction=(), choice="pass", better="pass")
    later = picture(
        trick_number=0,
        trick=(),
        auction=((1, "80 ♥"), (2, "pass"), (3, "pass")),
        to_beat=0,
        choice="pass",
        better="pass",
    )
    one = draw_review_picture(first, "french", "en")
    two = draw_review_picture(later, "french", "en")
    assert one.size != two.size or one.tobytes() != two.tobytes()
