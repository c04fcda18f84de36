"""The computer players choose what they chose before, on a few hundred fixed positions.

The players are deterministic for a seed and a sample budget, so a refactoring of ``games.ai``
that means to keep their play can prove it: every level's choice on 360 positions (every game and
seat count, the default rules and random house rules, auctions and card play, from random legal
play) is compared with the choices in ``tests/data/ai_choices.json``. Those were recorded by the
code named in the file's ``recorded_by``. A change that means to alter the play records them again::

    PYTHONPATH=$PWD python3 -m tests.games.ai.test_choices_unchanged "what changed"

and its commit says why the choices moved (and how much: the command prints how many did).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.ai import LEVELS, choose
from games.base import Game
from games.registry import GAME_NAMES, game_class, new_game
from tests.games.conftest import random_action, random_options, shuffled_deck

DATA = Path(__file__).resolve().parents[2] / "data" / "ai_choices.json"
PER_CONFIG = 20
HARD_SAMPLES = 6
VARIANTS = ("default", "house")
CONFIGS = [
    f"{name}-{seats}-{variant}"
    for name in GAME_NAMES
    for seats in game_class(name).SEAT_COUNTS
    for variant in VARIANTS
]


def positions(config: str) -> Iterator[tuple[Game, int]]:
    """``PER_CONFIG`` positions of one game, seat count and rule set, each a decision with a
    choice to make (or Piquet's exchange), reached by random legal play from seeded deals. The
    game is the live one: use it before asking for the next position."""
    name, seats_text, variant = config.split("-")
    seats = int(seats_text)
    rng = random.Random(f"positions:{config}")
    found = 0
    while True:
        options = random_options(name, rng) if variant == "house" else {}
        game = new_game(name, options=options, seats=seats, dealer=rng.randrange(seats))
        game.deal(shuffled_deck(game, rng))
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            # Bids are rarer than cards: they are picked more often.
            often = 0.15 if game.phase == "play" else 0.6
            if (len(legal) > 1 or legal[0].type == "exchange") and rng.random() < often:
                yield game, seat
                found += 1
                if found == PER_CONFIG:
                    return
            game.apply(seat, random_action(game, seat, rng))


def choices(config: str) -> list[list[dict[str, Any]]]:
    """Each level's action (JSON) at each position of ``config``, levels in ``LEVELS`` order."""
    out = []
    for index, (game, seat) in enumerate(positions(config)):
        legal = game.legal_actions(seat)
        row = []
        for level in LEVELS:
            rng = random.Random(f"choose:{config}:{index}:{level}")
            action = choose(game.view(seat), legal, level, rng, samples=HARD_SAMPLES)
            row.append(action.to_json())
        out.append(row)
    return out


@pytest.mark.parametrize("config", CONFIGS)
def test_every_level_chooses_as_recorded(config: str) -> None:
    recorded = json.loads(DATA.read_text())["choices"][config]
    now = choices(config)
    moved = [
        (index, level, before, after)
        for index, (row_before, row_now) in enumerate(zip(recorded, now, strict=True))
        for level, before, after in zip(LEVELS, row_before, row_now, strict=True)
        if before != after
    ]
    assert not moved, f"{len(moved)} choices moved in {config}; first: {moved[:3]}"


def _record(reason: str) -> None:
    old = json.loads(DATA.read_text())["choices"] if DATA.exists() else {}
    new = {config: choices(config) for config in CONFIGS}
    total = sum(len(rows) * len(LEVELS) for rows in new.values())
    moved = sum(
        a != b
        for config, rows in new.items()
        for row_new, row_old in zip(rows, old.get(config, []), strict=False)
        for a, b in zip(row_new, row_old, strict=True)
    )
    DATA.write_text(
        json.dumps({"recorded_by": reason, "choices": new}, separators=(",", ":"), sort_keys=True)
        + "\n"
    )
    print(f"{total} choices recorded in {DATA}; {moved} differ from the previous record")


if __name__ == "__main__":
    _record(" ".join(sys.argv[1:]) or "unnamed")
