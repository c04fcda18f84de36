"""Self-play records (``training.selfplay``): each is a valid deal, played by the player asked."""

from __future__ import annotations

import math
import random
import time
from pathlib import Path

import pytest

from games.records import parse, replay
from training import selfplay
from training.runs import Run
from training.selfplay import play_deal


@pytest.mark.parametrize("player", ["hard", "normal"])
def test_a_self_play_deal_replays_to_its_end(player: str) -> None:
    record = play_deal("sueca", 4, random.Random(7), samples=4, player=player)
    game = replay(parse(record))
    assert game.awaiting_deck or game.over
    assert len(record["deals"][0]["actions"]) == 40


def test_the_player_asked_plays_every_seat() -> None:
    hard = play_deal("sueca", 4, random.Random(7), samples=4, player="hard")
    normal = play_deal("sueca", 4, random.Random(7), samples=4, player="normal")
    assert hard["deals"][0]["deck"] == normal["deals"][0]["deck"]
    assert hard["deals"][0]["actions"] != normal["deals"][0]["actions"]


def test_the_self_play_grows_to_the_deals_asked_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(selfplay, "SHARD", 1)
    monkeypatch.setattr(selfplay, "SAMPLES", 2)
    late = time.monotonic() - 1
    assert not selfplay.play_until(tmp_path, "sueca", 4, 2, 1, late)
    assert not list((tmp_path / "shards").iterdir())
    assert selfplay.play_until(tmp_path, "sueca", 4, 2, 2, math.inf)
    shards = selfplay.numbered_shards(tmp_path, "sueca", 4)
    assert [k for k, _ in shards] == [0, 1]
    first = (tmp_path / "shards" / "sueca4_000.jsonl.gz").stat().st_mtime_ns
    assert selfplay.play_until(tmp_path, "sueca", 4, 2, 1, late)  # nothing left to play
    assert (tmp_path / "shards" / "sueca4_000.jsonl.gz").stat().st_mtime_ns == first


def test_a_self_play_run_of_other_settings_is_refused(tmp_path: Path) -> None:
    Run(tmp_path, {"seed": 2, "player": "hard", "samples": 16}, ("shards",))
    with pytest.raises(SystemExit):
        selfplay.play_until(tmp_path, "sueca", 4, 1, 1, math.inf)
