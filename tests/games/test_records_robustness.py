"""Whatever a record file holds, replay answers with a result or one of its two errors.

Records come from users (exports edited by hand, files from elsewhere): a damaged one must get a
clear "malformed" or "illegal" answer, never a traceback.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import Game
from games.records import IllegalRecordAction, MalformedRecord, loads, replay
from games.registry import GAME_NAMES, new_game
from tests.games.conftest import random_action, shuffled_deck

ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    85,
    80,
    160,
    1.5,
    10**30,
    "capot",
    "generale",
    "",
    "x",
    "NT",
    "AT",
    "h",
    "S",
    "2",
    "8",
    "T",
    "A",
    "AS",
    "2c",
    "ZZ",
    [],
    ["AS"],
    ["AS", "AS"],
    {},
]
FIELDS = ["type", "card", "trump", "value", "cards", "rank", "points", "suit", "seat"]
TYPES = ["play", "pass", "take", "bid", "coinche", "surcoinche", "exchange", "call", "trump", "?"]


def _record(name: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    game: Game = new_game(name, dealer=0, seats=4 if name == "briscola" else None)
    steps = rng.randint(0, 120)
    while not game.over and steps:
        if game.awaiting_deck:
            game.deal(shuffled_deck(game, rng))
            continue
        seat = game.to_act
        assert seat is not None
        game.apply(seat, random_action(game, seat, rng))
        steps -= 1
    return game.to_record()


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(GAME_NAMES),
    seed=st.integers(0, 10_000),
    edits=st.lists(
        st.tuples(st.integers(0, 10**6), st.sampled_from(FIELDS), st.sampled_from(ODD_VALUES)),
        min_size=1,
        max_size=3,
    ),
    duplicate=st.booleans(),
)
def test_a_damaged_record_gets_an_answer_not_a_crash(
    name: str, seed: int, edits: list[tuple[int, str, Any]], duplicate: bool
) -> None:
    record = _record(name, seed)
    actions = [a for deal in record["deals"] for a in deal["actions"]]
    for where, field, value in edits:
        if not actions:
            record["deals"].append({"dealer": value, "deck": value, "actions": value})
            break
        action = actions[where % len(actions)]
        action[field] = TYPES[where % len(TYPES)] if field == "type" else value
        if duplicate:
            record["deals"][-1]["actions"].append(dict(action))
    try:
        result = replay(loads(json.dumps(record))).replay_result()
    except (MalformedRecord, IllegalRecordAction) as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert result["game"] == name
