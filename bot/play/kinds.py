"""Kinds of table: an ordinary table, a challenge's deal, an open table. One seam, in the manner
of python-chess's variants: ``TableKind`` is the ordinary table, and each other kind is a
subclass that overrides only what differs. Everything that used to ask "is this a challenge's
table?" asks the table's kind instead, in the one place where the answer differs:

- play: the first dealer and the decks (a challenge's deal is fixed), when play is over (a
  challenge's table plays one deal), the computer players' randomness and search budget;
- the end: whether the game is kept in the history and rated (a challenge's deal is scored by
  the challenge), and where an open table's game is rated (the instance's ladder, in storage);
- who may see it (a challenge's deal: its player only) and where it speaks (a challenge's deal
  never in a channel; without its thread, in its player's messages only);
- what its players may do (a challenge's deal is neither left nor abandoned: its player stops,
  and comes back with ``/challenge play``).

A kind is stateless: the table row is given to each question. The kind of a table is written
in its settings (``TableSettings.kind``) and read once per question through ``kind_of``.
"""

from __future__ import annotations

import random
from typing import ClassVar, Final

from bot.storage.tables.interface import TableRow
from bot.storage.tables.settings import CHALLENGE, OPEN, ORDINARY, TableSettings
from games.base import Game


class TableKind:
    """An ordinary table: opened with ``/<game> start`` in a server, played in its thread."""

    name: ClassVar[str] = ORDINARY

    # ------------------------------------------------------------------ play
    def first_dealer(self, row: TableRow, rng: random.Random) -> int:
        """Who deals first: drawn at random."""
        return rng.randrange(row.seats)

    def deck(self, row: TableRow, game: Game, rng: random.Random) -> list[str]:
        """The next deal's deck: shuffled with the system's random source."""
        deck = list(game.full_deck())
        rng.shuffle(deck)
        return deck

    def play_over(self, row: TableRow, game: Game) -> bool:
        """Nothing more is played at the table."""
        return game.over

    def computer_rng(self, row: TableRow, rng: random.Random, version: int) -> random.Random:
        """A computer player's randomness for the step after ``version`` actions."""
        return random.Random(rng.getrandbits(64))

    def samples(self, row: TableRow) -> int | None:
        """The hard computer player's sample budget (None: its own)."""
        return None

    # ------------------------------------------------------------------ the end
    keeps_result: ClassVar[bool] = True
    """The game is stored in the history with its result, and rated."""

    # ------------------------------------------------------------------ who sees it, where
    def hidden_from(self, row: TableRow, user_id: int) -> bool:
        """Whether ``user_id`` may not know the table exists."""
        return False

    def in_messages(self, row: TableRow) -> bool:
        """The table shows only in its player's ephemeral messages (no thread to show it in)."""
        return False

    may_use_channel: ClassVar[bool] = True
    """Without its thread, the table speaks in the channel it was opened in."""

    # ------------------------------------------------------------------ what people may do
    may_leave: ClassVar[bool] = True
    """A player may leave (a computer keeps the seat) and vote to abandon."""

    starter_abandons: ClassVar[bool] = True
    """The table's starter may abandon it alone (the others vote)."""

    mirrored: ClassVar[bool] = False
    """Shown in a thread of each player's own server (its mirrors), not in one place."""


class ChallengeTable(TableKind):
    """A challenge's deal (docs/challenges.md): one fixed deal from a given dealer and deck,
    whose computers draw their randomness from the deal's seed, played by one person, privately;
    its result is the challenge's."""

    name: ClassVar[str] = CHALLENGE

    def first_dealer(self, row: TableRow, rng: random.Random) -> int:
        duplicate = row.settings.duplicate
        assert duplicate is not None
        return duplicate.deal.dealer

    def deck(self, row: TableRow, game: Game, rng: random.Random) -> list[str]:
        duplicate = row.settings.duplicate
        assert duplicate is not None
        return list(duplicate.deal.deck)

    def play_over(self, row: TableRow, game: Game) -> bool:
        return game.over or bool(game.deal_results)

    def computer_rng(self, row: TableRow, rng: random.Random, version: int) -> random.Random:
        duplicate = row.settings.duplicate
        assert duplicate is not None
        return duplicate.rng(version)

    def samples(self, row: TableRow) -> int | None:
        duplicate = row.settings.duplicate
        assert duplicate is not None
        return duplicate.samples

    keeps_result: ClassVar[bool] = False

    def hidden_from(self, row: TableRow, user_id: int) -> bool:
        return row.settings.private and row.seat_of(user_id) is None

    def in_messages(self, row: TableRow) -> bool:
        return row.settings.private and row.thread_id is None

    may_use_channel: ClassVar[bool] = False
    may_leave: ClassVar[bool] = False


class OpenTable(TableKind):
    """An open table (docs/architecture.md, "Open tables"): its players come from any server
    of the instance, each sees it in a thread of their own server (its mirrors), and its game
    is rated on the instance's ladder."""

    name: ClassVar[str] = OPEN
    mirrored: ClassVar[bool] = True
    starter_abandons: ClassVar[bool] = False
    """Strangers' table: the first of the queue is nobody's host; a majority abandons it."""


ORDINARY_TABLE: Final = TableKind()
KINDS: Final[dict[str, TableKind]] = {
    kind.name: kind for kind in (ORDINARY_TABLE, ChallengeTable(), OpenTable())
}


def kind_of(settings: TableSettings) -> TableKind:
    return KINDS[settings.kind]
