"""A shipped belief network says which hard player it learned from (``training.player``): when
that player changes, a test names the network to train again."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from games.ai import card_belief as cb
from games.ai.belief import NETS
from games.ai.nets import from_bytes, load, to_bytes
from games.ai.normal import choose_normal
from training import player


@pytest.mark.parametrize(("game", "seats"), cb.shipped())
def test_each_shipped_belief_learned_from_todays_hard_player(game: str, seats: int) -> None:
    learned_from = load(NETS[(game, seats)]).meta.get("player")
    assert learned_from == player.fingerprint(game, seats), (
        f"the hard player changed since the {game} belief network was trained: run its "
        "self-play and training again (training/README.md), then --install it"
    )


def test_the_fingerprint_is_stable_and_moves_with_the_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    today = player.fingerprint("coinche", 4, positions=12)
    assert today == player.fingerprint("coinche", 4, positions=12)
    assert today != player.fingerprint("sueca", 4, positions=12)

    def other(view, legal, rng, *args, **kwargs):  # type: ignore[no-untyped-def]
        return choose_normal(view, legal, rng)

    monkeypatch.setattr(player, "choose_hard", other)
    assert player.fingerprint("coinche", 4, positions=12) != today


def test_install_keeps_the_weights_and_stamps_the_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(3)
    layers = [
        (rng.normal(size=(5, 4)).astype(np.float32), rng.normal(size=4).astype(np.float32)),
        (rng.normal(size=(4, 1)).astype(np.float32), rng.normal(size=1).astype(np.float32)),
    ]
    source = tmp_path / "net.npz"
    source.write_bytes(to_bytes(layers, {"game": "coinche", "seats": 4}))
    (tmp_path / "games" / "ai" / "weights").mkdir(parents=True)
    monkeypatch.setattr(player, "ROOT", tmp_path)
    monkeypatch.setattr(player, "fingerprint", lambda game, seats: f"{game}{seats}-player")
    target = player.install(source, "coinche", 4)
    assert target == tmp_path / "games" / "ai" / "weights" / "belief_coinche4.npz"
    net = from_bytes(target.read_bytes())
    assert net.meta == {"game": "coinche", "seats": 4, "player": "coinche4-player"}
    for (w, b), (w0, b0) in zip(net.layers, layers, strict=True):
        assert np.array_equal(w, w0) and np.array_equal(b, b0)
