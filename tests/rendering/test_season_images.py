"""The season's images (issue 45) stay legible on a phone: no text smaller than 10 px once a
360 px column shrinks them (``font size × 360 / width``), long names cut to fit, and the lines
where they belong."""

from __future__ import annotations

from rendering.canvas import Record
from rendering.season import (
    WIDTH,
    PodiumPlace,
    SeasonRow,
    draw_podium,
    draw_season_board,
)
from rendering.words import text
from tests.support.phone import on_phone

LONG = "Marie-Antoinette de Bourbon-Parme 🃏 la Grande"


def _texts(records: list[Record]) -> list[Record]:
    return [r for r in records if r.kind == "text"]


def _legible(records: list[Record], width: int) -> None:
    texts = _texts(records)
    assert texts
    small = [(r.text, r.size) for r in texts if on_phone(r, width) < 10]
    assert small == []
    assert all(r.box[0] >= 0 and r.box[2] <= width for r in texts), "a text runs off the image"


def test_a_division_page_is_legible_with_its_lines() -> None:
    rows = [
        SeasonRow(rank, f"{LONG} {rank}", 1400 - rank, 12, zone="up" if rank <= 4 else None)
        for rank in range(1, 9)
    ] + [SeasonRow(None, LONG, 1000, 3, to_go=7), SeasonRow(None, "Jun", 990, 9, to_go=1)]
    records: list[Record] = []
    for locale in ("en", "fr", "it", "pt-PT", "pt-BR", "ja"):
        records.clear()
        image = draw_season_board(
            "Belote — Season 12",
            "Division 2 of 3 · Mar 1 – 31, 2026 · page 1 of 3",
            rows,
            SeasonRow(31, LONG, 1012, 2, highlight=True),
            promotion_after=3,
            relegation_before=6,
            locale=locale,
            records=records,
        )
        assert image.width == WIDTH
        _legible(records, image.width)
    said = [r.text for r in _texts(records)]
    assert any("昇格" in text for text in said) and any("降格" in text for text in said)
    # A name is cut before the unranked player's games to go, on the same line.
    to_go = next(r for r in _texts(records) if r.text == text("season_to_go", "ja", count=7))
    name = next(
        r for r in _texts(records) if r.text.startswith("Marie") and r.box[1] + 2 == to_go.box[1]
    )
    assert name.box[2] < to_go.box[0]


def test_the_podium_is_legible() -> None:
    places = [PodiumPlace(LONG, 1443, 31), PodiumPlace("Paolo", 1390, 22)]
    for locale in ("en", "ja"):
        records: list[Record] = []
        image = draw_podium("Coinche — Season 3", "Mar 1 – 31, 2026", places, locale, records)
        _legible(records, image.width)
        assert "—" in [r.text for r in _texts(records)]  # the third step, empty
