"""``training/briscola.py``'s run without PyTorch: its folder refuses other settings, its
self-play writes whole shards and resumes, its data set keeps what the network values, and its
installer writes one network or the mean of several (``games.ai.nets.Ensemble``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pytest

from games.ai import duel_value as dv
from games.ai.nets import Ensemble, from_bytes, to_bytes
from training import briscola


def _args(**changed: object) -> argparse.Namespace:
    settings: dict[str, object] = {
        "seed": 3,
        "games": 4,
        "samples": 4,
        "explore": 0.05,
        "window": 2,
        "epochs": 1,
        "td_lambda": 0.7,
        "weight_decay": 1e-4,
        "lr": 1e-3,
        "shard": 2,
    }
    settings.update(changed)
    return argparse.Namespace(**settings)


def test_a_run_refuses_other_settings(tmp_path: Path) -> None:
    briscola.Run(tmp_path, _args())
    with pytest.raises(SystemExit, match="other settings"):
        briscola.Run(tmp_path, _args(games=8))


def test_self_play_writes_whole_shards_and_resumes(tmp_path: Path) -> None:
    run = briscola.Run(tmp_path, _args())
    assert briscola.generate(run, 0, float("inf"))
    shards = sorted((tmp_path / "shards").glob("gen00_*.npz"))
    assert [p.name for p in shards] == ["gen00_000.npz", "gen00_001.npz"]
    logged = [e for e in run.entries() if e["phase"] == "selfplay"]
    assert [e["shard"] for e in logged] == [0, 1] and all(e["deals"] == 2 for e in logged)
    before = shards[0].read_bytes()
    assert briscola.generate(run, 0, float("inf"))  # resumed: nothing made again
    assert shards[0].read_bytes() == before and len(run.entries()) == len(logged)
    columns = briscola.dataset(run, 0)
    assert len(columns["hand"]) > 0 and (columns["stock"] > 2).all()
    x = dv.encode_arrays(*(columns[name] for name in briscola.dv_fields()))
    assert x.shape == (len(columns["hand"]), dv.INPUTS)


def test_install_writes_one_network_or_their_mean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = briscola.Run(tmp_path / "run", _args())
    rng = np.random.default_rng(0)
    meta = {"features": dv.FEATURES, "generation": 0}
    for gen in (0, 1):
        layers = [
            (rng.standard_normal((dv.INPUTS, 8)).astype(np.float32), np.zeros(8, np.float32)),
            (rng.standard_normal((8, 4)).astype(np.float32), np.zeros(4, np.float32)),
        ]
        run.net(gen).write_bytes(to_bytes(layers, {**meta, "generation": gen}))
    target = tmp_path / "installed.npz"
    monkeypatch.setattr(briscola, "INSTALLED", target)
    briscola.install(run, [1])
    assert target.read_bytes() == run.net(1).read_bytes()
    briscola.install(run, [0, 1])
    both = from_bytes(target.read_bytes())
    assert isinstance(both, Ensemble) and both.meta["generations"] == [0, 1]
    x = np.ones((2, dv.INPUTS), dtype=np.float32)
    one, other = (from_bytes(run.net(g).read_bytes())(x) for g in (0, 1))
    assert np.allclose(both(x), (one + other) / 2, atol=1e-5)
    with pytest.raises(SystemExit, match="does not exist"):
        briscola.install(run, [5])
    assert json.loads((tmp_path / "run" / "config.json").read_text())["shard"] == 2
