"""Kept layers never show anything stale: a table drawn through them is, byte for byte, the
table drawn whole, over whole played games of every game, tables drawn in turn, names, robots,
locales and deck styles changing under them, and a cache too small to keep much."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PIL import Image

import rendering
from games.registry import GAME_NAMES
from rendering import layers
from rendering.canvas import Canvas
from rendering.demo import DEMO_NAMES, Moment, played, random_position
from rendering.layers import Frame, LayerCache, merge
from rendering.table import background, draw_table, table_frame

SEAT_COUNTS = {"briscola": (2, 3, 4, 6)}
OTHER_NAMES = ["さくら", "Computer 1", "Computer 2", "Zoé-Éléonore Marchand", "Bob", "健太"]


@contextmanager
def whole() -> Iterator[None]:
    layers.set_enabled(False)
    try:
        yield
    finally:
        layers.set_enabled(True)


def _games() -> list[tuple[str, int | None]]:
    return [(name, seats) for name in GAME_NAMES for seats in SEAT_COUNTS.get(name, (None,))]


def _both(
    moment: Moment,
    names: list[str],
    bots: list[bool] | None = None,
    locale: str = "en",
    deck_style: str = "auto",
    unrated: bool = False,
) -> tuple[bytes, bytes]:
    """The table through the kept layers, and drawn whole."""
    options = {"bots": bots, "locale": locale, "deck_style": deck_style, "unrated": unrated}
    kept = rendering.render_table(moment.public, names, **options)
    with whole():
        drawn = rendering.render_table(moment.public, names, **options)
    return kept, drawn


@pytest.mark.parametrize(("name", "seats"), _games())
def test_tables_in_turn_equal_tables_drawn_whole(name: str, seats: int | None) -> None:
    """Three tables of the game played in turn, as a drawing process meets them; one of them
    renames a seat, turns a robot into a person and switches language and deck mid-game."""
    layers.CACHE.clear()
    runs = [played(name, seed, 45, seats) for seed in (11, 12, 13)]
    for step in range(max(map(len, runs))):
        for t, run in enumerate(runs):
            if step >= len(run):
                continue
            n = run[step].public["seats"]
            names = (DEMO_NAMES if t != 1 else OTHER_NAMES)[:n]
            bots = [(seat + t) % 3 == 0 for seat in range(n)]
            locale, style = "en", "auto"
            if t == 2 and step > 20:
                names = [*names[:-1], "Renamed"]
                bots[0] = not bots[0]
                locale, style = "fr", "french4"
            kept, drawn = _both(run[step], names, bots, locale, style, unrated=step % 9 == 4)
            assert kept == drawn, (name, seats, t, step)
    assert layers.CACHE.hits > 0


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_positions_equal_tables_drawn_whole(name: str) -> None:
    """Unrelated positions of one table (its plates kept, its panels seldom)."""
    for seed in range(20):
        position = random_position(name, 300 + seed)
        n = position.game.seats
        moment = Moment(position.game.public_view(), position.game.public_view(), None, [])
        kept, drawn = _both(moment, DEMO_NAMES[:n], [seat == 1 for seat in range(n)])
        assert kept == drawn, (name, seed)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_frame_holds_the_same_pixels_as_the_whole_drawing(name: str) -> None:
    """Kept layers whose pixels never reached the canvas (nothing was drawn over them) are put
    there when the image is asked for: the RGB image is the whole drawing's."""
    for moment in played(name, 21, 30)[::3]:
        n = moment.public["seats"]
        frame = table_frame(moment.public, DEMO_NAMES[:n], [False] * n, "french4")
        whole_image = draw_table(moment.public, DEMO_NAMES[:n], [False] * n, "french4")
        assert frame.image().tobytes() == whole_image.tobytes()


def test_scratch_images_go_back_to_the_base() -> None:
    """Each frame draws on the thread's scratch copy of the base and puts it back: after many
    images of every game, nothing of them is left on it."""
    for name in GAME_NAMES:
        for moment in played(name, 31, 25):
            n = moment.public["seats"]
            rendering.render_table(moment.public, DEMO_NAMES[:n], unrated=True)
    pool = layers._scratch.pool
    assert pool
    for (base_id, style), (image, rows) in pool.items():
        assert base_id == id(background())
        assert image.tobytes() == background().tobytes()
        assert rows.tobytes() == layers._base_rows(background(), style).tobytes()


def test_a_small_cache_stays_within_its_bound_and_still_draws_right(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    small = LayerCache(max_bytes=600_000)
    monkeypatch.setattr(layers, "CACHE", small)
    for seed in range(4):
        for moment in played("coinche", seed, 12):
            names = [f"{n} {seed}" for n in DEMO_NAMES[:4]]
            kept, drawn = _both(moment, names)
            assert kept == drawn
            assert small.nbytes <= small.max_bytes
    assert len(small) > 0 and small.hits > 0


def test_a_dealer_change_and_a_new_score_are_drawn() -> None:
    """Consecutive states that differ only in what the kept layers do not hold."""
    run = played("belote", 3, 80)
    names = DEMO_NAMES[:4]
    seen = set()
    for moment in run:
        kept, drawn = _both(moment, names)
        assert kept == drawn
        seen.add((moment.public["dealer"], str(moment.public["scores"])))
    assert len({dealer for dealer, _ in seen}) > 1 and len(seen) > 4


def _frame() -> Frame:
    return Frame(background(), "french", LayerCache())


def _paint(c: Canvas) -> int:
    c.panel((400, 300, 500, 360))
    return 7


def test_a_layer_is_kept_the_second_time_unless_admitted() -> None:
    cache = LayerCache()
    for expected in (0, 1, 1):
        frame = Frame(background(), "french", cache)
        assert frame.layer("panel", _paint) == 7
        assert len(cache) == expected
    frame = Frame(background(), "french", cache)
    frame.layer("other", _paint, admit=True)
    assert len(cache) == 2


def test_a_layer_is_neither_kept_nor_laid_over_something_painted() -> None:
    frame = _frame()
    frame.canvas.panel((450, 320, 470, 340), fill=(255, 0, 0))
    frame.layer("panel", _paint, admit=True)
    assert len(frame.cache) == 0
    clean = _frame()
    clean.cache = frame.cache
    clean.layer("panel", _paint, admit=True)
    assert len(frame.cache) == 1
    painted = _frame()
    painted.cache = frame.cache
    painted.canvas.panel((450, 320, 470, 340), fill=(255, 0, 0))
    painted.layer("panel", _paint)
    assert painted.canvas.image.getpixel((460, 330)) != (255, 0, 0)
    assert not painted.laid


def test_the_canvas_refuses_untracked_drawing_while_it_keeps_boxes() -> None:
    canvas = Canvas((10, 10), (0, 0, 0))
    canvas.draw.point((1, 1), fill=(255, 255, 255))
    canvas.dirty = []
    with pytest.raises(RuntimeError, match="draw through its methods"):
        _ = canvas.draw


def test_merged_boxes_cover_every_painted_pixel() -> None:
    boxes = [(0, 0, 1, 1), (17, 3, 40, 5), (300, 700, 1200, 720), (33, 40, 34, 200)]
    merged = merge(boxes, (1200, 720))
    for x0, y0, x1, y1 in boxes:
        for x, y in ((x0, y0), (x1 - 1, y1 - 1)):
            assert any(m[0] <= x < m[2] and m[1] <= y < m[3] for m in merged)
    assert all(0 <= m[0] < m[2] <= 1200 and 0 <= m[1] < m[3] <= 720 for m in merged)


def test_layers_follow_the_base_they_were_drawn_on() -> None:
    """A frame over another base never lays a layer kept over the table's."""
    cache = LayerCache()
    Frame(background(), "french", cache).layer("panel", _paint, admit=True)
    other = Image.new("RGB", background().size, (1, 2, 3))
    frame = Frame(other, "french", cache)
    frame.layer("panel", _paint, admit=True)
    # The panel's rounded corner leaves its box's corner pixel to the base.
    assert frame.canvas.image.getpixel((400, 300)) == (1, 2, 3)


def _paint_over_kept(frame: Frame) -> int:
    """A layer whose drawing lays another kept layer (``_paint``'s) and paints over it."""
    frame.layer("panel", _paint, admit=True)
    frame.canvas.panel((420, 310, 480, 350), fill=(200, 30, 30))
    return 9


def test_a_layer_that_lays_another_keeps_both_in_one() -> None:
    """A plate laid back whole holds its fixed part, laid back inside it when it was drawn:
    the outer layer's pixels are the inner layer's under what was painted over it."""
    cache = LayerCache()
    Frame(background(), "french", cache).layer("panel", _paint, admit=True)
    frame = Frame(background(), "french", cache)
    assert frame.layer("outer", lambda c: _paint_over_kept(frame), admit=True) == 9
    assert len(frame.laid) == 1 and frame.laid[0].box == (400, 300, 501, 361)
    drawn = frame.image()
    plain = Canvas(background().size, background())
    _paint(plain)
    plain.panel((420, 310, 480, 350), fill=(200, 30, 30))
    assert drawn.tobytes() == plain.image.tobytes()
    again = Frame(background(), "french", cache)
    assert again.layer("outer", lambda c: pytest.fail("laid back, not drawn")) == 9
    assert again.image().tobytes() == plain.image.tobytes()
    assert again.encode() == frame.encode()


def test_unchanged_plates_are_laid_back_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a trick, the plates of the seats that neither played nor are to play are laid back
    with their cards and words, not painted again: fewer than half of the plates are drawn,
    and every image is still the whole drawing's."""
    from rendering import table

    drawn: list[int] = []
    face = table._plate_face

    def counted(c: Canvas, plate: table.PlateFace, frame: Frame | None) -> object:
        drawn.append(plate.seat)
        return face(c, plate, frame)

    monkeypatch.setattr(table, "_plate_face", counted)
    layers.CACHE.clear()
    run = played("coinche", 5, 40)
    for moment in run[:10]:
        rendering.render_table(moment.public, DEMO_NAMES[:4])
    drawn.clear()
    for moment in run[10:]:
        kept, whole_image = _both(moment, DEMO_NAMES[:4])
        assert kept == whole_image
    plates = 4 * len(run[10:])
    assert len(drawn) - plates < plates / 2  # the whole drawings draw every plate


def test_a_layer_kept_without_its_pixels_is_drawn_again_where_painted_over() -> None:
    """A layer kept with its indices alone is laid back as any other; where something is then
    painted over it, it is drawn there first, and the image is the one drawn without layers."""
    cache = LayerCache()
    Frame(background(), "french", cache).layer("panel", _paint, admit=True, keep_pixels=False)
    (kept,) = cache._layers.values()
    assert kept.packed is None
    laid = Frame(background(), "french", cache)
    laid.layer("panel", lambda c: pytest.fail("laid back, not drawn"))
    plain = Frame(background(), "french", LayerCache())
    plain.layer("panel", _paint)
    assert laid.encode() == plain.encode()
    reference = Canvas(background().size, background())
    _paint(reference)
    reference.panel((450, 320, 470, 340), fill=(255, 0, 0))
    over = Frame(background(), "french", cache)
    assert over.layer("panel", _paint) == 7
    over.canvas.panel((450, 320, 470, 340), fill=(255, 0, 0))
    assert over.image().tobytes() == reference.image.tobytes()
    whole = Frame(background(), "french", LayerCache())
    _paint(whole.canvas)
    whole.canvas.panel((450, 320, 470, 340), fill=(255, 0, 0))
    assert over.encode() == whole.encode()


def test_an_unrated_table_over_layers_kept_without_pixels_is_the_whole_drawing() -> None:
    """The unrated tag is drawn after the panels, in the column's bottom corner, where a long
    log panel (kept without its pixels) may lie."""
    layers.CACHE.clear()
    for moment in played("coinche", 8, 40):
        kept, drawn = _both(moment, DEMO_NAMES[:4], unrated=True)
        assert kept == drawn
