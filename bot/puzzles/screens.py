"""A puzzle's messages: the question (its image and one button per legal card, for the person
answering only), the answer (right or wrong, each card's value, the line that shows why, how many
of the server found it, the streak), and the daily post, which shows no hand.

The buttons' custom_ids are ``atout:puzzle:<puzzle>:<card>`` (``bot.ui.codec.PuzzleButtonId``);
the cog's ``DynamicItem`` answers them from the id alone, so a plain button with that id is
enough here, and it works after a restart.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import discord

import rendering
from bot.play.workers import HAND, image_slots
from bot.puzzles.words import DECK, Tally, goal_text, line_text, seat_names, values_text
from bot.puzzles.words import card as card_words
from bot.storage.puzzles.interface import PuzzleAnswer, StoredPuzzle
from bot.text.i18n import t
from bot.ui.codec import PuzzleButtonId
from bot.ui.images import table_file
from bot.ui.panels import PanelContext, button_width, card_button_label, pack_rows
from games.base import Game
from games.puzzles import Puzzle
from games.puzzles.position import from_json, position
from games.registry import card_facts
from games.views import GameView
from rendering.puzzle import render_puzzle

MESSAGE_LIMIT = 2000


@dataclass(frozen=True)
class Shown:
    """A stored puzzle read back: the puzzle, and the engine at its position."""

    stored: StoredPuzzle
    puzzle: Puzzle
    game: Game

    @classmethod
    def of(cls, stored: StoredPuzzle) -> Shown:
        return cls(stored, from_json(stored.puzzle), position(stored.record))

    @property
    def choices(self) -> list[str]:
        """The seat's legal cards (the puzzle's alternatives)."""
        return [action.card or "" for action, _ in self.puzzle.alternatives]

    def names(self, locale: str) -> list[str]:
        return seat_names(self.stored.names, self.game.seats, self.puzzle.seat, locale)

    def bots(self) -> list[bool]:
        """A built-in puzzle's other seats are the computers that played it."""
        if self.stored.names:
            return [False] * self.game.seats
        return [seat != self.puzzle.seat for seat in range(self.game.seats)]


@dataclass(frozen=True)
class Screen:
    content: str
    file: discord.File | None = None
    view: discord.ui.View | None = None


def title(shown: Shown, locale: str) -> str:
    key = "puzzle_title_mine" if shown.stored.owner_id is not None else "puzzle_title_day"
    return t(key, locale, game=t(f"game_{shown.puzzle.game}", locale))


async def picture(shown: Shown, locale: str) -> discord.File:
    """The puzzle's image with the hands the puzzle shows — every hand for an open-hand
    puzzle, the seat's own for a single-dummy one: the question's, and the result's when the
    puzzle is opened again (issue 41.16: it came back as text alone)."""
    puzzle, game = shown.puzzle, shown.game
    seat = puzzle.seat
    names = shown.names(locale)
    others: list[tuple[str, list[str]]] = []
    if puzzle.kind == "open":
        others = [(names[s], list(game.view(s)["hand"])) for s in range(game.seats) if s != seat]
    draw = functools.partial(
        render_puzzle,
        game.view(seat),
        names,
        shown.bots(),
        others,
        shown.choices,
        title(shown, locale),
        goal_text(puzzle, locale),
        deck_style=DECK,
        locale=locale,
    )
    data = await image_slots().run(HAND, draw)
    name = f"puzzle-{shown.stored.id}.{rendering.IMAGE_EXTENSION}"
    return discord.File(io.BytesIO(data), filename=name)


async def question(shown: Shown, locale: str, intro: str = "") -> Screen:
    """The puzzle for the person answering (an ephemeral message): its image and one button
    per legal card."""
    goal = goal_text(shown.puzzle, locale)
    lines = [f"**{title(shown, locale)}**", *([intro] if intro else []), goal]
    lines.append(t("puzzle_pick", locale))
    return Screen(
        "\n".join(lines)[:MESSAGE_LIMIT],
        await picture(shown, locale),
        answer_buttons(shown, locale),
    )


def answer_buttons(shown: Shown, locale: str) -> discord.ui.View:
    """One button per legal card, in the order the hand shows them, labelled as the hand's."""
    game, seat = shown.game, shown.puzzle.seat
    view = game.view(seat)
    legal = game.legal_actions(seat)
    context = PanelContext(0, 0, view, legal, locale, deck_style=DECK)
    hand = card_facts(view["game"]).sort_hand(list(view["hand"]), view["trump"])
    order = {c: i for i, c in enumerate(hand)}
    cards = sorted(shown.choices, key=lambda c: order.get(c, 99))
    labels = [card_button_label(c, context) for c in cards]
    rows = pack_rows([button_width(*label) for label in labels])
    items = discord.ui.View(timeout=None)
    for code, (label, emoji), row in zip(cards, labels, rows, strict=True):
        items.add_item(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=discord.ButtonStyle.primary,
                custom_id=PuzzleButtonId(shown.stored.id, code).custom_id,
                row=row,
            )
        )
    return items


def answer_text(
    shown: Shown,
    answer: PuzzleAnswer,
    solvers: tuple[int, int] | None,
    streak: Tally,
    locale: str,
    refuted: Sequence[tuple[int, str]] = (),
) -> str:
    """What the person reads once they have answered (and only then): after a wrong card, the
    line that beats it (``refuted``: the card and the best play after it, issue 41.15), then
    the answer's, in the same form."""
    puzzle = shown.puzzle
    chosen = card_words(answer.card, puzzle.game, locale)
    best = card_words(puzzle.answer.card or "", puzzle.game, locale)
    head = [
        f"**{title(shown, locale)}**",
        goal_text(puzzle, locale),
        t("puzzle_right", locale, card=chosen)
        if answer.solved
        else t("puzzle_wrong", locale, card=chosen, answer=best),
        values_text(puzzle, locale),
    ]
    trick = [(seat, code) for seat, code in shown.game.view(puzzle.seat)["trick"]]
    names = shown.names(locale)
    lines = [line_text(puzzle, trick, shown.game.seats, names, locale).split("\n")]
    if refuted and not answer.solved:
        lines.insert(
            0, line_text(puzzle, trick, shown.game.seats, names, locale, refuted).split("\n")
        )
    tail = []
    if solvers is not None:
        found, answered = solvers
        tail.append(t("puzzle_solvers", locale, found=found, answered=answered))
    tail.append(t("puzzle_streak", locale, current=streak.current, best=streak.best))
    return fitted(head, lines, tail)


def fitted(head: list[str], lines: list[list[str]], tail: list[str]) -> str:
    """The answer's page within a message: where the lines of play (each a heading and its
    tricks) are too long with the bot's suit emojis, their last tricks give way, one at a time
    from the longest, for an ellipsis — the first tricks, which say why, and the server's
    count and the streak after them are kept."""

    def joined() -> str:
        return "\n".join([*head, *(row for block in lines for row in block), *tail])

    while len(joined()) > MESSAGE_LIMIT:
        block = max(lines, key=lambda rows: sum(len(row) for row in rows))
        if len(block) <= 2:
            break
        del block[-2 if block[-1] == "…" else -1]
        if block[-1] != "…":
            block.append("…")
    return joined()[:MESSAGE_LIMIT]


async def post(shown: Shown, date: str, locale: str) -> Screen:
    """The daily post, in the channel: the game, the goal and the table as everybody saw it —
    no hand, no answer, no count — and "Solve it", which opens the puzzle for the clicker."""
    puzzle, game = shown.puzzle, shown.game
    names = shown.names(locale)
    # The public view, turned so that the puzzle's seat sits at the bottom as in the puzzle:
    # ``seat`` only orients the drawing; a public view holds no hand to show.
    oriented = cast(GameView, {**game.public_view(), "seat": puzzle.seat})
    image = await table_file(
        oriented, names, shown.bots(), DECK, f"puzzle-{shown.stored.id}", locale
    )
    content = t(
        "puzzle_post",
        locale,
        game=t(f"game_{puzzle.game}", locale),
        date=date,
        goal=goal_text(puzzle, locale),
    )
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Button(
            label=t("puzzle_solve", locale),
            style=discord.ButtonStyle.success,
            custom_id=PuzzleButtonId(shown.stored.id).custom_id,
        )
    )
    return Screen(content[:MESSAGE_LIMIT], image, view)


__all__ = [
    "Screen",
    "Shown",
    "answer_buttons",
    "answer_text",
    "picture",
    "post",
    "question",
    "title",
]
