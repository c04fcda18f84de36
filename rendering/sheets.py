"""The other images of a table: the last trick, the end-of-deal summary and the score sheet.

The deal summary is drawn from the engine's ``deal_results`` entry and the deal's public events
(``deal_result``, melds, belote, capot), so it shows exactly what the rules scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from games.base import seat_teams
from games.views import DealRecord, DealResultEvent, GameView
from i18n.locales import DEFAULT_LOCALE
from rendering import cards, theme
from rendering.canvas import Canvas, Record, font_for
from rendering.info import SideLabel, game_title, melds_log, name_of, side_label, side_names
from rendering.presenters import headline, presenter, table_info
from rendering.text import fit_text, text_width, wrap_words
from rendering.words import plural, text

MARGIN: Final = 20


def _winner_of_last(view: GameView) -> int | None:
    for event in reversed(view["events"]):
        if event["type"] == "trick":
            return event["winner"]
    return None


def draw_last_trick(
    view: GameView,
    names: list[str],
    style: str,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """The previous trick, each card over its player's full name (over two rows when it is
    long, so "Computer 1" and "Computer 2" never both become "Compute…")."""
    # No trick has been taken yet in this deal: the image says so.
    trick = view["last_trick"] or []
    cw, ch = theme.HAND_CARD
    step = cw + 36
    width = max(420, MARGIN * 2 + step * max(1, len(trick)) - 36)
    size = max(font_for(20, "condensed"), theme.min_text_size(width))
    labels = {
        seat: wrap_words(name_of(names, seat, locale), size, step - 8, "condensed")
        for seat, _ in trick
    }
    rows = max((len(lines) for lines in labels.values()), default=1)
    height = 60 + ch + 24 + (size + 6) * rows
    c = Canvas((width, height), theme.FELT)
    c.records = records
    c.style = style
    head = max(font_for(18), theme.min_text_size(width))
    c.draw.rectangle((0, 0, width, head + 20), fill=theme.PANEL)
    title = text("last_trick", locale)
    c.rich(MARGIN, 12, title, head, theme.GOLD)
    if not trick:
        c.rich(
            width // 2,
            60 + ch // 2,
            text("no_trick_yet", locale),
            max(font_for(20), head),
            theme.TEXT_DIM,
            anchor="m",
        )
        return c.image
    winner = _winner_of_last(view)
    if winner is not None:
        c.rich(
            width - MARGIN,
            12,
            # Two cards leave little room: the winner's line gives way to the title, so a
            # longer language never writes one over the other.
            fit_text(
                text("won_by", locale, name=name_of(names, winner, locale)),
                head,
                width - 3 * MARGIN - c.rich_width(title, head),
            ),
            head,
            theme.TEXT,
            anchor="r",
        )
    for i, (seat, card) in enumerate(trick):
        x = MARGIN + i * step
        y = 58
        if seat == winner:
            c.panel(
                (x - 6, y - 6, x + cw + 6, y + ch + 6), fill=theme.GOLD, outline=None, radius=14
            )
        c.shadowed(
            cards.shadow(cw, ch), x - 3, y, cards.face(str(card), style, cw, ch, locale), x, y
        )
        colour = theme.ACCENT if seat == winner else theme.TEXT
        for k, line in enumerate(labels[seat]):
            ly = y + ch + 16 + (size + 6) * k
            c.rich(x + cw // 2, ly, line, size, colour, "condensed", anchor="m")
    return c.image


def _deal_event(view: GameView) -> DealResultEvent | None:
    """The deal's result event; a chiamata deal that everybody passed ends in a ``redeal``
    event instead, read as Belote's and Coinche's passed-out result."""
    for event in reversed(view["events"]):
        if event["type"] == "deal_result":
            return event
        if event["type"] == "redeal":
            return {"type": "deal_result", "passed_out": True}
    return None


def merged_deal_result(view: GameView, result: DealRecord) -> DealResultEvent:
    """The deal's ``deal_result`` event with the ``deal_results`` entry's trick points and scores
    over it: the entry has them for every deal (docs/records.md), the event not in every game."""
    event = _deal_event(view)
    merged: DealResultEvent = event.copy() if event is not None else {"type": "deal_result"}
    if result["trick_points"] is not None:
        merged["trick_points"] = result["trick_points"]
    merged["scores"] = result["scores"]
    return merged


Column = tuple[str, Sequence[int | None]]
"""A column of the deal summary: its head, and a value per side."""


def _summary_columns(
    view: GameView, merged: DealResultEvent, sides: int, locale: str
) -> list[Column]:
    """The deal's columns: card points (Piquet: tricks), melds and belote where a side scored
    some, the score, and the total once it differs from the score (after the first deal)."""
    columns: list[Column] = []
    # A passed-out deal has no trick points; only Belote's and Coinche's have melds and belote.
    trick_points = merged.get("trick_points")
    if trick_points is not None and len(trick_points) == sides:
        if presenter(view["game"]).counts_tricks:
            columns.append((text("column_tricks", locale), trick_points))
        else:
            columns.append((text("column_card_points", locale), trick_points))
    for key, values in (("melds", merged.get("melds")), ("belote", merged.get("belote"))):
        if values is not None and len(values) == sides and any(values):
            columns.append((text(f"column_{key}", locale), values))
    scores = merged["scores"]
    columns.append((text("column_score", locale), scores or [0] * sides))
    totals = view["scores"]["game"]
    if len(totals) == sides and list(totals) != list(scores):
        # In the first deal the total is the deal's score: it is said once.
        columns.append((text("column_total", locale), totals))
    return columns


@dataclass(frozen=True)
class SummaryGrid:
    """Where the deal summary's columns stand: each one's width, its head over one row or
    more, the x its values end at, and the height of the heads' band."""

    widths: list[int]
    heads: list[list[str]]
    right: list[int]
    head_h: int


HEAD: Final = font_for(15, "regular")
SHEET_WIDTH: Final = 900
"""The score sheet's widest: five players' columns in it, not 1,120 px as they were."""
SUMMARY_WIDTH: Final = 800
"""The deal summary's width, unless its columns need more: its headline wraps within it, so
that its type stays as large as a phone needs (``theme.min_text_size``) and no larger."""


def _summary_grid(columns: list[Column], name_w: int, head: int = HEAD) -> SummaryGrid:
    """A head wider than its column goes over two rows ("Punti / carte"), and a column is as
    wide as its head's longest word ("Dichiarazioni"): a head never runs into its neighbour.
    The first head has the empty space over the names to its left: it stays on one row."""
    widths = [
        max([120, *(text_width(word, head, "regular") + 14 for word in label.split())])
        for label, _ in columns
    ]
    heads = [
        [label] if i == 0 else wrap_words(label, head, widths[i] - 14, "regular")
        for i, (label, _) in enumerate(columns)
    ]
    right = [MARGIN + name_w + sum(widths[: i + 1]) - 10 for i in range(len(columns))]
    head_h = 36 + (head + 4) * (max((len(h) for h in heads), default=1) - 1)
    return SummaryGrid(widths, heads, right, head_h)


def draw_deal_summary(
    view: GameView,
    names: list[str],
    result: DealRecord,
    style: str,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """A deal's points per side and what scored them; ``records``, when given, receives the
    texts drawn."""
    merged = merged_deal_result(view, result)
    sides = len(merged["scores"]) or len(view["scores"]["game"]) or 2
    name_w = 380 if sides <= 2 else 220
    columns = _summary_columns(view, merged, sides, locale)
    # The width the columns need at the smallest type, then the type a phone needs at it.
    width = max(SUMMARY_WIDTH, MARGIN * 2 + name_w + sum(_summary_grid(columns, name_w).widths))
    floor = theme.min_text_size(width)
    size = max(font_for(20, "condensed"), floor)
    head = max(HEAD, floor)
    small = max(font_for(17, "condensed"), floor)
    big = max(font_for(22), floor + 4)
    grid = _summary_grid(columns, name_w, head)
    width = max(width, MARGIN * 2 + name_w + sum(grid.widths))
    labels = side_names(view["teams"], names, locale)[:sides]
    labels += [SideLabel((side_label(i, locale),)) for i in range(len(labels), sides)]
    # Partners share a row when they fit on it, else take one each: no name is cut.
    label_rows = [_head_rows(label, size, name_w - 24) for label in labels]
    line_h = big + 6
    lines = [
        (row, mood)
        for line, mood in headline(view, names, merged, labels, locale)
        for row in wrap_words(line, big, width - 2 * MARGIN, "bold", 3, None)
    ]
    details = [
        row
        for line in _detail_lines(view, names, locale)
        for row in wrap_words(line, small, width - 2 * MARGIN, "condensed", 3)
    ]
    rows_h = [size + 15 + (size + 8) * (len(r) - 1) for r in label_rows]
    detail_h = small + 9
    top = big + 40
    used = top + line_h * len(lines) + grid.head_h + sum(rows_h) + 16 + MARGIN
    shown = details[: max(0, (720 - used) // detail_h)]
    height = used + detail_h * len(shown)
    c = Canvas((width, min(720, height)), theme.FELT)
    c.style = style
    c.records = records
    c.draw.rectangle((0, 0, width, big + 22), fill=theme.PANEL)
    game = game_title(view["game"], locale, text("deal", locale))
    c.rich(MARGIN, 14, text("summary_title", locale, game=game), big, theme.GOLD)
    y = top
    for line, mood in lines:
        colour = theme.TEXT if mood is None else theme.WIN if mood else theme.LOSE
        c.rich(MARGIN, y, line, big, colour)
        y += line_h
    for x, rows in zip(grid.right, grid.heads, strict=True):
        for k, label in enumerate(rows):
            top_k = y + 4 + (grid.head_h - 36) - (head + 4) * (len(rows) - 1 - k)
            c.rich(x, top_k, label, head, theme.TEXT_DIM, "regular", anchor="r")
    y += grid.head_h
    for s in range(sides):
        _side_row(
            c,
            y,
            width,
            s,
            label_rows[s],
            rows_h[s],
            [(x, v) for x, (_, v) in zip(grid.right, columns, strict=True)],
            size,
        )
        y += rows_h[s]
    y += 16
    for line in shown:
        c.rich(MARGIN, y, line, small, theme.TEXT, "condensed")
        y += detail_h
    return c.image


def _side_row(
    c: Canvas,
    y: int,
    width: int,
    side: int,
    label: list[str],
    height: int,
    columns: list[tuple[int, Sequence[int | None]]],
    size: int,
) -> None:
    """One side's row of the deal summary: its colour bar, its name over its rows, and its value
    in each column (the score, last, in gold)."""
    bottom = y + height
    c.panel((MARGIN - 8, y - 8, width - MARGIN + 8, bottom - 12), radius=8, outline=None)
    colour = theme.TEAM_COLOURS[side % len(theme.TEAM_COLOURS)]
    c.draw.rounded_rectangle((MARGIN, y, MARGIN + 6, bottom - 20), radius=3, fill=colour)
    for k, row in enumerate(label):
        c.rich(MARGIN + 16, y + 1 + (size + 8) * k, row, size, theme.TEXT, "condensed")
    for i, (x, values) in enumerate(columns):
        value = values[side] if side < len(values) else ""
        ink = theme.GOLD if i == len(columns) - 1 else theme.TEXT
        shown = "—" if value is None else str(value)
        c.rich(x, y + 1, shown, size, ink, "condensed", anchor="r")


def _head_rows(label: SideLabel, size: int, room: int) -> list[str]:
    """A side's head on the score sheet: one row when it fits, else one partner a row ("bob &",
    "Ordinateur 2"), each over two rows at a space if it must; cut only past that."""
    if text_width(label.text, size, "condensed") <= room:
        return [label.text]
    members = [f"{m} &" for m in label.members[:-1]] + list(label.members[-1:])
    return [r for m in members for r in wrap_words(m, size, room, "condensed")]


def _detail_lines(view: GameView, names: list[str], locale: str) -> list[str]:
    """Melds, belote and declarations of the deal, one line each."""
    info = table_info(view, names, locale)
    if info.log_kind in ("melds", "declarations"):
        return list(info.log)
    return melds_log(view, names, locale)


def draw_score_sheet(
    game: str,
    names: list[str],
    deal_results: list[DealRecord],
    totals: list[int],
    locale: str = DEFAULT_LOCALE,
    teams: list[list[int]] | None = None,
    records: list[Record] | None = None,
) -> Image.Image:
    """Every deal's score per side and the totals. A side's head is its players' names, over
    as many rows as they need (partners one a row, a long name broken at a space), so that no
    name is cut; ``records``, when given, receives the texts drawn."""
    sides = len(totals) or 2
    labels = side_names(teams or seat_teams(len(names), sides), names, locale)
    labels += [SideLabel((side_label(i, locale),)) for i in range(len(labels), sides)]
    shown = deal_results[-14:]
    skipped = len(deal_results) - len(shown)
    # Five players' columns (chiamata) at most SHEET_WIDTH wide: the wider the sheet, the
    # smaller its type on a phone. Names go over rows in their column rather than widen it.
    fair = (SHEET_WIDTH - 2 * MARGIN - 100) // max(1, sides)
    probe = font_for(17, "condensed")
    heads = [_head_rows(label, probe, fair - 16) for label in labels[:sides]]
    widest = max((text_width(r, probe, "condensed") for rows in heads for r in rows), default=0)
    col_w = max(150, min(max(220, widest + 16), fair))
    width = MARGIN * 2 + 100 + col_w * sides
    floor = theme.min_text_size(width)
    head = max(probe, floor)
    size = max(font_for(18, "condensed"), floor)
    big = max(font_for(22), floor + 4)
    total_size = max(font_for(20), floor + 2)
    heads = [_head_rows(label, head, col_w - 16) for label in labels[:sides]]
    # Five players' names do not all go over rows of a column as narrow as that (one word of
    # "Anne-Sophie Roux" is wider): each column is headed by a number, and a legend under the
    # title names who it is, whole, two a row.
    legend: list[str] = []
    if any("…" in row for rows in heads for row in rows):
        legend = [f"{i + 1} {label.text}" for i, label in enumerate(labels[:sides])]
        heads = [[str(i + 1)] for i in range(sides)]
    half = (width - 2 * MARGIN) // 2
    legend_h = 0
    if legend:
        pairs = [legend[k : k + 2] for k in range(0, len(legend), 2)]
        legend_h = (
            sum(
                (head + 10) * max(len(wrap_words(e, head, half - 24, "condensed", 3)) for e in pair)
                for pair in pairs
            )
            + 10
        )
    row = size + 12
    head_row = head + 10
    head_h = head + 23 + head_row * (max(map(len, heads), default=1) - 1)
    top = big + 40
    height = top + legend_h + head_h + row * (len(shown) + (1 if skipped else 0)) + 16 + 50 + MARGIN
    c = Canvas((width, height), theme.FELT)
    c.records = records
    c.draw.rectangle((0, 0, width, big + 22), fill=theme.PANEL)
    title = text("score_sheet_title", locale, game=game_title(game, locale))
    c.rich(MARGIN, 14, fit_text(title, big, width - 2 * MARGIN), big, theme.GOLD)
    y = top
    for k in range(0, len(legend), 2):
        tallest = 1
        for j, entry in enumerate(legend[k : k + 2]):
            colour = theme.TEAM_COLOURS[(k + j) % len(theme.TEAM_COLOURS)]
            x = MARGIN + half * j
            rows = wrap_words(entry, head, half - 24, "condensed", 3)
            c.rounded_rectangle((x, y, x + 6, y + (head + 10) * len(rows) - 10), 3, colour)
            for r, line in enumerate(rows):
                c.rich(x + 14, y + (head + 10) * r, line, head, theme.TEXT, "condensed")
            tallest = max(tallest, len(rows))
        y += (head + 10) * tallest
    y += 10 if legend else 0
    for i, rows in enumerate(heads):
        x = MARGIN + 100 + col_w * (i + 1) - 10
        colour = theme.TEAM_COLOURS[i % len(theme.TEAM_COLOURS)]
        for k, label in enumerate(rows):
            c.rich(x, y + head_row * k, label, head, colour, "condensed", anchor="r")
    y += head_h
    running = [0] * sides
    for result in deal_results[: len(deal_results) - len(shown)]:
        for i, v in enumerate(result["scores"][:sides]):
            running[i] += v
    if skipped:
        earlier = plural("earlier_deals", skipped, locale)
        c.rich(MARGIN, y, earlier, size, theme.TEXT_DIM, "condensed")
        y += row
    for number, result in enumerate(shown, start=skipped + 1):
        if number % 2:
            c.draw.rectangle(
                (MARGIN - 8, y - 8, width - MARGIN + 8, y + row - 10), fill=theme.FELT_DARK
            )
        c.rich(
            MARGIN, y, text("deal_number", locale, number=number), size, theme.TEXT_DIM, "condensed"
        )
        scores = result["scores"]
        for i in range(sides):
            value = scores[i] if i < len(scores) else 0
            running[i] += int(value) if isinstance(value, int) else 0
            c.rich(
                MARGIN + 100 + col_w * (i + 1) - 10,
                y,
                str(value),
                size,
                theme.TEXT,
                "condensed",
                anchor="r",
            )
        y += row
    y += 8
    c.draw.line((MARGIN, y, width - MARGIN, y), fill=theme.GOLD, width=2)
    y += 16
    best = max(totals) if totals else None
    c.rich(MARGIN, y, text("column_total", locale), total_size, theme.GOLD)
    for i, total in enumerate(totals):
        colour = theme.ACCENT if total == best else theme.TEXT
        x = MARGIN + 100 + col_w * (i + 1) - 10
        c.rich(x, y, str(total), total_size, colour, anchor="r")
    return c.image
