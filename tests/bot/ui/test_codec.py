"""custom_ids ↔ actions (docs/discord.md's contract), with no state: what makes buttons survive restarts."""

from __future__ import annotations

import re

import pytest

from bot.ui.codec import (
    BUTTON_TEMPLATE,
    SELECT_TEMPLATE,
    TABLE_TEMPLATE,
    action_from_button,
    action_from_select,
    button_id,
    custom_id,
    select_value,
)
from games.actions import Action

BUTTONS = [
    (Action("play", card="JH"), "atout:play:12:34:JH"),
    (Action("pass"), "atout:pass:12:34"),
    (Action("coinche"), "atout:coinche:12:34"),
    (Action("surcoinche"), "atout:surcoinche:12:34"),
    (Action("take", trump="H"), "atout:take:12:34:H"),
    (Action("take", trump="NT"), "atout:take:12:34:NT"),
    (Action("bid", value=110, trump="S"), "atout:bid:12:34:110:S"),
    (Action("bid", value="capot", trump="AT"), "atout:bid:12:34:capot:AT"),
    (Action("exchange", cards=()), "atout:exchange:12:34:keep"),
]


@pytest.mark.parametrize(("action", "expected"), BUTTONS, ids=[b[1] for b in BUTTONS])
def test_buttons_round_trip(action: Action, expected: str) -> None:
    assert button_id(12, 34, action) == expected
    match = re.fullmatch(BUTTON_TEMPLATE, expected)
    assert match is not None and int(match["table"]) == 12 and int(match["version"]) == 34
    assert action_from_button(match["verb"], match["args"]) == action


def test_selects_round_trip() -> None:
    cid = custom_id("call", 5, 6)
    assert re.fullmatch(SELECT_TEMPLATE, cid)
    assert not re.fullmatch(BUTTON_TEMPLATE, cid)
    for action in (
        Action("call", rank="K"),
        Action("call", rank="2", points=75),
        Action("trump", suit="D"),
    ):
        assert action_from_select(action.type, [select_value(action)]) == action
    assert action_from_select("exchange", ["7S", "8h"]) == Action("exchange", cards=("7S", "8H"))


def test_templates_do_not_overlap() -> None:
    samples = [
        "atout:join:3",
        "atout:addbot:3:hard",
        "atout:hand:3",
        "atout:play:3:4:AS",
        "atout:exchange:3:4",
    ]
    for sample in samples:
        matches = [
            t for t in (BUTTON_TEMPLATE, SELECT_TEMPLATE, TABLE_TEMPLATE) if re.fullmatch(t, sample)
        ]
        assert len(matches) == 1, sample


@pytest.mark.parametrize(
    ("verb", "args"), [("play", "XX"), ("play", None), ("bid", "95"), ("take", "H:S")]
)
def test_malformed_buttons_are_refused(verb: str, args: str | None) -> None:
    with pytest.raises(ValueError):
        action_from_button(verb, args)
