"""Table kinds: one seam where an ordinary table, a challenge's deal and an open table differ
(``bot.play.kinds``); each kind overrides only what differs from the ordinary table."""

from __future__ import annotations

import random

from bot.play.kinds import ORDINARY_TABLE, ChallengeTable, OpenTable, TableKind, kind_of
from bot.storage.tables.interface import Seat, TableRow
from bot.storage.tables.settings import Duplicate, TableSettings
from games.duplicate import FixedDeal
from games.registry import game_class


def _row(settings: TableSettings) -> TableRow:
    return TableRow(1, 10, 20, "briscola", 2, 30, settings=settings, seat_list=[Seat(0, 30)])


def test_settings_say_the_kind_and_the_kind_says_the_rest() -> None:
    deck = tuple(game_class("briscola")(options={}, seats=2, dealer=0).full_deck())
    duplicate = Duplicate(FixedDeal(1, deck), "seed", 7)
    ordinary = TableSettings()
    challenge = TableSettings(duplicate=duplicate, private=True)
    opened = TableSettings(open=True)
    assert kind_of(ordinary) is ORDINARY_TABLE
    assert isinstance(kind_of(challenge), ChallengeTable)
    assert isinstance(kind_of(opened), OpenTable)
    assert TableSettings.from_json(opened.to_json()).kind == "open"

    game = game_class("briscola")(options={}, seats=2, dealer=0)
    rng = random.Random(1)
    row = _row(challenge)
    assert kind_of(challenge).deck(row, game, rng) == list(deck)
    assert kind_of(challenge).first_dealer(row, rng) == 1
    assert kind_of(challenge).samples(row) == 7
    assert kind_of(challenge).hidden_from(row, 99) and not kind_of(challenge).hidden_from(row, 30)
    assert not kind_of(challenge).keeps_result and not kind_of(challenge).may_leave
    shuffled = ORDINARY_TABLE.deck(_row(ordinary), game, rng)
    assert sorted(shuffled) == sorted(deck) and ORDINARY_TABLE.samples(_row(ordinary)) is None


def test_a_kind_overrides_only_what_differs() -> None:
    """python-chess's manner: a kind answers the ordinary table's questions its own way where
    it differs, and asks none of its own (every question is the base class's)."""
    questions = {name for name in vars(TableKind) if not name.startswith("__")}
    for kind in (ChallengeTable, OpenTable):
        own = {name for name in vars(kind) if not name.startswith("__")}
        assert "name" in own and own <= questions, own - questions
