"""The other images of a table: the last trick, the end-of-deal summary and the score sheet.

The deal summary is drawn from the engine's ``deal_results`` entry and the deal's public events
(``deal_result``, melds, belote, capot), so it shows exactly what the rules scored.
"""

from __future__ import annotations

from typing import Any, Final

from PIL import Image

from games.base import seat_teams
from games.views import DealResultEvent, GameView
from rendering import cards, theme
from rendering.canvas import Canvas, Record, font_for
from rendering.i18n import DEFAULT_LOCALE, plural, text
from rendering.info import SideLabel, game_title, melds_log, name_of, side_label, side_names
from rendering.presenters import headline, presenter, table_info
from rendering.text import fit_text, text_width, wrap_words

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
    trick = [e for e in view.get("last_trick") or [] if isinstance(e, list | tuple) and len(e) == 2]
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
    c.draw.rectangle((0, 0, width, 44), fill=theme.PANEL)
    title = text("last_trick", locale)
    c.rich(MARGIN, 12, title, font_for(18), theme.GOLD)
    if not trick:
        c.rich(
            width // 2,
            60 + ch // 2,
            text("no_trick_yet", locale),
            font_for(20),
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
                font_for(18),
                width - 3 * MARGIN - c.rich_width(title, font_for(18)),
            ),
            font_for(18),
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
    for event in reversed(view["events"]):
        if event["type"] == "deal_result":
            return event
    return None


COLUMNS: Final = ("melds", "belote")
"""Result keys shown as a column of the deal summary when any side scored some."""


def draw_deal_summary(
    view: GameView,
    names: list[str],
    result: dict[str, Any],
    style: str,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """A deal's points per side and what scored them; ``records``, when given, receives the
    texts drawn."""
    merged: dict[str, Any] = dict(_deal_event(view) or {})
    merged.update({k: v for k, v in result.items() if v is not None or k not in merged})
    merged.setdefault("game", view.get("game"))
    raw_scores = merged.get("scores")
    scores: list[Any] = raw_scores if isinstance(raw_scores, list) else []
    trick_points = merged.get("trick_points")
    score_dict = view.get("scores")
    raw_totals = score_dict.get("game") if isinstance(score_dict, dict) else None
    totals: list[Any] | None = raw_totals if isinstance(raw_totals, list) else None
    sides = len(scores) or (len(totals) if totals else 2)
    name_w = 380 if sides <= 2 else 220
    size = font_for(20, "condensed")
    labels = side_names(view["teams"], names, locale)[:sides]
    labels += [SideLabel((side_label(i, locale),)) for i in range(len(labels), sides)]
    # Partners share a row when they fit on it, else take one each: no name is cut.
    label_rows = [_head_rows(label, size, name_w - 24) for label in labels]
    name_row = size + 8
    columns: list[tuple[str, list[Any]]] = []
    if isinstance(trick_points, list) and len(trick_points) == sides:
        if presenter(view["game"]).counts_tricks:
            columns.append((text("column_tricks", locale), trick_points))
        else:
            columns.append((text("column_card_points", locale), trick_points))
    for key in COLUMNS:
        value = merged.get(key)
        if (
            isinstance(value, list)
            and len(value) == sides
            and any(isinstance(v, int) and v for v in value)
        ):
            columns.append((text(f"column_{key}", locale), value))
    columns.append((text("column_score", locale), scores or [0] * sides))
    if totals is not None and len(totals) == sides and list(totals) != list(scores):
        # In the first deal the total is the deal's score: it is said once.
        columns.append((text("column_total", locale), totals))
    big = font_for(22)
    lines = [
        (row, mood)
        for line, mood in headline(view, names, merged, labels, locale)
        for row in wrap_words(line, big, 1200 - 2 * MARGIN, "bold", 2, None)
    ]
    details = _detail_lines(view, names, locale)
    col_w = 120
    widest = max((text_width(line, big) for line, _ in lines), default=0)
    row = 40
    rows_h = [row + name_row * (len(r) - 1) for r in label_rows]
    head = font_for(15, "regular")
    # A head wider than its column goes over two rows ("Punti / carte"), and a column is as
    # wide as its head's longest word ("Dichiarazioni"): a head never runs into its neighbour.
    col_ws = [
        max([col_w, *(text_width(word, head, "regular") + 14 for word in label.split())])
        for label, _ in columns
    ]
    # The first head has the empty space over the names to its left: it stays on one row.
    heads = [
        [label] if i == 0 else wrap_words(label, head, col_ws[i] - 14, "regular")
        for i, (label, _) in enumerate(columns)
    ]
    col_x = [MARGIN + name_w + sum(col_ws[: i + 1]) - 10 for i in range(len(columns))]
    width = min(1200, max(800, MARGIN * 2 + name_w + sum(col_ws), widest + 2 * MARGIN))
    head_h = 36 + (head + 4) * (max((len(h) for h in heads), default=1) - 1)
    shown = details[: max(0, (720 - 200 - 34 * len(lines) - sum(rows_h)) // 30)]
    height = 70 + 36 * len(lines) + head_h + sum(rows_h) + 16 + 30 * len(shown) + MARGIN
    c = Canvas((width, min(720, height)), theme.FELT)
    c.style = style
    c.records = records
    c.draw.rectangle((0, 0, width, 52), fill=theme.PANEL)
    game = game_title(str(merged.get("game")), locale, text("deal", locale))
    title = text("summary_title", locale, game=game)
    c.rich(MARGIN, 14, title, font_for(22), theme.GOLD)
    y = 70
    for line, mood in lines:
        colour = theme.TEXT if mood is None else theme.WIN if mood else theme.LOSE
        c.rich(MARGIN, y, line, big, colour)
        y += 36
    for i, rows in enumerate(heads):
        x = col_x[i]
        for k, label in enumerate(rows):
            top = y + 4 + (head_h - 36) - (head + 4) * (len(rows) - 1 - k)
            c.rich(x, top, label, head, theme.TEXT_DIM, "regular", anchor="r")
    y += head_h
    ry = y
    for s in range(sides):
        bottom = ry + rows_h[s]
        c.panel((MARGIN - 8, ry - 8, width - MARGIN + 8, bottom - 12), radius=8, outline=None)
        colour = theme.TEAM_COLOURS[s % len(theme.TEAM_COLOURS)]
        c.draw.rounded_rectangle((MARGIN, ry, MARGIN + 6, bottom - 20), radius=3, fill=colour)
        for k, label in enumerate(label_rows[s]):
            c.rich(MARGIN + 16, ry + 1 + name_row * k, label, size, theme.TEXT, "condensed")
        for i, (_, values) in enumerate(columns):
            value = values[s] if s < len(values) else ""
            last = i == len(columns) - 1
            x = col_x[i]
            shown_value = "—" if value is None else str(value)
            c.rich(
                x,
                ry + 1,
                shown_value,
                size,
                theme.GOLD if last else theme.TEXT,
                "condensed",
                anchor="r",
            )
        ry = bottom
    y += sum(rows_h) + 16
    small = font_for(17, "condensed")
    for line in shown:
        c.rich(MARGIN, y, fit_text(line, small, width - 2 * MARGIN, "condensed"), small)
        y += 30
    return c.image


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
    deal_results: list[dict[str, Any]],
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
    head = font_for(17, "condensed")
    fair = (1100 - 120) // max(1, sides)
    heads = [_head_rows(label, head, fair - 16) for label in labels[:sides]]
    widest = max((text_width(r, head, "condensed") for rows in heads for r in rows), default=0)
    col_w = max(150, min(max(220, widest + 16), fair))
    width = min(1200, MARGIN * 2 + 100 + col_w * sides)
    row = 34
    head_row = head + 10
    head_h = 44 + head_row * (max(map(len, heads), default=1) - 1)
    height = 70 + head_h + row * (len(shown) + (1 if skipped else 0)) + 16 + 50 + MARGIN
    c = Canvas((width, height), theme.FELT)
    c.records = records
    c.draw.rectangle((0, 0, width, 52), fill=theme.PANEL)
    title = text("score_sheet_title", locale, game=game_title(game, locale))
    c.rich(MARGIN, 14, title, font_for(22), theme.GOLD)
    y = 70
    for i, rows in enumerate(heads):
        x = MARGIN + 100 + col_w * (i + 1) - 10
        colour = theme.TEAM_COLOURS[i % len(theme.TEAM_COLOURS)]
        for k, label in enumerate(rows):
            c.rich(x, y + head_row * k, label, head, colour, "condensed", anchor="r")
    y += head_h
    size = font_for(18, "condensed")
    running = [0] * sides
    for result in deal_results[: len(deal_results) - len(shown)]:
        for i, v in enumerate((result.get("scores") or [])[:sides]):
            running[i] += int(v) if isinstance(v, int) else 0
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
        scores = result.get("scores") or []
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
    c.rich(MARGIN, y, text("column_total", locale), font_for(20), theme.GOLD)
    for i, total in enumerate(totals):
        colour = theme.ACCENT if total == best else theme.TEXT
        c.rich(MARGIN + 100 + col_w * (i + 1) - 10, y, str(total), font_for(20), colour, anchor="r")
    return c.image
