"""Actions ↔ custom_ids (docs/discord.md's contract): ``atout:<verb>:<table>:<version>[:values]``.

``<version>`` is the game's action count when the hand was drawn, so a click on an old hand is
recognised and refused. ``action_from_button`` / ``action_from_select`` turn a click back into an
``Action`` without any state, which is what lets the buttons work after a restart.
"""

from __future__ import annotations

from typing import Any

from games.actions import Action

BUTTON_TEMPLATE = (
    # An exchange with values is a button (Piquet's "keep my hand"); without, the discard select.
    r"atout:(?!exchange:[0-9]+:[0-9]+$)(?P<verb>play|bid|pass|coinche|surcoinche|take|exchange)"
    r":(?P<table>[0-9]+):(?P<version>[0-9]+)(?::(?P<args>[A-Za-z0-9:]+))?"
)
KEEP_HAND = "keep"
SELECT_TEMPLATE = (
    # A long list of calls is spread over several selects: ``:<n>`` tells them apart.
    r"atout:(?P<verb>exchange|call|trump):(?P<table>[0-9]+):(?P<version>[0-9]+)(?::[0-9]+)?"
)
TABLE_TEMPLATE = (
    r"atout:(?P<verb>join|leave|addbot|rmbot|start|hand|last|house|rejoin|rated)"
    r":(?P<table>[0-9]+)"
    r"(?::(?P<arg>[a-z]+))?"
)
RULE_TEMPLATE = r"atout:rule:(?P<table>[0-9]+)(?::(?P<key>[a-z0-9_]+))?"


def custom_id(verb: str, table_id: int, version: int, *values: object) -> str:
    return ":".join(["atout", verb, str(table_id), str(version), *(str(v) for v in values)])


def button_id(table_id: int, version: int, action: Action) -> str:
    """The custom_id of the button that takes ``action``."""
    if action.type == "play":
        return custom_id("play", table_id, version, action.card)
    if action.type in ("pass", "coinche", "surcoinche"):
        return custom_id(action.type, table_id, version)
    if action.type == "take":
        return custom_id("take", table_id, version, action.trump)
    if action.type == "bid":
        return custom_id("bid", table_id, version, action.value, action.trump)
    if action.type == "exchange" and action.cards == ():
        return custom_id("exchange", table_id, version, KEEP_HAND)
    raise ValueError(f"no button for {action}")


def action_from_button(verb: str, args: str | None) -> Action:
    """Inverse of ``button_id``; ``ValueError`` for a custom_id that no hand ever shows."""
    parts = args.split(":") if args else []
    if verb == "play" and len(parts) == 1:
        return Action.from_json({"type": "play", "card": parts[0]})
    if verb in ("pass", "coinche", "surcoinche") and not parts:
        return Action.from_json({"type": verb})
    if verb == "take" and len(parts) == 1:
        return Action.from_json({"type": "take", "trump": parts[0]})
    if verb == "exchange" and parts == [KEEP_HAND]:
        return Action.from_json({"type": "exchange", "cards": []})
    if verb == "bid" and len(parts) == 2:
        value: int | str = int(parts[0]) if parts[0].isdigit() else parts[0]
        return Action.from_json({"type": "bid", "value": value, "trump": parts[1]})
    raise ValueError(f"malformed {verb} button")


def select_value(action: Action) -> str:
    """The option value of ``action`` in its select (call and trump selects)."""
    if action.type == "call":
        assert action.rank is not None
        return action.rank if action.points is None else f"{action.rank}:{action.points}"
    if action.type == "trump":
        assert action.suit is not None
        return action.suit
    raise ValueError(f"no select value for {action}")


def action_from_select(verb: str, values: list[str]) -> Action:
    if verb == "exchange":
        return Action.from_json({"type": "exchange", "cards": list(values)})
    if len(values) != 1:
        raise ValueError(f"{verb} takes one value")
    value = values[0]
    if verb == "call":
        rank, _, points = value.partition(":")
        obj: dict[str, Any] = {"type": "call", "rank": rank}
        if points:
            obj["points"] = int(points)
        return Action.from_json(obj)
    if verb == "trump":
        return Action.from_json({"type": "trump", "suit": value})
    raise ValueError(f"malformed {verb} select")
