"""Geometry of the table: nothing hides a card's index or a name, whatever the seat count."""

from __future__ import annotations

from typing import Any

import pytest

from rendering import cards, theme
from rendering.geometry import COLUMN, H, W, plate_box, seat_anchor, trick_card_box


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_trick_indexes_stay_visible(n: int) -> None:
    """The corner index of every trick card is covered neither by a plate nor by a card played
    later (later cards are drawn on top)."""
    for i in range(n):
        x, y, w, h = trick_card_box(i, n)
        rank_px, suit_px = cards.index_sizes(w, h)
        index = (x, y, x + w // 2, y + rank_px + suit_px + 16)
        for j in range(n):
            assert not overlap(index, plate_box(j, n)), (n, i, j)
            if j != i:
                ox, oy, ow, oh = trick_card_box(j, n)
                assert not overlap(index, (ox, oy, ox + ow, oy + oh)), (n, i, j)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_plates_inside_the_table_and_apart(n: int) -> None:
    boxes = [plate_box(i, n) for i in range(n)]
    for i, box in enumerate(boxes):
        assert box[0] > COLUMN and box[2] <= W and box[1] >= 0 and box[3] <= H
        for other in boxes[i + 1 :]:
            assert not overlap(box, other)


def test_seats_go_counter_clockwise_from_the_bottom() -> None:
    """docs/rules.md §1.3: the next player sits to the right, so seat 1 is drawn right of seat 0."""
    bottom, right, top, left = (seat_anchor(i, 4) for i in range(4))
    assert bottom[1] > top[1]
    assert right[0] > left[0]
    assert theme.TABLE_SIZE == (W, H)


def test_score_labels_name_partners_but_not_teams_of_three() -> None:
    from rendering.info import side_names

    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]

    def texts(labels: list[Any]) -> list[str]:
        return [label.text for label in labels]

    assert texts(side_names([[0, 2], [1, 3]], names[:4])) == ["Ann & Cid", "Bob & Dee"]
    assert texts(side_names([[0, 2, 4], [1, 3, 5]], names)) == ["Team A", "Team B"]
    assert texts(side_names([[0], [1], [2]], names[:3])) == ["Ann", "Bob", "Cid"]
    # Sentences name everybody.
    assert texts(side_names([[0, 2, 4], [1, 3, 5]], names, max_joined=None)) == [
        "Ann & Cid & Eve",
        "Bob & Dee & Fay",
    ]


def test_a_name_with_an_ampersand_stays_one_name() -> None:
    """Side labels are lists of names until drawn: "Tom & Jerry" is one player, not two."""
    from rendering.info import side_names, wins

    labels = side_names([[0, 2], [1, 3]], ["Tom & Jerry", "Bob", "Ann", "Dee"])
    assert labels[0].members == ("Tom & Jerry", "Ann")
    single = side_names([[0], [1]], ["Tom & Jerry", "Bob"])
    assert single[0].members == ("Tom & Jerry",)
    # One player wins: the singular verb, whatever the name holds.
    assert wins(single[0], "en") == "Tom & Jerry wins"
    assert wins(labels[0], "en") == "Tom & Jerry & Ann win"


def test_partners_wrap_between_names_not_inside_one() -> None:
    from rendering.canvas import Canvas
    from rendering.column import side_lines
    from rendering.info import SideLabel

    c = Canvas((10, 10), (0, 0, 0))
    assert side_lines(c, SideLabel(("Tom & Jerry", "Ann")), 250) == ["Tom & Jerry", "Ann"]
    assert side_lines(c, SideLabel(("Tom & Jerry", "Ann")), 2000) == ["Tom & Jerry & Ann"]
