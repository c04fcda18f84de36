"""A review decision's picture: the deal around the decision (the auction so far and the bid to
beat, or the trick with who played each card), labels as large on a phone as the table image's,
partners and opponents in their own colours."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PIL import Image

from rendering import table, theme
from rendering.canvas import Canvas, Record
from rendering.review import (
    LABEL,
    PHONE_MIN_CAP,
    PHONE_WIDTH,
    WIDTH,
    Player,
    ReviewPicture,
    _Layout,
    draw_review_picture,
)
from rendering.text import cap_height

PLAYERS = (
    Player("alice", "you", 0),
    Player("bob", "opponent", 1),
    Player("carol", "partner", 0),
    Player("dave", "opponent", 1),
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


def ink(image: Image.Image, record: Record) -> set[tuple[int, int, int]]:
    """The full-strength colours inside a text's box (its ink, not its anti-aliased edge)."""
    x0, y0, x1, y1 = record.box
    found = {image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)}
    return {c for c in found if isinstance(c, tuple) and c in theme.TEAM_COLOURS}


def test_each_side_has_the_table_s_colour() -> None:
    """Issue 41.6: partners were blue and opponents orange in the review, the reverse of the
    table where seat 0's side is the first colour. Each name under a trick card is drawn in its
    side's table colour, the reviewed seat's too."""
    records: list[Record] = []
    shown = picture(trick=((1, "7H"), (2, "KH"), (3, "AH")))
    image = draw_review_picture(shown, "french", "en", records).convert("RGB")
    names = {r.text: r for r in records if r.kind == "text"}
    assert ink(image, names["carol"]) == {theme.TEAM_COLOURS[0]}
    assert ink(image, names["bob"]) == ink(image, names["dave"]) == {theme.TEAM_COLOURS[1]}


def test_a_briscola_decision_shows_what_the_player_knew() -> None:
    """Issue 41.7: the trump card itself (not a small emblem), the stock, the cards gone and
    the points so far."""
    records: list[Record] = []
    state = ("Stock: 14 cards left", "Cards gone: 18 of 40", "Points so far: you: 22 · bob: 31")
    shown = picture(
        game="briscola",
        players=PLAYERS[:2],
        hand=("AS", "3C", "7D"),
        trump="D",
        contract=None,
        trick=((1, "KD"),),
        choice="7D",
        better="AS",
        trump_card="2D",
        state=state,
    )
    image = draw_review_picture(shown, "italian", "en", records)
    drawn = [r.text for r in records if r.kind == "text"]
    assert all(line in drawn for line in state)
    assert "Trump card" in drawn
    assert image.width == WIDTH


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
