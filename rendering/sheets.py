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
from rendering.text import fit_text, text_width, unique_fit, wrap_words

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
) -> Image.Image:
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
    # Partners share a row: each name gets half of it, shortened so the two stay distinct.
    pairs = sides < int(view.get("seats") or len(names) or sides)
    room = (name_w - 24 - text_width(" & ", size, "condensed")) // 2 if pairs else name_w - 24
    labels = side_names(view["teams"], unique_fit(names, size, room, "condensed"), locale)[:sides]
    labels += [SideLabel((side_label(i, locale),)) for i in range(len(labels), sides)]
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
    lines = headline(view, names, merged, labels, locale)
    details = _detail_lines(view, names, locale)
    col_w = 120
    width = min(1200, max(800, MARGIN * 2 + name_w + col_w * len(columns)))
    row = 40
    shown = details[: max(0, (720 - 200 - 34 * len(lines) - row * sides) // 30)]
    height = 70 + 36 * len(lines) + 36 + row * sides + 16 + 30 * len(shown) + MARGIN
    c = Canvas((width, min(720, height)), theme.FELT)
    c.style = style
    c.draw.rectangle((0, 0, width, 52), fill=theme.PANEL)
    game = game_title(str(merged.get("game")), locale, text("deal", locale))
    title = text("summary_title", locale, game=game)
    c.rich(MARGIN, 14, title, font_for(22), theme.GOLD)
    y = 70
    for line, mood in lines:
        colour = theme.TEXT if mood is None else theme.WIN if mood else theme.LOSE
        c.rich(MARGIN, y, fit_text(line, font_for(22), width - 2 * MARGIN), font_for(22), colour)
        y += 36
    head = font_for(15, "regular")
    for i, (label, _) in enumerate(columns):
        x = MARGIN + name_w + col_w * (i + 1) - 10
        c.rich(x, y + 4, label, head, theme.TEXT_DIM, "regular", anchor="r")
    y += 36
    for s in range(sides):
        ry = y + row * s
        c.panel((MARGIN - 8, ry - 8, width - MARGIN + 8, ry + row - 12), radius=8, outline=None)
        colour = theme.TEAM_COLOURS[s % len(theme.TEAM_COLOURS)]
        c.draw.rounded_rectangle((MARGIN, ry, MARGIN + 6, ry + 20), radius=3, fill=colour)
        label = fit_text(labels[s].text, size, name_w - 24, "condensed")
        c.rich(MARGIN + 16, ry + 1, label, size, theme.TEXT, "condensed")
        for i, (_, values) in enumerate(columns):
            value = values[s] if s < len(values) else ""
            last = i == len(columns) - 1
            x = MARGIN + name_w + col_w * (i + 1) - 10
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
    y += row * sides + 16
    small = font_for(17, "condensed")
    for line in shown:
        c.rich(MARGIN, y, fit_text(line, small, width - 2 * MARGIN, "condensed"), small)
        y += 30
    return c.image


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
) -> Image.Image:
    sides = len(totals) or 2
    labels = side_names(teams or seat_teams(len(names), sides), names, locale)
    shown = deal_results[-14:]
    skipped = len(deal_results) - len(shown)
    col_w = max(150, min(220, (1100 - 120) // max(1, sides)))
    width = min(1200, MARGIN * 2 + 100 + col_w * sides)
    row = 34
    height = 70 + 44 + row * (len(shown) + (1 if skipped else 0)) + 16 + 50 + MARGIN
    c = Canvas((width, height), theme.FELT)
    c.draw.rectangle((0, 0, width, 52), fill=theme.PANEL)
    title = text("score_sheet_title", locale, game=game_title(game, locale))
    c.rich(MARGIN, 14, title, font_for(22), theme.GOLD)
    y = 70
    head = font_for(17, "condensed")
    for i in range(sides):
        x = MARGIN + 100 + col_w * (i + 1) - 10
        colour = theme.TEAM_COLOURS[i % len(theme.TEAM_COLOURS)]
        label = fit_text(
            labels[i].text if i < len(labels) else side_label(i, locale),
            head,
            col_w - 16,
            "condensed",
        )
        c.rich(x, y, label, head, colour, "condensed", anchor="r")
    y += 44
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
