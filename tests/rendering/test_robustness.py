"""A game's image never fails: views with missing keys or values of unexpected types still render
(an engine may add or change keys while the renderer is not yet updated)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.registry import GAME_NAMES
from rendering import render_deal_summary, render_hand, render_last_trick, render_table
from rendering.demo import DEMO_NAMES, random_position

VIEWS = {name: random_position(name, 31).game for name in GAME_NAMES}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(GAME_NAMES),
    st.lists(st.tuples(st.integers(0, 60), json_values), max_size=4),
    st.booleans(),
)
def test_mangled_views_still_render(name: str, changes: list[tuple[int, Any]], drop: bool) -> None:
    game = VIEWS[name]
    view = game.view(0)
    keys = sorted(view)
    for index, value in changes:
        key = keys[index % len(keys)]
        if key in ("game", "seats"):
            continue
        if drop:
            view.pop(key, None)
        else:
            view[key] = value
    names = DEMO_NAMES[: game.seats]
    render_table(view, names, bots=[True] * game.seats)
    render_hand(view, ["AS", "7H"])
    render_last_trick(view, names)
    render_deal_summary(view, names, {"scores": [1, 2], "trick_points": None})
