"""The side column of the table image: the game and its contract, the score, the cards lying on
the table (a turn-up, a stock, a talon) and the log of the bidding or the declarations, in
panels down the left of the felt.

The column is what a player looks up while playing, often on a phone (360 px wide): its type
is condensed, with capitals of ``PHONE_MIN_CAP`` pixels there, and it gives way in a set order
when it runs short of room (``draw_column``). Each panel is drawn by a function that reads only
its arguments, so that a table's ``Frame`` can keep it as a layer (``rendering.layers.kept``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from games.views import GameView
from i18n.locales import DEFAULT_LOCALE
from rendering import cards, theme
from rendering.canvas import Canvas
from rendering.geometry import COLUMN, H, W
from rendering.info import SideLabel, TableCards, TableInfo, side_label, side_names
from rendering.layers import Frame, kept
from rendering.text import fit_text, size_for_cap_height, unique_fit, wrap_words
from rendering.words import card_name, plural, text

PHONE_WIDTH: Final = 360
"""The width at which a phone shows the image: the side column is read there too."""
PHONE_MIN_CAP: Final = 8
"""The smallest capital, in pixels on a phone, of the side column's text: its facts (contract,
score, bidding) are what a player looks up while playing."""
PANEL_TEXT: Final = size_for_cap_height(-(-PHONE_MIN_CAP * W // PHONE_WIDTH), "condensed")
"""The side column's type (all of it condensed): capitals of ``PHONE_MIN_CAP`` pixels on a
phone."""
PANEL_TITLE: Final = PANEL_TEXT + 4
PANEL_ROW: Final = PANEL_TEXT + 8
CARD_SIZES: Final = ("card", "small", "words")
"""How the cards in the side column (a turn-up, a trump card, a talon) give room to the score
above them, one step at a time: full size, small, a lone face-up card named in words."""
LOG_ROWS: Final = 6
"""The most rows one line of a log may take before its end is cut."""


def draw_column(
    c: Canvas,
    view: GameView,
    info: TableInfo,
    names: list[str],
    style: str,
    frame: Frame | None = None,
) -> None:
    """The panels on the left. Lines too long for the column wrap to a second row rather than
    lose their end; a panel that no longer fits above the bottom edge is left out whole. With a
    ``frame``, each panel is a kept layer under what it shows (a panel that shows the same as a
    moment ago, like the contract during the play, is not drawn again)."""
    x0, x1 = 10, COLUMN - 6
    game_scores = view["scores"]["game"]
    deal_scores = view["scores"]["deal"]
    found = side_names(view["teams"], names, info.locale)
    sides = range(len(game_scores))
    labels = tuple(
        found[i] if i < len(found) else SideLabel((side_label(i, info.locale),)) for i in sides
    )
    deal = tuple(deal_scores[i] if i < len(deal_scores) else None for i in sides)
    score_args = (labels, deal, tuple(game_scores))
    need = {fit: _score_rows(c, *score_args, fit)[3] + 10 for fit in FITS}
    # The contract gives up its last lines before the score would be left out, and its last
    # two (chiamata's "Deal 1 of 5" and briscola, which "Called: 2 ♦" names) before a side's
    # name would be shortened; once the match is over, all but who called what.
    contract = tuple(info.contract[:6])
    room = H - 6 - 10 - need["compact"]
    whole = H - 6 - 10 - need["whole"]
    keep = 2 if view["phase"] == "over" else len(contract) - 2
    if len(_contract_rows(c, info.title, contract, whole)[3]) >= keep:
        room = whole
    y = kept(c, frame, _contract_panel, info.title, contract, room, pixels=False)
    # Two players' cards lie on the felt, beside the trick, not in the column.
    groups = [] if view["seats"] == 2 else info.cards
    fit, size = _score_fit(c, groups, y, need, info.locale, style)
    y = kept(c, frame, _scores, y, *score_args, info.locale, fit, pixels=False)
    if view["seats"] != 2 and size != "none":
        for group in info.cards:
            shown = (group.label, tuple(group.cards), group.count, group.crosswise_last)
            y = kept(
                c, frame, _table_cards, shown, y, x0, x1, style, info.locale, size, pixels=False
            )
    if info.log and y < H - 100:
        kept(c, frame, _log, y, info.log_title, tuple(info.log), pixels=False)


FITS: Final = ("wrap", "whole", "compact")
"""How the score panel writes a long side name, from the roomiest (``_score_rows``)."""


def _score_fit(
    c: Canvas, groups: list[TableCards], y: int, need: dict[str, int], locale: str, style: str
) -> tuple[str, str]:
    """How the score panel starting at ``y`` writes its names (one of ``FITS``), and the size
    the cards on the table after it are drawn at (one of ``CARD_SIZES``, or "none"): names
    whole, over two rows where the column has room for that and the cards after it; shortened
    beside their numbers where it has not. The cards are drawn smaller, or a lone card named
    in words, or (when every one of them is said in the contract) left out, where that keeps
    the names whole."""
    chosen: dict[str, str] = {}
    spare = bool(groups) and all(g.said for g in groups)
    for size in CARD_SIZES + (("none",) if spare else ()):
        reserve = (
            0
            if size == "none"
            else sum(
                _cards_height(
                    c, (g.label, tuple(g.cards), g.count, g.crosswise_last), locale, size, style
                )
                for g in groups
            )
        )
        fit = next((f for f in FITS if y + need[f] <= H - 6 - reserve), "compact")
        chosen.setdefault(fit, size)
    fit = min(chosen, key=FITS.index)
    return fit, chosen[fit]


def _contract_rows(
    c: Canvas, title_text: str, contract: tuple[str, ...], limit: int = H
) -> tuple[int, list[str], int, list[list[str]]]:
    """The contract panel's title size and rows, where its lines start, and the lines it keeps
    (each over its rows) within ``limit``."""
    room = COLUMN - 16 - 28
    title_size = PANEL_TITLE
    while title_size > PANEL_TEXT and c.rich_width(title_text, title_size, "condensed") > room:
        title_size -= 1
    titles = wrap_words(title_text, title_size, room, "condensed")
    top = 12 + (title_size + 8) * len(titles) + 6
    lines = [wrap_words(line, PANEL_TEXT, room, "condensed", 3, _measure(c)) for line in contract]
    while lines and top + 8 + PANEL_ROW * sum(map(len, lines)) > limit:
        lines.pop()
    return title_size, titles, top, lines


def _contract_panel(c: Canvas, title_text: str, contract: tuple[str, ...], limit: int = H) -> int:
    """The game's name (over two rows when one does not hold it) and its contract or trump
    lines, the last lines left out where the panel would be taller than ``limit``; returns
    where the next panel starts."""
    x0, x1 = 10, COLUMN - 6
    y = 10
    title_size, titles, top, lines = _contract_rows(c, title_text, contract, limit)
    rows = [row for line in lines for row in line]
    height = top + 8 + PANEL_ROW * len(rows)
    c.panel((x0, y, x1, y + height))
    for k, title in enumerate(titles):
        c.rich(x0 + 14, y + 12 + (title_size + 8) * k, title, title_size, theme.GOLD, "condensed")
    for i, line in enumerate(rows):
        c.rich(x0 + 14, y + top + PANEL_ROW * i, line, PANEL_TEXT, theme.TEXT, "condensed")
    return y + height + 10


ScoreRows = tuple[tuple[tuple[tuple[str, ...], bool], ...], int, int, int]


def _score_rows(
    c: Canvas,
    labels: tuple[SideLabel, ...],
    deal_scores: tuple[object, ...],
    game_scores: tuple[object, ...],
    fit: str,
) -> ScoreRows:
    """The score panel's rows: for each side its name's rows and whether its numbers share the
    name's last row; then the x of the deal and game columns and the panel's height. ``fit``
    says how names meet a narrow column: ``wrap`` (a long name over two rows), ``whole`` (one
    row, the numbers under it) or ``compact`` (shortened beside the numbers, distinct).

    Measured text only (``Canvas.rich_width`` is the same on every canvas), so worked out once
    per names, scores and fit: each table image asks for all three fits."""
    return _score_layout(labels, deal_scores, game_scores, fit)


_MEASURING: Final = Canvas((1, 1), theme.PANEL)
"""A canvas that is only measured with (``side_lines``), never drawn on."""


@lru_cache(maxsize=1024)
def _score_layout(
    labels: tuple[SideLabel, ...],
    deal_scores: tuple[object, ...],
    game_scores: tuple[object, ...],
    fit: str,
) -> ScoreRows:
    """``_score_rows``."""
    c = _MEASURING
    x0, x1 = 10, COLUMN - 6
    row = PANEL_ROW

    def width(line: str) -> int:
        return c.rich_width(line, PANEL_TEXT, "condensed")

    numbers = [str(v) for v in (*deal_scores, *game_scores) if v is not None]
    digits = max((width(v) for v in numbers), default=0)
    game_x = x1 - 12
    deal_x = game_x - digits - 22
    firsts = [
        deal_x - width(str(deal_scores[i]))
        if deal_scores[i] is not None
        else game_x - width(str(game_scores[i]))
        for i in range(len(labels))
    ]
    rooms = [first - 16 - (x0 + 26) for first in firsts]
    # Shortened from the end ("Anne-So…"), unless that leaves two alike ("Compu…"): then
    # keeping the short last word that tells them apart ("Com… 1").
    texts = [label.text for label in labels]
    cut = [fit_text(t, PANEL_TEXT, rooms[i], "condensed") for i, t in enumerate(texts)]
    apart = unique_fit(texts, PANEL_TEXT, rooms, "condensed")
    short = [cut[i] if cut.count(cut[i]) == 1 else apart[i] for i in range(len(texts))]
    blocks = []
    for i, label in enumerate(labels):
        if fit == "compact":
            lines: tuple[str, ...] = (short[i],)
        else:
            lines = tuple(side_lines(c, label, x1 - x0 - 40, fit == "wrap"))
        blocks.append((lines, width(lines[-1]) <= rooms[i]))
    rows = sum(len(lines) + (0 if inline else 1) for lines, inline in blocks)
    return tuple(blocks), deal_x, game_x, row + 14 + row * rows + block_gap(blocks) * len(blocks)


def block_gap(blocks: Sequence[object]) -> int:
    """The space between two sides' blocks: less between five (chiamata), whose two computers'
    names each take a row of their own ("Ordinateur 1" over its numbers) in a tall column."""
    return 6 if len(blocks) <= 3 else 2


def _scores(
    c: Canvas,
    y: int,
    labels: tuple[SideLabel, ...],
    deal_scores: tuple[object, ...],
    game_scores: tuple[object, ...],
    locale: str,
    fit: str = "wrap",
) -> int:
    """One block per side: its name (partners over two rows when they do not fit on one, and
    with ``wrap`` a long name over two rows), then the points of this deal and of the game,
    right-aligned under their column heads, on the name's last row when they fit beside it."""
    x0, x1 = 10, COLUMN - 6
    size, row = PANEL_TEXT, PANEL_ROW
    blocks, deal_x, game_x, height = _score_rows(c, labels, deal_scores, game_scores, fit)
    if y + height > H - 6:
        return y
    deal_head, game_head = text("score_deal", locale), text("score_game", locale)
    head_w = c.rich_width(deal_head, size, "condensed")
    heads = game_x - c.rich_width(game_head, size, "condensed") - 14
    # The heads stand over their columns, or side by side when the deal's is the wider.
    head_x = min(deal_x, heads)
    title = text("score_panel", locale)
    c.panel((x0, y, x1, y + height))
    c.mark("score", (x0, y, x1, y + height))
    # The panel's word ("Score") only where the column heads leave it room: they say it too.
    if x0 + 14 + c.rich_width(title, size, "condensed") + 14 <= head_x - head_w:
        c.rich(x0 + 14, y + 10, title, size, theme.GOLD, "condensed")
    c.rich(head_x, y + 10, deal_head, size, theme.TEXT_DIM, "condensed", "r")
    c.rich(game_x, y + 10, game_head, size, theme.TEXT_DIM, "condensed", "r")
    ry = y + row + 14
    for i, (lines, inline) in enumerate(blocks):
        colour = theme.TEAM_COLOURS[i % len(theme.TEAM_COLOURS)]
        total = len(lines) + (0 if inline else 1)
        c.rounded_rectangle((x0 + 12, ry, x0 + 18, ry + row * total - 8), 3, colour)
        for k, line in enumerate(lines):
            c.rich(x0 + 26, ry + row * k, line, size, theme.TEXT, "condensed")
        ny = ry + row * (total - 1)
        deal = deal_scores[i]
        if deal is not None:
            c.rich(deal_x, ny, str(deal), size, theme.TEXT_DIM, "condensed", anchor="r")
        c.rich(game_x, ny, str(game_scores[i]), size, theme.ACCENT, "condensed", anchor="r")
        ry += row * total + block_gap(blocks)
    return y + height + 10


def side_lines(c: Canvas, label: SideLabel, room: int, wrap: bool = False) -> list[str]:
    """A side's name in the score panel: one line, or one partner a row when they do not fit
    on one (a player's own name is never cut at an "&" it holds); with ``wrap``, a name too
    long for its row goes on over a second rather than being shortened."""
    lines = [label.text]
    if c.rich_width(label.text, PANEL_TEXT, "condensed") > room:
        # One partner a row, the side's bar joining them: an "&" at a row's end would push
        # "Computador 1 &" past the column's edge.
        lines = list(label.members)
    if wrap:
        measure = _measure(c)
        return [
            row
            for line in lines
            for row in wrap_words(line, PANEL_TEXT, room, "condensed", 2, measure)
        ]
    return [fit_text(line, PANEL_TEXT, room, "condensed") for line in lines]


CardsGroup = tuple[str, tuple[str | None, ...], int | None, bool]
"""``TableCards``' label, cards, count and crosswise_last, hashable for a kept layer."""


@dataclass(frozen=True)
class CardsPanel:
    """How a panel of cards lies in the column: ``beside`` puts a single card at the panel's
    right with its label's rows and count on its left (the turn-up, a called card, the talon),
    otherwise the cards go under the label. ``height`` leaves out the gap after the panel."""

    rows: tuple[str, ...]
    count: tuple[str, ...]
    """The count's rows (two where "24 cartes" is wider than the room beside the stock)."""
    count_row: int
    """The row the count starts on, right-aligned beside the label's last row or under it."""
    beside: bool
    card: tuple[int, int]
    height: int


def _cards_panel(
    c: Canvas, group: CardsGroup, locale: str, size: str = "card", style: str = "french"
) -> CardsPanel:
    """The label over as many rows as it needs (never cut short), and the cards' size (one of
    ``CARD_SIZES``, the later ones where the column is short of room): a panel tall enough for
    its cards and its words, no taller, so that the score above it keeps its names whole."""
    group_label, group_cards, group_count, crosswise_last = group
    x0, x1 = 10, COLUMN - 6
    count = plural("cards_count", group_count, locale) if group_count is not None else ""
    measure = _measure(c)
    room = x1 - x0 - 28
    lone = group_cards[0] if len(group_cards) == 1 and not group_count else None
    if size == "words" and lone is not None:
        # The card in words after its label ("Turn-up card · J♦"), the panel one row or two.
        said = f"{group_label} · {card_name(lone, locale, style == 'italian', short=True)}"
        rows = tuple(wrap_words(said, PANEL_TEXT, room, "condensed", 3, measure))
        return CardsPanel(rows, (), len(rows) - 1, False, (0, 0), 10 + PANEL_ROW * len(rows))
    big = len(group_cards) <= 2 and size == "card"
    cw, ch = theme.TABLE_CARD if big else theme.SMALL_CARD
    if crosswise_last and not big:
        # Briscola's stock, small, at the panel's right (the trump card's index showing left of
        # the backs), its label and count over rows on its left: 130 px tall instead of 258,
        # which a team of two computers needs to be named whole ("alice & b…", "Ordinat…"),
        # "Baralho" (133 px) whole beside it.
        stack = stock_width(cw, len(group_cards) > 1)
        words_room = room - stack - 8
        rows = tuple(wrap_words(group_label, PANEL_TEXT, words_room, "condensed", 2, measure))
        counted = tuple(wrap_words(count, PANEL_TEXT, words_room, "condensed", 2, measure))
        if count and not any("…" in r for r in rows + counted):
            words = (len(rows) + len(counted)) * PANEL_ROW - 8
            height = 10 + max(ch, words) + 10
            return CardsPanel(rows, counted, len(rows), True, (cw, ch), height)
    rows = tuple(wrap_words(group_label, PANEL_TEXT, room - cw - 14, "condensed", 4, measure))
    # One card beside its words, when no word of them has to be cut there ("Computador 1").
    beside = len(group_cards) == 1 and not crosswise_last and not any("…" in r for r in rows)
    if beside:
        room -= cw + 14
    else:
        rows = tuple(wrap_words(group_label, PANEL_TEXT, room, "condensed", 2, measure))
    count_w = measure(count) + 12 if count else 0
    if beside:
        # The count under the label, both left of the card.
        count_row = len(rows) if count else len(rows) - 1
        words = (count_row + 1) * PANEL_ROW
        height = 10 + max(ch, words - 8) + 10
    else:
        count_row = len(rows) - 1 if measure(rows[-1]) + count_w <= room else len(rows)
        height = 14 + PANEL_ROW * (max(count_row, len(rows) - 1) + 1) + ch + 10
    return CardsPanel(rows, (count,) if count else (), count_row, beside, (cw, ch), height)


def stock_offset(cw: int) -> int:
    """How far right of the trump card the stock's backs lie: its index stays in sight (a small
    card's index is about 30 px wide)."""
    return cw - 22 if cw > theme.SMALL_CARD[0] else cw // 2


def stock_width(cw: int, backs: bool) -> int:
    """The width of the trump card and the stock over it (up to four backs, 2 px apart)."""
    return stock_offset(cw) + cw + 8 if backs else cw


def _table_cards(
    c: Canvas,
    group: CardsGroup,
    y: int,
    x0: int,
    x1: int,
    style: str,
    locale: str = DEFAULT_LOCALE,
    size: str = "card",
) -> int:
    """Cards lying on the table (``TableCards``' label, cards, count and crosswise_last) with
    a title that also says how many there are: one card beside its title, more under it; with
    ``size`` "words", a lone face-up card is named after its title instead."""
    _, group_cards, group_count, crosswise_last = group
    panel = _cards_panel(c, group, locale, size, style)
    cw, ch = panel.card
    if y + panel.height > H - 6:
        return y
    c.panel((x0, y, x1, y + panel.height))
    for k, row in enumerate(panel.rows):
        c.rich(x0 + 14, y + 10 + PANEL_ROW * k, row, PANEL_TEXT, theme.GOLD, "condensed")
    if not cw:
        return y + panel.height + 10
    for k, count in enumerate(panel.count):
        cy = y + 10 + PANEL_ROW * (panel.count_row + k)
        if panel.beside:
            c.rich(x0 + 14, cy, count, PANEL_TEXT, theme.TEXT, "condensed")
        else:
            c.rich(x1 - 14, cy, count, PANEL_TEXT, theme.TEXT, "condensed", "r")
    if panel.beside and crosswise_last:
        x, cy = x1 - 14 - stock_width(cw, len(group_cards) > 1), y + (panel.height - ch) // 2
    elif panel.beside:
        x, cy = x1 - 14 - cw, y + (panel.height - ch) // 2
    else:
        x = x0 + 16
        cy = y + 14 + PANEL_ROW * (max(panel.count_row, len(panel.rows) - 1) + 1)
    if crosswise_last and group_cards and group_cards[0] is not None:
        # The face-up trump under the stock: the stock covers its right side, not its index.
        c.shadowed(
            cards.shadow(cw, ch),
            x - 2,
            cy,
            cards.face(group_cards[0], style, cw, ch, locale),
            x,
            cy,
        )
        if len(group_cards) > 1:
            sx = x + stock_offset(cw)
            depth = min(4, max(1, (group_count or 2) // 6))
            for k in range(depth, -1, -1):
                c.sprite(cards.back(cw, ch), sx + 2 * k, cy - 2 * k + 4)
    else:
        for card in group_cards:
            sprite = cards.back(cw, ch) if card is None else cards.face(card, style, cw, ch, locale)
            c.shadowed(cards.shadow(cw, ch), x - 2, cy, sprite, x, cy)
            x += (
                cw + 8
                if len(group_cards) < 4
                else (x1 - x0 - 40 - cw) // max(1, len(group_cards) - 1)
            )
    return y + panel.height + 10


def _cards_height(
    c: Canvas, group: CardsGroup, locale: str, size: str = "card", style: str = "french"
) -> int:
    """The height ``_table_cards`` takes for ``group``, the gap after it included."""
    return _cards_panel(c, group, locale, size, style).height + 10


def _measure(c: Canvas, size: int = PANEL_TEXT, weight: str = "condensed") -> Callable[[str], int]:
    """The width of a line as ``Canvas.rich`` draws it, suit emblems included."""
    return lambda line: c.rich_width(line, size, weight)


LOG_INDENT: Final = "   "
"""What a log line's later rows start with, so that the eye finds where each line begins."""


def _log_rows(c: Canvas, line: str, room: int) -> list[str]:
    """A log line over the rows it takes: the first the panel's whole width, the later ones
    indented and as much narrower, so that none passes the panel's edge. Both were 246 px wide,
    which broke "Computador 1: Passo" before its number (the first row holds "Computador 1:",
    257 px), and an indented row could run 15 px past the edge."""
    measure = _measure(c)
    first = wrap_words(line, PANEL_TEXT, room, "condensed", LOG_ROWS, measure)
    # The rows come back with plain spaces where the line had no-break ones, one for one.
    plain = re.sub("[\u00a0\u202f]", " ", line)
    if len(first) == 1 or not plain.startswith(first[0]):
        return first[:1] if len(first) == 1 else _indented(c, line, room)
    rest = line[len(first[0]) :].lstrip()
    later = wrap_words(
        rest, PANEL_TEXT, room - measure(LOG_INDENT), "condensed", LOG_ROWS - 1, measure
    )
    return [first[0], *(LOG_INDENT + row for row in later)]


def _indented(c: Canvas, line: str, room: int) -> list[str]:
    """A line every row of which is as narrow as an indented one (where its first row is not
    a plain start of the line: a word cut between Japanese characters)."""
    narrow = room - _measure(c)(LOG_INDENT)
    rows = wrap_words(line, PANEL_TEXT, narrow, "condensed", LOG_ROWS, _measure(c))
    return rows[:1] + [LOG_INDENT + row for row in rows[1:]]


def _log(c: Canvas, y: int, title: str, log: tuple[str, ...]) -> None:
    """The latest lines of the log that fit above the bottom edge, each over as many rows as it
    takes (Piquet's "quart to the ace, tierce to the queen +7" needs three or four): a line is
    shown whole or not at all."""
    x0, x1 = 10, COLUMN - 6
    row = PANEL_ROW
    room = (H - 10 - y - row - 14) // row
    if room <= 0:
        return
    rows: list[str] = []
    for line in reversed(log):
        wrapped = _log_rows(c, line, x1 - x0 - 28)
        if len(rows) + len(wrapped) > room:
            break
        rows[:0] = wrapped
    if not rows:
        return
    c.panel((x0, y, x1, y + row + 14 + row * len(rows)))
    c.rich(x0 + 14, y + 10, title, PANEL_TEXT, theme.GOLD, "condensed")
    for i, line in enumerate(rows):
        c.rich(x0 + 14, y + row + 10 + row * i, line, PANEL_TEXT, theme.TEXT, "condensed")
