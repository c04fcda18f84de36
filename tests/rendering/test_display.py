"""The table read at the size a phone shows it: every text at least 10 px on screen, names never
cut silently nor confused, and no element over another, in many real positions of every game.

The images record what they draw (``Canvas.records``): the tests measure the real draw calls, not
the constants they were meant to use.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest
from PIL import Image

from games.registry import GAME_NAMES
from rendering import theme
from rendering.canvas import Box, Record
from rendering.demo import DEMO_SEATS, random_position
from rendering.geometry import COLUMN, W
from rendering.sheets import draw_last_trick
from rendering.table import draw_table
from tests.support.phone import on_phone

SEATS = {
    name: sorted({DEMO_SEATS[name], 2 if name == "briscola" else DEMO_SEATS[name]})
    for name in GAME_NAMES
}
LONG = "Anne-Sophie de La Tour d'Auvergne"


def players(n: int) -> tuple[list[str], list[bool]]:
    """A mixed table as the bot builds one: humans with short and very long names, and numbered
    computers whose names differ only by their last character."""
    humans = ["alice", LONG, "bob"]
    names: list[str] = []
    bots: list[bool] = []
    for seat in range(n):
        if seat % 2:
            names.append(f"Computer {seat // 2 + 1}")
            bots.append(True)
        else:
            names.append(humans[(seat // 2) % len(humans)])
            bots.append(False)
    return names, bots


@cache
def positions(name: str) -> list[tuple[dict[str, object], int]]:
    """Public views from the start, the middle and the end of seeded games (the last ones are
    over: the banner is drawn), for each seat count the game is commonly played with."""
    out = []
    for seats in SEATS[name]:
        for seed in range(10):
            steps = None if seed < 8 else 100_000
            position = random_position(name, 500 + seed, seats=seats, steps=steps)
            out.append((position.game.public_view(), seats))
    return out


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: Box, b: Box) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def draw(view: dict[str, object], seats: int) -> list[Record]:
    names, bots = players(seats)
    records: list[Record] = []
    draw_table(view, names, bots, "french", records=records)
    return records


@pytest.mark.parametrize("name", GAME_NAMES)
def test_smallest_text_is_10_px_on_a_phone(name: str) -> None:
    for view, seats in positions(name):
        texts = [r for r in draw(view, seats) if r.kind == "text"]
        assert texts
        for record in texts:
            on_screen = on_phone(record, W)
            assert on_screen >= theme.MIN_PHONE_TEXT, (record.text, on_screen)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_nothing_overlaps(name: str) -> None:
    """Texts never touch each other nor an icon; plates, badges, bubbles and the game-over
    banner of different seats never overlap; every text stays inside the image."""
    for view, seats in positions(name):
        records = draw(view, seats)
        texts = [r for r in records if r.kind == "text"]
        icons = [r for r in records if r.kind == "icon"]
        solids = [r for r in records if r.kind in ("plate", "badge", "bubble", "banner")]
        phase = view.get("phase")
        for a, b in combinations(texts, 2):
            assert not overlap(a.box, b.box), (phase, a.text, b.text)
        for t in texts:
            assert inside(t.box, (0, 0, W, theme.TABLE_SIZE[1])), t
            if t.box[0] < COLUMN:
                assert t.box[2] <= COLUMN - 6 - 8, ("past the side column", t.text)
            for icon in icons:
                if not inside(t.box, icon.box):  # the dealer chip's own letter
                    assert not overlap(t.box, icon.box), (phase, t.text, icon)
        for a, b in combinations(icons, 2):
            assert not overlap(a.box, b.box), (phase, a, b)
        for a, b in combinations(solids, 2):
            if a.owner is not None and a.owner == b.owner:
                continue
            assert not overlap(a.box, b.box), (phase, a, b)
        for card in (r for r in records if r.kind == "card"):
            for solid in solids:
                if solid.kind != "banner":
                    assert not overlap(card.box, solid.box), (phase, card, solid)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_turn_arrow_is_in_sight(name: str) -> None:
    """The seat to act has its gold arrow, and nothing lies over it: not its own badge (Piquet's
    "Elder · took 1" covered the bottom seat's arrow), a plate, a card, an icon or a text."""
    pointed = 0
    for view, seats in positions(name):
        records = draw(view, seats)
        arrows = [r for r in records if r.kind == "arrow"]
        speaking = any(r.kind == "bubble" and r.owner == view["to_act"] for r in records)
        if view["to_act"] is None or speaking:
            assert not arrows
            continue
        assert [a.owner for a in arrows] == [view["to_act"]]
        pointed += 1
        kinds = ("plate", "badge", "bubble", "banner", "card", "icon", "text")
        for other in (r for r in records if r.kind in kinds):
            assert not overlap(arrows[0].box, other.box), (view["phase"], other)
    assert pointed


@pytest.mark.parametrize("name", GAME_NAMES)
def test_names_stay_whole_or_unique(name: str) -> None:
    """Every seat's name plate shows a distinct name, and numbered computers keep their number
    ("Computer 1" and "Computer 2" never both become "Compute…")."""
    for view, seats in positions(name)[:3]:
        names, _ = players(seats)
        records = draw(view, seats)
        plates = {r.owner: r.box for r in records if r.kind == "plate"}
        shown: dict[int, str] = {}
        for record in records:
            if record.kind != "text":
                continue
            for seat, box in plates.items():
                if seat is not None and inside(record.box, box) and seat not in shown:
                    shown[seat] = record.text
        assert len(shown) == seats
        assert len(set(shown.values())) == seats, shown
        for seat, label in shown.items():
            if names[seat].startswith("Computer"):
                assert label == names[seat] or label.endswith(names[seat][-2:]), label


def test_last_trick_names_two_computers_apart() -> None:
    view = {
        "game": "coinche",
        "seats": 4,
        "last_trick": [[0, "AS"], [1, "TS"], [2, "KS"], [3, "7S"]],
        "events": [{"type": "trick", "winner": 0}],
    }
    names = ["alice", "Computer 1", "carol", "Computer 2"]
    records: list[Record] = []
    image = draw_last_trick(view, names, "french", records=records)
    drawn = " ".join(r.text for r in records if r.kind == "text")
    assert "…" not in drawn
    assert "Computer 1" in drawn and "Computer 2" in drawn
    assert all(
        on_phone(r, image.width) >= theme.MIN_PHONE_TEXT for r in records if r.kind == "text"
    )


def changed(diff: Image.Image) -> float:
    """Share of the pixels of a difference image that changed visibly."""
    histogram = diff.histogram()
    return sum(histogram[41:]) / (diff.width * diff.height)


@pytest.mark.parametrize("style", ["french", "italian"])
def test_court_cards_tell_themselves_apart_beyond_the_letter(style: str) -> None:
    """King, queen and jack (re, cavallo, fante) of one suit differ in their figure, not only in
    their corner letter: the figure region of any two differs on a good share of its pixels."""
    from PIL import ImageChops

    from rendering import cards

    w, h = theme.TABLE_CARD
    figures = {}
    for rank in "KQJ":
        sprite = cards.face(rank + "H", style, w, h).convert("L")
        figures[rank] = sprite.crop((w // 2, 0, w, h))
    for a, b in combinations("KQJ", 2):
        share = changed(ImageChops.difference(figures[a], figures[b]))
        assert share > 0.04, (style, a, b, share)
    pip = cards.face("7H", style, w, h).convert("L").crop((w // 2, 0, w, h))
    assert changed(ImageChops.difference(figures["K"], pip)) > 0.1
