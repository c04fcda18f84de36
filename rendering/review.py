"""One decision of a deal review, in the deal around it: what the player saw when they decided.

For a card: the trick on the table with who played each card (each side in its colour at the
table, the side named under the name), the trump and the contract, what else the table showed
(the trump card itself, the stock, the cards gone, the points so far), then the hand with the
card played ringed red and the better one green (amber where it was better only in the real
deal: bad luck, not a mistake). For a bid, a take, a call or an exchange: the auction so far as
a grid, one column per player in the order they speak, the bid to beat ringed, then the hand and
the choice and the better one in words.

Drawn from a ``ReviewPicture`` only, which the caller fills from the review's ``Seen`` (the
reviewed seat's own hand and what was public then): nothing else of the deal can reach the
image. Words that are not the renderer's own (actions, names, the contract) come from the
caller in the reader's language.

The image is ``WIDTH`` pixels wide whatever it shows, and its smallest text has capitals of
``PHONE_MIN_CAP`` pixels when a phone shows it ``PHONE_WIDTH`` wide, as the table image's side
column does (``rendering.table``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from PIL import Image

from games.registry import card_facts
from i18n.locales import DEFAULT_LOCALE
from rendering import cards, theme
from rendering.canvas import Canvas, Record, font_for
from rendering.cards import resolve_style
from rendering.encode import encode
from rendering.info import denomination
from rendering.text import cap_height, wrap_words
from rendering.words import card_name, clean_locale, text

WIDTH: Final = 720
PHONE_WIDTH: Final = 360
PHONE_MIN_CAP: Final = 8
LABEL: Final = font_for(-(-PHONE_MIN_CAP * WIDTH // PHONE_WIDTH))
"""The smallest type: capitals of ``PHONE_MIN_CAP`` pixels at ``PHONE_WIDTH``."""
TITLE: Final = font_for(-(-(PHONE_MIN_CAP + 2) * WIDTH // PHONE_WIDTH))
MARGIN: Final = 18
GAP: Final = 14
RING: Final = 5
LIFT: Final = 16
SPACE: Final = 8
PLAYED: Final[theme.RGB] = theme.LOSE
BETTER: Final[theme.RGB] = theme.WIN
LUCK: Final[theme.RGB] = theme.GOLD


@dataclass(frozen=True)
class Player:
    """A seat as the picture names it."""

    name: str
    side: str
    """``you``, ``partner``, ``opponent`` or ``unknown`` (``games.review.values.Side``)."""
    team: int = 0
    """The index of the seat's side at the table (``view["teams"]``): the picture draws it in
    the side's colour on the table, the score sheet and the summary (``theme.TEAM_COLOURS``),
    the reviewed seat included, so that one side has one colour everywhere."""

    @property
    def colour(self) -> theme.RGB:
        return theme.TEAM_COLOURS[self.team % len(theme.TEAM_COLOURS)]


@dataclass(frozen=True)
class ReviewPicture:
    """What one decision's picture shows; the caller's words are in the reader's language."""

    game: str
    number: int
    """The decision's number in the review message."""
    verdict: str
    """``mistake`` or ``unlucky`` (``fine`` draws the choice alone)."""
    trick_number: int
    """The trick in play, from 1; 0 in the auction."""
    players: tuple[Player, ...]
    hand: tuple[str, ...]
    trump: str | None
    contract: str | None
    """The contract in words (the bid, who made it, coinched), or None."""
    trick: tuple[tuple[int, str], ...]
    auction: tuple[tuple[int, str], ...]
    """Who said what so far, in words."""
    to_beat: int | None
    """The index in ``auction`` of the bid to beat."""
    turn_up: str | None
    choice: str
    """A card code for a card played, else the choice in words."""
    better: str
    """The same for the better choice (the choice itself where there is none)."""
    trump_card: str | None = None
    """The face-up trump card the seat saw (Briscola's under the stock, Sueca's turned up):
    drawn beside the facts, where a suit's emblem alone said little."""
    state: tuple[str, ...] = ()
    """What else the seat knew, in words: the stock left, the cards gone, the points so far."""


def render_review_picture(
    picture: ReviewPicture, *, deck_style: str = "auto", locale: str = DEFAULT_LOCALE
) -> bytes:
    """The picture as an image file's bytes (``rendering.encode``)."""
    style = resolve_style(picture.game, deck_style)
    return encode(draw_review_picture(picture, style, clean_locale(locale)), style)


def draw_review_picture(
    picture: ReviewPicture,
    style: str,
    locale: str = DEFAULT_LOCALE,
    records: list[Record] | None = None,
) -> Image.Image:
    """The picture; ``records``, when given, receives the texts drawn."""
    probe = Canvas((1, 1), theme.FELT)
    probe.style = style
    is_card = picture.choice in picture.hand
    blocks = _Layout(picture, style, locale, probe, is_card)
    c = Canvas((WIDTH, blocks.height), theme.FELT)
    c.style = style
    c.records = records
    blocks.draw(c)
    return c.image


class _Layout:
    """The picture's blocks top to bottom: a header, the table (trick or auction), the hand and
    the legend; measured once, then drawn."""

    def __init__(
        self, picture: ReviewPicture, style: str, locale: str, probe: Canvas, is_card: bool
    ) -> None:
        self.p = picture
        self.style = style
        self.locale = locale
        self.is_card = is_card
        self.italian = style == "italian"
        self.card_w, self.card_h = theme.SMALL_CARD
        self.header = HEADER_HEIGHT
        label = probe.rich_width(text("review_trump_card", locale), LABEL)
        self.trump_w = max(self.card_w, label) + GAP if picture.trump_card else 0
        self.facts = self._facts(probe)
        self.facts_h = len(self.facts) * (LABEL + 12)
        if picture.trump_card:
            self.facts_h = max(self.facts_h, LABEL + 12 + self.card_h + 6)
        self.table_h = self._table_height()
        self.hand = card_facts(picture.game).sort_hand(list(picture.hand), picture.trump)
        self.legend = self._legend()
        height = self.header + GAP + self.facts_h
        height += self.table_h + GAP + LABEL + 12 + LIFT + self.card_h + GAP
        height += len(self.legend) * (LABEL + 14) + MARGIN
        self.height = height

    # ------------------------------------------------------------------------------ measure
    def _facts(self, probe: Canvas) -> list[str]:
        """The facts' rows: the contract or trump, the turn-up, the bid to beat, then the state
        lines, each over as many rows as it takes beside the trump card."""
        room = WIDTH - 2 * MARGIN - self.trump_w
        return [
            row
            for line in [*self._fact_lines(), *self.p.state]
            for row in wrap_words(line, LABEL, room, "bold", 3, _measure(probe))
        ]

    def _fact_lines(self) -> list[str]:
        p, locale = self.p, self.locale
        out: list[str] = []
        if p.contract:
            out.append(text("review_contract", locale, contract=p.contract))
        elif p.trump:
            out.append(text("review_trump", locale, trump=denomination(p.trump, locale)))
        if p.turn_up:
            out.append(
                text("review_turn_up", locale, card=card_name(p.turn_up, locale, self.italian))
            )
        if p.to_beat is not None and 0 <= p.to_beat < len(p.auction):
            seat, words = p.auction[p.to_beat]
            out.append(text("review_to_beat", locale, bid=words, player=self._name(seat)))
        return out

    def _table_height(self) -> int:
        p = self.p
        if self.is_card and not p.trick:
            return LABEL + 12  # "You lead the trick"
        if self.is_card:
            # A title, the cards, then two lines under each: the name and the side.
            return LABEL + 12 + self.card_h + 10 + 2 * (LABEL + 8)
        if not p.auction:
            return LABEL + 12 + LABEL + 8
        rows = len(self._grid())
        return LABEL + 12 + (LABEL + 10) + rows * (LABEL + 12)

    def _legend(self) -> list[tuple[str, theme.RGB]]:
        p, locale = self.p, self.locale
        colour = LUCK if p.verdict == "unlucky" else BETTER
        if self.is_card:
            out = [(text("review_played", locale) + " " + self._card(p.choice), PLAYED)]
            if p.better != p.choice:
                if p.verdict == "unlucky":
                    words = text("review_better_real", locale)
                else:
                    words = text("review_better", locale)
                out.append((words + " " + self._card(p.better), colour))
            return out
        out = [(text("review_chose", locale, action=p.choice), PLAYED)]
        if p.better != p.choice:
            if p.verdict == "unlucky":
                words = text("review_better_real_action", locale, action=p.better)
            else:
                words = text("review_better_action", locale, action=p.better)
            out.append((words, colour))
        return out

    def _grid(self) -> list[list[str | None]]:
        """The auction in rounds: one row per round, one column per seat from the first to
        speak."""
        seats = len(self.p.players)
        first = self.p.auction[0][0] if self.p.auction else 0
        rows: list[list[str | None]] = []
        for seat, words in self.p.auction:
            column = (seat - first) % seats
            if not rows or _after_last(rows[-1], column):
                rows.append([None] * seats)
            rows[-1][column] = words
        return rows

    def _side(self, side: str) -> str:
        locale = self.locale
        if side == "you":
            return text("review_side_you", locale)
        if side == "partner":
            return text("review_side_partner", locale)
        if side == "opponent":
            return text("review_side_opponent", locale)
        return text("review_side_unknown", locale)

    def _name(self, seat: int) -> str:
        players = self.p.players
        return players[seat].name if 0 <= seat < len(players) else "?"

    def _card(self, code: str) -> str:
        return card_name(code, self.locale, self.italian)

    # --------------------------------------------------------------------------------- draw
    def draw(self, c: Canvas) -> None:
        p, locale = self.p, self.locale
        c.draw.rectangle((0, 0, WIDTH, self.header), fill=theme.PANEL)
        if p.trick_number:
            moment = text("review_moment_trick", locale, trick=p.trick_number)
        else:
            moment = text("review_moment_auction", locale)
        title = f"{p.number}. {moment}"
        drawn = c.rich(MARGIN, (self.header - cap(TITLE)) // 2, title, TITLE, theme.TEXT)
        verdict = {
            "mistake": (text("review_mistake", locale), PLAYED),
            "unlucky": (text("review_unlucky", locale), LUCK),
        }
        if p.verdict in verdict:
            words, colour = verdict[p.verdict]
            c.rich(MARGIN + drawn + 18, (self.header - cap(TITLE)) // 2, words, TITLE, colour)
        y = self.header + GAP
        if p.trump_card:
            x = WIDTH - MARGIN - self.card_w
            c.rich(
                WIDTH - MARGIN,
                y,
                text("review_trump_card", locale),
                LABEL,
                theme.TEXT_DIM,
                anchor="r",
            )
            top = y + LABEL + 12
            c.sprite(cards.shadow(self.card_w, self.card_h), x - 3, top)
            c.sprite(cards.face(p.trump_card, self.style, self.card_w, self.card_h, locale), x, top)
        for k, line in enumerate(self.facts):
            c.rich(MARGIN, y + k * (LABEL + 12), line, LABEL, theme.TEXT)
        y += self.facts_h
        y = self._draw_trick(c, y) if self.is_card else self._draw_auction(c, y)
        y += GAP
        c.rich(MARGIN, y, text("review_hand", locale), LABEL, theme.TEXT_DIM)
        y += LABEL + 12 + LIFT
        self._draw_hand(c, y)
        y += self.card_h + GAP
        for words, colour in self.legend:
            c.rich(MARGIN, y, _fit(c, words, LABEL, WIDTH - 2 * MARGIN), LABEL, colour)
            y += LABEL + 14

    def _draw_trick(self, c: Canvas, y: int) -> int:
        p, locale = self.p, self.locale
        if not p.trick:
            c.rich(MARGIN, y, text("review_you_lead", locale), LABEL, theme.TEXT)
            return y + LABEL + 12
        c.rich(MARGIN, y, text("review_table", locale), LABEL, theme.TEXT_DIM)
        y += LABEL + 12
        # One slot per seat, the card in its middle and the name and side under it.
        step = (WIDTH - 2 * MARGIN) // max(len(p.players), 1)
        for k, (seat, card) in enumerate(p.trick):
            x = MARGIN + k * step + (step - self.card_w) // 2
            c.sprite(cards.shadow(self.card_w, self.card_h), x - 3, y)
            c.sprite(cards.face(card, self.style, self.card_w, self.card_h, locale), x, y)
            player = p.players[seat] if 0 <= seat < len(p.players) else Player("?", "unknown")
            colour = player.colour
            middle = x + self.card_w // 2
            below = y + self.card_h + 10
            name = _fit(c, player.name, LABEL, step - 6)
            c.rich(middle, below, name, LABEL, colour, anchor="m")
            side = _fit(c, self._side(player.side), LABEL, step - 6)
            c.rich(middle, below + LABEL + 8, side, LABEL, colour, anchor="m")
        return y + self.card_h + 10 + 2 * (LABEL + 8)

    def _draw_auction(self, c: Canvas, y: int) -> int:
        p, locale = self.p, self.locale
        c.rich(MARGIN, y, text("review_auction", locale), LABEL, theme.TEXT_DIM)
        y += LABEL + 12
        if not p.auction:
            c.rich(MARGIN, y, text("review_you_open", locale), LABEL, theme.TEXT)
            return y + LABEL + 8
        seats = len(p.players)
        first = p.auction[0][0]
        column = (WIDTH - 2 * MARGIN) // max(seats, 1)
        for k in range(seats):
            seat = (first + k) % seats
            player = p.players[seat]
            colour = player.colour
            name = player.name if player.side != "you" else self._side("you")
            c.rich(MARGIN + k * column, y, _fit(c, name, LABEL, column - 10), LABEL, colour)
        y += LABEL + 10
        c.draw.line((MARGIN, y - 4, WIDTH - MARGIN, y - 4), fill=theme.PANEL_EDGE, width=2)
        index = 0
        for row in self._grid():
            for k, words in enumerate(row):
                if words is None:
                    continue
                x = MARGIN + k * column
                shown = _fit(c, words, LABEL, column - 14)
                if index == p.to_beat:
                    width = c.rich_width(shown, LABEL)
                    c.draw.rounded_rectangle(
                        (x - 5, y + 2, x + width + 5, y + LABEL + 4),
                        radius=6,
                        outline=theme.GOLD,
                        width=2,
                    )
                c.rich(x, y + 6, shown, LABEL, theme.TEXT)
                index += 1
            y += LABEL + 12
        return y

    def _draw_hand(self, c: Canvas, y: int) -> None:
        p = self.p
        room = WIDTH - 2 * MARGIN - self.card_w
        count = len(self.hand)
        step = self.card_w + SPACE
        if count > 1:
            step = min(step, room // (count - 1))
        better_colour = LUCK if p.verdict == "unlucky" else BETTER
        for i, card in enumerate(self.hand):
            x = MARGIN + i * step
            marked = self.is_card and card in (p.choice, p.better)
            top = y - (LIFT if marked else 0)
            if marked:
                colour = better_colour if card == p.better and card != p.choice else PLAYED
                c.draw.rounded_rectangle(
                    (x - RING, top - RING, x + self.card_w + RING, top + self.card_h + RING),
                    radius=10,
                    fill=colour,
                )
            c.sprite(cards.shadow(self.card_w, self.card_h), x - 3, top)
            c.sprite(cards.face(card, self.style, self.card_w, self.card_h, self.locale), x, top)


HEADER_HEIGHT: Final = TITLE + 24


def cap(size: int) -> int:
    """The capital height the canvas draws ``size`` type at (``Canvas.rich`` places capitals)."""
    return cap_height(size)


def _after_last(row: list[str | None], column: int) -> bool:
    """Whether ``column`` or one after it is already filled in ``row``: the speaker starts a
    new round."""
    return any(words is not None for words in row[column:])


def _measure(c: Canvas) -> Callable[[str], int]:
    """The width of a line as ``Canvas.rich`` draws it, suit emblems included."""
    return lambda line: c.rich_width(line, LABEL)


def _fit(c: Canvas, name: str, size: int, room: int) -> str:
    """``name`` cut (with an ellipsis) to ``room`` pixels."""
    if c.rich_width(name, size) <= room:
        return name
    while name and c.rich_width(name + "…", size) > room:
        name = name[:-1]
    return name + "…"


__all__ = [
    "LABEL",
    "PHONE_MIN_CAP",
    "PHONE_WIDTH",
    "WIDTH",
    "Player",
    "ReviewPicture",
    "draw_review_picture",
    "render_review_picture",
]
