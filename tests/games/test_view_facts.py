"""Views state the table's rules and teams, typed as the engines declare them.

Computer players get a view and nothing else, so a rule they need (Belote's duty to undertrump,
chiamata's duty to follow, Briscola's removed 2) or who plays with whom must be in it: every view
carries ``options`` (the engine's, every default filled in) and ``teams``. The ``games.views``
option types repeat the engines' ``OPTIONS`` for mypy; the last test keeps the two in step.
"""

from __future__ import annotations

import json
import random
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

from games import views
from games.registry import GAME_NAMES, game_class, new_game
from tests.games.conftest import random_action, random_options, shuffled_deck

OPTION_TYPES = {
    "belote": views.BeloteOptions,
    "coinche": views.CoincheOptions,
    "piquet": views.PiquetOptions,
    "briscola": views.BriscolaOptions,
    "sueca": views.SuecaOptions,
    "chiamata": views.ChiamataOptions,
}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_view_carries_the_tables_options_and_teams(name: str) -> None:
    rng = random.Random(f"view-facts:{name}")
    for seats in game_class(name).SEAT_COUNTS:
        options = random_options(name, rng)
        game = new_game(name, options=options, seats=seats, dealer=rng.randrange(seats))
        assert {k: game.options[k] for k in options} == options
        steps = 0
        while not game.over and steps < 60:
            if game.awaiting_deck:
                game.deal(shuffled_deck(game, rng))
                continue
            for seat in [None, *range(seats)]:
                view = game.view(seat)
                assert view["options"] == game.options
                assert set(view["options"]) == {spec.name for spec in game.OPTIONS}
                assert json.loads(json.dumps(view["options"])) == view["options"]
                assert view["teams"] == game.teams()
            seat = game.to_act
            assert seat is not None
            game.apply(seat, random_action(game, seat, rng))
            steps += 1
        view = game.public_view()
        view["options"].clear()
        view["teams"][0].clear()
        assert game.options and game.public_view()["options"] == game.options, "a view's copy"
        assert game.public_view()["teams"] == game.teams()


def _allowed(annotation: Any) -> tuple[type, tuple[Any, ...] | None]:
    """(``bool``/``int``/``str``, the literal values or ``None``) of one option's type."""
    if get_origin(annotation) is Literal:
        values = get_args(annotation)
        return type(values[0]), values
    assert annotation in (bool, int), annotation
    return annotation, None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_option_types_are_the_engines_specs(name: str) -> None:
    hints = get_type_hints(OPTION_TYPES[name])
    specs = {spec.name: spec for spec in game_class(name).OPTIONS}
    assert set(hints) == set(specs)
    for key, spec in specs.items():
        kind, values = _allowed(hints[key])
        if spec.kind == "choice":
            assert values is not None and set(values) == set(spec.choices or ()), key
            assert {type(v) for v in spec.choices or ()} == {kind}, key
        else:
            assert values is None and kind is {"bool": bool, "int": int}[spec.kind], key
    view_type = {get_args(get_type_hints(v)["game"])[0]: v for v in get_args(views.GameView)}
    assert get_type_hints(view_type[name])["options"] is OPTION_TYPES[name]
